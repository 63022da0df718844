"""The balance view: is the scenery "evenly distributed between the two
players" (Bootcamp, Set-up)?

For each side the table is cut into square cells and two heat maps are
measured from that side's deployment areas:

* **see**: for each cell, the share of the side's deployment spots from
  which a figurine standing in the cell would be a valid target (the
  engine's own line of sight, head to head);
* **reach**: for each table cell, how many yellow-cord Moves a figurine
  deployed at the side's tokens needs to get to it (the engine's own
  reachable regions, from the deployment spot nearest each token: a region
  costs a tenth of a second, so one start per token keeps the view live).

A side's *coverage* is the mean of its see map and the share of cells it
reaches within :data:`REACH_MOVES` Moves; the one-line fairness figure
compares the two sides' coverages (1.0: even).

Which side owns a Deployment token: its ``colour`` field when the file has one
(the Advanced Tactics set-up places them "team color side up"); otherwise
the side of the nearest hatched zone. In the Bootcamp any player may draw any
token, so the view then compares the two halves of the table, each around
its hatched zone, which is what "evenly distributed" is about.

Sight uses fewer rays per question than a game decision (:data:`RAYS`): the
map is an overview, and a designer looking at a single pair uses the
line-of-sight debugger, which uses the full count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
import shapely.ops
from shapely.geometry import Point

from engine.geometry.battlefield import Battlefield, Token
from engine.little_soldiers import data
from engine.little_soldiers.table.figures import figure_size, widest_base
from engine.little_soldiers.table.validation import deployment_area

RAYS = 16
REACH_MOVES = 2
MAX_MOVES = 3
CELL = 4.0
SPOTS_PER_TOKEN = 9
SIDES = ("green", "yellow")
EVEN = 0.95
"""Fairness at or above this reads as "even" in the summary line."""


@dataclass(frozen=True)
class SideBalance:
    """One side's heat maps, over the same grid as its :class:`Balance`.

    ``see`` is in [0, 1] per cell (NaN where no figurine can stand);
    ``reach`` is the number of Moves (1..MAX_MOVES, ``inf`` beyond, NaN off
    the table's free space).
    """

    side: str
    spots: tuple[tuple[float, float], ...]
    see: np.ndarray
    reach: np.ndarray

    @property
    def seen(self) -> float:
        """Mean share of deployment spots that see a cell, over standable cells."""
        ok = ~np.isnan(self.see)
        return float(self.see[ok].mean()) if ok.any() else 0.0

    @property
    def reached(self) -> float:
        """Share of the table's free cells reached within REACH_MOVES Moves."""
        ok = ~np.isnan(self.reach)
        return float((self.reach[ok] <= REACH_MOVES).mean()) if ok.any() else 0.0

    @property
    def coverage(self) -> float:
        return (self.seen + self.reached) / 2.0


@dataclass(frozen=True)
class Balance:
    """Both sides' maps on one grid: cell (row j, column i) is centred at
    ``(xs[i], ys[j])``."""

    xs: np.ndarray
    ys: np.ndarray
    cell: float
    sides: tuple[SideBalance, ...]

    @property
    def fairness(self) -> float:
        """min / max of the sides' coverages: 1.0 is even, 0.5 means one
        side covers twice as much of the table as the other."""
        cov = [s.coverage for s in self.sides]
        if len(cov) < 2 or max(cov) <= 0:
            return 1.0
        return min(cov) / max(cov)

    @property
    def favoured(self) -> str | None:
        if len(self.sides) < 2 or self.fairness >= EVEN:
            return None
        return max(self.sides, key=lambda s: s.coverage).side

    def summary(self) -> str:
        """The one-line fairness figure the editor shows."""
        parts = [f"{s.side} sees {s.seen:.0%} and reaches {s.reached:.0%}" for s in self.sides]
        verdict = "even" if self.favoured is None else f"favours {self.favoured}"
        return f"{', '.join(parts)} of the table (in {REACH_MOVES} Moves): fairness {self.fairness:.2f}, {verdict}"


def token_side(bf: Battlefield, token: Token) -> str | None:
    """The side a Deployment token belongs to (see the module docstring)."""
    side = token.props.get("colour")  # its colour side, as the game reads it
    if side in SIDES:
        return side
    best: tuple[float, str] | None = None
    for zone in bf.zones:
        zside = zone.props.get("side")
        if zone.kind != "hatched" or zside not in SIDES:
            continue
        d = zone.polygon.distance(Point(token.at))
        if best is None or d < best[0]:
            best = (d, zside)
    return None if best is None else best[1]


def deployment_spots(bf: Battlefield, token: Token, count: int = SPOTS_PER_TOKEN) -> list[tuple[float, float]]:
    """Up to ``count`` spots a figurine may be deployed at for ``token``: the
    point of its deployment area nearest the token, then the free ones of 8
    points on a ring around it (all 8 are tried, so a table and its mirror
    image get mirrored spots)."""
    area = deployment_area(bf, token)
    if area.is_empty:
        return []
    spots: list[tuple[float, float]] = []
    nearest = shapely.ops.nearest_points(area, Point(token.at))[0]
    spots.append((nearest.x, nearest.y))
    reach = data.TOKEN_RADIUS + data.GREEN_MOVE_TOKEN_LENGTH / 2 + widest_base()
    for k in range(8):
        if len(spots) >= count:
            break
        a = 2 * math.pi * k / 8
        p = Point(token.at[0] + reach * math.cos(a), token.at[1] + reach * math.sin(a))
        if area.covers(p):
            spots.append((p.x, p.y))
    return spots


def grid(bf: Battlefield, cell: float = CELL) -> tuple[np.ndarray, np.ndarray]:
    minx, miny, maxx, maxy = bf.play_zone.bounds
    xs = np.arange(minx + cell / 2, maxx, cell)
    ys = np.arange(miny + cell / 2, maxy, cell)
    return xs, ys


def standing_heights(bf: Battlefield, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Surface height a figurine centred in each cell stands on; NaN where
    none can stand (outside the play zone, inside non-Level scenery)."""
    gx, gy = np.meshgrid(xs, ys)
    out = np.full(gx.shape, np.nan)
    r = widest_base()
    table = shapely.contains_xy(bf.free_space(r), gx, gy)
    out[table] = 0.0
    for piece, solid in sorted(zip(bf.scenery, bf.solids, strict=True), key=lambda ps: ps[1].top):
        if piece.level is None:
            continue
        on = shapely.contains_xy(bf.free_space(r, piece.id), gx, gy)
        out[on] = solid.top  # higher tops are written last
    return out


def visibility_map(bf: Battlefield, eyes: list[tuple[float, float, float]], heights: np.ndarray,
                   xs: np.ndarray, ys: np.ndarray, figure: str = "infantry", rays: int = RAYS) -> np.ndarray:
    """Share of ``eyes`` (head centres) for which a ``figure`` standing in each
    cell is a valid target; NaN where no figurine can stand."""
    out = np.full(heights.shape, np.nan)
    ok = ~np.isnan(heights)
    if not eyes or not ok.any():
        if ok.any():
            out[ok] = 0.0
        return out
    size = figure_size(figure)
    gx, gy = np.meshgrid(xs, ys)
    centres = np.column_stack([gx[ok], gy[ok], heights[ok] + size.head_center_height])
    eye_arr = np.asarray(eyes, dtype=float)
    m, e = len(centres), len(eye_arr)
    with np.errstate(invalid="ignore", divide="ignore"):  # a cell on an eye: degenerate, answered False
            batch = bf.sight_engine.sight_arrays(
            np.repeat(eye_arr, m, axis=0), np.tile(centres, (e, 1)), np.full(m * e, size.head_radius), rays
        )
    seen = np.asarray(batch.valid, dtype=float).reshape(e, m).mean(axis=0)
    out[ok] = seen
    return out


def reach_map(bf: Battlefield, spots: list[tuple[float, float]], xs: np.ndarray, ys: np.ndarray,
              figure: str = "infantry") -> np.ndarray:
    """Moves of the yellow cord needed from the nearest of ``spots`` to each
    table cell (1..MAX_MOVES, inf beyond); NaN off the table's free space."""
    r = figure_size(figure).base_radius
    gx, gy = np.meshgrid(xs, ys)
    free = bf.free_space(r)
    out = np.full(gx.shape, np.nan)
    table = shapely.contains_xy(free, gx, gy)
    out[table] = np.inf
    if not spots:
        return out
    for moves in range(MAX_MOVES, 0, -1):
        cord = moves * data.YELLOW_CORD_LENGTH
        region = shapely.union_all([bf.reachable_region(s, cord, r) for s in spots])
        inside = table & shapely.contains_xy(region, gx, gy)
        out[inside] = moves
    return out


def balance(bf: Battlefield, cell: float = CELL, rays: int = RAYS, figure: str = "infantry") -> Balance:
    """Both sides' see and reach maps and the fairness figure."""
    xs, ys = grid(bf, cell)
    heights = standing_heights(bf, xs, ys)
    head = figure_size(figure).head_center_height
    by_side: dict[str, list[tuple[float, float]]] = {s: [] for s in SIDES}
    for token in bf.tokens:
        if token.kind != "deployment":
            continue
        side = token_side(bf, token)
        for target in (SIDES if side is None else (side,)):
            by_side[target].extend(deployment_spots(bf, token))
    starts: dict[str, list[tuple[float, float]]] = {s: [] for s in SIDES}
    for token in bf.tokens:
        if token.kind != "deployment":
            continue
        side = token_side(bf, token)
        first = deployment_spots(bf, token, 1)
        for target in (SIDES if side is None else (side,)):
            starts[target].extend(first)
    sides = []
    for side in SIDES:
        spots = by_side[side]
        eyes = [(x, y, head) for x, y in spots]  # deployment is on the table (Level 0)
        sides.append(
            SideBalance(
                side,
                tuple(spots),
                visibility_map(bf, eyes, heights, xs, ys, figure, rays),
                reach_map(bf, starts[side], xs, ys, figure),
            )
        )
    return Balance(xs, ys, cell, tuple(sides))
