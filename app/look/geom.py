"""Textured, lit triangle batches built with numpy, drawn as Panda3D geoms.

A :class:`Batch` collects triangles in engine coordinates (cm, z up) with a
base colour, a gloss, optional texture coordinates and the name of a
generated texture (:mod:`app.look.textures`). :meth:`Batch.node` bakes the
light (:mod:`app.look.light`) into vertex colours and returns one
``GeomNode`` with one ``Geom`` per texture: a whole battlefield is a few draw
calls, which keeps the software renderer fast, and the arrays are written in
one copy each (an Ursina ``Mesh`` built from lists of ``Vec3`` took a second
for a figurine squad).

Positions go through :func:`app.frames.array_to_ursina`, the one place that
converts engine coordinates.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from app import frames
from app.look import light, pipeline
from app.look.pipeline import LookPath, Surface
from engine.geometry.household import box_corners

Vector = Sequence[float] | np.ndarray
"""A point, size or colour: a tuple of floats or a numpy row (``np.asarray`` reads both)."""

Points = Sequence[Sequence[float]] | np.ndarray
"""Points as rows: a list of tuples or a numpy array."""

PLAIN = "plain"
"""The texture name of untextured triangles (a white pixel)."""


@dataclass
class _Chunk:
    positions: np.ndarray  # (T*3, 3) engine cm
    normals: np.ndarray  # (T*3, 3)
    rgb: np.ndarray  # (T*3, 3)
    alpha: np.ndarray  # (T*3,)
    uvs: np.ndarray  # (T*3, 2)
    gloss: np.ndarray  # (T*3,)
    heights: np.ndarray | None  # (T*3,) cm above the ground, None: no contact shading
    surface: Surface | None = None  # the shader path's material; None: read from the gloss


@dataclass
class Batch:
    """Triangles grouped by texture; ``node()`` turns them into one GeomNode."""

    chunks: dict[str, list[_Chunk]] = field(default_factory=lambda: defaultdict(list))
    contact: bool = True
    """Darken vertices near the ground (z = 0 or the ``ground`` passed in)."""
    pooled: bool = True
    """Light by the lamp's pool on the table (off for pieces built once and
    placed anywhere: figurines, dice)."""
    surface: Surface | None = None
    """The material of everything added that names none (the shader path)."""

    # -- adding -----------------------------------------------------------------

    def add(self, positions: np.ndarray, normals: np.ndarray, rgb: Vector,
            uvs: np.ndarray | None = None, texture: str = PLAIN, gloss: float = 0.0, alpha: float = 1.0,
            ground: float | None = 0.0, surface: Surface | None = None) -> None:
        """Triangle soup: ``positions`` and ``normals`` are (3T, 3), corner by corner.
        ``surface`` is the material on the shader path (default: from ``gloss``)."""
        p = np.asarray(positions, dtype=np.float64).reshape(-1, 3)
        if not len(p):
            return
        n = np.asarray(normals, dtype=np.float64).reshape(-1, 3)
        c = np.asarray(rgb, dtype=np.float64)
        c = np.broadcast_to(c[..., :3], p.shape).copy()
        uv = np.zeros((len(p), 2)) if uvs is None else np.asarray(uvs, dtype=np.float64).reshape(-1, 2)
        h = None if ground is None or not self.contact else p[:, 2] - ground
        self.chunks[texture].append(_Chunk(p, n, c, np.full(len(p), float(alpha)), uv,
                                           np.full(len(p), float(gloss)), h,
                                           surface or (self.surface if self.surface is not None else None)
                                           or pipeline.surface_for_gloss(gloss)))

    def add_mesh(self, vertices: np.ndarray, faces: np.ndarray, rgb: Vector,
                 smooth: bool = True, uvs: np.ndarray | None = None, texture: str = PLAIN, gloss: float = 0.0,
                 ground: float | None = 0.0, normals_at: np.ndarray | None = None, alpha: float = 1.0,
                 surface: Surface | None = None) -> None:
        """An indexed mesh (engine frame). ``smooth`` shades with vertex
        normals (rounded plastic), otherwise per face (boxes, cards).
        ``uvs`` and a per-vertex ``rgb`` (V x 3) are indexed like the vertices."""
        v = np.asarray(vertices, dtype=np.float64)
        f = np.asarray(faces, dtype=np.int64)
        tri = v[f].reshape(-1, 3)
        if smooth:
            vn = normals_at if normals_at is not None else vertex_normals(v, f)
            n = vn[f].reshape(-1, 3)
        else:
            fn = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
            n = np.repeat(fn, 3, axis=0)
        c = np.asarray(rgb, dtype=np.float64)
        if c.ndim == 2 and len(c) == len(v):
            c = c[f].reshape(-1, c.shape[1])
        uv = None if uvs is None else np.asarray(uvs, dtype=np.float64)[f].reshape(-1, 2)
        self.add(tri, n, c, uv, texture, gloss, alpha, ground, surface)

    def add_quad(self, corners: Points, rgb: Vector, texture: str = PLAIN,
                 uv: Points = ((0, 0), (1, 0), (1, 1), (0, 1)), gloss: float = 0.0,
                 alpha: float = 1.0, ground: float | None = None, surface: Surface | None = None) -> None:
        """A flat quad (corners counter-clockwise seen from its front), textured
        with the whole of ``texture`` by default."""
        c = np.asarray(corners, dtype=np.float64)
        n = np.cross(c[1] - c[0], c[2] - c[0])
        idx = [0, 1, 2, 0, 2, 3]
        self.add(c[idx], np.repeat(n[None, :], 6, axis=0), rgb, np.asarray(uv, dtype=float)[idx], texture, gloss,
                 alpha, ground, surface)

    def add_grid(self, corners: Points, rgb: Vector, texture: str = PLAIN,
                 uv: Points = ((0, 0), (1, 0), (1, 1), (0, 1)), cells: int = 24,
                 alpha: float = 1.0, hole: Vector | None = None, mottle: float = 0.0,
                 mottle_cm: float = 6.0, seed: int = 0, surface: Surface | None = None) -> None:
        """A flat quad cut into ``cells`` x ``cells`` quads, so light that
        varies across it (the lamp's pool) is smooth. Cells wholly inside
        ``hole`` (x0, y0, x1, y1, engine cm) are left out: something covers
        them, and the software renderer pays for every textured pixel drawn.
        ``mottle`` varies the colour from vertex to vertex by up to that
        fraction (smooth noise of feature size ``mottle_cm``): cloth that
        needs no texture, the cheapest surface the software renderer draws."""
        c = np.asarray(corners, dtype=np.float64)
        t = np.asarray(uv, dtype=np.float64)
        s = np.linspace(0, 1, cells + 1)
        u, v = np.meshgrid(s, s, indexing="xy")

        def bilerp(q: np.ndarray) -> np.ndarray:
            return ((1 - u)[..., None] * (1 - v)[..., None] * q[0] + u[..., None] * (1 - v)[..., None] * q[1]
                    + u[..., None] * v[..., None] * q[2] + (1 - u)[..., None] * v[..., None] * q[3])

        p, w = bilerp(c), bilerp(t)
        a, b, cc, d = p[:-1, :-1], p[:-1, 1:], p[1:, 1:], p[1:, :-1]
        ta, tb, tc, td = w[:-1, :-1], w[:-1, 1:], w[1:, 1:], w[1:, :-1]
        keep = np.ones(a.shape[:2], dtype=bool)
        if hole is not None:
            x0, y0, x1, y1 = hole
            lo = np.minimum(np.minimum(a, b), np.minimum(cc, d))
            hi = np.maximum(np.maximum(a, b), np.maximum(cc, d))
            keep = ~((lo[..., 0] >= x0) & (hi[..., 0] <= x1) & (lo[..., 1] >= y0) & (hi[..., 1] <= y1))
        pos = np.stack([a, b, cc, a, cc, d], axis=2)[keep].reshape(-1, 3)
        tex = np.stack([ta, tb, tc, ta, tc, td], axis=2)[keep].reshape(-1, 2)
        n = np.cross(c[1] - c[0], c[2] - c[0])
        colour = np.asarray(rgb, dtype=np.float64)[:3]
        if mottle:
            from app.look.textures import noise

            field = noise((64, 64), seed, 6, 3)
            iu = (np.floor(pos[:, 0] / mottle_cm * 8).astype(int)) % 64
            iv = (np.floor(pos[:, 1] / mottle_cm * 8).astype(int)) % 64
            colour = colour[None, :] * (1.0 + mottle * 2.0 * (field[iv, iu] - 0.5))[:, None]
        self.add(pos, np.repeat(n[None, :], len(pos), axis=0), colour, tex, texture, 0.0, alpha, None, surface)

    def add_prism(self, ring: Points, z0: float, z1: float, rgb: Vector,
                  top_texture: str = PLAIN, top_uv_cm: float = 0.0, gloss: float = 0.0, ground: float | None = 0.0,
                  top_rgb: Vector | None = None, surface: Surface | None = None) -> None:
        """A convex footprint (x, y, counter-clockwise) extruded from z0 to z1;
        the top printed with ``top_texture`` (texture units every ``top_uv_cm``)."""
        r = np.asarray(ring, dtype=np.float64)
        n = len(r)
        fan = np.array([[0, k, k + 1] for k in range(1, n - 1)])
        top = np.column_stack([r, np.full(n, z1)])
        uv = r / top_uv_cm if top_uv_cm else np.zeros((n, 2))
        self.add_mesh(top, fan, top_rgb if top_rgb is not None else rgb, smooth=False, uvs=uv, texture=top_texture,
                      gloss=gloss, ground=ground, surface=surface)
        for k in range(n):
            a, b = r[k], r[(k + 1) % n]
            self.add_quad([(a[0], a[1], z0), (b[0], b[1], z0), (b[0], b[1], z1), (a[0], a[1], z1)], rgb, gloss=gloss,
                          ground=ground, surface=surface)

    def add_box(self, center: Vector, size: Vector, rgb: Vector, heading: float = 0.0,
                textures: dict[str, str] | None = None, gloss: float = 0.0, ground: float | None = 0.0,
                uv_repeat: dict[str, tuple[float, float]] | None = None, skip: tuple[str, ...] = (),
                surface: Surface | None = None) -> None:
        """A box standing on ``center`` (bottom centre), turned ``heading``
        degrees; ``textures`` names a texture per face: top, bottom, front (-y),
        back (+y), left (-x), right (+x); faces not named are plain."""
        for name, quad in box_faces(center, size, heading).items():
            if name in skip:
                continue
            tex = (textures or {}).get(name, PLAIN)
            ru, rv = (uv_repeat or {}).get(name, (1.0, 1.0))
            self.add_quad(quad, rgb, tex, uv=((0, 0), (ru, 0), (ru, rv), (0, rv)), gloss=gloss, ground=ground,
                          surface=surface)

    def add_disc(self, center: Vector, radius: float, height: float, rgb: Vector,
                 top_texture: str = PLAIN, side_texture: str = PLAIN, sides: int = 24, gloss: float = 0.0,
                 ground: float | None = 0.0, side_rgb: Vector | None = None, alpha: float = 1.0,
                 surface: Surface | None = None) -> None:
        """An upright cylinder (a token, a base, a coin) with a textured top."""
        cx, cy, cz = float(center[0]), float(center[1]), float(center[2]) if len(center) > 2 else 0.0
        a = 2 * np.pi * np.arange(sides + 1) / sides
        ring = np.column_stack([np.cos(a), np.sin(a)])
        top = np.column_stack([cx + radius * ring[:, 0], cy + radius * ring[:, 1], np.full(sides + 1, cz + height)])
        bot = top.copy()
        bot[:, 2] = cz
        # top: fan
        centre = np.array([cx, cy, cz + height])
        tri = np.stack([np.repeat(centre[None], sides, 0), top[:-1], top[1:]], axis=1).reshape(-1, 3)
        tuv = np.stack([np.repeat([[0.5, 0.5]], sides, 0), 0.5 + 0.5 * ring[:-1], 0.5 + 0.5 * ring[1:]],
                       axis=1).reshape(-1, 2)
        self.add(tri, np.tile([0, 0, 1.0], (len(tri), 1)), rgb, tuv, top_texture, gloss, alpha, ground, surface)
        if height > 0:
            quads = np.stack([bot[:-1], bot[1:], top[1:], bot[:-1], top[1:], top[:-1]], axis=1).reshape(-1, 3)
            nrm = np.column_stack([quads[:, 0] - cx, quads[:, 1] - cy, np.zeros(len(quads))])
            u = np.arange(sides + 1) / sides
            suv = np.stack([np.column_stack([u[:-1], np.zeros(sides)]), np.column_stack([u[1:], np.zeros(sides)]),
                            np.column_stack([u[1:], np.ones(sides)]), np.column_stack([u[:-1], np.zeros(sides)]),
                            np.column_stack([u[1:], np.ones(sides)]), np.column_stack([u[:-1], np.ones(sides)])],
                           axis=1).reshape(-1, 2)
            self.add(quads, nrm, side_rgb if side_rgb is not None else rgb, suv, side_texture, gloss, alpha, ground,
                     surface)

    def transform(self, matrix: np.ndarray) -> Batch:
        """Move every triangle by a 4x4 rigid ``matrix`` (engine frame),
        normals turned with it: a piece built upright, then tilted (a tile
        leaning on its rack). Returns self."""
        m = np.asarray(matrix, dtype=np.float64)
        for chunks in self.chunks.values():
            for c in chunks:
                c.positions = c.positions @ m[:3, :3].T + m[:3, 3]
                c.normals = c.normals @ m[:3, :3].T
        return self

    def extend(self, other: Batch) -> None:
        for tex, chunks in other.chunks.items():
            self.chunks[tex].extend(chunks)

    def __len__(self) -> int:
        return sum(len(c.positions) for cs in self.chunks.values() for c in cs) // 3

    # -- building -----------------------------------------------------------------

    def colours(self, chunk: _Chunk, textured: bool) -> np.ndarray:
        """RGBA per corner. Baked path: lit (textured faces take the light,
        their colour comes from the texture times ``rgb``). Shader path: the
        base colour in linear light times the contact darkening only - the
        shader adds the light, so it is never counted twice."""
        if pipeline.active() is LookPath.PBR:
            base = pipeline.to_linear(chunk.rgb)
            if chunk.heights is not None:
                base = base * light.occlusion(chunk.heights)[:, None]
            return np.column_stack([base, chunk.alpha])
        lit = light.shade(chunk.rgb, chunk.normals, chunk.heights, chunk.gloss)
        if self.pooled:
            lit = np.clip(lit * light.pool(chunk.positions)[:, None], 0.0, 1.0)
        return np.column_stack([lit, chunk.alpha])

    def groups(self) -> list[tuple[str, Surface | None, list[_Chunk]]]:
        """The geoms to build: one per texture on the baked path (fewest draw
        calls for the software renderer), one per texture and surface on the
        shader path (a material per geom)."""
        pbr = pipeline.active() is LookPath.PBR
        out: dict[tuple[str, Surface | None], list[_Chunk]] = {}
        for tex, chunks in self.chunks.items():
            for c in chunks:
                out.setdefault((tex, c.surface if pbr else None), []).append(c)
        return [(tex, surf, cs) for (tex, surf), cs in out.items()]

    def node(self, name: str = "batch") -> Any:
        """One ``GeomNode`` (wrapped in a NodePath), a Geom per texture (and
        per surface on the shader path)."""
        from panda3d.core import (
            Geom,
            GeomNode,
            GeomTriangles,
            GeomVertexData,
            MaterialAttrib,
            NodePath,
            RenderState,
            TextureAttrib,
            TransparencyAttrib,
        )

        from app.look import textures

        pbr = pipeline.active() is LookPath.PBR
        gnode = GeomNode(name)
        fmt = _format(pbr)
        any_alpha = False
        for tex, surf, chunks in self.groups():
            pos = np.concatenate([c.positions for c in chunks])
            col = np.concatenate([self.colours(c, tex != PLAIN) for c in chunks])
            uv = np.concatenate([c.uvs for c in chunks])
            any_alpha |= bool(np.any(col[:, 3] < 1.0))
            cols = [pos, col, uv]
            if pbr:
                nrm = np.concatenate([c.normals for c in chunks])
                nrm = nrm / np.maximum(np.linalg.norm(nrm, axis=1, keepdims=True), 1e-12)
                cols.append(nrm)
            # share identical corners (smooth meshes share most): the software
            # renderer transforms each vertex once, not once per triangle
            rows = np.column_stack(cols).astype(np.float32)
            rows, order = np.unique(rows, axis=0, return_inverse=True)
            order = order.reshape(-1).astype(np.uint32)
            pos, col, uv = rows[:, :3], rows[:, 3:7], rows[:, 7:9]
            n = len(pos)
            vdata = GeomVertexData(name, fmt, Geom.UHStatic)
            vdata.uncleanSetNumRows(n)
            _write(vdata, 0, frames.array_to_ursina(pos).astype(np.float32))
            _write(vdata, 1, col.astype(np.float32))
            _write(vdata, 2, uv.astype(np.float32))
            if pbr:
                normals = frames.directions_to_ursina(rows[:, 9:12].astype(np.float64))
                _write(vdata, 3, np.column_stack([normals, tangents(normals)]).astype(np.float32))
            prim = GeomTriangles(Geom.UHStatic)
            prim.setIndexType(Geom.NT_uint32)
            idx = prim.modifyVertices()
            idx.uncleanSetNumRows(len(order))
            # Ursina's frame is left-handed and the swap of y and z in frames
            # flips the handedness back, so engine counter-clockwise stays front.
            memoryview(idx).cast("B")[:] = order.tobytes()
            geom = Geom(vdata)
            geom.addPrimitive(prim)
            state = RenderState.makeEmpty()
            if tex != PLAIN:  # untextured triangles bind no texture: the software renderer's fast path
                state = state.addAttrib(TextureAttrib.make(textures.texture(tex, srgb=pbr)))
            if pbr and surf is not None:
                state = state.addAttrib(MaterialAttrib.make(material(surf)))
            gnode.addGeom(geom, state)
        path = NodePath(gnode)
        if any_alpha:
            path.setTransparency(TransparencyAttrib.MAlpha)
            if pbr:  # glass and shadow layers cast no shadow of their own
                from panda3d.core import BitMask32

                path.hide(BitMask32.bit(pipeline.SHADOW_BIT))
        return path


_MATERIALS: dict[Surface, Any] = {}


def material(surface: Surface) -> Any:
    """The Panda3D material of a surface (white base colour: the colour is in
    the vertices and the texture), one per surface."""
    m = _MATERIALS.get(surface)
    if m is None:
        from panda3d.core import Material

        m = Material(surface.name)
        m.setBaseColor((1, 1, 1, 1))
        m.setRoughness(surface.roughness)
        m.setMetallic(surface.metallic)
        _MATERIALS[surface] = m
    return m


def tangents(normals: np.ndarray) -> np.ndarray:
    """A unit tangent (N x 4, w = 1) across each unit normal (N x 3): the
    shader builds its frame from it even where no normal map is used."""
    helper = np.where(np.abs(normals[:, 1:2]) < 0.9, [[0.0, 1.0, 0.0]], [[1.0, 0.0, 0.0]])
    t = np.cross(helper, normals)
    t /= np.maximum(np.linalg.norm(t, axis=1, keepdims=True), 1e-12)
    return np.column_stack([t, np.ones(len(t))])


def _format(pbr: bool = False):
    """Position, colour, texture coordinates; on the shader path also a
    normal and a tangent (one array: fewer buffers to fill)."""
    from panda3d.core import Geom, GeomVertexArrayFormat, GeomVertexFormat, InternalName

    cache = _format.__dict__.setdefault("cached", {})
    if pbr in cache:
        return cache[pbr]
    fmt = GeomVertexFormat()
    a = GeomVertexArrayFormat()
    a.addColumn(InternalName.getVertex(), 3, Geom.NT_float32, Geom.C_point)
    fmt.addArray(a)
    b = GeomVertexArrayFormat()
    b.addColumn(InternalName.getColor(), 4, Geom.NT_float32, Geom.C_color)
    fmt.addArray(b)
    c = GeomVertexArrayFormat()
    c.addColumn(InternalName.getTexcoord(), 2, Geom.NT_float32, Geom.C_texcoord)
    fmt.addArray(c)
    if pbr:
        d = GeomVertexArrayFormat()
        d.addColumn(InternalName.getNormal(), 3, Geom.NT_float32, Geom.C_normal)
        d.addColumn(InternalName.getTangent(), 4, Geom.NT_float32, Geom.C_vector)
        fmt.addArray(d)
    cache[pbr] = GeomVertexFormat.registerFormat(fmt)
    return cache[pbr]


def _write(vdata: Any, index: int, arr: np.ndarray) -> None:
    view = memoryview(vdata.modifyArray(index)).cast("B")
    view[:] = np.ascontiguousarray(arr).tobytes()


def vertex_normals(v: np.ndarray, f: np.ndarray) -> np.ndarray:
    fn = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
    vn = np.zeros_like(v)
    for k in range(3):
        np.add.at(vn, f[:, k], fn)
    return vn / np.maximum(np.linalg.norm(vn, axis=1, keepdims=True), 1e-12)


def box_faces(center: Vector, size: Vector, heading: float = 0.0) -> dict[str, np.ndarray]:
    """The six faces of a box (bottom centre ``center``, ``size`` x, y, z,
    turned ``heading`` degrees about z), corners counter-clockwise from
    outside, each starting at its bottom-left as seen from outside."""
    cx, cy = float(center[0]), float(center[1])
    cz = float(center[2]) if len(center) > 2 else 0.0
    local = box_corners(tuple(float(s) for s in size))
    a = np.radians(heading)
    rot = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    return {k: np.asarray(q, dtype=float) @ rot.T + [cx, cy, cz] for k, q in local.items()}
