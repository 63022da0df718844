"""Printed faces of the household scenery kit (Pillow painters, registered
by name in :mod:`app.look.textures`), and which texture each kit part wears.

Every painter is deterministic: the colour and the seed in the name decide
titles, logos and noise.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from app.look.textures import NAMED_RGB, centred_text, noise, painter, rgb_of, seed_of, tint, to_image

TITLES = ("THE BIG\nBOOK OF\nDINOSAURS", "PIRATE\nTALES", "SPACE\nATLAS", "FAIRY\nSTORIES", "HOW\nTHINGS\nWORK",
          "MATHS\nYEAR 3", "THE\nJUNGLE", "COOKING\nFOR KIDS")
CEREALS = ("CRUNCHY\nO's", "CHOCO\nFLAKES", "HONEY\nPUFFS", "FRUITY\nLOOPS")
SOUPS = ("TOMATO\nSOUP", "BAKED\nBEANS", "SWEET\nCORN", "PEAS")
BOOK_COLOURS = ("navy", "red", "green", "maroon", "teal", "purple", "orange", "brown")
BLOCK_COLOURS = ("red", "blue", "yellow", "green", "orange", "purple")


def _dark(rgb, k=0.55):
    return tuple(int(c * k) for c in rgb)


def _light(rgb, k=0.5):
    return tuple(int(c + (255 - c) * k) for c in rgb)


@painter("cloth")
def cloth(colour: str = "navy", seed: str = "0", title: str = "1") -> Image.Image:
    """A clothbound book cover: woven noise, a border, a title."""
    rgb = rgb_of(colour)
    img = to_image(tint(rgb, noise((192, 256), seed_of(colour + seed), 30, 2), 0.10))
    d = ImageDraw.Draw(img)
    gold = (226, 196, 110)
    d.rectangle((12, 12, 179, 243), outline=gold, width=4)
    if title == "1":
        centred_text(d, (24, 40, 168, 170), TITLES[int(seed) % len(TITLES)], 34, gold)
        d.ellipse((76, 184, 116, 224), outline=gold, width=4)
    return img


@painter("spine")
def spine(colour: str = "navy", seed: str = "0") -> Image.Image:
    """A book's spine (it runs along the face's width): bands and the title."""
    rgb = rgb_of(colour)
    img = to_image(tint(rgb, noise((256, 48), seed_of(colour + seed) + 1, 20, 2), 0.10))
    d = ImageDraw.Draw(img)
    gold = (226, 196, 110)
    for x in (14, 22, 234, 242):
        d.line((x, 4, x, 44), fill=gold, width=3)
    centred_text(d, (36, 6, 220, 42), TITLES[int(seed) % len(TITLES)].replace("\n", " "), 22, gold)
    return img


@painter("pages")
def pages() -> Image.Image:
    """Page edges: fine cream lines."""
    w, h = 64, 64
    n = noise((w, h), 21, 32, 1)
    arr = tint((236, 228, 204), n, 0.05)
    arr[::3, :, :] *= 0.86
    return to_image(arr)


@painter("cereal")
def cereal(colour: str = "yellow", seed: str = "0", face: str = "front") -> Image.Image:
    """A cereal box face: a bright panel, the brand, a bowl of cereal; the back
    a maze, the sides a nutrition panel."""
    rgb = rgb_of(colour)
    w, h = 192, 256
    img = Image.new("RGB", (w, h), rgb)
    d = ImageDraw.Draw(img)
    k = int(seed)
    if face == "front":
        d.rectangle((0, 0, w, 70), fill=_dark(rgb, 0.7))
        centred_text(d, (8, 6, w - 8, 66), CEREALS[k % len(CEREALS)], 34, (255, 255, 255), stroke=3,
                     stroke_fill=(40, 30, 30))
        d.ellipse((26, 130, 166, 230), fill=(245, 245, 250), outline=(60, 80, 160), width=5)
        rng = np.random.default_rng(seed_of(colour + seed))
        for _ in range(60):
            x, y = rng.uniform(46, 146), rng.uniform(140, 185)
            r = rng.uniform(6, 10)
            d.ellipse((x - r, y - r, x + r, y + r), fill=(214, 150, 60), outline=(150, 90, 30), width=2)
        d.polygon([(150, 80), (186, 92), (160, 120)], fill=(240, 60, 60))
        centred_text(d, (100, 84, 190, 120), "NEW!", 18, (255, 255, 255))
    elif face == "back":
        d.rectangle((14, 14, w - 14, h - 14), fill=(250, 250, 240))
        rng = np.random.default_rng(seed_of("maze" + seed))
        for i in range(10):
            for j in range(14):
                x, y = 24 + i * 15, 24 + j * 15
                if rng.random() < 0.5:
                    d.line((x, y, x + 15, y), fill=(40, 40, 120), width=3)
                else:
                    d.line((x, y, x, y + 15), fill=(40, 40, 120), width=3)
        centred_text(d, (20, 228, w - 20, 250), "FIND THE WAY!", 16, (200, 40, 40))
    elif face == "side":
        d.rectangle((14, 40, w - 14, h - 30), fill=(250, 250, 244), outline=(20, 20, 20), width=3)
        centred_text(d, (20, 44, w - 20, 70), "Nutrition", 20, (20, 20, 20))
        for j in range(8):
            y = 82 + j * 18
            d.line((22, y, w - 22, y), fill=(40, 40, 40), width=2)
            d.rectangle((24, y + 4, 24 + (j * 37 % 90) + 30, y + 12), fill=(120, 120, 120))
    else:
        img = to_image(tint((196, 168, 120), noise((64, 64), 5, 12, 2), 0.08))
    return img


@painter("card")
def cardboard(kind: str = "brown", seed: str = "0") -> Image.Image:
    """Corrugated brown cardboard with a printed line or two."""
    arr = tint((178, 136, 88) if kind == "brown" else rgb_of(kind), noise((128, 128), seed_of(kind + seed), 10, 3), 0.10)
    arr[:, ::8, :] *= 0.96
    return to_image(arr)


@painter("shoebox")
def shoebox(colour: str = "orange", seed: str = "0", face: str = "lid") -> Image.Image:
    """A trainer box: coloured card, a swoosh-like stripe and a brand on the lid,
    a size label on the ends."""
    rgb = rgb_of(colour)
    w, h = (256, 160) if face == "lid" else (192, 96)
    img = to_image(tint(rgb, noise((w, h), seed_of(colour + seed + face), 12, 2), 0.08))
    d = ImageDraw.Draw(img)
    if face == "lid":
        d.rectangle((0, 0, w - 1, h - 1), outline=_dark(rgb), width=6)
        d.arc((30, -60, 230, 120), 20, 160, fill=(255, 255, 255), width=12)
        centred_text(d, (40, 96, 216, 146), "RUNFAST", 36, (255, 255, 255), stroke=2, stroke_fill=_dark(rgb))
    elif face == "end":
        d.rectangle((60, 20, 132, 76), fill=(250, 250, 250), outline=(30, 30, 30), width=2)
        centred_text(d, (64, 24, 128, 72), "EU 34\nUK 2", 16, (20, 20, 20))
    elif face == "inside":
        img = to_image(tint((200, 176, 140), noise((w, h), 9, 8, 2), 0.1))
    else:
        d.line((0, h - 12, w, h - 12), fill=_dark(rgb), width=6)
    return img


@painter("glaze")
def glaze(colour: str = "red", seed: str = "0") -> Image.Image:
    """A glazed mug: colour, a white band, a heart (u runs round the mug)."""
    rgb = rgb_of(colour)
    w, h = 256, 96
    img = Image.new("RGB", (w, h), rgb)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 66, w, 74), fill=(250, 250, 250))
    d.rectangle((0, 4, w, 8), fill=_light(rgb, 0.4))
    for cx in (32, 160):
        d.ellipse((cx - 14, 24, cx + 2, 40), fill=(255, 255, 255))
        d.ellipse((cx - 2, 24, cx + 14, 40), fill=(255, 255, 255))
        d.polygon([(cx - 14, 34), (cx + 14, 34), (cx, 54)], fill=(255, 255, 255))
    return img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)


@painter("coffee")
def coffee() -> Image.Image:
    s = 64
    yy, xx = np.mgrid[0:s, 0:s]
    r = np.hypot(xx - s / 2, yy - s / 2) / (s / 2)
    arr = np.zeros((s, s, 3))
    arr[:] = (92, 54, 30)
    arr[r < 0.92] = (70, 38, 20)
    arr[(r > 0.3) & (r < 0.45)] = (150, 104, 70)  # crema ring
    return to_image(arr)


@painter("tin")
def tin(colour: str = "red", seed: str = "0", face: str = "label") -> Image.Image:
    """A tin can: printed paper label round it, ridged metal lids."""
    if face == "lid":
        s = 64
        yy, xx = np.mgrid[0:s, 0:s]
        r = np.hypot(xx - s / 2, yy - s / 2)
        v = 190 + 30 * np.sin(r * 1.2) - 0.6 * r
        return to_image(np.repeat(v[..., None], 3, axis=2))
    rgb = rgb_of(colour)
    w, h = 256, 128
    img = Image.new("RGB", (w, h), rgb)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w, 12), fill=(230, 230, 230))
    d.rectangle((0, h - 12, w, h), fill=(230, 230, 230))
    d.rectangle((0, 20, w, 26), fill=(240, 200, 60))
    d.rectangle((0, h - 26, w, h - 20), fill=(240, 200, 60))
    d.ellipse((20, 36, 110, 96), fill=(250, 246, 236))
    centred_text(d, (24, 44, 106, 88), SOUPS[int(seed) % len(SOUPS)], 20, _dark(rgb, 0.6))
    d.ellipse((150, 36, 230, 96), fill=(220, 60, 40), outline=(60, 120, 40), width=5)
    return img.transpose(Image.Transpose.FLIP_TOP_BOTTOM)


@painter("block")
def block(colour: str = "red", letter: str = "A") -> Image.Image:
    """A wooden toy block face: painted colour, a raised border, a letter."""
    rgb = rgb_of(colour)
    s = 96
    img = to_image(tint(rgb, noise((s, s), seed_of(colour + letter), 10, 2), 0.08))
    d = ImageDraw.Draw(img)
    d.rectangle((4, 4, s - 5, s - 5), outline=_light(rgb, 0.45), width=6)
    centred_text(d, (14, 12, s - 14, s - 14), letter, 64, (255, 255, 255), stroke=3, stroke_fill=_dark(rgb))
    return img


@painter("pencil")
def pencil(colour: str = "yellow", part: str = "barrel") -> Image.Image:
    rgb = rgb_of(colour)
    if part == "tip":
        w, h = 64, 64
        arr = np.zeros((h, w, 3))
        arr[:] = (222, 186, 140)
        arr[:, :12] = (222, 186, 140)
        arr[int(h * 0.72):, :] = (60, 60, 66)  # graphite at the point (v runs to the tip)
        return to_image(arr).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    if part == "end":
        return Image.new("RGB", (16, 16), (236, 140, 150))
    img = Image.new("RGB", (128, 64), rgb)
    d = ImageDraw.Draw(img)
    for x in range(0, 128, 21):
        d.line((x, 0, x, 64), fill=_dark(rgb, 0.85), width=2)
    return img


@painter("crayon")
def crayon(colour: str = "blue", part: str = "barrel") -> Image.Image:
    rgb = rgb_of(colour)
    if part != "barrel":
        return to_image(tint(rgb, noise((32, 32), 3, 6, 2), 0.1))
    img = Image.new("RGB", (128, 96), rgb)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 12, 128, 84), fill=_light(rgb, 0.2))
    for x in range(0, 128, 16):
        d.line((x, 14, x + 8, 26, x + 16, 14), fill=(30, 30, 30), width=3)
        d.line((x, 82, x + 8, 70, x + 16, 82), fill=(30, 30, 30), width=3)
    centred_text(d, (8, 30, 120, 66), "CRAYON", 20, (30, 30, 30))
    return img


@painter("domino")
def domino(a: str = "3", b: str = "5", part: str = "face") -> Image.Image:
    """An ivory domino face: a divider and two halves of pips."""
    w, h = 64, 128
    img = Image.new("RGB", (w, h), (246, 242, 228))
    if part != "face":
        return img
    d = ImageDraw.Draw(img)
    d.line((8, h // 2, w - 8, h // 2), fill=(40, 40, 40), width=3)
    spots = {0: [], 1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
             4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
             6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    for half, n in ((0, int(a)), (1, int(b))):
        for i, j in spots[n % 7]:
            x, y = 14 + i * 18, 10 + half * 64 + j * 18 + 4
            d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=(30, 30, 30))
    return img


@painter("ball")
def ball(colour: str = "red") -> Image.Image:
    """A beach ball: six coloured gores round it, white caps."""
    cols = [rgb_of(colour), (250, 250, 250), (50, 110, 210), (250, 250, 250), (245, 200, 40), (250, 250, 250)]
    w, h = 192, 96
    arr = np.zeros((h, w, 3))
    for k in range(6):
        arr[:, k * 32:(k + 1) * 32] = cols[k]
    arr[:10] = arr[-10:] = (250, 250, 250)
    return to_image(arr)


@painter("fur")
def fur(colour: str = "brown") -> Image.Image:
    rgb = rgb_of(colour)
    n = noise((128, 128), seed_of(colour), 40, 3)
    return to_image(tint(rgb, n, 0.35))


def part_texture(kind: str, part: str, colour: str, seed: int) -> tuple[str, tuple[float, float, float]]:
    """The texture name and the colour multiplier of one part of a kit piece."""
    s = str(seed)
    white = (1.0, 1.0, 1.0)
    if kind == "book" or kind == "book_stack":
        index = int(part[4]) if part.startswith("book") else 0
        c = colour if (colour and kind == "book") else BOOK_COLOURS[(seed * 3 + index) % len(BOOK_COLOURS)]
        book_seed = str(seed * 5 + index)
        if part == "pages":
            return "pages", white
        if part.endswith("spine"):
            return f"spine:{c}:{book_seed}", white
        if part == "back-cover":
            return f"cloth:{c}:{book_seed}:0", white
        return f"cloth:{c}:{book_seed}:1", white
    if kind == "cereal_box":
        return f"cereal:{colour or 'yellow'}:{s}:{part}", white
    if kind == "shoebox":
        if part == "rim":
            part = "side"
        return f"shoebox:{colour or 'orange'}:{s}:{part}", white
    if kind == "mug":
        return ("coffee", white) if part == "coffee" else (f"glaze:{colour or 'red'}:{s}", white)
    if kind == "tin_can":
        return f"tin:{colour or 'red'}:{s}:{part}", white
    if kind == "blocks":
        i = int(part[5:]) if part.startswith("block") else 0
        return f"block:{BLOCK_COLOURS[(i + seed) % 6]}:{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[(i + 3 * seed) % 26]}", white
    if kind == "pencil":
        return f"pencil:{colour or 'yellow'}:{part}", white
    if kind == "crayon":
        return f"crayon:{colour or 'blue'}:{part}", white
    if kind == "domino":
        return f"domino:{seed % 7}:{(seed * 3 + 2) % 7}:{part}", white
    if kind == "ball":
        return f"ball:{colour or 'red'}", white
    if kind == "plush":
        return ("fur:cream", white) if part == "snout" else (f"fur:{colour or 'brown'}", white)
    return "card:brown:0", white


def part_surface(kind: str, part: str) -> Any:
    """The physically based surface of one part of a kit piece (the shader
    path): cloth-bound covers and paper pages, cardboard boxes, glazed china,
    a tinplate lid round a paper label, painted wooden blocks and pencils,
    wax crayons, a vinyl ball, plush."""
    from app.look import pipeline as p

    if kind in ("book", "book_stack"):
        return p.PAPER if part == "pages" else p.CLOTH
    if kind in ("shoebox", "cereal_box"):
        return p.CARD if kind == "shoebox" else p.PAPER
    if kind == "mug":
        return p.Surface("coffee", 0.08) if part == "coffee" else p.CERAMIC
    if kind == "tin_can":
        return p.PAPER if part == "label" else p.TIN
    if kind == "blocks":
        return p.PAINTED
    if kind == "pencil":
        return p.TIN if part == "end" else p.WOOD_RAW if part == "tip" else p.PAINTED
    if kind == "crayon":
        return p.Surface("wax", 0.6)
    if kind == "domino":
        return p.GLOSSY_PLASTIC
    if kind == "ball":
        return p.Surface("vinyl", 0.3)
    if kind == "plush":
        return p.FUR
    return p.CARD


GLOSS = {"mug": 0.8, "tin_can": 0.7, "ball": 0.6, "blocks": 0.15, "crayon": 0.2, "pencil": 0.3, "domino": 0.5}
"""How shiny each kind is (glazed china, tin, vinyl ... matt card)."""

assert set(BOOK_COLOURS) <= set(NAMED_RGB) and set(BLOCK_COLOURS) <= set(NAMED_RGB)
