"""One test per rule paragraph of the rulebook, on the hand-made Mini grid and real terrains.

Mini (tests/toy_battle/helpers.py)::

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
from engine.toy_battle import Config, Terrain, Troop, claimed_regions, legal_slots, new_game
from engine.toy_battle.actions import Draw, FirstPlayer, Place, Shuffle, Skip, UseEffect
from engine.toy_battle.troops import KIND_OF_NAME
from tests.toy_battle.helpers import MINI, arrange, full_order, start, top


def placements(state, seat=None):
    seat = state.seat if seat is None else seat
    return {(a.troop, a.node) for a in state.legal_actions(seat) if isinstance(a, Place)}


def refuse(state, action, message: str) -> None:
    before = state.state_hash()
    with pytest.raises(IllegalAction) as err:
        state.apply(state.seat, action)
    assert str(err.value) == message
    assert state.state_hash() == before  # never half-applied


# ------------------------------------------------------------------ setup
def test_setup_24_troops_4_removed_first_player_3_other_4() -> None:
    state = new_game(Config("castle-field"))
    assert state.to_act() == [CHANCE]
    blue = full_order(["star", "kwak", "roxy", "hook", "capn"])
    state.apply(CHANCE, Shuffle("blue", blue))
    state.apply(CHANCE, Shuffle("red", full_order(["jumbo", "jumbo", "xb42"])))
    assert state.legal_actions(CHANCE) == [FirstPlayer(0), FirstPlayer(1)]
    state.apply(CHANCE, FirstPlayer(1))
    assert state.to_act() == [1]
    assert state.rack(1) == ["jumbo", "jumbo", "xb42"]  # the first player takes 3
    assert state.rack(0) == ["kwak", "hook", "star", "roxy"]  # the other takes 4
    for seat, rack in ((0, 4), (1, 3)):
        assert state.troop_census(seat) == {"reserve": 20 - rack, "rack": rack, "board": 0, "discard": 0, "box": 4}
    # the 4 in the box are the last 4 of the shuffle, unseen by anyone
    assert sorted(state.supply.box[0]) == sorted(KIND_OF_NAME[name] for name in blue[-4:])
    view = state.view(0).to_dict()
    assert view["box_sizes"] == [4, 4] and "box" not in view


def test_setup_shuffle_must_hold_three_of_each() -> None:
    state = new_game(Config("castle-field"))
    with pytest.raises(IllegalAction, match="A shuffle must order all 24 troops: 3 of each kind."):
        state.apply(CHANCE, Shuffle("blue", ("roxy",) * 24))
    with pytest.raises(IllegalAction, match="the shuffle of blue's troops"):
        state.apply(CHANCE, Shuffle("red", full_order()))


def test_setup_seeded_game_resolves_chance_itself() -> None:
    a = new_game(Config("castle-field"), seed=7)
    b = new_game(Config("castle-field"), seed=7)
    assert a.to_act() in ([0], [1]) and a.state_hash() == b.state_hash()
    assert sorted(a.supply.rack_n) == [3, 4]
    assert new_game(Config("castle-field", first_player=1), seed=7).to_act() == [1]


# ------------------------------------------------------------------- turn
def test_turn_draw_2_troops() -> None:
    state = start(blue=["roxy", "capn", "hook", "kwak", "star"])
    state.apply(0, Draw())
    assert state.rack(0) == ["kwak", "capn", "hook", "star", "roxy"]
    assert state.troop_census(0)["reserve"] == 15
    assert state.to_act() == [1]


def test_turn_draw_only_1_when_1_space_left() -> None:
    state = start()
    arrange(state, racks=(["roxy"] * 3 + ["star"] * 3 + ["hook"], []), reserves=(["kwak", "capn"], []))
    state.apply(0, Draw())
    assert state.supply.rack_n[0] == 8 and state.rack(0).count("kwak") == 1 and len(state.supply.reserve[0]) == 1


def test_turn_draw_only_1_when_1_left_in_reserve() -> None:
    state = start()
    arrange(state, racks=(["roxy"], []), reserves=(["kwak"], []))
    state.apply(0, Draw())
    assert state.rack(0) == ["kwak", "roxy"] and state.supply.reserve[0] == []


def test_turn_cannot_draw_with_8_on_the_rack() -> None:
    state = start()
    arrange(state, racks=(["roxy"] * 3 + ["star"] * 3 + ["hook"] * 2, []))
    assert Draw() not in state.legal_actions(0)
    refuse(state, Draw(), "You cannot draw: your rack already holds 8 Troops.")


def test_turn_only_the_player_to_act_may_act() -> None:
    state = start(blue=["roxy"])
    with pytest.raises(IllegalAction, match="It is not red's turn."):
        state.apply(1, Draw())


# -------------------------------------------------------------- placement
def test_placement_slots_empty_base(terrain_path) -> None:
    state = start(terrain_path(MINI), blue=["roxy"])
    arrange(state, racks=(["roxy"], ["roxy"]))
    assert placements(state) == {("roxy", "2")}  # the only base next to H.Q. B


def test_placement_slots_own_occupied_base(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), board={"2": ["blue roxy"]}, racks=(["skully"], ["roxy"]))
    assert ("skully", "2") in placements(state)
    state.apply(0, Place("skully", "2"))
    assert state.board.stacks[state.terrain.index["2"]] == (7, 1)  # on top of the Roxy, bottom first


def test_placement_slots_strictly_weaker_enemy(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), board={"2": ["red star"]}, racks=(["roxy", "star", "xb42"], ["roxy"]))
    assert placements(state) == {("roxy", "2")}
    refuse(state, Place("star", "2"), "Star (6) cannot go on base 2: Red's Star (6) there is not weaker.")
    refuse(state, Place("xb42", "2"), "XB-42 (5) cannot go on base 2: Red's Star (6) there is not weaker.")


def test_placement_kwak_covers_and_is_covered_by_anything(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), board={"2": ["red roxy"]}, racks=(["kwak", "star"], ["roxy"]))
    assert placements(state) == {("kwak", "2")}
    state = arrange(start(terrain_path(MINI)), board={"2": ["red kwak"]}, racks=(["skully"], ["roxy"]))
    assert placements(state) == {("skully", "2")}


def test_placement_enemy_hq_is_a_slot_own_hq_never(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), board={"2": ["blue jumbo"], "5": ["blue jumbo"]}, racks=(["skully"], ["roxy"]))
    assert ("skully", "R") in placements(state)
    refuse(state, Place("skully", "B"), "Skully (1) cannot go on Blue's H.Q.: you can never place a Troop on your own H.Q.")


def test_placement_connection_cut_by_empty_and_enemy_bases(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), board={"2": ["blue skully"], "5": ["red roxy"]}, racks=(["roxy"], ["roxy"]))
    # from B through 2: 1 and 3 (empty, reachable), 2 (own); 5 is red and equal; 4 and 6 lie behind empty 1/3 or red 5
    assert placements(state) == {("roxy", "1"), ("roxy", "2"), ("roxy", "3")}
    refuse(state, Place("roxy", "4"), "Roxy (7) cannot go on base 4: it is not connected to your H.Q.")
    refuse(state, Place("roxy", "R"), "Roxy (7) cannot go on Red's H.Q.: it is not connected to your H.Q.")


def test_placement_stack_only_top_occupies(terrain_path) -> None:
    # blue's Roxy on 2 is covered by red's Kwak: 2 is red's now and cuts blue off from 1 and 3
    board = {"2": ["blue roxy", "red kwak"], "1": ["blue star"]}
    state = arrange(start(terrain_path(MINI)), board=board, racks=(["skully"], ["roxy"]))
    assert placements(state) == {("skully", "2")}
    assert top(state, "2") == "red kwak"


def test_placement_refuses_a_troop_not_on_the_rack_and_unknown_nodes(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), racks=(["skully"], ["roxy"]))
    refuse(state, Place("roxy", "2"), "You have no Roxy on your rack.")
    refuse(state, Place("skully", "9"), "There is no base or H.Q. '9' on Mini.")


def test_placement_on_real_terrain_castle_field() -> None:
    state = start(blue=["roxy", "capn", "hook"])
    assert placements(state) >= {("roxy", "11"), ("roxy", "12")}
    refuse(state, Place("roxy", "14"), "Roxy (7) cannot go on base 14: it is not connected to your H.Q.")


# ---------------------------------------------------------------- regions
def test_region_claimed_as_soon_as_all_its_bases_are_occupied(terrain_path) -> None:
    board = {"1": ["blue skully"], "2": ["blue skully"], "4": ["blue skully"]}
    state = arrange(start(terrain_path(MINI)), board=board, racks=(["roxy"], ["roxy"]))
    state.apply(0, Place("roxy", "5"))
    assert state.board.medals == [2, 0] and state.board.claimed == [0, -1]
    assert "Blue takes the 2-medal region of bases 1, 2, 4 and 5: 2 medals, 2 in all." in [e.text for e in state.events]


def test_regions_several_in_one_turn(terrain_path) -> None:
    board = {n: ["blue skully"] for n in ("1", "2", "3", "4", "6")}
    state = arrange(start(terrain_path(MINI), objective=9), board=board, racks=(["roxy"], ["roxy"]))
    state.apply(0, Place("roxy", "5"))
    assert state.board.medals == [5, 0] and state.board.claimed == [0, 0]


def test_regions_medals_kept_forever_and_taken_once(terrain_path) -> None:
    board = {n: ["blue skully"] for n in ("1", "2", "4")}
    state = arrange(start(terrain_path(MINI), objective=9), board=board, racks=(["roxy"], ["kwak"] * 4))
    state.apply(0, Place("roxy", "5"))
    # red covers every base of region 0 (Kwak covers anything): blue keeps its medals, red gains nothing
    arrange(state, board={n: ["blue skully", "red kwak"] for n in ("1", "2", "4")} | {"5": ["blue roxy"]}, turn=1)
    state.apply(1, Place("kwak", "5"))
    assert state.board.claimed == [0, -1] and state.board.medals == [2, 0]


def test_claimed_regions_pure_function() -> None:
    t = Terrain.named("castle-field")
    blue = [Troop("blue", "roxy")]
    board = {n: blue for n in ("13", "15", "17")} | {"22": [Troop("blue", "star"), Troop("red", "kwak")]}
    assert claimed_regions(t, board, "blue") == [1]  # region 2 of the facts: 13-15-17
    board |= {"20": [Troop("red", "skully")], "17": [Troop("red", "roxy")]}
    assert claimed_regions(t, board, "red") == [5]  # 17-20-22
    assert claimed_regions(t, board, "blue") == []


def test_legal_slots_pure_function() -> None:
    t = Terrain.named("castle-field")
    board = {"11": [Troop("blue", "roxy")], "13": [Troop("blue", "star"), Troop("red", "skully")]}
    assert legal_slots(t, board, "blue", "roxy") == {"11", "12", "13"}
    assert legal_slots(t, board, "blue", Troop("blue", "kwak")) == {"11", "12", "13"}
    assert legal_slots(t, board, "blue", "hook") == set(t.bases)  # Hook may ignore the connection
    assert legal_slots(t, board, "red", "skully") == {"24", "25"}
    with pytest.raises(ValueError, match="not a blue troop"):
        legal_slots(t, board, "blue", Troop("red", "roxy"))


def test_legal_slots_pool_limits_and_first_games() -> None:
    t = Terrain.named("tropical-pool")
    board = {"11": [Troop("blue", "roxy")]}
    # from H.Q.s 1 and 2 (next to 11 and 13), then on through 11 to 12 (only 1/2) and 13
    assert legal_slots(t, board, "blue", "roxy") == {"11", "13"}
    assert legal_slots(t, board, "blue", "capn") == {"11", "12", "13"}
    assert legal_slots(t, board, "blue", "kwak") == {"11", "12", "13"}
    assert legal_slots(t, board, "blue", "roxy", special_bases=False) == {"11", "12", "13"}


# -------------------------------------------------------------------- end
def test_end_capture_enemy_hq_wins_at_once(terrain_path) -> None:
    board = {"2": ["blue skully"], "5": ["blue skully"]}
    state = arrange(start(terrain_path(MINI)), board=board, racks=(["skully"], ["roxy"]))
    state.apply(0, Place("skully", "R"))
    assert state.is_over() and state.result().winners == (0,)
    assert state.result().reason == "Blue captures Red's H.Q."  # one red H.Q. here: no id to print
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    assert state.pending is None  # Skully's draw is never offered after the win


def test_end_capture_any_one_of_several_hqs() -> None:
    state = start("caribbean-sea", first=1)
    # red reaches blue H.Q. 2 through 20-21-18-15 (blue has 2 H.Q.s on this terrain)
    arrange(
        state,
        board={"20": ["red roxy"], "21": ["red roxy"], "18": ["red roxy"], "15": ["red roxy"]},
        racks=(["roxy"], ["skully"]),
        turn=1,
    )
    assert ("skully", "2") in placements(state)
    state.apply(1, Place("skully", "2"))
    assert state.result().winners == (1,)


def test_end_medals_objective_wins_at_once(terrain_path) -> None:
    board = {n: ["blue skully"] for n in ("1", "2", "4")}
    state = arrange(start(terrain_path(MINI), objective=2), board=board, racks=(["star"], ["roxy"]))
    state.apply(0, Place("star", "5"))
    assert state.is_over() and state.result().winners == (0,)
    assert state.result().reason == "Blue reaches the medals objective (2)."


@pytest.mark.parametrize(
    "medals, winner, reason",
    [
        ([1, 0], 0, "Red cannot draw or place: the game ends, Blue wins on medals 1 to 0."),
        ([0, 2], 1, "Red cannot draw or place: the game ends, Red wins on medals 2 to 0."),
        ([1, 1], 0, "Red cannot draw or place and ends the game on a tie (1-1 in medals): Red loses."),
    ],
)
def test_end_no_more_actions_more_medals_wins_tie_loses_for_who_ended_it(terrain_path, medals, winner, reason) -> None:
    state = arrange(start(terrain_path(MINI)), racks=(["roxy"], []), reserves=([], []))
    state.board.medals = list(medals)
    state.apply(0, Place("roxy", "2"))
    assert state.is_over()
    assert state.result().winners == (winner,) and state.result().reason == reason
    assert state.result().scores == tuple(float(m) for m in medals)


def test_end_a_player_whose_troops_cannot_go_anywhere_ends_the_game(terrain_path) -> None:
    # red's only troop cannot go anywhere: 5 holds blue's Roxy and red's reserve is empty
    state = arrange(
        start(terrain_path(MINI)), board={"5": ["blue roxy"]}, racks=(["skully", "skully"], ["star"]), reserves=([], [])
    )
    state.apply(0, Place("skully", "2"))  # Skully's draw is not offered: blue's reserve is empty
    assert state.is_over() and state.result().winners == (0,)
    assert state.result().reason == "Red cannot draw or place and ends the game on a tie (0-0 in medals): Red loses."


def test_first_games_option_special_bases_are_plain() -> None:
    state = start("castle-field", blue=["roxy", "star"], first_games=True)
    arrange(state, board={"11": ["blue skully"], "13": ["blue skully"]}, racks=(["roxy", "star"], ["roxy"]))
    state.apply(0, Place("roxy", "15"))  # a return base in the full game
    assert state.to_act() == [1] and state.pending is None
    pool = start("tropical-pool", first_games=True)
    arrange(pool, board={"11": ["blue roxy"]}, racks=(["roxy"], ["roxy"]))
    assert ("roxy", "12") in placements(pool)  # the 1/2 limit is gone too
    assert "First games: special bases play as plain bases." in __import__(
        "engine.toy_battle", fromlist=["x"]
    ).GAME.rules_summary(Config("castle-field", first_games=True))


def test_effect_decisions_must_be_resolved_first(terrain_path) -> None:
    state = arrange(start(terrain_path(MINI)), racks=(["star", "roxy"], ["roxy"]))
    state.apply(0, Place("star", "2"))
    assert state.legal_actions(0) == [UseEffect(), Skip()]
    refuse(state, Draw(), "First resolve Star's draw (base 2): use it or skip it.")
    refuse(state, Place("roxy", "2"), "First resolve Star's draw (base 2): use it or skip it.")
    state.apply(0, Skip())
    assert state.to_act() == [1]
    refuse_red = pytest.raises(IllegalAction, match="There is no effect to use or skip now.")
    with refuse_red:
        state.apply(1, Skip())
