"""One secrecy boundary: what each part of a state hides, declared once.

A game declares its secrets as ``Slice`` values (``State.secrets()``): one
part of the truth (a hand, a reserve, the gold under a Ship, a hidden turn
order), the seats that may read it, and what every other seat sees of it
instead (its size by default, or the backs of its items: a chest's colour).
Everything that must not leak is derived from that one declaration:

- a view shows a slice's items to the seats in ``seen_by`` and its cover to
  the others (``View.shown``);
- ``determinize`` gathers the items of every slice the viewer may not read,
  shuffles those that share a back (items are interchangeable only if they
  look the same from outside), and deals them back into the same slices at
  the same sizes, so a sample agrees with everything the viewer saw;
- the event log and the history are filtered by their audiences
  (``Event.seats``, ``State.audience``).

The model is boardgame.io's ``playerView`` per plugin and OpenSpiel's
information-state resampling, kept small: games with a secret that is not a
set of interchangeable items (a card committed face down this turn) retract
or re-draw it in the two hooks ``retract_unseen`` / ``settle_unseen``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.protocol import State

NOBODY: frozenset[int] = frozenset()
"""``seen_by`` of a slice no seat may read (a face-down pile, a reserve)."""


def size(part: Slice) -> int:
    """The default cover: how many items the slice holds."""
    return len(part.items)


def backs(part: Slice) -> list[Hashable]:
    """A cover for items whose backs differ (chests of three colours)."""
    if isinstance(part.backs, str):
        return [part.backs] * len(part.items)
    return list(part.backs)


@dataclass(frozen=True, slots=True)
class Slice:
    """One hidden part of a state's truth.

    ``name`` groups slices in a view (every seat's hand is one slice named
    "hand", in seat order). ``items`` are the contents now; ``put`` writes
    re-dealt contents back into the state (None: this slice is shown and
    covered but never re-dealt, e.g. a hidden fact a hook re-draws).
    ``backs`` is what every seat sees of each item: one string when all
    look alike, else one value per item; only items with equal backs are
    exchanged when a sample is dealt.
    """

    name: str
    seen_by: frozenset[int]
    items: Sequence[Any]
    put: Callable[[list[Any]], None] | None = None
    backs: Sequence[Hashable] | str = ""
    cover: Callable[[Slice], Any] = size

    def visible_to(self, seat: int) -> bool:
        return seat in self.seen_by

    def shown(self, seat: int) -> Any:
        """What ``seat`` sees of this slice: its items (as a list) or its cover."""
        return list(self.items) if seat in self.seen_by else self.cover(self)


def shown(secrets: Sequence[Slice], name: str, seat: int) -> list[Any]:
    """What ``seat`` sees of every slice called ``name``, in declaration order."""
    return [part.shown(seat) for part in secrets if part.name == name]


def redeal(secrets: Sequence[Slice], seat: int, rng: random.Random) -> None:
    """Shuffle the items hidden from ``seat`` among the slices that hide them.

    Items are exchanged only with items of the same back; each slice keeps
    its size and, position by position, its backs, so the viewer's picture
    of the sample is the picture it had of the truth.
    """
    hidden = [part for part in secrets if part.put is not None and seat not in part.seen_by]
    pools: dict[Hashable, list[Any]] = {}
    for part in hidden:
        if isinstance(part.backs, str):
            pools.setdefault(part.backs, []).extend(part.items)
        else:
            for back, item in zip(part.backs, part.items, strict=True):
                pools.setdefault(back, []).append(item)
    for pool in pools.values():
        pool.sort(key=repr)  # the hidden arrangement of the truth must not steer the deal
        rng.shuffle(pool)
    for part in hidden:
        if isinstance(part.backs, str):
            pool = pools[part.backs]
            n = len(part.items)
            dealt = pool[len(pool) - n:]
            del pool[len(pool) - n:]
        else:
            dealt = [pools[back].pop() for back in part.backs]
        part.put(dealt)  # type: ignore[misc]


def determinize(truth: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` sees of ``truth``.

    The sample gets its own generator (drawn from ``rng``), keeps only the
    events ``seat`` may read and no history (its past is not known); the
    game retracts choices committed out of sight, the hidden items are
    re-dealt, then the game re-draws what is not a plain deal. It is a
    bot's imagined game, so its chance is drawn as rollouts draw it
    (``State.for_rollouts``: Little Soldiers' throws land by the model
    measured from the physics).
    """
    sample = truth.clone()
    sample.rng = random.Random(rng.getrandbits(64))
    sample.trail = None
    sample.events = [e for e in sample.events if e.visible_to(seat)]
    sample.retract_unseen(seat)
    redeal(sample.secrets(), seat, rng)
    sample.settle_unseen(seat, rng)
    return sample.for_rollouts()


__all__ = ["NOBODY", "Slice", "backs", "determinize", "redeal", "shown", "size"]
