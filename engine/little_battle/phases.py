"""The phases of a game of Little Battle: the chests shuffled, a deal, the draft, the Gold Rush, over."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a game stands. Text values: records, views and saved states
    write them as before the enum ("draft"), and compare equal to them."""

    SETUP = "setup"  # the chests are to be shuffled onto the beach (chance)
    DEAL = "deal"  # the Adventurers are to be shuffled and dealt (chance)
    DRAFT = "draft"  # every player keeps a card from the packet in hand
    RUSH = "rush"  # every player places a card face down before a pile
    OVER = "over"


SETUP, DEAL, DRAFT, RUSH, OVER = Phase

__all__ = ["DEAL", "DRAFT", "OVER", "Phase", "RUSH", "SETUP"]
