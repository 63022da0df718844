"""The phases of a game of Toy Battle: two shuffles, the first player, turns, blind picks, over."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Where a game stands; every phase but ``TURN`` and ``OVER`` is the chance seat's.

    Ints (records and ``to_dict`` write them as numbers, as before the enum).
    """

    SETUP_BLUE = 0  # blue's troops are shuffled
    SETUP_RED = 1  # red's troops are shuffled
    SETUP_FIRST = 2  # who starts is drawn
    TURN = 3  # a player acts
    CHANCE_PICK = 4  # a blind pick from a rack (XB-42, the Battlefield)
    OVER = 5


SETUP_BLUE, SETUP_RED, SETUP_FIRST, TURN, CHANCE_PICK, OVER = Phase

__all__ = ["CHANCE_PICK", "OVER", "SETUP_BLUE", "SETUP_FIRST", "SETUP_RED", "TURN", "Phase"]
