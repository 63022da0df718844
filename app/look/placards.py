"""Printed cards that lie on the table and say what a piece is or holds.

Where the play views used to float text beside a piece (a pile's count, a
player's hand, an Object's name, the Battle Track's title), they now lay a
small printed card - a placard - on the table or on the piece, as a boxed
game prints its tiles and boards: lit and shadowed with the rest of the
table, never floating over it, and never a different scale from the pieces.

A placard is a thin card (a :class:`app.look.geom.Batch`) whose top is a
texture painted from its text (``placard:<hex text>:<style>``), held by an
Ursina entity with the old label's name and position, so the pickers and
tests that found the label find the placard.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from app.look.textures import font, painter

STYLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "cream": ((246, 240, 222), (40, 34, 30), (150, 120, 80)),
    "dark": ((44, 48, 58), (250, 246, 232), (200, 170, 90)),
    "gold": ((250, 226, 140), (70, 40, 10), (170, 120, 30)),
    "blue": ((52, 100, 210), (255, 255, 255), (240, 240, 255)),
    "red": ((210, 50, 46), (255, 255, 255), (255, 236, 230)),
    "green": ((60, 150, 80), (255, 255, 255), (236, 250, 236)),
    "yellow": ((242, 194, 48), (50, 36, 10), (120, 90, 20)),
    "purple": ((130, 80, 170), (255, 255, 255), (240, 230, 250)),
    "wood": ((168, 118, 70), (255, 244, 220), (110, 70, 36)),
}
"""Card, ink and rim colours of each placard style."""
PX_PER_LINE = 56
"""px: the texture's height per line of text (a big, clean print)."""
THICK_CM = 0.12


def encode(text: str) -> str:
    return text.encode("utf-8").hex()


def layout(text: str) -> tuple[int, int]:
    """The texture size (w, h) a text is printed at: one line of
    :data:`PX_PER_LINE` per line, as wide as the longest line needs."""
    lines = text.split("\n")
    f = font(int(PX_PER_LINE * 0.8))
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    wide = max(probe.textbbox((0, 0), line, font=f)[2] for line in lines)
    return int(wide + PX_PER_LINE * 0.6), PX_PER_LINE * len(lines) + int(PX_PER_LINE * 0.2)


@painter("placard")
def placard_face(hex_text: str = "", style: str = "cream") -> Image.Image:
    """A placard's print: its lines centred, in the style's ink, on its card with a rim."""
    text = bytes.fromhex(hex_text).decode("utf-8") if hex_text else ""
    card, ink, rim = STYLES.get(style, STYLES["cream"])
    w, h = layout(text)
    img = Image.new("RGB", (w, h), rim)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((3, 3, w - 4, h - 4), radius=int(PX_PER_LINE * 0.22), fill=card)
    f = font(int(PX_PER_LINE * 0.8))
    lines = text.split("\n")
    top = (h - PX_PER_LINE * len(lines)) / 2
    for k, line in enumerate(lines):
        left, t, r, b = d.textbbox((0, 0), line, font=f)
        d.text(((w - (r - left)) / 2 - left, top + k * PX_PER_LINE + (PX_PER_LINE - (b - t)) / 2 - t), line, font=f, fill=ink)
    return img


def size_cm(text: str, line_cm: float) -> tuple[float, float]:
    """The placard's (width, depth) in cm when each line is ``line_cm`` deep."""
    w, h = layout(text)
    lines = max(1, len(text.split("\n")))
    depth = line_cm * lines * h / (PX_PER_LINE * lines)
    return depth * w / h, depth


def add_placard(batch: Any, text: str, at: Sequence[float], line_cm: float = 1.6, style: str = "cream",
                heading: float = 0.0, max_width: float | None = None) -> tuple[float, float]:
    """A placard printed with ``text`` lying at ``at`` (its centre, engine cm,
    on the surface at ``at[2]``), turned ``heading`` degrees; shrunk to
    ``max_width`` cm when wider. Returns its (width, depth) in cm."""
    w, d = size_cm(text, line_cm)
    if max_width is not None and w > max_width:
        w, d = max_width, d * max_width / w
    z = float(at[2]) if len(at) > 2 else 0.0
    batch.add_box((float(at[0]), float(at[1]), z), (w, d, THICK_CM), (1, 1, 1), heading=heading,
                  textures={"top": f"placard:{encode(text)}:{style}"}, ground=None)
    return w, d


def placard(parent: Any, name: str, text: str, at: Sequence[float], line_cm: float = 1.6, style: str = "cream",
            heading: float = 0.0, max_width: float | None = None) -> Any:
    """An entity named ``name`` at ``at`` holding one placard (see :func:`add_placard`)."""
    from ursina import Entity, Vec3

    from app import frames
    from app.look.geom import Batch
    from app.look.pipeline import PAPER

    holder = Entity(parent=parent, name=name, position=Vec3(*frames.to_ursina(at)))
    b = Batch(contact=False, surface=PAPER)
    add_placard(b, text, at, line_cm, style, heading, max_width)  # built in place: the lamp's pool lights it there
    node = b.node(name)
    node.reparentTo(holder)
    node.setPos(*(-c for c in frames.to_ursina(at)))
    return holder
