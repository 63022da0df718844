"""The games Toybox knows, found by name.

Each game package exposes ``GAME: GameInfo``. The registry imports a game
only when it is asked for, so ``toybox sim little-battle`` never loads the
geometry stack of Little Soldiers.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.actions import ActionCodec
from engine.core.protocol import State

GAME_MODULES: dict[str, str] = {
    "little-soldiers": "engine.little_soldiers",
    "toy-battle": "engine.toy_battle",
    "little-battle": "engine.little_battle",
}
"""Game name (as typed on the command line and written in records) -> package."""


@dataclass(frozen=True)
class GameInfo:
    """What the shared machinery (records, bots, CLI) needs to know of a game."""

    name: str
    title: str
    version: int
    config_from_dict: Callable[[dict[str, Any]], Any]
    new_game: Callable[[Any, int | None], State]
    codec: ActionCodec
    rules_summary: Callable[[Any], str]
    heuristic_bot: Callable[[int], Any] | None = None
    log_namer: Callable[[State], Callable[[str], str]] | None = None
    """How a player reads the log of a state or view: the ids in the engine's
    sentences turned into the names printed on the pieces (None: the log
    already reads so)."""
    player_rules: Callable[[Any], str] | None = None
    """The rules in brief as the window's help shows them: the players' words, no
    command-line flags, file paths or data names (None: ``rules_summary`` reads so)."""
    verify_chance: Callable[[State, Any], tuple[bool, str | None]] | None = None
    """For ``toybox replay --verify``: given the state a chance outcome is due
    in and the recorded outcome, re-run what decided it when it is a
    continuous one (a throw's landing: the physics, from the recorded seed):
    (whether it was re-run, how the record differs as a phrase or None).
    None: the game's chance is all discrete, fully checked on replay."""


class UnknownGame(ValueError):
    """A game name Toybox does not know."""


def get_game(name: str) -> GameInfo:
    """The game called ``name`` (e.g. "little-battle")."""
    module = GAME_MODULES.get(name)
    if module is None:
        known = ", ".join(sorted(GAME_MODULES))
        raise UnknownGame(f"Unknown game {name!r}; Toybox plays {known}.")
    info: GameInfo = importlib.import_module(module).GAME
    return info


def random_seed() -> int:
    """A fresh seed for a new game, written into its record."""
    return random.SystemRandom().randrange(2**31)
