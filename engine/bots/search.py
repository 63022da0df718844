"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state from the bot's view (``determinize``),
so the search never reads hidden truth; the tree is shared across samples
and a child's exploration term counts how often it was *available*, as in
Cowling, Powley & Whitehouse (2012). Simultaneous steps are searched as if
seats acted in turn; the other seats' hidden commits are not in the view,
so in a sample they choose again. Chance is sampled, not branched.

Playouts are random: uniform over the legal actions (or the sampled
candidates), or a game's own cheap one-sample policy where its state
offers one (``random_action``: Little Soldiers, whose candidates cost a
batched path query each decision).

Two generic strengthenings, both opt-in by the game and never reading the
truth (they only ever see a determinized sample):

* **Cut-off rollouts.** A game whose state has an ``evaluate(seat)`` that
  returns a number in [0, 1] (the seat's estimated reward) is played
  randomly for only ``rollout_depth`` actions past the tree and then scored
  by it. Random play to the end of a long game says little about who is
  ahead; a game's own estimate of the position says more, and is cheaper.
  Games whose ``evaluate`` returns None are played out to the end.
* **Decisive moves.** Before searching, an action that ends the game with
  the bot as sole winner in every one of a few samples is played at once
  (Teytaud & Teytaud 2010): the tree would find it too, but only after
  spending iterations, and it is the one mistake a player never forgives.

``time_limit`` caps the seconds per decision on top of ``iterations``; it is
off by default because a time budget makes the bot's play depend on the
machine, and seeded bots must replay identically.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engine.bots.base import options
from engine.core.protocol import State, View

DECISIVE_SAMPLES = 3
"""Samples in which an action must win at once to be played without search."""


class _Node:
    __slots__ = ("seat", "children", "visits", "total", "avail")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class SearchBot:
    """ISMCTS with random (or cut-off, evaluated) playouts.

    ``iterations`` samples per decision; ``rollout_depth`` random actions
    after the tree before a game's ``evaluate`` scores the position (None:
    always play to the end); ``time_limit`` seconds per decision, if set;
    ``decisive`` plays an outright win without searching.
    """

    name = "search"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 300,
        exploration: float = 0.7,
        rollout_depth: int | None = 4,
        time_limit: float | None = None,
        decisive: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.time_limit = time_limit
        self.decisive = decisive

    def choose(self, view: View) -> Any:
        legal = options(view, self.rng)
        if len(legal) == 1:
            return legal[0]
        if self.decisive and view.legal_actions():  # discrete choices only: candidates cost too much to try
            decisive = _decisive(view, legal, self.rng)
            if decisive is not None:
                return decisive
        root = _Node(view.seat)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                break
            self._iterate(root, view.determinize(self.rng), view.seat)
        allowed = set(legal)
        best = max(
            (item for item in root.children.items() if item[0] in allowed),
            key=lambda item: (item[1].visits, item[1].total),
            default=None,
        )
        return best[0] if best is not None else legal[self.rng.randrange(len(legal))]

    def _iterate(self, root: _Node, state: State, me: int) -> None:
        rng = self.rng
        node = root
        path: list[_Node] = []
        first = True
        while not state.is_over():
            actor = me if first else state.to_act()[0]
            first = False
            acts = _actions(state, actor, rng)
            untried = [a for a in acts if a not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = _Node(actor)
                node.children[action] = child
                for a in acts:
                    if a in node.children:
                        node.children[a].avail += 1
                state.apply(actor, action)
                path.append(child)
                break
            log_c = self.exploration
            best_action, best_child, best_score = None, None, -math.inf
            for a in acts:
                c = node.children[a]
                c.avail += 1
                score = c.total / c.visits + log_c * math.sqrt(math.log(c.avail) / c.visits)
                if score > best_score:
                    best_action, best_child, best_score = a, c, score
            # acts is never empty here (the game asks the actor to act), so the loop chose one.
            assert best_action is not None and best_child is not None
            state.apply(actor, best_action)
            path.append(best_child)
            node = best_child
        reward = _playout(state, rng, self.rollout_depth)
        cache: dict[int, float] = {}
        for n in path:
            value = cache.get(n.seat)
            if value is None:
                value = cache[n.seat] = reward(n.seat)
            n.visits += 1
            n.total += value


def _decisive(view: View, legal: list[Any], rng: random.Random) -> Any | None:
    """An action that wins the game outright for the viewer in every one of
    a few sampled states, or None. Hidden information can make a win in one
    sample a loss in another (Little Battle's secret gold), hence several."""
    me = view.seat
    winning = list(legal)
    for _ in range(DECISIVE_SAMPLES):
        sample = view.determinize(rng)
        still = []
        for action in winning:
            trial = sample.clone()
            trial.apply(me, action)
            result = trial.result() if trial.is_over() else None
            if result is not None and result.winners == (me,):
                still.append(action)
        winning = still
        if not winning:
            return None
    return winning[0]


def _actions(state: State, seat: int, rng: random.Random, n: int = 8) -> list[Any]:
    """Legal actions, or sampled candidates where the choice is continuous
    (Little Soldiers' moves and aims)."""
    acts = state.legal_actions(seat)
    if acts:
        return acts
    sample = getattr(state, "candidate_actions", None)
    return list(sample(seat, n, rng)) if sample is not None else []


def _rollout_action(state: State, seat: int, rng: random.Random) -> Any:
    """A playout's random action: the game's own one-sample policy where it
    has one (``state.random_action``: Little Soldiers, measuring only the
    action drawn), else uniform over ``_actions``."""
    draw = getattr(state, "random_action", None)
    if draw is not None:
        action = draw(seat, rng)
        if action is not None:
            return action
    acts = _actions(state, seat, rng)
    return acts[rng.randrange(len(acts))]


def _playout(state: State, rng: random.Random, depth: int | None) -> Any:
    """Play randomly from ``state`` (a sample, not the real game) and return
    ``seat -> reward``: the result once the game is over, or the game's own
    estimate after ``depth`` actions when it offers one."""
    estimate = state.evaluate if depth is not None else None
    steps = 0
    while not state.is_over():
        if estimate is not None and depth is not None and steps >= depth:
            if estimate(0) is not None:
                return estimate
            estimate = None  # this game offers no estimate: play to the end
        for seat in state.to_act():
            state.apply(seat, _rollout_action(state, seat, rng))
            steps += 1
    result = state.result()
    assert result is not None
    return result.reward
