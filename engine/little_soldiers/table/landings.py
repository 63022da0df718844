"""A thrown thing's landing, checked like a die's face: a record is a claim.

Chance outcomes are kept in records (format 2), so a landing in a record or a
save is a claim someone made: the engine replays it only when the physics
could have put the Grenade die, the Mortar token or the Battle Royale
parachute token (a Mortar shot of the green Move token) there:

* well-formed: finite coordinates within :data:`TABLE_BOUND_CM`, a face of
  the thrown thing, Teleporters of this battlefield named once each, and the
  scatter seed a 32-bit unsigned whole number (what real games draw);
* within the throw's reach: no farther from where it was thrown than the
  reach model allows for the recorded strength (:func:`reach`: the longest
  flight at that strength measured once from the physics, kept as data in
  ``reach.json`` by ``measure_reach.py``, with :data:`REACH_MARGIN` and
  :data:`REACH_SLACK_CM` on top) — unless the body starts inside a scenery
  piece (:func:`starts_in_scenery`), which the model does not measure (its
  landing may then lie inside that piece);
* at rest: on the table or a piece's top within :data:`REST_TOLERANCE_CM`,
  never inside a solid (:mod:`engine.geometry.resting`).

Each refusal is one sentence saying why; replay adds the step. A landing
that is possible but unlikely passes here; ``toybox replay --verify``
re-runs the physics from the recorded seed (:func:`redraw`, :func:`differs`).
The Marshmallow's bounce is no chance outcome: the record keeps the
player's direction only and the replay computes the bounce.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Collection, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine.geometry.battlefield_file import TABLE_BOUND_CM
from engine.geometry.resting import rest_problem
from engine.geometry.throws import GRAVITY, Die12, Disc
from engine.little_soldiers.table.throws import throw_spec

REACH_FILE = Path(__file__).with_name("reach.json")
"""The reach model, measured by ``python -m engine.little_soldiers.table.measure_reach``."""

REACH_MARGIN = 1.25
"""Chosen: a landing may lie this many times the measured longest flight away
(the measurement's seeds are many, not all: a rarer roll may go a little farther)."""

REACH_SLACK_CM = 3.0
"""Chosen: and this much more (cm), for the shortest throws."""

REST_TOLERANCE_CM = 0.5
"""Chosen: how far (cm) a landing's centre may lie from where the body would
rest (above a surface, or into a solid) and still be a place it could rest."""


SEED_LIMIT = 2**32
"""Real games draw a landing's scatter seed as 32 random bits."""

VERIFY_TOLERANCE_CM = 0.1
"""Chosen: ``replay --verify`` reports a throw whose recorded landing lies
farther than this from where the same physics puts it (the physics is
deterministic: a record Toybox made on this build differs by 0)."""

NAMES = {"grenade": "Grenade die", "mortar": "Mortar token", "parachute": "green Move token"}


@cache
def _model() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(REACH_FILE.read_text(encoding="utf-8"))
    return data


def reach(kind: str, strength: float, drop: float = 0.0) -> float:
    """The longest flight (cm) the reach model allows a ``kind`` throw
    (grenade or mortar) at ``strength`` that lands ``drop`` cm below where
    it starts: the measured envelope at the next measured strength and height
    up, times :data:`REACH_MARGIN` plus :data:`REACH_SLACK_CM`. Past the
    highest measured height, the extra fall at the strongest horizontal
    speed is added (what a longer fall can add to a flight)."""
    model = _model()
    strengths: list[float] = model["strengths"]
    heights: list[float] = model["heights_cm"]
    table: list[list[float]] = model["reach_cm"][kind]
    s = next((i for i, v in enumerate(strengths) if v >= strength - 1e-9), len(strengths) - 1)
    drop = max(0.0, drop)
    above = [j for j, h in enumerate(heights) if h >= drop - 1e-9]
    if above:
        longest = table[s][above[0]]
    else:
        spec = throw_spec(kind)
        speed = spec.max_speed * strengths[s] * (1.0 + model["scatter_sigmas"] * spec.strength_scatter)
        across = speed * math.cos(math.radians(spec.elevation))
        extra = across * (math.sqrt(2 * drop / GRAVITY) - math.sqrt(2 * heights[-1] / GRAVITY))
        longest = table[s][-1] + extra
    return longest * REACH_MARGIN + REACH_SLACK_CM


def extent(kind: str) -> float:
    """How far (cm) any point of the thrown body lies from its centre."""
    body = throw_spec(kind).body
    if isinstance(body, Die12):
        return body.radius
    assert isinstance(body, Disc)
    return math.hypot(body.radius, body.thickness / 2)


def _finite(*values: Any) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


def landing_problem(
    terrain: Any,
    kind: str,
    start: Sequence[float],
    strength: float,
    landing: Any,
    faces: Collection[str],
    teleporters: Collection[str] = (),
    name: str | None = None,
) -> str | None:
    """Why ``landing`` (a Landing action) cannot be where the physics put a
    ``kind`` throw (grenade or mortar) from ``start`` at ``strength`` on
    ``terrain``'s battlefield; None when it could be. ``faces`` are the
    faces it may show, ``teleporters`` the Teleporters it may name."""
    what = NAMES.get(name or kind, name or kind)
    x, y, z = landing.x, landing.y, landing.z
    if not _finite(x, y, z):
        return f"The {what}'s landing must be three finite numbers (cm), not ({x!r}, {y!r}, {z!r})."
    if max(abs(x), abs(y), abs(z)) > TABLE_BOUND_CM:
        return (f"The {what} cannot have landed at ({x:g}, {y:g}, {z:g}): no table reaches "
                f"{TABLE_BOUND_CM:g} cm from its origin.")
    if not isinstance(landing.face, str) or landing.face not in faces:
        return f"{landing.face!r} is not a face of the {what} (its faces: {', '.join(faces)})."
    named = landing.teleporters
    if not isinstance(named, tuple) or not all(isinstance(t, str) for t in named):
        return f"The {what}'s Teleporters must be a list of Teleporter names, not {named!r}."
    for t in named:
        if t not in teleporters:
            known = ", ".join(sorted(teleporters)) or "none carries this throw in this game"
            return f"{t!r} is not a Teleporter the {what} could touch here (Teleporters: {known})."
    if len(set(named)) != len(named):
        return f"The {what} names a Teleporter twice ({', '.join(named)}): a touch is reported once."
    seed = landing.seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        return f"The {what}'s scatter seed must be a whole number from 0 to {SEED_LIMIT - 1} (32 bits), not {seed!r}."
    bf = terrain.bf
    sx, sy = float(start[0]), float(start[1])
    far = math.hypot(x - sx, y - sy)
    allowed = reach(kind, float(strength), bf.surface_height(sx, sy))
    overlapped = starts_in_scenery(bf, kind, (sx, sy))
    if far > allowed and overlapped is None:
        return (f"The {what} cannot have landed at ({x:.1f}, {y:.1f}): that is {far:.1f} cm from where it was thrown "
                f"({sx:.1f}, {sy:.1f}), and a throw at strength {strength:.2f} flies at most {allowed:.1f} cm "
                f"(the reach model, measured from the physics).")
    problem = rest_problem(bf, (x, y, z), extent(kind), REST_TOLERANCE_CM, () if overlapped is None else (overlapped,))
    if problem is not None:
        return f"The {what} cannot have come to rest at ({x:.1f}, {y:.1f}, {z:.1f}): {problem}."
    return None


def touch_problem(
    terrain: Any, kind: str, start: Sequence[float], strength: float, teleporter: str, where: Any,
    name: str | None = None,
) -> str | None:
    """Why a ``kind`` throw from ``start`` at ``strength`` cannot have touched
    the Teleporter ``teleporter`` lying at ``where`` (a shapely geometry: its
    token's disc or its piece's footprint); None when it could have. The
    body touches it on its way, and no point of a flight lies farther from
    its start than the reach model allows (a piece in the way only stops it
    sooner): a claim that a weak throw touched a Teleporter across the table
    is refused like a landing beyond reach, with the same exception for a
    body that starts inside a piece."""
    from shapely.geometry import Point

    what = NAMES.get(name or kind, name or kind)
    bf = terrain.bf
    sx, sy = float(start[0]), float(start[1])
    if starts_in_scenery(bf, kind, (sx, sy)) is not None:
        return None
    gap = max(0.0, float(where.distance(Point(sx, sy))) - extent(kind))
    allowed = reach(kind, float(strength), bf.surface_height(sx, sy))
    if gap > allowed:
        return (f"The {what} cannot have touched the Teleporter {teleporter!r}: it lies {gap:.1f} cm from where the "
                f"{what} was thrown ({sx:.1f}, {sy:.1f}), and a throw at strength {strength:.2f} flies at most "
                f"{allowed:.1f} cm (the reach model, measured from the physics).")
    return None


def toward(
    terrain: Any, kind: str, start: Sequence[float], strength: float, target: Sequence[float], face: str,
) -> tuple[float, float, float]:
    """A place a ``kind`` throw from ``start`` at ``strength`` could rest,
    as near ``target`` (x, y) as the checks allow: on the segment from
    ``target`` back to the start, the first point :func:`landing_problem`
    accepts (a planner's imagined "lands out of harm's way" stays a
    landing the physics could make)."""
    from engine.little_soldiers.actions import Landing

    sx, sy = float(start[0]), float(start[1])
    tx, ty = float(target[0]), float(target[1])
    for k in range(20, -1, -1):
        x, y = sx + (tx - sx) * k / 20, sy + (ty - sy) * k / 20
        z = terrain.bf.surface_height(x, y)
        if landing_problem(terrain, kind, start, strength, Landing(x, y, z, face), (face,)) is None:
            return (x, y, z)
    return (sx, sy, terrain.bf.surface_height(sx, sy))


def starts_in_scenery(bf: Any, kind: str, start: Sequence[float]) -> str | None:
    """The scenery piece a ``kind`` body placed at ``start`` (as the physics
    places it: on the surface there) overlaps, or None. A Grenade flicked
    from a Move token laid against a wall starts partly inside it, and
    Bullet pushes it out by an impulse the reach model does not measure, or
    (a piece Bullet holds as a triangle mesh) it stays inside: such a throw's
    landing is checked for being at rest, not for its reach, and may lie in
    that piece (``replay --verify`` still re-runs it)."""
    from shapely.geometry import Point

    size = extent(kind)
    x, y = float(start[0]), float(start[1])
    z = bf.surface_height(x, y) + throw_spec(kind).body.radius + 0.05
    for solid in bf.near(Point(x, y), size):
        if solid.bottom < z + size and solid.top > z - size:
            return str(solid.id)
    return None


class _Seeded(random.Random):
    """A generator whose next 32 random bits are ``seed``: a state's own
    chance step then throws with the recorded scatter seed."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.recorded = seed

    def getrandbits(self, k: int) -> int:
        return self.recorded & ((1 << k) - 1)


def redraw(state: Any, landing: Any) -> Any:
    """The landing the physics gives the throw now due in ``state`` with the
    scatter seed ``landing`` recorded: the state's own chance step, run."""
    return state.sample_chance(_Seeded(int(landing.seed)))


def differs(recorded: Any, redrawn: Any, tolerance: float = VERIFY_TOLERANCE_CM) -> str | None:
    """How a recorded landing differs from the physics' (a phrase), or None
    when they agree within ``tolerance``."""
    gap = math.dist((recorded.x, recorded.y, recorded.z), (redrawn.x, redrawn.y, redrawn.z))
    if gap > tolerance:
        return (f"recorded at ({recorded.x:.2f}, {recorded.y:.2f}, {recorded.z:.2f}), the physics lands it at "
                f"({redrawn.x:.2f}, {redrawn.y:.2f}, {redrawn.z:.2f}), {gap:.2f} cm away")
    if recorded.face != redrawn.face:
        return f"recorded showing {recorded.face!r}, the physics shows {redrawn.face!r}"
    if tuple(recorded.teleporters) != tuple(redrawn.teleporters):
        return f"recorded touching {list(recorded.teleporters)}, the physics touches {list(redrawn.teleporters)}"
    return None


def verify_chance(state: Any, action: Any) -> tuple[bool, str | None]:
    """For ``replay --verify``: when ``action`` is a thrown thing's landing
    due in ``state``, re-run the physics from its recorded seed: (True, how
    it differs, a phrase, or None); (False, None) for any other chance step."""
    from engine.core.protocol import CHANCE
    from engine.little_soldiers.actions import Landing

    if not isinstance(action, Landing) or state.chance_outcomes() is not None:
        return False, None
    if state.check(CHANCE, action) is not None:
        return True, None  # refused by the replay itself, with its sentence
    return True, differs(action, redraw(state, action))


__all__ = [
    "REACH_MARGIN", "REACH_SLACK_CM", "REST_TOLERANCE_CM", "SEED_LIMIT", "TABLE_BOUND_CM", "VERIFY_TOLERANCE_CM",
    "differs", "extent", "landing_problem", "reach", "redraw", "touch_problem", "toward", "verify_chance",
]
