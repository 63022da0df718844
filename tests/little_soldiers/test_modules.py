"""Module Book: Super Soldier, 2 Against 2, Levels, Objects, Reinforcements."""

from __future__ import annotations

import pytest
from ls_helpers import box, game, position, roll

from engine.core.protocol import CHANCE
from engine.little_soldiers.actions import (
    Activate,
    ExtraTarget,
    Jump,
    Landing,
    Move,
    Order,
    Redirect,
    Reroll,
    Shields,
    ShiftShield,
    Star,
    Swap,
    Teleport,
    Throw,
)
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.parts.objects import JUMP, OBJECT, RADAR, REDIRECT, SWAP, TELEPORT, Objects
from engine.little_soldiers.parts.super_soldier import EXTRA, SHIFT
from engine.little_soldiers.phases import MOVE, ORDER

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def stay(s, soldier):
    sp = s.soldiers[soldier].spot
    s.apply(s.to_act()[0], Move(soldier, sp.x, sp.y))


# ================================================================== Super Soldier

def test_super_soldier_lightning_applies_infantry_moves_after_its_attack():
    s = position(game(modules=("super_soldier",)), SPOTS)
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "lightning", "lightning", "hit", "hit", "hit")
    s.apply(0, Reroll(()))
    assert s.soldiers["yellow-infantry"].hearts == 1
    assert s.phase == MOVE and s.mover == "green-infantry" and s.moves_left == 2
    s.apply(0, Move("green-infantry", 20, 15))
    assert s.phase == MOVE
    s.apply(0, Move("green-infantry", 20, 5))
    assert s.current == 1  # two lightning, two Moves, then the turn ends


def test_super_soldier_sniper_places_one_shield_on_its_target_per_lightning():
    s = position(game(modules=("super_soldier",)), SPOTS, general=1)
    stay(s, "yellow-sniper")
    s.apply(1, Order("yellow-sniper", "attack", "green-infantry"))
    roll(s, "lightning", "lightning", "lightning", "hit", "hit")
    s.apply(1, Reroll(()))
    assert s.soldiers["green-infantry"].shields == 3


def test_super_soldier_operator_moves_shields_from_your_soldiers_to_any_other():
    squads = (("infantry", "operator"), ("infantry", "sniper"))
    s = position(game(modules=("super_soldier",), squads=squads),
                 {"green-infantry": (20, 30), "green-operator": (20, 45), "yellow-infantry": (80, 30),
                  "yellow-sniper": (80, 45)})
    s.soldiers["green-infantry"].shields = 2
    stay(s, "green-operator")  # a Move: the Operator has no Shield to remove
    s.apply(0, Order("green-operator", "attack", "yellow-infantry"))
    roll(s, "lightning", "blank", "blank", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.phase == SHIFT
    assert ShiftShield("green-infantry", "yellow-sniper") in s.legal_actions(0)
    s.apply(0, ShiftShield("green-infantry", "yellow-sniper"))
    assert s.soldiers["green-infantry"].shields == 1 and s.soldiers["yellow-sniper"].shields == 1
    assert s.current == 1


def test_super_soldier_grenadier_hits_an_additional_valid_target_per_lightning():
    s = position(game(modules=("super_soldier",)), SPOTS)
    stay(s, "green-infantry")
    s.apply(0, Order("green-grenadier", "attack", "yellow-infantry"))
    roll(s, "lightning", "hit", "hit", "hit", "hit")
    s.apply(0, Reroll(()))
    assert s.phase == EXTRA
    assert s.legal_actions(0) == [ExtraTarget("yellow-sniper"), ExtraTarget(None)]
    s.apply(0, ExtraTarget("yellow-sniper"))
    assert s.soldiers["yellow-infantry"].hearts == 2 and s.soldiers["yellow-sniper"].hearts == 1


def test_super_soldier_each_move_removes_one_shield():
    s = position(game(modules=("super_soldier",)), SPOTS)
    s.soldiers["green-infantry"].shields = 2
    s.apply(0, Move("green-infantry", 25, 30))
    assert s.soldiers["green-infantry"].shields == 1
    s.apply(0, Order("green-infantry", "move"))
    s.apply(0, Move("green-infantry", 30, 30))
    assert s.soldiers["green-infantry"].shields == 0


def test_without_super_soldier_moves_keep_their_shields():
    s = position(game(), SPOTS)
    s.soldiers["green-infantry"].shields = 2
    s.apply(0, Move("green-infantry", 25, 30))
    assert s.soldiers["green-infantry"].shields == 2


# ================================================================== 2 Against 2

def test_two_against_two_is_for_three_or_four_players_and_not_with_reinforcements():
    with pytest.raises(ValueError, match="3 or 4 players"):
        Config(players=2, modules=("two_vs_two",))
    with pytest.raises(ValueError, match="2 Against 2"):
        Config(players=4, modules=("two_vs_two", "reinforcements"))
    with pytest.raises(ValueError, match="2 players"):
        Config(players=4)


def test_two_against_two_no_two_infantry_in_one_squad():
    with pytest.raises(ValueError, match="2 Infantry"):
        Config(players=4, modules=("two_vs_two",), squads=(("infantry", "infantry"), ("infantry", "sniper"),
                                                           ("infantry", "sniper"), ("infantry", "operator")))


def test_two_against_two_generals_alternate_colours_each_with_three_order_tokens():
    s = game(modules=("two_vs_two",), players=4)
    assert [g.team for g in s.generals] == ["green", "yellow", "green", "yellow"]
    assert [g.seat for g in s.generals] == [0, 1, 2, 3]
    assert all(g.lid == 3 for g in s.generals)
    assert len({g.name for g in s.generals}) == 4


def test_two_against_two_with_three_players_one_plays_two_generals():
    s = game(modules=("two_vs_two",), players=3)
    assert [g.seat for g in s.generals] == [0, 1, 0, 2]


def test_two_against_two_turn_order_clockwise_from_the_first_player():
    s = game(modules=("two_vs_two",), players=4)
    s.apply(CHANCE, Star(2))
    assert s.current == 2
    spots = {}
    for i, soldier in enumerate(s.soldiers.values()):
        spots[soldier.id] = (10 + 10 * i, 30)
    position(s, spots, tokens={0: 1, 1: 1, 2: 1, 3: 1}, general=2)
    order = []
    for _ in range(4):
        g = s.current
        order.append(g)
        me = s.generals[g].soldiers[0]
        stay(s, me)
        s.apply(s.to_act()[0], Order(me, "move"))
        stay(s, me)
    assert order == [2, 3, 0, 1]


def test_two_against_two_wipeout_counts_the_whole_colour():
    s = game(modules=("two_vs_two",), players=4)
    position(s, {"green-infantry": (10, 30), "yellow-infantry": (50, 30), "yellow-infantry-2": (60, 40)},
             tokens={0: 1, 1: 1, 2: 1, 3: 1})
    s.soldiers["yellow-infantry"].hearts = 4
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "hit", "hit", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.slice_of(Bootcamp).flag == 1 and s.round == 1  # the teammate's soldier still stands: no Wipeout
    # General 1 has no soldier in play: it is skipped, General 2 has none either; General 3 plays.
    assert s.current == 3


# ================================================================== Levels

CRATE = box("crate", 40, 30, 10, 10, 6, level=1)


def test_levels_climbing_up_when_the_cord_touches_level_scenery():
    s = position(game([CRATE], modules=("levels",)), {**SPOTS, "green-infantry": (30, 30)})
    s.apply(0, Move("green-infantry", 35.0, 30.0, climb=True))
    sp = s.soldiers["green-infantry"].spot
    assert sp.surface == "crate"
    assert sp.x == pytest.approx(36.2, abs=0.05) and sp.y == pytest.approx(30.0, abs=0.05)
    assert s.phase == ORDER  # the Move immediately ends


def test_levels_climbing_needs_the_cord_to_reach():
    s = position(game([CRATE], modules=("levels",)), {**SPOTS, "green-infantry": (10, 30)})
    assert "cord does not reach" in s.check(0, Move("green-infantry", 35.0, 30.0, climb=True))


def test_levels_climbing_is_not_possible_without_the_module_or_on_plain_scenery():
    s = position(game([CRATE]), {**SPOTS, "green-infantry": (30, 30)})
    assert "Levels module" in s.check(0, Move("green-infantry", 35.0, 30.0, climb=True))
    s = position(game([box("mug", 40, 30, 10, 10, 6)], modules=("levels",)), {**SPOTS, "green-infantry": (30, 30)})
    assert "does not touch Level scenery" in s.check(0, Move("green-infantry", 35.0, 30.0, climb=True))


def test_levels_climbing_down_at_the_edge():
    s = position(game([CRATE], modules=("levels",)), {**SPOTS, "green-infantry": (37, 30, "crate")})
    s.apply(0, Move("green-infantry", 45.0, 30.0, climb=True))
    sp = s.soldiers["green-infantry"].spot
    assert sp.surface is None and sp.x == pytest.approx(46.2, abs=0.05)
    assert s.phase == ORDER


def test_levels_any_number_on_a_piece_as_long_as_they_fit():
    small = box("stool", 40, 30, 3, 3, 6, level=1)
    s = position(game([small], modules=("levels",)),
                 {**SPOTS, "green-infantry": (36, 30), "green-grenadier": (40, 30, "stool")})
    assert "room" in s.check(0, Move("green-infantry", 38.5, 30.0, climb=True))


def test_levels_height_advantage_an_additional_reroll_play_zone_is_level_0():
    s = position(game([CRATE], modules=("levels",)), {**SPOTS, "green-infantry": (40, 30, "crate")})
    n, why = s.reroll_allowance("green-infantry", "yellow-infantry")
    assert n == 2 and why["higher_level"]
    n, why = s.reroll_allowance("yellow-infantry", "green-infantry")
    assert n == 1 and not why["higher_level"]


def test_levels_higher_level_head_sees_over_a_wall():
    # Eye on the crate at z = 10.2 above x = 40; the ray to the head's bottom
    # (z 3.4 at x = 80) passes x = 61 at z 6.6, over the 6 cm wall; from the
    # table (eye 4.2, head top 5.0) the wall hides the head.
    wall = box("wall", 60, 30, 2, 20, 6)
    s = position(game([CRATE, wall], modules=("levels",)), {**SPOTS, "green-infantry": (40, 30, "crate")})
    assert s.sight("green-infantry", "yellow-infantry").valid
    s = position(game([CRATE, wall], modules=("levels",)), {**SPOTS, "green-infantry": (30, 30)})
    assert not s.sight("green-infantry", "yellow-infantry").valid


def test_levels_free_mode_level_2_on_top_of_level_1():
    lid = box("lid", 40, 30, 4, 4, 4, z=6, level=2)
    s = position(game([CRATE, lid], modules=("levels",)), {**SPOTS, "green-infantry": (36.5, 30, "crate")})
    s.apply(0, Move("green-infantry", 38.0, 30.0, climb=True))
    sp = s.soldiers["green-infantry"].spot
    assert sp.surface == "lid" and s.terrain.level(sp.surface) == 2
    s2 = position(game([CRATE, lid], modules=("levels",)), {**SPOTS, "green-infantry": (30, 30)})
    assert s2.check(0, Move("green-infantry", 38.0, 30.0, climb=True)) is not None


# ================================================================== Objects

def tokens(*items):
    return [{"kind": k, "at": [x, y]} for k, x, y in items]


def test_objects_activation_at_the_end_of_a_move_in_contact_teleporter():
    s = position(game(tokens=tokens(("teleporter", 30, 10), ("teleporter", 70, 50)), modules=("objects",)),
                 {**SPOTS, "green-infantry": (25, 25)})
    s.apply(0, Move("green-infantry", 30, 12))
    assert s.phase == OBJECT and s.legal_actions(0) == [Activate("teleporter-1"), Activate(None)]
    s.apply(0, Activate("teleporter-1"))
    assert s.phase == TELEPORT
    assert "contact" in s.check(0, Teleport("teleporter-2", 60, 40))
    s.apply(0, Teleport("teleporter-2", 70, 52))
    assert s.soldiers["green-infantry"].spot.xy == (70, 52)
    assert s.phase == ORDER  # the Move ends


def test_objects_cannot_be_used_while_an_opponent_touches_it():
    s = position(game(tokens=tokens(("teleporter", 30, 10), ("teleporter", 70, 50)), modules=("objects",)),
                 {**SPOTS, "yellow-infantry": (33, 10)})
    s.apply(0, Move("green-infantry", 28, 12))
    assert s.phase == ORDER


def test_objects_need_the_module():
    s = position(game(tokens=tokens(("teleporter", 30, 10), ("teleporter", 70, 50))),
                 {**SPOTS, "green-infantry": (25, 25)})
    s.apply(0, Move("green-infantry", 30, 12))
    assert s.phase == ORDER


def test_objects_radar_up_to_two_shields_on_opponents_anywhere():
    s = position(game(tokens=tokens(("radar", 30, 30)), modules=("objects",)), SPOTS)
    s.apply(0, Move("green-infantry", 30, 30))
    s.apply(0, Activate("radar-1"))
    assert s.phase == RADAR and Shields(()) in s.legal_actions(0)
    s.apply(0, Shields(("yellow-sniper", "yellow-sniper")))
    assert s.soldiers["yellow-sniper"].shields == 2 and s.phase == ORDER


def test_objects_transmogrifier_switches_two_soldiers_with_their_order_tokens():
    s = position(game(tokens=tokens(("transmogrifier", 30, 30)), modules=("objects",)), SPOTS)
    s.soldiers["yellow-sniper"].orders = 1
    s.apply(0, Move("green-infantry", 30, 30))
    s.apply(0, Activate("transmogrifier-1"))
    assert s.phase == SWAP
    s.apply(0, Swap("green-grenadier", "yellow-sniper"))
    assert s.soldiers["green-grenadier"].spot.xy == (80, 45) and s.soldiers["yellow-sniper"].spot.xy == (20, 45)
    assert s.soldiers["yellow-sniper"].orders == 1


def test_objects_marshmallow_straight_full_length_move_over_scenery():
    wall = box("wall", 38, 30, 2, 20, 10)
    s = position(game([wall], tokens=tokens(("marshmallow", 30, 30)), modules=("objects",)), SPOTS)
    s.apply(0, Move("green-infantry", 30, 30))
    s.apply(0, Activate("marshmallow-1"))
    assert s.phase == JUMP
    assert "direction" in s.check(0, Activate(None))  # once activated, the bounce must be made
    s.apply(0, Jump(0.0))
    assert s.soldiers["green-infantry"].spot.xy == pytest.approx((50, 30))  # over the wall, 20 cm


def test_objects_marshmallow_may_end_on_a_higher_level():
    s = position(game([CRATE], tokens=tokens(("marshmallow", 26, 30)), modules=("objects", "levels")),
                 {**SPOTS, "green-infantry": (26, 30)})
    stay(s, "green-infantry")
    s.apply(0, Activate("marshmallow-1"))
    s.apply(0, Jump(0.0))
    sp = s.soldiers["green-infantry"].spot
    assert sp.surface == "crate" and sp.x == pytest.approx(43.8, abs=0.05)  # as far as the base fits


def test_objects_switch_one_less_reroll_per_visible_switch():
    s = position(game(tokens=tokens(("switch", 30, 30)), modules=("objects",)), SPOTS)
    assert s.reroll_allowance("green-infantry", "yellow-infantry")[0] == 0
    s.apply(0, Move("green-infantry", 30, 30))
    s.apply(0, Activate("switch-1"))
    assert s.slice_of(Objects).switches == {"switch-1": False}
    assert s.reroll_allowance("green-infantry", "yellow-infantry")[0] == 1


def test_objects_on_scenery_the_whole_piece_has_the_property():
    can = box("can", 50, 10, 4, 4, 8, obj="teleporter")
    s = position(game([can], tokens=tokens(("teleporter", 70, 50)), modules=("objects",)),
                 {**SPOTS, "green-infantry": (40, 10)})
    s.apply(0, Move("green-infantry", 46.7, 10))
    assert s.phase == OBJECT and Activate("can") in s.legal_actions(0)


def test_objects_grenades_and_mortars_can_be_teleported_before_they_explode():
    s = position(game(tokens=tokens(("teleporter", 40, 45), ("teleporter", 80, 40)), modules=("objects",)), SPOTS)
    stay(s, "green-infantry")
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(0.0, 0.3))
    s.apply(CHANCE, Landing(40.0, 45.0, 0.0, "5", ("teleporter-1",)))
    assert s.phase == REDIRECT
    s.apply(0, Redirect("teleporter-2"))
    assert s.soldiers["yellow-infantry"].hearts == 3 and s.soldiers["yellow-sniper"].hearts == 2
    assert s.soldiers["green-grenadier"].hearts == 0


# ================================================================== Reinforcements

def test_reinforcements_an_order_token_per_extra_soldier_straight_onto_the_general():
    s = game(modules=("reinforcements",), squads=(("infantry", "grenadier", "operator", "sniper"),
                                                  ("infantry", "sniper", "operator", "grenadier")))
    assert all(g.tokens == 2 and g.lid == 3 for g in s.generals)
    assert all(s.order_tokens(g) == 5 for g in range(2))


def test_reinforcements_each_team_adds_an_equal_number():
    with pytest.raises(ValueError, match="equal number"):
        Config(modules=("reinforcements",), squads=(("infantry", "grenadier", "operator"), ("infantry", "sniper")))
    with pytest.raises(ValueError, match="box has"):
        Config(modules=("reinforcements",), squads=(("infantry", "sniper", "sniper"), ("infantry", "sniper", "operator")))


def test_reinforcements_five_soldiers_redraw_block_tokens_when_they_run_out():
    squads = (("infantry", "grenadier", "operator", "sniper", "infantry"),
              ("infantry", "sniper", "operator", "grenadier", "infantry"))
    import random

    from ls_helpers import battlefield

    from engine.little_soldiers.config import Config as C
    from engine.little_soldiers.state import new_game

    s = new_game(C(level="t", modules=("reinforcements",), squads=squads), 4, battlefield=battlefield())
    rng = random.Random(1)
    while s.phase == "deploy":
        seat = s.to_act()[0]
        s.apply(seat, s.candidate_actions(seat, 3, rng)[0])
    assert all(x.in_play for x in s.soldiers.values())
    assert all(g.tokens == 4 for g in s.generals)  # 3 straight on + 1 from the lid
