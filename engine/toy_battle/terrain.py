"""Terrains: the graph of bases, H.Q.s and paths, with regions and medals.

A terrain is a level file (``levels/toy_battle/*.json``, format in
``docs/terrain-format.md``). Loading checks it completely and refuses a bad
file with a message naming the field, because the level editor writes
these files and a broken one must never reach the rules.

Node ids stay the strings written in the file; the rules work on small int
indexes (``Terrain.index``) with precomputed adjacency lists, so legal move
generation and connection checks are plain loops over ints.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.files import DataError, config_path, load_json
from engine.toy_battle.data import COLOURS, PLACEMENT_LIMITS, SPECIAL_CODES

FORMAT = 1
"""The terrain file format version this code reads and writes."""

LEVELS_DIR = Path(__file__).resolve().parents[2] / "levels" / "toy_battle"
"""Where the terrains of the box live."""

ALL_KINDS = 0xFF
"""Bit mask of the 8 troop kinds: a base without a placement limit."""


class TerrainError(DataError):
    """A terrain file or dict that is not a valid terrain; says which field."""


class TerrainOutOfBounds(TerrainError):
    """A terrain past the bounds where a board is drawn: too many bases,
    paths or regions, or a position past :data:`POS_BOUND`."""


@dataclass(frozen=True)
class Region:
    """A closed zone: claimed by occupying all of ``bases``; holds ``medals``."""

    bases: tuple[str, ...]
    medals: int
    pos: tuple[float, float] | None


class Terrain:
    """A validated terrain. Build with :meth:`load` or :meth:`from_dict`."""

    name: str
    ids: tuple[str, ...]
    index: dict[str, int]
    hqs: tuple[tuple[int, ...], tuple[int, ...]]
    hq_owner: tuple[int, ...]
    is_base: tuple[bool, ...]
    special: tuple[str | None, ...]
    pos: tuple[tuple[float, float] | None, ...]
    adj: tuple[tuple[int, ...], ...]
    paths: tuple[tuple[str, str], ...]
    regions: tuple[Region, ...]
    region_nodes: tuple[tuple[int, ...], ...]
    regions_of: tuple[tuple[int, ...], ...]
    objective: int
    total_medals: int
    source: dict[str, Any]

    # ------------------------------------------------------------- loading
    @classmethod
    def load(cls, path: str | Path) -> Terrain:
        """Read and check a terrain file; TerrainError names the file and field."""
        p = Path(path)
        try:
            data = load_json(p, "terrain")
        except DataError as err:
            raise TerrainError(str(err)) from None
        try:
            return cls.from_dict(data)
        except TerrainError as err:
            raise TerrainError(f"{p.name}: {err}") from None

    @classmethod
    def named(cls, name_or_path: str) -> Terrain:
        """A terrain of the box by file stem ("castle-field"), or a file path."""
        p = Path(name_or_path)
        if p.suffix != ".json" and len(p.parts) == 1:
            p = LEVELS_DIR / f"{name_or_path}.json"
            if not p.exists():
                known = ", ".join(sorted(q.stem for q in LEVELS_DIR.glob("*.json")))
                raise TerrainError(f"unknown terrain {name_or_path!r}; the box has {known}.")
        p = config_path(p, "terrain").resolve()  # one rule for every game: relative to the project root
        try:
            stamp = p.stat().st_mtime_ns
        except OSError as err:
            raise TerrainError(f"{p}: cannot read the terrain ({err.strerror}).") from None
        return _load_cached(str(p), stamp)

    @classmethod
    def from_dict(cls, data: Any) -> Terrain:
        """Check ``data`` (a decoded terrain file) and build the terrain."""
        self = cls.__new__(cls)
        self._build(data)
        return self

    def _build(self, d: Any) -> None:
        if not isinstance(d, dict):
            raise TerrainError("a terrain must be a JSON object.")
        for key in ("format", "name", "hqs", "bases", "paths", "regions", "objective"):
            if key not in d:
                raise TerrainError(f"{key}: missing.")
        if d["format"] != FORMAT:
            raise TerrainError(f"format: this Toybox reads terrain format {FORMAT}, not {d['format']!r}.")
        if not isinstance(d["name"], str) or not d["name"].strip():
            raise TerrainError("name: must be a non-empty string.")
        self.name = d["name"]

        check_counts(d)  # counted before any is read: a terrain of 100,000 bases is refused at once

        # bases
        bases = d["bases"]
        if not isinstance(bases, dict) or not bases:
            raise TerrainError("bases: must be a non-empty object of base id -> {pos, special}.")
        base_ids: list[str] = []
        specials: dict[str, str | None] = {}
        positions: dict[str, tuple[float, float] | None] = {}
        for bid, info in bases.items():
            where = f"bases.{bid}"
            _check_id(bid, where)
            if not isinstance(info, dict):
                raise TerrainError(f"{where}: must be an object with pos and special.")
            positions[bid] = _pos(info.get("pos"), f"{where}.pos")
            specials[bid] = _special(info.get("special"), f"{where}.special")
            base_ids.append(bid)

        # H.Q.s
        hqs = d["hqs"]
        if not isinstance(hqs, dict):
            raise TerrainError('hqs: must be an object {"blue": [ids], "red": [ids]}.')
        for colour in hqs:
            if colour not in COLOURS:
                raise TerrainError(f"hqs.{colour}: unknown colour; H.Q.s belong to blue or red.")
        owner: dict[str, int] = {}
        for seat, colour in enumerate(COLOURS):
            ids = hqs.get(colour)
            if not isinstance(ids, list) or not ids:
                raise TerrainError(f"hqs.{colour}: must list at least one H.Q. id.")
            for i, hid in enumerate(ids):
                where = f"hqs.{colour}[{i}]"
                if not isinstance(hid, str):
                    raise TerrainError(f"{where}: node ids are strings, not {hid!r}.")
                _check_id(hid, where)
                if hid in bases:
                    raise TerrainError(f"{where}: {hid!r} is a base; an H.Q. is not a base.")
                if hid in owner:
                    raise TerrainError(f"{where}: H.Q. {hid!r} is listed twice.")
                owner[hid] = seat
        hq_nodes = d.get("hq_nodes", {})
        if not isinstance(hq_nodes, dict):
            raise TerrainError("hq_nodes: must be an object of H.Q. id -> {pos, special}.")
        for hid, info in hq_nodes.items():
            where = f"hq_nodes.{hid}"
            if hid not in owner:
                raise TerrainError(f"{where}: H.Q. {hid!r} has no owner (list it in hqs.blue or hqs.red).")
            if not isinstance(info, dict):
                raise TerrainError(f"{where}: must be an object with pos and special.")
            positions[hid] = _pos(info.get("pos"), f"{where}.pos")
            code = _special(info.get("special"), f"{where}.special")
            if code is not None and code not in PLACEMENT_LIMITS:
                raise TerrainError(f"{where}.special: an H.Q. may only carry a placement limit, not {code!r}.")
            specials[hid] = code

        ids = tuple(list(owner) + base_ids)
        index = {nid: i for i, nid in enumerate(ids)}
        self.ids = ids
        self.index = index
        self.hqs = (tuple(index[h] for h, s in owner.items() if s == 0), tuple(index[h] for h, s in owner.items() if s == 1))
        self.hq_owner = tuple(owner.get(nid, -1) for nid in ids)
        self.is_base = tuple(nid in bases for nid in ids)
        self.special = tuple(specials.get(nid) for nid in ids)
        self.pos = tuple(positions.get(nid) for nid in ids)

        # paths
        paths = d["paths"]
        if not isinstance(paths, list):
            raise TerrainError("paths: must be a list of [a, b] pairs.")
        adj: list[list[int]] = [[] for _ in ids]
        seen: set[frozenset[str]] = set()
        pairs: list[tuple[str, str]] = []
        for i, pair in enumerate(paths):
            where = f"paths[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise TerrainError(f"{where}: must be a pair [a, b] of node ids.")
            for j, nid in enumerate(pair):
                if not isinstance(nid, str):
                    raise TerrainError(f"{where}[{j}]: node ids are strings, not {nid!r}.")
                if nid not in index:
                    raise TerrainError(f"{where}[{j}]: unknown node {nid!r} (neither a base nor an H.Q.).")
            a, b = pair
            if a == b:
                raise TerrainError(f"{where}: a path cannot join {a!r} to itself.")
            ends = frozenset(pair)
            if ends in seen:
                raise TerrainError(f"{where}: the path {a}-{b} is listed twice.")
            seen.add(ends)
            pairs.append((a, b))
            adj[index[a]].append(index[b])
            adj[index[b]].append(index[a])
        self.paths = tuple(pairs)
        self.adj = tuple(tuple(sorted(n, key=lambda k: _id_key(ids[k]))) for n in adj)

        # connected graph
        reached = {0}
        todo = [0]
        while todo:
            for m in adj[todo.pop()]:
                if m not in reached:
                    reached.add(m)
                    todo.append(m)
        if len(reached) != len(ids):
            lost = ", ".join(ids[i] for i in range(len(ids)) if i not in reached)
            raise TerrainError(f"paths: the terrain is not connected: {lost} cannot be reached from {ids[0]}.")

        # regions
        regions = d["regions"]
        if not isinstance(regions, list):
            raise TerrainError("regions: must be a list of {bases, medals, pos}.")
        built: list[Region] = []
        nodes_of: list[tuple[int, ...]] = []
        for i, reg in enumerate(regions):
            where = f"regions[{i}]"
            if not isinstance(reg, dict):
                raise TerrainError(f"{where}: must be an object with bases, medals and pos.")
            rb = reg.get("bases")
            if not isinstance(rb, list) or not rb:
                raise TerrainError(f"{where}.bases: must list at least one base.")
            for j, bid in enumerate(rb):
                if not isinstance(bid, str):
                    raise TerrainError(f"{where}.bases[{j}]: node ids are strings, not {bid!r}.")
                if bid not in bases:
                    what = "an H.Q." if bid in owner else "unknown"
                    raise TerrainError(f"{where}.bases[{j}]: {bid!r} is not a base ({what}).")
            if len(set(rb)) != len(rb):
                raise TerrainError(f"{where}.bases: a base is listed twice.")
            medals = reg.get("medals")
            if not isinstance(medals, int) or isinstance(medals, bool) or medals < 0:
                raise TerrainError(f"{where}.medals: must be a whole number >= 0, not {medals!r}.")
            pos = _pos(reg.get("pos"), f"{where}.pos")
            built.append(Region(tuple(rb), medals, pos))
            nodes_of.append(tuple(index[b] for b in rb))
        self.regions = tuple(built)
        self.region_nodes = tuple(nodes_of)
        self.regions_of = tuple(tuple(r for r, ns in enumerate(nodes_of) if n in ns) for n in range(len(ids)))
        self.total_medals = sum(r.medals for r in built)

        objective = d["objective"]
        if not isinstance(objective, int) or isinstance(objective, bool) or objective < 1:
            raise TerrainError(f"objective: must be a whole number >= 1, not {objective!r}.")
        self.objective = objective
        self.source = d

    # -------------------------------------------------------------- queries
    def node(self, nid: str) -> int:
        """Index of node ``nid``; KeyError with a readable message if unknown."""
        try:
            return self.index[nid]
        except (KeyError, TypeError):
            raise KeyError(f"There is no node {nid!r} on {self.name}.") from None

    @property
    def bases(self) -> tuple[str, ...]:
        return tuple(nid for nid, b in zip(self.ids, self.is_base, strict=True) if b)

    def hq_ids(self, colour: str) -> tuple[str, ...]:
        return tuple(self.ids[i] for i in self.hqs[COLOURS.index(colour)])

    def neighbours(self, nid: str) -> tuple[str, ...]:
        return tuple(self.ids[m] for m in self.adj[self.node(nid)])

    # -------------------------------------------------------------- words
    # A sentence names a node or region only by what the board prints: each
    # node's id is printed beside it (the app draws it), a region by its medal
    # coin and the bases round it. ("Red takes region 8 (18-22-23-24-25)"
    # named a region by a number printed nowhere.)
    def node_words(self, nid: str) -> str:
        """A node as a sentence names it: "base 12", "Red's H.Q." (its id too
        when that side has several H.Q.s: "Red's H.Q. 41")."""
        i = self.node(nid)
        owner = self.hq_owner[i]
        if owner < 0:
            return f"base {nid}"
        side = COLOURS[owner].capitalize()
        return f"{side}'s H.Q." if len(self.hqs[owner]) == 1 else f"{side}'s H.Q. {nid}"

    def region_words(self, r: int) -> str:
        """A region as a sentence names it: "the 3-medal region of bases 18, 22, 23, 24 and 25"."""
        region = self.regions[r]
        bases = sorted(region.bases, key=_id_key)
        listed = ", ".join(bases[:-1]) + f" and {bases[-1]}" if len(bases) > 1 else bases[0]
        return f"the {region.medals}-medal region of bases {listed}"

    def to_dict(self) -> dict[str, Any]:
        """The terrain as a level file (format 1)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "name": self.name,
            "hqs": {c: list(self.hq_ids(c)) for c in COLOURS},
            "hq_nodes": {
                self.ids[i]: {"pos": _list(self.pos[i]), "special": self.special[i]}
                for seat in (0, 1)
                for i in self.hqs[seat]
            },
            "bases": {
                nid: {"pos": _list(self.pos[i]), "special": self.special[i]}
                for i, nid in enumerate(self.ids)
                if self.is_base[i]
            },
            "paths": [list(p) for p in self.paths],
            "regions": [{"bases": list(r.bases), "medals": r.medals, "pos": _list(r.pos)} for r in self.regions],
            "objective": self.objective,
        }
        return out

    def __repr__(self) -> str:
        return f"<Terrain {self.name!r}: {sum(self.is_base)} bases, {len(self.regions)} regions>"


@lru_cache(maxsize=32)
def _load_cached(path: str, stamp: int) -> Terrain:
    """Terrains are immutable, so a game loads its file once per change."""
    return Terrain.load(path)


def _pos(value: Any, where: str) -> tuple[float, float] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise TerrainError(f"{where}: must be [x, y] (two numbers) or null, not {value!r}.")
    if not all(math.isfinite(v) for v in value):
        raise TerrainError(f"{where}: must be two finite numbers, not {value!r}.")
    if not all(-POS_BOUND <= v <= POS_BOUND for v in value):
        raise TerrainOutOfBounds(f"{where}: {value!r} lies outside -{POS_BOUND:g} to {POS_BOUND:g}, where a board is drawn.")
    return (float(value[0]), float(value[1]))


def check_counts(d: dict[str, Any]) -> None:
    """Bases, HQs, paths and regions counted against their maxima before any is read."""
    for key, most in (("bases", MAX_NODES), ("hqs", MAX_NODES), ("paths", MAX_PATHS), ("regions", MAX_REGIONS)):
        items = d.get(key)
        if isinstance(items, (dict, list)) and len(items) > most:
            raise TerrainOutOfBounds(f"{key}: {len(items):,} of them, more than the {most:,} a terrain may hold.")


def check_bounds(d: Any) -> None:
    """The counts and the drawn positions alone (bases, HQs, region labels),
    each past its bound refused with its field: what no board can draw.
    The editor opens a terrain with any other fault and lists it."""
    if not isinstance(d, dict):
        return
    check_counts(d)
    for key in ("bases", "hqs", "regions"):
        items = d.get(key)
        pairs = items.items() if isinstance(items, dict) else enumerate(items) if isinstance(items, list) else ()
        for ident, info in pairs:
            pos = info.get("pos") if isinstance(info, dict) else None
            where = f"{key}.{ident}.pos" if isinstance(items, dict) else f"{key}[{ident}].pos"
            try:
                _pos(pos, where)
            except TerrainOutOfBounds:
                raise
            except TerrainError:
                continue  # any fault but a bound: the editor lists it once open


POS_BOUND = 1000.0
"""Chosen: a node's or a region's drawing position, in board units, lies within
this of the origin (the box's boards lie within 0 to 100): the app draws the
board from them, and a position at 1e308 is no board."""
MAX_NODES = 500
"""Chosen: bases (and H.Q.s) in one terrain, counted first (the box's largest has 15)."""
MAX_PATHS = 2000
"""Chosen: paths in one terrain, counted first (the box's largest has 24)."""
MAX_REGIONS = 500
"""Chosen: regions in one terrain, counted first."""


MAX_ID_LENGTH = 32
"""Chosen: the longest node id a terrain may use (the box's are 1-3 characters)."""


def _check_id(nid: str, where: str) -> None:
    """A node id is a short, visible name: not empty, no surrounding spaces."""
    if not nid or nid != nid.strip() or len(nid) > MAX_ID_LENGTH or not nid.isprintable():
        raise TerrainError(f"{where}: a node id is 1 to {MAX_ID_LENGTH} visible characters without "
                           f"surrounding spaces, not {nid[:40]!r}.")


def _special(value: Any, where: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in SPECIAL_CODES:
        known = ", ".join(sorted(SPECIAL_CODES))
        raise TerrainError(f"{where}: unknown special {value!r}; known specials are {known} (or null).")
    return value


def _list(pos: tuple[float, float] | None) -> list[float] | None:
    return None if pos is None else [pos[0], pos[1]]


def _id_key(nid: str) -> tuple[int, int | str]:
    """Sort ids numerically when they are numbers ("9" before "10")."""
    return (0, int(nid)) if nid.isascii() and nid.isdigit() else (1, nid)  # "²" is a digit int() refuses


def limit_mask(code: str | None) -> int:
    """Bit mask of the kinds allowed on a node with special ``code``."""
    allowed = PLACEMENT_LIMITS.get(code or "")
    if allowed is None:
        return ALL_KINDS
    mask = 0
    for kind in allowed:
        mask |= 1 << kind
    return mask
