"""Bots that play any Toybox game through the protocol."""

from engine.bots.base import Bot, RandomBot, play_out
from engine.bots.search import SearchBot

__all__ = ["Bot", "RandomBot", "SearchBot", "play_out", "make_bot"]


def make_bot(kind: str, game: str, seed: int = 0):
    """A bot by name: "random", "search" or "heuristic" (per game)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "search":
        return SearchBot(seed)
    if kind == "heuristic":
        from engine.core.games import get_game

        factory = get_game(game).heuristic_bot
        if factory is None:
            raise ValueError(f"{game} has no heuristic bot.")
        return factory(seed)
    raise ValueError(f"Unknown bot {kind!r}; choose random, heuristic or search.")
