"""Perft: how many action sequences of a given length a position has.

Players' actions are expanded one seat at a time (the first seat in
``to_act()``, so a simultaneous step counts each seat's choices in turn).
Chance steps are expanded over ``chance_outcomes()`` without using up
depth where the game lists them; a seeded state draws the rest itself
(a shuffle), the same way in every run.
"""

from __future__ import annotations

from engine.core.protocol import CHANCE, State


def perft(state: State, depth: int) -> int:
    if state.is_over():
        return 1 if depth == 0 else 0
    if state.to_act() == [CHANCE]:
        total = 0
        for outcome, p in state.chance_outcomes() or ():
            if p > 0:
                child = state.clone()
                child.apply(CHANCE, outcome)
                total += perft(child, depth)
        return total
    if depth == 0:
        return 1
    seat = state.to_act()[0]
    total = 0
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, action)
        total += perft(child, depth - 1)
    return total
