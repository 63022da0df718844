"""Bots that play any Toybox game through the protocol."""

from engine.bots.base import Bot, RandomBot, play_out
from engine.bots.levels import Difficulty, bot_names, level
from engine.bots.lookahead import LookaheadBot
from engine.bots.search import SearchBot

__all__ = ["Bot", "Difficulty", "LookaheadBot", "RandomBot", "SearchBot", "bot_names", "level", "make_bot", "play_out"]


def make_bot(kind: str, game: str, seed: int = 0):
    """A bot by name: a kind ("random", "search", "lookahead", "heuristic"
    per game) or a difficulty ("easy", "normal", "hard": ``levels``)."""
    if kind in {d.value for d in Difficulty}:
        spec = level(game, kind)
        bot = _kind(spec.kind, game, seed, dict(spec.options), spec.time_limit)
        bot.name = kind
        return bot
    return _kind(kind, game, seed, {}, None)


def _kind(kind: str, game: str, seed: int, options: dict, time_limit: float | None):
    if kind == "random":
        return RandomBot(seed)
    if kind == "search":
        return SearchBot(seed, time_limit=time_limit, **options)
    if kind == "lookahead":
        return LookaheadBot(seed, time_limit=time_limit, **options)
    if kind == "heuristic":
        from engine.core.games import get_game

        factory = get_game(game).heuristic_bot
        if factory is None:
            raise ValueError(f"{game} has no heuristic bot.")
        bot = factory(seed)
        for key, value in options.items():
            setattr(bot, key, value)
        if time_limit is not None and hasattr(bot, "time_limit"):
            bot.time_limit = time_limit
        return bot
    extra = _game_bots(game).get(kind)
    if extra is not None:
        bot = extra(seed)
        for key, value in options.items():
            setattr(bot, key, value)
        if time_limit is not None:
            bot.time_limit = time_limit
        return bot
    raise ValueError(f"Unknown bot {kind!r}; choose one of {', '.join(bot_names() + ('lookahead',))}.")


def _game_bots(game: str) -> dict:
    """A game's own bots beyond the heuristic (``EXTRA_BOTS`` in its ``bot_kinds`` module)."""
    import importlib

    from engine.core.games import GAME_MODULES

    package = GAME_MODULES.get(game)
    if package is None:
        return {}
    try:
        module = importlib.import_module(package + ".bot_kinds")
    except ImportError:
        return {}
    return dict(getattr(module, "EXTRA_BOTS", {}))
