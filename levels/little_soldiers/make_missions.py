"""Write one battlefield per Mission Book set-up into levels/little_soldiers/.

Run from the repository root::

    python levels/little_soldiers/make_missions.py

Each battlefield is built through ``Battlefield.from_dict(...).to_dict()``,
so the geometry engine checks it (shapes, stacking, ids) before it is
written. The books show the set-ups as pictures without measures; the
layouts here follow them in spirit on the Bootcamp's 120 x 80 cm table:

- King of the Hill: a wide flat piece (Level 1) in the middle with a smaller
  one stacked on it (Level 2) and the Flag on top; cover around; four
  Deployment tokens (green near y = 0, yellow across), four Crates for the
  optional Advanced Tactics, a few Object tokens for the optional Objects.
- Battle Royale: scattered scenery, the 3 Supplies tokens, one Level stack
  and Object tokens for the optional modules (no Deployment tokens: players
  parachute in with the catapult).
- A New Threat: 2 Deployment tokens on the players' side behind two tall
  boxes; three pieces of cover, each with its Force Field Switch (1-3) adjacent; the box bottom's
  three Targets (Pinky, Howdy, Bob) beyond the far edge, at the height of
  the picture on the box.
- Another New Threat: four pieces of cover with Switches 1-4; Octocutie's
  Head and two Tentacles as Targets.

Tokens carry what the rules need: ``number`` and ``colour`` (Deployment),
``colour`` (Crate, the side up), ``number`` and ``scenery`` (Force Field
Switch: the pieces a Threat Action of that number removes), ``threat`` and
``z`` (Threat Target, centre height in cm).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.geometry.battlefield import Battlefield

ZONE = [[0, 0], [120, 0], [120, 80], [0, 80]]


def box(ident: str, x: float, y: float, w: float, d: float, h: float, z: float = 0.0, level: int | None = None,
        rotation: float = 0.0, kind: str | None = None, **kit: object) -> dict:
    """A box-shaped piece; with ``kind`` the household kit piece of that size
    (engine.geometry.household: a book, a cereal box ... measured as this very box)."""
    shape: dict = {"kind": kind, "size": [w, d, h], **kit} if kind else {"box": [w, d, h]}
    return {"id": ident, "shape": shape, "at": [x, y, z], "rotation": rotation, "level": level, "object": None}


def cylinder(ident: str, x: float, y: float, r: float, h: float, kind: str | None = None, **kit: object) -> dict:
    """An upright round piece; with ``kind`` a kit tin can (this very cylinder)
    or a mug (this cylinder and a handle on the +x side)."""
    if kind == "mug":
        shape: dict = {"kind": kind, "size": [2 * r + 2.6, 2 * r, h], **kit}
    elif kind:
        shape = {"kind": kind, "size": [2 * r, 2 * r, h], **kit}
    else:
        shape = {"cylinder": [r, h]}
    return {"id": ident, "shape": shape, "at": [x, y, 0], "rotation": 0.0, "level": None, "object": None}


def deployment(number: int, x: float, y: float, colour: str) -> dict:
    return {"kind": "deployment", "at": [x, y], "number": number, "colour": colour}


def king_of_the_hill() -> dict:
    return {
        "format": 1,
        "name": "King of the Hill",
        "play_zone": ZONE,
        "scenery": [
            box("hill-base", 60, 40, 30, 24, 6, level=1, kind="book_stack", count=2, seed=4),
            box("hill-top", 60, 40, 14, 12, 5, z=6, level=2, kind="book", colour="teal", seed=6),
            box("cereal-box", 25, 40, 7, 19, 27, kind="cereal_box", colour="yellow"),
            box("cookbook", 95, 40, 4, 20, 24, kind="book", colour="maroon", seed=7),
            cylinder("mug", 45, 15, 4.2, 9.5, kind="mug", colour="blue"),
            cylinder("soda-can", 75, 65, 3.3, 12, kind="tin_can", colour="red"),
        ],
        "zones": [{"kind": "hatched", "side": "hill", "polygon": [[42, 25], [78, 25], [78, 55], [42, 55]]}],
        "tokens": [
            deployment(1, 10, 70, "yellow"), deployment(2, 10, 10, "green"),
            deployment(3, 110, 10, "green"), deployment(4, 110, 70, "yellow"),
            {"kind": "flag", "at": [60, 40], "on": "hill-top"},
            {"kind": "crate", "at": [35, 20], "colour": "green"}, {"kind": "crate", "at": [85, 60], "colour": "green"},
            {"kind": "crate", "at": [85, 20], "colour": "yellow"}, {"kind": "crate", "at": [35, 60], "colour": "yellow"},
            {"kind": "object", "object": "radar", "at": [60, 8], "id": "radar"},
            {"kind": "object", "object": "teleporter", "at": [8, 40], "id": "teleporter-1"},
            {"kind": "object", "object": "teleporter", "at": [112, 40], "id": "teleporter-2"},
        ],
    }


def battle_royale() -> dict:
    return {
        "format": 1,
        "name": "Battle Royale",
        "play_zone": ZONE,
        "scenery": [
            box("cereal-box", 30, 25, 19, 7, 27, rotation=20, kind="cereal_box", colour="blue", seed=1),
            box("cookbook", 90, 55, 20, 4, 24, rotation=-15, kind="book", colour="green", seed=3),
            box("game-box-bottom", 60, 40, 20, 20, 7, level=1, kind="shoebox", colour="navy"),
            box("game-box-lid", 60, 40, 10, 10, 6, z=7, level=2, kind="book_stack", count=3, seed=5),
            cylinder("mug", 95, 18, 4.2, 9.5, kind="mug", colour="yellow"),
            cylinder("soda-can", 25, 62, 3.3, 12, kind="tin_can", colour="green", seed=2),
            box("tissue-box", 60, 12, 12, 6, 10, kind="cereal_box", colour="pink", seed=2),
            box("juice-carton", 60, 68, 7, 7, 20, kind="cereal_box", colour="orange", seed=3),
        ],
        "zones": [],
        "tokens": [
            {"kind": "supplies", "at": [40, 45]}, {"kind": "supplies", "at": [80, 35]},
            {"kind": "supplies", "at": [60, 25]},
            {"kind": "object", "object": "radar", "at": [15, 15], "id": "radar"},
            {"kind": "object", "object": "teleporter", "at": [105, 70], "id": "teleporter-1"},
            {"kind": "object", "object": "teleporter", "at": [15, 72], "id": "teleporter-2"},
        ],
    }


THREAT_ROW_Y = 83.0
"""The box bottom stands just past the far edge of the Play Zone, its toys facing it."""


def a_new_threat() -> dict:
    return {
        "format": 1,
        "name": "A New Threat",
        "play_zone": ZONE,
        "scenery": [
            box("cover-1", 30, 40, 16, 5, 14, kind="book", colour="navy", seed=1),
            box("cover-2", 60, 52, 16, 5, 14, kind="book", colour="red", seed=2),
            box("cover-3", 90, 40, 16, 5, 14, kind="book", colour="green", seed=3),
            cylinder("mug", 49, 28, 4.2, 9.5, kind="mug", colour="red"),
            cylinder("soda-can", 74, 27, 3.3, 12, kind="tin_can", colour="orange", seed=1),
            box("cereal-box-west", 35, 18, 19, 7, 27, kind="cereal_box", colour="yellow"),
            box("cereal-box-east", 85, 18, 19, 7, 27, kind="cereal_box", colour="red", seed=1),
        ],
        "zones": [{"kind": "threats", "polygon": [[20, 80], [100, 80], [100, 86], [20, 86]]}],
        "tokens": [
            deployment(1, 35, 8, "green"), deployment(2, 85, 8, "yellow"),
            {"kind": "force_field_switch", "at": [30, 35], "number": 1, "scenery": ["cover-1"]},
            {"kind": "force_field_switch", "at": [60, 47], "number": 2, "scenery": ["cover-2"]},
            {"kind": "force_field_switch", "at": [90, 35], "number": 3, "scenery": ["cover-3"]},
            {"kind": "threat_target", "at": [35, THREAT_ROW_Y], "threat": "pinky", "z": 10.0},
            {"kind": "threat_target", "at": [60, THREAT_ROW_Y], "threat": "howdy", "z": 12.0},
            {"kind": "threat_target", "at": [85, THREAT_ROW_Y], "threat": "bob", "z": 10.0},
        ],
    }


def another_new_threat() -> dict:
    return {
        "format": 1,
        "name": "Another New Threat",
        "play_zone": ZONE,
        "scenery": [
            box("cover-1", 25, 42, 14, 5, 14, kind="book", colour="purple", seed=4),
            box("cover-2", 50, 55, 14, 5, 14, kind="book", colour="teal", seed=5),
            box("cover-3", 95, 42, 14, 5, 14, kind="book", colour="orange", seed=6),
            box("cover-4", 70, 55, 14, 5, 14, kind="book", colour="maroon", seed=7),
            cylinder("mug", 60, 25, 4.2, 9.5, kind="mug", colour="green"),
            box("cereal-box-west", 35, 18, 19, 7, 27, kind="cereal_box", colour="yellow"),
            box("cereal-box-east", 85, 18, 19, 7, 27, kind="cereal_box", colour="red", seed=1),
        ],
        "zones": [{"kind": "threats", "polygon": [[20, 80], [100, 80], [100, 86], [20, 86]]}],
        "tokens": [
            deployment(1, 35, 8, "green"), deployment(2, 85, 8, "yellow"),
            {"kind": "force_field_switch", "at": [25, 37], "number": 1, "scenery": ["cover-1"]},
            {"kind": "force_field_switch", "at": [50, 50], "number": 2, "scenery": ["cover-2"]},
            {"kind": "force_field_switch", "at": [95, 37], "number": 3, "scenery": ["cover-3"]},
            {"kind": "force_field_switch", "at": [70, 50], "number": 4, "scenery": ["cover-4"]},
            {"kind": "threat_target", "at": [35, THREAT_ROW_Y], "threat": "octocutie-tentacle-1", "z": 6.0},
            {"kind": "threat_target", "at": [60, THREAT_ROW_Y], "threat": "octocutie-head", "z": 16.0},
            {"kind": "threat_target", "at": [85, THREAT_ROW_Y], "threat": "octocutie-tentacle-3", "z": 6.0},
        ],
    }


BATTLEFIELDS = {
    "king-of-the-hill.json": king_of_the_hill,
    "battle-royale.json": battle_royale,
    "a-new-threat.json": a_new_threat,
    "another-new-threat.json": another_new_threat,
}


def main() -> int:
    """Save each layout through the level editor's document: the editor's own
    checks (engine.little_soldiers.table.validation) refuse a bad layout, the save is atomic."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from app.editor.battlefield_tools import battlefield_problems
    from app.editor.document import LevelDocument

    out = Path(__file__).resolve().parent
    for name, make in BATTLEFIELDS.items():
        checked = Battlefield.from_dict(make()).to_dict()  # refuses a bad layout with the field's path
        LevelDocument(checked, battlefield_problems).save(out / name)
        print(f"wrote {out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
