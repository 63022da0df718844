"""Dexterity throws: a die flicked across the table or a flat token launched
by a catapult spoon (in Little Soldiers, the Grenadier's Grenade die and the
Operator's Mortar token: "With a flicking motion, roll the die towards your
targets. The die must roll!"). The throw is a rigid-body simulation with Panda3D's bundled Bullet,
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

The geometry knows no game: what is thrown (a die's size, mass and face
names; a token's), how hard a full-strength throw is and how much a hand
scatters it come in as a :class:`ThrowSpec` that the game fills from its own
data (Little Soldiers: ``engine.little_soldiers.table.throws``). A landing
names the face up; the game scores it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

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
# permutations of (0, +-phi, +-1)), in the order a Die12's ``faces`` names
# them.
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
    pts: list[tuple[float, float, float]] = [(x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1, 1):
        for b in (-1, 1):
            pts += [(0, a * inv, b * _PHI), (a * inv, b * _PHI, 0), (a * _PHI, 0, b * inv)]
    v = np.array(pts, dtype=float)
    return v * (radius / math.sqrt(3.0))


@dataclass(frozen=True)
class Die12:
    """A twelve-sided die (a pentagonal dodecahedron): ``faces`` names its
    faces in the order of :data:`D12_FACE_NORMALS`."""

    radius: float  # circumradius, cm
    mass: float  # g
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.faces) != len(D12_FACE_NORMALS):
            raise ValueError(f"a twelve-sided die needs 12 face names, got {len(self.faces)}")


@dataclass(frozen=True)
class Disc:
    """A flat round token: ``sides`` names its upper side, then its lower
    side, as it lies before the throw."""

    radius: float  # cm
    thickness: float  # cm
    mass: float  # g
    sides: tuple[str, str] = ("front", "back")


@dataclass(frozen=True)
class ThrowSpec:
    """Everything a throw needs to know about what is thrown and how.

    ``name`` names the body in the simulation and the landing. ``max_speed``
    (cm/s) is the launch speed at strength 1.0 and ``elevation`` (degrees)
    the launch angle above the table; ``spin`` (rad/s) rolls a die forward.
    The aim scatters by ``direction_scatter_deg`` and ``strength_scatter``
    (1 sigma). A body not at rest after ``settle_timeout_s``, or resting
    tilted more than ``cocked_tilt_deg``, is rethrown, up to
    ``max_attempts`` throws. ``watched`` names the scenery pieces whose
    touch the landing reports, and ``markers`` the flat table spots
    ((x, y) within ``marker_radius``) whose crossing it reports.
    """

    name: str
    body: Die12 | Disc
    max_speed: float
    elevation: float
    spin: float = 0.0
    direction_scatter_deg: float = 0.0
    strength_scatter: float = 0.0
    settle_timeout_s: float = 6.0
    cocked_tilt_deg: float = 10.0
    max_attempts: int = 5
    watched: frozenset[str] = field(default_factory=frozenset)
    markers: tuple[tuple[float, float], ...] = ()
    marker_radius: float = 0.0


@dataclass(frozen=True)
class Landing:
    """Where a thrown die or token came to rest.

    ``face`` is the name of the die face or token side up, as the spec names
    it; the game scores it. ``trajectory`` is a list of (t, (x, y, z)) at
    60 Hz for the app to animate, with the matching orientations
    (w, x, y, z) in ``rotations``. ``touched`` lists, in order, the watched
    scenery ids the body touched and the markers it crossed (named
    ``marker@x,y``).
    """

    kind: str
    position: tuple[float, float, float]
    face: str
    trajectory: tuple[tuple[float, tuple[float, float, float]], ...]
    rotations: tuple[tuple[float, float, float, float], ...]
    touched: tuple[str, ...]
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


def marker_name(xy: Sequence[float]) -> str:
    """How a landing names a crossed marker at ``xy``."""
    return f"marker@{float(xy[0]):g},{float(xy[1]):g}"


def _static_shapes(bf: Battlefield) -> tuple:
    """The table's plane and each scenery piece's collision shape with where
    it sits, made once per battlefield and kept on it (``Battlefield.derived``:
    an edit makes a new battlefield). A shape holds no simulation state, so
    the fresh world of every attempt shares them; its bodies and the world
    are new each time (a kept world would carry contacts from throw to
    throw), and the shapes are the ones building them afresh makes."""

    def make() -> tuple:
        from panda3d.bullet import (
            BulletBoxShape,
            BulletCylinderShape,
            BulletPlaneShape,
            BulletTriangleMesh,
            BulletTriangleMeshShape,
            ZUp,
        )
        from panda3d.core import Point3, TransformState, Vec3

        pieces = []
        for solid, piece in zip(bf.solids, bf.scenery, strict=True):
            x, y, z = piece.at
            height = solid.top - solid.bottom
            if solid.kind == "box":
                _, _, hw, hd, _ = solid.params
                pieces.append((piece.id, BulletBoxShape(Vec3(hw, hd, height / 2.0)),
                               TransformState.makePosHpr(Point3(x, y, z + height / 2.0), Vec3(piece.rotation, 0, 0))))
            elif solid.kind == "cylinder":
                cx, cy, radius = solid.params
                pieces.append((piece.id, BulletCylinderShape(radius, height, ZUp),
                               TransformState.makePos(Point3(cx, cy, z + height / 2.0))))
            else:
                mesh = BulletTriangleMesh()
                for tri in solid.mesh.triangles:
                    mesh.addTriangle(*(Point3(*map(float, v)) for v in tri))
                pieces.append((piece.id, BulletTriangleMeshShape(mesh, dynamic=False), None))
        return BulletPlaneShape(Vec3(0, 0, 1), 0), tuple(pieces)

    return bf.derived(("bullet shapes",), make)


def _build_world(bf: Battlefield, watched: frozenset[str]):
    from panda3d.bullet import BulletRigidBodyNode, BulletWorld
    from panda3d.core import BitMask32, NodePath, Vec3

    plane, pieces = _static_shapes(bf)
    world = BulletWorld()
    world.setGravity(Vec3(0, 0, -GRAVITY))
    root = NodePath("throw")
    table = BulletRigidBodyNode("table")
    # Two bodies collide when their collide masks share a bit. Every static
    # body gets a bit of its own (the thrown body has them all), so Bullet
    # makes no contacts between scenery and the table: without this it
    # computed ~20 static-static contact manifolds every step, nearly half
    # the physics time, and the watched-piece check walked them all in Python.
    table.setIntoCollideMask(BitMask32.bit(0))
    table.addShape(plane)
    table.setFriction(0.6)
    table.setRestitution(0.3)
    world.attachRigidBody(table)
    root.attachNewNode(table)
    watching = []
    for i, (ident, shape, place) in enumerate(pieces):
        node = BulletRigidBodyNode(f"scenery:{ident}")
        node.setIntoCollideMask(BitMask32.bit(1 + i % 31))
        if place is None:
            node.addShape(shape)
        else:
            node.addShape(shape, place)
        node.setFriction(0.6)
        node.setRestitution(0.3)
        world.attachRigidBody(node)
        root.attachNewNode(node)
        if ident in watched:
            watching.append(ident)
    return world, root, watching


_BODY_SHAPES: dict = {}
"""The thrown body's collision shape per Die12 or Disc (immutable values),
made once (a shape holds no simulation state)."""


def _body_shape(shaped: Die12 | Disc):
    shape = _BODY_SHAPES.get(shaped)
    if shape is None:
        from panda3d.bullet import BulletConvexHullShape, BulletCylinderShape, ZUp
        from panda3d.core import Point3

        if isinstance(shaped, Die12):
            shape = BulletConvexHullShape()
            for v in d12_vertices(shaped.radius):
                shape.addPoint(Point3(*map(float, v)))
        else:
            shape = BulletCylinderShape(shaped.radius, shaped.thickness, ZUp)
        shape = _BODY_SHAPES[shaped] = shape
    return shape


def _make_body(spec: ThrowSpec):
    from panda3d.bullet import BulletRigidBodyNode
    from panda3d.core import BitMask32

    shaped = spec.body
    body = BulletRigidBodyNode(spec.name)
    body.setIntoCollideMask(BitMask32.allOn())  # meets every static body
    body.addShape(_body_shape(shaped))
    body.setMass(shaped.mass)
    size = shaped.radius
    body.setFriction(0.6)
    body.setRestitution(0.3)
    body.setLinearDamping(0.05)
    # A flat token spins on its rim like a coin for seconds in a frictionless
    # world; stronger angular damping stands in for rolling friction.
    body.setAngularDamping(0.15 if isinstance(shaped, Die12) else 0.5)
    body.setCcdMotionThreshold(size * 0.5)
    body.setCcdSweptSphereRadius(size * 0.5)
    return body


def _face_up(body: Die12 | Disc, quat: tuple[float, float, float, float]) -> tuple[str, float]:
    """Face name and tilt (cosine of the up normal with z)."""
    w, x, y, z = quat
    # Third row of the rotation matrix: z components of the rotated axes.
    row = np.array([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)])
    if isinstance(body, Die12):
        ups = D12_FACE_NORMALS @ row
        k = int(np.argmax(ups))
        return body.faces[k], float(ups[k])
    up = float(row[2])
    return (body.sides[0] if up >= 0 else body.sides[1]), abs(up)


def _launch(spec: ThrowSpec, direction, strength: float, rng: np.random.Generator):
    """Initial velocity and spin after the aim's scatter."""
    yaw = math.atan2(float(direction[1]), float(direction[0]))
    yaw += math.radians(rng.normal(0.0, spec.direction_scatter_deg))
    strength = float(strength) * (1.0 + rng.normal(0.0, spec.strength_scatter))
    strength = min(max(strength, 0.0), 1.5)
    speed = strength * spec.max_speed
    elevation = math.radians(spec.elevation)
    vx = speed * math.cos(elevation) * math.cos(yaw)
    vy = speed * math.cos(elevation) * math.sin(yaw)
    vz = speed * math.sin(elevation)
    # Spin about the horizontal axis across the throw, so the die rolls
    # forward; a little random wobble on the other axes.
    die = isinstance(spec.body, Die12)
    spin = spec.spin * (1.0 + 0.2 * rng.normal()) if die else 8.0 * rng.normal()
    wobble = rng.normal(0.0, 3.0, size=2)
    w = (
        -math.sin(yaw) * spin + wobble[0],
        math.cos(yaw) * spin + wobble[1],
        rng.normal(0.0, 2.0),
    )
    return (vx, vy, vz), w


def throw(
    bf: Battlefield,
    spec: ThrowSpec,
    start: Sequence[float],
    direction: Sequence[float],
    strength: float,
    seed: int,
    record: bool = True,
) -> Landing:
    """Throw what ``spec`` describes from ``start`` (x, y[, z]) along
    ``direction`` (x, y) with ``strength`` in [0, 1]; scatter comes from
    ``seed``. Without ``record`` the landing's trajectory holds only where
    the body came to rest (rules need the landing, not the animation; the
    physics is the same step for step)."""
    if not isinstance(spec, ThrowSpec):
        raise ThrowError(f"a throw needs a ThrowSpec, got {spec!r}")
    kind = spec.name
    if not 0.0 <= float(strength) <= 1.0:
        raise ThrowError(f"strength must be in [0, 1], got {strength!r}")
    if math.hypot(float(direction[0]), float(direction[1])) == 0.0:
        raise ThrowError("a throw needs a direction")
    from panda3d.core import LQuaternionf

    half = spec.body.radius
    x, y = float(start[0]), float(start[1])
    z = float(start[2]) if len(start) > 2 else bf.surface_height(x, y) + half + 0.05
    max_steps = int(round(spec.settle_timeout_s / STEP_S))
    low = half * 2.0
    markers = [(tx, ty, marker_name((tx, ty))) for tx, ty in spec.markers]
    near_marker = spec.marker_radius + half * 0.5
    result = None
    for attempt in range(1, spec.max_attempts + 1):
        rng = np.random.Generator(np.random.PCG64([int(seed) & 0xFFFFFFFF, attempt]))
        world, root, watching = _build_world(bf, spec.watched)
        body = _make_body(spec)
        path = root.attachNewNode(body)
        path.setPos(x, y, z)
        q = _unit_quaternion(rng) if isinstance(spec.body, Die12) else (1.0, 0.0, 0.0, 0.0)
        path.setQuat(LQuaternionf(*q))
        world.attachRigidBody(body)
        watched_ids = set(watching)
        velocity, spin = _launch(spec, direction, strength, rng)
        from panda3d.core import Vec3

        body.setLinearVelocity(Vec3(*velocity))
        body.setAngularVelocity(Vec3(*spin))
        trajectory = []
        rotations = []
        touched: list[str] = []
        quiet = 0
        settled = False
        step = 0
        # Bound methods, looked up once: the loop runs up to 1,440 steps.
        do_physics = world.doPhysics
        get_pos, get_quat = path.getPos, path.getQuat
        linear, angular, active = body.getLinearVelocity, body.getAngularVelocity, body.isActive
        manifolds = world.getManifolds
        for step in range(1, max_steps + 1):
            do_physics(STEP_S, 0, STEP_S)
            if record and step % RECORD_EVERY == 0:
                pos = get_pos()
                quat = get_quat()
                trajectory.append((step * STEP_S, (pos.x, pos.y, pos.z)))
                rotations.append((quat.getR(), quat.getI(), quat.getJ(), quat.getK()))
            if watching:
                # Contact manifolds Bullet already computed this step: no
                # extra collision query.
                for manifold in manifolds():
                    if manifold.getNumManifoldPoints() == 0:
                        continue
                    names = (manifold.getNode0().getName(), manifold.getNode1().getName())
                    if kind in names:
                        other = names[1] if names[0] == kind else names[0]
                        piece_id = other.removeprefix("scenery:")
                        if piece_id in watched_ids and piece_id not in touched:
                            touched.append(piece_id)
            if markers:
                pos = get_pos()
                if pos.z < low:
                    for tx, ty, key in markers:
                        if key not in touched and math.hypot(pos.x - tx, pos.y - ty) < near_marker:
                            touched.append(key)
            if (linear().length() < QUIET_LINEAR and angular().length() < QUIET_ANGULAR) or not active():
                quiet += 1
                if quiet >= QUIET_STEPS:
                    settled = True
                    break
            else:
                quiet = 0
        pos = path.getPos()
        quat = path.getQuat()
        q = (quat.getR(), quat.getI(), quat.getJ(), quat.getK())
        trajectory.append((step * STEP_S, (pos.x, pos.y, pos.z)))
        rotations.append(q)
        face, tilt = _face_up(spec.body, q)
        cocked = tilt < math.cos(math.radians(spec.cocked_tilt_deg))
        from shapely.geometry import Point

        result = Landing(
            kind=kind,
            position=(float(pos.x), float(pos.y), float(pos.z)),
            face=face,
            trajectory=tuple((float(t), (float(p[0]), float(p[1]), float(p[2]))) for t, p in trajectory),
            rotations=tuple((float(w), float(i), float(j), float(k)) for w, i, j, k in rotations),
            touched=tuple(touched),
            attempts=attempt,
            settled=settled,
            in_play_zone=bool(bf.play_zone.covers(Point(pos.x, pos.y))),
        )
        if settled and not cocked:
            break
    assert result is not None
    return result


def longest_flight(
    spec: ThrowSpec,
    strength: float,
    height: float = 0.0,
    seeds: int = 32,
    scatter_sigmas: float = 5.0,
) -> float:
    """The longest flight (cm, from the start to where the body rests,
    measured on the table) of ``seeds`` throws of ``spec`` at ``strength``
    from ``height`` cm above a bare table: the measurement a reach model is
    made of. The hand's strength scatter is taken at its worst, as
    ``scatter_sigmas`` standard deviations stronger (the launch speed scaled
    up, as :func:`throw` would clamp it); the direction's scatter does not
    change a flight's length on a bare table and is left out. Each seed
    starts the body in another orientation and spin. Same inputs, same
    build: the same answer."""
    from dataclasses import replace

    from engine.geometry.battlefield import Battlefield

    boost = 1.0 + scatter_sigmas * spec.strength_scatter
    if strength > 0:
        boost = min(boost, 1.5 / strength)  # the clamp _launch applies to a scattered strength
    steady = replace(spec, max_speed=spec.max_speed * boost, strength_scatter=0.0, direction_scatter_deg=0.0,
                     watched=frozenset(), markers=())
    from engine.geometry.battlefield_file import TABLE_SIZE_CM

    half = TABLE_SIZE_CM / 2  # the largest table: Bullet's table plane is endless, the zone only names "in play"
    bare = Battlefield.from_dict({"format": 1, "name": "bare table", "scenery": [],
                                  "play_zone": [[-half, -half], [half, -half], [half, half], [-half, half]]})
    start_z = height + spec.body.radius + 0.05  # as throw() starts a body on a surface
    longest = 0.0
    for seed in range(seeds):
        angle = 2 * math.pi * seed / max(1, seeds)
        landing = throw(bare, steady, (0.0, 0.0, start_z), (math.cos(angle), math.sin(angle)), strength, seed,
                        record=False)
        longest = max(longest, math.hypot(landing.position[0], landing.position[1]))
    return longest
