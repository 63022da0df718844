"""Random draws that games make at every chance step, made cheaper.

A record keeps chance outcomes, but a seeded state draws its own, so the
order a seed gives must never change: every draw here returns exactly what
the standard library's ``random.Random`` method of the same name returns
for the same generator state, and leaves the generator in the same state.
``tests/core/test_draws.py`` holds them to that, seed by seed.

Why a copy of ``Random.shuffle``: the standard one calls a Python-level
``_randbelow`` for every item, which is most of a shuffle's cost; here that
loop is inlined with the bit lengths read from a table. A shuffle is a
tenth of a random game of Little Battle.
"""

from __future__ import annotations

import random
from typing import Any

_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(1025))
"""``n.bit_length()`` for the sizes a game shuffles, read once."""


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does.

    ``Random.shuffle`` swaps each item from the last down with one drawn by
    ``_randbelow(i + 1)``, which draws ``(i + 1).bit_length()`` bits until
    they fall below ``i + 1``. A generator of another class (one that
    overrides ``random`` or ``getrandbits``) is left to its own method."""
    n = len(items)
    if type(rng) is not random.Random or n >= len(_BITS):
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(n - 1, 0, -1):
        size = i + 1
        k = bits[size]
        j = getrandbits(k)
        while j >= size:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


__all__ = ["shuffle"]
