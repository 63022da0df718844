"""Toy Battle: two-player troop placement on a terrain of bases and paths.

Public API::

    from engine.toy_battle import Config, Terrain, Troop, new_game, legal_slots, claimed_regions

The registry finds the game through ``GAME``.
"""

from engine.core.actions import ActionCodec
from engine.core.games import GameInfo
from engine.toy_battle.actions import ACTION_CLASSES, Draw, FirstPlayer, Pick, Place, Shuffle, Skip, UseEffect
from engine.toy_battle.bots import HeuristicBot
from engine.toy_battle.config import Config
from engine.toy_battle.rules import claimed_regions, legal_slots
from engine.toy_battle.state import ToyBattleState, new_game
from engine.toy_battle.summary import rules_summary
from engine.toy_battle.terrain import Region, Terrain, TerrainError
from engine.toy_battle.troops import Troop
from engine.toy_battle.view import ToyBattleView

GAME = GameInfo(
    name="toy-battle",
    title="Toy Battle",
    version=1,
    config_from_dict=Config.from_dict,
    new_game=new_game,
    codec=ActionCodec(ACTION_CLASSES),
    rules_summary=rules_summary,
    heuristic_bot=HeuristicBot,
)

__all__ = [
    "GAME",
    "Config",
    "Draw",
    "FirstPlayer",
    "HeuristicBot",
    "Pick",
    "Place",
    "Region",
    "Shuffle",
    "Skip",
    "Terrain",
    "TerrainError",
    "ToyBattleState",
    "ToyBattleView",
    "Troop",
    "UseEffect",
    "claimed_regions",
    "legal_slots",
    "new_game",
    "rules_summary",
]
