"""One step of policy improvement over a game's own evaluation.

For each of its actions the bot plays the line that follows — the rest of
its own turn and then the next ``turns - 1`` turns of the others — with
every seat choosing each action greedily, as best *for itself* by the
game's ``evaluate`` (exactly how a one-ply heuristic bot plays), on several
determinized samples of its view (never the truth), and keeps the action
whose line ends best for it. Against a greedy opponent this is what
matters: the bot sees the reply the opponent will make, where the
opponent's own look stops at its move. Turns of several actions (Toy
Battle's Place, Place, Use Effect) are followed whole, which a fixed depth
in actions would cut in the middle.

Cost is a few greedy turns per action per sample, so it suits games with
a cheap ``evaluate`` (Toy Battle); ``time_limit`` stops adding samples once
spent (the first sample is always finished, so the bot always answers).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engine.core.protocol import State, View

LINE_CAP = 24
"""Actions at most in one looked-ahead line (a guard; turns end sooner)."""


class LookaheadBot:
    """Greedy lines ``turns`` turns deep after each action, averaged over
    ``samples`` determinizations of the view."""

    name = "lookahead"

    def __init__(self, seed: int = 0, turns: int = 2, samples: int = 4, time_limit: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.turns = turns
        self.samples = samples
        self.time_limit = time_limit

    def choose(self, view: View) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        totals = [0.0] * len(legal)
        for k in range(self.samples):
            if k and deadline is not None and time.perf_counter() > deadline:
                break
            world = view.determinize(self.rng)
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.apply(me, action)
                totals[i] += _value(greedy_line(trial, me, self.turns), me)
        best = max(totals)
        choices = [a for a, v in zip(legal, totals, strict=True) if v >= best - 1e-12]
        return choices[self.rng.randrange(len(choices))]


def greedy_line(state: State, last: int, turns: int) -> State:
    """Play ``state`` on (in place) with every seat greedy by its own
    evaluation, until the turn has passed ``turns`` times (``last`` acted
    before it), the game ends, or LINE_CAP actions."""
    left = turns
    for _ in range(LINE_CAP):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if seat != last:
            left -= 1
            if left <= 0:
                break
            last = seat
        acts = state.legal_actions(seat)
        if not acts:
            break
        if len(acts) == 1:
            state.apply(seat, acts[0])
            continue
        best, best_value = state, -math.inf  # acts holds two or more: the loop replaces it
        for action in acts:
            trial = state.clone()
            trial.apply(seat, action)
            value = _value(trial, seat)
            if value > best_value:
                best, best_value = trial, value
        state = best
    return state


def _value(state: State, seat: int) -> float:
    if state.is_over():
        result = state.result()
        assert result is not None
        return result.reward(seat)
    value = state.evaluate(seat)
    return 0.5 if value is None else float(value)
