"""Mission Book: "King of the Hill" and "Battle Royale", one test per paragraph."""

from __future__ import annotations

import pytest
from ls_helpers import box
from mission_helpers import mission_game, place, stay, texts

from engine.core.protocol import CHANCE, IllegalAction
from engine.little_soldiers.actions import (
    Deal,
    Deploy,
    Landing,
    Move,
    Order,
    Parachute,
    Reroll,
    Roll,
    Throw,
    Transfer,
)
from engine.little_soldiers.combat import break_soldier
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics
from engine.little_soldiers.parts.battle_royale import DEAL, PARA_LANDING, PARACHUTE, BattleRoyale
from engine.little_soldiers.parts.king_of_the_hill import TRANSFER, KingOfTheHill
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import DEPLOY, MOVE, OVER, SETUP, THROW

HILL = [box("hill-base", 50, 30, 24, 20, 6, level=1), box("hill-top", 50, 30, 10, 8, 5, z=6, level=2)]


def koth(players=2, **kw):
    return mission_game("king_of_the_hill", players, scenery=HILL, **kw)


def attack(s, seat, soldier, target, faces=("hit",) * 5):
    s.apply(seat, Order(soldier, "attack", target))
    s.apply(CHANCE, Roll(tuple(faces)))
    if s.phase == "reroll":
        s.apply(seat, Reroll(()))


# ================================================================== King of the Hill

def test_koth_required_levels_and_players():
    assert Config(mission="king_of_the_hill").modules == ("levels",)
    with pytest.raises(ValueError, match="2 to 4 players"):
        Config(mission="king_of_the_hill", players=5)


def test_koth_setup_candy_by_players_order_tokens_on_the_general_and_the_level_token():
    for n, candy in ((2, 7), (3, 11), (4, 11)):
        s = koth(n)
        assert s.slice_of(KingOfTheHill).candy_reserve == candy
        assert all(g.tokens == 3 and g.lid == 0 for g in s.generals)
        assert all(s.soldiers[s.slice_of(KingOfTheHill).level_token[g.index]].kind == "infantry" for g in s.generals)
        assert s.phase == SETUP  # the star is still used


def test_mission_book_koth_setup_e_one_infantry_only_and_one_other_soldier():
    """King of the Hill, Setup E: "1 Infantry only and 1 other Little Soldier of their choice"."""
    with pytest.raises(ValueError, match="1 Infantry only"):
        Config(mission="king_of_the_hill", squads=(("infantry", "infantry"), ("infantry", "sniper")))
    with pytest.raises(ValueError, match="1 Infantry only"):
        Config(mission="a_new_threat", players=3,
               squads=(("infantry", "sniper"), ("infantry", "infantry"), ("infantry", "operator")))
    assert Config(mission="a_new_threat", players=2, squads=(("infantry", "infantry"), ("infantry", "sniper")))


def test_koth_only_soldiers_with_a_level_token_climb_up():
    s = place(koth(), {"green-infantry": (32, 30), "green-grenadier": (32, 22), "yellow-infantry": (80, 30),
                       "yellow-sniper": (80, 45)}, tokens={0: 1, 1: 1})
    with pytest.raises(IllegalAction, match="Level token"):
        s.apply(0, Move("green-grenadier", 38, 22, climb=True))
    s.apply(0, Move("green-infantry", 38, 30, climb=True))
    assert s.soldiers["green-infantry"].spot.surface == "hill-base"


def _broken_level_token_holder():
    s = place(koth(), {"green-infantry": (20, 52), "green-grenadier": (20, 10), "yellow-infantry": (80, 52),
                       "yellow-sniper": (80, 10)}, tokens={0: 1, 1: 1}, general=1)
    s.soldiers["green-infantry"].hearts = 4
    stay(s, "yellow-infantry")
    attack(s, 1, "yellow-infantry", "green-infantry")
    assert not s.soldiers["green-infantry"].in_play and s.phase == TRANSFER and s.current == 0
    return s


def test_mission_book_koth_mission_rules_you_can_transfer_the_level_token():
    """King of the Hill, Mission Rules: "you can transfer their Level token to one of your other Little
    Soldiers still in play" - the player's choice, at the start of their next turn."""
    s = _broken_level_token_holder()
    assert s.legal_actions(0) == [Transfer("green-grenadier"), Transfer(None)]
    s.apply(0, Transfer("green-grenadier"))
    assert s.slice_of(KingOfTheHill).level_token[0] == "green-grenadier" and "transferred" in texts(s) and s.phase == MOVE
    assert "flag" not in s.to_dict()  # the Battle Track stays in the box


def test_mission_book_koth_mission_rules_keeping_the_level_token_is_allowed():
    s = _broken_level_token_holder()
    s.apply(0, Transfer(None))
    assert s.slice_of(KingOfTheHill).level_token[0] == "green-infantry" and s.phase == MOVE
    assert not s.rules.mission.may_climb(s, "green-grenadier") and "keeps the Level token" in texts(s)


def test_mission_book_koth_free_for_all_opponents_are_sides_not_colours():
    """"It's every man for himself!": with 3-4 players two Generals share a colour and are still opponents."""
    s = koth(4)
    g0, g2 = s.generals[0], s.generals[2]
    assert g0.team == g2.team
    a, b = s.soldiers[g0.soldiers[0]], s.soldiers[g2.soldiers[0]]
    assert a.side != b.side and s.is_enemy(a, b)


def test_bootcamp_infantry_scout_is_not_offered_with_no_opponent_in_play():
    """Bootcamp, Infantry: Scout places 2 Shields "onto the card of one or more of your opponent's Little
    Soldiers": with every opponent broken it has nothing to do, and offering it would stall the game."""
    s = place(koth(), {"green-infantry": (20, 52), "green-grenadier": (20, 10)}, tokens={0: 2, 1: 1})
    stay(s, "green-infantry")
    orders = s.legal_actions(0)
    assert Order("green-infantry", "special") not in orders and Order("green-infantry", "move") in orders
    with pytest.raises(IllegalAction, match="none is in play"):
        s.apply(0, Order("green-infantry", "special"))


def test_koth_end_of_turn_then_candy_distribution_level_2_gets_2_level_1_gets_1():
    s = place(koth(), {"green-infantry": (50, 30, "hill-top"), "green-grenadier": (10, 30),
                       "yellow-infantry": (40, 30, "hill-base"), "yellow-sniper": (90, 50)}, tokens={0: 0, 1: 0})
    stay(s, "green-infantry")
    assert s.slice_of(KingOfTheHill).candy == [2, 1] and s.slice_of(KingOfTheHill).candy_reserve == 4 and s.round == 2


def test_mission_book_koth_candy_distribution_level_2_priority_toughest_first_a_tie_cancels_even_lower_levels():
    """King of the Hill, Candy Distribution: "Little Soldiers on Level 2 get priority ... no Candy tokens are
    distributed at all, even on lower Levels"."""
    s = place(koth(), {"green-infantry": (47, 30, "hill-top"), "yellow-infantry": (53, 30, "hill-top")},
              tokens={0: 0, 1: 0})
    s.slice_of(KingOfTheHill).candy_reserve = 3
    s.soldiers["yellow-infantry"].hearts = 1  # green is tougher: served first
    s.rules.mission.distribute_candy(s)
    assert s.slice_of(KingOfTheHill).candy == [2, 1] and s.slice_of(KingOfTheHill).candy_reserve == 0
    s2 = place(koth(), {"green-infantry": (47, 30, "hill-top"), "yellow-infantry": (53, 30, "hill-top"),
                        "green-grenadier": (40, 30, "hill-base")}, tokens={0: 0, 1: 0})
    s2.slice_of(KingOfTheHill).candy_reserve = 3
    s2.rules.mission.distribute_candy(s2)  # 2 + 2 wanted by equally tough soldiers, 3 left: nobody gets any
    hill = s2.slice_of(KingOfTheHill)
    assert hill.candy == [0, 0] and hill.candy_reserve == 2 and hill.candy_discarded == 1
    assert "no Candy is distributed at all" in texts(s2)


def test_koth_no_candy_given_discards_one_and_the_last_candy_ends_the_game():
    s = place(koth(), {"green-infantry": (10, 30), "yellow-infantry": (90, 30)}, tokens={0: 0, 1: 0})
    s.slice_of(KingOfTheHill).candy_reserve = 1
    s.slice_of(KingOfTheHill).candy = [3, 2]
    stay(s, "green-infantry")
    assert s.phase == OVER and s.slice_of(KingOfTheHill).candy_discarded == 1
    r = s.result()
    assert r.winners == (0,) and r.scores == (3.0, 2.0) and "King of the Hill" in r.reason


# ================================================================== Battle Royale

def br(players=3, **kw):
    return mission_game("battle_royale", players, tokens=[{"kind": "supplies", "at": [50, 30]}], **kw)


def test_br_setup_one_soldier_one_order_token_super_soldier_required():
    c = Config(mission="battle_royale", players=6)
    assert c.modules == ("super_soldier",) and all(len(sq) == 1 for sq in c.squads)
    s = br()
    assert all(g.tokens == 1 and g.lid == 0 for g in s.generals) and s.phase == DEAL
    assert len({x.side for x in s.soldiers.values()}) == 3  # there are no sides: everyone is an enemy


def test_br_deploy_numbered_blocks_then_parachute_deployment():
    s = br()
    s.apply(CHANCE, Deal((2, 0, 1)))
    assert s.phase == PARACHUTE and s.current == 2
    s.apply(2, Parachute(0, 30, 0, 0.3))
    assert s.phase == PARA_LANDING
    s.apply(CHANCE, Landing(20, 20, 0.0, "token"))
    assert s.phase == DEPLOY
    soldier = s.generals[2].soldiers[0]
    with pytest.raises(IllegalAction, match="in contact with the green Move token"):
        s.apply(2, Deploy(soldier, 60, 40))
    s.apply(2, Deploy(soldier, 23, 20))
    assert s.current == 0 and s.phase == PARACHUTE


def test_br_player_turns_in_ascending_order_of_the_dealt_tokens_and_hidden_numbers():
    s = place(br(), {"green-infantry": (10, 10), "yellow-infantry": (90, 50), "green-sniper": (10, 50)},
              tokens={0: 1, 1: 1, 2: 1})
    s.phase = DEAL
    s.slice_of(BattleRoyale).deal_for = "turns"
    s.apply(CHANCE, Deal((1, 2, 0)))
    assert s.current == 1 and s.phase == MOVE
    view = s.view(0).to_dict()
    assert view["turn_order"] == [1] and view["my_numbers"] == [3]


def test_br_supplies_flip_the_card_once_and_clear_its_tokens_unless_an_opponent_touches_them():
    s = place(br(), {"green-infantry": (40, 30), "yellow-infantry": (90, 50), "green-sniper": (10, 50)},
              tokens={0: 1})
    g = s.soldiers["green-infantry"]
    g.hearts, g.shields = 3, 2
    s.apply(0, Move("green-infantry", 55, 30))
    assert g.id in s.slice_of(BattleRoyale).promoted and g.hearts == 0 and g.shields == 0
    s2 = place(br(), {"green-infantry": (40, 30), "yellow-infantry": (50, 32.6), "green-sniper": (10, 50)},
               tokens={0: 1})
    s2.apply(0, Move("green-infantry", 47.8, 29.0))
    assert "green-infantry" not in s2.slice_of(BattleRoyale).promoted and "opponent is in contact" in texts(s2)


def test_br_lightning_only_counts_once_promoted():
    s = place(br(), {"green-infantry": (20, 30), "yellow-infantry": (80, 30), "green-sniper": (10, 55)},
              tokens={0: 1})
    stay(s, "green-infantry")
    attack(s, 0, "green-infantry", "yellow-infantry", ("lightning",) * 2 + ("hit",) * 3)
    assert s.phase != MOVE or s.mover != "green-infantry"  # New Recruit side: lightning does nothing


def test_br_broken_soldiers_leave_for_good_and_fire_a_mortar_from_the_hq():
    s = place(br(), {"green-infantry": (20, 30), "yellow-infantry": (80, 30), "green-sniper": (10, 55)},
              tokens={0: 1, 1: 1, 2: 1})
    s.slice_of(BattleRoyale).turn_order, s.slice_of(BattleRoyale).turn_pos = [0, 1, 2], 0
    s.soldiers["yellow-infantry"].hearts = 4
    stay(s, "green-infantry")
    attack(s, 0, "green-infantry", "yellow-infantry")
    y = s.soldiers["yellow-infantry"]
    assert not y.in_play and y.id in s.slice_of(BattleRoyale).out
    assert s.generals[1].tokens == 1 and s.phase == THROW and s.current == 1
    assert s.shot.origin == s.rules.mission.hq_catapult(s, 1) == s.shot_start("yellow-infantry", "mortar", 0)
    s.apply(1, Throw(90, 0.5))
    s.apply(CHANCE, Landing(20, 30, 0.0, "front"))
    assert s.soldiers["green-infantry"].hearts == 2 and s.current == 2
    s.phase = DEAL  # a later round: the broken soldier is not deployed again
    s.slice_of(BattleRoyale).deal_for = "turns"
    assert not any(sd.in_play for sd in [y])


def test_br_victory_last_standing_or_the_player_who_just_played():
    s = place(br(2), {"green-infantry": (20, 30), "yellow-infantry": (80, 30)}, tokens={0: 1, 1: 1})
    s.slice_of(BattleRoyale).turn_order, s.slice_of(BattleRoyale).turn_pos = [0, 1], 0
    s.soldiers["yellow-infantry"].hearts = 4
    stay(s, "green-infantry")
    attack(s, 0, "green-infantry", "yellow-infantry")
    assert s.phase == OVER and s.result().winners == (0,)
    s2 = place(br(2), {"green-infantry": (20, 30), "yellow-infantry": (30, 30)}, tokens={0: 1, 1: 1})
    s2.slice_of(BattleRoyale).turn_order, s2.slice_of(BattleRoyale).turn_pos = [0, 1], 0
    s2.soldiers["green-infantry"].hearts = 4
    s2.soldiers["yellow-infantry"].hearts = 4
    stay(s2, "green-infantry")
    s2.apply(0, Order("green-infantry", "special"))  # Scout, then a grenade would be nicer; use a mortar
    from engine.little_soldiers.actions import Shields

    s2.apply(0, Shields(("yellow-infantry", "yellow-infantry")))
    assert s2.current == 1
    s2.soldiers["green-infantry"].spot = None
    s2.slice_of(BattleRoyale).out.add("green-infantry")
    break_soldier(s2, s2.soldiers["yellow-infantry"])
    s2.rules.mission.end_turn(s2)
    s2.proceed()
    assert s2.result().winners == (1,) and "just played" in s2.result().reason


# ================================================================== opponents by side, never by colour

def test_module_book_objects_an_opponent_of_the_same_colour_in_contact_forbids_the_object():
    """Objects, Activating an Object: "If an opponent's Little Soldier is also in contact with that Object,
    then you cannot use it" - in Battle Royale the green Sniper of another player is an opponent."""
    tele = [{"kind": "supplies", "at": [50, 30]}, {"kind": "teleporter", "at": [30, 10]},
            {"kind": "teleporter", "at": [70, 50]}]
    s = place(mission_game("battle_royale", 3, ("objects",), tokens=tele),
              {"green-infantry": (25, 25), "yellow-infantry": (90, 30), "green-sniper": (33, 10)}, tokens={0: 1})
    assert s.soldiers["green-sniper"].team == s.soldiers["green-infantry"].team
    s.apply(0, Move("green-infantry", 28, 12))
    assert s.phase == Phase.ORDER  # no Object step: the other green player's Sniper touches the Teleporter


def test_module_book_objects_transmogrifier_needs_two_little_soldiers_in_play():
    """Objects, Transmogrifier: "switch the positions of any 2 Little Soldiers ... in play": with one
    soldier in play it is not offered (the swap step would have no legal action)."""
    tm = [{"kind": "supplies", "at": [50, 50]}, {"kind": "transmogrifier", "at": [30, 30]}]
    s = place(mission_game("battle_royale", 3, ("objects",), tokens=tm), {"green-infantry": (20, 30)},
              tokens={0: 1})
    s.apply(0, Move("green-infantry", 27, 30))
    assert s.phase == Phase.ORDER and s.legal_actions(0)


def test_mission_book_battle_royale_supplies_an_opponent_of_the_same_colour_blocks_them():
    """Battle Royale, Activating Supplies: "If an opponent's figurine is in contact with the Supplies token,
    you cannot activate it" - the green Sniper of another player is an opponent."""
    s = place(br(), {"green-infantry": (40, 30), "yellow-infantry": (90, 50), "green-sniper": (50, 32.6)},
              tokens={0: 1})
    s.apply(0, Move("green-infantry", 47.8, 29.0))
    assert "green-infantry" not in s.slice_of(BattleRoyale).promoted and "opponent is in contact" in texts(s)


def test_module_book_tactics_reactions_are_answered_by_opponents_by_side():
    """Advanced Tactics: "You can also play Reaction cards during an opponent's turn" - in a free-for-all
    the other green General is an opponent and may react to green's Move."""
    from engine.little_soldiers.actions import Draw, Star

    s = mission_game("king_of_the_hill", 4, ("super_soldier", "advanced_tactics"), scenery=HILL)
    while s.phase == "draw":
        s.apply(CHANCE, Draw(s.rules.part(AdvancedTactics).draw_pile(s)[0]))
    s.apply(CHANCE, Star(0))
    at = s.slice_of(AdvancedTactics)
    for g in s.generals:
        at.deck += at.hands[g.index]
        at.hands[g.index] = []
    at.deck.remove("Chewed by the Dog")
    at.hands[2] = ["Chewed by the Dog"]
    place(s, {"green-infantry": (20, 52), "green-grenadier": (20, 10), "yellow-infantry": (80, 52),
              "yellow-sniper": (80, 10), "green-infantry-2": (10, 30), "green-operator": (30, 30),
              "yellow-infantry-2": (90, 30), "yellow-operator": (70, 30)}, tokens={0: 1, 1: 1, 2: 1, 3: 1})
    assert s.generals[2].team == s.generals[0].team
    s.apply(0, Move("green-infantry", 25, 52))
    assert s.phase == "react" and s.to_act() == [s.generals[2].seat]
