"""The table's light, baked into vertex colours.

The software renderer (``p3tinydisplay``, every test and ``toybox render``)
runs no shaders, and Ursina's default entity shader is unlit, so the light is
computed here once per vertex, in numpy, and stored in the vertex colour: it
looks the same on every backend. It is a small physically minded model, not
a full PBR pipeline:

- a warm key light from the front left, above (Lambert);
- a sky/floor hemisphere for the ambient (cool from above, warm bounce from
  the wooden table below), so faces turned away from the key are not flat;
- a Blinn-Phong highlight for glossy moulded plastic, seen from the default
  camera's direction (the highlight does not follow an orbiting camera: the
  price of baking);
- contact darkening near the table (a cheap ambient occlusion: the bottom of
  a piece is darker where little sky reaches it).
"""

from __future__ import annotations

import numpy as np

KEY = np.array([-0.42, -0.50, 0.76])
"""Direction towards the key light, engine frame (x right, y away, z up)."""
KEY /= np.linalg.norm(KEY)
KEY_RGB = np.array([1.00, 0.95, 0.86]) * 0.62
SKY_RGB = np.array([0.56, 0.60, 0.68])
FLOOR_RGB = np.array([0.36, 0.30, 0.25])
VIEW = np.array([0.0, -0.62, 0.79])
"""Direction towards the default camera (the home views look down ~52 degrees from the near side)."""
VIEW /= np.linalg.norm(VIEW)
HALF = (KEY + VIEW) / np.linalg.norm(KEY + VIEW)
SHININESS = 28.0
CONTACT_CM = 1.2
"""cm: the height over which the contact darkening fades out."""
CONTACT_DARK = 0.30


def shade(rgb: np.ndarray, normals: np.ndarray, heights: np.ndarray | None = None,
          gloss: float | np.ndarray = 0.0) -> np.ndarray:
    """Lit colours (N x 3, 0..1) of vertices with base colour ``rgb`` (N x 3 or 3),
    unit ``normals`` (N x 3, engine frame), height above the surface they
    stand on ``heights`` (N, cm; None: no contact darkening) and ``gloss``
    (0 matt card, 1 glossy plastic)."""
    n = np.asarray(normals, dtype=float)
    n = n / np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    base = np.broadcast_to(np.asarray(rgb, dtype=float)[..., :3], n.shape)
    lam = np.clip(n @ KEY, 0.0, None)[:, None]
    up = (n[:, 2:3] + 1.0) / 2.0
    ambient = FLOOR_RGB + (SKY_RGB - FLOOR_RGB) * up
    lit = base * (ambient + KEY_RGB * lam)
    g = np.broadcast_to(np.asarray(gloss, dtype=float), (len(n),))[:, None]
    if np.any(g > 0):
        spec = np.clip(n @ HALF, 0.0, None)[:, None] ** SHININESS
        lit = lit + 0.55 * g * spec * (lam > 0)
    if heights is not None:
        lit = lit * occlusion(heights)[:, None]
    return np.clip(lit, 0.0, 1.0)


def occlusion(heights: np.ndarray) -> np.ndarray:
    """The contact darkening (N,) of vertices ``heights`` cm above the surface
    they stand on: a cheap ambient occlusion, less sky reaches near the table
    (the shader path keeps it in the vertex colours: it is not light)."""
    h = np.clip(np.asarray(heights, dtype=float), 0.0, None)
    return 1.0 - CONTACT_DARK * np.exp(-h / CONTACT_CM)


POOL: list[float] = []
"""The lamp's pool of light on the table, (x, y, radius) in cm, set by the
table being drawn (app.table); empty: even light. A warm lamp above the
table lights its middle and lets the far edges fall off, as a photo of a
table under a lamp looks."""
POOL_EDGE = 0.52
"""Brightness at the far edge of the pool (1 at its middle)."""


def set_pool(x: float, y: float, radius: float) -> None:
    POOL[:] = [float(x), float(y), float(radius)]


def pool(positions: np.ndarray) -> np.ndarray:
    """Brightness (N,) of the lamp's pool at engine ``positions`` (N x 3)."""
    if not POOL:
        return np.ones(len(positions))
    x, y, r = POOL
    d2 = ((positions[:, 0] - x) ** 2 + (positions[:, 1] - y) ** 2) / (r * r)
    return POOL_EDGE + (1.0 - POOL_EDGE) * np.exp(-d2)


def flat_face_light(normal: np.ndarray) -> float:
    """Brightness (about 0.35..1) of a matt white face with this normal: for
    textured faces, whose colour comes from the texture."""
    return float(shade(np.ones(3), np.asarray(normal, dtype=float)[None, :])[0].mean())
