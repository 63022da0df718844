"""The Grenade die and the Mortar token as thrown things: their
:class:`~engine.geometry.throws.ThrowSpec` filled from ``data.py``, with the
faces the rules score (the game's resolved ``Chosen`` values when given), so
the physics and the scoring read one list of faces.

Teleporters (Objects module) are what a throw watches: a die touching a
Teleporter piece, or crossing a Teleporter token, reappears elsewhere."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.geometry.battlefield import Battlefield
from engine.geometry.throws import Die12, Disc, Landing, ThrowError, ThrowSpec
from engine.geometry.throws import throw as physics_throw
from engine.little_soldiers import data

KINDS: tuple[str, ...] = ("grenade", "mortar")
TELEPORTER = "teleporter"

FULL_FLIGHT_CM: dict[str, float] = {"grenade": 145.0, "mortar": 150.0}
"""How far a full-strength throw goes on a flat table, flight and roll, cm
(measured with this physics over several seeds; chosen): the launch speed is
the strength times the thing's top speed, so the distance grows about as the
strength squared. What aiming by distance reads (``strength_for``)."""

MIN_AIM_STRENGTH = 0.05
"""The weakest strength an aim by distance asks for (chosen: a flick that
still leaves the thrower's hand)."""


def throw_spec(kind: str, bf: Battlefield | None = None, chosen: Any = None) -> ThrowSpec:
    """What the Grenadier flicks (``"grenade"``) or the Operator's catapult
    launches (``"mortar"``); ``chosen`` (the game's resolved values) names the
    die's faces, else ``data.py`` does. With ``bf``, its Teleporters are watched."""
    watched = frozenset(p.id for p in bf.scenery if p.object == TELEPORTER) if bf is not None else frozenset()
    markers = tuple(t.at for t in bf.tokens if t.kind == TELEPORTER) if bf is not None else ()
    common: dict[str, Any] = dict(
        direction_scatter_deg=data.THROW_DIRECTION_SCATTER_DEG,
        strength_scatter=data.THROW_STRENGTH_SCATTER,
        settle_timeout_s=data.THROW_SETTLE_TIMEOUT_S,
        cocked_tilt_deg=data.THROW_COCKED_TILT_DEG,
        max_attempts=data.THROW_MAX_ATTEMPTS,
        watched=watched,
        markers=markers,
        marker_radius=data.TOKEN_RADIUS,
    )
    if kind == "grenade":
        faces = tuple(chosen.grenade_die_faces) if chosen is not None else tuple(data.GRENADE_DIE_FACES)
        return ThrowSpec(
            "grenade",
            Die12(data.GRENADE_DIE_RADIUS, data.GRENADE_DIE_MASS, faces),
            data.GRENADE_MAX_SPEED,
            data.GRENADE_LAUNCH_ELEVATION,
            spin=data.GRENADE_SPIN,
            **common,
        )
    if kind == "mortar":
        sides = tuple(data.MORTAR_TOKEN_SIDES)  # the side names; overrides change only their Hearts
        return ThrowSpec(
            "mortar",
            Disc(data.MORTAR_TOKEN_RADIUS, data.MORTAR_TOKEN_THICKNESS, data.MORTAR_TOKEN_MASS, (sides[0], sides[1])),
            data.MORTAR_MAX_SPEED,
            data.MORTAR_LAUNCH_ELEVATION,
            **common,
        )
    raise ThrowError(f"unknown throw {kind!r}; expected 'grenade' or 'mortar'")


def throw(
    bf: Battlefield,
    kind: str,
    start: Sequence[float],
    direction: Sequence[float],
    strength: float,
    seed: int,
    chosen: Any = None,
    record: bool = True,
) -> Landing:
    """Throw the Grenade die or the Mortar token on ``bf``: see
    :func:`engine.geometry.throws.throw` (``record``: keep the trajectory
    for an animation)."""
    return physics_throw(bf, throw_spec(kind, bf, chosen), start, direction, strength, seed, record)


def flight_distance(kind: str, strength: float) -> float:
    """About how far a throw of ``kind`` at ``strength`` goes on a flat table, cm."""
    return full_flight(kind) * max(0.0, strength) ** 2


def strength_for(kind: str, distance: float) -> float:
    """The strength that throws ``kind`` about ``distance`` cm on a flat table
    (the inverse of :func:`flight_distance`), between ``MIN_AIM_STRENGTH`` and 1."""
    return max(MIN_AIM_STRENGTH, min(1.0, math.sqrt(max(0.0, distance) / full_flight(kind))))


def full_flight(kind: str) -> float:
    if kind not in FULL_FLIGHT_CM:
        raise ThrowError(f"unknown throw {kind!r}; expected 'grenade' or 'mortar'")
    return FULL_FLIGHT_CM[kind]


def face_value(landing: Landing, chosen: Any = None) -> int:
    """What the face up scores: a Grenade face's attack value or the Mortar
    side's Hearts, from ``chosen`` (else ``data.py``)."""
    if landing.kind == "grenade":
        values = chosen.grenade_face_values if chosen is not None else data.GRENADE_FACE_VALUES
    else:
        values = chosen.mortar_token_sides if chosen is not None else data.MORTAR_TOKEN_SIDES
    return values[landing.face]
