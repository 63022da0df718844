"""Golden scenarios: every troop's effect and every special base, on Mini and on real terrains.

Mini (see helpers.py)::

        R
        |
    4 - 5 - 6        region 0 = 1 2 4 5 (2 medals)
    |   |   |        region 1 = 2 3 5 6 (3 medals)
    1 - 2 - 3
        |
        B
"""

from __future__ import annotations

import pytest

from engine.core.protocol import CHANCE, IllegalAction
from engine.toy_battle import Config, new_game
from engine.toy_battle.actions import Draw, Pick, Place, Skip, UseEffect
from tests.toy_battle.helpers import arrange, mini, start, texts, top


def places(state):
    return {(a.troop, a.node) for a in state.legal_actions(state.seat) if isinstance(a, Place)}


# ================================================================= troops
def test_troop_skully_takes_2_from_the_reserve(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), racks=(["skully"], ["roxy"]), reserves=(["roxy", "kwak", "star"], []))
    state.apply(0, Place("skully", "2"))
    assert state.legal_actions(0) == [UseEffect(), Skip()]
    state.apply(0, UseEffect())
    assert state.rack(0) == ["kwak", "roxy"] and state.to_act() == [1]


def test_troop_skully_takes_only_1_when_the_rack_would_overflow(terrain_path) -> None:
    rack = ["skully"] + ["roxy"] * 3 + ["star"] * 3 + ["hook"]  # 8, 7 once Skully is placed
    state = arrange(start(terrain_path(mini())), racks=(rack, ["roxy"]), reserves=(["kwak", "capn"], []))
    state.apply(0, Place("skully", "2"))
    state.apply(0, UseEffect())
    assert state.supply.rack_n[0] == 8 and state.rack(0).count("kwak") == 1 and len(state.supply.reserve[0]) == 1


def test_troop_skully_not_offered_with_an_empty_reserve(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), racks=(["skully"], ["roxy"]), reserves=([], ["roxy"]))
    state.apply(0, Place("skully", "2"))
    assert state.pending is None and state.to_act() == [1]


def test_troop_capn_places_another_whose_effect_resolves_before_base_effects(terrain_path) -> None:
    # base 2 is a draw-1 (City of Clouds) base; red holds 4 so Jumbo on 1 has a target
    state = arrange(
        start(terrain_path(mini(**{"2": "draw-1"}))),
        board={"4": ["red roxy"]},
        racks=(["capn", "jumbo", "roxy"], ["roxy"]),
        reserves=(["star"], []),
    )
    state.apply(0, Place("capn", "2"))
    legal = state.legal_actions(0)
    assert legal[-1] == Skip() and Draw() not in legal
    assert places(state) == {(k, n) for k in ("jumbo", "roxy") for n in ("1", "2", "3", "5")}
    state.apply(0, Place("jumbo", "1"))
    assert state.pending_effect() == "Jumbo's attack (base 1)"  # the troop effect first
    state.apply(0, UseEffect("4"))
    assert state.pending_effect() == "the base's draw (base 2)"  # then the base of Cap'n
    state.apply(0, UseEffect())
    assert state.rack(0) == ["star", "roxy"] and state.to_act() == [1]
    assert top(state, "4") is None and state.board.discard == [1 << 3 | 7]


def test_troop_capn_chain_and_skip(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), racks=(["capn", "capn", "roxy"], ["roxy"]))
    state.apply(0, Place("capn", "2"))
    state.apply(0, Place("capn", "1"))
    assert state.pending_effect() == "Cap'n's extra placement (base 1)"
    state.apply(0, Skip())
    assert state.rack(0) == ["roxy"] and state.to_act() == [1]


def test_troop_jumbo_discards_an_adjacent_visible_enemy_whatever_its_strength(terrain_path) -> None:
    # under red's Roxy on 1 lies blue's Skully: discarding the Roxy gives blue region 0
    board = {"1": ["blue skully", "red roxy"], "4": ["blue star"], "5": ["blue star"], "3": ["red kwak"]}
    state = arrange(start(terrain_path(mini())), board=board, racks=(["jumbo"], ["roxy"]))
    state.apply(0, Place("jumbo", "2"))
    assert state.legal_actions(0) == [UseEffect("1"), UseEffect("3"), Skip()]
    state.apply(0, UseEffect("1"))
    assert top(state, "1") == "blue skully"
    assert state.board.medals == [2, 0] and state.board.discard == [1 << 3 | 7]
    assert "Blue's Jumbo sends Red's Roxy (7) on base 1 to the discard." in texts(state)


def test_troop_jumbo_not_offered_without_an_adjacent_enemy(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), board={"6": ["red roxy"]}, racks=(["jumbo"], ["roxy"]))
    state.apply(0, Place("jumbo", "2"))
    assert state.pending is None


def test_troop_hook_may_ignore_the_connection_but_not_to_an_hq(terrain_path) -> None:
    state = arrange(
        start(terrain_path(mini())), board={"5": ["blue roxy"], "6": ["red star"]}, racks=(["hook", "roxy"], ["roxy"])
    )
    hook = {n for k, n in places(state) if k == "hook"}
    assert hook == {"1", "2", "3", "4", "5"}  # not 6 (red Star is stronger); not R (5 is cut off from B)
    assert {n for k, n in places(state) if k == "roxy"} == {"2"}
    with pytest.raises(IllegalAction, match=r"Hook \(4\) cannot go on Red's H.Q.: it is not connected to your H.Q."):
        state.apply(0, Place("hook", "R"))
    state.apply(0, Place("hook", "4"))
    assert top(state, "4") == "blue hook" and state.to_act() == [1]


def test_troop_xb42_discards_a_random_troop_from_the_opponents_rack(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), racks=(["xb42"], ["roxy", "roxy", "kwak"]))
    state.apply(0, Place("xb42", "2"))
    state.apply(0, UseEffect())
    assert state.to_act() == [CHANCE]
    assert state.legal_actions(CHANCE) == [Pick("kwak"), Pick("roxy")]
    with pytest.raises(IllegalAction, match="cannot be picked"):
        state.apply(CHANCE, Pick("star"))
    state.apply(CHANCE, Pick("roxy"))
    assert state.rack(1) == ["kwak", "roxy"] and state.board.discard == [1 << 3 | 7]
    assert "Blue's XB-42 discards Red's Roxy (7) from their rack." in texts(state)  # face up: public
    assert state.to_act() == [1]


def test_troop_xb42_seeded_pick_is_resolved_by_the_state() -> None:
    state = new_game(Config("castle-field", first_player=0), seed=3)
    arrange(state, racks=(["xb42"], ["roxy", "kwak"]))
    state.apply(0, Place("xb42", "11"))
    state.apply(0, UseEffect())
    assert state.to_act() == [1] and state.supply.rack_n[1] == 1 and len(state.board.discard) == 1


def test_troop_star_takes_1_from_the_reserve(terrain_path) -> None:
    state = arrange(start(terrain_path(mini())), racks=(["star"], ["roxy"]), reserves=(["kwak", "roxy"], []))
    state.apply(0, Place("star", "2"))
    state.apply(0, UseEffect())
    assert state.rack(0) == ["kwak"]


def test_troop_roxy_and_kwak_have_no_effect(terrain_path) -> None:
    for troop in ("roxy", "kwak"):
        state = arrange(start(terrain_path(mini())), board={"1": ["red roxy"]}, racks=([troop], ["roxy"]))
        state.apply(0, Place(troop, "2"))
        assert state.pending is None and state.to_act() == [1]


# ========================================================== special bases
def test_special_castle_field_return_one_of_your_other_visible_troops() -> None:
    state = start("castle-field")
    board = {"11": ["blue skully"], "13": ["red jumbo", "blue star"], "12": ["blue hook", "red kwak"]}
    arrange(state, board=board, racks=(["roxy"], ["roxy"]))
    state.apply(0, Place("roxy", "15"))
    # 11 and 13 are blue's visible troops; 12's Hook is covered; 15 is the troop just placed
    assert state.legal_actions(0) == [UseEffect("11"), UseEffect("13"), Skip()]
    state.apply(0, UseEffect("13"))
    assert state.rack(0) == ["star"] and top(state, "13") == "red jumbo"
    assert state.supply.known[0][6] == 1  # red saw the Star come back
    assert state.view(1).to_dict()["opponent_rack"] == {"size": 1, "seen": ["star"], "face_down": 0}


def test_special_return_can_hand_a_region_to_the_opponent() -> None:
    # blue takes back its Roxy from 14 and uncovers red's Star: red then holds 14 16 19 (region 3 of the facts)
    board = {
        "11": ["blue skully"],
        "13": ["blue skully"],
        "14": ["red star", "blue roxy"],
        "16": ["red jumbo"],
        "19": ["red jumbo"],
    }
    state = arrange(start("castle-field"), board=board, racks=(["kwak"], ["roxy"]))
    state.apply(0, Place("kwak", "15"))
    assert state.legal_actions(0) == [UseEffect("11"), UseEffect("13"), UseEffect("14"), Skip()]
    state.apply(0, UseEffect("14"))
    assert state.board.medals == [0, 1] and state.board.claimed[2] == 1
    assert "Red takes the 1-medal region of bases 14, 16 and 19: 1 medal, 1 in all." in texts(state)


@pytest.mark.parametrize(
    "troop, legal", [("skully", True), ("capn", True), ("kwak", True), ("jumbo", False), ("star", False), ("roxy", False)]
)
def test_special_tropical_pool_only_1_2(terrain_path, troop, legal) -> None:
    state = arrange(start(terrain_path(mini(**{"2": "only-1-2"}))), racks=([troop], ["roxy"]))
    assert ((troop, "2") in places(state)) is legal


def test_special_tropical_pool_limits_on_real_terrain_and_hq() -> None:
    state = start("tropical-pool")
    # 16 is 3/4/5, 17 is 6/7; red H.Q. 41 is 6/7 too (blue needs a Star, Roxy or Kwak to take it)
    arrange(
        state,
        board={"13": ["blue roxy"], "14": ["blue roxy"], "17": ["blue roxy"], "21": ["blue roxy"]},
        racks=(["xb42", "star", "kwak", "hook"], ["roxy"]),
    )
    got = places(state)
    assert ("xb42", "16") in got and ("star", "16") not in got and ("kwak", "16") in got
    assert ("star", "17") in got and ("xb42", "17") not in got
    assert ("star", "41") in got and ("kwak", "41") in got and ("xb42", "41") not in got and ("hook", "41") not in got
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Place("xb42", "41"))
    assert str(err.value) == ("XB-42 (5) cannot go on Red's H.Q. 41: only a Troop of strength 6 or 7 (or Kwak) "
                              "may be placed there.")


def test_special_city_of_clouds_draw_1() -> None:
    state = start("city-of-clouds")
    arrange(state, board={"11": ["blue roxy"]}, racks=(["roxy"], ["roxy"]), reserves=(["kwak"], []))
    state.apply(0, Place("roxy", "13"))
    assert state.pending_effect() == "the base's draw (base 13)"
    state.apply(0, UseEffect())
    assert state.rack(0) == ["kwak"]


def test_special_volcanic_jungle_push_an_adjacent_enemy_ignoring_placement_rules() -> None:
    state = start("volcanic-jungle")
    t = state.terrain
    assert t.neighbours("15") == ("12", "14", "18") and t.neighbours("14") == ("11", "15", "17")
    board = {"11": ["blue roxy"], "12": ["blue roxy"], "14": ["red skully"], "18": ["red roxy"]}
    arrange(state, board=board, racks=(["roxy"], ["roxy"]))
    state.apply(0, Place("roxy", "15"))
    got = state.legal_actions(0)
    assert [a for a in got if getattr(a, "target", None) == "14"] == [
        UseEffect("14", "11"),
        UseEffect("14", "15"),
        UseEffect("14", "17"),
    ]
    assert UseEffect("18", "21") in got and not any(getattr(a, "target", None) == "12" for a in got)
    state.apply(0, UseEffect("14", "11"))  # onto blue's Roxy: placement rules are ignored
    assert top(state, "11") == "red skully" and top(state, "14") is None


def test_special_push_can_complete_a_region_for_the_opponent(terrain_path) -> None:
    board = {"1": ["red roxy"], "3": ["red star"], "5": ["red star"], "6": ["red star"]}
    state = arrange(start(terrain_path(mini(**{"2": "push"}))), board=board, racks=(["skully"], ["roxy"]))
    state.apply(0, Place("skully", "2"))
    state.apply(0, Skip())  # Skully
    state.apply(0, UseEffect("1", "2"))  # red's Roxy onto blue's Skully: red holds 2 3 5 6
    assert state.board.medals == [0, 3] and state.board.claimed == [-1, 1]


def test_special_cursed_cemetery_raise_one_of_your_troops_from_the_discard() -> None:
    state = start("cursed-cemetery")
    arrange(state, board={"11": ["blue roxy"]}, racks=(["roxy"], ["roxy"]), discard=["red roxy", "blue jumbo", "blue kwak"])
    assert state.terrain.special[state.terrain.index["14"]] == "raise"
    state.apply(0, Place("roxy", "14"))
    assert state.legal_actions(0) == [UseEffect("kwak"), UseEffect("jumbo"), Skip()]
    state.apply(0, UseEffect("jumbo"))
    assert state.rack(0) == ["jumbo"] and state.board.discard == [1 << 3 | 7, 0]


def test_special_station_metal_x_cancels_troop_effects(terrain_path) -> None:
    state = arrange(start(terrain_path(mini(**{"2": "no-effects"}))), racks=(["skully"], ["roxy"]))
    state.apply(0, Place("skully", "2"))
    assert state.pending is None and state.to_act() == [1]


def test_special_station_metal_x_hook_cannot_fly_onto_it(terrain_path) -> None:
    state = arrange(
        start(terrain_path(mini(**{"6": "no-effects", "3": "no-effects"}))),
        board={"2": ["blue roxy"]},
        racks=(["hook"], ["roxy"]),
    )
    got = {n for _, n in places(state)}
    assert "3" in got and "6" not in got  # 3 is connected; 6 would need Hook's effect
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Place("hook", "6"))
    assert "Hook cannot ignore the connection" in str(err.value)


def test_special_battlefield_block_a_blind_troop_for_the_next_turn(terrain_path) -> None:
    state = arrange(
        start(terrain_path(mini(**{"2": "block"}))), racks=(["roxy", "star"], ["roxy", "skully"]), reserves=(["kwak"], ["star"])
    )
    state.apply(0, Place("roxy", "2"))
    assert state.to_act() == [CHANCE] and state.legal_actions(CHANCE) == [Pick("skully"), Pick("roxy")]
    state.apply(CHANCE, Pick("roxy"))
    assert state.to_act() == [1]
    assert ("roxy", "5") not in places(state) and ("skully", "5") in places(state)
    with pytest.raises(IllegalAction, match="Your Roxy lies face down this turn: you cannot place it."):
        state.apply(1, Place("roxy", "5"))
    red, blue = state.view(1).to_dict(), state.view(0).to_dict()
    assert red["face_down"] == ["roxy"] and blue["opponent_rack"] == {"size": 2, "seen": [], "face_down": 1}
    assert not any("Roxy" in e for e in blue["events"][-2:])
    state.apply(1, Draw())  # the face-down tile still counts on the rack
    assert state.supply.rack_n[1] == 3 and state.supply.blocked[1] == [0] * 8  # stands up at the end of red's turn
    state.apply(0, Place("star", "1"))
    state.apply(0, Skip())  # Star's draw
    assert ("roxy", "5") in {(a.troop, a.node) for a in state.legal_actions(1) if isinstance(a, Place)}
