"""How many distinct colours a frame shows: a rough, reproducible measure of
how much a picture is more than flat colour fields (issue 13).

Counted at 5 bits a channel on every 2nd pixel in both directions, so small
noise from the renderer does not inflate it and a 1280x720 frame takes a few
milliseconds. Run ``python -m app.look.colours shot.png ...``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

BITS = 5
"""Bits kept per channel (32 levels each)."""
STRIDE = 2
"""Every ``STRIDE``-th pixel along x and y is counted."""


def distinct_colours(path: str | Path, bits: int = BITS, stride: int = STRIDE) -> int:
    """Distinct (r, g, b) triples in the image at ``path``, quantised to ``bits``."""
    from PIL import Image

    rgb = np.asarray(Image.open(path).convert("RGB"))[::stride, ::stride].astype(np.uint32)
    q = rgb >> (8 - bits)
    keys = (q[..., 0] << (2 * bits)) | (q[..., 1] << bits) | q[..., 2]
    return int(np.unique(keys).size)


def main(argv: list[str] | None = None) -> int:
    paths = (argv if argv is not None else sys.argv[1:])
    if not paths:
        print("usage: python -m app.look.colours IMAGE.png [...]", file=sys.stderr)
        return 2
    for p in paths:
        print(f"{p}: {distinct_colours(p)} distinct colours ({BITS} bits a channel, every {STRIDE}nd pixel)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
