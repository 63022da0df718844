"""Bots a player can choose: easy, normal and hard for every game.

Each level is a named configuration of one of the engine's bots (random,
heuristic, search, lookahead) with the budget it plays under, declared once
here per game. ``make_bot`` builds them by name, so ``--bots``, ``--seats``
and the start screen's seat choice all offer the same list
(``bot_names``). A level never reads the truth: the bots it configures
only ever see views and determinized samples of them.

The budgets are seconds per decision, on top of an iteration cap: a time
budget makes play depend on the machine, so the caps are chosen to land
inside the budget on the development machine, and the budget is the
guarantee for a player on a slower one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Difficulty(StrEnum):
    """How hard a bot plays; the value is the name a player types."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class BotLevel:
    """One difficulty of one game: which bot, how configured, what budget."""

    game: str
    difficulty: Difficulty
    kind: str  # "random", "heuristic", "search", "lookahead" or a game's own (EXTRA_BOTS in its bot_kinds)
    options: dict[str, Any] = field(default_factory=dict)
    time_limit: float | None = None  # seconds per decision
    note: str = ""

    def describe(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        budget = f", {self.time_limit:g} s per decision" if self.time_limit else ""
        return f"{self.difficulty.value}: {self.kind}{f' ({opts})' if opts else ''}{budget}. {self.note}".strip()


LEVELS: dict[tuple[str, Difficulty], BotLevel] = {}


def _declare(*levels: BotLevel) -> None:
    for level in levels:
        LEVELS[(level.game, level.difficulty)] = level


_declare(
    BotLevel("toy-battle", Difficulty.EASY, "search", {"iterations": 40, "rollout_depth": None}, 0.2,
             "Short random-playout search: finds the obvious, misses plans."),
    BotLevel("toy-battle", Difficulty.NORMAL, "heuristic", {}, None,
             "One-ply greedy on medals, H.Q. threats and held ground."),
    BotLevel("toy-battle", Difficulty.HARD, "lookahead", {"turns": 2, "samples": 4}, 0.2,
             "Plays each action's line on through the opponent's greedy reply turn, over sampled hidden tiles."),
    BotLevel("little-battle", Difficulty.EASY, "random", {}, None, "Plays any legal card."),
    BotLevel("little-battle", Difficulty.NORMAL, "heuristic", {}, None,
             "Keeps strong cards of rare colours, plays keys that fit."),
    BotLevel("little-battle", Difficulty.HARD, "model", {"samples": 16}, 0.2,
             "Remembers the packets and reveals of the deal, imagines the others' hands and "
             "greedy plays, and plays each choice out to the end of the game."),
    BotLevel("little-soldiers", Difficulty.EASY, "random", {}, None, "Moves and attacks at random."),
    BotLevel("little-soldiers", Difficulty.NORMAL, "heuristic", {}, None,
             "Attacks the weakest valid target, takes cover, climbs, throws at clusters."),
    BotLevel("little-soldiers", Difficulty.HARD, "duel", {}, 2.0,
             "Plans each turn whole (Move, then Order) on exact dice odds, the opponent's best reply and the "
             "Battle Track outlook; missions, 2 Against 2 and Tactics cards: the heuristic."),
)


def bot_names() -> tuple[str, ...]:
    """The bots a player chooses from, for every game: the kinds that play
    any game, then the levels. (``make_bot`` also takes "lookahead", which
    needs a game's ``evaluate`` and discrete actions: Toy Battle's hard.)"""
    return ("random", "heuristic", "search") + tuple(d.value for d in Difficulty)


def level(game: str, difficulty: str | Difficulty) -> BotLevel:
    """The configuration of ``difficulty`` in ``game``."""
    try:
        diff = Difficulty(difficulty)
    except ValueError:
        raise ValueError(f"Unknown difficulty {difficulty!r}; choose easy, normal or hard.") from None
    found = LEVELS.get((game, diff))
    if found is None:
        raise ValueError(f"{game} has no {diff.value} bot.")
    return found
