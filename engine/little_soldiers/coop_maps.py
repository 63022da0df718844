"""What a battlefield offers the co-op team, worked out once per battlefield:
the spots that see each Threat's Target, the straight Moves that reach them
and those that flip a switch on the way (the co-op planner's staging maps,
``engine.little_soldiers.coop_plan``). Shared by every game on the
battlefield; read by the planner only through ``table_maps``."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from engine.little_soldiers import data as D
from engine.little_soldiers.parts.a_new_threat import ANewThreat, Threats
from engine.little_soldiers.terrain import Spot

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

SIGHT_STEP = 2.5
"""cm between the grid points the attack spots are found on (once per battlefield)."""


class TableMaps:
    """What the table offers the co-op team, on a grid of spots (every
    SIGHT_STEP cm where a base fits on the table, all scenery in place),
    worked out once per battlefield and shared by every game on it:

    - ``sees[T]``: spots from which a soldier sees Threat T's whole Target;
    - ``reach[T]``: spots from which one straight yellow Move, clear of the
      scenery, ends at such a spot;
    - ``via[T, n]``: the same Moves that also touch switch n on the way (the
      Move that flips a Force Field and attacks with the Order after it);
    - ``sweep[T]``: for a field needing several switches, spots from which
      one straight Move touches them all (Octocutie's Head: 2 and 4);
    - ``seen[T]``: spots where Threat T's Target sees a soldier's head.

    Straight lines only (a bent cord reaches more), which is what a soldier
    staged against a switch uses."""

    def __init__(self, state: LittleSoldiersState) -> None:
        terrain = state.base_terrain
        minx, miny, maxx, maxy = terrain.zone.bounds
        self.x0, self.y0 = minx + SIGHT_STEP / 2, miny + SIGHT_STEP / 2
        xs = np.arange(self.x0, maxx, SIGHT_STEP)
        ys = np.arange(self.y0, maxy, SIGHT_STEP)
        grid = np.array([(x, y) for y in ys for x in xs])
        free = terrain.free(None)
        grid = grid[shapely.intersects_xy(free, grid[:, 0], grid[:, 1])]
        self.grid = grid
        self.index = {(int(round((x - self.x0) / SIGHT_STEP)), int(round((y - self.y0) / SIGHT_STEP))): i
                      for i, (x, y) in enumerate(grid)}
        spots = [Spot(float(x), float(y), None) for x, y in grid]
        radius = state.chosen.threat_target_radius
        self.sees = {t.id: np.array([r.valid for r in terrain.target_sights(spots, t.target, radius)], dtype=bool)
                     for t in co_op(state).threats.values()}
        self.seen = {t.id: np.array([r.valid for r in terrain.threat_sights(t.target, spots)], dtype=bool)
                     for t in co_op(state).threats.values()}
        # Straight Moves from each spot to each spot within the cord, clear of the scenery.
        cord = state.chosen.yellow_length
        dx = grid[None, :, 0] - grid[:, None, 0]
        dy = grid[None, :, 1] - grid[:, None, 1]
        near = np.hypot(dx, dy) <= cord
        i, j = np.nonzero(near)
        keep = i != j
        i, j = i[keep], j[keep]
        clear = np.ones(len(i), dtype=bool)
        for f in np.linspace(0.125, 0.875, 7):
            px = grid[i, 0] + f * (grid[j, 0] - grid[i, 0])
            py = grid[i, 1] + f * (grid[j, 1] - grid[i, 1])
            clear &= shapely.intersects_xy(free, px, py)
        i, j = i[clear], j[clear]
        touch = terrain.base_radius + D.TOKEN_RADIUS
        self.reach: dict[str, np.ndarray] = {}
        self.via: dict[tuple[str, int], np.ndarray] = {}
        self.sweep: dict[str, np.ndarray] = {}
        n = len(grid)
        for t in co_op(state).threats.values():
            ends = self.sees[t.id][j]
            out = np.zeros(n, dtype=bool)
            out[i[ends]] = True
            self.reach[t.id] = out | self.sees[t.id]
            for k in t.switches:
                sx, sy = co_op(state).ff_at[k]
                ai, aj = grid[i[ends]], grid[j[ends]]
                gap = segment_gaps(np.array([sx, sy]), ai, aj)
                out = np.zeros(n, dtype=bool)
                out[i[ends][gap <= touch]] = True
                self.via[t.id, k] = out
            if len(t.switches) > 1:  # one straight Move touching every switch (ending anywhere)
                every = np.ones(len(i), dtype=bool)
                for k in t.switches:
                    every &= segment_gaps(np.array(co_op(state).ff_at[k]), grid[i], grid[j]) <= touch
                out = np.zeros(n, dtype=bool)
                out[i[every]] = True
                self.sweep[t.id] = out

    def at(self, xy: tuple[float, float]) -> int | None:
        """The grid spot nearest ``xy`` (None off the grid)."""
        ix = int(round((xy[0] - self.x0) / SIGHT_STEP))
        iy = int(round((xy[1] - self.y0) / SIGHT_STEP))
        found = self.index.get((ix, iy))
        if found is not None:
            return found
        best, best_d = None, math.inf
        for ddx in (-1, 0, 1):
            for ddy in (-1, 0, 1):
                k = self.index.get((ix + ddx, iy + ddy))
                if k is not None:
                    d = math.dist(xy, self.grid[k])
                    if d < best_d:
                        best, best_d = k, d
        return best


_MAPS: dict[int, tuple[Any, TableMaps]] = {}
"""Per battlefield (kept alive beside its id): its TableMaps."""


def table_maps(state) -> TableMaps:
    bf = state.base_terrain.bf
    hit = _MAPS.get(id(bf))
    if hit is not None and hit[0] is bf:
        return hit[1]
    maps = TableMaps(state)
    _MAPS[id(bf)] = (bf, maps)
    return maps


def attack_spots(state, threat) -> np.ndarray:
    """Grid spots from which a soldier sees ``threat``'s whole Target (``TableMaps.sees``)."""
    maps = table_maps(state)
    return maps.grid[maps.sees[threat.id]]


def segment_gaps(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from point ``p`` to each segment a[k]-b[k]."""
    d = b - a
    length2 = (d * d).sum(axis=1)
    safe = np.where(length2 == 0, 1.0, length2)
    t = np.clip(((p - a) * d).sum(axis=1) / safe, 0.0, 1.0)
    q = a + t[:, None] * d
    return np.hypot(q[:, 0] - p[0], q[:, 1] - p[1])


__all__ = ["SIGHT_STEP", "TableMaps", "attack_spots", "segment_gaps", "table_maps"]


def co_op(state: LittleSoldiersState) -> Threats:
    """The co-op mission's slice of ``state`` (the Threats, the switches, the track)."""
    return state.slice_of(ANewThreat)


def threat_rules(state: LittleSoldiersState) -> ANewThreat:
    """The co-op mission's part in ``state``'s game (its questions: what the Threats see, a field's state)."""
    part = state.rules.part(ANewThreat)
    if part is None:
        raise LookupError("the co-op planner plays the co-op missions only")
    return part
