"""Secrecy: what a search bot's samples hold is what its view shows.

Every part declares what it hides (``Part.secrets``); the view and
``determinize`` derive from it. A sample must agree with the view it was
drawn from, must not depend on the hidden truth (two truths that differ only
in what the seat cannot see give the same samples), and must vary.
"""

from __future__ import annotations

import random

from engine.core.protocol import CHANCE
from engine.little_soldiers.actions import Deal
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.config import Config
from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics
from engine.little_soldiers.parts.battle_royale import BattleRoyale
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import new_game


def _royale_turns(players: int = 5):
    """A Battle Royale state at the first player's turn of round 2, dealt by hand."""
    s = new_game(Config(players=players, mission="battle_royale"), 3)
    bots = [HeuristicBot(i) for i in range(players)]
    while not (s.round == 2 and s.phase is Phase.MOVE) and not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].choose(s.view(seat)))
    assert not s.is_over()
    return s


def _hidden_order(state, seat):
    br = state.slice_of(BattleRoyale)
    return [(i, g) for i, g in enumerate(br.turn_order)
            if i >= BattleRoyale.revealed(br) and state.generals[g].seat != seat]


def test_mission_book_battle_royale_numbered_block_tokens_dealt_face_down_stay_out_of_samples():
    """Battle Royale, Preparing the Round 3: "takes 1 token from the pile, without revealing it"."""
    s = _royale_turns()
    seat = s.generals[s.current].seat
    view = s.view(seat)
    picture = view.to_dict()
    br = s.slice_of(BattleRoyale)
    assert len(picture["turn_order"]) == BattleRoyale.revealed(br) < len(br.turn_order)
    orders = set()
    for k in range(40):
        sample = view.determinize(random.Random(k))
        assert sample.view(seat).to_dict() == picture  # the sample agrees with everything the seat saw
        orders.add(tuple(sample.slice_of(BattleRoyale).turn_order))
    assert len(orders) > 1  # the hidden numbers are dealt anew, not copied

    # Two truths that differ only in the hidden numbers give the very same samples.
    hidden = _hidden_order(s, seat)
    assert len(hidden) >= 2
    other = s.clone()
    (i, a), (j, b) = hidden[0], hidden[1]
    other.slice_of(BattleRoyale).turn_order[i], other.slice_of(BattleRoyale).turn_order[j] = b, a
    assert other.view(seat).to_dict() == picture
    for k in range(10):
        x = view.determinize(random.Random(k))
        y = other.view(seat).determinize(random.Random(k))
        assert x.state_hash() == y.state_hash()


def test_module_book_advanced_tactics_hands_are_secret_from_the_other_seats():
    """Advanced Tactics: another seat's hand and the pile never reach a sample or a view."""
    s = new_game(Config(modules=("super_soldier", "advanced_tactics")), 7)
    view = s.view(0)
    picture = view.to_dict()
    tactics = s.rules.part(AdvancedTactics)
    mine, theirs = s.slice_of(AdvancedTactics).hands[0], s.slice_of(AdvancedTactics).hands[1]
    assert picture["generals"][0]["hand"] == sorted(mine) and picture["generals"][1]["hand"] == len(theirs)
    assert picture["deck"] == len(s.slice_of(AdvancedTactics).deck)
    assert view.hand() == sorted(mine)
    hands = set()
    for k in range(30):
        sample = view.determinize(random.Random(k))
        assert sample.view(0).to_dict() == picture
        assert sorted(sample.slice_of(AdvancedTactics).hands[0]) == sorted(mine)
        assert tactics.tactics_cards_total(sample) == tactics.tactics_cards_total(s)
        hands.add(tuple(sorted(sample.slice_of(AdvancedTactics).hands[1])))
    assert len(hands) > 1

    # Swapping yellow's hand with cards of the pile changes nothing a sample holds.
    other = s.clone()
    at = other.slice_of(AdvancedTactics)
    hand = at.hands[1]
    i = next(i for i, c in enumerate(at.deck) if c not in hand)
    hand[0], at.deck[i] = at.deck[i], hand[0]
    at.deck.sort()
    assert sorted(hand) != sorted(theirs)
    assert other.view(0).to_dict()["generals"] == picture["generals"]
    for k in range(5):
        assert view.determinize(random.Random(k)).state_hash() == \
            other.view(0).determinize(random.Random(k)).state_hash()


def test_private_events_stay_out_of_samples():
    """A card drawn is logged to its owner only; a sample keeps only the viewer's events."""
    s = new_game(Config(modules=("super_soldier", "advanced_tactics")), 7)
    private = [e for e in s.events if e.seats is not None]
    assert private and all(1 not in e.seats for e in private if 0 in e.seats)
    sample = s.view(1).determinize(random.Random(0))
    assert all(e.visible_to(1) for e in sample.events)
    assert not any(e in sample.events for e in private if not e.visible_to(1))


def test_a_search_bot_world_is_a_sample_not_the_truth():
    """The search bot draws its worlds through the view: never the hidden numbers of the truth."""
    s = _royale_turns(4)
    seat = s.generals[s.current].seat
    view = s.view(seat)
    truth = tuple(s.slice_of(BattleRoyale).turn_order)
    worlds = {tuple(view.determinize(random.Random(k)).slice_of(BattleRoyale).turn_order) for k in range(30)}
    assert len(worlds) > 1 and any(w != truth for w in worlds)


def test_a_deal_forced_by_hand_is_hidden_until_revealed():
    s = new_game(Config(players=3, mission="battle_royale"), None)
    s.apply(CHANCE, Deal((2, 0, 1)))
    assert s.view(0).to_dict()["turn_order"] == [2] and s.view(0).to_dict()["my_numbers"] == [2]


def test_a_card_drawn_is_in_its_drawer_history_only():
    """The history's audiences come from the steps' declarations: a card drawn
    goes into a hand, so only that hand's seat reads it; the star flip and the
    Block tokens are on the table, so everyone does."""
    s = new_game(Config(modules=("super_soldier", "advanced_tactics")), 7)
    truth = s.history()
    drawn = [a for seat, a in truth if type(a).__name__ == "Draw"]
    assert drawn
    brick = s.generals[1].seat
    assert [a for _, a in s.view(brick).history() if type(a).__name__ == "Draw"] == drawn
    seen = s.view(0).history()
    for (seat, action), (_, shown) in zip(truth, seen, strict=True):
        if type(action).__name__ == "Draw":
            assert shown is None
        elif seat == CHANCE:
            assert shown == action  # public chance: the star, the Block tokens
    assert any(seat == CHANCE and type(a).__name__ in ("Star", "Block") for seat, a in seen)


def test_a_deal_of_numbered_block_tokens_is_read_by_nobody_in_the_history():
    s = new_game(Config(players=3, mission="battle_royale"), 5)
    deals = [i for i, (seat, a) in enumerate(s.history()) if type(a).__name__ == "Deal"]
    assert deals
    for seat in range(3):
        assert all(s.view(seat).history()[i][1] is None for i in deals)
