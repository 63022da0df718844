"""Thumbnails of the household kit for the editor's palette: each piece
drawn by Pillow from its own triangles (a three-quarter view, painter's
algorithm, each part in its texture's average colour, lit like the table).
"""

from __future__ import annotations

import functools

import numpy as np
from PIL import Image, ImageDraw

from app.look import light, textures
from app.look.kit_textures import part_texture
from engine.geometry.household import DEFAULT_SIZE, Household, Kind, kit_mesh

SIZE = 128
"""px: a power of two, which the software renderer requires of a texture."""


@functools.cache
def part_colour(texture: str) -> np.ndarray:
    img = textures.image(texture).convert("RGB").resize((8, 8))
    return np.asarray(img, dtype=float).reshape(-1, 3).mean(axis=0) / 255.0


@functools.cache
def thumbnail(kind: str, size: int = SIZE) -> Image.Image:
    """An RGBA icon of a kit kind at its everyday size."""
    k = Kind(kind)
    piece = Household(k, DEFAULT_SIZE[k])
    m = kit_mesh(piece)
    yaw, pitch = np.radians(-30), np.radians(28)
    rz = np.array([[np.cos(yaw), -np.sin(yaw), 0], [np.sin(yaw), np.cos(yaw), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.cos(pitch), -np.sin(pitch)], [0, np.sin(pitch), np.cos(pitch)]])
    view = rx @ rz
    v = m.vertices @ view.T  # x right, y depth (away), z up on the icon
    tri = v[m.faces]
    normals = np.cross(m.vertices[m.faces[:, 1]] - m.vertices[m.faces[:, 0]],
                       m.vertices[m.faces[:, 2]] - m.vertices[m.faces[:, 0]])
    facing = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])[:, 1] < 0
    lo, hi = v[:, [0, 2]].min(axis=0), v[:, [0, 2]].max(axis=0)
    scale = (size - 12) / max(hi - lo)
    centre = (lo + hi) / 2
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    order = np.argsort(-tri[:, :, 1].mean(axis=1))  # far first
    colours = {}
    for i, name in enumerate(m.names):
        tex, _ = part_texture(kind, name, piece.colour, piece.seed)
        colours[i] = part_colour(tex)
    lit = light.shade(np.array([colours[p] for p in m.parts]), normals)
    for f in order:
        if not facing[f]:
            continue
        pts = [(size / 2 + (p[0] - centre[0]) * scale, size / 2 - (p[2] - centre[1]) * scale) for p in tri[f]]
        c = tuple(int(255 * x) for x in lit[f]) + (255,)
        d.polygon(pts, fill=c, outline=c)
    return img
