"""The game protocol every Toybox game speaks.

Bots, records, the command line and the app work on all three games through
this small surface (see DESIGN.md, "The game protocol"). A game is a mutable
`State`; actions are small frozen values; chance is explicit.

Chance is history: every chance outcome (a shuffle, a die, a throw's
landing) is an action of the ``CHANCE`` seat, applied like any other and
kept, in order, in the state's ``history()``, which is what a record
holds. A state built with a seed draws its chance steps itself, eagerly,
with a generator it owns, so ``to_act()`` never shows the chance seat; a
state built without one stops at every chance step with ``to_act() ==
[CHANCE]``, and a test or a replay applies the outcome it wants with
``apply(CHANCE, outcome)``. Games list discrete outcomes with their
probabilities (``chance_outcomes()``, as OpenSpiel does) and sample the
rest (a shuffle, a landing) in ``sample_chance``.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from engine.core.actions import inexact
from engine.core.secrecy import NOBODY, Known, Secrecy, Slice, determinize, shown

CHANCE = -1
"""The seat that acts at chance steps (shuffles, dice rolls, throws)."""

SPECTATOR = 64
"""The seat a spectator's view is made for (``state.view(SPECTATOR)``): in no
slice's ``seen_by`` and no event's audience, so it shows what no seat's secret
is. Chosen past any table's seats and not negative: a view that forgot to
guard its own-seat fields indexes past a list's end and fails, where -2 would
quietly read another seat's hand."""


class IllegalAction(ValueError):
    """An action that the rules forbid now; the message is for a player."""


class Event(NamedTuple):
    """One line of the game's log.

    ``seats`` is None for a public event, or the seats allowed to read it
    (a private draw, a card kept face down). Views filter on it, so hidden
    information never leaks through the log. A NamedTuple, not a frozen
    dataclass: games log on every step and this is the cheapest immutable.
    """

    text: str
    seats: frozenset[int] | None = None

    def visible_to(self, seat: int) -> bool:
        return self.seats is None or seat in self.seats

    def __str__(self) -> str:
        return self.text


class DeferredLog:
    """A state's log whose lines are written when the log is read.

    Some lines must be written from the facts of the moment (the cards
    dealt, a region taken, the final score); a game played where nobody
    reads its log (a random playout, a bot's imagined game) would spend a
    good part of its time writing them. A state with this log keeps such a
    line as ``(write, *facts)``, with facts that never change afterwards,
    and ``events`` writes each one, once, the first time the log is read,
    in place: read, the log is the same list of the same lines as if every
    line had been written at once. Lines made in advance (an ``Event``) go
    in as they are. A game mixes it in before ``State`` and starts with
    ``_lines = []`` and ``_written = 0``; its ``clone`` copies ``_lines``.
    """

    _lines: list[Any]
    _written: int
    """How many of ``_lines`` are written (Events) for sure."""

    @property
    def events(self) -> list[Event]:
        lines = self._lines
        if self._written < len(lines):
            for i in range(self._written, len(lines)):
                line = lines[i]
                if type(line) is not Event:
                    lines[i] = line[0](*line[1:])
            self._written = len(lines)
        return lines

    @events.setter
    def events(self, lines: list[Event]) -> None:
        self._lines = lines
        self._written = 0


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winners (ties share), scores, why."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a k-way shared win, 0 otherwise."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}



def draw(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One outcome of a listed chance step (probabilities summing to 1), by one
    ``rng.random()`` call: the draw every game's and part's ``sample_chance`` makes,
    so the same generator state gives the same outcome wherever it is drawn."""
    r = rng.random()
    for outcome, p in outcomes:
        r -= p
        if r < 0:
            return outcome
    return outcomes[-1][0]

class State(ABC):
    """A game in progress: the whole truth, hidden information included.

    Subclasses implement the underscored hooks; the public methods here hold
    the contract (validate before applying, never half-apply, resolve chance
    with the owned generator).
    """

    game: ClassVar[str] = ""
    num_seats: int
    events: list[Event]
    rng: random.Random | None
    irreversible: int = 0
    """Counts chance steps resolved and hidden facts revealed; undo stops at them."""
    secrecy: ClassVar[Secrecy | None] = None
    """The game's secrecy declaration (``engine.core.secrecy``), where it has
    one: then the history's audiences and a view's ``known`` derive from it."""
    public_moves: ClassVar[bool] = True
    """Whether every player's action is public in the history (then only
    chance outcomes ask ``audience``); a game with secret moves says False."""
    cooperative: bool = False
    """Whether the seats play together as one team against the game (the
    co-op missions): then every seat wins or none does, and a report counts
    the team's win once. In a competitive game all seats winning is a tie."""
    _drawn: Any = None
    """An action the state itself drew from ``_drawn_by``'s legal actions
    since its last change (a game's ``random_action``): ``apply`` takes it
    without asking ``check``, legal and exact by construction. A game that
    draws sets both; its ``_apply`` clears ``_drawn`` at every change."""
    _drawn_by: int = -2
    trail: tuple[Any, ...] | None = None
    """Every action applied so far, chance included, as a chain of
    ``(earlier, seat, action, audience)`` links: sharing it makes ``clone``
    free, adding to it costs one tuple. ``history()`` reads it."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.secrecy is not None and cls.audience is State.audience:
            # The declaration answers directly (one call a step, not two): the same answer as below.
            cls.audience = cls.secrecy.audience_hook()  # type: ignore[assignment,method-assign]  # a plain function of the same signature stands in for the method

    # ----------------------------------------------------------- contract
    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that must act now; several in a simultaneous step."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat`` now (empty when it need not act)."""

    def check(self, seat: int, action: Any) -> str | None:
        """Why ``action`` is illegal for ``seat`` now, or None when legal.

        A game's own check starts with ``inexact(seat, action)``, as this one does."""
        exact = inexact(seat, action)
        if exact is not None:
            return exact
        if self.is_over():
            return "The game is over."
        if seat not in self.to_act():
            return f"It is not {self.seat_name(seat)}'s turn."
        if action not in self.legal_actions(seat):
            return f"{action!r} is not a legal action for {self.seat_name(seat)} now."
        return None

    def apply(self, seat: int, action: Any) -> None:
        """Validate, then apply; raises IllegalAction and changes nothing on failure.

        ``check`` holds the seat and the action's types exactly first
        (``Lead(0.0)`` is not ``Lead(0)``, ``True`` is not 1), then the rules;
        an action the state drew itself since its last change (``_drawn``)
        needs no check.
        """
        drawn = self._drawn
        if drawn is None or action is not drawn or seat is not self._drawn_by:  # ``is``: True is not seat 1
            reason = self.check(seat, action)
            if reason is not None:
                raise IllegalAction(reason)
        audience = None if seat >= 0 and self.public_moves else self.audience(seat, action)
        self._apply(seat, action)
        self.trail = (self.trail, seat, action, audience)
        if seat == CHANCE:  # a forced outcome is a roll or a shuffle too: undo stops here
            self.irreversible += 1
        if self.rng is not None and self.chance_pending():
            self._settle_chance(self.rng)

    @abstractmethod
    def _apply(self, seat: int, action: Any) -> None:
        """Apply an action already checked."""

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """The pending chance step's outcomes with their probabilities (they
        sum to 1), or None when they are too many to list (a shuffle) or
        continuous (a landing): then ``sample_chance`` draws one."""
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        """Draw the outcome of the pending chance step (from ``chance_outcomes``
        unless the game samples it itself)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise NotImplementedError(f"{self.game}: no way to draw this chance step.")
        return draw(outcomes, rng)

    def chance_pending(self) -> bool:
        """Whether a chance step is due; games override with a cheaper test."""
        return not self.is_over() and self.to_act() == [CHANCE]

    def for_rollouts(self) -> State:
        """This state, set to draw its chance as a bot imagines it: a game
        whose exact chance step is costly (Little Soldiers' physics throws)
        may draw it from a model measured from the exact one, for this state
        and its clones. ``determinize`` calls it (its samples are bots'
        imagined games); a real game, a replay or a record never does.
        Returns the state itself; by default nothing changes."""
        return self

    def resolve_chance(self, rng: random.Random) -> None:
        """Resolve every pending chance step with ``rng`` (unseeded states)."""
        self._settle_chance(rng)

    def _settle_chance(self, rng: random.Random) -> None:
        while self.chance_pending():
            outcome = self.sample_chance(rng)
            audience = self.audience(CHANCE, outcome)
            self._apply(CHANCE, outcome)
            self.trail = (self.trail, CHANCE, outcome, audience)
            self.irreversible += 1

    # ------------------------------------------------------------ history
    def history(self) -> list[tuple[int, Any]]:
        """Every action applied so far, chance outcomes included, in order:
        what a record keeps, so a replay never draws anything."""
        out: list[tuple[int, Any]] = []
        link = self.trail
        while link is not None:
            out.append((link[1], link[2]))
            link = link[0]
        out.reverse()
        return out

    def audience(self, seat: int, action: Any) -> frozenset[int] | None:
        """Who may read ``action`` of ``seat`` in the history, asked just
        before it applies: None for every seat. A game with a ``secrecy``
        declaration answers from it; without one, players' actions are
        public and chance outcomes are read by nobody (what they reveal,
        the view shows through the secrets and the log)."""
        if self.secrecy is not None:
            return self.secrecy.audience(self, seat, action)
        return NOBODY if seat == CHANCE else None

    # ------------------------------------------------------------ secrecy
    def secrets(self) -> list[Slice]:
        """Every hidden part of the truth now, and who may read it (see
        ``engine.core.secrecy``). The view and ``determinize`` derive from it."""
        return []

    def retract_unseen(self, seat: int) -> None:  # noqa: B027 - an optional hook: by default nothing to take back
        """Determinize hook, on a sample: take back choices committed out of
        ``seat``'s sight (a card placed face down this turn), so the sample
        makes them again."""

    def settle_unseen(self, seat: int, rng: random.Random) -> None:  # noqa: B027 - an optional hook: by default nothing to re-draw
        """Determinize hook, on a sample, after the hidden items are re-dealt:
        re-draw hidden facts that are not a plain deal (which tile lies face
        down), consistently with what ``seat`` sees."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once over, else None."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may see: hidden information removed."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy; cheap (no deepcopy)."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The whole truth as plain JSON data (for hashing, tests, debugging)."""

    def evaluate(self, seat: int) -> float | None:
        """The game's own estimate of ``seat``'s reward from here, in [0, 1]
        (the scale of ``Result.reward``), or None when the game offers none.

        Search bots call it on determinized samples to cut random playouts
        short; a game overrides it when a cheap look at the position says
        more about who is ahead than random play to the end does.
        """
        return None

    # ------------------------------------------------------------ helpers
    def seat_name(self, seat: int) -> str:
        return "chance" if seat == CHANCE else f"player {seat + 1}"

    def state_hash(self) -> str:
        """A digest of the whole truth: equal hashes mean equal games."""
        data = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def _clone_rng(self) -> random.Random | None:
        if self.rng is None:
            return None
        copy = random.Random(0)  # its state is replaced at once: Random() would read the OS's entropy first (0.2 ms)
        copy.setstate(self.rng.getstate())
        return copy


class View(ABC):
    """A seat's window onto a live game: only what that seat may see.

    A view holds the truth privately and exposes filtered accessors, so
    making one is cheap enough for a bot to ask for one every decision.
    ``to_dict()`` is the snapshot the app draws and tests inspect;
    ``determinize(rng)`` samples a full state consistent with the view, for
    search bots that must not read the truth.
    """

    def __init__(self, truth: State, seat: int) -> None:
        self._truth = truth
        self.seat = seat

    @property
    def num_seats(self) -> int:
        return self._truth.num_seats

    @property
    def cooperative(self) -> bool:
        """Whether the seats play together against the game (``State.cooperative``): public."""
        return self._truth.cooperative

    def to_act(self) -> list[int]:
        return self._truth.to_act()

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The viewer's legal actions (another seat's are not its business)."""
        if seat is not None and seat != self.seat:
            raise ValueError("A view only knows its own seat's legal actions.")
        return self._truth.legal_actions(self.seat)

    def check(self, action: Any) -> str | None:
        return self._truth.check(self.seat, action)

    @property
    def events(self) -> list[Event]:
        return [e for e in self._truth.events if e.visible_to(self.seat)]

    def history(self) -> list[tuple[int, Any]]:
        """The game's actions as this seat may know them: an action hidden
        from it (another player's face-down card, a shuffle's order) is None."""
        out: list[tuple[int, Any]] = []
        link = self._truth.trail
        me = self.seat
        while link is not None:
            audience = link[3]
            out.append((link[1], link[2] if audience is None or me in audience else None))
            link = link[0]
        out.reverse()
        return out

    def shown(self, name: str) -> list[Any]:
        """What this seat sees of each secret slice called ``name``."""
        return shown(self._truth.secrets(), name, self.seat)

    def known(self) -> Known:
        """All this seat may read, from the game's secrecy declaration: its
        public fields and what each secret shows this seat. A view whose
        picture comes from here alone fails closed."""
        secrecy = self._truth.secrecy
        if secrecy is None:
            raise TypeError(f"{self._truth.game} declares no Secrecy")
        return secrecy.known(self._truth, self.seat)

    def is_over(self) -> bool:
        return self._truth.is_over()

    def result(self) -> Result | None:
        return self._truth.result()

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The seat's picture of the game as plain JSON data."""

    def determinize(self, rng: random.Random) -> State:
        """A full state, seeded from ``rng``, consistent with this view: the
        facts hidden from this seat re-dealt (``engine.core.secrecy``)."""
        return determinize(self._truth, self.seat, rng)


def scores_result(scores: Sequence[float], reason: str) -> Result:
    """Result where every seat with the top score wins (a shared win on ties)."""
    top = max(scores)
    winners = tuple(i for i, s in enumerate(scores) if s == top)
    return Result(winners, tuple(float(s) for s in scores), reason)
