"""Module Book: "Advanced Tactics", one test per paragraph."""

from __future__ import annotations

import random

import pytest
from ls_helpers import DEPLOYMENT, game, position, roll

from engine.core.protocol import CHANCE, IllegalAction
from engine.little_soldiers.actions import Activate, CardAttack, Deploy, Draw, Move, Order, Play, Reroll, Star
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.advanced_tactics import CARD_ATTACK, CRATE, DRAW, REACT, AdvancedTactics, Tactics
from engine.little_soldiers.phases import DEPLOY, MOVE, ORDER
from engine.little_soldiers.rules_text import rules_summary
from engine.little_soldiers.tactics import load_cards

TACTICS = ("super_soldier", "advanced_tactics")
SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}
CRATES = [{"kind": "crate", "at": [30, 30], "colour": "green"}, {"kind": "crate", "at": [70, 30], "colour": "yellow"}]
COLOURED = [dict(t, colour="green" if t["at"][1] < 30 else "yellow") for t in DEPLOYMENT]


def tgame(tokens=CRATES, **kw):
    s = game(modules=TACTICS, tokens=tokens, **kw)
    # Brick's starting cards are not known: he draws 3 (chance steps).
    for card in ("Marathon Man", "Warmonger", "Chewed by the Dog"):
        s.apply(CHANCE, Draw(card))
    return s


def tac(s) -> Tactics:
    """Advanced Tactics' slice of ``s`` (the pile, the hands, the Bonus Order tokens)."""
    return s.slice_of(AdvancedTactics)


def rules(s) -> AdvancedTactics:
    return s.rules.part(AdvancedTactics)


def ready(s, general=0, tokens=None, hands=None):
    """A turn's Move with the given hands (default: nobody holds a card)."""
    position(s, SPOTS, tokens=tokens, general=general)
    hands = hands or {}
    t = tac(s)
    for g in s.generals:
        t.deck += t.hands[g.index]
        t.hands[g.index] = []
    for g, hand in hands.items():
        for c in hand:
            t.deck.remove(c)
            t.hands[g].append(c)
    return s


def test_requires_super_soldier():
    with pytest.raises(ValueError, match="Super Soldier"):
        Config(modules=("advanced_tactics",))


def test_deck_holds_only_the_known_cards_and_the_rules_say_so():
    cards = load_cards()
    assert set(cards) == {"Fighting Fit", "Marathon Man", "Trigger Happy", "Warmonger", "Strategic Retreat",
                          "Camouflage", "Chewed by the Dog", "General's Orders"}
    assert cards["Marathon Man"].condition == 2 and cards["Warmonger"].condition == 3
    assert cards["Fighting Fit"].condition == 0 and cards["Camouflage"].type == "reaction"
    text = rules_summary(Config(modules=TACTICS))
    assert "Laser Targeting" in text and "Unexpected Ally" in text and "50" in text


def test_setup_d_dinosaur_takes_his_three_cards_the_others_draw_three():
    s = game(modules=TACTICS)
    assert sorted(tac(s).hands[0]) == ["Camouflage", "Strategic Retreat", "Trigger Happy"]
    assert s.phase == DRAW and s.to_act() == [CHANCE]
    for card in ("Marathon Man", "Warmonger", "Fighting Fit"):
        s.apply(CHANCE, Draw(card))
    assert len(tac(s).hands[1]) == 3 and s.phase == "setup"
    assert rules(s).tactics_cards_total(s) == len(load_cards())


def test_hands_are_hidden_from_the_other_seat_and_its_log():
    s = tgame()
    v0 = s.view(0).to_dict()
    assert v0["generals"][1]["hand"] == 3 and isinstance(v0["generals"][0]["hand"], list)
    assert isinstance(v0["deck"], int)
    assert not any("Warmonger" in e.text for e in s.view(0).events)
    assert any("Warmonger" in e.text for e in s.view(1).events)
    sample = s.view(0).determinize(random.Random(1))
    assert sorted(tac(sample).hands[0]) == sorted(tac(s).hands[0])
    assert len(tac(sample).hands[1]) == 3


def test_deploy_at_green_distance_from_a_deployment_token_of_your_colour_or_a_chain():
    s = game(modules=TACTICS, tokens=COLOURED)
    for card in ("Marathon Man", "Warmonger", "Fighting Fit"):
        s.apply(CHANCE, Draw(card))
    s.apply(CHANCE, Star(0))
    assert s.phase == DEPLOY and s.block is None
    with pytest.raises(IllegalAction, match="of your colour"):
        s.apply(0, Deploy("green-infantry", 14, 46))  # next to token 2 (yellow side)
    s.apply(0, Deploy("green-infantry", 14, 14))  # token 1 at (10, 10): green
    s.apply(1, Deploy("yellow-infantry", 86, 46))
    with pytest.raises(IllegalAction, match="green distance"):
        s.apply(0, Deploy("green-grenadier", 14, 24))  # 7.6 cm from the Infantry's base: too far
    s.apply(0, Deploy("green-grenadier", 14, 21))  # chained from the Infantry, 9 cm past the token
    assert s.soldiers["green-grenadier"].in_play


def test_playing_a_card_the_order_tokens_are_a_condition_not_a_cost():
    s = ready(tgame(), tokens={0: 1, 1: 1}, hands={0: ["Marathon Man"]})
    assert Play("Marathon Man", "green-infantry") not in s.candidate_actions(0, 8, random.Random(0))
    with pytest.raises(IllegalAction, match="needs 2 Order token"):
        s.apply(0, Play("Marathon Man", "green-infantry"))
    s.soldiers["green-infantry"].orders = 2
    s.apply(0, Play("Marathon Man", "green-infantry"))
    assert s.soldiers["green-infantry"].orders == 2 and tac(s).played[0] == ["Marathon Man"]
    for y in (35, 40, 45):
        s.apply(0, Move("green-infantry", 10, y))
    assert s.phase == MOVE and s.mover is None  # back to the turn's own Move


def test_fighting_fit_needs_no_order_token():
    s = ready(tgame(), tokens={0: 1}, hands={0: ["Fighting Fit"]})
    s.apply(0, Play("Fighting Fit", "green-grenadier"))
    assert s.mover == "green-grenadier"


def test_trigger_happy_up_to_three_attacks_each_on_a_different_target():
    s = ready(tgame(), tokens={0: 1}, hands={0: ["Trigger Happy"]})
    s.soldiers["green-infantry"].orders = 2
    s.apply(0, Play("Trigger Happy", "green-infantry"))
    assert s.phase == CARD_ATTACK
    s.apply(0, CardAttack("yellow-infantry"))
    roll(s, "blank", "blank", "blank", "blank", "blank")
    s.apply(0, Reroll(()))
    assert s.phase == CARD_ATTACK and CardAttack("yellow-infantry") not in s.legal_actions(0)
    s.apply(0, CardAttack(None))
    assert s.phase == MOVE and s.generals[0].tokens == 1  # no Order token was spent


def test_general_cards_and_bonus_order_tokens_removed_at_the_end_of_the_round():
    s = ready(tgame(), tokens={0: 1, 1: 0}, hands={0: ["General's Orders"]})
    s.apply(0, Play("General's Orders"))
    assert tac(s).general_bonus[0] == 2 and tac(s).bonus_reserve == 1
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(0, Order("green-infantry", "move"))
    assert tac(s).soldier_bonus.get("green-infantry", 0) == 1  # a Bonus token is given first
    s.apply(0, Move("green-infantry", 20, 30))
    assert s.current == 1 and tac(s).played[0] == []  # discarded at the end of the turn
    assert tac(s).discard == ["General's Orders"]
    s.apply(1, Move("yellow-infantry", 80, 30))
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(0, Order("green-infantry", "move"))
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(1, Move("yellow-infantry", 80, 30))
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(0, Order("green-infantry", "move"))
    s.apply(0, Move("green-infantry", 20, 30))
    assert s.round == 2 and rules(s).bonus_total(s) == 3 and tac(s).bonus_reserve == 3


def test_at_most_three_cards_per_turn():
    s = ready(tgame(), tokens={0: 3}, hands={0: ["Fighting Fit", "General's Orders", "Strategic Retreat",
                                                 "Trigger Happy"]})
    tac(s).played[0] = ["Camouflage", "Marathon Man", "Warmonger"]
    with pytest.raises(IllegalAction, match="already played 3"):
        s.apply(0, Play("General's Orders"))


def test_reaction_camouflage_in_the_opponents_turn_counts_toward_your_next_turn():
    s = ready(tgame(), general=1, tokens={0: 0, 1: 2}, hands={0: ["Camouflage"], 1: []})
    s.apply(1, Move("yellow-infantry", 80, 30))
    s.apply(1, Order("yellow-infantry", "attack", "green-infantry"))
    assert s.phase == REACT and s.to_act() == [0]
    assert s.legal_actions(0) == [Play("Camouflage"), Play(None)]
    s.apply(0, Play("Camouflage"))
    assert s.attack.dice == 4 and len(s.attack.pending) == 4
    roll(s, "hit", "hit", "hit", "hit")
    assert tac(s).played[0] == ["Camouflage"]
    s.apply(1, Reroll(()))
    s.apply(0, Move("green-infantry", 20, 30))  # green's turn: the Reaction is still in its HQ
    assert tac(s).played[0] == []  # ...and is discarded at the end of that turn


def test_reaction_chewed_by_the_dog_cancels_a_move():
    s = ready(tgame(), tokens={0: 1, 1: 1}, hands={1: ["Chewed by the Dog"]})
    s.apply(0, Move("green-infantry", 25, 30))
    assert s.phase == REACT and s.to_act() == [1]
    s.apply(1, Play("Chewed by the Dog"))
    assert s.soldiers["green-infantry"].spot.xy == (20, 30) and s.phase == ORDER
    assert "cancelled" in "\n".join(e.text for e in s.events)


def test_no_reaction_window_without_a_reaction_to_play():
    s = ready(tgame(), tokens={0: 1, 1: 1}, hands={1: ["Warmonger"]})
    s.apply(0, Move("green-infantry", 25, 30))
    assert s.phase == ORDER


def test_activating_a_crate_flips_it_and_draws_two():
    s = ready(tgame(), tokens={0: 1, 1: 1})
    s.apply(0, Move("green-infantry", 36, 30))  # over the green Crate at (30, 30)
    assert s.phase == CRATE and s.legal_actions(0) == [Activate("crate-0"), Activate(None)]
    s.apply(0, Activate("crate-0"))
    assert tac(s).crates[0][1] == "yellow" and s.phase == DRAW
    pile = rules(s).draw_pile(s)
    s.apply(CHANCE, Draw(pile[0]))
    s.apply(CHANCE, Draw(rules(s).draw_pile(s)[0]))
    assert len(tac(s).hands[0]) == 2 and s.phase == ORDER


def test_module_book_move_activating_a_crate_you_can_activate_is_a_choice():
    """Advanced Tactics, Move: "During a Move action, you can now activate a Crate"."""
    s = ready(tgame(), tokens={0: 1, 1: 1})
    s.apply(0, Move("green-infantry", 36, 30))
    hand = list(tac(s).hands[0])
    s.apply(0, Activate(None))
    assert tac(s).crates[0][1] == "green" and s.phase == ORDER and tac(s).hands[0] == hand


def test_an_enemy_in_contact_blocks_the_crate():
    s = ready(tgame(), tokens={0: 1, 1: 1})
    s.soldiers["yellow-sniper"].spot = type(s.soldiers["yellow-sniper"].spot)(30, 32.5)
    s.apply(0, Move("green-infantry", 28, 28))
    assert tac(s).crates[0][1] == "green" and s.phase == ORDER


def test_an_empty_pile_is_reshuffled_from_the_discard():
    s = ready(tgame(), tokens={0: 1, 1: 1})
    at = tac(s)
    at.discard, at.deck = list(at.deck), []
    s.apply(0, Move("green-infantry", 36, 30))
    s.apply(0, Activate("crate-0"))
    card = rules(s).draw_pile(s)[0]
    s.apply(CHANCE, Draw(card))
    assert "shuffled into a new pile" in "\n".join(e.text for e in s.events) and tac(s).discard == []


def test_with_four_players_cards_go_only_on_your_own_general_and_soldiers():
    s = game(modules=TACTICS + ("two_vs_two",), players=4)
    while s.phase == DRAW:
        s.apply(CHANCE, Draw(rules(s).draw_pile(s)[0]))
    assert len({id(h) for h in tac(s).hands}) == len(s.generals) == 4  # one hand per General
    s.apply(CHANCE, Star(0))
    position(s, {"green-infantry": (20, 30), "green-grenadier": (20, 45), "green-infantry-2": (30, 10),
                 "green-sniper": (30, 50), "yellow-infantry": (80, 30), "yellow-sniper": (80, 45),
                 "yellow-infantry-2": (70, 10), "yellow-operator": (70, 50)}, tokens={0: 1, 1: 1, 2: 1, 3: 1})
    tac(s).hands[0] = ["Fighting Fit"]
    if "Fighting Fit" in tac(s).deck:
        tac(s).deck.remove("Fighting Fit")
    with pytest.raises(IllegalAction, match="your own Little Soldiers"):
        s.apply(0, Play("Fighting Fit", "green-infantry-2"))  # General 2's soldier, an ally
