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

A game declares all of it in one place, a ``Secrecy``: the fields of its
state every seat may read, and its ``Secret`` kinds (a hand: each seat's
own; a reserve: nobody's), each naming the actions whose value lands in it
(a card kept lands in its keeper's Ship). From that one declaration come
the slices (``Secret.slice``: their names and readers), a seat's picture
(``Secrecy.known``: the public fields and what each slice shows it, nothing
else, so a field declared nowhere stays hidden: the view fails closed) and
the history's audiences (``Secrecy.audience``: an action is read by whoever
reads every secret it lands in; one that lands in none is public).
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
        put = part.put
        assert put is not None  # hidden holds only the slices that can be re-dealt
        put(dealt)


def determinize(truth: State, seat: int, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` sees of ``truth``.

    The sample gets its own generator (drawn from ``rng``), keeps only the
    events ``seat`` may read and no history (its past is not known); the
    game retracts choices committed out of sight, the hidden items are
    re-dealt, then the game re-draws what is not a plain deal.
    """
    sample = truth.clone()
    sample.rng = random.Random(rng.getrandbits(64))
    sample.trail = None
    sample.events = [e for e in sample.events if e.visible_to(seat)]
    sample.retract_unseen(seat)
    redeal(sample.secrets(), seat, rng)
    sample.settle_unseen(seat, rng)
    return sample


_ONLY: dict[int, frozenset[int]] = {seat: frozenset((seat,)) for seat in range(16)}


def only(seat: int) -> frozenset[int]:
    """``frozenset({seat})``, made once per seat (audiences are asked every step)."""
    readers = _ONLY.get(seat)
    if readers is None:
        readers = _ONLY[seat] = frozenset((seat,))
    return readers


def actor(state: Any, seat: int, action: Any) -> int | None:
    """The default owner of the slice an action lands in: the seat that plays it."""
    return seat


@dataclass(frozen=True, slots=True)
class Secret:
    """One kind of hidden part of a game's state, declared once.

    ``owned``: each seat's slice of it is read by that seat alone (a hand);
    else nobody reads it (a reserve, a face-down pile). ``carries``: the
    action types whose value lands in it; ``owner`` says whose slice a
    carried action lands in (by default the seat that plays it; None: not
    in this secret, e.g. a pick that goes face up to the discard).
    ``backs``: what every item looks like from outside when all look alike.
    """

    name: str
    owned: bool = True
    carries: tuple[type, ...] = ()
    owner: Callable[[Any, int, Any], int | None] = actor
    backs: str = ""

    def seen_by(self, owner: int) -> frozenset[int]:
        """Who reads ``owner``'s slice of this secret."""
        return only(owner) if self.owned else NOBODY

    def slice(
        self,
        owner: int,
        items: Sequence[Any],
        put: Callable[[list[Any]], None] | None = None,
        backs: Sequence[Hashable] | None = None,
        cover: Callable[[Slice], Any] = size,
        open_to: frozenset[int] = NOBODY,
    ) -> Slice:
        """``owner``'s slice of this secret now; ``open_to``: seats that read it
        besides its readers (everyone, once a game is over and all is shown)."""
        readers = self.seen_by(owner)
        if open_to:
            readers = readers | open_to
        return Slice(self.name, readers, items, put, self.backs if backs is None else backs, cover)


class Known:
    """What one seat may read of a state: the declared public fields and
    what each secret's slices show it. A view draws from this alone."""

    __slots__ = ("_public", "_secrets", "seat")

    def __init__(self, seat: int, public: dict[str, Any], secrets: Sequence[Slice]) -> None:
        self.seat = seat
        self._public = public
        self._secrets = secrets

    def __getitem__(self, name: str) -> Any:
        try:
            return self._public[name]
        except KeyError:
            raise KeyError(f"{name!r} is not declared public: a seat reads only its game's Secrecy.public") from None

    def shown(self, name: str) -> list[Any]:
        """What this seat sees of every slice called ``name``, in declaration order."""
        return shown(self._secrets, name, self.seat)


class Secrecy:
    """A game's secrecy, declared once: ``public``, the fields of its state
    every seat reads (``"supply.rack_n"`` reads an attribute of an
    attribute, known as ``rack_n``), and its ``secrets``."""

    def __init__(self, public: Sequence[str], secrets: Sequence[Secret]) -> None:
        self.public = tuple(public)
        self.secrets = tuple(secrets)
        self._paths = tuple((path.rsplit(".", 1)[-1], tuple(path.split("."))) for path in self.public)
        if len({key for key, _ in self._paths}) != len(self._paths):
            raise ValueError("two public fields share a name")
        carriers: dict[type, list[Secret]] = {}
        for secret in self.secrets:
            for kind in secret.carries:
                carriers.setdefault(kind, []).append(secret)
        self._carriers = {kind: tuple(found) for kind, found in carriers.items()}
        # The same answers made once where they need no state (games ask at every step):
        # an action that lands only in nobody's secrets is read by nobody, one that lands
        # in one secret of the seat that plays it by that seat.
        self._by_nobody = {kind for kind, found in self._carriers.items() if not any(s.owned for s in found)}
        self._by_actor = {kind for kind, found in self._carriers.items()
                          if len(found) == 1 and found[0].owned and found[0].owner is actor}

    def audience(self, state: Any, seat: int, action: Any) -> frozenset[int] | None:
        """Who may read ``action`` of ``seat`` in the history, asked before it
        applies: the readers of every secret its value lands in; None (every
        seat) when it lands in none."""
        kind = type(action)
        if kind in self._by_actor:
            return _ONLY.get(seat) or only(seat)
        if kind in self._by_nobody:
            return NOBODY
        carriers = self._carriers.get(kind)
        if carriers is None:
            return None
        readers: frozenset[int] | None = None
        for secret in carriers:
            owner = secret.owner(state, seat, action)
            if owner is not None:
                seen = secret.seen_by(owner)
                readers = seen if readers is None else readers & seen
        return readers

    def audience_hook(self) -> Callable[[Any, int, Any], frozenset[int] | None]:
        """``audience`` as a function of the state, for ``State.audience``
        itself (a game with no audience of its own asks it at every step)."""
        by_actor, by_nobody, general = self._by_actor, self._by_nobody, self.audience

        def audience(state: Any, seat: int, action: Any) -> frozenset[int] | None:
            kind = type(action)
            if kind in by_actor:
                return _ONLY.get(seat) or only(seat)
            if kind in by_nobody:
                return NOBODY
            return general(state, seat, action)

        return audience

    def known(self, state: State, seat: int) -> Known:
        """What ``seat`` may read of ``state`` now."""
        public: dict[str, Any] = {}
        for key, path in self._paths:
            value: Any = state
            for step in path:
                value = getattr(value, step)
            public[key] = value
        return Known(seat, public, state.secrets())


__all__ = [
    "NOBODY", "Known", "Secrecy", "Secret", "Slice", "actor", "backs", "determinize", "only", "redeal", "shown", "size",
]
