"""The heuristic bot in the co-operative missions (A New Threat): it flips
a Force Field Switch it can reach, attacks an open Threat in sight, hides
from the Threats' Targets, and Scouts only where Shields still lower a
Defense. On the scripted table of ``mission_helpers`` (a wall hides
(50, 22) from the three Targets; Switch 1 at (35, 30))."""

from __future__ import annotations

from mission_helpers import place, stay, threat_game

from engine.little_soldiers.actions import Move, Order, Shields
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.parts.a_new_threat import ANewThreat


def test_coop_bot_flips_a_reachable_switch():
    for seed in range(3):
        s = place(threat_game(), {"green-infantry": (30, 22)}, tokens={0: 1})
        move = HeuristicBot(seed).choose(s.view(0))
        assert isinstance(move, Move)
        s.apply(0, move)
        assert s.slice_of(ANewThreat).ff_up[1] is False, f"seed {seed}: {move} leaves Switch 1 up"


def test_coop_bot_attacks_an_open_threat_in_sight():
    """The team's last Order: no Attack is left for a Scout's Shields to help, so the
    open field is used. (With Orders to come the planner may Scout first: Shields now
    and an Attack from red Range next turn can do more.)"""
    s = place(threat_game(), {"green-infantry": (50, 45)}, tokens={0: 1}, lids=0)
    s.slice_of(ANewThreat).ff_up[1] = False
    stay(s, "green-infantry")
    order = HeuristicBot(0).choose(s.view(0))
    assert isinstance(order, Order) and order.target == "pinky"


def test_coop_bot_hides_from_the_threats_targets():
    """A soldier one Heart from breaking, with no Order to give this turn, stays out
    of the Threats' sight. (A fresh soldier may step into sight on the way to an
    attack spot: the planner weighs the Threats' expected Hits against the
    distance, so hiding is not always its choice.)"""
    for seed in range(6):
        s = place(threat_game(), {"green-infantry": (38, 20)})
        for n in s.slice_of(ANewThreat).ff_up:
            s.slice_of(ANewThreat).ff_up[n] = False  # nothing left to flip: only cover and the distance to attack spots matter
        infantry = s.soldiers["green-infantry"]
        infantry.hearts = s.toughness(infantry) - 1  # one Hit of the Threats' Attack breaks it
        assert s.rules.mission.seen_by_threats(s, [s.soldiers["green-infantry"].spot]) != [0]
        move = HeuristicBot(seed).choose(s.view(0))
        s.apply(0, move)
        assert s.rules.mission.seen_by_threats(s, [s.soldiers["green-infantry"].spot]) == [0], f"seed {seed}: {move} is in sight"


def test_coop_bot_scouts_where_shields_still_lower_a_defense():
    s = place(threat_game(), {"green-infantry": (50, 22)}, tokens={0: 1})
    s.slice_of(ANewThreat).threats["pinky"].shields = 2  # Defense 2 - 2 = 0: more Shields do nothing
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "special"))
    choice = HeuristicBot(0).choose(s.view(0))
    assert isinstance(choice, Shields) and "pinky" not in choice.targets


def test_coop_bot_with_super_soldiers_does_not_scout_a_threat_behind_its_field():
    """A revealed 4 clears the Threats' Shields: Scouting a Threat no one can
    attack yet is wasted, so the bot gives another Order."""
    s = place(threat_game(modules=("super_soldier",)), {"green-infantry": (50, 22)}, tokens={0: 1})
    stay(s, "green-infantry")
    order = HeuristicBot(0).choose(s.view(0))
    assert isinstance(order, Order) and order.kind != "special"
    s.slice_of(ANewThreat).ff_up[1] = False  # Pinky's field off, yet Pinky not in sight from behind the wall: Scout it
    order = HeuristicBot(0).choose(s.view(0))
    assert isinstance(order, Order) and order.kind == "special"
