"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state from the bot's view (``determinize``),
so the search never reads hidden truth; the tree is shared across samples
and a child's exploration term counts how often it was *available*, as in
Cowling, Powley & Whitehouse (2012). Simultaneous steps are searched as if
seats acted in turn; the other seats' hidden commits are not in the view,
so in a sample they choose again. Chance is sampled, not branched.
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.bots.base import options
from engine.core.protocol import State, View


class _Node:
    __slots__ = ("seat", "children", "visits", "total", "avail")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat whose action led here
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class SearchBot:
    """ISMCTS with random playouts; ``iterations`` samples per decision."""

    name = "search"

    def __init__(self, seed: int = 0, iterations: int = 300, exploration: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration

    def choose(self, view: View) -> Any:
        legal = options(view, self.rng)
        if len(legal) == 1:
            return legal[0]
        root = _Node(view.seat)
        for _ in range(self.iterations):
            self._iterate(root, view.determinize(self.rng), view.seat)
        allowed = set(legal)
        best = max(
            (item for item in root.children.items() if item[0] in allowed),
            key=lambda item: item[1].visits,
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
            state.apply(actor, best_action)
            path.append(best_child)
            node = best_child
        _rollout(state, rng)
        result = state.result()
        assert result is not None
        for n in path:
            n.visits += 1
            n.total += result.reward(n.seat)


def _actions(state: State, seat: int, rng: random.Random, n: int = 8) -> list[Any]:
    """Legal actions, or sampled candidates where the choice is continuous
    (Little Soldiers' moves and aims)."""
    acts = state.legal_actions(seat)
    if acts:
        return acts
    sample = getattr(state, "candidate_actions", None)
    return list(sample(seat, n, rng)) if sample is not None else []


def _rollout(state: State, rng: random.Random) -> None:
    """Random play to the end; the truth here is a sample, not the real game."""
    while not state.is_over():
        for seat in state.to_act():
            acts = _actions(state, seat, rng)
            state.apply(seat, acts[rng.randrange(len(acts))])
