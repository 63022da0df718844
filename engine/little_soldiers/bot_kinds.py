"""Little Soldiers' own bots beyond the heuristic, by name, for
``engine.bots.make_bot``: a module of its own, since the hard bot (the duel
planner) builds on the heuristic bot's module and so cannot be listed there."""

from __future__ import annotations

from engine.little_soldiers.bots import PlannerBot
from engine.little_soldiers.ceiling import ClairvoyantBot
from engine.little_soldiers.duel import MOVE_CANDIDATES, ORDER_MOVES, REACH_SAMPLES, THROW_AIMS, DuelBot


def searched_duel_bot(seed: int = 0) -> DuelBot:
    """The duel planner with the opponent's reply searched on its 6 best plans
    (``duel.SEARCH_PLANS``): measured weaker than the planner alone, kept for
    same-run comparisons."""
    bot = DuelBot(seed, search_plans=6)
    bot.name = "duel-searched"
    return bot


def wide_duel_bot(seed: int = 0) -> DuelBot:
    """The duel planner sampling twice as widely as hard (Moves,
    enemy reach spots, Move-Order destinations and aims), for measuring
    whether more of the 2 s budget buys more wins."""
    bot = DuelBot(seed, **wide_samples())
    bot.name = "duel-wide"
    return bot


def wide_samples(factor: int = 2) -> dict[str, int]:
    """hard's samples times ``factor`` (the landings per aim stay: the model's scatter is measured)."""
    return {"candidates": MOVE_CANDIDATES * factor, "reach_samples": REACH_SAMPLES * factor,
            "order_moves": ORDER_MOVES * factor, "throw_aims": THROW_AIMS * factor}


EXTRA_BOTS = {"planner": PlannerBot, "duel": DuelBot, "duel-searched": searched_duel_bot,
              "duel-wide": wide_duel_bot, "clairvoyant": ClairvoyantBot}
"""Bot factories by name: each takes the bot's seed. ``clairvoyant`` is the
duel planner told its own dice: the ceiling diagnostic
(``engine.little_soldiers.ceiling``), never a level."""
