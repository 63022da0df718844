"""Bootcamp Book, Attack Action, Broken Little Soldiers and Special Actions."""

from __future__ import annotations

import pytest
from ls_helpers import battlefield, box, game, position, roll

from engine.core.protocol import CHANCE
from engine.little_soldiers.actions import Landing, Move, Order, Reroll, Shields, Throw
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.state import LANDING, REROLL, REVEAL, ROLL, SCOUT, THROW, new_game

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def stay(s, soldier):
    sp = s.soldiers[soldier].spot
    s.apply(s.to_act()[0], Move(soldier, sp.x, sp.y))


def ready(scenery=(), spots=None, **kw):
    s = position(game(scenery, **kw), spots or SPOTS)
    stay(s, "green-infantry")
    return s


# --- Valid Targets -----------------------------------------------------------------------

def test_valid_target_entire_head_visible_in_the_open():
    s = ready()
    assert s.check(0, Order("green-infantry", "attack", "yellow-infantry")) is None
    assert s.sight("green-infantry", "yellow-infantry").visible_fraction == 1.0


def test_valid_target_wall_hiding_the_head_fully():
    s = ready([box("wall", 50, 30, 2, 10, 10)])
    reason = s.check(0, Order("green-infantry", "attack", "yellow-infantry"))
    assert "not a valid target" in reason and "wall" in reason
    assert Order("green-infantry", "attack", "yellow-infantry") not in s.legal_actions(0)


def test_valid_target_head_partly_hidden_is_not_valid():
    # The wall's edge at y = 29.8 crosses the rays to the lower half of the
    # head's silhouette (y 29.6..30.4 halfway) but not the centre ray (y = 30).
    s = ready([box("wall", 50, 24.8, 2, 10, 10)])
    sight = s.sight("green-infantry", "yellow-infantry")
    assert not sight.valid and 0.0 < sight.visible_fraction < 1.0
    assert "not a valid target" in s.check(0, Order("green-infantry", "attack", "yellow-infantry"))


def test_valid_target_scenery_lower_than_the_head_does_not_block():
    s = ready([box("tape", 50, 30, 2, 10, 3)])  # the head spans 3.4..5.0 cm
    assert s.sight("green-infantry", "yellow-infantry").valid


def test_attack_has_no_maximum_distance():
    s = ready(spots={**SPOTS, "yellow-infantry": (98, 58)})
    assert s.check(0, Order("green-infantry", "attack", "yellow-infantry")) is None


# --- Roll, reroll, range ------------------------------------------------------------------

def test_roll_the_5_attack_dice_and_reroll_any_of_them_once():
    s = ready()
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    assert s.phase == ROLL and len(s.attack.pending) == 5
    roll(s, "blank", "hit", "lightning", "blank", "hit")
    assert s.phase == REROLL and s.attack.rerolls == 1
    s.apply(0, Reroll((0, 3)))
    assert s.phase == ROLL and s.attack.pending == (0, 3)
    roll(s, "hit", "blank")
    # No reroll left: the Attack resolves (3 hits vs Defense 2: 1 Heart).
    assert s.soldiers["yellow-infantry"].hearts == 1


def test_within_red_range_one_additional_reroll_including_kept_dice():
    s = ready(spots={**SPOTS, "yellow-infantry": (30, 30)})  # bases 7.6 cm apart: red is 10
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    assert s.attack.rerolls == 2 and s.measured["red_range"] is True
    roll(s, "blank", "blank", "blank", "blank", "blank")
    s.apply(0, Reroll((0, 1)))
    roll(s, "hit", "hit")
    s.apply(0, Reroll((0, 1, 2)))  # a kept hit may be rerolled too
    roll(s, "hit", "hit", "hit")
    assert s.soldiers["yellow-infantry"].hearts == 1


def test_range_is_measured_from_the_base_to_any_part_of_the_figurine():
    s = ready(spots={**SPOTS, "yellow-infantry": (32.3, 30)})  # 12.3 - 2.4 = 9.9 cm
    assert s.reroll_allowance("green-infantry", "yellow-infantry")[0] == 2
    s = ready(spots={**SPOTS, "yellow-infantry": (32.5, 30)})  # 10.1 cm: out of red range
    assert s.reroll_allowance("green-infantry", "yellow-infantry")[0] == 1


# --- Resolve the Attack -----------------------------------------------------------------------

def test_hits_lower_or_equal_to_defense_miss():
    s = ready()
    s.apply(0, Order("green-infantry", "attack", "yellow-sniper"))
    roll(s, "hit", "hit", "hit", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.soldiers["yellow-sniper"].hearts == 0  # 3 hits vs Defense 3


def test_hits_above_defense_place_one_heart_each():
    s = ready()
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "hit", "hit", "hit", "blank")
    s.apply(0, Reroll(()))
    assert s.soldiers["yellow-infantry"].hearts == 2  # 4 hits vs Defense 2


def test_defense_minus_one_per_shield_never_below_zero():
    s = ready()
    s.soldiers["yellow-infantry"].shields = 5
    assert s.defense(s.soldiers["yellow-infantry"]) == 0
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "blank", "blank", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.soldiers["yellow-infantry"].hearts == 1


def test_lightning_results_are_blanks_in_the_bootcamp():
    s = ready()
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "lightning", "lightning", "lightning", "hit", "hit")
    s.apply(0, Reroll(()))
    assert s.soldiers["yellow-infantry"].hearts == 0
    assert s.current == 1  # no Special Ability: the turn is over


# --- Broken Little Soldiers -------------------------------------------------------------------------

def test_broken_little_soldier_back_to_hq_orders_to_chest_bottom_tokens_to_reserve_flag_moves():
    s = ready()
    sniper = s.soldiers["yellow-sniper"]
    sniper.hearts, sniper.shields, sniper.orders = 1, 1, 2
    s.apply(0, Order("green-infantry", "attack", "yellow-sniper"))
    roll(s, "hit", "hit", "hit", "hit", "blank")  # 4 hits vs Defense 3 - 1 = 2: 2 Hearts, 3 >= 3
    s.apply(0, Reroll(()))
    assert not sniper.in_play
    assert (sniper.hearts, sniper.shields, sniper.orders) == (0, 0, 0)
    assert s.generals[1].bottom == 2
    assert s.slice_of(Bootcamp).flag == 1  # one space toward green's Victory zone


def test_broken_soldiers_cannot_be_targeted():
    s = ready()
    s.soldiers["yellow-sniper"].spot = None
    reason = s.check(0, Order("green-infantry", "attack", "yellow-sniper"))
    assert "not a Little Soldier in play" in reason
    assert all(a.target != "yellow-sniper" for a in s.legal_actions(0))


def test_wipeout_moves_the_flag_again_and_ends_the_round_at_once():
    s = ready()
    s.soldiers["yellow-sniper"].spot = None
    s.soldiers["yellow-infantry"].hearts = 4
    s.generals[1].tokens = 1
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "hit", "hit", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.slice_of(Bootcamp).flag == 2
    assert s.round == 2 and s.phase == REVEAL  # Round Preparation: deploy from the HQ
    assert s.generals[1].tokens == 1  # yellow never got to play its token


def test_the_log_names_the_flags_square_as_the_track_prints_it():
    """The printed Battle Track numbers its squares from the middle out on each
    colour's side; live, the log said "the Flag moves to -1" (printed nowhere)."""
    s = ready()
    s.soldiers["yellow-sniper"].spot = None
    s.soldiers["yellow-infantry"].hearts = 4
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "hit", "hit", "blank", "blank")
    s.apply(0, Reroll(()))
    lines = [e.text for e in s.view(0).events if "the Flag moves" in e.text]
    assert lines[0].endswith("the Flag moves to 1 space toward green's Victory zone.")
    assert "the Flag moves again to 2 spaces toward green's Victory zone and the round ends." in lines[1]
    assert not any(c in line for line in lines for c in ("+", "-1", "-2"))
    s.slice_of(Bootcamp).flag = 0
    assert s.slice_of(Bootcamp).where() == "the middle of the Battle Track"
    s.slice_of(Bootcamp).flag = -1
    assert s.slice_of(Bootcamp).where() == "1 space toward yellow's Victory zone"


def test_breaking_your_own_soldier_helps_the_opponent():
    s = ready()
    s.soldiers["green-grenadier"].hearts = 5
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(0.0, 0.5))
    s.apply(CHANCE, Landing(50.0, 50.0, 0.0, "boom"))
    assert not s.soldiers["green-grenadier"].in_play and s.slice_of(Bootcamp).flag == -1


# --- Special Actions -----------------------------------------------------------------------------------

def test_scout_two_shields_on_enemies_no_valid_target_needed():
    s = ready([box("wall", 50, 35, 2, 40, 10)])
    assert not s.valid_targets("green-infantry")
    s.apply(0, Order("green-infantry", "special"))
    assert s.phase == SCOUT
    assert Shields(("yellow-sniper", "yellow-sniper")) in s.legal_actions(0)
    assert all(len(a.targets) == 2 for a in s.legal_actions(0))
    s.apply(0, Shields(("yellow-infantry", "yellow-sniper")))
    assert s.soldiers["yellow-infantry"].shields == 1 and s.soldiers["yellow-sniper"].shields == 1


def test_risky_shot_adds_the_sniper_die_shield_face_and_heart_face_hurt_the_sniper():
    spots = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
             "yellow-sniper": (80, 45)}
    s = position(game(), spots, general=1)
    stay(s, "yellow-sniper")
    s.apply(1, Order("yellow-sniper", "special", "green-infantry"))
    assert len(s.attack.pending) == 6
    roll(s, "hit", "hit", "blank", "blank", "blank", "double_hit")
    s.apply(1, Reroll((5,)))  # the Sniper die rerolls like the others
    roll(s, "shield")
    assert s.soldiers["yellow-sniper"].shields == 2
    assert s.soldiers["green-infantry"].hearts == 0  # 2 hits vs Defense 2
    s = position(game(), spots, general=1)
    stay(s, "yellow-sniper")
    s.apply(1, Order("yellow-sniper", "special", "green-infantry"))
    roll(s, "hit", "hit", "hit", "blank", "blank", "heart")
    s.apply(1, Reroll(()))
    assert s.soldiers["yellow-sniper"].hearts == 1 and s.soldiers["green-infantry"].hearts == 1


def test_risky_shot_needs_a_valid_target():
    s = position(game([box("wall", 50, 40, 2, 40, 10)]), SPOTS, general=1)
    stay(s, "yellow-sniper")
    assert "not a valid target" in s.check(1, Order("yellow-sniper", "special", "green-infantry"))


def test_mortar_shot_catapult_on_the_edge_closest_to_the_operator():
    squads = (("infantry", "operator"), ("infantry", "sniper"))
    s = position(game(squads=squads), {"green-infantry": (20, 30), "green-operator": (30, 5),
                                       "yellow-infantry": (60, 30), "yellow-sniper": (66, 30)})
    stay(s, "green-infantry")
    s.apply(0, Order("green-operator", "special"))
    assert s.phase == THROW
    s.apply(0, Throw(60.0, 0.6))
    assert s.shot.start[:2] == pytest.approx((30.0, 0.0))  # the bottom edge, 5 cm away
    assert s.phase == LANDING


def test_mortar_shot_everyone_in_range_takes_the_tokens_hearts_allies_too():
    squads = (("infantry", "operator"), ("infantry", "sniper"))
    s = position(game(squads=squads), {"green-infantry": (50, 20), "green-operator": (30, 5),
                                       "yellow-infantry": (60, 30), "yellow-sniper": (95, 55)})
    stay(s, "green-infantry")
    s.apply(0, Order("green-operator", "special"))
    s.apply(0, Throw(60.0, 0.6))
    s.apply(CHANCE, Landing(58.0, 28.0, 0.0, "front"))
    assert s.soldiers["yellow-infantry"].hearts == 2  # no Defense against a mortar
    assert s.soldiers["green-infantry"].hearts == 2  # 8 + 2.6 cm away: within yellow range
    assert s.soldiers["yellow-sniper"].hearts == 0
    assert set(s.measured["in_range"]) == {"yellow-infantry", "green-infantry"}


def test_throw_a_grenade_attack_of_the_rolled_value_within_yellow_range():
    s = ready(spots={**SPOTS, "yellow-infantry": (40, 40), "yellow-sniper": (90, 55)})
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(0.0, 0.3))
    assert s.shot.start[:2] == pytest.approx((20 + 1.2 + 3.0, 45))  # on a Move token against the base
    s.apply(CHANCE, Landing(35.0, 42.0, 0.0, "5"))
    assert s.soldiers["yellow-infantry"].hearts == 3  # attack of 5 vs Defense 2
    assert s.soldiers["green-grenadier"].hearts == 3  # allies suffer it too (14.1 cm)
    assert s.soldiers["green-infantry"].hearts == 3  # 18.0 cm
    assert s.soldiers["yellow-sniper"].hearts == 0


def test_throw_a_grenade_explosion_face_hits_only_the_grenadier_for_7():
    s = ready(spots={**SPOTS, "yellow-infantry": (40, 40)})
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(0.0, 0.3))
    s.apply(CHANCE, Landing(40.0, 41.0, 0.0, "boom"))
    assert s.soldiers["yellow-infantry"].hearts == 0
    assert s.soldiers["green-grenadier"].hearts == 5


def test_one_practice_shot_per_game_ignored_then_the_real_one():
    s = ready(spots={**SPOTS, "yellow-infantry": (40, 40)})
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(0.0, 0.3, practice=True))
    s.apply(CHANCE, Landing(40.0, 41.0, 0.0, "7"))
    assert s.soldiers["yellow-infantry"].hearts == 0 and s.phase == THROW
    assert "used your practice shot" in s.check(0, Throw(0.0, 0.3, practice=True))
    s.apply(0, Throw(0.0, 0.3))
    s.apply(CHANCE, Landing(40.0, 41.0, 0.0, "7"))
    assert not s.soldiers["yellow-infantry"].in_play and s.slice_of(Bootcamp).flag == 1  # 7 - 2 = 5 Hearts: broken


def test_grenade_needs_no_valid_target_and_lands_by_the_physics():
    # Seeded: the Bullet simulation throws the die with the seed's scatter.
    st = new_game(Config(level="t"), 5, battlefield=battlefield([box("wall", 40, 30, 2, 14, 20)]))
    position(st, {**SPOTS, "yellow-infantry": (46, 30)})
    stay(st, "green-infantry")
    assert not st.sight("green-infantry", "yellow-infantry").valid
    st.apply(0, Order("green-grenadier", "special"))
    st.apply(0, Throw(-20.0, 0.25))
    assert st.shot is None and st.current == 1  # thrown, landed, exploded: the turn is over
    assert any("lands at" in e.text for e in st.events)
    assert st.measured["shot"] == "grenade"


def test_an_attacks_log_line_says_the_head_is_visible_in_words_not_ray_counts():
    """Rulebook, Attack: "the target's entire head must be visible". The log said
    "whole head visible (64 rays clear)": a debugging figure in a player's log (the
    LoS debugger still shows the rays); a blocked line still names what blocks it."""
    from engine.bots.base import RandomBot
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.state import new_game

    st = new_game(Config(), 5)
    bots = [RandomBot(1), RandomBot(2)]
    while not st.is_over() and len(st.history()) < 2000:
        seat = st.to_act()[0]
        st.apply(seat, bots[seat].choose(st.view(seat)))
    attacks = [e.text for e in st.view(0).events if " attacks " in e.text]
    assert attacks and all("whole head visible;" in line and "rays" not in line for line in attacks), attacks[:3]
