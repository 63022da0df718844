"""A battlefield file's fields: parsing and checking each one, with the
JSON path of a bad field in the error.

The file is outside data: every number must be finite, every field of the
type it says (``true`` is not ``1``), every mesh a readable mesh inside the
folders a battlefield may use. Inside the engine the values are trusted.
What a game allows on its scenery (which Levels, which Objects) is its
:class:`Vocabulary`, passed in; the geometry knows no game.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from shapely.geometry import Polygon

from engine.geometry import household
from engine.geometry.shapes import Box, Cylinder, MeshFile, Prism, Shape

FORMAT = 1
MAX_DEPTH = 64
# chosen: a battlefield nests 5 deep; deeper is not a battlefield.


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


def fail(path: str, message: str) -> BattlefieldError:
    return BattlefieldError(path, message)


@dataclass(frozen=True)
class Vocabulary:
    """What a game allows a scenery piece to carry: ``levels`` (the Level
    token numbers, a flat walkable top) and ``objects`` (kinds of Object).
    None allows any whole number from 1 / any non-empty name."""

    levels: tuple[int, ...] | None = None
    objects: tuple[str, ...] | None = None


OPEN = Vocabulary()


@dataclass(frozen=True)
class Scenery:
    """One scenery piece as written in the file. ``level`` is the Level
    token on it (its top is walkable), ``object`` the Object it is."""

    id: str
    shape: Shape
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


def number(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise fail(path, f"expected a number, got {value!r}")
    return float(value)


def numbers(value: Any, count: int, path: str, positive: bool = False) -> tuple[float, ...]:
    if type(value) is list and len(value) == count:  # the common case, checked fast
        plain = [v for v in value if (type(v) is float or type(v) is int) and math.isfinite(v) and (v > 0 or not positive)]
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
        out.append(float(v))
    return tuple(out)


def polygon(value: Any, path: str) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        raise fail(path, "expected a polygon of at least 3 [x, y] points")
    points = [numbers(p, 2, f"{path}[{i}]") for i, p in enumerate(value)]
    poly = Polygon(points)
    if not poly.is_valid or poly.area <= 0:
        raise fail(path, "polygon is not simple (it crosses itself or has no area)")
    return poly


def mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise fail(path, "expected an object")
    return value


def shape(value: Any, path: str) -> Shape:
    value = mapping(value, path)
    if "kind" in value:  # a household kit piece (engine.geometry.household)
        try:
            return household.parse(value, path)  # type: ignore[return-value]
        except household.KitError as exc:  # "path.field: what is wrong"
            where, _, message = str(exc).partition(": ")
            raise BattlefieldError(where, message) from None
    kinds = [k for k in ("box", "cylinder", "prism", "mesh") if k in value]
    if len(kinds) != 1:
        raise fail(path, "expected exactly one of box, cylinder, prism, mesh")
    kind = kinds[0]
    extra = set(value) - {kind} - ({"scale"} if kind == "mesh" else set())
    if extra:
        raise fail(f"{path}.{sorted(extra)[0]}", "unknown field")
    if kind == "box":
        return Box(*numbers(value["box"], 3, f"{path}.box", positive=True))
    if kind == "cylinder":
        return Cylinder(*numbers(value["cylinder"], 2, f"{path}.cylinder", positive=True))
    if kind == "prism":
        p = mapping(value["prism"], f"{path}.prism")
        poly = polygon(p.get("footprint"), f"{path}.prism.footprint")
        height = number(p.get("height"), f"{path}.prism.height")
        if height <= 0:
            raise fail(f"{path}.prism.height", "expected a positive number")
        coords = tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])
        return Prism(coords, height)
    mesh_path = value["mesh"]
    if not isinstance(mesh_path, str) or not mesh_path:
        raise fail(f"{path}.mesh", "expected a mesh file path")
    scale = number(value.get("scale", 1.0), f"{path}.scale")
    if scale <= 0:
        raise fail(f"{path}.scale", "expected a positive number")
    return MeshFile(mesh_path, scale)


def shape_to_dict(s: Shape) -> dict[str, Any]:
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
    rotation = number(value.get("rotation", 0.0), f"{path}.rotation")
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


def token(value: Any, path: str) -> Token:
    value = mapping(value, path)
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise fail(f"{path}.kind", "expected a non-empty string")
    at = numbers(value.get("at"), 2, f"{path}.at")
    on = value.get("on")
    if on is not None and (not isinstance(on, str) or not on):
        raise fail(f"{path}.on", f"expected the id of a scenery piece, got {on!r}")
    props = {k: v for k, v in value.items() if k not in ("kind", "at")}
    return Token(kind, (at[0], at[1]), props)


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
