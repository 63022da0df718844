"""A landing model: where throws land, measured once from the physics.

A Bullet throw (:mod:`engine.geometry.throws`) costs a few milliseconds: a
fresh world, a few hundred steps, rethrows when the die lands cocked. The
rules always throw with it, so a game, a replay and ``replay --verify`` land
where the physics says. A bot imagining a game (its rollouts, the landings
it weighs before aiming) needs landings that are *likely*, not exact ones:
this module stands in for the physics there.

:func:`measure` throws a :class:`~engine.geometry.throws.ThrowSpec` on an open
table from the origin along +x at a grid of strengths, ``samples`` seeds
each, and keeps every landing as a row: how far forward and to the side it
came to rest, the body's height at rest, the face up (by index), and the
attempts it took (a die rethrown after landing cocked or not settling: how
often a throw scatters). A :class:`LandingTable` holds those rows, sorted by
distance within each strength, with the spec's numbers it was measured
with, so a changed spec can be told from the data (a test does).

:func:`land` draws a landing from a table: a quantile drawn once picks the
row at that rank in the two measured strengths around the one asked and
interpolates between them (the model is continuous in strength), the
face and attempts come from one of the two rows, and the offset is turned
into the throw's direction. Scenery is not in the table; on a battlefield
the straight way from the start to that spot is followed under the aimed
flight's arc (the spec's launch speed and angle, no drag): a piece too tall
to roll over (more than ``CLIMB`` body radii) that the arc does not clear
stops the body against its side, or, cleared at its near edge and not at
its far one, takes it on its top; the body rests on the top of a lower
piece it ends over, and touches the watched pieces it stops against or
rests on and the markers its last stretch passes near. (A flicked Grenade
die flies a few millimetres high and rolls: a book stops it; the Mortar's
catapult lobs its token over the same book, as the physics does.)
Deterministic: the same inputs and seed give the same landing.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, box

from engine.geometry.throws import Die12, Landing, ThrowError, ThrowSpec, marker_name, throw

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

FORMAT = 1
"""Version of a table's ``to_dict`` layout."""
OPEN_TABLE = 4000.0
"""cm: side of the empty square table the rows are measured on (chosen: far
past any throw, so no landing is cut by the edge)."""
CLIMB = 1.0
"""A piece whose top is at most this many body radii above the surface the
throw starts from does not stop it (chosen: a die rolls over a domino and
stops against a book)."""
LOW_STRETCH = 0.4
"""Share of the way, from the start, that a body is still in the air: a
marker counts as crossed only near the rest of the way (chosen: the
physics counts a marker when the body is low over it)."""
COLUMNS = ("forward", "lateral", "height", "face", "attempts")
"""A row of a table: cm forward along the throw, cm to its left, the body's
centre above the surface at rest, the face up (index in the spec's faces or
sides), the attempts the physics took."""


def spec_numbers(spec: ThrowSpec) -> dict[str, Any]:
    """The numbers of ``spec`` that decide where it lands (not what it
    watches, nor its faces' names): a table is valid for a spec with the same."""
    body = spec.body
    out: dict[str, Any] = {"body": type(body).__name__}
    out.update({f.name: getattr(body, f.name) for f in fields(body) if f.name not in ("faces", "sides")})
    for f in fields(spec):
        if f.name not in ("name", "body", "watched", "markers", "marker_radius"):
            out[f.name] = getattr(spec, f.name)
    return {k: (float(v) if isinstance(v, float) else v) for k, v in out.items()}


def _faces(spec: ThrowSpec) -> tuple[str, ...]:
    return spec.body.faces if isinstance(spec.body, Die12) else spec.body.sides


@dataclass(frozen=True)
class LandingTable:
    """Measured landings of one spec: ``rows[i]`` holds the landings at
    ``strengths[i]`` as an (n, 5) array of :data:`COLUMNS`, sorted by the
    forward distance (every strength has the same n)."""

    name: str
    spec: Mapping[str, Any]
    strengths: tuple[float, ...]
    rows: tuple[np.ndarray, ...]

    def __post_init__(self) -> None:
        if not self.strengths or len(self.strengths) != len(self.rows):
            raise ValueError(f"landing table {self.name!r}: one block of rows per strength")
        if list(self.strengths) != sorted(self.strengths):
            raise ValueError(f"landing table {self.name!r}: strengths must rise")
        sizes = {r.shape for r in self.rows}
        if len(sizes) != 1 or next(iter(sizes))[1] != len(COLUMNS) or next(iter(sizes))[0] == 0:
            raise ValueError(f"landing table {self.name!r}: every strength needs the same rows of {len(COLUMNS)} columns")

    @property
    def samples(self) -> int:
        return int(self.rows[0].shape[0])

    def rethrow_share(self, i: int) -> float:
        """Share of the landings at ``strengths[i]`` the physics threw again
        at least once (the body landed cocked or did not settle)."""
        return float(np.mean(self.rows[i][:, 4] > 1))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "spec": dict(self.spec),
            "columns": list(COLUMNS),
            "strengths": list(self.strengths),
            "rows": [[[round(float(v), 3) for v in row] for row in block] for block in self.rows],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LandingTable:
        if data.get("format") != FORMAT or list(data.get("columns", ())) != list(COLUMNS):
            raise ValueError(f"landing table: format {FORMAT} with columns {list(COLUMNS)} expected")
        rows = tuple(np.asarray(block, dtype=float).reshape(-1, len(COLUMNS)) for block in data["rows"])
        return cls(str(data["name"]), dict(data["spec"]), tuple(float(s) for s in data["strengths"]), rows)


def measure(spec: ThrowSpec, strengths: Iterable[float], samples: int, seed: int = 0) -> LandingTable:
    """Throw ``spec`` ``samples`` times at each strength on an open table
    (seeds ``seed``, ``seed + 1``, ...; the same for every strength, as the
    physics draws its scatter from them) and keep where each landed."""
    from engine.geometry.battlefield import Battlefield

    half = OPEN_TABLE / 2
    bf = Battlefield("open table", box(-half, -half, half, half), ())
    faces = _faces(spec)
    blocks = []
    for s in strengths:
        block = []
        for k in range(samples):
            got = throw(bf, spec, (0.0, 0.0), (1.0, 0.0), float(s), seed + k, record=False)
            x, y, z = got.position
            block.append((x, y, z, faces.index(got.face), got.attempts))
        arr = np.array(block, dtype=float)
        blocks.append(arr[np.argsort(arr[:, 0], kind="stable")])
    return LandingTable(spec.name, spec_numbers(spec), tuple(float(s) for s in strengths), tuple(blocks))


def _tops(bf: Battlefield) -> np.ndarray:
    """Every solid's top height, in file order (kept on the battlefield)."""
    return bf.derived(("solid tops",), lambda: np.array([solid.top for solid in bf.solids], dtype=float))


def _arc(spec: ThrowSpec, strength: float):
    """The aimed flight's height above the start over the distance along
    the way (no scatter, no drag): 0 once it is down, the body rolling."""
    from engine.geometry.throws import GRAVITY

    v = strength * spec.max_speed
    if v <= 0.0:
        return lambda d: 0.0
    a = math.radians(spec.elevation)
    slope, fall = math.tan(a), GRAVITY / (2.0 * (v * math.cos(a)) ** 2)
    return lambda d: max(0.0, d * slope - fall * d * d)


def _comes_down(arc: Any, d0: float, d1: float, rise: float) -> float:
    """Where between ``d0`` (cleared) and ``d1`` (not) the arc comes down to ``rise``."""
    for _ in range(30):
        mid = (d0 + d1) / 2
        if arc(mid) >= rise:
            d0 = mid
        else:
            d1 = mid
    return d1


def land(
    bf: Battlefield,
    spec: ThrowSpec,
    table: LandingTable,
    start: Sequence[float],
    direction: Sequence[float],
    strength: float,
    seed: int,
) -> Landing:
    """A landing drawn from ``table`` for a throw of ``spec`` on ``bf`` (see
    the module's docstring); the arguments are :func:`throw`'s."""
    if not 0.0 <= float(strength) <= 1.0:
        raise ThrowError(f"strength must be in [0, 1], got {strength!r}")
    dx, dy = float(direction[0]), float(direction[1])
    norm = math.hypot(dx, dy)
    if norm == 0.0:
        raise ThrowError("a throw needs a direction")
    ux, uy = dx / norm, dy / norm
    rng = random.Random(int(seed) & 0xFFFFFFFF)
    s = float(strength)
    grid = table.strengths
    hi = min(max(bisect.bisect_left(grid, s), 1), len(grid) - 1) if len(grid) > 1 else 0
    lo = max(hi - 1, 0)
    span = grid[hi] - grid[lo]
    frac = min(max((s - grid[lo]) / span, 0.0), 1.0) if span > 0 else 0.0
    k = int(rng.random() * table.samples)
    a, b = table.rows[lo][k], table.rows[hi][k]
    forward = float(a[0] + frac * (b[0] - a[0]))
    lateral = float(a[1] + frac * (b[1] - a[1]))
    row = b if rng.random() < frac else a
    height, face, attempts = float(row[2]), _faces(spec)[int(row[3])], int(row[4])
    sx, sy = float(start[0]), float(start[1])
    start_z = float(start[2]) if len(start) > 2 else bf.surface_height(sx, sy)
    x, y = sx + forward * ux - lateral * uy, sy + forward * uy + lateral * ux
    radius = spec.body.radius
    touched: list[str] = []
    z = height
    feet = bf.footprint_array if bf.scenery else None
    if feet is not None and len(feet):
        tops = _tops(bf)
        # The piece the throw starts on does not stop it; one too tall to roll over does.
        tall = (tops > start_z + CLIMB * radius) & ~(shapely.intersects_xy(feet, sx, sy) & (np.abs(tops - start_z) < 1e-3))
        wall: int | None = None
        gx, gy = x - sx, y - sy
        gap = math.hypot(gx, gy)
        if gap > 1e-9 and tall.any():
            line = LineString([(sx, sy), (x, y)])
            arc = _arc(spec, s)
            first = math.inf
            for j in np.flatnonzero(tall & shapely.intersects(feet, line)):
                coords = shapely.get_coordinates(line.intersection(feet[j]))
                if not len(coords):
                    continue
                # The way is straight: how far along it is each point's projection on its direction.
                along = ((coords[:, 0] - sx) * gx + (coords[:, 1] - sy) * gy) / gap
                d0, d1 = float(along.min()), float(along.max())
                rise = float(tops[j]) - start_z
                if arc(d1) >= rise:
                    continue  # flown over (the arc is highest between its ends)
                stop = max(d0 - radius - 0.05, 0.0) if arc(d0) < rise else _comes_down(arc, d0, d1, rise)
                if stop < first:
                    first, wall = stop, int(j)
            if wall is not None:
                x, y = sx + first * gx / gap, sy + first * gy / gap
        ceiling = max(start_z, 0.0) + CLIMB * radius + 1e-6
        if wall is not None:
            ceiling = max(ceiling, float(tops[wall]) + 1e-6)  # come down on its top, or stopped below it
        under = shapely.intersects_xy(feet, x, y) & (tops <= ceiling)
        rest = int(np.argmax(np.where(under, tops, -np.inf))) if under.any() else None
        z = height + (float(tops[rest]) if rest is not None else 0.0)
        for piece in (wall, rest):
            if piece is not None:
                ident = bf.solids[piece].id
                if ident in spec.watched and ident not in touched:
                    touched.append(ident)
    near = spec.marker_radius + radius * 0.5
    if spec.markers:
        low = LineString([(sx + LOW_STRETCH * (x - sx), sy + LOW_STRETCH * (y - sy)), (x, y)])
        for tx, ty in spec.markers:
            key = marker_name((tx, ty))
            if key not in touched and low.distance(Point(tx, ty)) < near:
                touched.append(key)
    position = (float(x), float(y), float(z))
    return Landing(
        kind=spec.name,
        position=position,
        face=face,
        trajectory=((0.0, (sx, sy, start_z)), (1.0, position)),
        rotations=((1.0, 0.0, 0.0, 0.0),),
        touched=tuple(touched),
        attempts=attempts,
        settled=True,
        in_play_zone=bool(bf.play_zone.covers(Point(x, y))),
    )


__all__ = ["CLIMB", "COLUMNS", "LandingTable", "land", "measure", "spec_numbers"]
