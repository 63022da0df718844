"""What a bot is, and the loop that lets bots play a game to the end."""

from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from engine.core.protocol import State, View


class Bot(Protocol):
    """Chooses an action for the seat of the view it is given."""

    name: str

    def choose(self, view: View) -> Any: ...


def options(view: View, rng: random.Random, n: int = 32) -> list[Any]:
    """The viewer's choices: its legal actions, or sampled candidates for
    games with continuous choices (Little Soldiers' moves and aims)."""
    legal = view.legal_actions()
    if legal:
        return legal
    sample = getattr(view, "candidate_actions", None)
    return list(sample(n, rng)) if sample is not None else []


class RandomBot:
    """Picks uniformly among the legal actions: the baseline for every game."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Any:
        choices = options(view, self.rng)
        if not choices:
            raise RuntimeError("RandomBot was asked to act with no legal action.")
        return choices[int(self.rng.random() * len(choices))]


def play_out(state: State, bots: Sequence[Bot], max_steps: int = 1_000_000) -> State:
    """Let ``bots`` (one per seat) play ``state`` to its end, in place."""
    steps = 0
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat)))
            steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.game}: no end after {max_steps} actions.")
    return state
