"""Toy Battle as a printed board: a palette and a ground print per terrain,
printed bases and paths, medal coins, and troop tiles as thick chips with a
drawn portrait and a large strength number (Pillow painters).
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw

from app.look.textures import centred_text, noise, painter, tint, to_image

PALETTES: dict[str, dict[str, tuple[int, int, int]]] = {
    "castle-field": {"ground": (118, 164, 84), "path": (196, 170, 120), "base": (226, 214, 182), "edge": (110, 100, 90)},
    "tropical-pool": {"ground": (90, 190, 220), "path": (250, 240, 210), "base": (255, 250, 236), "edge": (40, 120, 170)},
    "city-of-clouds": {"ground": (150, 196, 240), "path": (255, 255, 255), "base": (250, 238, 160), "edge": (120, 140, 200)},
    "volcanic-jungle": {"ground": (56, 110, 52), "path": (200, 90, 40), "base": (220, 200, 150), "edge": (70, 40, 30)},
    "cursed-cemetery": {"ground": (90, 86, 110), "path": (150, 140, 120), "base": (200, 200, 190), "edge": (50, 46, 60)},
    "caribbean-sea": {"ground": (40, 120, 180), "path": (236, 216, 160), "base": (244, 228, 180), "edge": (20, 70, 110)},
    "station-metal-x": {"ground": (140, 146, 156), "path": (230, 190, 60), "base": (200, 206, 214), "edge": (70, 74, 84)},
    "battlefield": {"ground": (150, 120, 80), "path": (110, 90, 60), "base": (214, 200, 160), "edge": (80, 60, 40)},
}
"""Chosen colours, after the terrains' names (the boards are printed art)."""
TROOPS = ("kwak", "skully", "capn", "jumbo", "hook", "xb42", "star", "roxy")
STRENGTH = {"kwak": "X", "skully": "1", "capn": "2", "jumbo": "3", "hook": "4", "xb42": "5", "star": "6", "roxy": "7"}
TEAM_RGB = {"blue": (52, 100, 210), "red": (210, 50, 46)}


def slug(name: str) -> str:
    return "-".join(name.lower().replace("-", " ").split())


def palette(terrain_name: str) -> dict[str, tuple[int, int, int]]:
    return PALETTES.get(slug(terrain_name), PALETTES["castle-field"])


@painter("tbground")
def ground(name: str = "castle-field") -> Image.Image:
    """The board's printed ground, one motif per terrain."""
    pal = PALETTES.get(name, PALETTES["castle-field"])
    s = 256
    rng = np.random.default_rng(sum(map(ord, name)))
    arr = tint(pal["ground"], noise((s, s), sum(map(ord, name)), 6, 4), 0.14)
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    light = tuple(min(255, int(c * 1.18)) for c in pal["ground"])
    dark = tuple(int(c * 0.78) for c in pal["ground"])
    if name == "castle-field":  # tufts of grass and flowers
        for _ in range(90):
            x, y = rng.uniform(0, s, 2)
            d.line((x, y, x - 3, y - 7), fill=dark, width=2)
            d.line((x, y, x + 3, y - 7), fill=dark, width=2)
        for k in range(30):
            x, y = rng.uniform(0, s, 2)
            petal = ((250, 240, 120), (250, 250, 250), (240, 130, 170), (170, 140, 240))[k % 4]
            d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=petal)
            d.ellipse((x - 1, y - 1, x + 1, y + 1), fill=(240, 170, 40))
    elif name == "tropical-pool":  # pool tiles and ripples
        for k in range(0, s, 32):
            d.line((k, 0, k, s), fill=light, width=2)
            d.line((0, k, s, k), fill=light, width=2)
        for _ in range(14):
            x, y = rng.uniform(0, s, 2)
            d.arc((x - 18, y - 6, x + 18, y + 6), 200, 340, fill=(230, 250, 255), width=2)
    elif name == "city-of-clouds":
        for _ in range(10):
            x, y = rng.uniform(0, s, 2)
            for dx, r in ((-14, 12), (0, 17), (15, 12)):
                d.ellipse((x + dx - r, y - r, x + dx + r, y + r), fill=(250, 252, 255))
    elif name == "volcanic-jungle":
        for _ in range(30):
            x, y = rng.uniform(0, s, 2)
            d.polygon([(x, y), (x + 14, y - 4), (x + 26, y + 2), (x + 12, y + 5)], fill=dark)
        for _ in range(4):
            x, y = rng.uniform(0, s, 2)
            d.line((x, y, x + 40, y + 20, x + 70, y + 10), fill=(230, 90, 30), width=5)
    elif name == "cursed-cemetery":
        for _ in range(10):
            x, y = rng.uniform(0, s, 2)
            d.rounded_rectangle((x - 8, y - 14, x + 8, y + 8), radius=7, fill=(150, 150, 156), outline=dark)
            d.line((x - 4, y - 4, x + 4, y - 4), fill=dark, width=2)
    elif name == "caribbean-sea":
        for _ in range(40):
            x, y = rng.uniform(0, s, 2)
            d.arc((x - 12, y - 5, x + 12, y + 5), 200, 340, fill=light, width=2)
    elif name == "station-metal-x":
        for k in range(0, s, 64):
            d.line((k, 0, k, s), fill=dark, width=3)
            d.line((0, k, s, k), fill=dark, width=3)
            for j in range(0, s, 64):
                for ox, oy in ((6, 6), (58, 6), (6, 58), (58, 58)):
                    d.ellipse((k + ox - 2, j + oy - 2, k + ox + 2, j + oy + 2), fill=light)
    else:  # battlefield: craters and tracks
        for _ in range(8):
            cx, cy = rng.uniform(0, s, 2)
            radius = rng.uniform(8, 16)
            d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=dark, outline=light, width=2)
    return img


@painter("tbbase")
def base(name: str = "castle-field", special: str = "") -> Image.Image:
    """A printed base: a ring round a lighter centre; a special base carries its sign."""
    pal = PALETTES.get(name, PALETTES["castle-field"])
    s = 128
    img = Image.new("RGB", (s, s), pal["edge"])
    d = ImageDraw.Draw(img)
    d.ellipse((8, 8, s - 9, s - 9), fill=pal["base"])
    d.ellipse((20, 20, s - 21, s - 21), outline=pal["edge"], width=3)
    if special:
        d.ellipse((8, 8, s - 9, s - 9), fill=(170, 130, 220))
        sign = {"return": "\u21ba", "only-1-2": "1-2", "only-3-4-5": "3-5", "only-6-7": "6-7", "draw-1": "+1",
                "push": "\u2192", "raise": "\u2191", "no-effects": "\u00d8", "block": "X"}.get(special, "*")
        centred_text(ImageDraw.Draw(img), (26, 26, 102, 102), sign, 48, (255, 255, 255), stroke=2,
                     stroke_fill=(80, 50, 120))
    return img


@painter("tbpath")
def path(name: str = "castle-field") -> Image.Image:
    """A printed path (u along it): a band with dashes."""
    pal = PALETTES.get(name, PALETTES["castle-field"])
    img = Image.new("RGB", (128, 32), pal["edge"])
    d = ImageDraw.Draw(img)
    d.rectangle((0, 5, 128, 26), fill=pal["path"])
    for x in range(4, 128, 32):
        d.rectangle((x, 14, x + 16, 17), fill=pal["edge"])
    return img


@painter("tbhq")
def hq(team: str = "blue") -> Image.Image:
    rgb = TEAM_RGB.get(team, (120, 120, 120))
    img = Image.new("RGB", (128, 128), tuple(int(c * 0.7) for c in rgb))
    d = ImageDraw.Draw(img)
    d.ellipse((10, 10, 118, 118), fill=rgb)
    d.polygon([(34, 80), (34, 50), (44, 50), (44, 60), (54, 60), (54, 44), (74, 44), (74, 60), (84, 60), (84, 50),
               (94, 50), (94, 80)], fill=(255, 255, 255))
    centred_text(d, (30, 84, 98, 108), "H.Q.", 20, (255, 255, 255))
    return img


@painter("medal")
def medal(count: str = "1") -> Image.Image:
    """A gold medal coin printed with the region's medal count."""
    s = 128
    img = Image.new("RGB", (s, s), (176, 128, 30))
    d = ImageDraw.Draw(img)
    d.ellipse((6, 6, s - 7, s - 7), fill=(246, 196, 60))
    d.ellipse((18, 18, s - 19, s - 19), outline=(196, 140, 30), width=4)
    centred_text(d, (30, 26, 98, 104), count, 64, (120, 70, 10))
    return img


def portrait(d: ImageDraw.ImageDraw, troop: str, cx: float, cy: float, r: float) -> None:
    """A drawn troop portrait (the box's eight characters, as toy icons)."""
    ink = (30, 24, 20)
    if troop == "kwak":  # a duck
        d.ellipse((cx - r, cy - r * 0.8, cx + r, cy + r), fill=(250, 220, 60), outline=ink, width=2)
        d.polygon([(cx + r * 0.3, cy + r * 0.1), (cx + r * 1.2, cy + r * 0.25), (cx + r * 0.3, cy + r * 0.45)],
                  fill=(240, 130, 30), outline=ink)
        d.ellipse((cx - r * 0.1, cy - r * 0.35, cx + r * 0.2, cy - r * 0.05), fill=ink)
    elif troop == "skully":  # a skull
        d.ellipse((cx - r * 0.8, cy - r, cx + r * 0.8, cy + r * 0.5), fill=(246, 244, 236), outline=ink, width=2)
        d.rectangle((cx - r * 0.45, cy + r * 0.3, cx + r * 0.45, cy + r * 0.85), fill=(246, 244, 236), outline=ink)
        for sx in (-1, 1):
            d.ellipse((cx + sx * r * 0.35 - r * 0.22, cy - r * 0.35, cx + sx * r * 0.35 + r * 0.22, cy + r * 0.05), fill=ink)
    elif troop == "capn":  # a pirate captain's hat and eye patch
        d.ellipse((cx - r * 0.7, cy - r * 0.4, cx + r * 0.7, cy + r * 0.9), fill=(240, 196, 160), outline=ink, width=2)
        d.polygon([(cx - r, cy - r * 0.2), (cx, cy - r * 1.05), (cx + r, cy - r * 0.2)], fill=(30, 30, 36))
        d.ellipse((cx - r * 0.12, cy - r * 0.72, cx + r * 0.12, cy - r * 0.48), fill=(246, 246, 246))
        d.ellipse((cx + r * 0.1, cy + r * 0.05, cx + r * 0.4, cy + r * 0.3), fill=ink)
        d.line((cx - r * 0.6, cy - r * 0.1, cx + r * 0.6, cy + r * 0.3), fill=ink, width=2)
    elif troop == "jumbo":  # an elephant
        d.ellipse((cx - r * 0.7, cy - r * 0.8, cx + r * 0.7, cy + r * 0.5), fill=(170, 170, 186), outline=ink, width=2)
        for sx in (-1, 1):
            d.ellipse((cx + sx * r * 0.6 - r * 0.45, cy - r * 0.7, cx + sx * r * 0.6 + r * 0.45, cy + r * 0.2),
                      fill=(190, 190, 206), outline=ink, width=2)
        d.line((cx, cy + r * 0.1, cx, cy + r * 0.8, cx + r * 0.3, cy + r * 0.95), fill=(150, 150, 166), width=int(r * 0.3))
    elif troop == "hook":  # a hook
        d.arc((cx - r * 0.6, cy - r * 0.1, cx + r * 0.6, cy + r * 0.9), 0, 200, fill=(190, 196, 206), width=int(r * 0.22))
        d.line((cx + r * 0.6, cy + r * 0.4, cx + r * 0.6, cy - r * 0.9), fill=(190, 196, 206), width=int(r * 0.22))
        d.rectangle((cx + r * 0.3, cy - r, cx + r * 0.9, cy - r * 0.7), fill=(120, 70, 40))
    elif troop == "xb42":  # a robot
        d.rectangle((cx - r * 0.7, cy - r * 0.6, cx + r * 0.7, cy + r * 0.7), fill=(160, 176, 196), outline=ink, width=2)
        for sx in (-1, 1):
            d.ellipse((cx + sx * r * 0.35 - r * 0.18, cy - r * 0.3, cx + sx * r * 0.35 + r * 0.18, cy + r * 0.06),
                      fill=(240, 60, 60))
        d.line((cx, cy - r * 0.6, cx, cy - r), fill=ink, width=2)
        d.ellipse((cx - r * 0.1, cy - r * 1.1, cx + r * 0.1, cy - r * 0.9), fill=(240, 200, 40))
        d.rectangle((cx - r * 0.4, cy + r * 0.3, cx + r * 0.4, cy + r * 0.45), fill=ink)
    elif troop == "star":  # a star
        pts = []
        for k in range(10):
            rr = r if k % 2 == 0 else r * 0.45
            a = math.pi * k / 5 - math.pi / 2
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=(250, 210, 50), outline=ink)
        d.ellipse((cx - r * 0.25, cy - r * 0.15, cx - r * 0.08, cy + r * 0.05), fill=ink)
        d.ellipse((cx + r * 0.08, cy - r * 0.15, cx + r * 0.25, cy + r * 0.05), fill=ink)
    else:  # roxy: a rock star with a quiff
        d.ellipse((cx - r * 0.65, cy - r * 0.5, cx + r * 0.65, cy + r * 0.9), fill=(240, 196, 160), outline=ink, width=2)
        d.chord((cx - r * 0.9, cy - r * 1.1, cx + r * 0.8, cy + r * 0.2), 180, 360, fill=(200, 40, 140))
        d.rectangle((cx - r * 0.55, cy - r * 0.05, cx + r * 0.55, cy + r * 0.18), fill=ink)


@painter("tile")
def tile(troop: str = "kwak", team: str = "blue", down: str = "0") -> Image.Image:
    """A troop tile's face: the team's colour, the portrait, a large strength number."""
    rgb = TEAM_RGB.get(team, (120, 120, 120))
    s = 256
    img = Image.new("RGB", (s, s), tuple(int(c * 0.6) for c in rgb))
    d = ImageDraw.Draw(img)
    if down == "1":  # the tile's back: the team's colour in a radial glow, the box's emblem
        yy, xx = np.mgrid[0:s, 0:s]
        r = np.hypot(xx - s / 2, yy - s / 2) / (s / 2)
        glow = np.clip(1.25 - 0.7 * r, 0.4, 1.25)[..., None]
        arr = np.clip(np.asarray(rgb, dtype=float)[None, None, :] * glow + 40 * (1 - r[..., None]).clip(0), 0, 255)
        img = to_image(arr)
        d = ImageDraw.Draw(img)
        d.ellipse((8, 8, s - 9, s - 9), outline=(255, 255, 255), width=6)
        pts = []
        for k in range(10):
            rr = 70 if k % 2 == 0 else 30
            a = math.pi * k / 5 - math.pi / 2
            pts.append((s / 2 + rr * math.cos(a), s / 2 + rr * math.sin(a)))
        d.polygon(pts, fill=(255, 255, 255), outline=tuple(int(c * 0.5) for c in rgb))
        return img
    d.ellipse((8, 8, s - 9, s - 9), fill=rgb)
    d.ellipse((26, 26, s - 27, s - 27), fill=(250, 246, 232))
    portrait(d, troop, 86, 92, 44)
    # the strength, as large as the tile allows: it must read at the default zoom
    d.ellipse((104, 96, 236, 228), fill=(255, 255, 255), outline=(30, 24, 20), width=6)
    centred_text(d, (118, 106, 222, 218), STRENGTH.get(troop, "?"), 110, (20, 16, 14))
    return img


@painter("boxart")
def box_art(game: str = "toy-battle") -> Image.Image:
    """The game box's lid art: a sky-to-sunset gradient, the title, the cast."""
    w, h = 256, 256
    y = np.linspace(0, 1, h)[:, None, None]
    top = np.array([70, 130, 230]) if game == "toy-battle" else np.array([40, 160, 200])
    bottom = np.array([250, 170, 80]) if game == "toy-battle" else np.array([250, 226, 150])
    arr = top * (1 - y) + bottom * y
    arr = np.repeat(arr, w, axis=1)
    x = np.linspace(-1, 1, w)[None, :]
    yy = np.linspace(-1, 1, h)[:, None]
    glow = np.exp(-((x - 0.4) ** 2 + (yy + 0.5) ** 2) * 3)[..., None]
    arr = arr + glow * 60
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    d.ellipse((-60, 170, 320, 420), fill=(90, 170, 80) if game == "toy-battle" else (236, 214, 160))
    title = "TOY\nBATTLE" if game == "toy-battle" else "LITTLE\nBATTLE"
    centred_text(d, (16, 10, 240, 110), title, 56, (255, 236, 90), stroke=5, stroke_fill=(120, 30, 30))
    if game == "toy-battle":
        for k, troop in enumerate(TROOPS):
            cx = 32 + (k % 4) * 64
            cy = 150 + (k // 4) * 62
            d.ellipse((cx - 28, cy - 28, cx + 28, cy + 28), fill=(250, 246, 232), outline=(40, 30, 20), width=3)
            portrait(d, troop, cx, cy + 2, 20)
    else:
        from app.look.cards import _animal

        for k, kind in enumerate(("Parrot", "Rhino", "Leopard")):
            _animal(d, kind, 50 + 78 * k, 180, 34)
    d.rectangle((0, 0, w - 1, h - 1), outline=(40, 30, 20), width=4)
    return img
