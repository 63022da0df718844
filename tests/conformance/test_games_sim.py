"""One conformance suite for every game (model: OpenSpiel's games_sim_test.py).

Every case (game and config, see ``cases.py``) is played by seeded random
bots through a Match, and at every step the protocol's promises are
checked. A playout is run once per case and seed; each promise is its own
test, so a known failure is marked on that promise alone (strict xfail:
it turns red the day it is fixed, and then loses its mark).

Promises, at every step:

- clone: a clone has the same data, hash and history, and stays apart;
- record: at steps 1, 2, 4, 8, ... and at the end, the record written to
  JSON and replayed reaches the same hash and history;
- chance: replayed step by step on a state without a generator, every
  chance step waits for the chance seat, and where the game lists its
  outcomes they sum to 1 and hold the outcome the game drew;
- over: no seat to act and no legal action once the game is over;
- stall: a game not over offers some seat in ``to_act()`` an action;
- undo: undo never crosses a roll or a reveal, and takes back exactly one
  action otherwise;
- view: the view of a determinized sample is the view it was sampled
  from, seat by seat, its picture and its log alike; samples vary in
  what is hidden (where anything is). A seat's history shows it its own
  moves. A choice hidden from a seat (the history's audience leaves it
  out), made at a step that reveals nothing (``irreversible`` stays), tells
  that seat nothing: its log and its history read the same whichever of
  the hidden choices was made, players' and listed chance outcomes alike;
- illegal: inexact values (0.0 for 0, True for 1, text for numbers), wrong
  seats and actions after the end raise IllegalAction and change nothing
  (hash, history, generator);
- from_dict: a state rebuilt from its data is the same game (games with
  ``from_dict``).

CI plays two seeds per case: 27 cases, 486 tests, about 20 s of CPU (the
machine shared, about 80 s of wall time); ``-m slow`` plays ten more seeds.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from engine.bots import RandomBot
from engine.bots.base import options
from engine.core.games import get_game
from engine.core.match import Match
from engine.core.protocol import CHANCE, IllegalAction, State
from engine.core.record import parse_record, replay
from tests.conformance.cases import CASES, Case

CHECKS = ("clone", "record", "chance", "over", "stall", "undo", "view", "illegal", "from_dict")
MAX_STEPS = 600
"""A random game longer than this is cut (the rest is not checked); no case gets near it."""
SLOW_SEEDS = tuple(range(100, 110))


class Playout:
    """The first failure of each promise in one seeded random game."""

    def __init__(self, case: Case, seed: int) -> None:
        self.case = case
        self.seed = seed
        self.failures: dict[str, str] = {}
        self.hidden_seen = 0
        self.hidden_varied = 0
        self.declared = False
        self.rng = random.Random(seed)

    def fail(self, check: str, message: str) -> None:
        self.failures.setdefault(check, message)

    def run(self) -> Playout:
        info = get_game(self.case.game)
        match = Match(info, info.config_from_dict(self.case.config), self.seed)
        bots = [RandomBot(self.seed * 7 + s) for s in range(match.state.num_seats)]
        step = 0
        while step < MAX_STEPS:
            state = match.state
            self.check_step(state, step)
            if state.is_over():
                break
            seats = [s for s in state.to_act() if s != CHANCE]
            if not seats:
                self.fail("stall", f"step {step}: nobody but chance to act in a seeded game")
                break
            seat = seats[0]
            action = bots[seat].choose(state.view(seat))
            self.check_hidden(state, seat, action, step)
            self.check_play(match, seat, action, step)
            step += 1
            if step & (step - 1) == 0:
                self.check_record(match, step)
        self.check_record(match, step)
        self.check_chance(info, match)
        if not match.state.is_over() and step < MAX_STEPS:
            self.fail("stall", f"step {step}: the game stopped without an end")
        if self.case.hidden and not self.declared:
            self.fail("view", "some seat may not see everything, yet the game declares no secrets")
        if self.hidden_seen and not self.hidden_varied:
            self.fail("view", f"{self.hidden_seen} samples with hidden items, and no two samples differed")
        return self

    # ------------------------------------------------------------- checks
    def check_step(self, state: State, step: int) -> None:
        self.check_clone(state, step)
        if state.is_over():
            self.check_over(state, step)
        else:
            self.check_stall(state, step)
            self.check_illegal(state, step)
        self.check_view(state, step)
        self.check_from_dict(state, step)

    def check_clone(self, state: State, step: int) -> None:
        twin = state.clone()
        if twin.to_dict() != state.to_dict() or twin.state_hash() != state.state_hash():
            self.fail("clone", f"step {step}: a clone's data differs")
        if twin.history() != state.history():
            self.fail("clone", f"step {step}: a clone's history differs")

    def check_over(self, state: State, step: int) -> None:
        if state.to_act():
            self.fail("over", f"step {step}: over, yet {state.to_act()} must act")
        for seat in [CHANCE, *range(state.num_seats)]:
            if state.legal_actions(seat):
                self.fail("over", f"step {step}: over, yet seat {seat} has legal actions")
        if state.result() is None:
            self.fail("over", f"step {step}: over without a result")

    def check_stall(self, state: State, step: int) -> None:
        seats = state.to_act()
        if not seats:
            self.fail("stall", f"step {step}: not over and nobody to act")
            return
        for seat in seats:
            if seat == CHANCE or options(state.view(seat), random.Random(step)):
                return
        self.fail("stall", f"step {step}: not over, and no seat in {seats} has a legal action "
                           f"({state.to_dict().get('phase')!r})")

    def check_illegal(self, state: State, step: int) -> None:
        seat = state.to_act()[0]
        choices = options(state.view(seat), random.Random(step), 4)
        bad: list[tuple[Any, Any]] = [(seat, a) for a in choices[:2] for a in inexact_variants(a)]
        if choices:
            bad += [(float(seat), choices[0]), (True if seat == 1 else str(seat), choices[0])]
            bad += [(state.num_seats, choices[0])]
            bad += [(s, choices[0]) for s in range(state.num_seats) if s not in state.to_act()][:1]
        before = self.snapshot(state)  # each refusal is compared with the state before them all
        for who, action in bad:
            if not self.refused(state, who, action, step, before):
                return

    @staticmethod
    def snapshot(state: State) -> tuple[Any, ...]:
        return state.state_hash(), state.history(), state.rng.getstate() if state.rng else None

    def refused(self, state: State, seat: Any, action: Any, step: int, before: tuple[Any, ...]) -> bool:
        """Whether ``action`` by ``seat`` is refused with IllegalAction, leaving the state as ``before``."""
        try:
            state.apply(seat, action)
        except IllegalAction:
            pass
        except Exception as err:  # noqa: BLE001 - any other error is the failure being looked for
            self.fail("illegal", f"step {step}: seat {seat!r} {action!r} raised {type(err).__name__}: {err}")
            return False
        else:
            self.fail("illegal", f"step {step}: seat {seat!r} {action!r} was accepted")
            return False
        if self.snapshot(state) != before:
            self.fail("illegal", f"step {step}: refusing seat {seat!r} {action!r} changed the state")
            return False
        return True

    def check_view(self, state: State, step: int) -> None:
        secrets = state.secrets()
        self.declared = self.declared or bool(secrets)
        for seat in range(state.num_seats):
            view = state.view(seat)
            picture = view.to_dict()
            samples = [view.determinize(self.rng) for _ in range(2)]
            for sample in samples:
                again = sample.view(seat).to_dict()
                if again != picture:
                    keys = sorted(k for k in set(picture) | set(again) if picture.get(k) != again.get(k))
                    self.fail("view", f"step {step}: seat {seat}'s view of a sample differs in {keys}")
                    return
            events = view.events
            for sample in samples:
                if sample.view(seat).events != events:
                    self.fail("view", f"step {step}: seat {seat}'s log differs in a sample of its view")
                    return
            hidden = [i for i, part in enumerate(secrets) if seat not in part.seen_by and part.put and part.items]
            if hidden:
                self.hidden_seen += 1
                a, b = ([list(told[i].items) for i in hidden] for told in (s.secrets() for s in samples))
                self.hidden_varied += a != b

    def check_hidden(self, state: State, seat: int, action: Any, step: int) -> None:
        """The choice about to be made against the others ``seat`` could make:
        a seat from which both are hidden reads the same log and history after
        either (steps that reveal, and so bump ``irreversible``, excepted)."""
        others = [a for a in options(state.view(seat), random.Random(step), 8) if a != action][:2]
        compare_hidden(self, state, seat, action, others, f"step {step}")

    def check_from_dict(self, state: State, step: int) -> None:
        build: Callable[[dict], State] | None = getattr(type(state), "from_dict", None)
        if build is None:
            return
        data = json.loads(json.dumps(state.to_dict()))
        again = build(data)
        if again.to_dict() != state.to_dict():
            self.fail("from_dict", f"step {step}: from_dict(to_dict()) differs")
        elif any(again.legal_actions(s) != state.legal_actions(s) for s in state.to_act()):
            self.fail("from_dict", f"step {step}: the rebuilt state offers other actions")

    def check_play(self, match: Match, seat: int, action: Any, step: int) -> None:
        before = match.state.state_hash()
        kept = match.state.clone()
        irreversible = match.state.irreversible
        match.play(seat, action)
        after = match.state.state_hash()
        if kept.state_hash() != before:
            self.fail("clone", f"step {step}: playing on the state changed a clone of it")
        last = match.state.view(seat).history()[len(kept.history())]
        if last != (seat, action):
            self.fail("view", f"step {step}: seat {seat}'s history shows its own {action!r} as {last!r}")
        if match.state.irreversible != irreversible:
            if match.can_undo():
                self.fail("undo", f"step {step}: {action!r} rolled or revealed, yet undo is offered")
            return
        if not match.can_undo():
            self.fail("undo", f"step {step}: nothing rolled or revealed, yet no undo")
            return
        match.undo()
        if match.state.state_hash() != before:
            self.fail("undo", f"step {step}: undo did not restore the state before {action!r}")
        match.play(seat, action)
        if match.state.state_hash() != after:
            self.fail("undo", f"step {step}: replaying {action!r} after undo went otherwise")

    def check_chance(self, info: Any, match: Match) -> None:
        state = info.new_game(match.config, None)
        for i, (seat, action) in enumerate(match.state.history()):
            if (seat == CHANCE) != (state.to_act() == [CHANCE]):
                self.fail("chance", f"action {i}: seat {seat} acts while to_act() is {state.to_act()}")
                return
            if seat == CHANCE:
                listed = state.chance_outcomes()
                if listed is not None:
                    if abs(sum(p for _, p in listed) - 1) > 1e-9:
                        self.fail("chance", f"action {i}: the listed chances sum to {sum(p for _, p in listed)}")
                    if action not in {o for o, p in listed if p > 0}:
                        self.fail("chance", f"action {i}: {action!r} was drawn but is not listed")
                    others = [o for o, p in listed if p > 0 and o != action][:2]
                    compare_hidden(self, state, CHANCE, action, others, f"action {i}")
            state.apply(seat, action)

    def check_record(self, match: Match, step: int) -> None:
        data = json.loads(json.dumps(match.record().to_dict()))
        try:
            again = replay(parse_record(data, f"step {step}"))
        except Exception as err:  # noqa: BLE001 - any error replaying the record is the failure reported
            self.fail("record", f"step {step}: the record does not replay: {err}")
            return
        if again.state_hash() != match.state.state_hash() or again.history() != match.state.history():
            self.fail("record", f"step {step}: the replayed record reaches another state")


def compare_hidden(playout: Playout, state: State, seat: int, action: Any, others: list[Any], where: str) -> None:
    """Play ``action`` and each of ``others`` on copies of ``state`` (a chance
    outcome counts as one roll): every seat from which both are hidden must
    read the same log and history after them, unless the step revealed more."""
    hides = state.audience(seat, action)
    if hides is None or not others:
        return
    observers = [s for s in range(state.num_seats) if s not in hides and s != seat]
    rolls = 1 if seat == CHANCE else 0
    first = state.clone()
    first.apply(seat, action)
    if first.irreversible != state.irreversible + rolls:
        return  # a step that reveals (a draft round ends, the loot is shared) tells what it must
    for other in others:
        other_hides = state.audience(seat, other)
        if other_hides is None:
            continue
        second = state.clone()
        second.apply(seat, other)
        if second.irreversible != state.irreversible + rolls:
            continue
        for s in observers:
            if s in other_hides:
                continue
            one, two = first.view(s), second.view(s)
            if one.events != two.events:
                playout.fail("view", f"{where}: seat {s}'s log tells {action!r} of seat {seat} from {other!r}, "
                                     "both hidden from it")
                return
            if one.history() != two.history():
                playout.fail("view", f"{where}: seat {s}'s history tells {action!r} of seat {seat} from {other!r}, "
                                     "both hidden from it")
                return


def inexact_variants(action: Any) -> Iterator[Any]:
    """The action with one field made inexact: 0.0 for 0, True for 1, text
    for numbers, numbers for text, 0/1 for true/false; one level deep."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return
    for f in dataclasses.fields(action):
        if not f.init:
            continue
        value = getattr(action, f.name)
        bads: list[Any] = []
        if type(value) is bool:
            bads = [int(value)]
        elif type(value) is int:
            bads = [float(value), str(value)] + ([True] if value == 1 else [False] if value == 0 else [])
        elif type(value) is float:
            bads = [str(value)]
        elif type(value) is str:
            bads = [1]
        elif type(value) is tuple and value and type(value[0]) in (int, float):
            bads = [(str(value[0]),) + value[1:]] + ([(float(value[0]),) + value[1:]] if type(value[0]) is int else [])
        elif dataclasses.is_dataclass(value):
            bads = [inner for inner in inexact_variants(value)]
        for bad in bads:
            try:
                yield dataclasses.replace(action, **{f.name: bad})
            except (TypeError, ValueError, KeyError, AttributeError):
                continue  # the action's own constructor refuses it: nothing can be applied


@cache
def playout(index: int, seed: int) -> Playout:
    return Playout(CASES[index], seed).run()


def _params(seeds: Callable[[Case], tuple[int, ...]], slow: bool) -> list[Any]:
    out = []
    for i, case in enumerate(CASES):
        for seed in seeds(case):
            for check in CHECKS:
                marks = [pytest.mark.slow] if slow else []
                if check in case.known:
                    marks.append(pytest.mark.xfail(strict=True, reason=case.known[check]))
                out.append(pytest.param(i, seed, check, marks=marks, id=f"{case.id}-seed{seed}-{check}"))
    return out


@pytest.mark.parametrize(("index", "seed", "check"), _params(lambda c: c.seeds, slow=False))
def test_promise(index: int, seed: int, check: str) -> None:
    failure = playout(index, seed).failures.get(check)
    assert failure is None, f"{CASES[index].id} seed {seed}: {check}: {failure}"


@pytest.mark.parametrize(("index", "seed", "check"), _params(lambda c: SLOW_SEEDS, slow=True))
def test_promise_long(index: int, seed: int, check: str) -> None:
    failure = playout(index, seed).failures.get(check)
    assert failure is None, f"{CASES[index].id} seed {seed}: {check}: {failure}"


def test_the_refusal_check_catches_a_refusal_that_changes_the_state() -> None:
    """The "illegal" promise can fail: a state whose refusal moves it on (here: a stray
    chance outcome drawn before the seat is checked) is reported, as is one accepted."""
    from engine.core.protocol import IllegalAction

    info = get_game("toy-battle")
    state = Match(info, info.config_from_dict({}), 1).state
    playout = Playout(Case("toy-battle", {}, (1,)), 1)
    before = playout.snapshot(state)
    seat = state.to_act()[0]
    assert playout.refused(state, float(seat), None, 0, before)  # a real refusal: the state is as it was

    def leaky(seat: Any, action: Any) -> None:
        state.trail = (state.trail, CHANCE, "stray", None)  # a stray outcome goes in the history, then it refuses
        raise IllegalAction("no")

    state.apply = leaky  # type: ignore[method-assign]  # this one state's apply, broken on purpose
    assert not playout.refused(state, seat, None, 3, before)
    assert "step 3" in playout.failures["illegal"] and "changed the state" in playout.failures["illegal"]
