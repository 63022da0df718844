"""Small pictures of 3D pieces drawn by Pillow from their triangles (a
three-quarter view, painter's algorithm, lit like the table): the figurine
on an HQ card, the kit's thumbnails in the editor."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw

from app.look import light


def render(parts: Sequence[tuple[np.ndarray, np.ndarray, Sequence[float]]], size: int, yaw: float = -30.0,
           pitch: float = 28.0, margin: int = 6) -> Image.Image:
    """An RGBA picture of ``parts`` (vertices, faces, rgb 0..1), engine frame."""
    a, p = np.radians(yaw), np.radians(pitch)
    rz = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(p), -np.sin(p)], [0, np.sin(p), np.cos(p)]])
    view = rx @ rz
    tris, cols = [], []
    for v, f, rgb in parts:
        v = np.asarray(v, dtype=float)
        f = np.asarray(f)
        n = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
        colour = np.asarray(rgb, dtype=float)
        base = colour if colour.ndim == 2 else np.broadcast_to(colour[:3], (len(f), 3))
        cols.append(light.shade(base, n, gloss=0.5))
        tris.append((v @ view.T)[f])
    tri = np.concatenate(tris)
    col = np.concatenate(cols)
    facing = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])[:, 1] < 0
    flat = tri[:, :, [0, 2]].reshape(-1, 2)
    lo, hi = flat.min(axis=0), flat.max(axis=0)
    scale = (size - 2 * margin) / max(hi - lo)
    centre = (lo + hi) / 2
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for i in np.argsort(-tri[:, :, 1].mean(axis=1)):
        if not facing[i]:
            continue
        pts = [(size / 2 + (q[0] - centre[0]) * scale, size / 2 - (q[2] - centre[1]) * scale) for q in tri[i]]
        c = tuple(int(255 * x) for x in col[i]) + (255,)
        d.polygon(pts, fill=c, outline=c)
    return img


@functools.cache
def figurine_portrait(kind: str, team: str, size: int = 120) -> Image.Image:
    from app.look.figurines import parts, plastic
    from app.seats import SEAT_RGB

    rgb = plastic(SEAT_RGB.get(team, (0.7, 0.7, 0.7)))
    meshes = [(np.asarray(m.vertices), np.asarray(m.faces), rgb) for m in parts(kind).values()]
    return render(meshes, size, yaw=-70.0, pitch=12.0)
