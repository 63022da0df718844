"""Toy-soldier figurines in glossy moulded plastic, from ``meshes/figurines``.

The ``.glb`` files are read with trimesh in the engine's frame (they are
written z up, see ``meshes/make_meshes.py``), lit once per vertex with smooth
normals and a plastic highlight (:mod:`app.look.light`), and kept as one
node per (type, colour): each soldier on the table is an instance of it, so
a redraw costs no mesh building.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from app.look.geom import Batch, vertex_normals

MESHES = Path(__file__).resolve().parents[2] / "meshes" / "figurines"
GLOSS = 0.9
"""Moulded plastic: a strong, small highlight."""
PART_SHADE = {"base": 0.78, "body": 1.0, "arms": 1.0, "weapon": 0.82, "head": 1.04}
"""One colour of plastic, but the sculpt reads better when the base and the
weapon are a touch darker, as the paint-less toys look under a lamp."""


@functools.cache
def parts(kind: str) -> dict[str, Any]:
    """The named trimesh parts of one figurine type (engine frame, cm)."""
    import trimesh

    scene = trimesh.load_scene(MESHES / f"{kind}.glb")
    out = {}
    for node in scene.graph.nodes_geometry:
        transform, geom_name = scene.graph[node]
        mesh = scene.geometry[geom_name].copy()
        mesh.apply_transform(transform)
        out[node] = mesh
    return out


def figurine_batch(kind: str, rgb: Sequence[float], at: Sequence[float] = (0.0, 0.0, 0.0),
                   heading: float = 0.0, batch: Batch | None = None) -> Batch:
    """A figurine of ``kind`` in plastic of colour ``rgb``, standing at ``at``."""
    b = batch if batch is not None else Batch(pooled=False)
    a = np.radians(heading)
    rot = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    for name, mesh in parts(kind).items():
        colour = np.clip(np.asarray(rgb[:3], dtype=float) * PART_SHADE.get(name, 1.0), 0, 1)
        v = np.asarray(mesh.vertices) @ rot.T + np.asarray(at[:3], dtype=float)
        vn = vertex_normals(np.asarray(mesh.vertices), np.asarray(mesh.faces)) @ rot.T
        b.add_mesh(v, mesh.faces, colour, smooth=True, gloss=GLOSS, normals_at=vn,
                   ground=float(at[2]) if len(at) > 2 else 0.0)
    return b


@functools.cache
def figurine_node(kind: str, rgb: tuple[float, float, float]) -> Any:
    """The lit figurine as a NodePath at the origin (instance it, do not change it)."""
    return figurine_batch(kind, rgb).node(f"figurine-{kind}")


def plastic(rgb: Sequence[float]) -> tuple[float, float, float]:
    """A team colour as moulded plastic: a little deeper and more saturated."""
    r, g, b = (float(c) for c in rgb[:3])
    m = (r + g + b) / 3
    k = 1.18
    r2, g2, b2 = (min(1.0, max(0.0, (m + (c - m) * k) * 0.92)) for c in (r, g, b))
    return (r2, g2, b2)
