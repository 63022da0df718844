"""Little Battle's pieces as printed cards and toys: adventurer cards with a
drawn Parrot, Rhino or Leopard (a crown for a Chief) and a large value,
chest cards, sails, 3D treasure chests in the three colours that open to
show their gold, and gold coins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from PIL import Image, ImageDraw

from app.look.geom import Batch, Points
from app.look.pipeline import BRASS, CLOTH, COIN, IRON, PAINTED, WOOD, WOOD_RAW
from app.look.textures import centred_text, noise, painter, tint, to_image

KIND_RGB = {"Parrot": (77, 140, 242), "Rhino": (230, 89, 77), "Leopard": (250, 204, 64)}
CHEST_RGB = {"blue": (51, 115, 230), "red": (224, 56, 51), "yellow": (250, 209, 51)}


def _animal(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    ink = (30, 24, 20)
    if kind == "Parrot":
        d.ellipse((cx - r * 0.55, cy - r * 0.2, cx + r * 0.45, cy + r), fill=(60, 170, 80), outline=ink, width=3)
        d.ellipse((cx - r * 0.45, cy - r * 0.85, cx + r * 0.35, cy - r * 0.05), fill=(230, 50, 40), outline=ink, width=3)
        d.polygon([(cx + r * 0.3, cy - r * 0.55), (cx + r * 0.75, cy - r * 0.35), (cx + r * 0.3, cy - r * 0.2)],
                  fill=(250, 200, 40), outline=ink)
        d.ellipse((cx - r * 0.05, cy - r * 0.6, cx + r * 0.12, cy - r * 0.43), fill=ink)
        d.polygon([(cx - r * 0.5, cy + r * 0.3), (cx - r, cy + r * 0.95), (cx - r * 0.25, cy + r * 0.75)],
                  fill=(50, 110, 220), outline=ink)
    elif kind == "Rhino":
        d.ellipse((cx - r * 0.9, cy - r * 0.35, cx + r * 0.6, cy + r * 0.75), fill=(150, 150, 160), outline=ink, width=3)
        d.ellipse((cx + r * 0.2, cy - r * 0.45, cx + r * 1.0, cy + r * 0.3), fill=(165, 165, 175), outline=ink, width=3)
        d.polygon([(cx + r * 0.7, cy - r * 0.3), (cx + r * 0.95, cy - r * 0.95), (cx + r * 0.95, cy - r * 0.2)],
                  fill=(240, 236, 220), outline=ink)
        d.ellipse((cx + r * 0.45, cy - r * 0.2, cx + r * 0.58, cy - r * 0.07), fill=ink)
        for x in (-0.7, -0.3, 0.15, 0.45):
            d.rectangle((cx + x * r, cy + r * 0.6, cx + (x + 0.18) * r, cy + r * 0.95), fill=(140, 140, 150), outline=ink)
    else:  # Leopard
        d.ellipse((cx - r * 0.9, cy - r * 0.3, cx + r * 0.55, cy + r * 0.6), fill=(240, 190, 70), outline=ink, width=3)
        d.ellipse((cx + r * 0.2, cy - r * 0.75, cx + r * 0.95, cy + r * 0.0), fill=(245, 200, 80), outline=ink, width=3)
        for ex in (0.35, 0.8):
            d.polygon(
                [(cx + ex * r - r * 0.12, cy - r * 0.6), (cx + ex * r, cy - r * 0.92), (cx + ex * r + r * 0.12, cy - r * 0.6)],
                fill=(245, 200, 80),
                outline=ink,
            )
        d.ellipse((cx + r * 0.45, cy - r * 0.45, cx + r * 0.58, cy - r * 0.32), fill=ink)
        rng = np.random.default_rng(7)
        for _ in range(12):
            x, y = rng.uniform(-0.75, 0.4) * r + cx, rng.uniform(-0.15, 0.45) * r + cy
            d.ellipse((x - r * 0.07, y - r * 0.07, x + r * 0.07, y + r * 0.07), fill=(90, 60, 30))
        d.line((cx - r * 0.85, cy + r * 0.1, cx - r * 1.1, cy - r * 0.5), fill=(240, 190, 70), width=int(r * 0.12))
        for x in (-0.7, -0.35, 0.05, 0.3):
            d.rectangle((cx + x * r, cy + r * 0.5, cx + (x + 0.15) * r, cy + r * 0.9), fill=(240, 190, 70), outline=ink)


@painter("adventurer")
def adventurer(kind: str = "Parrot", value: str = "1") -> Image.Image:
    """An adventurer card: the kind's colour, a drawn animal on a paper panel,
    a large value in the top corner, a crown for a Chief."""
    rgb = KIND_RGB.get(kind, (180, 180, 180))
    chief = value == "Chief"
    if chief:
        r, g, b = (int(c * 0.65) for c in rgb)
        rgb = (r, g, b)
    w, h = 192, 256
    img = Image.new("RGB", (w, h), rgb)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((4, 4, w - 5, h - 5), radius=14, outline=(255, 255, 255), width=4)
    d.rounded_rectangle((22, 70, w - 23, 196), radius=10, fill=(250, 244, 226))
    _animal(d, kind, w / 2, 138, 50)
    if chief:
        d.polygon(
            [(56, 66), (66, 36), (82, 56), (96, 26), (110, 56), (126, 36), (136, 66)], fill=(250, 210, 50), outline=(120, 80, 20)
        )
        centred_text(d, (20, 8, w - 20, 34), "CHIEF", 26, (255, 255, 255), stroke=2, stroke_fill=(40, 30, 20))
    else:
        d.ellipse((10, 8, 70, 68), fill=(255, 255, 255), outline=(30, 24, 20), width=4)
        centred_text(d, (16, 14, 64, 62), value, 44, (20, 16, 14))
        d.ellipse((w - 50, 18, w - 14, 54), fill=(255, 255, 255))
        centred_text(d, (w - 48, 20, w - 16, 52), value, 24, (20, 16, 14))
    centred_text(d, (50, 204, w - 50, 236), kind.upper(), 22, (255, 255, 255), stroke=2, stroke_fill=(30, 24, 20))
    return img


@painter("cardback")
def card_back(colour: str = "purple") -> Image.Image:
    w, h = 192, 256
    img = Image.new("RGB", (w, h), (90, 56, 115))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((10, 10, w - 11, h - 11), radius=12, outline=(230, 200, 120), width=5)
    for k in range(-h, w, 24):
        d.line((k, 0, k + h, h), fill=(110, 72, 140), width=6)
    d.ellipse((56, 88, 136, 168), fill=(230, 200, 120))
    d.polygon(
        [(96, 100), (104, 122), (126, 122), (108, 136), (116, 158), (96, 144), (76, 158), (84, 136), (66, 122), (88, 122)],
        fill=(90, 56, 115),
    )
    return img


@painter("chestcard")
def chest_card(colour: str = "blue") -> Image.Image:
    """A chest card as it lies on the beach: a drawn chest in its colour."""
    rgb = CHEST_RGB.get(colour, (150, 150, 150))
    w, h = 192, 256
    img = to_image(tint((236, 214, 160), noise((w, h), 17, 8, 3), 0.1))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), radius=12, outline=rgb, width=10)
    d.rectangle((40, 120, 152, 196), fill=rgb, outline=(60, 40, 20), width=4)
    d.chord((40, 70, 152, 170), 180, 360, fill=tuple(int(c * 0.85) for c in rgb), outline=(60, 40, 20), width=4)
    d.rectangle((88, 112, 104, 136), fill=(240, 200, 60), outline=(60, 40, 20), width=2)
    return img


@painter("sail")
def sail(colour: str = "#c03030") -> Image.Image:
    from app.look.textures import rgb_of

    img = Image.new("RGB", (128, 128), (244, 238, 220))
    d = ImageDraw.Draw(img)
    for y in range(0, 128, 22):
        d.line((0, y, 128, y), fill=(220, 212, 190), width=2)
    c = rgb_of(colour)
    d.ellipse((40, 34, 88, 82), fill=c)
    d.rectangle((52, 78, 76, 96), fill=c)
    for x in (52, 66):
        d.ellipse((x, 50, x + 10, 60), fill=(244, 238, 220))
    return img


@painter("gold")
def gold() -> Image.Image:
    s = 64
    yy, xx = np.mgrid[0:s, 0:s]
    shine = np.clip(1.15 - np.hypot(xx - s * 0.35, yy - s * 0.35) / s, 0.55, 1.15)[..., None]
    img = to_image(np.array([236, 186, 60])[None, None, :] * shine + 30 * (shine > 1.05))
    d = ImageDraw.Draw(img)
    d.ellipse((3, 3, s - 4, s - 4), outline=(190, 140, 30), width=4)
    d.ellipse((12, 12, s - 13, s - 13), outline=(200, 150, 40), width=3)
    centred_text(d, (18, 16, 46, 48), "$", 26, (200, 150, 40))
    return img


def chest(
    batch: Batch,
    at: Sequence[float],
    colour: str,
    heading: float = 0.0,
    size: float = 4.0,
    open_lid: bool = False,
    coins: int = 0,
) -> None:
    """A wooden treasure chest painted ``colour``: body, a rounded lid (open:
    swung back, gold heaped inside), metal bands, a lock."""
    rgb = np.asarray(CHEST_RGB.get(colour, (150, 150, 150)), dtype=float) / 255
    x, y, z = (float(c) for c in at)
    w, d, h = size, size * 0.65, size * 0.5
    a = math.radians(heading)
    rot = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])

    def put(points: Points) -> np.ndarray:
        return np.asarray(points) @ rot.T + [x, y, z]

    batch.add_box((x, y, z), (w, d, h), rgb, heading=heading, gloss=0.3, ground=z, surface=PAINTED)
    for bx in (-0.3, 0.3):  # iron bands
        c = put([[bx * w, 0, 0]])[0]
        batch.add_box(
            (c[0], c[1], z - 0.01),
            (0.25, d + 0.06, h + 0.02),
            (0.35, 0.33, 0.32),
            heading=heading,
            gloss=0.6,
            ground=z,
            surface=IRON,
        )
    # the lid: a half cylinder along x, hinged at the back edge
    sections = 10
    t = np.linspace(0, math.pi, sections + 1)
    ring = np.column_stack([np.zeros_like(t), -np.cos(t) * d / 2, np.sin(t) * d / 2])  # front to back, over the top
    if open_lid:  # swing the ring back about the hinge (y = d/2, z = 0) by 110 degrees
        b = math.radians(-110)
        yy, zz = ring[:, 1] - d / 2, ring[:, 2]
        ring = np.column_stack([ring[:, 0], d / 2 + yy * math.cos(b) - zz * math.sin(b), yy * math.sin(b) + zz * math.cos(b)])
    ring[:, 2] += h
    left, right = ring.copy(), ring.copy()
    left[:, 0], right[:, 0] = -w / 2, w / 2
    verts: list[np.ndarray] = []
    faces: list[tuple[int, int, int]] = []
    for k in range(sections):
        i = len(verts)
        verts += [left[k], right[k], right[k + 1], left[k + 1]]
        faces += [(i, i + 1, i + 2), (i, i + 2, i + 3)]
    for side, sign in ((left, -1), (right, 1)):  # the lid's ends
        i = len(verts)
        centre = side.mean(axis=0)
        verts += [centre] + list(side)
        faces += [(i, i + 1 + k + (sign > 0), i + 1 + k + (sign < 0)) for k in range(sections)]
    lid_rgb = rgb * 0.85
    batch.add_mesh(put(np.asarray(verts)), np.asarray(faces), lid_rgb, smooth=False, gloss=0.4, ground=z, surface=PAINTED)
    batch.add_mesh(put(np.asarray(verts)), np.asarray(faces)[:, ::-1], lid_rgb * 0.6, smooth=False, ground=z)
    lock = put([[0, -d / 2 - 0.08, h * 0.75]])[0]
    batch.add_box(
        (lock[0], lock[1], lock[2] - 0.3),
        (0.6, 0.16, 0.6),
        (0.95, 0.78, 0.25),
        heading=heading,
        gloss=0.9,
        ground=z,
        surface=BRASS,
    )
    if open_lid:
        heap = min(coins, 12)
        for k in range(max(heap, 3 if coins else 0)):
            c = put([[(k % 4 - 1.5) * w * 0.2, (k // 4 - 1) * d * 0.22, h - 0.1 + 0.12 * (k % 3)]])[0]
            batch.add_disc(
                c,
                size * 0.09,
                0.08,
                (1, 1, 1),
                "gold",
                side_rgb=(0.85, 0.65, 0.15),
                sides=12,
                gloss=0.9,
                ground=None,
                surface=COIN,
            )


def coins(batch: Batch, at: Sequence[float], count: int, radius: float = 0.9) -> None:
    """A stack (and a spill) of gold coins."""
    x, y, z = (float(c) for c in at)
    for k in range(count):
        col, row = divmod(k, 8)
        batch.add_disc(
            (x + col * (2 * radius + 0.3), y, z + row * 0.22),
            radius,
            0.2,
            (1, 1, 1),
            "gold",
            side_rgb=(0.86, 0.66, 0.16),
            sides=16,
            gloss=0.9,
            ground=None,
            surface=COIN,
        )


@painter("sand")
def sand() -> Image.Image:
    s = 128
    arr = tint((232, 206, 150), 0.6 * noise((s, s), 41, 20, 3) + 0.4 * noise((s, s), 42, 60, 1), 0.16)
    return to_image(arr)


def ship(batch: Batch, at: Sequence[float], heading: float, rgb: Sequence[float], sail_colour: str) -> None:
    """A toy ship board: a painted hull with a pointed bow, a wooden deck, a
    mast and a printed sail, facing ``heading`` degrees (the bow along +x
    turned by it)."""
    x, y = float(at[0]), float(at[1])
    a = math.radians(heading)
    rot = np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    outline = np.array([(-8, -3), (5, -3), (9, 0), (5, 3), (-8, 3), (-8.6, 0)], dtype=float)  # convex, bow to +x
    hull = outline @ rot[:2, :2].T + [x, y]
    batch.add_prism(hull, 0.0, 2.5, np.asarray(rgb[:3], dtype=float) * 0.9, gloss=0.5, surface=PAINTED)
    deck = (outline * [0.93, 0.8]) @ rot[:2, :2].T + [x, y]
    batch.add_prism(deck, 2.5, 2.8, (0.55, 0.38, 0.22), top_texture="wood", top_uv_cm=6.0, top_rgb=(1, 1, 1), surface=WOOD)
    batch.add_disc((x, y, 2.8), 0.35, 9.0, (0.45, 0.3, 0.16), sides=10, ground=None, surface=WOOD_RAW)
    corners = np.array([[-4, 0.05, 4.6], [4, 0.05, 4.6], [4, 0.05, 11.0], [-4, 0.05, 11.0]]) @ rot.T + [x, y, 0]
    hexed = (
        "#" + "".join(f"{int(255 * c):02x}" for c in rgb[:3])
        if sail_colour not in ("red", "blue", "green", "yellow", "purple")
        else sail_colour
    )
    batch.add_quad(corners[::-1], (1, 1, 1), f"sail:{hexed}", uv=((0, 1), (1, 1), (1, 0), (0, 0)), surface=CLOTH)
    batch.add_quad(corners, (1, 1, 1), f"sail:{hexed}", surface=CLOTH)


@painter("sea")
def sea(colour: str = "#2a6b94") -> Image.Image:
    """A printed sea: deep and shallow blues, wave crests."""
    from app.look.textures import rgb_of

    s = 256
    n = noise((s, s), 51, 5, 4)
    deep = np.asarray(rgb_of(colour), dtype=float)
    shallow = np.array([70, 170, 190], dtype=float)
    arr = deep[None, None, :] * (1 - n[..., None]) + shallow[None, None, :] * n[..., None]
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    rng = np.random.default_rng(52)
    for _ in range(40):
        x, y = rng.uniform(0, s, 2)
        w = rng.uniform(10, 22)
        d.arc((x - w, y - 5, x + w, y + 5), 200, 340, fill=(200, 236, 245), width=2)
    return img
