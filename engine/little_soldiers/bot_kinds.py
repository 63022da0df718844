"""Little Soldiers' own bots beyond the heuristic, by name, for
``engine.bots.make_bot``: a module of its own, since the hard bot (the duel
planner) builds on the heuristic bot's module and so cannot be listed there."""

from __future__ import annotations

from engine.little_soldiers.bots import PlannerBot
from engine.little_soldiers.duel import DuelBot

EXTRA_BOTS = {"planner": PlannerBot, "duel": DuelBot}
"""Bot factories by name: each takes the bot's seed."""
