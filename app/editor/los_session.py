"""The line-of-sight debugger without a window: two figurines on a
battlefield and the engine's verdict between them.

``toybox los FILE --from ... --to ...`` prints from here, the debugger window
(``app.editor.los_window``) draws from here, and the tests drive it the same way.
Every verdict, ray and blocker is the engine's
(:mod:`engine.little_soldiers.table.sightlines`); this module only keeps the state (who
stands where, which one is being dragged) and formats answers.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from shapely.geometry import Point
from shapely.ops import nearest_points

from engine.core.files import DataError
from engine.geometry.battlefield import Battlefield
from engine.geometry.sight import Sight
from engine.little_soldiers.battlefields import GEOMETRY_ERRORS, refusal
from engine.little_soldiers.data import FIGURINE_TYPES
from engine.little_soldiers.names import piece_name
from engine.little_soldiers.table import vocabulary
from engine.little_soldiers.table.figures import figure_size
from engine.little_soldiers.table.sightlines import Stand, describe, figurine_sight, sight_json, stand, target_map

ROLES = ("attacker", "target")


def parse_point(text: str) -> tuple[float, float, int | None]:
    """``"x,y"`` or ``"x,y,level"`` (cm; level 0, 1 or 2) -> (x, y, level)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (2, 3):
        raise ValueError(f"{text!r}: expected x,y or x,y,level")
    try:
        x, y = float(parts[0]), float(parts[1])
        level = int(parts[2]) if len(parts) == 3 else None
    except ValueError:
        raise ValueError(f"{text!r}: expected numbers, as in 30,40 or 30,40,1") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"{text!r}: expected finite numbers, as in 30,40 or 30,40,1")
    if level is not None and level not in (0, 1, 2):
        raise ValueError(f"{text!r}: a Level is 0 (the table), 1 or 2")
    return x, y, level


def load(path: str | Path) -> Battlefield:
    """A battlefield file; refused with one sentence naming the bad field."""
    try:  # read through engine.core.files: regular files only, size and depth limits
        return vocabulary.load(Path(path))
    except DataError as err:
        raise ValueError(str(err)) from None
    except GEOMETRY_ERRORS as err:  # the loader's refusal, or GEOS failing on degenerate sizes
        text = refusal(err)
        raise ValueError(text if text.startswith(str(path)) else f"{path}: {text}") from None


DEFAULT_CLEARANCE = 0.5
"""cm (chosen) between a default figurine's base and the scenery beside it."""


def free_spot(bf: Battlefield, kind: str, x: float, y: float) -> tuple[float, float, None]:
    """The table spot nearest (x, y) where a ``kind`` figurine's base stands
    clear of the scenery: the default figurines (a quarter in from each edge)
    stood inside Bootcamp's cereal box, and the first verdict a designer saw
    came with "the base overlaps the scenery"."""
    free: Any = bf.free_space(figure_size(kind).base_radius + DEFAULT_CLEARANCE)  # shapely: typed as the bare base
    point = Point(x, y)
    if free.is_empty or free.contains(point):
        return x, y, None
    near = nearest_points(free, point)[0]
    return round(near.x, 2), round(near.y, 2), None


@dataclass(frozen=True)
class Figurine:
    kind: str
    spot: Stand


class LosSession:
    """Two figurines on one battlefield. ``place`` moves one (a click, a drag
    frame, a command-line point); ``sight`` is the engine's answer."""

    def __init__(self, bf: Battlefield, attacker: Figurine, target: Figurine) -> None:
        self.bf = bf
        self.figurines = {"attacker": attacker, "target": target}
        self.selected = "target"
        self._sight: Sight | None = None
        self._map: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    @classmethod
    def open(cls, path: str | Path, start: str | None = None, end: str | None = None,
             attacker: str = "infantry", target: str = "infantry") -> LosSession:
        """A session on a file; figurines at ``start``/``end`` ("x,y[,level]"),
        by default a quarter of the table in from the left and right edges."""
        bf = load(path)
        for kind in (attacker, target):
            if kind not in FIGURINE_TYPES:
                raise ValueError(f"unknown figurine type {kind!r}; expected one of {', '.join(FIGURINE_TYPES)}")
        minx, miny, maxx, maxy = bf.play_zone.bounds
        cy = (miny + maxy) / 2
        a = parse_point(start) if start else free_spot(bf, attacker, minx + 0.15 * (maxx - minx), cy)
        b = parse_point(end) if end else free_spot(bf, target, maxx - 0.15 * (maxx - minx), cy)
        return cls(bf, Figurine(attacker, stand(bf, *a)), Figurine(target, stand(bf, *b)))

    # ------------------------------------------------------------- state
    def place(self, role: str, x: float, y: float, level: int | None = None) -> None:
        """Stand figurine ``role`` at (x, y): on the surface under the point,
        or on Level ``level`` scenery there (refused with a sentence)."""
        fig = self.figurines[role]
        self.figurines[role] = replace(fig, spot=stand(self.bf, x, y, level))
        self._sight = None
        if role == "attacker":
            self._map = None

    def set_kind(self, role: str, kind: str) -> None:
        if kind not in FIGURINE_TYPES:
            raise ValueError(f"unknown figurine type {kind!r}")
        self.figurines[role] = replace(self.figurines[role], kind=kind)
        self._sight = None
        self._map = None

    def swap(self) -> None:
        """Turn the question round: the target now looks at the attacker."""
        a, t = self.figurines["attacker"], self.figurines["target"]
        self.figurines = {"attacker": t, "target": a}
        self._sight = None
        self._map = None

    def pick(self, x: float, y: float) -> str | None:
        """The figurine whose base is under (x, y), if any (it becomes selected)."""
        for role, fig in self.figurines.items():
            r = figure_size(fig.kind).base_radius
            if (fig.spot.x - x) ** 2 + (fig.spot.y - y) ** 2 <= (r + 0.5) ** 2:
                self.selected = role
                return role
        return None

    def pick_ray(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> str | None:
        """The figurine the ray from ``a`` through ``b`` (engine cm: the pointer's) passes
        through, base to head, the nearest first (it becomes selected). A figurine
        standing behind a shoebox shows only its head over the box; the ray through its
        head meets the table far behind its base, so picking by the table point missed it."""
        o, d = np.asarray(a, float), np.asarray(b, float) - np.asarray(a, float)
        best: tuple[float, str] | None = None
        for role, fig in self.figurines.items():
            size = figure_size(fig.kind)
            z0 = float(fig.spot.z)
            t, gap = _ray_to_axis(o, d, (fig.spot.x, fig.spot.y), z0, z0 + size.height)
            if t > 0 and gap <= size.base_radius + 0.5 and (best is None or t < best[0]):
                best = (t, role)
        if best is None:
            return None
        self.selected = best[1]
        return best[1]

    # ------------------------------------------------------------ answers
    def sight(self) -> Sight:
        if self._sight is None:
            a, t = self.figurines["attacker"], self.figurines["target"]
            self._sight = figurine_sight(self.bf, a.spot, t.spot, a.kind, t.kind)
        return self._sight

    def target_map(self, cell: float = 2.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From the attacker: 1 where a target standing there is valid, 0 where not."""
        if self._map is None:
            a, t = self.figurines["attacker"], self.figurines["target"]
            self._map = target_map(self.bf, a.spot, a.kind, t.kind, cell)
        return self._map

    def placement_note(self, role: str) -> str | None:
        """Why a figurine could not really stand there (it is still measured)."""
        fig = self.figurines[role]
        size = figure_size(fig.kind)
        return self.bf.check_placement((fig.spot.x, fig.spot.y), size.base_radius, fig.spot.surface, height=size.height)

    def where(self, role: str, named: bool = False) -> str:
        """Where a figurine stands; ``named``: the top it stands on by the piece's
        name as a player reads it (the window), else by its id (the command's report)."""
        fig = self.figurines[role]
        s = fig.spot
        top = s.surface if s.surface is None or not named else self.piece_words(s.surface)
        on = "the table" if s.surface is None else f"'{top}' (Level {s.level})"
        return f"{fig.kind} at ({round(s.x, 1):g}, {round(s.y, 1):g}) on {on}"

    def piece_words(self, piece_id: str) -> str:
        """A scenery piece by the name the game's log and tooltips give it (the window
        said "blocked by cereal-box-east", the battlefield file's id)."""
        try:
            return piece_name(self.bf.piece(piece_id))
        except KeyError:
            return piece_id.replace("-", " ").replace("_", " ")

    def blocker_words(self, sight: Sight) -> str:
        """What blocks the sight, by name ("nothing" when clear)."""
        return ", ".join(sorted(self.piece_words(b) for b in sight.blockers)) or "nothing"

    def report(self) -> str:
        lines = [f"{role}: {self.where(role)}" for role in ROLES]
        for role in ROLES:
            note = self.placement_note(role)
            if note:
                lines.append(f"note: the {role} could not stand there ({note}); measured anyway")
        lines.append(describe(self.sight()))
        return "\n".join(lines)

    def as_json(self) -> str:
        return json.dumps(sight_json(self.sight()))


def _ray_to_axis(o: np.ndarray, d: np.ndarray, xy: tuple[float, float], z0: float, z1: float) -> tuple[float, float]:
    """How far along the ray ``o + t d`` it comes nearest to the vertical segment at ``xy``
    from ``z0`` to ``z1``, and how near (cm): sampled along the segment, which is short."""
    best = (0.0, math.inf)
    dd = float(d @ d) or 1.0
    for z in np.linspace(z0, z1, 13):
        p = np.array([xy[0], xy[1], z])
        t = float((p - o) @ d) / dd
        gap = float(np.linalg.norm(o + t * d - p))
        if gap < best[1]:
            best = (t, gap)
    return best


def run_cli(file: str, start: str, end: str, attacker: str = "infantry", target: str = "infantry",
            as_json: bool = False) -> tuple[str, int]:
    """What ``toybox los`` prints, and its exit status: 0 once the question
    is answered, valid or not (a bad question raises ValueError: status 2)."""
    session = LosSession.open(file, start, end, attacker, target)
    a, t = session.figurines["attacker"], session.figurines["target"]
    reach = figure_size(a.kind).base_radius + figure_size(t.kind).base_radius
    if a.spot.surface == t.spot.surface and math.hypot(a.spot.x - t.spot.x, a.spot.y - t.spot.y) < reach:
        raise ValueError(f"the attacker at {start} and the target at {end} stand on the same spot (their bases "
                         f"overlap); place them at least {reach:g} cm apart")
    return (session.as_json() if as_json else session.report()), 0

