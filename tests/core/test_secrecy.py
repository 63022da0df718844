"""The secrecy boundary: slices declare what they hide; views, samples and history follow."""

from __future__ import annotations

import random

import pytest

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


# ------------------------------------------------------- one declaration
def test_an_action_is_read_by_whoever_reads_every_secret_it_lands_in():
    from dataclasses import dataclass

    from engine.core.secrecy import Secrecy, Secret

    @dataclass(frozen=True)
    class Keep:
        card: int

    @dataclass(frozen=True)
    class Deal:
        order: tuple[int, ...]

    @dataclass(frozen=True)
    class Pick:
        face_up: bool

    @dataclass(frozen=True)
    class Pass:
        pass

    def victim(state, seat, action):
        return None if action.face_up else 1  # a pick face up lands in no secret

    declared = Secrecy(
        public=("phase",),
        secrets=(
            Secret("ship", carries=(Keep,)),
            Secret("deck", owned=False, carries=(Deal,)),
            Secret("hand", carries=(Deal,)),
            Secret("face_down", carries=(Pick,), owner=victim),
        ),
    )
    assert declared.audience(None, 2, Keep(5)) == frozenset({2})  # its keeper's Ship
    assert declared.audience(None, CHANCE, Deal((1, 2))) == NOBODY  # a deck nobody reads and hands: nobody
    assert declared.audience(None, CHANCE, Pick(False)) == frozenset({1})
    assert declared.audience(None, CHANCE, Pick(True)) is None  # public
    assert declared.audience(None, 0, Pass()) is None


def test_a_seat_knows_the_declared_fields_and_its_slices_nothing_else():
    from types import SimpleNamespace

    from engine.core.secrecy import Known, Secrecy, Secret

    hand = Secret("hand", backs="card")
    state = SimpleNamespace(phase="draw", score=SimpleNamespace(total=3, hidden=9), hands=[[1, 2], [3]])
    state.secrets = lambda: [hand.slice(s, state.hands[s]) for s in range(2)]
    known = Secrecy(public=("phase", "score.total"), secrets=(hand,)).known(state, 0)
    assert isinstance(known, Known)
    assert known["phase"] == "draw" and known["total"] == 3
    assert known.shown("hand") == [[1, 2], 1]
    for undeclared in ("hands", "score", "hidden"):
        with pytest.raises(KeyError, match="not declared public"):
            known[undeclared]


def test_a_game_without_an_audience_of_its_own_is_answered_by_its_declaration():
    from engine.little_battle import Config, new_game
    from engine.little_battle.secrecy import SECRECY

    state = new_game(Config(players=3), 4)
    keep = state.legal_actions(1)[0]
    assert state.audience(1, keep) == SECRECY.audience(state, 1, keep) == frozenset({1})
