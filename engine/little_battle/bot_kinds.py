"""Little Battle's own bots beyond the heuristic, by name, for ``engine.bots.make_bot``."""

from __future__ import annotations

from engine.little_battle.bots import ModelBot, ValueBot

EXTRA_BOTS = {"value": ValueBot, "model": ModelBot}
"""Bot factories by name: each takes the bot's seed."""
