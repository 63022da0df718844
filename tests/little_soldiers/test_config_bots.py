"""Options, the rules summary's chosen values, views and the heuristic bot."""

from __future__ import annotations

import random

import pytest
from ls_helpers import box, game, position, roll

from engine.core.games import get_game
from engine.little_soldiers.actions import Move, Order, Reroll
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.config import MISSIONS, Config, player_range
from engine.little_soldiers.rules_text import rules_summary

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def test_config_refuses_unknown_options_modules_and_overrides_with_a_sentence():
    with pytest.raises(ValueError, match="unknown option 'color'"):
        Config.from_dict({"color": "red"})
    with pytest.raises(ValueError, match="unknown module 'tactics'"):
        Config(modules=("tactics",))
    with pytest.raises(ValueError, match="not a chosen value"):
        Config(overrides={"DICE": 3})
    with pytest.raises(ValueError, match="positive length"):
        Config(overrides={"YELLOW_CORD_LENGTH": -1})
    with pytest.raises(ValueError, match="unknown face"):
        Config(overrides={"ATTACK_DIE_FACES": ["hit", "skull"]})


def test_overrides_change_the_chosen_values_in_play():
    s = game(overrides={"GRENADIER_DEFENSE": 4, "FLAG_STEPS_TO_VICTORY": 5, "RED_CORD_LENGTH": 60})
    assert s.chosen.defense["grenadier"] == 4 and s.chosen.flag_steps_to_victory == 5
    position(s, SPOTS)
    assert s.reroll_allowance("green-infantry", "yellow-infantry")[1]["red_range"]


def test_rules_summary_lists_every_chosen_value_marked():
    text = rules_summary(Config())
    for name in ("GRENADIER_DEFENSE = 2  [chosen]", "OPERATOR_DEFENSE = 2  [chosen]", "ATTACK_DIE_FACES",
                 "MORTAR_TOKEN_SIDES", "FLAG_STEPS_TO_VICTORY", "YELLOW_CORD_LENGTH", "FIFTH_FIGURINE",
                 "SNIPER_DEFENSE = 3  [book]"):
        assert name in text
    assert get_game("little-soldiers").rules_summary(Config()) == text


@pytest.mark.parametrize("mission,own", [("king_of_the_hill", "Candy: 2 per soldier on Level 2"),
                                         ("a_new_threat", "Pinky 2/4"),
                                         ("another_new_threat", "Octocutie's Head")])
def test_rules_summary_of_a_mission_leads_with_its_own_rules(mission, own):
    """In a mission the summary (and so F1) began with the Bootcamp's set-up,
    the mission's rules ~100 lines further down: its own rules come first, then
    the general rules; the Bootcamp's summary is as it was."""
    from engine.little_soldiers.config import MISSIONS

    text = rules_summary(Config.from_dict({"mission": mission, "players": 2}))
    lead = text.index(f"This mission: {MISSIONS[mission].title}")
    assert lead < text.index(own) < text.index("The general rules") < text.index("Set-up:")
    if mission == "another_new_threat":  # its lines say only what changes: A New Threat's follow
        assert text.index("Octocutie's Head") < text.index("As in A New Threat:") < text.index("Pinky 2/4")
    bootcamp = rules_summary(Config())
    assert "This mission" not in bootcamp and bootcamp.index("Set-up:") < bootcamp.index("Missions (")


def test_view_shows_the_table_and_determinizes_to_an_equal_game():
    s = position(game(), SPOTS)
    v = s.view(1)
    d = v.to_dict()
    assert d["seat"] == 1 and len(d["soldiers"]) == 4 and d["to_act"] == [0]
    sample = v.determinize(random.Random(0))
    assert sample.state_hash() == s.state_hash() and sample is not s


def test_explain_target_reports_what_was_measured():
    s = position(game([box("wall", 50, 30, 2, 10, 10)]), SPOTS)
    why = s.explain_target("green-infantry", "yellow-infantry")
    assert not why["valid"] and why["blockers"] == ["wall"] and why["distance_cm"] == pytest.approx(57.6)


def test_candidate_moves_are_legal_and_include_cover_and_climbs():
    crate = box("crate", 30, 30, 10, 10, 6, level=1)
    s = position(game([crate, box("wall", 50, 30, 2, 20, 10)], modules=("levels",)), SPOTS)
    cands = s.candidate_actions(0, 16, random.Random(2))
    assert cands and all(s.check(0, c) is None for c in cands)
    assert any(isinstance(c, Move) and c.climb for c in cands)
    assert Move("green-infantry", 20, 30) in cands  # the zero Move


def test_heuristic_bot_attacks_the_weakest_valid_target():
    s = position(game(), SPOTS)
    s.soldiers["yellow-infantry"].hearts = 4
    s.apply(0, Move("green-infantry", 20, 30))
    choice = HeuristicBot(0).choose(s.view(0))
    assert choice.kind == "attack" and choice.target == "yellow-infantry"


def test_heuristic_bot_rerolls_the_blanks():
    s = position(game(), SPOTS)
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    roll(s, "hit", "blank", "lightning", "hit", "blank")
    assert HeuristicBot(0).choose(s.view(0)) == Reroll((1, 2, 4))


def test_heuristic_bot_takes_cover_when_out_of_orders():
    wall = box("wall", 40, 30, 2, 30, 10)
    s = position(game([wall]), {**SPOTS, "green-infantry": (45, 30)}, tokens={0: 0, 1: 1})
    assert s.sight("yellow-infantry", "green-infantry").valid
    move = HeuristicBot(0).choose(s.view(0))
    s.apply(0, move)
    me = s.soldiers["green-infantry"] if move.soldier == "green-infantry" else s.soldiers[move.soldier]
    seen = [e for e in ("yellow-infantry", "yellow-sniper") if s.sight(e, me.id).valid]
    assert not seen


def test_heuristic_bot_climbs_for_the_height_advantage():
    crate = box("crate", 30, 30, 10, 10, 6, level=1)
    s = position(game([crate], modules=("levels",)), {**SPOTS, "green-infantry": (22, 30)})
    move = HeuristicBot(0).choose(s.view(0))
    s.apply(0, move)
    assert any(x.spot.surface == "crate" for x in s.soldiers.values() if x.in_play)


@pytest.mark.parametrize("mission,modules", [(None, ()), (None, ("two_vs_two",))]
                         + [(m, ()) for m in sorted(MISSIONS)])
def test_player_range_is_what_the_config_accepts(mission, modules):
    """Module Book, 2 Against 2 (3 or 4 players) and each mission's player
    count: every count in ``player_range`` makes a config, the ones beside it
    are refused (the start screen offers exactly that range)."""
    lo, hi = player_range(mission, modules)
    for n in range(lo, hi + 1):
        Config(players=n, mission=mission, modules=modules)
    for n in (lo - 1, hi + 1):
        with pytest.raises(ValueError):
            Config(players=n, mission=mission, modules=modules)
