"""What a bot is, and the loop that lets bots play a game to the end."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

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
    """A random player: the baseline for every game.

    Where the view offers a cheap sampler of one legal action
    (``view.random_action(rng)``: Little Soldiers, whose choices are
    continuous), the bot plays what it draws: the game's documented random
    policy, measuring only the action it returns. Elsewhere, and with
    ``candidates=k``, it picks uniformly among ``options(view, rng, k)``:
    the legal actions, or the game's ``k`` checked candidates where the
    choice is continuous. ``RandomBot(seed, candidates=32)`` is the random
    bot before issue 15's one-sample policy (kept for the bench's
    same-run comparison); it plays other games exactly as the plain one.
    """

    name = "random"

    def __init__(self, seed: int = 0, candidates: int | None = None) -> None:
        if candidates is not None and (type(candidates) is not int or candidates < 1):
            raise ValueError(f"candidates must be a whole number >= 1, not {candidates!r}")
        self.rng = random.Random(seed)
        self.candidates = candidates
        self._view: View | None = None  # the view last asked, and its random_action (None: it has none)
        self._draw: Any = None
        if candidates is not None:
            self.name = f"random{candidates}"

    def choose(self, view: View) -> Any:
        if self.candidates is None:
            if view is self._view:  # play_out hands a seat the same view every turn
                draw = self._draw
            else:
                draw = self._draw = getattr(view, "random_action", None)
                self._view = view
            if draw is not None:
                action = draw(self.rng)
                if action is None:
                    raise RuntimeError("RandomBot was asked to act with no legal action.")
                return action
        choices = options(view, self.rng, self.candidates or 32)
        if not choices:
            raise RuntimeError("RandomBot was asked to act with no legal action.")
        return choices[int(self.rng.random() * len(choices))]


def play_out(state: State, bots: Sequence[Bot], max_steps: int = 1_000_000) -> State:
    """Let ``bots`` (one per seat) play ``state`` to its end, in place.

    Each seat's view is made once: a view is a live window onto the state
    (``View``), so the one made first shows every later position."""
    steps = 0
    views: dict[int, View] = {}
    while not state.is_over():
        for seat in state.to_act():
            view = views.get(seat)
            if view is None:
                view = views[seat] = state.view(seat)
            state.apply(seat, bots[seat].choose(view))
            steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{state.game}: no end after {max_steps} actions.")
    return state
