"""Bootcamp Book, The Turn: Move, Order, End of the Turn, End of the Game."""

from __future__ import annotations

import pytest
from ls_helpers import box, game, position, roll, run

from engine.little_soldiers.actions import Move, Order, Reroll
from engine.little_soldiers.flow import GAME_OVER, NEXT_ROUND
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.state import MOVE, ORDER, OVER, REVEAL

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def stay(s, soldier):
    sp = s.soldiers[soldier].spot
    s.apply(s.to_act()[0], Move(soldier, sp.x, sp.y))


def test_move_yellow_cord_may_be_zero_and_places_the_figurine_along_it():
    s = position(game(), SPOTS)
    assert s.check(0, Move("green-infantry", 20, 30)) is None  # not moving at all
    assert s.check(0, Move("green-infantry", 39.9, 30)) is None  # 19.9 cm of the 20 cm cord
    assert "cord is 20 cm" in s.check(0, Move("green-infantry", 40.5, 30))
    s.apply(0, Move("green-infantry", 30, 30))
    assert s.soldiers["green-infantry"].spot.xy == (30, 30)
    assert s.measured["length_cm"] == pytest.approx(10.0)
    assert s.phase == ORDER


def test_move_must_go_around_scenery():
    # A wall x 24..26, y 25..35 between (20, 30) and (30, 30): the straight line
    # is 10 cm; the base (radius 1.2) goes round an end of the wall grown by
    # its radius: tangents 2 * 6.29 + 2 along the end + two 40.5 degree arcs
    # of radius 1.2 = 16.3 cm (the geometry rounds arcs to polygons: a little more).
    s = position(game([box("wall", 25, 30, 2, 10, 10)]), SPOTS)
    s.apply(0, Move("green-infantry", 30, 30))
    length = s.measured["length_cm"]
    assert 16.2 < length < 17.5
    assert len(s.measured["path"]) >= 3  # it bends


def test_move_path_longer_than_the_cord_is_refused_with_its_length():
    s = position(game([box("wall", 25, 30, 2, 40, 10)]), SPOTS)
    reason = s.check(0, Move("green-infantry", 30, 30))
    assert reason is not None and "the cord is 20 cm" in reason


def test_move_never_leaves_the_play_zone():
    s = position(game(), {**SPOTS, "green-infantry": (5, 30)})
    assert "Play Zone" in s.check(0, Move("green-infantry", -5, 30))
    assert s.check(0, Move("green-infantry", 0.5, 30)) is not None  # the base would stick out


def test_move_cannot_end_inside_scenery_or_on_another_figurine():
    s = position(game([box("crate", 30, 30, 6, 6, 10)]), SPOTS)
    assert "does not fit" in s.check(0, Move("green-infantry", 30, 30))
    assert "Another figurine" in s.check(0, Move("green-infantry", 20, 44))


def test_order_is_mandatory_while_the_general_holds_tokens():
    s = position(game(), SPOTS)
    stay(s, "green-infantry")
    assert s.phase == ORDER
    kinds = {(a.soldier, a.kind) for a in s.legal_actions(0)}
    assert ("green-infantry", "move") in kinds and ("green-grenadier", "special") in kinds
    assert all(isinstance(a, Order) for a in s.legal_actions(0))  # no way to skip the Order


def test_order_places_one_token_from_the_general_next_to_the_figurine():
    s = position(game(), SPOTS, tokens={0: 2, 1: 1})
    stay(s, "green-infantry")
    s.apply(0, Order("green-grenadier", "move"))
    assert s.generals[0].tokens == 1 and s.soldiers["green-grenadier"].orders == 1
    # Only one token per Order phase: the Move action follows, then the turn ends.
    assert s.phase == MOVE and s.mover == "green-grenadier"


def test_move_action_may_move_the_same_soldier_a_second_time():
    s = position(game(), SPOTS)
    s.apply(0, Move("green-infantry", 35, 30))
    s.apply(0, Order("green-infantry", "move"))
    assert "This Move is green-infantry's" in s.check(0, Move("green-grenadier", 20, 40))
    s.apply(0, Move("green-infantry", 50, 30))
    assert s.soldiers["green-infantry"].spot.xy == (50, 30)
    assert s.current == 1  # End of Turn: the opponent's turn


def test_end_of_turn_no_tokens_on_generals_but_on_lids_starts_the_next_round():
    s = position(game(), SPOTS)
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "move"))
    stay(s, "green-infantry")
    stay(s, "yellow-infantry")
    s.apply(1, Order("yellow-infantry", "move"))
    stay(s, "yellow-infantry")
    assert s.round == 2 and s.phase == MOVE  # nobody in the HQ: no deployment
    assert s.generals[0].tokens == 1 + 1 and s.generals[0].lid == 1


def test_first_player_token_goes_to_whoever_spends_all_tokens_first():
    s = position(game(), SPOTS, tokens={0: 1, 1: 2})
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "move"))
    assert s.star == 0 and s.star_taken
    stay(s, "green-infantry")
    # Yellow still has tokens: green keeps taking Move-only turns.
    stay(s, "yellow-infantry")
    s.apply(1, Order("yellow-infantry", "move"))
    stay(s, "yellow-infantry")
    assert s.current == 0 and s.phase == MOVE
    stay(s, "green-infantry")
    assert s.current == 1 and s.phase == MOVE  # green skipped the Order phase
    stay(s, "yellow-infantry")
    s.apply(1, Order("yellow-infantry", "move"))
    stay(s, "yellow-infantry")
    assert s.round == 2 and s.first == 0 and s.current == 0


def test_end_of_turn_flag_in_a_victory_zone_ends_the_game():
    s = position(game(), {**SPOTS, "yellow-infantry": (30, 30)})
    s.soldiers["yellow-sniper"].spot = None  # broken earlier
    s.slice_of(Bootcamp).flag = 2
    s.soldiers["yellow-infantry"].hearts = 2
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "hit", "hit", "hit", "hit")
    s.apply(0, Reroll(()))
    assert s.is_over()
    assert s.slice_of(Bootcamp).flag == 3  # the track ends at the Victory zone
    r = s.result()
    assert r.winners == (0,) and "Victory zone" in r.reason


def test_end_of_turn_no_tokens_anywhere_after_the_third_round_ends_the_game():
    s = position(game(), SPOTS, round_=3)
    assert s.generals[0].lid == 0
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "move"))
    stay(s, "green-infantry")
    stay(s, "yellow-infantry")
    s.apply(1, Order("yellow-infantry", "move"))
    stay(s, "yellow-infantry")
    assert s.phase == OVER
    assert s.legal_actions(0) == [] and s.legal_actions(1) == [] and s.to_act() == []


def test_end_of_the_game_advantage_on_the_battle_track():
    s = position(game(), SPOTS, round_=3)
    s.slice_of(Bootcamp).flag = -1
    run(s, GAME_OVER)
    assert s.result().winners == (1,) and "advantage" in s.result().reason


def test_end_of_the_game_fewest_soldiers_in_play_wins_then_fewest_hearts_then_shared():
    s = position(game(), SPOTS, round_=3)
    s.soldiers["yellow-sniper"].spot = None
    run(s, GAME_OVER)
    assert s.result().winners == (1,) and "fewest soldiers" in s.result().reason
    s = position(game(), SPOTS, round_=3)
    s.soldiers["green-infantry"].hearts = 2
    s.soldiers["yellow-sniper"].hearts = 1
    run(s, GAME_OVER)
    assert s.result().winners == (1,) and "fewest Hearts" in s.result().reason
    s = position(game(), SPOTS, round_=3)
    run(s, GAME_OVER)
    assert s.result().winners == (0, 1) and "share" in s.result().reason


def test_round_after_a_broken_soldier_deploys_it_again():
    s = position(game(), SPOTS)
    s.soldiers["yellow-sniper"].spot = None
    run(s, NEXT_ROUND)
    assert s.phase == REVEAL and s.current == 1
