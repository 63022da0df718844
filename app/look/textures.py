"""Every texture the table uses, painted with Pillow and numpy at run time.

Nothing is downloaded and no image is stored in the repository: a texture is
a name (``"wood"``, ``"book-cover:navy:2"``) that a painter function turns
into a small image the first time it is asked for, deterministically (noise
is seeded from the name). :func:`texture` caches the Panda3D texture per
name, :func:`image` the Pillow image (the editor's thumbnails use it).

Painters are registered by the name's first part with :func:`painter`; the
parts after ``:`` are its arguments.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

Painter = Callable[..., Image.Image]
PAINTERS: dict[str, Painter] = {}

NAMED_RGB: dict[str, tuple[int, int, int]] = {
    "red": (200, 48, 40), "navy": (34, 52, 110), "green": (46, 128, 70), "yellow": (236, 190, 50),
    "blue": (52, 104, 200), "orange": (232, 122, 40), "purple": (118, 70, 150), "teal": (38, 140, 140),
    "brown": (120, 78, 44), "white": (240, 238, 230), "black": (30, 30, 34), "pink": (232, 130, 170),
    "cream": (236, 222, 190), "grey": (140, 140, 146), "lime": (150, 200, 60), "maroon": (120, 30, 46),
}


def painter(prefix: str) -> Callable[[Painter], Painter]:
    def register(fn: Painter) -> Painter:
        PAINTERS[prefix] = fn
        return fn
    return register


def rgb_of(name: str) -> tuple[int, int, int]:
    """A named colour, or ``#rrggbb``."""
    if name.startswith("#") and len(name) == 7:
        return (int(name[1:3], 16), int(name[3:5], 16), int(name[5:7], 16))
    return NAMED_RGB.get(name, (180, 180, 180))


def seed_of(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "little")


PAINTER_MODULES = ("app.look.kit_textures", "app.look.pieces", "app.look.boards", "app.look.cards",
                   "app.look.placards")
"""The modules whose painters register themselves on import."""


def _load_painters() -> None:
    import importlib

    for module in PAINTER_MODULES:
        importlib.import_module(module)


@functools.cache
def image(name: str) -> Image.Image:
    """The Pillow image (RGBA) painted for ``name``."""
    head, *args = name.split(":")
    if head not in PAINTERS:
        _load_painters()
    if head == "plain":
        return Image.new("RGBA", (4, 4), (255, 255, 255, 255))
    fn = PAINTERS.get(head)
    if fn is None:
        raise KeyError(f"no painter for texture {name!r}")
    return fn(*args).convert("RGBA")


@functools.cache
def texture(name: str, srgb: bool = False) -> Any:
    """The Panda3D texture for ``name`` (mipmapped, clamped unless it tiles);
    ``srgb`` marks it as sRGB so the shader path samples it in linear light."""
    from panda3d.core import SamplerState, Texture

    img = image(name).transpose(Image.Transpose.FLIP_TOP_BOTTOM)  # Panda's rows run bottom-up
    w, h = (1 << max(0, (n - 1).bit_length()) for n in img.size)  # the software renderer takes powers of two only
    if (w, h) != img.size:
        img = img.resize((w, h), Image.Resampling.BICUBIC)
    tex = Texture(name)
    tex.setup2dTexture(w, h, Texture.T_unsigned_byte, Texture.F_rgba8)
    if srgb:
        tex.setFormat(Texture.F_srgb_alpha)
    arr = np.asarray(img)[:, :, [2, 1, 0, 3]]  # Panda stores BGRA
    tex.setRamImage(np.ascontiguousarray(arr).tobytes())
    tiles = name.split(":")[0] in TILING
    wrap = SamplerState.WM_repeat if tiles else SamplerState.WM_clamp
    tex.setWrapU(wrap)
    tex.setWrapV(wrap)
    if srgb:  # the shader path (a GPU): trilinear and anisotropic, the print stays sharp at a grazing view
        tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
        tex.setAnisotropicDegree(8)
    else:
        tex.setMinfilter(SamplerState.FT_linear_mipmap_nearest)  # one mip level a pixel: less work for the software renderer
    tex.setMagfilter(SamplerState.FT_linear)
    return tex


TILING = {"wood", "mat", "felt", "ground", "fur", "paper", "pages", "tbground", "tbpath", "sand", "sea"}
"""Painters whose images repeat seamlessly (or well enough) across a face."""


# --- helpers ----------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A TrueType font: the system's DejaVu when present, else the one Ursina
    ships, else Pillow's own; at ``size`` px."""
    candidates = [__import__("pathlib").Path("/usr/share/fonts/truetype/dejavu")
                  / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")]
    try:
        import ursina

        root = __import__("pathlib").Path(ursina.__file__).parent / "fonts"
        candidates += sorted(root.glob("*.ttf"))
    except ImportError:
        pass
    for c in candidates:
        try:
            return ImageFont.truetype(str(c), size)
        except OSError:
            continue
    return ImageFont.load_default()


def noise(size: tuple[int, int], seed: int, scale: float = 8.0, octaves: int = 3) -> np.ndarray:
    """Smooth value noise in 0..1, (h, w), tiling."""
    rng = np.random.default_rng(seed)
    w, h = size
    out = np.zeros((h, w))
    amp, total = 1.0, 0.0
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.rfftfreq(w)[None, :]
    f2 = fx * fx + fy * fy
    for o in range(octaves):
        # white noise low-passed in the frequency domain: periodic, so it tiles seamlessly
        cutoff = max(2.0, scale * 2 ** o) / max(w, h)
        field = np.fft.irfft2(np.fft.rfft2(rng.standard_normal((h, w))) * np.exp(-f2 / (2 * cutoff * cutoff)), s=(h, w))
        field = (field - field.min()) / max(float(np.ptp(field)), 1e-12)
        out += amp * field
        total += amp
        amp *= 0.5
    return out / total


def tint(base: tuple[int, int, int], field: np.ndarray, strength: float) -> np.ndarray:
    """An (h, w, 3) image: ``base`` brightened/darkened by ``field`` (0..1)."""
    k = 1.0 + strength * (field - 0.5) * 2
    return np.clip(np.asarray(base, dtype=float)[None, None, :] * k[..., None], 0, 255)


def to_image(arr: np.ndarray) -> Image.Image:
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))


def centred_text(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], text: str, size: int,
                 fill: Any, bold: bool = True, stroke: int = 0, stroke_fill: Any = None) -> None:
    """``text`` centred in ``box`` (x0, y0, x1, y1), shrunk until it fits."""
    x0, y0, x1, y1 = box
    while size > 6:
        f = font(size, bold)
        left, t, r, b = draw.multiline_textbbox((0, 0), text, font=f, stroke_width=stroke, align="center")
        if r - left <= (x1 - x0) and b - t <= (y1 - y0):
            break
        size = int(size * 0.9)
    f = font(size, bold)
    left, t, r, b = draw.multiline_textbbox((0, 0), text, font=f, stroke_width=stroke, align="center")
    draw.multiline_text(((x0 + x1 - (r - left)) / 2 - left, (y0 + y1 - (b - t)) / 2 - t), text, font=f, fill=fill,
                        stroke_width=stroke, stroke_fill=stroke_fill, align="center")


# --- the table ---------------------------------------------------------------------


@painter("wood")
def wood(shade: str = "warm") -> Image.Image:
    """Oak planks: long grain along x, plank seams, a warm finish."""
    w, h = 256, 256
    base = (150, 96, 56) if shade == "warm" else (120, 84, 60)
    y = np.arange(h)[:, None].astype(float)
    x = np.arange(w)[None, :].astype(float)
    n = noise((w, h), 7, scale=3, octaves=4)
    grain = 0.5 + 0.5 * np.sin((y / 1.1 + 14 * n + 0.02 * x) * 2.0)
    fine = noise((w, h), 11, scale=60, octaves=2)
    field = 0.45 * grain + 0.35 * n + 0.2 * fine
    arr = tint(base, field, 0.18)
    plank = (np.arange(h) // 64)
    shift = (plank * 37 % 5) / 5.0
    arr *= (0.9 + 0.1 * shift)[:, None, None]
    hue = noise((w, h), 23, scale=2, octaves=2)  # some planks redder, some more golden
    arr[..., 0] *= 0.95 + 0.1 * hue
    arr[..., 2] *= 1.05 - 0.12 * hue
    rng = np.random.default_rng(5)
    for _ in range(5):  # knots
        kx, ky = rng.uniform(0, w), rng.uniform(0, h)
        r = np.hypot((x - kx) / 3.0, y - ky)
        arr *= (1 - 0.35 * np.exp(-(r / 2.5) ** 2))[..., None]
    arr[(np.arange(h) % 64) < 1] *= 0.55  # seams
    return to_image(arr)


@painter("mat")
def mat(colour: str = "#4f7a5a") -> Image.Image:
    """A printed neoprene play mat: soft mottling, a faint grid of 10 cm squares."""
    w = h = 256
    n = noise((w, h), 3, scale=6, octaves=4)
    fibre = noise((w, h), 4, scale=64, octaves=2)
    arr = tint(rgb_of(colour), 0.7 * n + 0.3 * fibre, 0.2)
    grid = ((np.arange(w) % 128) < 2)
    arr[grid, :] *= 0.9
    arr[:, grid] *= 0.9
    return to_image(arr)


@painter("paper")
def paper(colour: str = "cream") -> Image.Image:
    n = noise((128, 128), 5, scale=16, octaves=2)
    return to_image(tint(rgb_of(colour), n, 0.05))


@painter("shadow")
def shadow() -> Image.Image:
    """A soft round shadow: dark in the middle, fading to nothing at the rim."""
    s = 64
    yy, xx = np.mgrid[0:s, 0:s]
    r = np.hypot(xx - (s - 1) / 2, yy - (s - 1) / 2) / (s / 2)
    a = np.clip(1.0 - r, 0, 1) ** 1.6
    arr = np.zeros((s, s, 4))
    arr[..., 3] = 255 * a
    return Image.fromarray(arr.astype(np.uint8), "RGBA")
