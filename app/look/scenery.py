"""The battlefield's scenery as it looks: kit pieces with printed faces,
other primitives in painted card, soft shadows on the mat.

The triangles drawn for a piece are the triangles the engine measures:
a kit piece (:mod:`engine.geometry.household`) is drawn from
``kit_mesh`` placed exactly as ``shapes.build_solid`` places it, any other
piece from its ``Solid.mesh``. tests/app/editor_probe.py casts Panda3D rays
at these very nodes and compares with the engine.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from app.look.geom import Batch
from app.look.kit_textures import GLOSS, part_surface, part_texture
from app.look.pipeline import CARD, FELT
from engine.geometry.household import Household, kit_mesh

PRIMITIVE_RGB = (0.86, 0.80, 0.70)
OBJECT_RGB = (0.80, 0.62, 0.95)
SHADOW_ALPHA = 0.2
SHADOW_RINGS = (0.7, 0.0)
"""cm the shadow is grown by, one translucent layer each: their overlap fades the edge."""
SHADOW_Z = 0.4
CONTACT_RING_CM = 0.6
"""cm: on the shader path, how far the contact darkening reaches out from a piece's foot."""


def placed(piece: Any) -> np.ndarray:
    """The 4x4 transform ``shapes.build_solid`` applies: turn about z, then move to ``at``."""
    a = math.radians(piece.rotation)
    m = np.eye(4)
    m[:2, :2] = [[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]]
    m[:3, 3] = piece.at
    return m


def add_piece(batch: Batch, piece: Any, solid: Any, tint: Sequence[float] | None = None) -> None:
    """One scenery piece: a kit piece part by part with its textures, anything
    else as its engine mesh in painted card (``tint`` overrides the colour)."""
    ground = float(piece.at[2])
    if isinstance(piece.shape, Household):
        kit = piece.shape
        m = kit_mesh(kit)
        t = placed(piece)
        verts = m.vertices @ t[:3, :3].T + t[:3, 3]
        for k, name in enumerate(m.names):
            faces = m.faces[m.parts == k]
            tex, rgb = part_texture(kit.kind.value, name, kit.colour, kit.seed)
            smooth = kit.kind.value in ("ball", "plush")
            batch.add_mesh(verts, faces, tint or rgb, smooth=smooth, uvs=m.uvs, texture=tex,
                           gloss=GLOSS.get(kit.kind.value, 0.05), ground=ground,
                           surface=part_surface(kit.kind.value, name))
        return
    mesh = solid.mesh
    colour = tint or (OBJECT_RGB if piece.object else PRIMITIVE_RGB)
    v = np.asarray(mesh.vertices)
    f = np.asarray(mesh.faces)
    uv = np.column_stack([(v[:, 0] + v[:, 2]) / 12.0, (v[:, 1] + v[:, 2]) / 12.0])
    batch.add_mesh(v, f, colour, smooth=False, uvs=uv, texture="card:brown:0" if not piece.object else "paper:white",
                   ground=ground, surface=CARD)


def scenery_batch(bf: Any, tint: dict[str, Sequence[float]] | None = None) -> Batch:
    """Every scenery piece of a battlefield, in one batch."""
    b = Batch()
    for piece, solid in zip(bf.scenery, bf.solids, strict=True):
        add_piece(b, piece, solid, (tint or {}).get(piece.id))
    return b


def shadow_outline(points: np.ndarray, ground: float = 0.0) -> Any:
    """The shadow a set of points (engine cm) casts on the plane z = ``ground``
    under the key light: the convex hull of their projections (exact for convex
    pieces, a soft approximation for the others: shadows do not block)."""
    from shapely.geometry import MultiPoint

    from app.look import light

    p = np.asarray(points, dtype=float)
    k = light.KEY
    s = (p[:, 2] - ground) / k[2]
    flat = p[:, :2] - s[:, None] * k[:2]
    return MultiPoint([tuple(q) for q in flat]).convex_hull


def add_shadow(batch: Batch, outline: Any, z: float = SHADOW_Z, strength: float = 1.0, under: Any = None) -> None:
    """A soft shadow: the outline grown and shrunk, each layer faintly dark;
    less the footprint ``under`` the piece casting it (hidden there, and
    translucent layers are the software renderer's dearest pixels)."""
    import shapely

    from app.look import pipeline

    rings: Sequence[float] = SHADOW_RINGS
    if pipeline.active() is pipeline.LookPath.PBR:
        # the key light's shadow map casts the shadow; what is left is the
        # contact darkening round the foot of the piece (ambient occlusion)
        if under is None:
            return
        outline, rings, strength = under.buffer(CONTACT_RING_CM, quad_segs=4), (CONTACT_RING_CM * 0.8, 0.0), 0.75
    for grow in rings:
        g = outline.buffer(grow, quad_segs=4) if grow else outline
        if under is not None:
            g = g.difference(under.buffer(-0.05))
        if g.is_empty:
            continue
        try:
            tris = shapely.get_parts(shapely.constrained_delaunay_triangles(g))
        except shapely.errors.GEOSException:  # a shadow with awkward holes: the plain outline instead
            tris = shapely.get_parts(shapely.constrained_delaunay_triangles(outline))
        for tri in tris:
            pts = np.asarray(tri.exterior.coords)[:3]
            (ux, uy), (vx, vy) = pts[1] - pts[0], pts[2] - pts[0]
            if ux * vy - uy * vx < 0:  # clockwise (the 2-D cross product; NumPy 2 deprecates np.cross of 2-vectors)
                pts = pts[::-1]
            corners = np.column_stack([pts, np.full(3, z)])
            batch.add(corners, np.tile([0, 0, 1.0], (3, 1)), (0.0, 0.0, 0.0), None, "plain", 0.0,
                      SHADOW_ALPHA * strength, None)


def shadow_batch(bf: Any, figure_spots: Iterable[tuple[float, float, float, float]] = ()) -> Batch:
    """Shadows of every scenery piece resting on the table (pieces on others
    cast theirs onto the one below, drawn on its top) and of figurines
    ``(x, y, z, height)``."""
    b = Batch(contact=False)
    for solid in bf.solids:
        outline = shadow_outline(np.asarray(solid.mesh.vertices), solid.bottom)
        add_shadow(b, outline, solid.bottom + SHADOW_Z, under=solid.footprint)
    for x, y, z, h in figure_spots:
        pts = np.array([[x + dx, y + dy, z + dz] for dx in (-0.9, 0.9) for dy in (-0.9, 0.9) for dz in (0.0, h * 0.8)])
        add_shadow(b, shadow_outline(pts, z), z + SHADOW_Z, 0.8)
    return b


def mat_batch(play_zone: Any, z: float = 0.15, colour: str = "#6f9a68", tile_cm: float = 40.0) -> Batch:
    """The printed play mat over the play zone (a tiled mat texture)."""
    import shapely

    b = Batch(contact=False, surface=FELT)
    tex = f"mat:{colour}"
    ring = list(play_zone.exterior.coords)[:-1]
    if len(ring) == 4 and abs(play_zone.area - play_zone.envelope.area) < 1e-6:  # a rectangle: a fine grid for the lamp's pool
        x0, y0, x1, y1 = play_zone.bounds
        corners = [(x0, y0, z), (x1, y0, z), (x1, y1, z), (x0, y1, z)]
        b.add_grid(corners, (1.0, 1.0, 1.0), tex, uv=[(x / tile_cm, y / tile_cm) for x, y, _ in corners], cells=10)
        return b
    for tri in shapely.get_parts(shapely.constrained_delaunay_triangles(play_zone)):
        pts = np.asarray(tri.exterior.coords)[:3]
        (ux, uy), (vx, vy) = pts[1] - pts[0], pts[2] - pts[0]
        if ux * vy - uy * vx < 0:  # clockwise (as the shadows above)
            pts = pts[::-1]
        triangle = np.column_stack([pts, np.full(3, z)])
        b.add(triangle, np.tile([0, 0, 1.0], (3, 1)), (1.0, 1.0, 1.0), pts / tile_cm, tex, 0.0, 1.0, None)
    return b
