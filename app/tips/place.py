"""Where a tooltip goes: near the pointer, wholly in the window, never over
the thing it describes.

Rectangles are (left, top, right, bottom) in a frame with y growing
downwards (pixels, or the UI's units turned over); the window is (0, 0,
width, height). The card tries the usual places beside the pointer first
(below right, as desktop tooltips do), then beside the hovered thing; when
the thing fills the window so that no place misses it, the card goes where
it covers least of it.
"""

from __future__ import annotations

Rect = tuple[float, float, float, float]

GAP = 0.018
"""Space between the pointer (or the thing) and the card, in window heights (chosen)."""


def inside(r: Rect, w: float, h: float) -> bool:
    return r[0] >= -1e-9 and r[1] >= -1e-9 and r[2] <= w + 1e-9 and r[3] <= h + 1e-9


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share."""
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def clamp(r: Rect, w: float, h: float) -> Rect:
    """``r`` moved (not resized, unless it is larger than the window) into the window."""
    cw, ch = min(r[2] - r[0], w), min(r[3] - r[1], h)
    x = min(max(r[0], 0.0), w - cw)
    y = min(max(r[1], 0.0), h - ch)
    return (x, y, x + cw, y + ch)


def place(cursor: tuple[float, float], size: tuple[float, float], avoid: Rect | None,
          window: tuple[float, float], clear: tuple[Rect, ...] | list[Rect] = ()) -> Rect:
    """The card's rectangle: ``size`` (w, h) near ``cursor``, inside ``window``
    (w, h), not over ``avoid`` (the hovered thing's box; None: nothing to avoid)
    and, where it can, over none of ``clear`` (what the player reads or presses
    beside it: the Events log, the dice, the choice buttons; the card lay over the
    fifth die and the Order buttons)."""
    w, h = window
    cw, ch = min(size[0], w), min(size[1], h)
    gap = GAP * h
    cx, cy = cursor
    spots: list[tuple[float, float]] = [
        (cx + gap, cy + 1.6 * gap), (cx - gap - cw, cy + 1.6 * gap),  # below the pointer (right, left)
        (cx + gap, cy - gap - ch), (cx - gap - cw, cy - gap - ch),  # above it
    ]
    if avoid is not None:
        a0, a1, a2, a3 = avoid
        spots += [(a2 + gap, cy - ch / 2), (a0 - gap - cw, cy - ch / 2),  # beside the thing
                  (cx - cw / 2, a3 + gap), (cx - cw / 2, a1 - gap - ch)]  # below it, above it
    for c0, c1, c2, c3 in clear:  # beside, above or below what must stay clear, at the pointer's height
        spots += [(c0 - gap - cw, cy - ch / 2), (c2 + gap, cy - ch / 2), (cx - cw / 2, c1 - gap - ch),
                  (cx - cw / 2, c3 + gap)]
    best: tuple[float, float, float, Rect] | None = None
    for x, y in spots:
        r = (x, y, x + cw, y + ch)
        if not inside(r, w, h):
            r = clamp(r, w, h)
        covered = overlap(r, avoid) if avoid is not None else 0.0
        hidden = sum(overlap(r, c) for c in clear)
        if covered <= 0.0 and hidden <= 0.0 and inside((x, y, x + cw, y + ch), w, h):
            return r  # the first usual place that fits as it is
        # otherwise: clamped into the window, scored by what it covers, then by how far it drifted
        drift = abs(r[0] - x) + abs(r[1] - y)
        if best is None or (covered, hidden, drift) < best[:3]:
            best = (covered, hidden, drift, r)
    assert best is not None
    return best[3]


__all__ = ["GAP", "Rect", "clamp", "inside", "overlap", "place"]
