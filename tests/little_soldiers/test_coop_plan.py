"""The co-op planner (engine.little_soldiers.coop_plan) on hand-built
positions of Another New Threat's battlefield.

Mission Book, "Another New Threat": "The Force Field protecting the Octopus'
Head is deactivated if both switches 2 and 4 are in the 'switched off'
position at the same time"; "A New Threat", Switching Off a Force Field: a
Move whose cord or base touches a face-up switch flips it; Attacking a
Threat: only Threats whose Force Field is off and whose Target is fully
visible are valid targets. Switch 2 lies at (50, 50) and switch 4 at
(70, 50); the Head's Target is seen through the gap between the two books
behind them (x about 58-65)."""

from __future__ import annotations

import random

import pytest
from mission_helpers import place

from engine.little_soldiers import coop_plan as CP
from engine.little_soldiers.actions import Move, Order
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.config import Config
from engine.little_soldiers.coop_value import weight
from engine.little_soldiers.parts.a_new_threat import ANewThreat
from engine.little_soldiers.state import new_game

HEAD = "octocutie-head"


def octo(spots: dict[str, tuple[float, float]], tokens: dict[int, int], current: int = 0):
    """Round 3 of a two-player Another New Threat: only the soldiers in
    ``spots`` on the table, the Head and both Tentacles Scouted to Defense 0
    (so a Scout is worth nothing and the Orders go to Moves and Attacks)."""
    state = new_game(Config(mission="another_new_threat", players=2), seed=3)
    for s in state.soldiers.values():
        s.spot = None
    place(state, spots, tokens=tokens, general=current, lids=0)
    for t in state.slice_of(ANewThreat).threats.values():
        t.shields = 2
    return state


def flips(state, seat: int, move: Move) -> set[int]:
    """The switches ``move`` flips, tried on a copy."""
    trial = state.clone()
    before = {n for n, up in trial.slice_of(ANewThreat).ff_up.items() if up}
    trial.apply(seat, move)
    return {n for n in before if not trial.slice_of(ANewThreat).ff_up[n]}


STAGED = {"green-infantry": (44.0, 44.0), "yellow-sniper": (75.0, 46.0)}
"""Green can reach switch 2; Yellow's Sniper stands where one straight Move
touches switch 4 and ends in sight of the Head (through (62, 51))."""


def test_the_staged_move_exists():
    """The position the next tests rest on: with switch 2 down, Yellow's
    Sniper opens the Head and sees it in one Move."""
    s = octo(STAGED, {0: 1, 1: 1}, current=1)
    s.slice_of(ANewThreat).ff_up[2] = False
    move = Move("yellow-sniper", 62.0, 51.0)
    assert flips(s, 1, move) == {4}
    s.apply(1, move)
    assert HEAD in s.valid_targets("yellow-sniper")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_green_flips_switch_2_because_yellow_can_reach_switch_4_next_turn(seed):
    s = octo(STAGED, {0: 1, 1: 1})
    bot = HeuristicBot(seed)
    move = bot.choose(s.view(0))
    assert isinstance(move, Move) and move.soldier == "green-infantry"
    assert 2 in flips(s, 0, move), f"{move} leaves switch 2 up"


def test_the_next_players_attack_on_the_head_is_what_makes_switch_2_worth_flipping():
    """The same line valued with Yellow staged at switch 4 and with Yellow's
    Sniper far away: the difference is at least an Attack on the Head's worth
    times the chance no 4 is drawn in between (without the look at Yellow's
    turn only the staging itself would count, about half that)."""
    values = {}
    for where in ("staged", "away"):
        spots = dict(STAGED) if where == "staged" else {"green-infantry": (44.0, 44.0), "yellow-sniper": (110.0, 8.0)}
        s = octo(spots, {0: 1, 1: 1})
        planner = CP.CoopPlanner(random.Random(0), time_limit=None)
        world = planner._world(s.view(0))
        line = CP.Line([Move("green-infantry", 49.0, 47.0), Order("green-infantry", "move")])
        values[where] = planner._play_on(world, 0, line)
    survive = 1 - 1 / len(s.slice_of(ANewThreat).actions_down)
    attack = weight(s.slice_of(ANewThreat).threats[HEAD]) * (1 + CP.OPPORTUNITY)
    assert values["staged"] - values["away"] > survive * attack, values


def test_the_head_is_attacked_when_both_switches_are_down():
    s = octo({"yellow-sniper": (62.0, 51.0), "green-infantry": (44.0, 44.0)}, {0: 1, 1: 1}, current=1)
    s.slice_of(ANewThreat).ff_up[2] = False
    s.slice_of(ANewThreat).ff_up[4] = False
    assert HEAD in s.valid_targets("yellow-sniper")
    bot = HeuristicBot(0)
    move = bot.choose(s.view(1))
    s.apply(1, move)
    order = bot.choose(s.view(1))
    assert isinstance(order, Order) and order.target == HEAD, (move, order)


def test_the_turn_is_planned_once_and_followed():
    """The Order after the Move (and the Order's Move) come from the line
    chosen at the Move, not from a second search."""
    s = octo({"yellow-sniper": (75.0, 46.0), "green-infantry": (44.0, 44.0)}, {0: 1, 1: 1}, current=1)
    s.slice_of(ANewThreat).ff_up[2] = False
    bot = HeuristicBot(0)
    move = bot.choose(s.view(1))
    planned = bot.coop.last["best"]
    assert planned[0] == move
    s.apply(1, move)
    bot.coop.last = {}
    order = bot.choose(s.view(1))
    assert order == planned[1] and bot.coop.last == {}


class Clock:
    """A fake clock: every reading is a second later (no real time is measured)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_the_planner_stops_at_its_time_budget():
    """A budget of half a second on a clock that moves a second a reading:
    one line is played on (the first always is), no more."""
    s = octo(STAGED, {0: 1, 1: 1})
    planner = CP.CoopPlanner(random.Random(0), time_limit=0.5, clock=Clock())
    planner.move(s.view(0), [])
    assert planner.last["played"] == 1
    roomy = CP.CoopPlanner(random.Random(0), time_limit=None)
    roomy.move(s.view(0), [])
    assert roomy.last["played"] == min(CP.PLAN_KEEP, roomy.last["lines"]) > 1


class PublicOnly:
    """A view that refuses its private names: the planner must ask the
    public questions (and ``determinize``) only."""

    def __init__(self, view) -> None:
        object.__setattr__(self, "_view", view)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AssertionError(f"the planner read the view's private {name!r}")
        return getattr(object.__getattribute__(self, "_view"), name)


def test_the_planner_reads_only_its_view_and_leaves_the_game_untouched():
    s = octo(STAGED, {0: 1, 1: 1})
    before = s.to_dict()
    bot = HeuristicBot(0)
    move = bot.choose(PublicOnly(s.view(0)))
    assert isinstance(move, Move)
    assert s.to_dict() == before
