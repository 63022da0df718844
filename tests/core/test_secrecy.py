"""The secrecy boundary: slices declare what they hide; views, samples and history follow."""

from __future__ import annotations

import random

from engine.core.protocol import CHANCE
from engine.core.secrecy import NOBODY, Slice, backs, redeal, shown


def _slices(store: dict[str, list]) -> list[Slice]:
    def put(name):
        def write(items):
            store[name][:] = items
        return write

    return [
        Slice("hand", frozenset({0}), store["mine"], put("mine"), "card"),
        Slice("hand", frozenset({1}), store["theirs"], put("theirs"), "card"),
        Slice("deck", NOBODY, store["deck"], put("deck"), "card"),
        Slice("chests", frozenset({1}), store["gold"], put("gold"), store["colours"], backs),
        Slice("chests", NOBODY, store["pile"], put("pile"), store["pile_colours"], backs),
    ]


def _store() -> dict[str, list]:
    return {
        "mine": [1, 2], "theirs": [3, 4, 5], "deck": [6, 7, 8, 9],
        "gold": [10, 20], "colours": ["red", "blue"], "pile": [30, 40, 50], "pile_colours": ["blue", "red", "red"],
    }


def test_a_view_shows_own_items_and_covers_the_rest():
    store = _store()
    parts = _slices(store)
    assert shown(parts, "hand", 0) == [[1, 2], 3]
    assert shown(parts, "hand", 1) == [2, [3, 4, 5]]
    assert shown(parts, "deck", 0) == [4]
    assert shown(parts, "chests", 0) == [["red", "blue"], ["blue", "red", "red"]]
    assert shown(parts, "chests", 1) == [[10, 20], ["blue", "red", "red"]]


def test_a_redeal_keeps_what_the_viewer_sees_and_mixes_the_rest():
    seen_hands, seen_gold = set(), set()
    for seed in range(40):
        store = _store()
        redeal(_slices(store), 0, random.Random(seed))
        assert store["mine"] == [1, 2]  # the viewer's own hand is never touched
        assert sorted(store["theirs"] + store["deck"]) == [3, 4, 5, 6, 7, 8, 9]
        assert len(store["theirs"]) == 3 and len(store["deck"]) == 4
        # Gold moves only between chests of the same colour, position by position.
        reds = sorted([store["gold"][0], store["pile"][1], store["pile"][2]])
        blues = sorted([store["gold"][1], store["pile"][0]])
        assert reds == [10, 40, 50] and blues == [20, 30]
        seen_hands.add(tuple(store["theirs"]))
        seen_gold.add(tuple(store["gold"]))
    assert len(seen_hands) > 5 and len(seen_gold) > 2


def test_little_battle_samples_never_hold_the_true_hidden_hands_more_than_chance_allows():
    from engine.little_battle import Config, new_game

    state = new_game(Config(players=4), 7)
    view = state.view(0)
    rng = random.Random(1)
    same = 0
    for _ in range(30):
        sample = view.determinize(rng)
        assert sample.hands[0] == state.hands[0]
        assert sample.history() == [] and all(e.visible_to(0) for e in sample.events)
        same += sample.hands[1] == state.hands[1]
    assert same <= 2


def test_the_history_hides_what_the_log_hides():
    from engine.little_battle import Config, new_game
    from engine.toy_battle import Config as ToyConfig
    from engine.toy_battle import new_game as new_toy

    state = new_game(Config(players=3), 2)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    mine = state.view(0).history()
    assert [seat for seat, _ in mine] == [CHANCE, CHANCE, 0, 1]
    assert mine[0][1] is None and mine[1][1] is None  # the shuffles' orders
    assert mine[2][1] is not None and mine[3][1] is None  # own keep shown, player 2's hidden
    assert all(a is not None for _, a in state.history())  # the truth keeps everything

    toy = new_toy(ToyConfig(first_player=None), 3)
    kinds = [(seat, type(a).__name__ if a is not None else None) for seat, a in toy.view(0).history()]
    assert kinds == [(CHANCE, None), (CHANCE, None), (CHANCE, "FirstPlayer")]
