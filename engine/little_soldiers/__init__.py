"""Little Soldiers: a toy-soldier skirmish on a table of household scenery.

A game's rules are a ``LittleSoldiersGame`` (``game``: the config, the parts
loaded, their steps and hooks), built once; its ``LittleSoldiersState``
(``state``) is plain data over it. The Bootcamp rules are the core
(``preparation``, ``turns``, ``movement``, ``combat``, run by ``steps``
through the continuation of ``flow``); the Super Soldier, Levels, Objects,
Reinforcements, 2 Against 2 and Advanced Tactics modules and the Mission
Book's King of the Hill, Battle Royale, A New Threat and Another New Threat
are parts (``parts/``, the protocol in ``part``), one file each, registered
by name (``registry``), that own their slice of the state and hook into the
core; ``view`` is what one seat sees.
"""

from collections.abc import Iterator

from engine.core.actions import ActionCodec
from engine.core.games import GameInfo
from engine.little_soldiers.actions import ACTION_CLASSES
from engine.little_soldiers.config import MODULES, Config
from engine.little_soldiers.registry import REGISTRY


def _action_classes() -> Iterator[type]:
    """The classes a record may hold: the core's and every registered part's (a mission
    registered after import included)."""
    yield from ACTION_CLASSES
    yield from REGISTRY.action_classes()


def _new_game(config, seed=None):
    from engine.little_soldiers.state import new_game

    return new_game(config, seed)


def _rules_summary(config=None) -> str:
    from engine.little_soldiers.rules_text import rules_summary

    return rules_summary(config)


def _player_rules(config=None) -> str:
    from engine.little_soldiers.rules_text import player_rules

    return player_rules(config)


def _log_namer(state):
    from engine.little_soldiers.names import log_namer

    return log_namer(state)


def _heuristic_bot(seed: int = 0):
    from engine.little_soldiers.bots import HeuristicBot

    return HeuristicBot(seed)


VERSION = 1

def _verify_chance(state, action):
    from engine.little_soldiers.table.landings import verify_chance

    return verify_chance(state, action)


GAME = GameInfo(
    name="little-soldiers",
    title="Little Soldiers",
    version=VERSION,
    config_from_dict=Config.from_dict,
    new_game=_new_game,
    codec=ActionCodec(_action_classes),
    rules_summary=_rules_summary,
    player_rules=_player_rules,
    heuristic_bot=_heuristic_bot,
    log_namer=_log_namer,
    verify_chance=_verify_chance,
)

__all__ = ["GAME", "Config", "MODULES", "VERSION"]
