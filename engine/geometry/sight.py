"""Line of sight: "a figurine is a valid target if their entire head is
visible from the position of the attacking figurine".

Rays run from the attacker's head centre (the eye) to sample points that
cover the target head *as the attacker sees it*: the head's silhouette from
the eye is a disc bounded by the circle where the view cone touches the
sphere; samples lie on that rim and inside the disc, each ray ending where it
first meets the head. A head half behind a box edge loses its rim rays on one
side, so it is not a valid target even when its centre is visible.

A ray is blocked when scenery lies on the segment before its end (rays are
segments, not half-lines: scenery behind the target does not matter). Only
scenery blocks sight, never figurines.

Two engines answer the same question:

* Embree (``embreex``), one static scene per battlefield, every ray of a
  decision in one batched call: the fast path.
* An exact analytic oracle (segments against boxes, cylinders and extruded
  prisms; triangles for mesh files): the tests' reference and the fallback
  where Embree is not installed. The Embree scene uses the same triangle
  meshes as the app; cylinders are inscribed 128-gons, so the two engines
  can differ only on rays that graze a surface.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import chain
from typing import Any

import numpy as np

from engine.geometry.shapes import Solid

DEFAULT_RAYS = 64
SMALL_BATCH = 4
"""Pairs up to which ``sight_many`` asks Embree pair by pair: a single
check costs about 10 us, a batch about 100 us before its rays (measured on
the reference battlefield; chosen)."""
_GOLDEN_ANGLE = math.pi * (3.0 - math.sqrt(5.0))


@dataclass(frozen=True)
class Ray:
    """One sight ray, for the app's line-of-sight debugger."""

    start: tuple[float, float, float]
    end: tuple[float, float, float]
    blocked: bool
    blocker: str | None


@dataclass(frozen=True, eq=False)
class Sight:
    """The answer to one line-of-sight question.

    The rays are kept as arrays (building 8,000 small objects for an all-pairs
    check would cost more than the ray casting); :attr:`rays` builds the
    objects on demand.
    """

    valid: bool
    visible_fraction: float
    starts: np.ndarray  # (n, 3)
    ends: np.ndarray  # (n, 3)
    blocked: np.ndarray  # (n,) bool
    blocker_index: np.ndarray  # (n,) int, -1 when clear
    blocker_ids: tuple[str, ...]

    @cached_property
    def rays(self) -> tuple[Ray, ...]:
        out = []
        for s, e, b, k in zip(self.starts, self.ends, self.blocked, self.blocker_index, strict=True):
            out.append(
                Ray(
                    (float(s[0]), float(s[1]), float(s[2])),
                    (float(e[0]), float(e[1]), float(e[2])),
                    bool(b),
                    self.blocker_ids[k] if k >= 0 else None,
                )
            )
        return tuple(out)

    @property
    def blockers(self) -> frozenset[str]:
        """Ids of the scenery pieces that block at least one ray."""
        return frozenset(self.blocker_ids[k] for k in np.unique(self.blocker_index) if k >= 0)


# --- sampling the target head ------------------------------------------------------


@lru_cache(maxsize=16)
def disc_pattern(n: int) -> np.ndarray:
    """``n`` points in the unit disc: half on the rim (where a partly hidden
    head is first lost), the rest spread evenly inside on a sunflower spiral,
    the first at the centre. Read-only: it is cached."""
    if n < 1:
        raise ValueError("need at least one ray")
    rim = n // 2
    inner = n - rim
    out = np.empty((n, 2))
    a = 2.0 * math.pi * np.arange(rim) / max(rim, 1)
    out[:rim, 0] = np.cos(a)
    out[:rim, 1] = np.sin(a)
    k = np.arange(inner)
    rho = 0.85 * np.sqrt(k / max(inner - 1, 1)) if inner > 1 else np.zeros(1)
    theta = k * _GOLDEN_ANGLE
    out[rim:, 0] = rho * np.cos(theta)
    out[rim:, 1] = rho * np.sin(theta)
    out.flags.writeable = False
    return out


@lru_cache(maxsize=16)
def _pattern_rows(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``disc_pattern(n)`` as rows (1, px, py), shape (3, n), and each
    sample's depth term sqrt(1 - px^2 - py^2), 0 on the rim. Read-only:
    cached."""
    pattern = disc_pattern(n)
    rows = np.vstack([np.ones(n), pattern[:, 0], pattern[:, 1]])
    depth = np.sqrt(np.maximum(1.0 - (pattern * pattern).sum(axis=1), 0.0))
    depth[: n // 2] = 0.0
    rows.flags.writeable = False
    depth.flags.writeable = False
    return rows, depth


@lru_cache(maxsize=16)
def _pattern_rows32(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``_pattern_rows(n)`` for the single-check path: the rows as float32
    (n, 3), C-ordered (the layout Embree reads), and the depth terms as
    float32. Read-only: cached."""
    rows, depth = _pattern_rows(n)
    rows32 = np.ascontiguousarray(rows.T, dtype=np.float32)
    depth32 = depth.astype(np.float32)
    rows32.flags.writeable = False
    depth32.flags.writeable = False
    return rows32, depth32


def _silhouette_frames(eyes: np.ndarray, centers: np.ndarray, radii: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pair, the matrix whose columns are (a u, rho v1, rho v2), laid out
    (3, P, 3) as [component, pair, column], and q = r / d, shape (P,).

    For an eye at distance d from a head of radius r, with u the unit view
    direction and (v1, v2) a frame across it (v1 horizontal; x when the view
    is vertical), the head's silhouette is the circle of tangency: centre at
    a = d - r^2/d along u, radius rho = r sqrt(1 - r^2/d^2).

    :meth:`SightEngine.line_of_sight` repeats this arithmetic on Python
    floats, operation for operation: keep the two in step.
    """
    view = centers - eyes
    vx, vy, vz = view[:, 0], view[:, 1], view[:, 2]
    safe = np.maximum(np.sqrt(vx * vx + vy * vy + vz * vz), 1e-12)
    ux, uy, uz = vx / safe, vy / safe, vz / safe
    across = np.sqrt(ux * ux + uy * uy)
    vertical = across < 1e-9
    across[vertical] = 1.0
    w1x = np.where(vertical, 1.0, uy / across)
    w1y = np.where(vertical, 0.0, -ux / across)
    ratio = np.clip(radii / safe, 0.0, 1.0)
    a = safe - radii * ratio
    rho = radii * np.sqrt(1.0 - ratio * ratio)
    frames = np.empty((3, len(eyes), 3))
    frames[0, :, 0] = a * ux
    frames[1, :, 0] = a * uy
    frames[2, :, 0] = a * uz
    frames[0, :, 1] = rho * w1x
    frames[1, :, 1] = rho * w1y
    frames[2, :, 1] = 0.0
    # v2 = v1 x u, with v1's z = 0.
    frames[0, :, 2] = rho * (w1y * uz)
    frames[1, :, 2] = rho * -(w1x * uz)
    frames[2, :, 2] = rho * (w1x * uy - w1y * ux)
    return frames, ratio


def _head_rays(eyes: np.ndarray, centers: np.ndarray, radii: np.ndarray, n: int) -> np.ndarray:
    """Directions from each eye to its ``n`` head samples (sample - eye),
    component-major: shape (3, P, n). Every numpy operation then runs along
    the samples (a trailing axis of 3 makes numpy's loops crawl), and
    ``dirs.reshape(3, -1).T`` is the (P n, 3) ray array without a copy.

    The disc sample p = (px, py) sits at a u + rho (px v1 + py v2) from the
    eye (see :func:`_silhouette_frames`): one 3x3 by 3xn matrix product per
    pair, done as a single product for all pairs. The ray through it first
    meets the sphere at the fraction

        s = d / (d + r sqrt(1 - |p|^2)) = 1 / (1 + q sqrt(1 - |p|^2))

    of the way (solve |s D - d u|^2 = r^2 for D = a u + rho p: the roots
    collapse to this). On the rim |p| = 1, so s = 1: the tangent point.
    """
    frames, q = _silhouette_frames(eyes, centers, radii)
    rows, depth = _pattern_rows(n)
    dirs = (frames.reshape(-1, 3) @ rows).reshape(3, len(eyes), n)
    dirs *= 1.0 / (1.0 + q[:, None] * depth)
    return dirs


def _inside_head(eyes: np.ndarray, centers: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """An eye inside (or touching) the target head sees nothing sensible."""
    view = centers - eyes
    return (view * view).sum(axis=1) <= radii**2


def head_samples(eyes: np.ndarray, centers: np.ndarray, radii: np.ndarray, n: int) -> np.ndarray:
    """Sample points on the visible part of each target head, shape (P, n, 3).

    The first n // 2 are on the rim of the head's silhouette seen from the
    eye (the tangent points); the rest are where the rays through the
    silhouette disc first meet the sphere. See :func:`_head_rays`.
    """
    eyes = np.asarray(eyes, dtype=float).reshape(-1, 3)
    centers = np.asarray(centers, dtype=float).reshape(-1, 3)
    radii = np.broadcast_to(np.asarray(radii, dtype=float), (len(eyes),))
    ends = _head_rays(eyes, centers, radii, n) + eyes.T[:, :, None]
    return np.ascontiguousarray(ends.transpose(1, 2, 0))


# --- the exact oracle ----------------------------------------------------------------


def _slab(o: np.ndarray, d: np.ndarray, lo: float, hi: float) -> tuple[np.ndarray, np.ndarray]:
    """Parameter interval where o + t d lies in [lo, hi] (1-D, vectorised)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (lo - o) / d
        t2 = (hi - o) / d
    tmin = np.minimum(t1, t2)
    tmax = np.maximum(t1, t2)
    flat = d == 0.0
    inside = (o >= lo) & (o <= hi)
    tmin = np.where(flat, np.where(inside, -np.inf, np.inf), tmin)
    tmax = np.where(flat, np.where(inside, np.inf, -np.inf), tmax)
    return tmin, tmax


def _box_hits(o, d, params, bottom, top, grow):
    cx, cy, hw, hd, theta = params
    cos, sin = math.cos(-theta), math.sin(-theta)
    px, py = o[:, 0] - cx, o[:, 1] - cy
    lx = cos * px - sin * py
    ly = sin * px + cos * py
    dx = cos * d[:, 0] - sin * d[:, 1]
    dy = sin * d[:, 0] + cos * d[:, 1]
    a0, a1 = _slab(lx, dx, -hw - grow, hw + grow)
    b0, b1 = _slab(ly, dy, -hd - grow, hd + grow)
    c0, c1 = _slab(o[:, 2], d[:, 2], bottom - grow, top + grow)
    lo = np.maximum.reduce([a0, b0, c0, np.zeros(len(o))])
    hi = np.minimum.reduce([a1, b1, c1, np.ones(len(o))])
    return np.where(lo <= hi, lo, np.inf)


def _cylinder_hits(o, d, params, bottom, top, grow):
    cx, cy, r = params
    r = r + grow
    px, py = o[:, 0] - cx, o[:, 1] - cy
    a = d[:, 0] ** 2 + d[:, 1] ** 2
    b = 2.0 * (px * d[:, 0] + py * d[:, 1])
    c = px * px + py * py - r * r
    disc = b * b - 4.0 * a * c
    with np.errstate(divide="ignore", invalid="ignore"):
        sq = np.sqrt(np.maximum(disc, 0.0))
        t0 = (-b - sq) / (2.0 * a)
        t1 = (-b + sq) / (2.0 * a)
    vertical = a == 0.0
    t0 = np.where(vertical, np.where(c <= 0.0, -np.inf, np.inf), np.where(disc >= 0.0, t0, np.inf))
    t1 = np.where(vertical, np.where(c <= 0.0, np.inf, -np.inf), np.where(disc >= 0.0, t1, -np.inf))
    z0, z1 = _slab(o[:, 2], d[:, 2], bottom - grow, top + grow)
    lo = np.maximum.reduce([t0, z0, np.zeros(len(o))])
    hi = np.minimum.reduce([t1, z1, np.ones(len(o))])
    return np.where(lo <= hi, lo, np.inf)


def _points_in_ring(x: np.ndarray, y: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """Closed point-in-polygon (crossing number, boundary counted inside)."""
    ax, ay = ring[:, 0], ring[:, 1]
    bx, by = np.roll(ax, -1), np.roll(ay, -1)
    X, Y = x[:, None], y[:, None]
    cond = (ay[None, :] > Y) != (by[None, :] > Y)
    with np.errstate(divide="ignore", invalid="ignore"):
        xcross = ax + (Y - ay) * (bx - ax) / (by - ay)
    inside = (np.sum(cond & (X < xcross), axis=1) % 2) == 1
    # Boundary: on an edge segment.
    cross = (bx - ax) * (Y - ay) - (by - ay) * (X - ax)
    within = (
        (X >= np.minimum(ax, bx) - 1e-12)
        & (X <= np.maximum(ax, bx) + 1e-12)
        & (Y >= np.minimum(ay, by) - 1e-12)
        & (Y <= np.maximum(ay, by) + 1e-12)
    )
    on_edge = np.any((np.abs(cross) <= 1e-12) & within, axis=1)
    return inside | on_edge


def _prism_hits(o, d, params, bottom, top, grow):
    (ring,) = params
    if grow:
        from shapely.geometry import Polygon

        poly = Polygon(ring).buffer(grow, join_style="mitre")
        if poly.is_empty:
            return np.full(len(o), np.inf)
        ring = np.asarray(poly.exterior.coords)[:-1]
    z0, z1 = _slab(o[:, 2], d[:, 2], bottom - grow, top + grow)
    lo = np.maximum(z0, 0.0)
    hi = np.minimum(z1, 1.0)
    live = lo <= hi
    result = np.full(len(o), np.inf)
    if not np.any(live):
        return result
    o2, d2, lo2, hi2 = o[live, :2], d[live, :2], lo[live], hi[live]
    px = o2[:, 0] + lo2 * d2[:, 0]
    py = o2[:, 1] + lo2 * d2[:, 1]
    first = np.where(_points_in_ring(px, py, ring), lo2, np.inf)
    # Edge crossings: o2 + t d2 = a + s (b - a), s in [0, 1], t in [lo, hi].
    a = ring
    e = np.roll(ring, -1, axis=0) - ring
    denom = d2[:, 0:1] * e[None, :, 1] - d2[:, 1:2] * e[None, :, 0]
    wx = a[None, :, 0] - o2[:, 0:1]
    wy = a[None, :, 1] - o2[:, 1:2]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (wx * e[None, :, 1] - wy * e[None, :, 0]) / denom
        s = (wx * d2[:, 1:2] - wy * d2[:, 0:1]) / denom
    ok = (denom != 0.0) & (s >= 0.0) & (s <= 1.0) & (t >= lo2[:, None]) & (t <= hi2[:, None])
    tcross = np.where(ok, t, np.inf).min(axis=1)
    result[live] = np.minimum(first, tcross)
    return result


def _mesh_hits(o, d, params, bottom, top, grow):
    """Möller-Trumbore against every triangle; no growing (mesh files are
    not used where grazing matters)."""
    (tris,) = params
    v0, e1, e2 = tris[:, 0], tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0]
    pvec = np.cross(d[:, None, :], e2[None, :, :])
    det = np.einsum("tj,rtj->rt", e1, pvec)
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = 1.0 / det
        tvec = o[:, None, :] - v0[None, :, :]
        u = np.einsum("rtj,rtj->rt", tvec, pvec) * inv
        qvec = np.cross(tvec, e1[None, :, :])
        v = np.einsum("rj,rtj->rt", d, qvec) * inv
        t = np.einsum("tj,rtj->rt", e2, qvec) * inv
    ok = (np.abs(det) > 1e-15) & (u >= 0) & (v >= 0) & (u + v <= 1) & (t >= 0) & (t <= 1)
    return np.where(ok, t, np.inf).min(axis=1)


_ORACLE = {"box": _box_hits, "cylinder": _cylinder_hits, "prism": _prism_hits, "mesh": _mesh_hits}


def oracle_first_hits(
    solids: Sequence[Solid], starts: np.ndarray, ends: np.ndarray, grow: float = 0.0
) -> np.ndarray:
    """For each segment, the index of the first solid it meets, or -1.

    Exact (to floating point) for boxes, cylinders and prisms. ``grow``
    inflates (> 0) or shrinks (< 0) every solid by that many centimetres:
    a ray whose answer changes between the two is grazing.
    """
    starts = np.asarray(starts, dtype=float).reshape(-1, 3)
    ends = np.asarray(ends, dtype=float).reshape(-1, 3)
    d = ends - starts
    best_t = np.full(len(starts), np.inf)
    best = np.full(len(starts), -1, dtype=np.int64)
    for solid in solids:
        xmin, ymin, xmax, ymax = solid.footprint.bounds
        pad = abs(grow) + 1e-9
        # Cheap reject on the bounding box before the exact test.
        lo = np.minimum(starts, ends)
        hi = np.maximum(starts, ends)
        near = (
            (hi[:, 0] >= xmin - pad) & (lo[:, 0] <= xmax + pad)
            & (hi[:, 1] >= ymin - pad) & (lo[:, 1] <= ymax + pad)
            & (hi[:, 2] >= solid.bottom - pad) & (lo[:, 2] <= solid.top + pad)
        )
        if not np.any(near):
            continue
        t = np.full(len(starts), np.inf)
        t[near] = _ORACLE[solid.kind](
            starts[near], d[near], solid.params, solid.bottom, solid.top, grow
        )
        closer = t < best_t
        best_t[closer] = t[closer]
        best[closer] = solid.index
    return best


# --- the engine ------------------------------------------------------------------------


class SightEngine:
    """Line of sight on one set of scenery. Build once per battlefield."""

    def __init__(self, solids: Sequence[Solid], backend: str = "auto") -> None:
        self.solids = tuple(solids)
        self.ids = tuple(s.id for s in self.solids)
        self._scene: Any = None  # an embreex EmbreeScene (embreex ships no types); None on the oracle
        self._owner = np.full(1, -1, dtype=np.int64)
        # Per ray count: seven float32 work arrays, then the eye the origins were last filled with.
        self._buffers: dict[int, list[Any]] = {}
        if backend not in ("auto", "embree", "oracle"):
            raise ValueError(f"unknown backend {backend!r}")
        if backend in ("auto", "embree") and self.solids:
            try:
                from embreex import rtcore_scene
                from embreex.mesh_construction import TriangleMesh
            except ImportError:
                if backend == "embree":
                    raise
            else:
                # Every triangle in one Embree geometry: the plain INTERSECT
                # query then returns the triangle index alone (no per-ray
                # u, v, normal and distance arrays to fill), and _owner names
                # its solid; a miss (-1) picks the trailing -1.
                tris = [np.asarray(s.mesh.triangles, dtype=np.float32) for s in self.solids]
                scene = rtcore_scene.EmbreeScene()
                TriangleMesh(scene, np.ascontiguousarray(np.concatenate(tris)))
                owner = np.repeat(np.arange(len(tris), dtype=np.int64), [len(t) for t in tris])
                self._owner = np.append(owner, -1)
                self._scene = scene
        self.backend = "embree" if self._scene is not None else "oracle"

    @property
    def raw_scene(self):
        """The embreex scene (None on the oracle): for measuring the call floor."""
        return self._scene

    def owner_of(self, prim: np.ndarray) -> np.ndarray:
        """The solid index of each Embree triangle index (-1: a miss)."""
        return self._owner[prim]

    def _cast(self, origins: np.ndarray, dirs: np.ndarray) -> np.ndarray:
        """Embree on float32 (N, 3) origins and directions (any strides):
        the index of the first solid on each segment t in [0, 1], or -1."""
        prim = self._scene.run(origins, dirs, dists=1.0, query="INTERSECT")
        return self._owner[prim]

    def first_hits(self, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Index of the solid blocking each segment (-1: clear), one batched
        query."""
        starts = np.asarray(starts, dtype=float).reshape(-1, 3)
        ends = np.asarray(ends, dtype=float).reshape(-1, 3)
        if not self.solids or len(starts) == 0:
            return np.full(len(starts), -1, dtype=np.int64)
        if self._scene is None:
            return oracle_first_hits(self.solids, starts, ends)
        # Unnormalised directions: the segment is t in [0, 1].
        return self._cast(starts.astype(np.float32), (ends - starts).astype(np.float32))

    def sight_many(self, pairs: Sequence, rays: int | None = None) -> SightBatch:
        """``pairs`` is a sequence of (eye, head_center, head_radius); every
        ray of every pair goes to the ray engine in one call."""
        n = DEFAULT_RAYS if rays is None else int(rays)
        if len(pairs) == 0:
            empty = np.zeros((0, n, 3))
            return SightBatch(empty, empty, np.zeros((0, n), dtype=np.int64), np.zeros(0, dtype=bool), self.ids)
        if self._scene is not None and len(pairs) <= SMALL_BATCH:
            # A few checks (one attacker's targets): each on the single-check
            # path costs less than the batch's fixed numpy work.
            return SightList([self.line_of_sight(eye, center, radius, n) for eye, center, radius in pairs])
        # One flat read of every number (three list-to-array conversions of
        # tuples cost more than the head sampling).
        flat = np.fromiter(
            chain.from_iterable((*eye, *center, radius) for eye, center, radius in pairs),
            dtype=float,
            count=7 * len(pairs),
        ).reshape(-1, 7)
        return self.sight_arrays(flat[:, 0:3], flat[:, 3:6], flat[:, 6], n)

    def sight_arrays(self, eyes: np.ndarray, centers: np.ndarray, radii: np.ndarray, n: int = DEFAULT_RAYS) -> SightBatch:
        """The array form of :meth:`sight_many`: eyes and centers (P, 3), radii (P,)."""
        eyes = np.asarray(eyes, dtype=float).reshape(-1, 3)
        centers = np.asarray(centers, dtype=float).reshape(-1, 3)
        radii = np.broadcast_to(np.asarray(radii, dtype=float), (len(eyes),))
        count = len(eyes)
        degenerate = _inside_head(eyes, centers, radii)
        if self._scene is None or not self.solids:
            dirs = _head_rays(eyes, centers, radii, n)
            if not self.solids:
                hits = np.full((count, n), -1, dtype=np.int64)
            else:
                starts = np.broadcast_to(eyes[:, None, :], (count, n, 3))
                ends = (dirs + eyes.T[:, :, None]).transpose(1, 2, 0)
                hits = oracle_first_hits(self.solids, starts.reshape(-1, 3), ends.reshape(-1, 3)).reshape(count, n)
            return SightBatch(None, None, hits, degenerate, self.ids, eyes=eyes, dirs=dirs)
        # Embree: as the single check, the disc points in float32 are the
        # directions and the fraction of the way each ray runs to the head
        # is its tfar, so the product feeds Embree with no scaling or
        # conversion pass; the float64 rays are built when first read.
        frames, q = _silhouette_frames(eyes, centers, radii)
        rows32, depth32 = _pattern_rows32(n)
        dirs32 = (frames.reshape(-1, 3).astype(np.float32) @ rows32.T).reshape(3, -1).T
        tfar = q.astype(np.float32)[:, None] * depth32
        tfar += 1.0
        np.reciprocal(tfar, out=tfar)
        # Each eye n times (np.repeat of the float32 eyes beats a broadcast
        # copy into a kept buffer: measured 16 us against 23-29 us).
        origins = np.repeat(eyes.astype(np.float32), n, axis=0)
        prim = self._scene.run(origins, dirs32, dists=tfar.reshape(-1), query="INTERSECT")
        owners = _OwnerLookup(self._owner, prim.reshape(count, n))
        return SightBatch(None, None, owners, degenerate, self.ids, eyes=eyes,
                          dirs=lambda: _head_rays(eyes, centers, radii, n))

    def line_of_sight(self, eye, head_center, head_radius: float, rays: int | None = None) -> Sight:
        """One check. The arithmetic of :func:`_silhouette_frames` and
        :func:`_head_rays` on Python floats, then one Embree call: at 64 rays
        a check is dominated by per-call overhead, so this path makes as few
        numpy calls as it can. Same arithmetic as :meth:`sight_many`, so the
        same rays (the tests hold the two to equality)."""
        n = DEFAULT_RAYS if rays is None else int(rays)
        ex, ey, ez = float(eye[0]), float(eye[1]), float(eye[2])
        vx, vy, vz = float(head_center[0]) - ex, float(head_center[1]) - ey, float(head_center[2]) - ez
        r = float(head_radius)
        d = math.sqrt(vx * vx + vy * vy + vz * vz)
        if self._scene is None or d <= r or r < 0.0 or d < 1e-12:
            # The oracle, and eyes inside the head: the general path.
            return self.sight_arrays(np.array([eye], dtype=float), np.array([head_center], dtype=float),
                                     np.array([head_radius], dtype=float), n)[0]
        ux, uy, uz = vx / d, vy / d, vz / d
        across = math.sqrt(ux * ux + uy * uy)
        if across < 1e-9:
            w1x, w1y = 1.0, 0.0
        else:
            w1x, w1y = uy / across, -ux / across
        q = r / d
        a = d - r * q
        rho = r * math.sqrt(1.0 - q * q)
        buffers = self._buffers.get(n)
        if buffers is None:
            scale = np.empty(n, dtype=np.float32)
            frame_t = np.empty((3, 3), dtype=np.float32)
            rows32, depth32 = _pattern_rows32(n)
            buffers = self._buffers[n] = [np.empty((n, 3), dtype=np.float32), np.empty((n, 3), dtype=np.float32),
                                          scale, frame_t, frame_t.reshape(-1), rows32, depth32, None]
        origins, directions, scale, frame_t, frame_flat, rows32, depth32, last_eye = buffers
        # The frame's columns (a u, rho v1, rho v2) as the rows of its
        # transpose, so the directions come out (n, 3) in one product.
        frame_flat[:] = (a * ux, a * uy, a * uz, rho * w1x, rho * w1y, 0.0,
                         rho * (w1y * uz), rho * -(w1x * uz), rho * (w1x * uy - w1y * ux))
        np.multiply(depth32, q, out=scale)
        scale += 1.0
        np.reciprocal(scale, out=scale)
        # Each ray runs to where it first meets the head: the sample sits at
        # the fraction ``scale`` of the way to the silhouette disc, so the
        # disc point is the direction and ``scale`` Embree's tfar per ray
        # (the same segment, one array operation fewer).
        np.matmul(rows32, frame_t, out=directions)
        eye_key = (ex, ey, ez)
        if eye_key != last_eye:  # one attacker's checks come in a row: its origins stay
            origins[:] = eye_key
            buffers[7] = eye_key
        prim = self._scene.run(origins, directions, dists=scale, query="INTERSECT")
        n_blocked = int(np.count_nonzero(prim >= 0))
        return _CastSight(n_blocked == 0, 1.0 - n_blocked / n, self, (ex, ey, ez),
                          (float(head_center[0]), float(head_center[1]), float(head_center[2])), r, n, prim)


class _CastSight(Sight):
    """A single check's answer that builds its ray arrays when first read.

    Deciding a check needs only Embree's hits (in float32, from buffers the
    engine reuses); the rays in float64 are for the debugger and the log,
    so they are computed (by :func:`head_samples`, the batch's arithmetic)
    only when asked for, and each is then kept."""

    def __init__(self, valid, visible_fraction, engine, eye, center, radius, n, prim) -> None:
        # Frozen dataclass: fill the instance dict directly, as its own
        # __init__ would through object.__setattr__ (at a fraction of the cost).
        self.__dict__.update(valid=valid, visible_fraction=visible_fraction, blocker_ids=engine.ids,
                             _cast=(engine, eye, center, radius, n, prim))

    def _lazy(self, name: str):
        d = self.__dict__
        if name not in d:
            engine, eye, center, radius, n, prim = d["_cast"]
            if name == "blocker_index":
                d[name] = engine.owner_of(prim)
            elif name == "blocked":
                d[name] = self.blocker_index >= 0
            else:
                eyes = np.array([eye])
                d["ends"] = head_samples(eyes, np.array([center]), np.array([radius]), n)[0]
                d["starts"] = np.repeat(eyes, n, axis=0)
        return d[name]

    starts = property(lambda self: self._lazy("starts"))
    ends = property(lambda self: self._lazy("ends"))
    blocked = property(lambda self: self._lazy("blocked"))
    blocker_index = property(lambda self: self._lazy("blocker_index"))


class _OwnerLookup:
    """Embree's triangle index per ray, (P, n), read as solid indices only
    when asked: validity needs only hit or miss (index >= 0)."""

    __slots__ = ("owner", "prim", "shape", "ndim")

    def __init__(self, owner: np.ndarray, prim: np.ndarray) -> None:
        self.owner = owner
        self.prim = prim
        self.shape = prim.shape
        self.ndim = prim.ndim

    def __ge__(self, other):
        return self.prim >= other

    def solids(self) -> np.ndarray:
        return self.owner[self.prim]

    def row(self, i: int) -> np.ndarray:
        return self.owner[self.prim[i]]


class SightBatch(Sequence):
    """The answers for many line-of-sight questions asked together.

    ``valid`` and ``visible_fraction`` are arrays over the pairs; indexing
    gives a :class:`Sight` with its rays.
    """

    def __init__(self, starts, ends, hits, degenerate, ids, eyes=None, dirs=None) -> None:
        """``starts`` and ``ends`` (P, n, 3), or None with ``eyes`` (P, 3)
        and ``dirs`` (3, P, n) to build them from when first read."""
        self._starts = starts
        self._ends = ends
        self._eyes = eyes
        self._dirs = dirs
        self._hits = hits
        self.ids = ids
        n = hits.shape[1] if hits.ndim == 2 else 0
        blocked = hits >= 0  # Embree's triangle indices say blocked or not as well as the solids'

        self.blocked = blocked
        n_blocked = blocked.sum(axis=1)
        self.valid = (n_blocked == 0) & ~degenerate
        self.visible_fraction = np.where(degenerate, 0.0, 1.0 - n_blocked / max(n, 1))

    @property
    def hits(self) -> np.ndarray:
        """(P, n): the index of the solid blocking each ray, -1 when clear."""
        if isinstance(self._hits, _OwnerLookup):
            self._hits = self._hits.solids()
        return self._hits

    def _directions(self) -> np.ndarray:
        if callable(self._dirs):  # built on first read
            self._dirs = self._dirs()
        return self._dirs

    @property
    def starts(self) -> np.ndarray:
        if self._starts is None:
            self._starts = np.broadcast_to(self._eyes[:, None, :], self._directions().shape[1:] + (3,))
        return self._starts

    @property
    def ends(self) -> np.ndarray:
        if self._ends is None:
            self._ends = (self._directions() + self._eyes.T[:, :, None]).transpose(1, 2, 0)
        return self._ends

    def _rays_of(self, i: int) -> tuple[np.ndarray, np.ndarray]:
        if self._ends is None:  # one pair's rays, the same arithmetic as ``ends``
            eye = self._eyes[i]
            ends = (self._directions()[:, i, :] + eye[:, None]).T
            return np.broadcast_to(eye, ends.shape), ends
        return self.starts[i], self.ends[i]

    def __len__(self) -> int:
        return len(self.valid)

    def counts(self) -> tuple[np.ndarray, int]:
        """Blocked rays per pair (P,) and rays per pair: what a rules report
        needs, read from the hits alone (an item builds its rays)."""
        return self.blocked.sum(axis=1), self.blocked.shape[1]

    def blockers_of(self, i: int) -> frozenset[str]:
        """Ids of the pieces that block a ray of pair ``i`` (no ray built)."""
        row = self._hits.row(i) if isinstance(self._hits, _OwnerLookup) else self._hits[i]
        return frozenset(self.ids[k] for k in np.unique(row) if k >= 0)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        starts, ends = self._rays_of(i)
        return Sight(
            valid=bool(self.valid[i]),
            visible_fraction=float(self.visible_fraction[i]),
            starts=starts,
            ends=ends,
            blocked=self.blocked[i],
            blocker_index=self._hits.row(i) if isinstance(self._hits, _OwnerLookup) else self._hits[i],
            blocker_ids=self.ids,
        )


class SightList(SightBatch):
    """A few answers asked one by one (``SMALL_BATCH``), with the batch's
    face: ``valid`` and ``visible_fraction`` arrays, indexing gives each
    :class:`Sight`."""

    def __init__(self, sights: list[Sight]) -> None:
        self._sights = sights
        self.ids = sights[0].blocker_ids if sights else ()
        self.valid = np.array([s.valid for s in sights], dtype=bool)
        self.visible_fraction = np.array([s.visible_fraction for s in sights], dtype=float)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._sights[i]
        return self._sights[i]

    def counts(self) -> tuple[np.ndarray, int]:
        return (np.array([int(s.blocked.sum()) for s in self._sights], dtype=int),
                len(self._sights[0].blocked) if self._sights else 0)

    def blockers_of(self, i: int) -> frozenset[str]:
        return self._sights[i].blockers

    @property
    def hits(self) -> np.ndarray:
        return np.array([s.blocker_index for s in self._sights])

    @property
    def blocked(self) -> np.ndarray:
        return np.array([s.blocked for s in self._sights])

    @property
    def starts(self) -> np.ndarray:
        return np.array([s.starts for s in self._sights])

    @property
    def ends(self) -> np.ndarray:
        return np.array([s.ends for s in self._sights])
