"""Small builders for Little Battle tests."""

from __future__ import annotations

from engine.core import CHANCE
from engine.little_battle import Adventurer, Chest, Config, LittleBattleState, Shuffle, new_game
from engine.little_battle.state import ADVENTURERS, CARD_ID


def P(v: int) -> Adventurer:
    return Adventurer("parrot", v)


def R(v: int) -> Adventurer:
    return Adventurer("rhino", v)


def L(v: int) -> Adventurer:
    return Adventurer("leopard", v)


def chief(kind: str) -> Adventurer:
    return Adventurer(kind, 0, chief=True)


def forced_game(hands: list[list[Adventurer]], piles: list[list[int]], chiefs: bool = False) -> LittleBattleState:
    """An unseeded game whose shuffles are forced: ``piles`` are chest ids top
    first (ids index the catalog: blue 0-7, red 8-13, yellow 14-17) and
    ``hands`` the cards dealt to each seat (5 each)."""
    state = new_game(Config(players=len(hands), chiefs=chiefs))
    state.apply(CHANCE, Shuffle("chests", tuple(piles[0] + piles[1])))
    dealt = [CARD_ID[c] for hand in hands for c in hand]
    rest = [c for c in state.nap if c not in dealt]
    state.apply(CHANCE, Shuffle("adventurers", tuple(dealt + rest)))
    return state


def chest_id(state: LittleBattleState, chest: Chest, skip: int = 0) -> int:
    """The id of the ``skip``-th chest in the catalog equal to ``chest``."""
    ids = [i for i, c in enumerate(state.chests) if c == chest]
    return ids[skip]


__all__ = ["ADVENTURERS", "P", "R", "L", "chief", "forced_game", "chest_id"]
