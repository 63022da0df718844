"""Static scenery as one combined, pre-shaded mesh.

Every piece of static scenery (the table top, boxes, cylinders, extruded
footprints) is appended to a :class:`MeshBuilder` in engine coordinates and
becomes a single Ursina ``Mesh``: one draw call however many pieces, which
keeps the software renderer fast. Shading is baked into vertex colours from
a fixed light direction, because the software backend (p3tinydisplay) runs
no shaders and Ursina's default entities are unlit; baked shading looks the
same on every backend.

Picking never uses these triangles: interactive pieces get box colliders
(see ``table.py``), since an Ursina mesh collider costs one collider per
triangle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from app import frames

RGBA = tuple[float, float, float, float]
Vec = tuple[float, float, float]

LIGHT: Vec = (-0.35, -0.55, 0.76)
"""Direction towards the light, engine frame (from the front left, above)."""
AMBIENT = 0.55
DIFFUSE = 0.45


def _normalize(v: Sequence[float]) -> Vec:
    n = math.sqrt(sum(c * c for c in v)) or 1.0
    return (v[0] / n, v[1] / n, v[2] / n)


_L = _normalize(LIGHT)


def shade(color: RGBA, normal: Sequence[float]) -> RGBA:
    """The colour of a face with this engine-frame normal under the fixed light."""
    n = _normalize(normal)
    k = AMBIENT + DIFFUSE * max(0.0, n[0] * _L[0] + n[1] * _L[1] + n[2] * _L[2])
    return (min(1.0, color[0] * k), min(1.0, color[1] * k), min(1.0, color[2] * k), color[3])


def rotate_z(p: Sequence[float], degrees: float, about: Sequence[float] = (0.0, 0.0)) -> Vec:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    x, y = p[0] - about[0], p[1] - about[1]
    return (about[0] + c * x - s * y, about[1] + s * x + c * y, p[2] if len(p) > 2 else 0.0)


@dataclass
class MeshBuilder:
    """Collects shaded triangles in engine coordinates (cm, z up)."""

    vertices: list[Vec] = field(default_factory=list)
    colors: list[RGBA] = field(default_factory=list)

    def add_polygon(self, points: Sequence[Sequence[float]], color: RGBA, normal: Sequence[float] | None = None) -> None:
        """A flat convex polygon (fan-triangulated), both sides drawn by the entity."""
        pts = [tuple(float(c) for c in p[:3]) for p in points]
        if len(pts) < 3:
            return
        if normal is None:
            a, b, c = pts[0], pts[1], pts[2]
            u = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
            v = (c[0] - a[0], c[1] - a[1], c[2] - a[2])
            normal = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        shaded = shade(color, normal)
        for i in range(1, len(pts) - 1):
            for p in (pts[0], pts[i], pts[i + 1]):
                self.vertices.append((float(p[0]), float(p[1]), float(p[2])))
                self.colors.append(shaded)

    def add_box(self, center: Sequence[float], size: Sequence[float], color: RGBA, heading: float = 0.0) -> None:
        """An axis box turned ``heading`` degrees about z; ``center`` is its bottom centre."""
        cx, cy, cz = center[0], center[1], center[2] if len(center) > 2 else 0.0
        hx, hy, h = size[0] / 2, size[1] / 2, size[2]
        corners = [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]
        ring = [rotate_z((cx + x, cy + y, 0.0), heading, (cx, cy)) for x, y in corners]
        self.add_prism([(p[0], p[1]) for p in ring], cz, cz + h, color)

    def add_prism(self, footprint: Sequence[Sequence[float]], z0: float, z1: float, color: RGBA) -> None:
        """A footprint (x, y) polygon extruded from z0 to z1 (top fan-triangulated:
        convex footprints; concave ones should be split by the caller)."""
        ring = [(float(p[0]), float(p[1])) for p in footprint]
        if _signed_area(ring) < 0:
            ring.reverse()
        self.add_polygon([(x, y, z1) for x, y in ring], color, (0, 0, 1))
        self.add_polygon([(x, y, z0) for x, y in reversed(ring)], color, (0, 0, -1))
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
            normal = (y1 - y0, -(x1 - x0), 0.0)
            self.add_polygon([(x0, y0, z0), (x1, y1, z0), (x1, y1, z1), (x0, y0, z1)], color, normal)

    def add_cylinder(self, center: Sequence[float], radius: float, height: float, color: RGBA, sides: int = 16) -> None:
        cx, cy, cz = center[0], center[1], center[2] if len(center) > 2 else 0.0
        ring = [
            (cx + radius * math.cos(2 * math.pi * i / sides), cy + radius * math.sin(2 * math.pi * i / sides))
            for i in range(sides)
        ]
        self.add_prism(ring, cz, cz + height, color)

    def add_triangles(self, vertices: Sequence[Sequence[float]], faces: Sequence[Sequence[int]], color: RGBA) -> None:
        """An arbitrary triangle mesh (a scenery mesh file), engine frame."""
        for f in faces:
            self.add_polygon([vertices[i] for i in f[:3]], color)

    def __len__(self) -> int:
        return len(self.vertices) // 3

    def build(self):  # -> ursina.Mesh
        """The Ursina mesh: vertices converted by ``frames``, colours per vertex."""
        from ursina import Mesh, Vec3, Vec4

        from app.look.pipeline import unlit

        verts = [Vec3(*frames.to_ursina(v)) for v in self.vertices]
        cols = [Vec4(*c) for c in self.colors]
        return unlit(Mesh(vertices=verts, colors=cols, mode="triangle", static=True))  # shaded here, flat there


def _signed_area(ring: Sequence[tuple[float, float]]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, list(ring[1:]) + list(ring[:1]), strict=True))


def add_area(mb: MeshBuilder, geom, z: float, color: RGBA) -> None:
    """A flat shapely (multi)polygon, holes included, at height ``z``
    (constrained Delaunay: right for concave areas too)."""
    import shapely

    if geom is None or geom.is_empty:
        return
    rgba = (float(color[0]), float(color[1]), float(color[2]), float(color[3]) if len(color) > 3 else 1.0)
    for tri in shapely.get_parts(shapely.constrained_delaunay_triangles(geom)):
        pts = list(tri.exterior.coords)[:3]
        mb.add_polygon([(x, y, z) for x, y in pts], rgba, (0, 0, 1))
