"""Dexterity throws: the Grenadier's flicked Grenade die and the Operator's
Mortar token launched by the catapult spoon.

"With a flicking motion, roll the die towards your targets. The die must
roll!" The throw is a rigid-body simulation with Panda3D's bundled Bullet,
headless (no window, no ShowBase). It is deterministic: a fresh world per
attempt, bodies added in file order, fixed 1/240 s steps, and every random
choice (aim scatter, the die's starting orientation) drawn from a generator
seeded with (seed, attempt). Same inputs, same build: same landing, bit for
bit.

A die that has not settled after the settle timeout, or that rests cocked
against scenery, is rethrown, as players do; the attempt number feeds the
generator so the rethrow differs.

Panda3D is imported inside :func:`throw` so that importing
:mod:`engine.geometry` stays light.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from engine.little_soldiers import data

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

STEP_S = 1.0 / 240.0
# Trajectory samples kept for the app's animation: every 4th step (60 Hz).
RECORD_EVERY = 4
# The body counts as at rest after this many consecutive quiet steps.
QUIET_STEPS = 24
QUIET_LINEAR = 0.5  # cm/s
QUIET_ANGULAR = 0.5  # rad/s
GRAVITY = 981.0  # cm/s^2

_PHI = (1.0 + math.sqrt(5.0)) / 2.0
# Face normals of the pentagonal dodecahedron of d12_vertices (cyclic
# permutations of (0, +-phi, +-1)), in the order data.GRENADE_DIE_FACES
# names them.
D12_FACE_NORMALS = np.array(
    [
        (0, _PHI, 1), (0, -_PHI, 1), (0, _PHI, -1), (0, -_PHI, -1),
        (1, 0, _PHI), (-1, 0, _PHI), (1, 0, -_PHI), (-1, 0, -_PHI),
        (_PHI, 1, 0), (-_PHI, 1, 0), (_PHI, -1, 0), (-_PHI, -1, 0),
    ],
    dtype=float,
) / math.sqrt(1.0 + _PHI * _PHI)


def d12_vertices(radius: float) -> np.ndarray:
    """The 20 corners of a dodecahedron with circumradius ``radius``."""
    inv = 1.0 / _PHI
    pts = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1, 1):
        for b in (-1, 1):
            pts += [(0, a * inv, b * _PHI), (a * inv, b * _PHI, 0), (a * _PHI, 0, b * inv)]
    v = np.array(pts, dtype=float)
    return v * (radius / math.sqrt(3.0))


@dataclass(frozen=True)
class Landing:
    """Where a thrown die or token came to rest.

    ``face`` is the die face up ("3", "5", "7", "boom") or the token side
    ("front", "back"); ``value`` its number. ``trajectory`` is a list of
    (t, (x, y, z)) at 60 Hz for the app to animate, with the matching
    orientations (w, x, y, z) in ``rotations``.
    """

    kind: str
    position: tuple[float, float, float]
    face: str
    value: int
    trajectory: tuple[tuple[float, tuple[float, float, float]], ...]
    rotations: tuple[tuple[float, float, float, float], ...]
    touched_teleporter: bool
    teleporters: tuple[str, ...]
    attempts: int
    settled: bool
    in_play_zone: bool


class ThrowError(ValueError):
    pass


def _unit_quaternion(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """A uniformly random orientation (Shoemake's method)."""
    u1, u2, u3 = rng.random(3)
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return (
        b * math.cos(2 * math.pi * u3),
        a * math.sin(2 * math.pi * u2),
        a * math.cos(2 * math.pi * u2),
        b * math.sin(2 * math.pi * u3),
    )


def _build_world(bf: Battlefield):
    from panda3d.bullet import (
        BulletBoxShape,
        BulletCylinderShape,
        BulletPlaneShape,
        BulletRigidBodyNode,
        BulletTriangleMesh,
        BulletTriangleMeshShape,
        BulletWorld,
        ZUp,
    )
    from panda3d.core import BitMask32, NodePath, Point3, TransformState, Vec3

    world = BulletWorld()
    world.setGravity(Vec3(0, 0, -GRAVITY))
    root = NodePath("throw")
    table = BulletRigidBodyNode("table")
    # Two bodies collide when their collide masks share a bit. Every static
    # body gets a bit of its own (the thrown body has them all), so Bullet
    # makes no contacts between scenery and the table: without this it
    # computed ~20 static-static contact manifolds every step, nearly half
    # the physics time, and the teleporter check walked them all in Python.
    table.setIntoCollideMask(BitMask32.bit(0))
    table.addShape(BulletPlaneShape(Vec3(0, 0, 1), 0))
    table.setFriction(0.6)
    table.setRestitution(0.3)
    world.attachRigidBody(table)
    root.attachNewNode(table)
    teleporters = []
    for i, (solid, piece) in enumerate(zip(bf.solids, bf.scenery)):
        node = BulletRigidBodyNode(f"scenery:{piece.id}")
        node.setIntoCollideMask(BitMask32.bit(1 + i % 31))
        x, y, z = piece.at
        height = solid.top - solid.bottom
        if solid.kind == "box":
            _, _, hw, hd, _ = solid.params
            shape = BulletBoxShape(Vec3(hw, hd, height / 2.0))
            node.addShape(shape, TransformState.makePosHpr(Point3(x, y, z + height / 2.0), Vec3(piece.rotation, 0, 0)))
        elif solid.kind == "cylinder":
            cx, cy, radius = solid.params
            shape = BulletCylinderShape(radius, height, ZUp)
            node.addShape(shape, TransformState.makePos(Point3(cx, cy, z + height / 2.0)))
        else:
            mesh = BulletTriangleMesh()
            for tri in solid.mesh.triangles:
                mesh.addTriangle(*(Point3(*map(float, v)) for v in tri))
            node.addShape(BulletTriangleMeshShape(mesh, dynamic=False))
        node.setFriction(0.6)
        node.setRestitution(0.3)
        world.attachRigidBody(node)
        root.attachNewNode(node)
        if piece.object == "teleporter":
            teleporters.append((piece.id, node))
    return world, root, teleporters


def _make_body(kind: str):
    from panda3d.bullet import BulletConvexHullShape, BulletCylinderShape, BulletRigidBodyNode, ZUp
    from panda3d.core import BitMask32, Point3

    body = BulletRigidBodyNode(kind)
    body.setIntoCollideMask(BitMask32.allOn())  # meets every static body
    if kind == "grenade":
        shape = BulletConvexHullShape()
        for v in d12_vertices(data.GRENADE_DIE_RADIUS):
            shape.addPoint(Point3(*map(float, v)))
        body.addShape(shape)
        body.setMass(data.GRENADE_DIE_MASS)
        size = data.GRENADE_DIE_RADIUS
    else:
        body.addShape(BulletCylinderShape(data.MORTAR_TOKEN_RADIUS, data.MORTAR_TOKEN_THICKNESS, ZUp))
        body.setMass(data.MORTAR_TOKEN_MASS)
        size = data.MORTAR_TOKEN_RADIUS
    body.setFriction(0.6)
    body.setRestitution(0.3)
    body.setLinearDamping(0.05)
    # A flat token spins on its rim like a coin for seconds in a frictionless
    # world; stronger angular damping stands in for rolling friction.
    body.setAngularDamping(0.15 if kind == "grenade" else 0.5)
    body.setCcdMotionThreshold(size * 0.5)
    body.setCcdSweptSphereRadius(size * 0.5)
    return body


def _face_up(kind: str, quat: tuple[float, float, float, float]) -> tuple[str, int, float]:
    """Face name, value and tilt (cosine of the up normal with z)."""
    w, x, y, z = quat
    # Third row of the rotation matrix: z components of the rotated axes.
    row = np.array([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)])
    if kind == "grenade":
        ups = D12_FACE_NORMALS @ row
        k = int(np.argmax(ups))
        face = data.GRENADE_DIE_FACES[k]
        return face, data.GRENADE_FACE_VALUES[face], float(ups[k])
    up = float(row[2])
    face = "front" if up >= 0 else "back"
    return face, data.MORTAR_TOKEN_SIDES[face], abs(up)


def _launch(kind: str, direction, strength: float, rng: np.random.Generator):
    """Initial velocity and spin after the aim's scatter."""
    yaw = math.atan2(float(direction[1]), float(direction[0]))
    yaw += math.radians(rng.normal(0.0, data.THROW_DIRECTION_SCATTER_DEG))
    strength = float(strength) * (1.0 + rng.normal(0.0, data.THROW_STRENGTH_SCATTER))
    strength = min(max(strength, 0.0), 1.5)
    if kind == "grenade":
        speed = strength * data.GRENADE_MAX_SPEED
        elevation = math.radians(data.GRENADE_LAUNCH_ELEVATION)
    else:
        speed = strength * data.MORTAR_MAX_SPEED
        elevation = math.radians(data.MORTAR_LAUNCH_ELEVATION)
    vx = speed * math.cos(elevation) * math.cos(yaw)
    vy = speed * math.cos(elevation) * math.sin(yaw)
    vz = speed * math.sin(elevation)
    # Spin about the horizontal axis across the throw, so the die rolls
    # forward; a little random wobble on the other axes.
    spin = data.GRENADE_SPIN * (1.0 + 0.2 * rng.normal()) if kind == "grenade" else 8.0 * rng.normal()
    wobble = rng.normal(0.0, 3.0, size=2)
    w = (
        -math.sin(yaw) * spin + wobble[0],
        math.cos(yaw) * spin + wobble[1],
        rng.normal(0.0, 2.0),
    )
    return (vx, vy, vz), w


def throw(
    bf: Battlefield,
    kind: str,
    start: Sequence[float],
    direction: Sequence[float],
    strength: float,
    seed: int,
) -> Landing:
    """Throw the Grenade die (``kind="grenade"``) or the Mortar token
    (``"mortar"``) from ``start`` (x, y[, z]) along ``direction`` (x, y) with
    ``strength`` in [0, 1]; scatter comes from ``seed``."""
    if kind not in ("grenade", "mortar"):
        raise ThrowError(f"unknown throw {kind!r}; expected 'grenade' or 'mortar'")
    if not 0.0 <= float(strength) <= 1.0:
        raise ThrowError(f"strength must be in [0, 1], got {strength!r}")
    if math.hypot(float(direction[0]), float(direction[1])) == 0.0:
        raise ThrowError("a throw needs a direction")
    from panda3d.core import LQuaternionf, Point3, Vec3

    half = data.GRENADE_DIE_RADIUS if kind == "grenade" else data.MORTAR_TOKEN_RADIUS
    x, y = float(start[0]), float(start[1])
    z = float(start[2]) if len(start) > 2 else bf.surface_height(x, y) + half + 0.05
    tele_tokens = [t.at for t in bf.tokens if t.kind == "teleporter"]
    max_steps = int(round(data.THROW_SETTLE_TIMEOUT_S / STEP_S))
    result = None
    for attempt in range(1, data.THROW_MAX_ATTEMPTS + 1):
        rng = np.random.Generator(np.random.PCG64([int(seed) & 0xFFFFFFFF, attempt]))
        world, root, teleporters = _build_world(bf)
        body = _make_body(kind)
        path = root.attachNewNode(body)
        path.setPos(x, y, z)
        q = _unit_quaternion(rng) if kind == "grenade" else (1.0, 0.0, 0.0, 0.0)
        path.setQuat(LQuaternionf(*q))
        world.attachRigidBody(body)
        teleporter_ids = {piece_id for piece_id, _ in teleporters}
        velocity, spin = _launch(kind, direction, strength, rng)
        body.setLinearVelocity(Vec3(*velocity))
        body.setAngularVelocity(Vec3(*spin))
        trajectory = []
        rotations = []
        touched: list[str] = []
        quiet = 0
        settled = False
        step = 0
        for step in range(1, max_steps + 1):
            world.doPhysics(STEP_S, 0, STEP_S)
            pos = path.getPos()
            if step % RECORD_EVERY == 0:
                quat = path.getQuat()
                trajectory.append((step * STEP_S, (pos.x, pos.y, pos.z)))
                rotations.append((quat.getR(), quat.getI(), quat.getJ(), quat.getK()))
            if teleporters:
                # Contact manifolds Bullet already computed this step: no
                # extra collision query.
                for manifold in world.getManifolds():
                    if manifold.getNumManifoldPoints() == 0:
                        continue
                    names = (manifold.getNode0().getName(), manifold.getNode1().getName())
                    if kind in names:
                        other = names[1] if names[0] == kind else names[0]
                        piece_id = other.removeprefix("scenery:")
                        if piece_id in teleporter_ids and piece_id not in touched:
                            touched.append(piece_id)
            if pos.z < half * 2.0:
                for tx, ty in tele_tokens:
                    key = f"token@{tx:g},{ty:g}"
                    if key not in touched and math.hypot(pos.x - tx, pos.y - ty) < data.TOKEN_RADIUS + half * 0.5:
                        touched.append(key)
            lin = body.getLinearVelocity().length()
            ang = body.getAngularVelocity().length()
            quiet = quiet + 1 if (lin < QUIET_LINEAR and ang < QUIET_ANGULAR) or not body.isActive() else 0
            if quiet >= QUIET_STEPS:
                settled = True
                break
        pos = path.getPos()
        quat = path.getQuat()
        q = (quat.getR(), quat.getI(), quat.getJ(), quat.getK())
        trajectory.append((step * STEP_S, (pos.x, pos.y, pos.z)))
        rotations.append(q)
        face, value, tilt = _face_up(kind, q)
        cocked = tilt < math.cos(math.radians(data.THROW_COCKED_TILT_DEG))
        from shapely.geometry import Point

        result = Landing(
            kind=kind,
            position=(float(pos.x), float(pos.y), float(pos.z)),
            face=face,
            value=value,
            trajectory=tuple((float(t), tuple(float(c) for c in p)) for t, p in trajectory),
            rotations=tuple(tuple(float(c) for c in r) for r in rotations),
            touched_teleporter=bool(touched),
            teleporters=tuple(touched),
            attempts=attempt,
            settled=settled,
            in_play_zone=bool(bf.play_zone.covers(Point(pos.x, pos.y))),
        )
        if settled and not cocked:
            break
    assert result is not None
    return result
