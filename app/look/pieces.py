"""Little Soldiers' cardboard and plastic pieces as they come in the box:
punchboard tokens with printed faces, crates, supplies, the Flag, Objects'
markers, Level tokens, HQ cards, dice and the Battle Track.

Faces are Pillow painters registered in :mod:`app.look.textures`; shapes
are :class:`app.look.geom.Batch` calls in engine centimetres.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from app.look.geom import Batch
from app.look.pipeline import TIN
from app.look.textures import centred_text, noise, painter, rgb_of, tint, to_image

TOKEN_H = 0.35
"""cm: punchboard thickness (drawn a little thicker than card to read at the table's zoom)."""
SIDE_HEX = {"green": "#3fa34d", "yellow": "#f2c230"}


def _disc(size: int, rim: tuple[int, int, int], fill: tuple[int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (size, size), rim)
    d = ImageDraw.Draw(img)
    d.ellipse((6, 6, size - 7, size - 7), fill=fill)
    return img, d


@painter("token")
def token_face(kind: str = "deployment", text: str = "", colour: str = "white") -> Image.Image:
    """A printed punchboard token: a rim, an icon or a number."""
    s = 128
    rim = rgb_of(colour) if colour != "white" else (70, 70, 80)
    img, d = _disc(s, rim, (246, 242, 230))
    if kind == "deployment":
        d.ellipse((20, 20, s - 21, s - 21), outline=(40, 40, 50), width=4)
        d.line((64, 12, 64, 30), fill=(40, 40, 50), width=4)
        d.line((64, 98, 64, 116), fill=(40, 40, 50), width=4)
        d.line((12, 64, 30, 64), fill=(40, 40, 50), width=4)
        d.line((98, 64, 116, 64), fill=(40, 40, 50), width=4)
        centred_text(d, (34, 30, 94, 98), text, 56, (30, 30, 40))
    elif kind == "switch":
        on = text == "on"
        d.ellipse((14, 14, s - 15, s - 15), fill=(60, 200, 230) if on else (120, 120, 130))
        icon(d, "lightning", (255, 240, 90))
    elif kind == "target":
        for r, c in ((54, (210, 40, 50)), (40, (250, 250, 250)), (26, (210, 40, 50)), (12, (250, 250, 250))):
            d.ellipse((64 - r, 64 - r, 64 + r, 64 + r), fill=c)
    elif kind == "level":
        d.ellipse((10, 10, s - 11, s - 11), fill=(70, 130, 230) if text == "1" else (240, 130, 60))
        centred_text(d, (28, 18, 100, 110), text, 70, (255, 255, 255), stroke=3, stroke_fill=(30, 30, 40))
    elif kind == "object":
        d.ellipse((10, 10, s - 11, s - 11), fill=(150, 90, 200))
        icon(d, text, (255, 255, 255))
    elif kind in ("heart", "shield", "order"):
        fill = {"heart": (220, 50, 70), "shield": (60, 110, 220), "order": (245, 190, 50)}[kind]
        d.ellipse((10, 10, s - 11, s - 11), fill=fill)
        if text:  # the top token of a pile prints how many the pile holds
            r, g, b = (int(c * 0.75 + 255 * 0.25) for c in fill)
            icon(d, kind, (r, g, b))
            centred_text(d, (22, 22, s - 22, s - 22), text, 84, (255, 255, 255), stroke=5, stroke_fill=(40, 30, 20))
        else:
            icon(d, kind, (255, 255, 255))
    else:
        centred_text(d, (20, 20, 108, 108), text, 40, (30, 30, 40))
    return img


def _star(cx: float, cy: float, r: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for k in range(2 * points):
        rr = r if k % 2 == 0 else r * 0.45
        a = math.pi * k / points - math.pi / 2
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def icon(d: ImageDraw.ImageDraw, name: str, fill: tuple[int, int, int], cx: float = 64, cy: float = 64,
         r: float = 34) -> None:
    """A printed symbol drawn as shapes (no font needs to have the glyph)."""
    if name == "heart":
        d.ellipse((cx - r, cy - r * 0.8, cx, cy + r * 0.2), fill=fill)
        d.ellipse((cx, cy - r * 0.8, cx + r, cy + r * 0.2), fill=fill)
        d.polygon([(cx - r * 0.97, cy - r * 0.1), (cx + r * 0.97, cy - r * 0.1), (cx, cy + r)], fill=fill)
    elif name == "shield":
        d.polygon([(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy),
                   (cx, cy + r), (cx - r * 0.8, cy)], fill=fill)
    elif name in ("order", "transmogrifier"):
        d.polygon(_star(cx, cy, r), fill=fill)
    elif name == "teleporter":
        for k, dy in ((1, -0.35), (-1, 0.35)):
            y = cy + dy * r
            d.line((cx - r * 0.8, y, cx + r * 0.8, y), fill=fill, width=8)
            tip = cx + k * r * 0.8
            d.polygon([(tip, y), (tip - k * r * 0.4, y - r * 0.3), (tip - k * r * 0.4, y + r * 0.3)], fill=fill)
    elif name == "radar":
        for rr in (r, r * 0.62, r * 0.25):
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=fill, width=6)
        d.line((cx, cy, cx + r * 0.7, cy - r * 0.7), fill=fill, width=6)
    elif name == "marshmallow":
        d.rounded_rectangle((cx - r * 0.8, cy - r * 0.55, cx + r * 0.8, cy + r * 0.55), radius=r * 0.3, fill=fill)
    elif name in ("switch", "lightning"):
        d.polygon([(cx + 6, cy - r), (cx - 24, cy + 6), (cx - 2, cy + 6), (cx - 12, cy + r), (cx + 26, cy - 10),
                   (cx + 4, cy - 10), (cx + 16, cy - r)], fill=fill)
    else:
        d.ellipse((cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4), fill=fill)


CRATE_PAINT = 0.7
"""Chosen: how much of a Crate's wood its colour side covers (0 bare wood, 1 flat paint). The
colour is what a player looks for ("Keep an eye on where the Crates of your color are!"): a
small square on bare wood did not read at the home view."""


@painter("crate")
def crate_face(colour: str = "brown") -> Image.Image:
    """Wooden crate: planks and a cross brace, painted in its colour side (bare wood: brown)."""
    s = 96
    wood = (176, 126, 72)
    paint = wood if colour == "brown" else rgb_of(colour)
    base = (round(wood[0] + (paint[0] - wood[0]) * CRATE_PAINT), round(wood[1] + (paint[1] - wood[1]) * CRATE_PAINT),
            round(wood[2] + (paint[2] - wood[2]) * CRATE_PAINT))
    arr = tint(base, noise((s, s), 33, 6, 3), 0.18)
    img = to_image(arr)
    d = ImageDraw.Draw(img)
    for y in (0, 31, 63):
        d.line((0, y, s, y), fill=(110, 72, 36), width=3)
    d.rectangle((0, 0, s - 1, s - 1), outline=(96, 60, 28), width=8)
    d.line((6, 6, s - 6, s - 6), fill=(120, 80, 40), width=9)
    return img


@painter("supplies")
def supplies_face() -> Image.Image:
    s = 96
    img = Image.new("RGB", (s, s), (236, 236, 228))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, s - 1, s - 1), outline=(160, 160, 150), width=4)
    d.rectangle((38, 16, 58, 80), fill=(210, 40, 40))
    d.rectangle((16, 38, 80, 58), fill=(210, 40, 40))
    return img


@painter("flagcloth")
def flag_cloth(colour: str = "yellow") -> Image.Image:
    img = Image.new("RGB", (96, 64), rgb_of(colour))
    d = ImageDraw.Draw(img)
    d.polygon([(48, 10), (54, 28), (74, 28), (58, 40), (64, 58), (48, 46), (32, 58), (38, 40), (22, 28), (42, 28)],
              fill=(255, 255, 255))
    return img


def token(batch: Batch, kind: str, at: Sequence[float], props: Mapping[str, Any], z: float = 0.0,
          radius: float = 1.25) -> None:
    """One battlefield token drawn as the piece it is."""
    x, y = float(at[0]), float(at[1])
    side = props.get("colour")  # a Deployment token's or Crate's colour side, as the game reads it
    colour = {"green": "green", "yellow": "yellow"}.get(str(side), "white")
    edge = (0.85, 0.82, 0.74)
    if kind == "deployment":
        n = props.get("number")
        batch.add_disc((x, y, z), radius, TOKEN_H, (1, 1, 1), f"token:deployment:{n if n is not None else ''}:{colour}",
                       side_rgb=edge, ground=z)
    elif kind == "crate":
        s = 2.2
        c = props.get("colour", "brown")
        batch.add_box((x, y, z), (s, s, s * 0.8), (1, 1, 1), heading=17.0,
                      textures={f: f"crate:{c}" for f in ("top", "front", "back", "left", "right")}, ground=z)
    elif kind in ("supplies", "supply"):
        batch.add_box((x, y, z), (2.0, 1.6, 1.2), (1, 1, 1), heading=-12.0,
                      textures={f: "supplies" for f in ("top", "front", "back", "left", "right")}, ground=z)
    elif kind == "force_field_switch":
        on = props.get("on", True)
        batch.add_disc((x, y, z), radius, TOKEN_H, (1, 1, 1), f"token:switch:{'on' if on else 'off'}", side_rgb=edge,
                       ground=z)
    elif kind == "threat_target":
        batch.add_disc((x, y, z), radius, TOKEN_H, (1, 1, 1), "token:target", side_rgb=edge, ground=z)
    elif kind == "flag":
        batch.add_disc((x, y, z), 1.0, 0.3, (0.3, 0.3, 0.32), ground=z)
        batch.add_box((x, y, z), (0.22, 0.22, 5.2), (0.82, 0.82, 0.86), gloss=0.6, ground=z, surface=TIN)
        cloth = [(x, y, z + 3.6), (x + 2.6, y, z + 3.6), (x + 2.6, y, z + 5.1), (x, y, z + 5.1)]
        batch.add_quad(cloth, (1, 1, 1), "flagcloth:yellow")
        batch.add_quad(cloth[::-1], (1, 1, 1), "flagcloth:yellow", uv=((0, 1), (1, 1), (1, 0), (0, 0))[::-1])
    elif kind == "object":
        obj = str(props.get("object", ""))
        batch.add_disc((x, y, z), radius * 1.1, TOKEN_H, (1, 1, 1), f"token:object:{obj}", side_rgb=edge, ground=z)
    else:
        batch.add_disc((x, y, z), radius, TOKEN_H, (0.9, 0.9, 0.88), ground=z)


def level_token(batch: Batch, level: int, at: Sequence[float], z: float) -> None:
    """The Level token lying on a scenery top."""
    batch.add_disc((at[0], at[1], z), 1.5, 0.2, (1, 1, 1), f"token:level:{level}", side_rgb=(0.85, 0.82, 0.74),
                   ground=None)


def object_marker(batch: Batch, obj: str, at: Sequence[float], z: float) -> None:
    """An Object's marker printed on the scenery that is the Object."""
    batch.add_disc((at[0], at[1], z), 1.6, 0.2, (1, 1, 1), f"token:object:{obj}", side_rgb=(0.6, 0.4, 0.8),
                   ground=None)


def _free_spot(bf: Any, piece_id: str, fallback: Any) -> Any:
    """The middle of the widest free part of a Level top (where a soldier could stand, and the token shows)."""
    import shapely
    from shapely.ops import polylabel

    try:
        top = bf.walkable_top(piece_id)
        if top.is_empty:
            return fallback
        part = max(shapely.get_parts(top), key=lambda g: g.area)
        return polylabel(part, tolerance=0.25)
    except (KeyError, ValueError, AttributeError):
        return fallback


def tokens_batch(bf: Any, batch: Batch | None = None, switches: Mapping[str, bool] | None = None,
                 left_out: frozenset[str] = frozenset()) -> Batch:
    """Every token of a battlefield (but the kinds ``left_out``: a game draws
    those as they stand now), Level tokens and Objects' markers."""
    b = batch if batch is not None else Batch()
    for t in bf.tokens:
        if t.kind in left_out:
            continue
        z = 0.0
        on = t.props.get("on")
        if on:
            try:
                z = bf.solid(on).top
            except KeyError:
                pass
        props = dict(t.props)
        if t.kind == "force_field_switch" and switches is not None:
            props["on"] = switches.get(str(t.props.get("number")), True)
        token(b, t.kind, t.at, props, z + (0.2 if z == 0 else 0.02))
    for piece, solid in zip(bf.scenery, bf.solids, strict=True):
        c = solid.footprint.representative_point()
        if piece.level:  # on the part of the top left free: under a lid standing on it, nobody saw it
            at = _free_spot(bf, piece.id, c)
            level_token(b, piece.level, (at.x, at.y), solid.top + 0.02)
        if piece.object:
            object_marker(b, piece.object, (c.x, c.y), solid.top + 0.02)
    return b


# --- dice, HQ cards, the Battle Track -------------------------------------------------------

FACE_BG = {"hit": (217, 41, 31), "double_hit": (140, 13, 26), "lightning": (255, 209, 26), "blank": (247, 245, 235),
           "shield": (64, 128, 242), "heart": (242, 115, 166)}
"""The Attack dice's face colours (the same as app.games.little_soldiers.dice_tray.FACE_RGB)."""


@painter("die")
def die_face(face: str = "blank", sniper: str = "0") -> Image.Image:
    """A printed die face: the face's colour with a rounded border and its
    symbol in the middle (kept inside the middle half, so the colour reads at
    a glance)."""
    s = 128
    bg = FACE_BG.get(face, (200, 200, 200))
    body = (40, 40, 46) if sniper == "1" else (246, 244, 236)
    img = Image.new("RGB", (s, s), body)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((8, 8, s - 9, s - 9), radius=18, fill=bg)
    ink = (255, 255, 255) if face not in ("lightning", "blank") else (60, 40, 20)
    if face == "hit":
        d.polygon(_star(64, 64, 30, 8), fill=ink)
    elif face == "double_hit":
        d.polygon(_star(46, 50, 20, 8), fill=ink)
        d.polygon(_star(82, 80, 20, 8), fill=ink)
    elif face == "lightning":
        icon(d, "lightning", ink, r=30)
    elif face in ("shield", "heart"):
        icon(d, face, ink, r=26)
    return img


@painter("hq")
def hq_card(kind: str = "infantry", team: str = "green", general: str = "") -> Image.Image:
    """An HQ card: cream card, a border in the team's colour, the figurine's
    portrait (drawn from its mesh) on the right, printed rows for the Heart,
    Shield and Order tokens on the left; the General's card a star and a crest."""
    from app.look.portraits import figurine_portrait

    w, h = 256, 160
    rim = rgb_of(SIDE_HEX.get(team, "#999999"))
    img = Image.new("RGB", (w, h), rim)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), radius=10, fill=(246, 240, 222))
    d.rectangle((6, 6, w - 7, 50), fill=tuple(int(c * 0.35 + 246 * 0.65) for c in rim))
    title = general if kind == "general" and general else kind.capitalize()
    centred_text(d, (14, 8, w - 14, 48), title, 40, (30, 28, 30))  # the card's printed title, large
    if kind == "general":
        d.polygon(_star(128, 66, 14), fill=(236, 186, 50), outline=(120, 80, 20))
        for k, caption in enumerate(("Orders", "Lid", "Bottom")):  # the Order tokens' three piles (the view's dx)
            px = (59, 138, 217)[k]
            d.ellipse((px - 21, 105, px + 21, 147), outline=(200, 160, 60), width=3)
            centred_text(d, (px - 36, 82, px + 36, 103), caption, 20, (120, 90, 40))
        return img
    portrait = figurine_portrait(kind, team, 104)
    img.paste(portrait, (w - 104, h - 106), portrait)
    for r in range(3):  # the heart, shield and order rows
        y = 72 + r * 30
        d.line((14, y + 12, 150, y + 12), fill=(220, 210, 186), width=2)
    return img


@painter("track")
def track_square(step: str = "0", ends: str = "", colour: str = "") -> Image.Image:
    """A square of the Battle Track: printed step number, the winning ends in
    the teams' colours with a flag."""
    s = 96
    fill = rgb_of(colour) if colour else (232, 224, 200)
    img = Image.new("RGB", (s, s), (90, 70, 50))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((4, 4, s - 5, s - 5), radius=10, fill=fill)
    if ends:
        d.polygon([(30, 24), (30, 74), (36, 74), (36, 52), (72, 40), (36, 26)], fill=(255, 255, 255))
    else:
        centred_text(d, (16, 16, s - 16, s - 16), step, 44, (110, 90, 60))
    return img
