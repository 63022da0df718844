"""A battlefield file's fields: parsing and checking each one, with the
JSON path of a bad field in the error.

The file is outside data: every number must be finite, every field of the
type it says (``true`` is not ``1``), every mesh a readable mesh inside the
folders a battlefield may use. Inside the engine the values are trusted.
What a game allows on its scenery (which Levels, which Objects) is its
:class:`Vocabulary`, passed in; the geometry knows no game.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from shapely.geometry import Polygon

from engine.geometry import household
from engine.geometry.shapes import Box, Cylinder, MeshFile, Prism, Shape

FileShape = Shape | household.Household
"""A scenery piece's shape as a battlefield file writes it: a primitive, a mesh file or a household kit piece."""

FORMAT = 1
MAX_DEPTH = 64
# chosen: a battlefield nests 5 deep; deeper is not a battlefield.

# Physical bounds, checked on the numbers as they are read, before any
# shapely, Embree or Panda3D work: what is past them is no toy table.
TABLE_BOUND_CM = 2000.0
"""Chosen: every coordinate lies within 20 m of the table's origin."""
TABLE_SIZE_CM = 2000.0
"""Chosen: a play zone is at most 20 m across (the box's tables are 120 x 80 cm;
the scale benchmark's 10,000-piece table is 12 m)."""
MIN_SIZE_CM = 0.1
"""Chosen: the smallest piece is 1 mm in every size (a domino is 0.8 cm thick)."""
MAX_SIZE_CM = 1000.0
"""Chosen: the largest piece is 10 m in any size."""
MIN_SCALE, MAX_SCALE = 1e-3, 1e3
"""Chosen: a mesh's scale factor (millimetres to metres either way)."""
MAX_ROTATION = 3600.0
"""Chosen: a rotation in degrees, ten turns either way at most."""
MAX_SCENERY = 10_000
"""Chosen: scenery pieces in one battlefield (the box's levels hold 6 to 20; the
scale benchmark checks 10,000), counted before any piece is read."""
MAX_TOKENS = 10_000
"""Chosen: tokens in one battlefield, counted before any is read."""
MAX_ZONES = 200
"""Chosen: zones in one battlefield, counted before any is read."""
MAX_POLYGON_POINTS = 2000
"""Chosen: corners of one polygon (play zone, zone, prism footprint)."""
MAX_TOKEN_NUMBER = 999
"""Chosen: the largest number a token carries (the box's Deployment tokens and
Force Field Switches are numbered 1 to 6)."""
MAX_NAME_CHARS = 200
"""Chosen: the longest name a token field holds (a scenery id, a Threat's id)."""


class TokenField(Enum):
    """What a token's field must hold, as a game's :class:`Vocabulary`
    declares it: the file is checked at the boundary, so the game reads a
    Deployment token's number or a Threat Target's height as the type it is
    (a list there was a TypeError traceback when the mission began)."""

    WHOLE = f"a whole number from 1 to {MAX_TOKEN_NUMBER}"
    NAME = "a non-empty name"
    NAMES = "a list of non-empty names (scenery ids)"
    HEIGHT = f"a height above the table from 0 to {MAX_SIZE_CM:g} cm"
    OBJECT = "the kind of Object it is"
    SIDE = "one of the sides the game names"


class BattlefieldError(ValueError):
    """A battlefield file or edit is refused. The message is one sentence:
    the file (when there is one), the JSON path of the bad field and what is
    wrong, e.g. ``bf.json: scenery[3].shape.box: expected 3 positive numbers``.
    ``where`` is the JSON path alone (empty when the file as a whole is
    refused: not a regular file, not JSON; the message then names it)."""

    def __init__(self, where: str, message: str, file: str | None = None) -> None:
        self.where = where
        self.message = message
        self.file = file
        super().__init__(": ".join(part for part in (file, where, message) if part))

    def in_file(self, file: str | os.PathLike[str]) -> BattlefieldError:
        """The same error, naming ``file``."""
        return BattlefieldError(self.where, self.message, str(file))


class OutOfBounds(BattlefieldError):
    """A value or count past the physical bounds (a coordinate past 20 m, a
    table wider than that, 100,000 pieces): no table to draw or edit."""


def fail(path: str, message: str) -> BattlefieldError:
    return BattlefieldError(path, message)


def past_bounds(path: str, message: str) -> OutOfBounds:
    return OutOfBounds(path, message)


@dataclass(frozen=True)
class Vocabulary:
    """What a game allows a scenery piece to carry: ``levels`` (the Level
    token numbers, a flat walkable top), ``objects`` (kinds of Object) and
    ``tokens`` (kinds of token). None allows any whole number from 1 / any
    non-empty name."""

    levels: tuple[int, ...] | None = None
    objects: tuple[str, ...] | None = None
    tokens: tuple[str, ...] | None = None
    """The kinds of token the game places (None: any non-empty name)."""
    renamed: tuple[tuple[str, str], ...] = ()
    """Old names of token kinds, each with the name the game reads now: a
    file that still says the old one loads as the new one."""
    token_fields: tuple[tuple[str, str, TokenField], ...] = ()
    """(token kind, field, what it holds) for the fields the game reads from
    a token (``*``: a token of any kind); a field given must hold it."""
    renamed_token_fields: tuple[tuple[str, str, str], ...] = ()
    """(token kind, old field, the field the game reads now): a file that
    still says the old one loads as the new one (when it has no new one)."""
    sides: tuple[str, ...] | None = None
    """The sides (team colours) a ``TokenField.SIDE`` field may hold (None: any name)."""
    unique_token_fields: tuple[tuple[str, str], ...] = ()
    """(token kind, field) whose value no two tokens of that kind may share:
    a number the game calls a token by, which two tokens would make ambiguous."""

    def token_kind(self, kind: str) -> str:
        """``kind`` as the game names it now."""
        return dict(self.renamed).get(kind, kind)


OPEN = Vocabulary()


@dataclass(frozen=True)
class Scenery:
    """One scenery piece as written in the file. ``level`` is the Level
    token on it (its top is walkable), ``object`` the Object it is."""

    id: str
    shape: FileShape
    at: tuple[float, float, float]
    rotation: float = 0.0
    level: int | None = None
    object: str | None = None


@dataclass(frozen=True)
class Token:
    """A flat token on the table (deployment, crate, supplies, switch, ...).
    ``props`` keeps the file's other fields (number, side, colour) verbatim;
    ``on`` names the piece it lies on, when it does."""

    kind: str
    at: tuple[float, float]
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Zone:
    """A marked area, such as a hatched scenery zone."""

    kind: str
    polygon: Polygon
    props: Mapping[str, Any] = field(default_factory=dict)


# --- checking ----------------------------------------------------------------------


def check_plain(value: Any, path: str = "$", depth: int = 0) -> None:
    """Refuse what JSON decoders accept but no battlefield holds: NaN and
    Infinity anywhere (they would be written back as invalid JSON), and
    nesting deeper than :data:`MAX_DEPTH`."""
    if depth > MAX_DEPTH:
        raise fail(path, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(path, f"expected a finite number, got {value!r}")
    if isinstance(value, dict):
        for key, item in value.items():
            check_plain(item, f"{path}.{key}" if path != "$" else str(key), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_plain(item, f"{path}[{i}]", depth + 1)


# --- fields ----------------------------------------------------------------------


def number(value: Any, path: str, lo: float | None = None, hi: float | None = None, unit: str = "") -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise fail(path, f"expected a number, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise past_bounds(path, f"{value:g}{unit} is outside {_span(lo, hi, unit)}")
    return float(value)


def _span(lo: float | None, hi: float | None, unit: str) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g} to {hi:g}{unit}"
    return f"{lo:g}{unit} or more" if lo is not None else f"{hi:g}{unit} or less"


def numbers(value: Any, count: int, path: str, positive: bool = False, lo: float | None = None,
            hi: float | None = None, unit: str = " cm") -> tuple[float, ...]:
    """``count`` finite numbers (``positive``: each above 0), each within
    [``lo``, ``hi``] when given: a bound is a sentence naming the value."""
    if type(value) is list and len(value) == count:  # the common case, checked fast
        plain = [v for v in value if (type(v) is float or type(v) is int) and math.isfinite(v) and (v > 0 or not positive)
                 and (lo is None or v >= lo) and (hi is None or v <= hi)]
        if len(plain) == count:
            return tuple(float(v) for v in value)
    what = f"{count} positive numbers" if positive else f"{count} numbers"
    if not isinstance(value, list) or len(value) != count:
        raise fail(path, f"expected {what}")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise fail(path, f"expected {what}")
        if positive and v <= 0:
            raise fail(path, f"expected {what}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise past_bounds(path, f"{v:g}{unit} is outside {_span(lo, hi, unit)}")
        out.append(float(v))
    return tuple(out)


def counted(value: Any, path: str, most: int, what: str) -> list[Any]:
    """A list of at most ``most`` items, counted before any is read."""
    if not isinstance(value, list):
        raise fail(path, "expected a list")
    if len(value) > most:
        raise past_bounds(path, f"{len(value):,} {what}, more than the {most:,} a battlefield may hold")
    return value


def point(value: Any, path: str) -> tuple[float, float]:
    """An (x, y) on the table: within :data:`TABLE_BOUND_CM` of the origin."""
    x, y = numbers(value, 2, path, lo=-TABLE_BOUND_CM, hi=TABLE_BOUND_CM)
    return x, y


def polygon(value: Any, path: str, size: float = TABLE_SIZE_CM) -> Polygon:
    """A simple polygon on the table, at most ``size`` across; its corners
    are counted and bounded before shapely sees them."""
    if not isinstance(value, list) or len(value) < 3:
        raise fail(path, "expected a polygon of at least 3 [x, y] points")
    counted(value, path, MAX_POLYGON_POINTS, "corners")
    points = [point(p, f"{path}[{i}]") for i, p in enumerate(value)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    across = max(max(xs) - min(xs), max(ys) - min(ys))
    if across > size:
        raise past_bounds(path, f"{across:g} cm across, more than the {size:g} cm a table may be")
    poly = Polygon(points)
    if not poly.is_valid or poly.area <= 0:
        raise fail(path, "polygon is not simple (it crosses itself or has no area)")
    return poly


def mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise fail(path, "expected an object")
    return value


def shape(value: Any, path: str) -> FileShape:
    value = mapping(value, path)
    if "kind" in value:  # a household kit piece (engine.geometry.household)
        try:
            kit = household.parse(value, path)
        except household.KitError as exc:  # "path.field: what is wrong"
            where, _, message = str(exc).partition(": ")
            raise BattlefieldError(where, message) from None
        numbers(list(kit.size), 3, f"{path}.size", positive=True, lo=MIN_SIZE_CM, hi=MAX_SIZE_CM)
        return kit
    kinds = [k for k in ("box", "cylinder", "prism", "mesh") if k in value]
    if len(kinds) != 1:
        raise fail(path, "expected exactly one of box, cylinder, prism, mesh")
    kind = kinds[0]
    extra = set(value) - {kind} - ({"scale"} if kind == "mesh" else set())
    if extra:
        raise fail(f"{path}.{sorted(extra)[0]}", "unknown field")
    if kind == "box":
        return Box(*numbers(value["box"], 3, f"{path}.box", positive=True, lo=MIN_SIZE_CM, hi=MAX_SIZE_CM))
    if kind == "cylinder":
        return Cylinder(*numbers(value["cylinder"], 2, f"{path}.cylinder", positive=True, lo=MIN_SIZE_CM, hi=MAX_SIZE_CM))
    if kind == "prism":
        p = mapping(value["prism"], f"{path}.prism")
        poly = polygon(p.get("footprint"), f"{path}.prism.footprint", MAX_SIZE_CM)
        height = number(p.get("height"), f"{path}.prism.height")
        if height <= 0:
            raise fail(f"{path}.prism.height", "expected a positive number")
        number(height, f"{path}.prism.height", MIN_SIZE_CM, MAX_SIZE_CM, " cm")
        minx, miny, maxx, maxy = poly.bounds
        if min(maxx - minx, maxy - miny) < MIN_SIZE_CM:
            raise fail(f"{path}.prism.footprint", f"thinner than the {MIN_SIZE_CM:g} cm a piece may be")
        coords = tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])
        return Prism(coords, height)
    mesh_path = value["mesh"]
    if not isinstance(mesh_path, str) or not mesh_path:
        raise fail(f"{path}.mesh", "expected a mesh file path")
    scale = number(value.get("scale", 1.0), f"{path}.scale")
    if scale <= 0:
        raise fail(f"{path}.scale", "expected a positive number")
    number(scale, f"{path}.scale", MIN_SCALE, MAX_SCALE)
    return MeshFile(mesh_path, scale)


def shape_to_dict(s: FileShape) -> dict[str, Any]:
    if isinstance(s, household.Household):
        return s.to_dict()
    if isinstance(s, Box):
        return {"box": [s.width, s.depth, s.height]}
    if isinstance(s, Cylinder):
        return {"cylinder": [s.radius, s.height]}
    if isinstance(s, Prism):
        return {"prism": {"footprint": [list(p) for p in s.footprint], "height": s.height}}
    return {"mesh": s.path, "scale": s.scale}


def scenery(value: Any, path: str, vocabulary: Vocabulary = OPEN, z_tolerance: float = 1e-6) -> Scenery:
    value = mapping(value, path)
    known = {"id", "shape", "at", "rotation", "level", "object"}
    extra = set(value) - known
    if extra:
        raise fail(f"{path}.{sorted(extra)[0]}", "unknown field")
    piece_id = value.get("id")
    if not isinstance(piece_id, str) or not piece_id:
        raise fail(f"{path}.id", "expected a non-empty string")
    if "shape" not in value:
        raise fail(f"{path}.shape", "missing")
    piece_shape = shape(value["shape"], f"{path}.shape")
    x, y, z = numbers(value.get("at"), 3, f"{path}.at")
    at = (x, y, z)
    if at[2] < -z_tolerance:
        raise fail(f"{path}.at", "z below the table")
    numbers(list(at), 3, f"{path}.at", lo=-TABLE_BOUND_CM, hi=TABLE_BOUND_CM)
    rotation = number(value.get("rotation", 0.0), f"{path}.rotation", -MAX_ROTATION, MAX_ROTATION, " degrees")
    level = value.get("level")
    if level is not None:
        if vocabulary.levels is not None:
            if isinstance(level, bool) or not isinstance(level, int) or level not in vocabulary.levels:
                allowed = ", ".join(str(n) for n in vocabulary.levels[:-1]) + f" or {vocabulary.levels[-1]}"
                raise fail(f"{path}.level", f"expected null, {allowed}, got {level!r}")
        elif isinstance(level, bool) or not isinstance(level, int) or level < 1:
            raise fail(f"{path}.level", f"expected null or a whole number 1 or more, got {level!r}")
    obj = value.get("object")
    if obj is not None:
        if vocabulary.objects is not None:
            if not isinstance(obj, str) or obj not in vocabulary.objects:
                raise fail(f"{path}.object", f"expected null or one of {', '.join(vocabulary.objects)}, got {obj!r}")
        elif not isinstance(obj, str) or not obj:
            raise fail(f"{path}.object", f"expected null or a non-empty string, got {obj!r}")
    return Scenery(piece_id, piece_shape, at, rotation, level, obj)


def scenery_to_dict(piece: Scenery) -> dict[str, Any]:
    return {
        "id": piece.id,
        "shape": shape_to_dict(piece.shape),
        "at": list(piece.at),
        "rotation": piece.rotation,
        "level": piece.level,
        "object": piece.object,
    }


def token(value: Any, path: str, vocabulary: Vocabulary | None = None) -> Token:
    value = mapping(value, path)
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise fail(f"{path}.kind", "expected a non-empty string")
    at = point(value.get("at"), f"{path}.at")
    if vocabulary is not None:
        kind = vocabulary.token_kind(kind)
    if vocabulary is not None and vocabulary.tokens is not None and kind not in vocabulary.tokens:
        raise fail(f"{path}.kind", f"expected one of {', '.join(vocabulary.tokens)}, got {kind!r}")
    on = value.get("on")
    if on is not None and (not isinstance(on, str) or not on):
        raise fail(f"{path}.on", f"expected the id of a scenery piece, got {on!r}")
    props = {k: v for k, v in value.items() if k not in ("kind", "at")}
    if vocabulary is not None:
        written: dict[str, str] = {}  # the field the game reads -> as the file names it
        for of, old, new in vocabulary.renamed_token_fields:
            if of == kind and old in props and new not in props:
                props[new] = props.pop(old)
                written[new] = old
        for of, name, holds in vocabulary.token_fields:
            if of in (kind, "*") and name in props:
                token_field(props[name], f"{path}.{written.get(name, name)}", holds, vocabulary)
    return Token(kind, (at[0], at[1]), props)


def unique_fields(tokens: Sequence[Token], vocabulary: Vocabulary, where: str = "tokens") -> None:
    """Refuse a token whose value of a field the vocabulary keeps unique
    (``unique_token_fields``) another token of its kind has already."""
    for kind, name in vocabulary.unique_token_fields:
        first: dict[Any, int] = {}
        for i, t in enumerate(tokens):
            if t.kind != kind or name not in t.props:
                continue
            value = t.props[name]
            key = json.dumps(value, sort_keys=True)  # any JSON value, compared as written
            if key in first:
                raise fail(f"{where}[{i}].{name}", f"{value!r} is the {name} of {where}[{first[key]}] already; "
                                                     f"each {kind} token needs its own")
            first[key] = i


def token_field(value: Any, path: str, holds: TokenField, vocabulary: Vocabulary) -> None:
    """Refuse a token's field that does not hold what the game reads there."""
    if holds is TokenField.WHOLE:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TOKEN_NUMBER:
            raise fail(path, f"expected {holds.value}, got {value!r}")
    elif holds is TokenField.HEIGHT:
        number(value, path, 0.0, MAX_SIZE_CM, " cm")
    elif holds is TokenField.SIDE and vocabulary.sides is not None:
        if not isinstance(value, str) or value not in vocabulary.sides:
            raise fail(path, f"expected {' or '.join(vocabulary.sides)}, got {value!r}")
    elif holds is TokenField.OBJECT:
        kinds = vocabulary.objects
        if not isinstance(value, str) or not value or (kinds is not None and value not in kinds):
            allowed = f"one of {', '.join(kinds)}" if kinds is not None else holds.value
            raise fail(path, f"expected {allowed}, got {value!r}")
    else:
        names = value if holds is TokenField.NAMES else [value]
        if holds is TokenField.NAMES:
            if not isinstance(value, list):
                raise fail(path, f"expected {holds.value}, got {value!r}")
            counted(value, path, MAX_SCENERY, "names")
        for item in names:
            if not isinstance(item, str) or not item or len(item) > MAX_NAME_CHARS:
                raise fail(path, f"expected {holds.value}, got {value!r}")


def zone(value: Any, path: str) -> Zone:
    value = mapping(value, path)
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise fail(f"{path}.kind", "expected a non-empty string")
    poly = polygon(value.get("polygon"), f"{path}.polygon")
    props = {k: v for k, v in value.items() if k not in ("kind", "polygon")}
    return Zone(kind, poly, props)


def ring(poly: Polygon) -> list[list[float]]:
    return [[float(x), float(y)] for x, y in list(poly.exterior.coords)[:-1]]


def listed(data: Mapping[str, Any], key: str) -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise fail(key, "expected a list")
    return raw
