"""Movement cords: shortest paths around scenery and the region a cord reaches.

"Use the yellow cord ... you can bend it any way you like ... You must move
around any scenery elements." The figurine's base centre moves through the
*free space*: the surface (play zone or a Level top) shrunk by the base
radius, minus every scenery footprint grown by the base radius. The cord
bends, so the move's length is the shortest path in that free space.

Shortest paths among polygonal obstacles run straight between reflex corners
of the free space, so a *reduced visibility graph* (only edges tangent to the
obstacles at both ends) holds them all. All-pairs distances are precomputed
once per (scenery set, base radius, surface) with a vectorised
Floyd-Warshall; a query then only finds the corners the two ends see.

Grown footprints are polygons: box and prism corners are rounded with
shapely's arcs (vertices on the arc, so a path may clip a corner by at most
0.02 * radius, about 0.02 cm: "no need to argue over a tiny bit of a
figurine's base"), cylinders are circumscribed polygons (never clipped).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

# Arc segments per quarter circle when growing corners by the base radius.
CORNER_QUAD_SEGS = 4
# Sides of the polygon standing for a grown cylinder (circumscribed).
CYLINDER_SIDES = 24
# Distance (cm) under which a point counts as inside the free space.
ON_BOUNDARY = 1e-6
# Quarter-circle segments of the discs in reachable_region (inscribed).
DISC_QUAD_SEGS = 16
# Grid (cm) of the snap-rounded overlay that reachable_region falls back on.
SNAP_GRID = 1e-9

DISTANCES_MEMO = 4096
"""Starts whose node distances a graph keeps for ``path_lengths`` (chosen)."""

VISIBLE_MEMO = 1024
"""Starts whose visible nodes a graph keeps for ``_solve`` (chosen): a
soldier stands still while a player (or a bot) tries several destinations."""

SOLVE_MEMO = 4096
"""(start, end) queries whose answer a graph keeps (chosen): a rules engine
measures one Move several times (its check, its report, the path it logs),
and every measure of it is then one query."""


def grown_parts(bf: Battlefield, base_radius: float, solids=None) -> list[Polygon]:
    """Convex polygons whose union is every footprint grown by ``base_radius``.

    Convexity lets :meth:`MoveGraph.reachable_region` compute shadows as
    convex hulls; non-convex prisms are split into triangles first (growing
    distributes over a union).
    """
    parts: list[Polygon] = []
    for solid in bf.solids if solids is None else solids:
        if solid.kind == "cylinder":
            cx, cy, radius = solid.params
            k = CYLINDER_SIDES
            big = (radius + base_radius) / math.cos(math.pi / k)
            a = 2.0 * math.pi * (np.arange(k) + 0.5) / k
            parts.append(Polygon(np.column_stack([cx + big * np.cos(a), cy + big * np.sin(a)])))
            continue
        foot = solid.footprint
        if solid.kind == "mesh":
            foot = foot.simplify(0.05)
        pieces = [foot] if _is_convex(foot) else list(
            shapely.get_parts(shapely.constrained_delaunay_triangles(foot))
        )
        for piece in pieces:
            grown = piece.buffer(base_radius, quad_segs=CORNER_QUAD_SEGS) if base_radius > 0 else piece
            parts.append(grown)
    return parts


def _is_convex(poly: Polygon) -> bool:
    return len(poly.interiors) == 0 and abs(poly.convex_hull.area - poly.area) <= 1e-9 * max(poly.area, 1.0)


def free_space(bf: Battlefield, base_radius: float, surface: str | None = None) -> BaseGeometry:
    """Where the centre of a base of ``base_radius`` may stand on ``surface``
    (None: the table, Level 0; else the id of a Level piece)."""
    zone = bf.play_zone.buffer(-base_radius, quad_segs=CORNER_QUAD_SEGS)
    if surface is None:
        blocked = shapely.union_all(grown_parts(bf, base_radius))
        area = zone.difference(blocked) if not blocked.is_empty else zone
    else:
        top = bf.walkable_top(surface).buffer(-base_radius, quad_segs=CORNER_QUAD_SEGS)
        area = top.intersection(zone)
    return orient_all(area)


def orient_all(geom: shapely.Geometry) -> BaseGeometry:
    """Exterior rings counter-clockwise, holes clockwise: the free side of
    every ring is then on its left."""
    polys = [orient(p, 1.0) for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and p.area > 1e-12]
    if not polys:
        return Polygon()
    return polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


class MoveGraph:
    """Reduced visibility graph of one free space, with all-pairs distances."""

    def __init__(self, free: shapely.Geometry, obstacles: Sequence[Polygon] | None = None) -> None:
        self.free = free
        shapely.prepare(self.free)
        rings = []
        for poly in shapely.get_parts(free):
            rings.append(np.asarray(poly.exterior.coords)[:-1])
            rings.extend(np.asarray(r.coords)[:-1] for r in poly.interiors)
        nodes, prev, nxt, edges_a, edges_b, edges_p = [], [], [], [], [], []
        for ring in rings:
            if len(ring) < 3:
                continue
            p = np.roll(ring, 1, axis=0)
            n = np.roll(ring, -1, axis=0)
            turn = _cross(ring[:, 0] - p[:, 0], ring[:, 1] - p[:, 1], n[:, 0] - ring[:, 0], n[:, 1] - ring[:, 1])
            reflex = turn < -1e-12
            nodes.append(ring[reflex])
            prev.append(p[reflex])
            nxt.append(n[reflex])
            edges_a.append(ring)
            edges_b.append(n)
            edges_p.append(p)
        self.nodes = np.vstack(nodes) if nodes else np.zeros((0, 2))
        self._prev = np.vstack(prev) if prev else np.zeros((0, 2))
        self._next = np.vstack(nxt) if nxt else np.zeros((0, 2))
        ea = np.vstack(edges_a) if edges_a else np.zeros((0, 2))
        eb = np.vstack(edges_b) if edges_b else np.zeros((0, 2))
        self._ea, self._eb = ea, eb
        self._ep = np.vstack(edges_p) if edges_p else np.zeros((0, 2))
        # Coordinates as rows (2, E) for _clear: one gather takes both.
        self._eaT = np.ascontiguousarray(ea.T)
        self._ebT = np.ascontiguousarray(eb.T)
        self._edT = self._ebT - self._eaT
        self._epT = np.ascontiguousarray(self._ep.T)
        # One linestring per edge (asarray: the shapely stubs also allow a single LineString here).
        self._edges = np.asarray(shapely.linestrings(np.stack([ea, eb], axis=1))) if len(ea) else np.array([])
        self._tree = STRtree(self._edges)
        self._obstacles = obstacles
        self._obstacle_tree = None
        self._solve_memo: dict[tuple[float, float, float, float], tuple] = {}
        self.dist, self._next_hop = self._all_pairs()

    # -- visibility ---------------------------------------------------------------

    def _tangent_at_nodes(self, idx: np.ndarray, other: np.ndarray) -> np.ndarray:
        """Is the line from node ``idx`` to point ``other`` tangent to the
        obstacle at the node (both ring neighbours on one side)?"""
        v = self.nodes[idx]
        dx, dy = other[:, 0] - v[:, 0], other[:, 1] - v[:, 1]
        sp = _cross(dx, dy, self._prev[idx, 0] - v[:, 0], self._prev[idx, 1] - v[:, 1])
        sn = _cross(dx, dy, self._next[idx, 0] - v[:, 0], self._next[idx, 1] - v[:, 1])
        scale = 1e-12 * (np.abs(dx) + np.abs(dy) + 1.0)
        return ~(((sp > scale) & (sn < -scale)) | ((sp < -scale) & (sn > scale)))

    def _clear(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Do the segments a[i]-b[i] stay in the free space? A segment may
        touch the boundary (a base may touch scenery) but not cross it.

        The STRtree pairs segments with boundary edges whose boxes overlap;
        numpy then tests proper crossings exactly (orientation signs), which
        is much faster than GEOS predicates on long segments. A bot's query
        is a few dozen segments, where each numpy call costs more than its
        arithmetic: coordinates travel as (2, k) rows, so one call does x
        and y, and the corner test runs only where a corner lies on a
        segment's line.
        """
        a = np.ascontiguousarray(a, dtype=float)
        b = np.ascontiguousarray(b, dtype=float)
        if len(a) == 0:
            return np.zeros(0, dtype=bool)
        ok = np.ones(len(a), dtype=bool)
        if len(self._edges):
            segs = shapely.linestrings(np.concatenate([a, b], axis=1).reshape(-1, 2, 2))
            si, ei = self._tree.query(segs)
            if len(si):
                # take(axis=1): numpy's fancy indexing of a 2-D array by
                # column runs a general path many times slower.
                p = a.T.take(si, axis=1)
                q = b.T.take(si, axis=1)
                ea = self._eaT.take(ei, axis=1)
                ed = self._edT.take(ei, axis=1)
                pa = p - ea
                qa = q - ea
                d1 = ed[0] * pa[1] - ed[1] * pa[0]
                d2 = ed[0] * qa[1] - ed[1] * qa[0]
                d = q - p
                w = ea - p
                eb = self._ebT.take(ei, axis=1) - p
                d3 = d[0] * w[1] - d[1] * w[0]
                d4 = d[0] * eb[1] - d[1] * eb[0]
                eps = 1e-9
                # Strictly opposite sides: one above eps and the other below
                # -eps, for both pairs of orientations.
                crossing = (np.minimum(d1, d2) < -eps) & (np.maximum(d1, d2) > eps)
                crossing &= (np.minimum(d3, d4) < -eps) & (np.maximum(d3, d4) > eps)
                # A segment through a boundary corner crosses no edge
                # properly; it leaves the free space there when the corner's
                # two neighbours lie strictly on opposite sides of it.
                absd = np.abs(d)
                scale = eps * (absd[0] + absd[1] + 1.0)
                on_line = (np.abs(d3) <= scale).nonzero()[0]
                if len(on_line):
                    dx, dy = d[0, on_line], d[1, on_line]
                    wx, wy = w[0, on_line], w[1, on_line]
                    seg2 = dx * dx + dy * dy
                    tpar = (wx * dx + wy * dy) / np.maximum(seg2, 1e-300)
                    sc = scale[on_line]
                    ep = self._epT.take(ei[on_line], axis=1)
                    s1 = _cross(dx, dy, ep[0] - p[0, on_line], ep[1] - p[1, on_line])
                    s2 = d4[on_line]
                    through = (tpar > 1e-9) & (tpar < 1 - 1e-9)
                    through &= (np.minimum(s1, s2) < -sc) & (np.maximum(s1, s2) > sc)
                    crossing[on_line[through]] = True
                ok[si[crossing]] = False
        # A segment entering the obstacles exactly through two vertices
        # crosses no edge: its midpoint gives it away.
        live = ok.nonzero()[0]
        if len(live):
            ok[live[~self._near_free((a[live] + b[live]) / 2.0)]] = False
        return ok

    def _all_pairs(self) -> tuple[np.ndarray, np.ndarray]:
        n = len(self.nodes)
        dist = np.full((n, n), np.inf)
        np.fill_diagonal(dist, 0.0)
        if n > 1:
            i, j = np.triu_indices(n, 1)
            keep = self._tangent_at_nodes(i, self.nodes[j]) & self._tangent_at_nodes(j, self.nodes[i])
            i, j = i[keep], j[keep]
            clear = self._clear(self.nodes[i], self.nodes[j])
            i, j = i[clear], j[clear]
            w = np.hypot(*(self.nodes[i] - self.nodes[j]).T)
            dist[i, j] = w
            dist[j, i] = w
        hop = np.where(np.isfinite(dist), np.arange(n)[None, :], -1)
        # Floyd-Warshall, in place in preallocated buffers: n passes of five
        # whole-matrix operations and no allocation (new arrays each pass
        # cost nearly twice the time).
        via = np.empty_like(dist)
        limit = np.empty_like(dist)
        better = np.empty(dist.shape, dtype=bool)
        for k in range(n):
            np.add(dist[:, k : k + 1], dist[k : k + 1, :], out=via)
            np.subtract(dist, 1e-12, out=limit)
            np.less(via, limit, out=better)
            np.copyto(dist, via, where=better)
            np.copyto(hop, hop[:, k : k + 1], where=better)
        return dist, hop

    def _inside(self, p) -> bool:
        return bool(self._near_free(np.asarray(p, dtype=float)[:2].reshape(1, 2))[0])

    def _near_free(self, xy: np.ndarray) -> np.ndarray:
        """Which points (P, 2) lie within ON_BOUNDARY of the free space:
        ``shapely.dwithin`` on points, but asked only of those the prepared
        containment test on bare coordinates leaves (a point in the free
        space is within any distance of it), so most answers build no
        point geometry."""
        ok = shapely.intersects_xy(self.free, xy[:, 0], xy[:, 1])
        if not ok.all():
            rest = (~ok).nonzero()[0]
            ok[rest] = shapely.dwithin(self.free, shapely.points(xy[rest]), ON_BOUNDARY)
        return ok

    def _visible_nodes(self, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nodes seen from point p and their straight distances."""
        n = len(self.nodes)
        if n == 0:
            return np.zeros(0, dtype=int), np.zeros(0)
        idx = np.arange(n)
        pts = np.broadcast_to(p, (n, 2))
        keep = self._tangent_at_nodes(idx, pts)
        idx = idx[keep]
        clear = self._clear(np.broadcast_to(p, (len(idx), 2)), self.nodes[idx])
        idx = idx[clear]
        return idx, np.hypot(*(self.nodes[idx] - p).T)

    def _visible_from(self, s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``_visible_nodes`` of a path's start, kept per exact start (the
        graph is immutable, so a kept answer is the answer)."""
        key = (float(s[0]), float(s[1]))
        memo = self.__dict__.setdefault("_visible_memo", {})
        got = memo.get(key)
        if got is None:
            if len(memo) >= VISIBLE_MEMO:
                memo.clear()
            got = self._visible_nodes(s)
            for a in got:
                a.flags.writeable = False  # shared by every later query from here
            memo[key] = got
        return got

    def _direct(self, s: np.ndarray, t: np.ndarray) -> bool:
        return self._clear_one(float(s[0]), float(s[1]), float(t[0]), float(t[1]))

    def _clear_one(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """``_clear`` of the one segment a-b on Python floats: the same
        boundary edges (the STRtree's), the same tests in the same float64
        arithmetic, operation for operation, so the same answer; a single
        query (a Move's check) then costs no numpy calls on tiny arrays."""
        if len(self._edges):
            rows = self.__dict__.get("_edge_rows")
            if rows is None:
                rows = self._edge_rows = list(zip(*self._eaT.tolist(), *self._edT.tolist(), *self._ebT.tolist(),
                                                  *self._epT.tolist(), strict=True))
            seg = shapely.linestrings(np.array([[[ax, ay], [bx, by]]]))
            eps = 1e-9
            dx, dy = bx - ax, by - ay
            scale = eps * (abs(dx) + abs(dy) + 1.0)
            for e in self._tree.query(seg)[1].tolist():
                eax, eay, edx, edy, ebx, eby, epx, epy = rows[e]
                pax, pay = ax - eax, ay - eay
                qax, qay = bx - eax, by - eay
                d1 = edx * pay - edy * pax
                d2 = edx * qay - edy * qax
                wx, wy = eax - ax, eay - ay
                d3 = dx * wy - dy * wx
                d4 = dx * (eby - ay) - dy * (ebx - ax)
                if min(d1, d2) < -eps and max(d1, d2) > eps and min(d3, d4) < -eps and max(d3, d4) > eps:
                    return False
                if abs(d3) <= scale:
                    tpar = (wx * dx + wy * dy) / max(dx * dx + dy * dy, 1e-300)
                    s1 = dx * (epy - ay) - dy * (epx - ax)
                    if tpar > 1e-9 and tpar < 1 - 1e-9 and min(s1, d4) < -scale and max(s1, d4) > scale:
                        return False
        return bool(self._near_free(np.array([[(ax + bx) / 2.0, (ay + by) / 2.0]]))[0])

    # -- queries --------------------------------------------------------------------

    def _solve(self, start, end):
        """The shortest path's length and its first and last graph node
        ((None, None): straight; None: unreachable), kept per exact
        (start, end): a graph is immutable (an edit makes a new battlefield
        and a new graph), so a kept answer can never be stale."""
        key = (float(start[0]), float(start[1]), float(end[0]), float(end[1]))
        memo = self._solve_memo
        got = memo.get(key)
        if got is None:
            got = self._solve_fresh(start, end)
            if len(memo) >= SOLVE_MEMO:
                memo.clear()
            memo[key] = got
        return got

    def _remember_straight(self, starts: np.ndarray, ends: np.ndarray, lengths: np.ndarray) -> None:
        """Keep straight answers found in a batch as ``_solve`` would give
        them: both ends in the free space, the segment clear (``_clear``
        answers each segment alone, whatever the batch), the length the same
        hypot. A bot's candidate Moves are measured here, so the check, the
        report and the logged path of the one it picks read them back."""
        memo = self._solve_memo
        if len(memo) + len(lengths) > SOLVE_MEMO:
            memo.clear()
        straight = (None, None)
        memo.update(zip(map(tuple, np.concatenate([starts, ends], axis=1).tolist()),
                        [(length, straight) for length in lengths.tolist()], strict=True))

    def _solve_fresh(self, start, end):
        s = np.asarray(start, dtype=float)[:2]
        t = np.asarray(end, dtype=float)[:2]
        if not self._near_free(np.stack([s, t])).all():
            return math.inf, None
        if self._direct(s, t):
            return float(np.hypot(*(t - s))), (None, None)
        vs, ds = self._visible_from(s)
        vt, dt = self._visible_nodes(t)
        if len(vs) == 0 or len(vt) == 0:
            return math.inf, None
        total = ds[:, None] + self.dist[np.ix_(vs, vt)] + dt[None, :]
        flat = int(np.argmin(total))
        best = float(total.flat[flat])
        if not math.isfinite(best):
            return math.inf, None
        a, b = divmod(flat, len(vt))
        return best, (int(vs[a]), int(vt[b]))

    def path_length(self, start, end) -> float:
        """Length of the shortest legal path of the base centre, or
        ``math.inf`` when ``end`` cannot be reached."""
        return self._solve(start, end)[0]

    def shortest_path(self, start, end) -> list[tuple[float, float]]:
        """The corners of the shortest path, start and end included; empty
        when unreachable."""
        length, via = self._solve(start, end)
        if not math.isfinite(length):
            return []
        s = (float(start[0]), float(start[1]))
        t = (float(end[0]), float(end[1]))
        first, last = via
        if first is None:
            return [s, t]
        path = [s]
        k = first
        while k != last:
            path.append((float(self.nodes[k][0]), float(self.nodes[k][1])))
            k = int(self._next_hop[k, last])
        path.append((float(self.nodes[last][0]), float(self.nodes[last][1])))
        path.append(t)
        return path

    def path_lengths(self, start, points, limit: float) -> np.ndarray:
        """Shortest path lengths from ``start`` to many ``points`` (P, 2) at
        once, exact where a length is at most ``limit`` and inf beyond it
        (or where a point is not in the free space).

        The same answer as :meth:`path_length` point by point, in a few
        batched calls: a bot sampling where a cord of ``limit`` reaches asks
        this once per soldier instead of one graph query per sample (see
        :meth:`path_lengths_many` for several soldiers at once).
        """
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        s = np.asarray(start, dtype=float)[:2]
        return self.path_lengths_many(s[None, :], pts, np.zeros(len(pts), dtype=np.intp), limit)

    def path_lengths_many(self, starts, points, owner, limit: float, in_free: bool = False) -> np.ndarray:
        """Shortest path lengths from ``starts[owner[i]]`` ((S, 2)) to
        ``points[i]`` ((P, 2)), exact where at most ``limit``, inf beyond it
        or where either end is not in the free space: several soldiers'
        samples in one go, each soldier's answers those of
        :meth:`path_lengths`.

        A point is reached straight, or from a graph node its start reaches
        within ``limit`` (``distances_from``, kept per start) and that sees
        it; only node-point pairs that could end within ``limit`` are tested.
        ``in_free``: the caller found every point in the free space already
        (``shapely.intersects_xy`` on ``free``), so they are not tested again.
        """
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        keys = np.asarray(starts, dtype=float).reshape(-1, 2)
        owner = np.asarray(owner, dtype=np.intp).reshape(-1)
        out = np.full(len(pts), np.inf)
        if len(pts) == 0:
            return out
        st = keys[owner]
        start_in = self._near_free(keys)
        inside = start_in[owner]
        if not in_free:
            inside &= self._near_free(pts)
        straight = np.hypot(pts[:, 0] - st[:, 0], pts[:, 1] - st[:, 1])
        cand = (inside & (straight <= limit)).nonzero()[0]
        if len(cand):
            clear = self._clear(st[cand], pts[cand])
            hit = cand[clear]
            out[hit] = straight[hit]
            self._remember_straight(st[hit], pts[hit], straight[hit])
        rest = (inside & ~np.isfinite(out)).nonzero()[0]
        if len(rest) == 0 or len(self.nodes) == 0:
            return out
        # Soldiers stand still between decisions (and across a search's
        # samples): their node distances are worth keeping.
        memo = self.__dict__.setdefault("_distances_memo", {})
        table = np.empty((len(keys), len(self.nodes)))
        for k in np.unique(owner[rest]).tolist():
            key = (float(keys[k, 0]), float(keys[k, 1]))
            d = memo.get(key)
            if d is None:
                if len(memo) >= DISTANCES_MEMO:
                    memo.clear()
                d = memo[key] = self.distances_from(keys[k])
            table[k] = d
        d = table[owner[rest]]
        # (point, node) pairs whose total could stay within the limit, among
        # the nodes some start reaches within it (gaps to those alone).
        near = (d < limit).any(axis=0).nonzero()[0]
        d = d[:, near]
        gap = np.hypot(pts[rest, 0][:, None] - self.nodes[near, 0][None, :],
                       pts[rest, 1][:, None] - self.nodes[near, 1][None, :])
        total = d + gap
        pi, kn = np.nonzero((d < limit) & (total <= limit))
        ki = near[kn]
        # Only a node the line to the point is tangent to can end a shortest
        # path (``_solve`` keeps the same ones): the cheap test first.
        tangent = self._tangent_at_nodes(ki, pts[rest[pi]])
        pi, ki, kn = pi[tangent], ki[tangent], kn[tangent]
        if len(pi) == 0:
            return out
        clear = self._clear(self.nodes[ki], pts[rest[pi]])
        best = np.full(len(rest), np.inf)
        np.minimum.at(best, pi[clear], total[pi[clear], kn[clear]])
        out[rest] = best
        return out

    def distances_from(self, start) -> np.ndarray:
        """Shortest distance from ``start`` to every node (inf if unseen)."""
        s = np.asarray(start, dtype=float)[:2]
        vs, ds = self._visible_nodes(s)
        if len(vs) == 0:
            return np.full(len(self.nodes), np.inf)
        return np.min(ds[:, None] + self.dist[vs, :], axis=0)

    def reachable_region(self, start, cord_length: float) -> BaseGeometry:
        """Every point the base centre can reach with ``cord_length`` of cord:
        the union, over the start and every corner the cord can wrap around,
        of a disc of the cord left there minus the shadows the obstacles cast
        from that corner; clipped to the free space."""
        s = np.asarray(start, dtype=float)[:2]
        if not self._inside(s) or cord_length <= 0:
            return Polygon()
        sources = [(s, float(cord_length))]
        if len(self.nodes):
            d = self.distances_from(s)
            for k in (d < cord_length - 1e-9).nonzero()[0]:
                sources.append((self.nodes[k], float(cord_length - d[k])))
        parts, tree = self._shadow_parts()
        centres = np.array([c for c, _ in sources])
        radii = np.array([r for _, r in sources])
        discs = shapely.buffer(shapely.points(centres), radii, quad_segs=DISC_QUAD_SEGS)
        src, part = tree.query(discs, predicate="intersects")
        hulls = self._shadow_hulls(centres[src], radii[src], part) if len(src) else None
        try:
            return self._cut_and_join(discs.copy(), src, hulls)
        except shapely.errors.GEOSException:
            # Floating-point overlay can fail (or return an invalid polygon
            # that makes the next operation fail) when hull edges run along
            # a disc's earlier cuts: a source on a corner shared by several
            # parts, as around a piece standing on a Level top. Snap-rounded
            # overlay on a 1e-9 cm grid is robust; it costs about twice as
            # much, so it is only the fallback.
            return self._cut_and_join(discs, src, hulls, grid_size=SNAP_GRID)

    def _cut_and_join(self, discs: np.ndarray, src: np.ndarray, hulls, grid_size: float | None = None) -> BaseGeometry:
        """Each disc minus its shadow hulls, united and clipped to the free
        space. ``src`` (sorted) names the disc of each hull."""
        if len(src):
            # Cut each disc by its hulls in rounds: round j removes the j-th
            # hull of every source at once.
            first = np.concatenate([[0], np.flatnonzero(np.diff(src)) + 1])
            rank = np.arange(len(src)) - np.repeat(first, np.diff(np.append(first, len(src))))
            for j in range(int(rank.max()) + 1):
                sel = rank == j
                discs[src[sel]] = shapely.difference(discs[src[sel]], hulls[sel], grid_size=grid_size)
        region = shapely.union_all(discs, grid_size=grid_size)
        return shapely.intersection(region, self.free, grid_size=grid_size)

    def _shadow_parts(self):
        """Convex pieces of everything that is not free space."""
        if self._obstacle_tree is None:
            parts = list(self._obstacles) if self._obstacles is not None else []
            # The non-free space inside the free space's convex hull, cut
            # into triangles (convex): the pockets where the zone is not
            # convex, and holes not covered by given obstacles. Beyond the
            # convex hull nothing needs a shadow: sources and the region
            # both lie in the hull, and so does every segment between them.
            if self._obstacles is not None:
                # Holes are covered by the given obstacles.
                covered = shapely.union_all([Polygon(p.exterior) for p in shapely.get_parts(self.free)])
            else:
                covered = self.free
            outside = self.free.convex_hull.difference(covered)
            if not outside.is_empty:
                parts.extend(shapely.get_parts(shapely.constrained_delaunay_triangles(outside)))
            self._parts = parts
            self._obstacle_tree = STRtree(parts)
        return self._parts, self._obstacle_tree

    def _shadow_hulls(self, centres: np.ndarray, rho: np.ndarray, part: np.ndarray) -> np.ndarray:
        """The part of the disc (centre, rho) hidden by each convex part, for
        many (source, part) pairs at once.

        The shadow of a convex part seen from outside it is the convex hull
        of the part and its corners pushed away from the centre along their
        sight lines. They must be pushed far enough that the hull's far side
        (a chord across the part's angular span theta) clears the disc:
        distance >= rho / cos(theta / 2).
        """
        coords, counts = self._part_coords()
        k = counts[part]
        starts = np.concatenate([[0], np.cumsum(counts)[:-1]])[part]
        owner = np.repeat(np.arange(len(part)), k)
        offset = np.arange(k.sum()) - np.repeat(np.cumsum(k) - k, k)
        pts = coords[np.repeat(starts, k) + offset]
        rel = pts - centres[owner]
        dist = np.hypot(rel[:, 0], rel[:, 1])
        unit = rel / np.maximum(dist, 1e-12)[:, None]
        # Angular span per pair, measured around the direction to the part's
        # first corner that is not at the centre (spans are under 180 degrees
        # for a convex part seen from outside it).
        real = dist > 1e-9
        ang = np.arctan2(rel[:, 1], rel[:, 0])
        seg_starts = np.cumsum(k) - k
        ref_src = np.where(real, np.arange(len(ang)), len(ang))
        ref_idx = np.minimum.reduceat(ref_src, seg_starts)
        ref_ang = np.append(ang, 0.0)[ref_idx]
        rel_ang = np.mod(ang - ref_ang[owner] + math.pi, 2.0 * math.pi) - math.pi
        hi = np.maximum.reduceat(np.where(real, rel_ang, -np.inf), seg_starts)
        lo = np.minimum.reduceat(np.where(real, rel_ang, np.inf), seg_starts)
        span = np.clip(np.where(np.isfinite(hi), hi - lo, 0.0), 0.0, math.pi)
        cos_span = np.cos(span)
        cos_half = np.sqrt(np.maximum((1.0 + cos_span) / 2.0, 0.0))
        reach = (rho + 1.0) / np.maximum(cos_half, 1e-3)
        # Never pull a corner in: one beyond the reach stays where it is
        # (pushed to the common reach it would land in front of the part,
        # and the hull would hide ground the source sees).
        far = centres[owner] + unit * np.maximum(reach[owner], dist)[:, None]
        far = np.where(real[:, None], far, pts)
        # Each pair's points as one linestring (a hull only needs its
        # vertices): built straight from the coordinate array, where a
        # multipoint would first make one Point object per coordinate.
        allpts = np.vstack([pts, far])
        idx = np.concatenate([owner, owner])
        order = np.argsort(idx, kind="stable")
        # One hull per pair (asarray: the shapely stubs also allow a single geometry here).
        return np.asarray(shapely.convex_hull(shapely.linestrings(allpts[order], indices=idx[order])))

    def _part_coords(self):
        if not hasattr(self, "_coords"):
            rings = [np.asarray(p.exterior.coords)[:-1] for p in self._parts]
            self._coords = np.vstack(rings)
            self._counts = np.array([len(r) for r in rings])
        return self._coords, self._counts
