"""Build the editor's battlefields with the level editor's own tools and save them.

Run from the repository root::

    python levels/little_soldiers/make_levels.py [--check]

Every piece is added with ``app.editor.battlefield_tools`` on a
``LevelDocument``, exactly as the editor window does, and saved through the
document, so a file is written only when the engine finds nothing wrong with
it (``engine.little_soldiers.table.validation``). ``--check`` builds them in memory and
reports differences from the files on disk without writing.

The layouts follow the set-up pages: one or more pieces taller than the
figurines in each hatched zone, small things elsewhere, Deployment tokens 1-4
numbered side up. Each table is point-symmetric about its centre (a half turn
carries one player's half onto the other's), so the balance view reads even.

``bootcamp.json`` (the games' default battlefield, which seeded tests play
on) is kept as it is and only checked here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from app.editor import battlefield_tools as bt
from app.editor.document import LevelDocument

OUT = ROOT / "levels" / "little_soldiers"
W, D = 120.0, 80.0


def mirror(x: float, y: float) -> tuple[float, float]:
    """The point a half turn about the table's centre carries (x, y) onto."""
    return (W - x, D - y)


def _doc(name: str) -> LevelDocument:
    return LevelDocument(bt.new_battlefield(name, W, D), bt.battlefield_problems)


def _common(doc: LevelDocument) -> None:
    """Hatched zones and Deployment tokens shared by the three tables."""
    green = [(14.0, 12.0), (50.0, 12.0), (50.0, 42.0), (14.0, 42.0)]
    doc.apply(bt.add_hatched_zone(doc.data, "green", green))
    doc.apply(bt.add_hatched_zone(doc.data, "yellow", [mirror(x, y) for x, y in green]))
    for number, at in ((1, (8.0, 70.0)), (2, (8.0, 10.0)), (3, mirror(8.0, 10.0)), (4, mirror(8.0, 70.0))):
        doc.apply(bt.place_deployment(doc.data, number, at))


def _pair(doc: LevelDocument, add: Callable[[str, tuple[float, float, float], float], object],
          stem: str, at: tuple[float, float], rotation: float = 0.0) -> tuple[str, str]:
    """Add a piece at ``at`` and its twin at the mirrored point, turned half a turn."""
    a = f"{stem}-west"
    b = f"{stem}-east"
    add(a, (at[0], at[1], 0.0), rotation)
    add(b, (*mirror(*at), 0.0), (rotation + 180.0) % 360.0)
    return a, b


def bootcamp_box() -> LevelDocument:
    """The Bootcamp with what every player has: "If you don't have much to work
    with, start by using the two halves of the game box." One half in each
    hatched zone, a few things smaller than the figurines elsewhere."""
    doc = _doc("Bootcamp: the two box halves")
    _common(doc)
    e, _ = bt.add_kit(doc.data, "shoebox", (32.0, 27.0, 0.0), 12.0, "game-box-bottom", (26.0, 26.0, 7.0), colour="navy")
    doc.apply(e)
    e, _ = bt.add_kit(doc.data, "shoebox", (*mirror(32.0, 27.0), 0.0), 192.0, "game-box-lid", (26.6, 26.6, 7.2),
                      colour="navy", seed=1)
    doc.apply(e)
    small = [("car-keys", (6.0, 3.0, 1.0), (62.0, 18.0), 30.0, 2), ("eraser", (5.0, 2.5, 1.5), (22.0, 56.0), 70.0, 5)]
    for stem, size, at, rot, seed in small:  # dominoes lying flat, the size of the things they stand for
        _pair(doc, lambda pid, p, r, s=size, k=seed: doc.apply(bt.add_kit(doc.data, "domino", p, r, pid, s, seed=k)[0]),
              stem, at, rot)
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "tin_can", p, 0.0, pid, (5.0, 5.0, 3.0),
                                                      colour="teal", seed=3)[0]), "tape-roll", (84.0, 30.0))
    return doc


def levels() -> LevelDocument:
    """The Levels module: "the scenery elements in the hatched zones should have
    flat tops, and be large enough for several figurines to stand on them ...
    Place 1 Level 1 token on a scenery element in each of the hatched zones";
    each shoebox also carries a book stack with a Level 2 token ("Level 2 on
    top of Level 1")."""
    doc = _doc("Levels: shoeboxes and book stacks")
    _common(doc)
    shoe = _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "shoebox", p, r, pid, (26.0, 16.0, 10.0),
                                                             colour="orange" if r == 0 else "blue")[0]),
                 "shoebox", (30.0, 26.0))
    books = _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "book_stack", p, r, pid, (12.0, 9.0, 5.0),
                                                              count=3, seed=1 if r == 0 else 2)[0]),
                  "book-stack", (30.0, 26.0))
    for low, high in zip(shoe, books, strict=True):
        doc.apply(bt.stack(doc.data, high, low))
        doc.apply(bt.move(doc.data, high, _offset(doc, high, low)))
        doc.apply(bt.set_level(doc.data, low, 1))
        doc.apply(bt.set_level(doc.data, high, 2))
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "cereal_box", p, r, pid, (7.0, 19.0, 27.0),
                                                      colour="yellow" if r == 0 else "red", seed=0 if r == 0 else 1)[0]),
          "cereal-box", (58.0, 54.0), 0.0)
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "mug", p, r, pid, (11.0, 8.4, 9.5),
                                                      colour="red" if r == 0 else "blue")[0]), "mug", (84.0, 18.0))
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "domino", p, r, pid, (6.0, 3.0, 1.0), seed=4)[0]),
          "car-keys", (20.0, 60.0), 25.0)
    return doc


def _offset(doc: LevelDocument, high: str, low: str) -> tuple[float, float]:
    """Push the book stack towards the back of the shoebox so its front is
    free for figurines to climb onto."""
    at = doc.data["scenery"][bt.piece_index(doc.data, low)]["at"]
    back = 3.0 if at[1] < D / 2 else -3.0
    return (at[0], at[1] + back)


def objects() -> LevelDocument:
    """The Objects module with the book's first-game advice, "using only these
    3 tokens": three Teleporters (a soda can, a phone, and a token on the
    table), plus a Marshmallow and a Switch for the second game."""
    doc = _doc("Objects: teleporters and a marshmallow")
    _common(doc)
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "cereal_box", p, r, pid, (20.0, 7.0, 26.0),
                                                      colour="orange" if r == 20.0 else "purple", seed=2 if r == 20.0 else 3)[0]),
          "cereal-box", (26.0, 30.0), 20.0)
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "tin_can", p, 0.0, pid, (6.6, 6.6, 12.0),
                                                      colour="green", seed=2)[0]), "soda-can", (42.0, 18.0))
    doc.apply(bt.set_object(doc.data, "soda-can-west", "teleporter"))
    doc.apply(bt.set_object(doc.data, "soda-can-east", "teleporter"))
    e, _ = bt.add_kit(doc.data, "book", (60.0, 66.0, 0.0), 90.0, "phone", (7.0, 14.0, 1.0), colour="black", seed=3)
    doc.apply(e)
    doc.apply(bt.set_object(doc.data, "phone", "marshmallow"))
    doc.apply(bt.add_token(doc.data, "object", (60.0, 40.0), object="teleporter"))
    e, _ = bt.add_kit(doc.data, "tin_can", (60.0, 14.0, 0.0), 0.0, "candle", (5.0, 5.0, 14.0), colour="white", seed=1)
    doc.apply(e)
    doc.apply(bt.set_object(doc.data, "candle", "switch"))
    _pair(doc, lambda pid, p, r: doc.apply(bt.add_kit(doc.data, "tin_can", p, 0.0, pid, (5.0, 5.0, 3.0),
                                                      colour="teal", seed=3)[0]), "tape-roll", (24.0, 58.0))
    return doc


BUILDERS: dict[str, Callable[[], LevelDocument]] = {
    "bootcamp-box": bootcamp_box,
    "levels": levels,
    "objects": objects,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the files on disk, write nothing")
    args = ap.parse_args(argv)
    status = 0
    for stem, build in BUILDERS.items():
        doc = build()
        path = OUT / f"{stem}.json"
        if args.check:
            same = path.is_file() and json.loads(path.read_text()) == doc.data
            print(f"{path.relative_to(ROOT)}: {'up to date' if same else 'DIFFERS'}")
            status |= 0 if same else 1
            continue
        doc.save(path)  # refused, with the list, if the engine finds a problem
        print(f"wrote {path.relative_to(ROOT)}")
    problems = bt.battlefield_problems(json.loads((OUT / "bootcamp.json").read_text()))
    print("levels/little_soldiers/bootcamp.json: " + ("clean" if not problems else "; ".join(problems)))
    return status | (1 if problems else 0)


if __name__ == "__main__":
    sys.exit(main())
