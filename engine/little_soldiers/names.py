"""Little Soldiers' pieces as a player reads them.

The engine's sentences name soldiers and scenery by id ("green-infantry
deploys", "cover-2 is put back"), which keeps the log exact for tests and
records. Wherever a player reads them (the app's log, messages and buttons,
``toybox replay``) they pass through ``log_namer``: soldiers by the name on
their card ("Green Infantry 2"), scenery and die faces as words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import PureWindowsPath
from typing import Any

from engine.little_soldiers.rules_data import ATTACK_DIE_FACES, SNIPER_DIE_FACES

ORDER_WORDS = {"attack": "Attack", "move": "Move", "special": "Special Action"}
"""An Order's kind in the log as the rulebook names it (the log said 'an Order: special')."""


def soldier_name(ident: str) -> str:
    """A soldier as printed on its card: "green-infantry-2" -> "Green Infantry 2"."""
    return " ".join(part.capitalize() for part in ident.split("-"))


def piece_words(ident: str) -> str:
    """A scenery id as words: "shoebox-west" -> "shoebox west"."""
    return ident.replace("-", " ").replace("_", " ")


KIND_WORDS = {"book_stack": "stack of books", "blocks": "toy blocks", "ball": "beach ball", "plush": "teddy"}
"""A household kit piece's kind as a player calls it (the others read as their name: "tin_can" -> "tin can")."""

SHAPE_WORDS = {"Box": "block", "Cylinder": "tube", "Prism": "block"}
"""A plain solid's shape as a player calls it (battlefields written before the household kit)."""


def kind_name(piece: Any) -> str:
    """What a scenery piece is, in words: the household kit's kind ("stack of
    books"), a mesh's file name ("cookbook"), or its plain shape ("block")."""
    shape = getattr(piece, "shape", None)
    kind = getattr(shape, "kind", None)
    if kind is not None:
        value = str(getattr(kind, "value", kind))
        return KIND_WORDS.get(value, value.replace("_", " "))
    path = getattr(shape, "path", None)
    if path:
        return piece_words(PureWindowsPath(str(path)).stem)  # either separator: a file written anywhere
    return SHAPE_WORDS.get(type(shape).__name__, "scenery")


def piece_name(piece: Any) -> str:
    """A scenery piece as a player finds it on the table, the one name the
    log, the messages and the tooltips all use: its id as words, with what it
    looks like when the id is a bare number ("cover-3" is the green book:
    "cover 3 (green book)"). An Object's piece keeps its id's words (the
    Object's own name goes with it where it is offered)."""
    words = piece_words(piece.id)
    if getattr(piece, "object", None) or getattr(piece, "shape", None) is None:
        return words
    what = kind_name(piece)
    if not words.split()[-1].isdigit() or what.split()[-1].rstrip("s") in words:
        return words  # "cereal box west", "car keys": the id says what it is
    colour = str(getattr(piece.shape, "colour", "") or "")
    return f"{words} ({colour} {what})" if colour else f"{words} ({what})"


BESIDE_CM = 12.0
"""A spot this close to a scenery piece (cm from its footprint) is said to be beside it (chosen)."""

_SPOT = re.compile(r"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
"""A table point as the engine's log writes it: "(118.8, 69.4)"."""


def spot_words(bf: Any, x: float, y: float, names: Mapping[str, str] | None = None) -> str:
    """A table point as a player finds it ("a spot beside the mug", "a spot in
    the open, far left"): the log's "(118.8, 69.4)" is a number printed nowhere
    on the table. On a Level's top, that piece; near scenery, the nearest piece;
    else where on the table, left to right and near to far as the first player
    sees it."""
    from shapely.geometry import Point

    names = names or {}
    at = Point(x, y)
    best: tuple[float, str] | None = None
    for solid in getattr(bf, "solids", ()):
        d = float(solid.footprint.distance(at))
        if best is None or d < best[0]:
            best = (d, solid.id)
    if best is not None and best[0] <= BESIDE_CM:
        name = names.get(best[1], piece_words(best[1]))
        return f"a spot on the {name}" if best[0] == 0.0 else f"a spot beside the {name}"
    minx, miny, maxx, maxy = bf.play_zone.bounds
    across = ("left", "middle", "right")[min(2, max(0, int(3 * (x - minx) / max(maxx - minx, 1e-9))))]
    depth = ("near", "middle", "far")[min(2, max(0, int(3 * (y - miny) / max(maxy - miny, 1e-9))))]
    if across == depth == "middle":
        return "an open spot in the middle of the table"
    if across == "middle":
        return f"an open spot on the {depth} side"
    return f"an open spot at the {depth} {across}" if depth != "middle" else f"an open spot on the {across}"


def namer(soldier_ids: Iterable[str], scenery: Iterable[tuple[str, str]] | Iterable[str],
          others: Mapping[str, str] | None = None, spots: Callable[[float, float], str] | None = None
          ) -> Callable[[str], str]:
    """One substitution for every id of this game, built once (per line it
    rebuilt the table of names for each of hundreds of lines). ``scenery`` is
    (id, name) pairs (or bare ids, named as words); ``others`` more ids by name
    (the Threats: "2 Shield tokens on bob"); ``spots`` says a table point in
    words (:func:`spot_words`). Each line starts with a capital, as the
    engine's do, when a name begins it."""
    names = {i: soldier_name(i) for i in soldier_ids}
    for item in scenery:
        ident, name = (item, piece_words(item)) if isinstance(item, str) else item
        if ident not in names and name != ident:
            names[ident] = name
    names.update({k: v for k, v in (others or {}).items() if k not in names and k != v})
    names.update({f: f.replace("_", " ") for f in SNIPER_DIE_FACES + ATTACK_DIE_FACES if "_" in f})
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))
                         + r")(?![\w-])")
    order = re.compile(r"an Order: (attack|move|special)\b")

    def rename(text: str) -> str:
        out = order.sub(lambda m: "an Order: " + ORDER_WORDS[m.group(1)], pattern.sub(lambda m: names[m.group(0)], text))
        if spots is not None:
            out = _SPOT.sub(lambda m: spots(float(m.group(1)), float(m.group(2))), out)
        return out[:1].upper() + out[1:] if pattern.match(text) else out  # "cover-3 is put back."

    return rename


def log_namer(state: Any) -> Callable[[str], str]:
    """``namer`` for a state or a seat's view: every soldier of the game (broken
    ones too, the log still names them), every piece of its battlefield
    (those a Force Field took off the table too: "cover-2 is put back") and
    the Threats of a co-op mission."""
    picture = state.to_dict()
    soldiers = [s["id"] for s in picture["soldiers"]]
    pieces = {p.id: p for t in (state.base_terrain, state.terrain) for p in t.bf.scenery}
    threats = {t["id"]: t["name"] for t in picture.get("threats") or [] if t.get("name")}
    scenery = sorted((i, piece_name(p)) for i, p in pieces.items())
    bf = state.terrain.bf
    return namer(soldiers, scenery, threats, lambda x, y: spot_words(bf, x, y, dict(scenery)))


__all__ = [
    "KIND_WORDS",
    "ORDER_WORDS",
    "SHAPE_WORDS",
    "kind_name",
    "log_namer",
    "namer",
    "piece_name",
    "piece_words",
    "soldier_name",
    "spot_words",
]
