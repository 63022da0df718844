"""Little Battle: 3-5 players draft adventurers and rush treasure chests."""

from engine.core.actions import ActionCodec
from engine.core.games import GameInfo
from engine.little_battle.actions import Attack, Keep, Shuffle
from engine.little_battle.bots import HeuristicBot
from engine.little_battle.cards import Adventurer, Chest
from engine.little_battle.config import Config
from engine.little_battle.loot import LootOutcome, resolve_pile
from engine.little_battle.rules_text import player_rules, rules_summary
from engine.little_battle.state import LittleBattleState, new_game
from engine.little_battle.view import LittleBattleView

VERSION = 1

GAME = GameInfo(
    name="little-battle",
    title="Little Battle",
    version=VERSION,
    config_from_dict=Config.from_dict,
    new_game=new_game,
    codec=ActionCodec([Keep, Attack, Shuffle, Adventurer]),
    rules_summary=rules_summary,
    player_rules=player_rules,
    heuristic_bot=HeuristicBot,
)

__all__ = [
    "GAME", "Adventurer", "Attack", "Chest", "Config", "HeuristicBot", "Keep", "LittleBattleState",
    "LittleBattleView", "LootOutcome", "Shuffle", "new_game", "resolve_pile", "rules_summary",
]
