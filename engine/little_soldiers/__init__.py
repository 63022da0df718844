"""Little Soldiers: a toy-soldier skirmish on a table of household scenery.

The Bootcamp rules are the core (``state``, with ``preparation``,
``movement`` and ``combat``); the Super Soldier, Levels, Objects,
Reinforcements, 2 Against 2 and Advanced Tactics modules and the Mission
Book's King of the Hill, Battle Royale, A New Threat and Another New Threat
are parts (``parts/``), one file each, that own their slice of the state and
hook into the core; ``view`` is what one seat sees.
"""

from engine.core.actions import ActionCodec
from engine.core.games import GameInfo
from engine.little_soldiers.actions import ACTION_CLASSES
from engine.little_soldiers.config import MODULES, Config


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
    codec=ActionCodec(ACTION_CLASSES),
    rules_summary=_rules_summary,
    player_rules=_player_rules,
    heuristic_bot=_heuristic_bot,
    log_namer=_log_namer,
    verify_chance=_verify_chance,
)

__all__ = ["GAME", "Config", "MODULES", "VERSION"]
