"""The battlefield model: play zone, scenery, zones and tokens, loaded from
versioned JSON and checked on load.

A :class:`Battlefield` is immutable. Editing (the level editor, a Threat
removing scenery until the end of the turn) makes a new one with
:meth:`Battlefield.with_scenery` / :meth:`Battlefield.without_scenery`, so the
derived caches (the Embree scene, the visibility graphs) are built lazily once
per scenery set and can never go stale. Changing only tokens or zones keeps
the caches.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import Point, Polygon

from engine.geometry import household
from engine.geometry.shapes import Box, Cylinder, MeshFile, Prism, Shape, Solid, build_solid

FORMAT = 1
OBJECTS = ("teleporter", "radar", "transmogrifier", "marshmallow", "switch")
LEVELS = (1, 2)
# Heights closer than this (cm) are the same surface: a stacked piece rests
# on the piece below when its z equals that piece's top within it.
Z_TOLERANCE = 1e-6
REPO_ROOT = Path(__file__).resolve().parents[2]


class BattlefieldError(ValueError):
    """A battlefield file or edit is refused; the message starts with the path
    of the bad field, e.g. ``scenery[3].shape.box: expected 3 positive numbers``."""


@dataclass(frozen=True)
class Scenery:
    """One scenery piece as written in the file."""

    id: str
    shape: Shape
    at: tuple[float, float, float]
    rotation: float = 0.0
    level: int | None = None
    object: str | None = None


@dataclass(frozen=True)
class Token:
    """A flat token on the table (deployment, crate, supplies, switch, ...).
    ``props`` keeps the file's other fields (number, side, colour) verbatim."""

    kind: str
    at: tuple[float, float]
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Zone:
    """A marked area, such as a hatched scenery zone."""

    kind: str
    polygon: Polygon
    props: Mapping[str, Any] = field(default_factory=dict)


# --- parsing -------------------------------------------------------------------


def _fail(path: str, message: str) -> BattlefieldError:
    return BattlefieldError(f"{path}: {message}")


def _number(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise _fail(path, f"expected a number, got {value!r}")
    return float(value)


def _numbers(value: Any, count: int, path: str, positive: bool = False) -> tuple[float, ...]:
    what = f"{count} positive numbers" if positive else f"{count} numbers"
    if not isinstance(value, list) or len(value) != count:
        raise _fail(path, f"expected {what}")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise _fail(path, f"expected {what}")
        if positive and v <= 0:
            raise _fail(path, f"expected {what}")
        out.append(float(v))
    return tuple(out)


def _polygon(value: Any, path: str) -> Polygon:
    if not isinstance(value, list) or len(value) < 3:
        raise _fail(path, "expected a polygon of at least 3 [x, y] points")
    points = [_numbers(p, 2, f"{path}[{i}]") for i, p in enumerate(value)]
    poly = Polygon(points)
    if not poly.is_valid or poly.area <= 0:
        raise _fail(path, "polygon is not simple (it crosses itself or has no area)")
    return poly


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, "expected an object")
    return value


def _shape(value: Any, path: str) -> Shape:
    value = _mapping(value, path)
    if "kind" in value:  # a household kit piece (engine.geometry.household)
        try:
            return household.parse(value, path)  # type: ignore[return-value]
        except household.KitError as exc:
            raise BattlefieldError(str(exc)) from None
    kinds = [k for k in ("box", "cylinder", "prism", "mesh") if k in value]
    if len(kinds) != 1:
        raise _fail(path, "expected exactly one of box, cylinder, prism, mesh")
    kind = kinds[0]
    extra = set(value) - {kind} - ({"scale"} if kind == "mesh" else set())
    if extra:
        raise _fail(f"{path}.{sorted(extra)[0]}", "unknown field")
    if kind == "box":
        return Box(*_numbers(value["box"], 3, f"{path}.box", positive=True))
    if kind == "cylinder":
        return Cylinder(*_numbers(value["cylinder"], 2, f"{path}.cylinder", positive=True))
    if kind == "prism":
        p = _mapping(value["prism"], f"{path}.prism")
        poly = _polygon(p.get("footprint"), f"{path}.prism.footprint")
        height = _number(p.get("height"), f"{path}.prism.height")
        if height <= 0:
            raise _fail(f"{path}.prism.height", "expected a positive number")
        coords = tuple((float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1])
        return Prism(coords, height)
    mesh_path = value["mesh"]
    if not isinstance(mesh_path, str) or not mesh_path:
        raise _fail(f"{path}.mesh", "expected a mesh file path")
    scale = _number(value.get("scale", 1.0), f"{path}.scale")
    if scale <= 0:
        raise _fail(f"{path}.scale", "expected a positive number")
    return MeshFile(mesh_path, scale)


def _shape_to_dict(shape: Shape) -> dict[str, Any]:
    if isinstance(shape, household.Household):
        return shape.to_dict()
    if isinstance(shape, Box):
        return {"box": [shape.width, shape.depth, shape.height]}
    if isinstance(shape, Cylinder):
        return {"cylinder": [shape.radius, shape.height]}
    if isinstance(shape, Prism):
        return {"prism": {"footprint": [list(p) for p in shape.footprint], "height": shape.height}}
    return {"mesh": shape.path, "scale": shape.scale}


def _scenery(value: Any, path: str) -> Scenery:
    value = _mapping(value, path)
    known = {"id", "shape", "at", "rotation", "level", "object"}
    extra = set(value) - known
    if extra:
        raise _fail(f"{path}.{sorted(extra)[0]}", "unknown field")
    piece_id = value.get("id")
    if not isinstance(piece_id, str) or not piece_id:
        raise _fail(f"{path}.id", "expected a non-empty string")
    if "shape" not in value:
        raise _fail(f"{path}.shape", "missing")
    shape = _shape(value["shape"], f"{path}.shape")
    at = _numbers(value.get("at"), 3, f"{path}.at")
    if at[2] < -Z_TOLERANCE:
        raise _fail(f"{path}.at", "z below the table")
    rotation = _number(value.get("rotation", 0.0), f"{path}.rotation")
    level = value.get("level")
    if level is not None and (isinstance(level, bool) or level not in LEVELS):
        raise _fail(f"{path}.level", f"expected null, 1 or 2, got {level!r}")
    obj = value.get("object")
    if obj is not None and obj not in OBJECTS:
        raise _fail(f"{path}.object", f"expected null or one of {', '.join(OBJECTS)}, got {obj!r}")
    return Scenery(piece_id, shape, at, rotation, level, obj)


def scenery_to_dict(piece: Scenery) -> dict[str, Any]:
    return {
        "id": piece.id,
        "shape": _shape_to_dict(piece.shape),
        "at": list(piece.at),
        "rotation": piece.rotation,
        "level": piece.level,
        "object": piece.object,
    }


def _token(value: Any, path: str) -> Token:
    value = _mapping(value, path)
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise _fail(f"{path}.kind", "expected a non-empty string")
    at = _numbers(value.get("at"), 2, f"{path}.at")
    props = {k: v for k, v in value.items() if k not in ("kind", "at")}
    return Token(kind, (at[0], at[1]), props)


def _zone(value: Any, path: str) -> Zone:
    value = _mapping(value, path)
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise _fail(f"{path}.kind", "expected a non-empty string")
    poly = _polygon(value.get("polygon"), f"{path}.polygon")
    props = {k: v for k, v in value.items() if k not in ("kind", "polygon")}
    return Zone(kind, poly, props)


def _ring(poly: Polygon) -> list[list[float]]:
    return [[float(x), float(y)] for x, y in list(poly.exterior.coords)[:-1]]


# --- the model -------------------------------------------------------------------


@dataclass(frozen=True)
class Battlefield:
    """A Little Soldiers battlefield. Build with :meth:`load` or :meth:`from_dict`."""

    name: str
    play_zone: Polygon
    scenery: tuple[Scenery, ...]
    zones: tuple[Zone, ...] = ()
    tokens: tuple[Token, ...] = ()
    root: Path = REPO_ROOT
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._check_scenery()

    # -- files --------------------------------------------------------------

    @classmethod
    def load(cls, path: str | Path, root: str | Path | None = None) -> Battlefield:
        """Read a battlefield file; mesh paths resolve against ``root``
        (default: the repository root)."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise BattlefieldError(f"$: not valid JSON ({exc.msg} at line {exc.lineno})") from exc
        return cls.from_dict(data, root=root)

    @classmethod
    def from_dict(cls, data: Any, root: str | Path | None = None) -> Battlefield:
        data = _mapping(data, "$")
        if data.get("format") != FORMAT:
            raise _fail("format", f"expected {FORMAT}, got {data.get('format')!r}")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise _fail("name", "expected a string")
        play_zone = _polygon(data.get("play_zone"), "play_zone")
        raw_scenery = data.get("scenery", [])
        if not isinstance(raw_scenery, list):
            raise _fail("scenery", "expected a list")
        scenery = tuple(_scenery(s, f"scenery[{i}]") for i, s in enumerate(raw_scenery))
        raw_zones = data.get("zones", [])
        if not isinstance(raw_zones, list):
            raise _fail("zones", "expected a list")
        zones = tuple(_zone(z, f"zones[{i}]") for i, z in enumerate(raw_zones))
        raw_tokens = data.get("tokens", [])
        if not isinstance(raw_tokens, list):
            raise _fail("tokens", "expected a list")
        tokens = tuple(_token(t, f"tokens[{i}]") for i, t in enumerate(raw_tokens))
        return cls(
            name=name,
            play_zone=play_zone,
            scenery=scenery,
            zones=zones,
            tokens=tokens,
            root=Path(root) if root is not None else REPO_ROOT,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "play_zone": _ring(self.play_zone),
            "scenery": [scenery_to_dict(s) for s in self.scenery],
            "zones": [{"kind": z.kind, "polygon": _ring(z.polygon), **z.props} for z in self.zones],
            "tokens": [{"kind": t.kind, "at": list(t.at), **t.props} for t in self.tokens],
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")

    # -- checks -------------------------------------------------------------

    def _check_scenery(self) -> None:
        seen: set[str] = set()
        for i, piece in enumerate(self.scenery):
            if piece.id in seen:
                raise _fail(f"scenery[{i}].id", f"duplicate id {piece.id!r}")
            seen.add(piece.id)
        solids = self.solids  # builds meshes: a broken mesh file fails here
        for i, solid in enumerate(solids):
            if solid.bottom <= Z_TOLERANCE:
                continue
            resting = any(
                abs(other.top - solid.bottom) <= 1e-4
                and other.footprint.intersection(solid.footprint).area > 1e-9
                for other in solids
                if other is not solid
            )
            if not resting:
                raise _fail(
                    f"scenery[{i}].at",
                    f"z = {solid.bottom:g} but no scenery top is there to rest on",
                )

    # -- derived geometry -----------------------------------------------------

    @property
    def solids(self) -> tuple[Solid, ...]:
        """One :class:`Solid` per scenery piece, in file order."""
        if "solids" not in self._cache:
            self._cache["solids"] = tuple(self._build_solid(i, piece) for i, piece in enumerate(self.scenery))
        return self._cache["solids"]

    def _build_solid(self, i: int, piece: Scenery) -> Solid:
        try:
            shape = household.engine_shape(piece.shape) if isinstance(piece.shape, household.Household) else piece.shape
            return build_solid(i, piece.id, shape, piece.at, piece.rotation, self.root)
        except (OSError, ValueError) as exc:
            if isinstance(exc, BattlefieldError):
                raise
            raise _fail(f"scenery[{i}].shape", f"cannot build the shape ({exc})") from exc

    def _edited(self, scenery: tuple[Scenery, ...]) -> Battlefield:
        """A new battlefield with ``scenery``, its caches empty but for the
        solids of unchanged pieces, carried over (re-indexed): building a
        solid's triangle mesh was most of the cost of an edit. Pieces are
        frozen and solids never change once built, so sharing is safe;
        :meth:`rebuild` still builds everything afresh."""
        old = dict(zip(self.scenery, self.solids))
        solids = []
        for i, piece in enumerate(scenery):
            solid = old.get(piece)
            solids.append(self._build_solid(i, piece) if solid is None else replace(solid, index=i))
        return replace(self, scenery=scenery, _cache={"solids": tuple(solids)})

    def piece(self, piece_id: str) -> Scenery:
        for piece in self.scenery:
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)

    def solid(self, piece_id: str) -> Solid:
        for solid in self.solids:
            if solid.id == piece_id:
                return solid
        raise KeyError(piece_id)

    # -- editing --------------------------------------------------------------

    def with_scenery(self, *pieces: Scenery) -> Battlefield:
        """A new battlefield with ``pieces`` added, or replacing pieces of the
        same id in place. Caches are rebuilt lazily on the new one."""
        by_id = {p.id: p for p in pieces}
        kept = tuple(by_id.pop(p.id, p) for p in self.scenery)
        return self._edited(kept + tuple(by_id.values()))

    def without_scenery(self, *piece_ids: str) -> Battlefield:
        """A new battlefield without the named pieces (a Threat removes
        scenery until the end of the turn: sight and movement ignore it).
        Pieces stacked on a removed piece go with it."""
        missing = set(piece_ids) - {p.id for p in self.scenery}
        if missing:
            raise KeyError(sorted(missing)[0])
        drop = set(piece_ids)
        grew = True
        while grew:
            grew = False
            for solid in self.solids:
                if solid.id in drop or solid.bottom <= Z_TOLERANCE:
                    continue
                below = [
                    o for o in self.solids
                    if o is not solid and abs(o.top - solid.bottom) <= 1e-4
                    and o.footprint.intersection(solid.footprint).area > 1e-9
                ]
                if below and all(o.id in drop for o in below):
                    drop.add(solid.id)
                    grew = True
        kept = tuple(p for p in self.scenery if p.id not in drop)
        return self._edited(kept)

    def with_tokens(self, tokens: Iterable[Token]) -> Battlefield:
        """New tokens, same scenery: the geometry caches are shared."""
        return replace(self, tokens=tuple(tokens), _cache=self._cache)

    def rebuild(self) -> Battlefield:
        """An explicit copy with empty caches (for callers that mutated a mesh
        file on disk)."""
        return replace(self, _cache={})

    # -- surfaces ---------------------------------------------------------------

    def level_pieces(self) -> tuple[Solid, ...]:
        return tuple(s for s, p in zip(self.solids, self.scenery) if p.level is not None)

    def walkable_top(self, piece_id: str) -> shapely.Geometry:
        """The flat top of a Level piece, minus anything resting on it."""
        key = ("top", piece_id)
        if key not in self._cache:
            solid = self.solid(piece_id)
            top = solid.footprint
            for other in self.solids:
                if other is not solid and abs(other.bottom - solid.top) <= 1e-4:
                    top = top.difference(other.footprint)
            self._cache[key] = top
        return self._cache[key]

    def surface_at(self, x: float, y: float) -> str | None:
        """The id of the highest Level top a figurine centred at (x, y) would
        stand on, or None for the table (also under non-Level scenery, which
        is not walkable)."""
        best: tuple[float, str] | None = None
        point = Point(x, y)
        for solid, piece in zip(self.solids, self.scenery):
            if piece.level is None:
                continue
            if self.walkable_top(solid.id).covers(point):
                if best is None or solid.top > best[0]:
                    best = (solid.top, solid.id)
        return None if best is None else best[1]

    def surface_height(self, x: float, y: float) -> float:
        """Height of the surface a figurine at (x, y) stands on: a Level top or
        the table (0)."""
        sid = self.surface_at(x, y)
        return 0.0 if sid is None else self.solid(sid).top

    def surface_z(self, surface: str | None) -> float:
        return 0.0 if surface is None else self.solid(surface).top

    # -- line of sight ------------------------------------------------------------

    @property
    def sight_engine(self):
        engine = self._cache.get("sight")
        if engine is None:
            # Imported here, not per call: a single check is ~20 us, and
            # even a cached import statement shows in it.
            from engine.geometry.sight import SightEngine

            engine = self._cache["sight"] = SightEngine(self.solids)
        return engine

    def line_of_sight(self, eye, head_center, head_radius: float, rays: int | None = None):
        """Can the figurine whose head centre is ``eye`` see the whole head at
        ``head_center``? See :mod:`engine.geometry.sight`."""
        return self.sight_engine.line_of_sight(eye, head_center, head_radius, rays)

    def sight_many(self, pairs: Sequence, rays: int | None = None):
        """Line of sight for many (eye, head_center, head_radius) triples, all
        rays in one Embree call."""
        return self.sight_engine.sight_many(pairs, rays)

    # -- movement ------------------------------------------------------------------

    def move_graph(self, base_radius: float, surface: str | None = None):
        """The visibility graph for a base of ``base_radius`` on ``surface``
        (None: the table), built once per scenery set."""
        from engine.geometry.paths import MoveGraph, grown_parts

        key = ("graph", surface, round(base_radius, 9))
        if key not in self._cache:
            # On the table the grown footprints are the obstacles' convex
            # pieces; on a Level top the graph cuts the complement itself.
            obstacles = grown_parts(self, base_radius) if surface is None else None
            self._cache[key] = MoveGraph(self.free_space(base_radius, surface), obstacles)
        return self._cache[key]

    def free_space(self, base_radius: float, surface: str | None = None) -> shapely.Geometry:
        """Where the centre of a base of ``base_radius`` may be on ``surface``."""
        from engine.geometry.paths import free_space

        key = ("free", surface, round(base_radius, 9))
        if key not in self._cache:
            self._cache[key] = free_space(self, base_radius, surface)
        return self._cache[key]

    def path_length(self, start, end, base_radius: float, surface: str | None = None) -> float:
        return self.move_graph(base_radius, surface).path_length(start, end)

    def shortest_path(self, start, end, base_radius: float, surface: str | None = None):
        return self.move_graph(base_radius, surface).shortest_path(start, end)

    def reachable_region(self, start, cord_length: float, base_radius: float, surface: str | None = None):
        return self.move_graph(base_radius, surface).reachable_region(start, cord_length)

    def check_placement(self, xy, base_radius: float, surface: str | None = None, others=()):
        from engine.geometry.placement import check_placement

        return check_placement(self, xy, base_radius, surface, others)
