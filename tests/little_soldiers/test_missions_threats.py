"""Mission Book: "A New Threat" and "Another New Threat", one test per paragraph.

The scripted table hides a soldier at (50, 22) from the three Targets behind
``cover-1``; Switch 1 lies beside it, so Threat Action 1 removes that wall.
"""

from __future__ import annotations

import pytest
from mission_helpers import place, stay, texts, threat_game

from engine.core.protocol import CHANCE, IllegalAction
from engine.little_soldiers.actions import Lead, Move, Order, Roll, ThreatAction
from engine.little_soldiers.config import Config
from engine.little_soldiers.mission_report import high_general, mission_report, record_mission
from engine.little_soldiers.parts.a_new_threat import LEAD, THREAT_ACTION, THREAT_ROLL, ANewThreat
from engine.little_soldiers.state import OVER

HIDDEN = (50, 22)


def hits(n=5):
    return Roll(("hit",) * n)


def attack_roll(s, faces=("hit",) * 5):
    """Roll a player's Attack dice and keep them."""
    from engine.little_soldiers.actions import Reroll

    s.apply(CHANCE, Roll(tuple(faces)))
    if s.phase == "reroll":
        s.apply(s.to_act()[0], Reroll(()))


# ================================================================== Setup and modules

def test_required_modules_solo_adds_reinforcements_and_four_soldiers():
    c = Config(mission="a-new-threat", players=1)
    assert c.modules == ("reinforcements",) and len(c.squads[0]) == 4
    with pytest.raises(ValueError, match="1 to 4 players"):
        Config(mission="a_new_threat", players=5)
    with pytest.raises(ValueError, match="cannot be played with the levels module"):
        Config(mission="a_new_threat", modules=("levels",))
    s = threat_game(players=1)
    assert s.generals[0].tokens == 2  # Reinforcements: 1 Order token per soldier beyond 2


def test_setup_threat_profiles_as_the_book_prints_them():
    s = threat_game()
    stats = {t.id: (t.defense, t.toughness, t.switches) for t in s.slice_of(ANewThreat).threats.values()}
    assert stats == {"pinky": (2, 4, (1,)), "howdy": (2, 5, (2,)), "bob": (2, 4, (3,))}
    assert sorted(s.slice_of(ANewThreat).actions_down) == [1, 2, 3, 4] and all(s.slice_of(ANewThreat).ff_up.values())


def test_setup_3_and_4_players_each_take_an_infantry_and_another_type():
    for n in (3, 4):
        c = Config(mission="a_new_threat", players=n)
        assert all(sq[0] == "infantry" and sq[1] != "infantry" for sq in c.squads)


def test_return_the_star_players_agree_on_the_first_player_each_round():
    s = threat_game()
    assert s.phase == LEAD and s.to_act() == [0]
    s.apply(0, Lead(1))
    assert s.first == 1 and s.current == 1 and s.phase == "deploy"


def test_deploy_all_soldiers_at_green_distance_from_the_deployment_token_of_your_choice():
    s = threat_game()
    s.apply(0, Lead(0))
    from engine.little_soldiers.actions import Deploy

    with pytest.raises(IllegalAction, match="green distance"):
        s.apply(0, Deploy("green-infantry", 50, 30))
    s.apply(0, Deploy("green-infantry", 14, 14))  # token 1 at (10, 10)
    s.apply(0, Deploy("green-grenadier", 15, 53))  # token 2 at (10, 50): another token
    assert s.current == 1  # the first player deployed all their soldiers, then the next


# ================================================================== Player Turn

def test_switching_off_a_force_field_by_a_move_crossing_the_switch():
    s = place(threat_game(), {"green-infantry": (30, 22)})
    s.apply(0, Move("green-infantry", 38, 36))  # the base passes over Switch 1 at (35, 30)
    assert s.slice_of(ANewThreat).ff_up[1] is False and s.slice_of(ANewThreat).ff_up[2] is True
    assert "Force Field Switch 1" in texts(s)


def test_attacking_a_threat_needs_its_force_field_off_and_its_target_visible():
    s = place(threat_game(), {"green-infantry": (50, 45)}, tokens={0: 2})
    stay(s, "green-infantry")
    with pytest.raises(IllegalAction, match="Force Field is on"):
        s.apply(0, Order("green-infantry", "attack", "pinky"))
    s.slice_of(ANewThreat).ff_up[1] = False
    s.apply(0, Order("green-infantry", "attack", "pinky"))
    attack_roll(s)
    assert s.slice_of(ANewThreat).threats["pinky"].hearts == 3  # 5 hits against Defense 2


def test_a_target_hidden_behind_scenery_is_not_valid():
    s = place(threat_game(), {"green-infantry": HIDDEN}, tokens={0: 2})
    s.slice_of(ANewThreat).ff_up[1] = False
    stay(s, "green-infantry")
    with pytest.raises(IllegalAction, match="whole Target must be visible"):
        s.apply(0, Order("green-infantry", "attack", "pinky"))


def test_ouch_tokens_a_broken_threat_stays_broken_and_cannot_be_targeted():
    s = place(threat_game(), {"green-infantry": (50, 45)}, tokens={0: 2})
    s.slice_of(ANewThreat).ff_up[1] = False
    s.slice_of(ANewThreat).threats["pinky"].hearts = 2
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "attack", "pinky"))
    attack_roll(s)
    assert s.slice_of(ANewThreat).threats["pinky"].broken and "Ouch token" in texts(s)
    assert "pinky" not in s.valid_targets("green-infantry")


def test_scout_places_shields_on_threats():
    s = place(threat_game(), {"green-infantry": (50, 45)}, tokens={0: 2})
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "special"))
    from engine.little_soldiers.actions import Shields

    s.apply(0, Shields(("pinky", "bob")))
    assert s.slice_of(ANewThreat).threats["pinky"].shields == 1 and s.slice_of(ANewThreat).threats["bob"].shields == 1


def test_grenades_and_mortars_affect_threats_measured_from_the_target_unless_a_field_is_on():
    from engine.little_soldiers.actions import Landing, Throw

    s = place(threat_game(), {"green-grenadier": (50, 50)}, tokens={0: 2})
    s.slice_of(ANewThreat).ff_up[1] = False  # Pinky open, Howdy and Bob protected
    stay(s, "green-grenadier")
    s.apply(0, Order("green-grenadier", "special"))
    s.apply(0, Throw(90, 0.3))
    s.apply(CHANCE, Landing(50, 58, 0.0, "7"))  # 6.5 cm from Pinky's Target
    assert s.slice_of(ANewThreat).threats["pinky"].broken  # an attack of 7 against Defense 2: 5 Hearts, Toughness 4
    assert s.slice_of(ANewThreat).threats["howdy"].hearts == 0 and s.slice_of(ANewThreat).threats["bob"].hearts == 0


# ================================================================== Threats' turn

def test_scenery_removal_exposes_a_hidden_soldier_to_the_threat_attack_then_comes_back():
    s = place(threat_game(), {"green-infantry": HIDDEN})
    assert s.rules.mission.seen_by_threats(s, [s.soldiers["green-infantry"].spot]) == [0]
    stay(s, "green-infantry")  # no Order token: the turn ends, the Threats play
    assert s.phase == THREAT_ACTION and s.to_act() == [CHANCE]
    s.apply(CHANCE, ThreatAction(1))
    assert s.slice_of(ANewThreat).removed == ("cover-1",) and "cover-1" not in {p.id for p in s.terrain.bf.scenery}
    assert s.slice_of(ANewThreat).threat_targets == ["green-infantry"] and s.phase == THREAT_ROLL
    s.apply(CHANCE, hits())
    assert s.soldiers["green-infantry"].hearts == 3
    assert s.slice_of(ANewThreat).removed == () and "cover-1" in {p.id for p in s.terrain.bf.scenery}
    assert s.rules.mission.seen_by_threats(s, [s.soldiers["green-infantry"].spot]) == [0]
    assert "put back" in texts(s)


def test_scenery_removal_elsewhere_leaves_the_hidden_soldier_safe():
    s = place(threat_game(), {"green-infantry": HIDDEN})
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(2))
    assert "No Little Soldier is a valid target" in texts(s)
    assert s.soldiers["green-infantry"].hearts == 0
    assert s.phase == LEAD and s.round == 2  # nobody else in play, no tokens: the round is over


def test_a_removed_piece_also_leaves_movement_until_the_end_of_the_turn():
    s = place(threat_game(), {"green-infantry": HIDDEN})
    s.slice_of(ANewThreat).ff_up[1] = False
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(1))
    assert s.terrain.placement_reason(type(s.soldiers["green-infantry"].spot)(50, 30), []) is None
    s.apply(CHANCE, Roll(("blank",) * 5))
    s.apply(CHANCE, Roll(("blank",) * 5))
    assert s.terrain.placement_reason(type(s.soldiers["green-infantry"].spot)(50, 30), []) is not None


def test_threat_action_4_flips_switches_up_reshuffles_and_skips_the_attack():
    s = place(threat_game(), {"green-infantry": (50, 45)})
    s.slice_of(ANewThreat).ff_up[1] = False
    s.slice_of(ANewThreat).actions_down = [2, 4]
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(4))
    assert all(s.slice_of(ANewThreat).ff_up.values()) and sorted(s.slice_of(ANewThreat).actions_down) == [1, 2, 3, 4]
    assert s.soldiers["green-infantry"].hearts == 0 and "skip their Attack" in texts(s)


def test_threat_action_4_with_super_soldiers_clears_the_threats_shields():
    s = place(threat_game(modules=("super_soldier",)), {"green-infantry": (50, 45)})
    s.slice_of(ANewThreat).threats["bob"].shields = 2
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(4))
    assert s.slice_of(ANewThreat).threats["bob"].shields == 0


def test_threat_attack_rerolls_every_die_without_a_hit_once_and_hits_every_valid_target():
    s = place(threat_game(), {"green-infantry": (50, 45), "yellow-infantry": (20, 45)})
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(3))
    assert set(s.slice_of(ANewThreat).threat_targets) == {"green-infantry", "yellow-infantry"}
    s.apply(CHANCE, Roll(("hit", "hit", "blank", "lightning", "blank")))
    assert s.slice_of(ANewThreat).threat_pending == (2, 3, 4)  # Easy mode: the lightning is rerolled too
    s.apply(CHANCE, Roll(("hit", "blank", "blank")))
    assert s.soldiers["green-infantry"].hearts == 1 and s.soldiers["yellow-infantry"].hearts == 1


def test_super_soldiers_do_not_reroll_lightning_and_each_lightning_gives_a_shield():
    s = place(threat_game(modules=("super_soldier",)), {"green-infantry": (50, 45)})
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(3))
    s.apply(CHANCE, Roll(("hit", "hit", "hit", "lightning", "blank")))
    assert s.slice_of(ANewThreat).threat_pending == (4,)
    s.apply(CHANCE, Roll(("lightning",)))
    g = s.soldiers["green-infantry"]
    assert g.hearts == 1 and g.shields == 2


def test_three_lightning_fire_the_super_special_ability_on_every_soldier():
    s = place(threat_game(modules=("super_soldier",)), {"green-infantry": (50, 45), "yellow-infantry": HIDDEN})
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(3))
    s.apply(CHANCE, Roll(("lightning",) * 3 + ("hit", "hit")))
    assert s.soldiers["green-infantry"].shields == 2 and s.soldiers["yellow-infantry"].shields == 2
    assert "Super Special Ability" in texts(s)


# ================================================================== End of the turn and the game

def test_broken_little_soldiers_move_the_flag_and_the_threats_win_at_the_end():
    s = place(threat_game(overrides={"THREAT_TRACK_SPACES": {"1": 1, "2": 1, "3": 1, "4": 1}}),
              {"green-infantry": (50, 45)})
    s.soldiers["green-infantry"].hearts = 4
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(3))
    s.apply(CHANCE, hits())
    assert s.phase == OVER and s.result().winners == ()
    assert "Threat Victory" in s.result().reason


def test_end_of_the_turn_rounds_then_game_after_the_third_round():
    s = place(threat_game(), {"green-infantry": HIDDEN}, lids=1)
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(2))
    assert s.phase == LEAD and s.round == 2  # Generals empty, lids not: a new round
    s2 = place(threat_game(), {"green-infantry": HIDDEN}, lids=0)
    stay(s2, "green-infantry")
    s2.apply(CHANCE, ThreatAction(2))
    assert s2.phase == OVER and s2.result().reason == (
        "The Threats have the advantage: the Order tokens are spent and you broke none of them.")  # not 'no Threat, not all'



def test_beating_every_threat_wins_for_every_player():
    s = place(threat_game(), {"green-infantry": (50, 45)}, tokens={0: 1})
    s.slice_of(ANewThreat).ff_up[1] = False
    s.slice_of(ANewThreat).threats["howdy"].broken = s.slice_of(ANewThreat).threats["bob"].broken = True
    s.slice_of(ANewThreat).threats["pinky"].hearts = 3
    stay(s, "green-infantry")
    s.apply(0, Order("green-infantry", "attack", "pinky"))
    attack_roll(s)
    assert s.phase == OVER and s.result().winners == (0, 1)


# ================================================================== Another New Threat

def test_octocutie_head_needs_switches_2_and_4_off_together():
    s = threat_game("another_new_threat")
    head = s.slice_of(ANewThreat).threats["octocutie-head"]
    s.slice_of(ANewThreat).ff_up[2] = False
    assert not s.rules.mission.field_off(s, head)
    s.slice_of(ANewThreat).ff_up[4] = False
    assert s.rules.mission.field_off(s, head)
    assert s.rules.mission.field_off(s, s.slice_of(ANewThreat).threats["octocutie-tentacle-1"]) is False
    s.slice_of(ANewThreat).ff_up[1] = False
    assert s.rules.mission.field_off(s, s.slice_of(ANewThreat).threats["octocutie-tentacle-1"])


def test_octocutie_still_attacks_when_the_4_is_revealed():
    s = place(threat_game("another_new_threat"), {"green-infantry": (50, 45)})
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(4))
    assert s.phase == THREAT_ROLL and all(s.slice_of(ANewThreat).ff_up.values())


# ================================================================== Mission Report

def test_mission_report_records_threats_beaten_per_mode_and_player_count(tmp_path, monkeypatch):
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path))
    s = place(threat_game(), {"green-infantry": HIDDEN}, lids=0)
    s.slice_of(ANewThreat).threats["bob"].broken = True
    stay(s, "green-infantry")
    s.apply(CHANCE, ThreatAction(2))
    assert s.phase == OVER
    report = record_mission(s)
    assert report["a_new_threat"]["easy"]["2"] == {"beaten": ["bob"], "won": False}
    s.slice_of(ANewThreat).threats["pinky"].broken = True
    record_mission(s)
    again = mission_report()
    assert again["a_new_threat"]["easy"]["2"]["beaten"] == ["bob", "pinky"]
    assert (tmp_path / "profile.json").is_file() and not high_general(again)
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically, nothing left over
