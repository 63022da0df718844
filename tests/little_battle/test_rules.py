"""Little Battle, one test per paragraph of ../shared/rules/little-battle.txt."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.little_battle import Attack, Chest, Config, Keep, Shuffle, new_game, resolve_pile
from engine.little_battle.state import ADVENTURERS, DRAFT, OVER, RUSH
from tests.little_battle.helpers import L, P, R, chief, forced_game

BLUE = [0, 1, 2, 3, 4, 5, 6, 7]  # catalog ids; gold (0,1,1,1,2,2,2,3)
RED = [8, 9, 10, 11, 12, 13]  # gold (1,2,2,3,3,4)
YELLOW = [14, 15, 16, 17]  # gold (2,4,4,5)


def test_components_30_adventurers_and_18_chests():
    kinds = [a.kind for a in ADVENTURERS if not a.chief]
    assert (kinds.count("parrot"), kinds.count("rhino"), kinds.count("leopard")) == (10, 9, 8)
    assert sorted(a.value for a in ADVENTURERS if a.kind == "parrot" and not a.chief) == list(range(1, 11))
    assert sorted(a.value for a in ADVENTURERS if a.kind == "rhino" and not a.chief) == list(range(1, 10))
    assert sorted(a.value for a in ADVENTURERS if a.kind == "leopard" and not a.chief) == list(range(1, 9))
    assert [a.value for a in ADVENTURERS if a.chief] == [0, 0, 0]
    state = new_game(Config(players=3), seed=1)
    colors = [c.color for c in state.chests]
    assert (colors.count("blue"), colors.count("red"), colors.count("yellow")) == (8, 6, 4)
    assert all(0 <= c.gold <= 5 for c in state.chests)


def test_setup_two_equal_piles_five_cards_each_rest_in_nap_corner():
    state = new_game(Config(players=4), seed=7)
    assert [len(p) for p in state.piles] == [9, 9]
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert len(state.nap) == 27 - 20  # the unused cards wait face down in the nap corner
    assert len(state.box) == 3  # without the variant the Chiefs stay in the box


def test_setup_with_chiefs_variant_shuffles_them_in():
    state = new_game(Config(players=5, chiefs=True), seed=7)
    assert len(state.nap) == 30 - 25 and state.box == []


def test_setup_shuffle_is_a_chance_step_a_test_can_force():
    state = new_game(Config(players=3))
    assert state.to_act() == [CHANCE]
    with pytest.raises(IllegalAction, match="not a shuffle of the chests"):
        state.apply(CHANCE, Shuffle("chests", (0, 0, 1)))
    state.apply(CHANCE, Shuffle("chests", tuple(range(17, -1, -1))))
    assert state.piles == [list(range(17, 8, -1)), list(range(8, -1, -1))]


def test_step1_keep_one_pass_left_take_from_right():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    assert state.phase == DRAFT and sorted(state.to_act()) == [0, 1, 2]
    state.apply(0, Keep(P(5)))
    assert state.to_act() == [1, 2]  # a seat that committed is not asked again
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, Keep(P(4)))
    state.apply(1, Keep(R(1)))
    state.apply(2, Keep(L(3)))
    # player 1 passed to the left (player 2) and took from the right (player 3)
    assert {ADVENTURERS[c] for c in state.hands[0]} == {L(1), L(2), L(4), L(5)}
    assert {ADVENTURERS[c] for c in state.hands[1]} == {P(1), P(2), P(3), P(4)}
    assert {ADVENTURERS[c] for c in state.hands[2]} == {R(2), R(3), R(4), R(5)}


def test_step1_ends_with_five_cards_per_ship_then_gold_rush():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    for _ in range(4):
        for seat in (0, 1, 2):
            state.apply(seat, state.legal_actions(seat)[0])
    assert state.phase == RUSH
    assert [len(h) for h in state.hands] == [5, 5, 5]  # the last single card is kept too
    assert all(not s for s in state.ships)


def test_step1_cannot_keep_a_card_not_in_hand():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    with pytest.raises(IllegalAction, match="Rhino 1 is not in your hand"):
        state.apply(0, Keep(R(1)))


def _to_rush(state):
    while state.phase == DRAFT:
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])


def test_phase1_chest_attack_is_simultaneous_and_face_down():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    _to_rush(state)
    card = ADVENTURERS[state.hands[0][0]]
    before = len(state.view(1).events)
    state.apply(0, Attack(card, 0))
    assert state.to_act() == [1, 2]
    other = state.view(1).to_dict()
    assert other["events"][before:] == []  # not even which pile it went to
    assert other["committed"][0] is True
    assert str(card) not in str(other)  # nobody else sees the card before the reveal


def test_phase2_keys_parrots_blue_leopards_yellow_rhinos_red():
    for card, color in ((P(3), "blue"), (L(3), "yellow"), (R(3), "red")):
        for chest_color in ("blue", "red", "yellow"):
            out = resolve_pile([Chest(chest_color, 2)], [(0, card)])
            assert (out.taken[0] == [Chest(chest_color, 2)]) == (chest_color == color)


def test_phase2_single_adventurer_that_can_open_takes_the_chest_and_naps():
    out = resolve_pile([Chest("red", 3), Chest("red", 1)], [(2, R(1))])
    assert out.taken == {2: [Chest("red", 3)]}
    assert out.remaining == [Chest("red", 1)]
    assert out.nap == [R(1)]


def test_phase2_single_adventurer_that_cannot_open_goes_to_nap_corner():
    out = resolve_pile([Chest("blue", 3)], [(0, R(9))])
    assert out.taken == {} and out.taken[0] == []
    assert out.remaining == [Chest("blue", 3)] and out.nap == [R(9)]


def test_phase2_several_adventurers_the_highest_of_the_colour_wins():
    out = resolve_pile(
        [Chest("blue", 2), Chest("yellow", 5)],
        [(0, P(4)), (1, P(9)), (2, L(1))],
    )
    # Parrot 9 wins the blue chest; then Parrot 4 and Leopard 1 try the yellow one: Leopard 1 takes it.
    assert out.taken == {1: [Chest("blue", 2)], 2: [Chest("yellow", 5)]}
    assert out.remaining == []
    assert sorted(out.nap) == sorted([P(4), P(9), L(1)])


def test_phase2_the_attack_continues_with_the_next_chest_of_the_same_pile():
    pile = [Chest("red", 1), Chest("red", 4), Chest("red", 2), Chest("blue", 0)]
    out = resolve_pile(pile, [(0, R(2)), (1, R(7)), (2, R(5))])
    assert out.taken == {1: [Chest("red", 1)], 2: [Chest("red", 4)], 0: [Chest("red", 2)]}
    assert out.remaining == [Chest("blue", 0)]
    assert out.nap == [R(7), R(5), R(2)]  # winners nap once they have their chest


def test_phase2_attack_stops_when_nobody_left_has_the_key():
    pile = [Chest("blue", 1), Chest("red", 3), Chest("blue", 2)]
    out = resolve_pile(pile, [(0, P(2)), (1, P(8))])
    # Parrot 8 wins the blue chest; Parrot 2 cannot open the red one, so the blue one below stays.
    assert out.taken == {1: [Chest("blue", 1)]}
    assert out.remaining == [Chest("red", 3), Chest("blue", 2)]
    assert sorted(out.nap) == [P(2), P(8)]


def test_nb_gold_stays_secret_until_the_end():
    state = new_game(Config(players=3), seed=3)
    from engine.bots import RandomBot

    bots = [RandomBot(i) for i in range(3)]
    seen_loot = False
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat)))
        for me in range(3):
            picture = state.view(me).to_dict()
            for s in range(3):
                if s != me and not state.is_over():
                    assert picture["gold"][s] is None
                    assert all("gold" not in c for c in picture["loot"][s])
                    seen_loot = seen_loot or bool(picture["loot"][s])
            assert all("gold" not in c for pile in picture["beach"] for c in pile)
    assert seen_loot
    final = state.view(0).to_dict()
    assert all(g is not None for g in final["gold"])  # "Each player then turns over all their chests"


def test_repeat_step2_until_hands_empty_then_reshuffle_nap_and_draft_again():
    state = new_game(Config(players=3), seed=11)
    from engine.bots import RandomBot

    bots = [RandomBot(i) for i in range(3)]
    deals = {state.deals}
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat)))
        if state.phase == RUSH:
            assert len({len(h) for h in state.hands}) == 1
        deals.add(state.deals)
    assert max(deals) >= 2  # 15 cards a deal rarely take all 18 chests in one go


def test_end_of_game_when_all_chests_are_taken_most_gold_wins():
    state = new_game(Config(players=4), seed=5)
    from engine.bots import RandomBot

    bots = [RandomBot(i) for i in range(4)]
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat)))
    assert state.phase == OVER and not any(state.piles)
    res = state.result()
    golds = [sum(state.chests[i].gold for i in state.loot[s]) for s in range(4)]
    assert list(res.scores) == golds
    assert set(res.winners) == {s for s in range(4) if golds[s] == max(golds)}
    assert all(state.legal_actions(s) == [] for s in range(4)) and state.to_act() == []


def test_end_of_game_tie_in_gold_is_a_shared_win():
    from engine.core import scores_result

    res = scores_result([7, 9, 9], "")
    assert res.winners == (1, 2) and res.reward(1) == 0.5 and res.reward(0) == 0.0


def test_variant_parrot_chief_opening_blue_also_takes_the_chest_below():
    out = resolve_pile([Chest("blue", 1), Chest("yellow", 5), Chest("red", 2)], [(0, chief("parrot"))])
    assert out.taken == {0: [Chest("blue", 1), Chest("yellow", 5)]}
    assert out.remaining == [Chest("red", 2)]


def test_variant_parrot_chief_loses_to_any_parrot():
    out = resolve_pile([Chest("blue", 1), Chest("yellow", 5)], [(0, chief("parrot")), (1, P(1))])
    assert out.taken == {1: [Chest("blue", 1)]}
    assert out.remaining == [Chest("yellow", 5)]  # the chief cannot open yellow


def test_variant_leopard_chief_takes_the_key_of_the_last_winner():
    out = resolve_pile([Chest("red", 1), Chest("red", 3)], [(0, R(4)), (1, chief("leopard"))])
    assert out.taken == {0: [Chest("red", 1)], 1: [Chest("red", 3)]}
    assert out.last_key == "red"


def test_variant_leopard_chief_remembers_the_key_across_turns():
    out = resolve_pile([Chest("blue", 1)], [(1, chief("leopard"))], last_key="blue")
    assert out.taken == {1: [Chest("blue", 1)]}


def test_variant_rhino_chief_makes_cards_of_3_or_more_flee():
    out = resolve_pile(
        [Chest("red", 2), Chest("red", 4)],
        [(0, R(9)), (1, chief("rhino")), (2, R(2)), (3, P(3))],
    )
    # Rhino 9 and Parrot 3 flee; Rhino 2 beats the Chief (0) to the first red chest, the Chief takes the next.
    assert out.taken == {2: [Chest("red", 2)], 1: [Chest("red", 4)]}
    assert out.nap[:2] == [R(9), P(3)]


def test_variant_only_one_chief_per_pile_two_are_discarded_without_effect():
    out = resolve_pile(
        [Chest("red", 2), Chest("blue", 4)],
        [(0, chief("rhino")), (1, chief("parrot")), (2, R(8))],
    )
    # Both chiefs go without effect; Rhino 8 does not flee and takes the red chest.
    assert out.taken == {2: [Chest("red", 2)]}
    assert out.nap[:2] == [chief("rhino"), chief("parrot")]


def test_a_pile_with_no_chests_left_cannot_be_attacked():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    _to_rush(state)
    state.piles[1] = []
    assert {a.pile for a in state.legal_actions(0)} == {0}
    card = ADVENTURERS[state.hands[0][0]]
    with pytest.raises(IllegalAction, match="Pile 2 has no chests left"):
        state.apply(0, Attack(card, 1))


def test_illegal_action_changes_nothing():
    state = new_game(Config(players=3), seed=2)
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        state.apply(0, Attack(P(1), 0))
    with pytest.raises(IllegalAction, match="no player 9"):
        state.apply(8, Keep(P(1)))
    assert state.state_hash() == before


def test_players_outside_3_to_5_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="Little Battle is for 3 to 5 players, not 2"):
        Config(players=2)
    with pytest.raises(ValueError, match="chest_gold.blue needs 8 values"):
        Config.from_dict({"chest_gold": {"blue": [1], "red": [1] * 6, "yellow": [1] * 4}})
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Config.from_dict({"colour": "red"})


def test_chest_gold_is_overridable_by_config():
    gold = {"blue": [0] * 8, "red": [5] * 6, "yellow": [1] * 4}
    state = new_game(Config.from_dict({"players": 3, "chest_gold": gold}), seed=1)
    assert sum(c.gold for c in state.chests) == 30 + 4


def test_phase2_reveal_turns_every_played_card_face_up_for_everyone():
    hands = [[P(1), P(2), P(3), P(4), P(5)], [R(1), R(2), R(3), R(4), R(5)], [L(1), L(2), L(3), L(4), L(5)]]
    state = forced_game(hands, [BLUE + [8], RED[1:] + YELLOW])
    _to_rush(state)
    plays = {}
    for seat in (0, 1, 2):
        card = ADVENTURERS[state.hands[seat][0]]
        plays[seat] = card
        state.apply(seat, Attack(card, seat % 2))
    for viewer in (0, 1, 2):
        shown = state.view(viewer).to_dict()["last_reveal"]
        assert shown == [
            {"pile": 0, "seat": 0, "card": str(plays[0])},
            {"pile": 0, "seat": 2, "card": str(plays[2])},
            {"pile": 1, "seat": 1, "card": str(plays[1])},
        ]
