"""The game on the shared machinery: registry, codec, records, matches, bots, views."""

from __future__ import annotations

import json
import random

from engine.bots import RandomBot, SearchBot, make_bot, play_out
from engine.core.games import get_game
from engine.core.match import Match
from engine.core.record import parse_record
from engine.toy_battle import GAME, Config, Terrain, Troop, claimed_regions, legal_slots, new_game
from engine.toy_battle.actions import ACTION_CLASSES, Draw, FirstPlayer, Pick, Place, Shuffle, Skip, UseEffect
from engine.toy_battle.bots import HeuristicBot
from tests.toy_battle.helpers import arrange, full_order, start


def test_registry_exposes_the_game() -> None:
    info = get_game("toy-battle")
    assert info is GAME and info.title == "Toy Battle" and info.version == 1
    assert info.config_from_dict({"terrain": "battlefield"}) == Config("battlefield")
    assert isinstance(make_bot("heuristic", "toy-battle", 1), HeuristicBot)
    import engine.toy_battle as package

    for name, value in {"Terrain": Terrain, "Troop": Troop, "legal_slots": legal_slots,
                        "claimed_regions": claimed_regions, "new_game": new_game, "Config": Config}.items():
        assert name in package.__all__ and getattr(package, name) is value


def test_codec_round_trips_every_action() -> None:
    values = [Draw(), Skip(), Place("roxy", "14"), UseEffect(), UseEffect("13"), UseEffect("14", "11"),
              UseEffect("jumbo"), Shuffle("red", full_order()), FirstPlayer(1), Pick("kwak", True)]
    assert {type(v) for v in values} == set(ACTION_CLASSES)
    for v in values:
        assert GAME.codec.decode(json.loads(json.dumps(GAME.codec.encode(v)))) == v
    assert repr(Place("roxy", "14")) == "Place(roxy -> 14)" and repr(UseEffect("14", "11")) == "UseEffect(14 -> 11)"


def test_troop_knows_its_strength() -> None:
    assert [Troop("blue", n).strength for n in ("skully", "capn", "jumbo", "hook", "xb42", "star", "roxy")] == list(range(1, 8))
    assert Troop("red", "kwak").strength is None
    assert Troop("blue", "skully").can_cover(Troop("red", "kwak")) and Troop("blue", "kwak").can_cover(Troop("red", "roxy"))
    assert not Troop("blue", "star").can_cover(Troop("red", "star"))


def test_rules_summary_lists_troops_specials_and_choices() -> None:
    text = GAME.rules_summary(Config("volcanic-jungle"))
    assert "Roxy" in text and "Kwak" in text and "objective 7 medals" in text
    assert "Special (15, 19): May move 1 visible enemy Troop" in text
    assert "Interpretations" in text


def test_match_undo_stops_at_a_draw() -> None:
    match = Match(GAME, Config("castle-field", first_player=0), seed=5)
    seat = match.state.to_act()[0]
    place = next(a for a in match.state.legal_actions(seat) if isinstance(a, Place) and a.troop != "capn")
    match.play(seat, place)
    while match.state.to_act() == [seat]:  # any effect decision: skip it
        match.play(seat, Skip())
    assert match.can_undo()
    other = match.state.to_act()[0]
    match.play(other, Draw())  # reveals tiles to their owner: no undo across it
    assert not match.can_undo()
    again = Match.from_record(parse_record(json.loads(json.dumps(match.record().to_dict()))))
    assert again.state.state_hash() == match.state.state_hash()


def test_view_hides_the_opponents_rack_and_the_reserves_also_in_the_log() -> None:
    state = start(blue=["roxy", "capn", "hook"], red=["jumbo", "kwak", "star", "skully"])
    blue = state.view(0).to_dict()
    assert blue["rack"] == ["capn", "hook", "roxy"]
    assert blue["opponent_rack"] == {"size": 4, "seen": [], "face_down": 0}
    assert blue["reserve_sizes"] == [17, 16] and blue["box_sizes"] == [4, 4]
    assert "You draw Roxy, Cap'n, Hook." in blue["events"]
    text = json.dumps(blue)
    assert "jumbo" not in text and "Jumbo" not in text and "Skully" not in text


def test_determinize_keeps_what_the_viewer_knows() -> None:
    # blue saw red return a Star to its rack (Castle Field) and knows its own rack; the rest is dealt again
    state = start(blue=["roxy"], red=["kwak", "kwak", "skully", "star"])
    arrange(state, board={"24": ["red star"], "22": ["red roxy"]}, racks=(["roxy"], ["kwak", "skully", "star"]), turn=1)
    state.supply.known[1][6] = 1
    rng = random.Random(1)
    for _ in range(30):
        world = state.view(0).determinize(rng)
        w, s = world.supply, state.supply
        assert w.racks[0] == s.racks[0] and w.racks[1][6] >= 1 and w.rack_n[1] == 3
        assert world.board.stacks == state.board.stacks and sorted(w.reserve[0] + w.box[0]) == sorted(s.reserve[0] + s.box[0])
        assert not any(e.seats == frozenset({1}) for e in world.events)


def test_heuristic_and_search_bots_finish_games() -> None:
    for terrain in ("castle-field", "battlefield", "tropical-pool"):
        state = play_out(new_game(Config(terrain), 3), [HeuristicBot(1), RandomBot(2)])
        assert state.is_over()
    state = play_out(new_game(Config("caribbean-sea"), 4), [SearchBot(1, iterations=10), HeuristicBot(2)])
    assert state.is_over()


def test_heuristic_bot_takes_an_hq_when_it_can() -> None:
    state = arrange(start("castle-field"), board={"11": ["blue roxy"], "13": ["blue roxy"], "17": ["blue roxy"],
                                                  "22": ["blue roxy"], "24": ["blue roxy"]}, racks=(["skully", "roxy"], ["roxy"]))
    assert HeuristicBot(0).choose(state.view(0)).node == "41"
