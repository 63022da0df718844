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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from engine.geometry import household
from engine.geometry.battlefield_file import (
    FORMAT,
    MAX_SCENERY,
    MAX_TOKENS,
    MAX_ZONES,
    OPEN,
    BattlefieldError,
    Scenery,
    Token,
    Vocabulary,
    Zone,
    check_plain,
    counted,
    fail,
    listed,
    mapping,
    polygon,
    ring,
    scenery,
    scenery_to_dict,
    token,
    unique_fields,
    zone,
)
from engine.geometry.mesh_files import REPO_ROOT, MeshFileError, resolve_mesh_path
from engine.geometry.shapes import (
    Box,
    Cylinder,
    MeshFile,
    Prism,
    Solid,
    build_solid,
    placed_footprints,
    primitive_footprint,
)


def measured_shape(shape: Any) -> Any:
    """The shape the engine measures for a file's shape: a household kit
    piece's exact primitive (a book is its box) or its own triangles."""
    return household.engine_shape(shape) if isinstance(shape, household.Household) else shape


# Heights closer than this (cm) are the same surface: a stacked piece rests
# on the piece below when its z equals that piece's top within it.
Z_TOLERANCE = 1e-6
# A piece rests on another when its bottom is this close (cm) to the other's top.
REST = 1e-4
# Footprints sharing less than this (cm^2) only touch.
SHARED_AREA = 1e-9

__all__ = [
    "FORMAT",
    "check_counts",
    "REPO_ROOT",
    "Battlefield",
    "BattlefieldError",
    "Box",
    "Cylinder",
    "MeshFile",
    "Prism",
    "Scenery",
    "Token",
    "Vocabulary",
    "Zone",
    "scenery_to_dict",
]


def locate_non_finite(text: str) -> BattlefieldError | None:
    """The JSON path of the first NaN or Infinity in ``text``, as an error;
    None when the text fails for another reason. (The strict decoder refuses
    them without knowing where they are.)"""
    try:
        check_plain(json.loads(text))
    except BattlefieldError as err:
        return err
    except (ValueError, RecursionError):
        return None
    return None


def check_counts(data: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """A battlefield's scenery, zones and tokens as lists, each counted
    against its maximum before anything in them is read (or hashed): a
    100,000-piece file is refused at once, not after walking it."""
    data = mapping(data, "$")
    return (counted(listed(data, "scenery"), "scenery", MAX_SCENERY, "scenery pieces"),
            counted(listed(data, "zones"), "zones", MAX_ZONES, "zones"),
            counted(listed(data, "tokens"), "tokens", MAX_TOKENS, "tokens"))


# --- the model -------------------------------------------------------------------


@dataclass(frozen=True)
class Battlefield:
    """A battlefield. Build with :meth:`load` or :meth:`from_dict`.

    ``root`` is the folder mesh paths resolve in (the battlefield file's
    folder; the project root by default), ``vocabulary`` what its game allows
    on scenery, ``allow_outside`` lets mesh paths leave the allowed folders.
    """

    name: str
    play_zone: Polygon
    scenery: tuple[Scenery, ...]
    zones: tuple[Zone, ...] = ()
    tokens: tuple[Token, ...] = ()
    root: Path = REPO_ROOT
    vocabulary: Vocabulary = field(default=OPEN, compare=False, repr=False)
    allow_outside: bool = field(default=False, compare=False, repr=False)
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._check_scenery()

    # -- files --------------------------------------------------------------

    @classmethod
    def load(
        cls,
        path: str | Path,
        root: str | Path | None = None,
        vocabulary: Vocabulary = OPEN,
        allow_outside: bool = False,
    ) -> Battlefield:
        """Read a battlefield file; mesh paths resolve in ``root`` (default:
        the file's folder, then the project root). A refusal names the file."""
        from engine.core.files import DataError, parse_json, read_text  # the one boundary for outside data

        path = Path(path)
        try:
            text = read_text(path, what="battlefield")
            data = parse_json(text, str(path))
        except DataError as err:
            located = locate_non_finite(text) if "text" in locals() else None
            raise (located.in_file(path) if located else BattlefieldError("", str(err))) from None
        try:
            return cls.from_dict(
                data, root=path.parent if root is None else root, vocabulary=vocabulary, allow_outside=allow_outside
            )
        except BattlefieldError as err:
            raise err.in_file(path) from None

    @classmethod
    def from_dict(
        cls,
        data: Any,
        root: str | Path | None = None,
        vocabulary: Vocabulary = OPEN,
        allow_outside: bool = False,
    ) -> Battlefield:
        data = mapping(data, "$")
        raw_scenery, raw_zones, raw_tokens = check_counts(data)
        check_plain(data)
        if data.get("format") != FORMAT or isinstance(data.get("format"), bool):
            raise fail("format", f"expected {FORMAT}, got {data.get('format')!r}")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise fail("name", "expected a string")
        play_zone = polygon(data.get("play_zone"), "play_zone")
        pieces = tuple(scenery(s, f"scenery[{i}]", vocabulary, Z_TOLERANCE) for i, s in enumerate(raw_scenery))
        zones = tuple(zone(z, f"zones[{i}]") for i, z in enumerate(raw_zones))
        tokens = tuple(token(t, f"tokens[{i}]", vocabulary) for i, t in enumerate(raw_tokens))
        unique_fields(tokens, vocabulary)
        return cls(
            name=name,
            play_zone=play_zone,
            scenery=pieces,
            zones=zones,
            tokens=tokens,
            root=Path(root) if root is not None else REPO_ROOT,
            vocabulary=vocabulary,
            allow_outside=allow_outside,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "play_zone": ring(self.play_zone),
            "scenery": [scenery_to_dict(s) for s in self.scenery],
            "zones": [{"kind": z.kind, "polygon": ring(z.polygon), **z.props} for z in self.zones],
            "tokens": [{"kind": t.kind, "at": list(t.at), **t.props} for t in self.tokens],
        }

    def save(self, path: str | Path) -> None:
        """Write the battlefield atomically: a crash or a full disk leaves
        the old file or the new one, never half of one."""
        from engine.core.files import write_atomic

        write_atomic(path, json.dumps(self.to_dict(), indent=1, allow_nan=False) + "\n", what="battlefield")

    # -- checks -------------------------------------------------------------

    def _check_scenery(self) -> None:
        seen: set[str] = set()
        for i, piece in enumerate(self.scenery):
            if piece.id in seen:
                raise fail(f"scenery[{i}].id", f"duplicate id {piece.id!r}")
            seen.add(piece.id)
        solids = self.solids  # builds meshes: a broken mesh file fails here
        for i, solid in enumerate(solids):
            if solid.bottom <= Z_TOLERANCE:
                continue
            if not self.supports(solid):
                raise fail(
                    f"scenery[{i}].at",
                    f"z = {solid.bottom:g} but no scenery top is there to rest on",
                )

    def supports(self, solid: Solid) -> list[Solid]:
        """The pieces ``solid`` rests on: their top at its bottom, sharing
        footprint area with it (found through the footprint index)."""
        out = []
        for j in self.footprint_index.query(solid.footprint, predicate="intersects"):
            other = self.solids[int(j)]
            if other is solid or abs(other.top - solid.bottom) > REST:
                continue
            if other.footprint.intersection(solid.footprint).area > SHARED_AREA:
                out.append(other)
        return out

    # -- derived geometry -----------------------------------------------------

    @property
    def solids(self) -> tuple[Solid, ...]:
        """One :class:`Solid` per scenery piece, in file order."""
        if "solids" not in self._cache:
            shapes = [measured_shape(p.shape) for p in self.scenery]
            primitive = [i for i, s in enumerate(shapes) if isinstance(s, (Box, Cylinder, Prism))]
            feet = placed_footprints(
                [primitive_footprint(shapes[i]) for i in primitive],
                [(*self.scenery[i].at[:2], self.scenery[i].rotation) for i in primitive],
            )
            placed = dict(zip(primitive, feet, strict=True))
            self._cache["solids"] = tuple(
                self._build_solid(i, piece, placed.get(i)) for i, piece in enumerate(self.scenery)
            )
        return self._cache["solids"]

    def _build_solid(self, i: int, piece: Scenery, footprint: Polygon | None = None) -> Solid:
        from engine.core.files import outside_allowed  # the CLI's --allow-outside

        mesh_path = None
        try:
            if isinstance(piece.shape, MeshFile):
                folders = [self.root] + ([REPO_ROOT] if Path(self.root).resolve() != REPO_ROOT else [])
                mesh_path = resolve_mesh_path(piece.shape.path, folders, self.allow_outside or outside_allowed())
            return build_solid(i, piece.id, measured_shape(piece.shape), piece.at, piece.rotation, mesh_path,
                               footprint)
        except MeshFileError as exc:
            raise fail(f"scenery[{i}].shape.mesh", str(exc)) from None
        except (OSError, ValueError) as exc:
            if isinstance(exc, BattlefieldError):
                raise
            raise fail(f"scenery[{i}].shape", f"cannot build the shape ({exc})") from exc

    def derived(self, key: Any, make: Callable[[], Any]) -> Any:
        """A value derived from the scenery, made once by ``make`` and kept
        until the scenery changes (an edit makes a new battlefield)."""
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    @property
    def footprint_array(self) -> np.ndarray:
        """Every solid's footprint, in file order (for vectorised shapely calls)."""
        if "feet" not in self._cache:
            self._cache["feet"] = np.array([s.footprint for s in self.solids], dtype=object)
        return self._cache["feet"]

    @property
    def footprint_index(self) -> STRtree:
        """A spatial index of the footprints: its answers are solid indices.
        Checks ask it for the few pieces near one place instead of testing
        them all, so they grow with n log n, not n squared."""
        if "index" not in self._cache:
            self._cache["index"] = STRtree(self.footprint_array)
        return self._cache["index"]

    def near(self, geometry: shapely.Geometry, distance: float = 0.0) -> list[Solid]:
        """The solids whose footprint lies within ``distance`` of ``geometry``."""
        if distance > 0:
            hits = self.footprint_index.query(geometry, predicate="dwithin", distance=distance)
        else:
            hits = self.footprint_index.query(geometry, predicate="intersects")
        return [self.solids[int(j)] for j in sorted(hits)]

    def _edited(self, scenery: tuple[Scenery, ...]) -> Battlefield:
        """A new battlefield with ``scenery``, its caches empty but for the
        solids of unchanged pieces, carried over (re-indexed): building a
        solid's triangle mesh was most of the cost of an edit. Pieces are
        frozen and solids never change once built, so sharing is safe;
        :meth:`rebuild` still builds everything afresh."""
        old = dict(zip(self.scenery, self.solids, strict=True))
        solids = []
        for i, piece in enumerate(scenery):
            solid = old.get(piece)
            solids.append(self._build_solid(i, piece) if solid is None else solid.reindexed(i))
        return replace(self, scenery=scenery, _cache={"solids": tuple(solids)})

    def piece(self, piece_id: str) -> Scenery:
        return self.scenery[self._position(piece_id)]

    def solid(self, piece_id: str) -> Solid:
        return self.solids[self._position(piece_id)]

    def _position(self, piece_id: str) -> int:
        if "ids" not in self._cache:
            self._cache["ids"] = {p.id: i for i, p in enumerate(self.scenery)}
        return self._cache["ids"][piece_id]

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
                below = self.supports(solid)
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
        return tuple(s for s, p in zip(self.solids, self.scenery, strict=True) if p.level is not None)

    def walkable_top(self, piece_id: str) -> BaseGeometry:
        """The flat top of a Level piece, minus anything resting on it."""
        key = ("top", piece_id)
        if key not in self._cache:
            solid = self.solid(piece_id)
            top: BaseGeometry = solid.footprint
            for other in self.near(solid.footprint):
                if other is not solid and abs(other.bottom - solid.top) <= REST:
                    top = top.difference(other.footprint)
            self._cache[key] = top
        return self._cache[key]

    def surface_at(self, x: float, y: float) -> str | None:
        """The id of the highest Level top a figurine centred at (x, y) would
        stand on, or None for the table (also under non-Level scenery, which
        is not walkable)."""
        best: tuple[float, str] | None = None
        point = Point(x, y)
        for solid in self.near(point):
            if self.scenery[solid.index].level is None:
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

    def free_space(self, base_radius: float, surface: str | None = None) -> BaseGeometry:
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

    def check_placement(self, xy, base_radius: float, surface: str | None = None, others=(), *, height: float):
        """See :func:`engine.geometry.placement.check_placement`."""
        from engine.geometry.placement import check_placement

        return check_placement(self, xy, base_radius, surface, others, height=height)
