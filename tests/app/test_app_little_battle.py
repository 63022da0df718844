"""Little Battle through the controller the mouse drives, and on screen."""

from __future__ import annotations

import json

import pytest

from app.games.little_battle.controller import LittleBattleController
from app.seats import Seats, parse_seats

HIGHLIGHT = (89, 255, 89)  # app.games.little_battle.view.HIGHLIGHT under the baked light, roughly


def new(seats=("human", "heuristic", "heuristic"), seed=3, **kw) -> LittleBattleController:
    return LittleBattleController.new("little-battle", {"players": len(seats)}, Seats(tuple(seats)), seed=seed, **kw)


def test_a_draft_pick_goes_through_the_engine():
    c = new()
    assert c.my_turn() and c.phase() == "draft"
    hand = c.hand()
    assert len(hand) == 5
    c.click_card(hand[2])
    assert c.selected == hand[2]
    assert c.ship_highlighted()
    assert c.highlighted_piles() == []  # in the draft the engine offers no attack
    assert c.click_ship()
    assert hand[2] in c.view_dict()["ship"]
    assert c.match.actions[-1][0] == 0 and str(c.match.actions[-1][1].card) == hand[2]
    c.run_bots()
    assert len(c.hand()) == 4 and c.my_turn()


def test_an_illegal_click_shows_the_engines_sentence():
    c = new()
    c.click_card(c.hand()[0])
    assert not c.click_pile(0)
    assert c.message == c.explain(c._match_action(__import__("engine.little_battle", fromlist=["Attack"]).Attack,
                                                  lambda a: True, pile=0))
    assert "keep a card" in c.message
    assert not c.click_card("Parrot 99")
    assert "not in your hand" in c.message


def test_a_whole_game_by_clicks_ends_with_a_result():
    c = new(seed=11)
    while not c.is_over():
        if c.my_turn():
            c.click_card(c.hand()[0])
            if c.phase() == "draft":
                assert c.click_ship()
            else:
                piles = c.highlighted_piles()
                assert piles, "the engine always leaves a pile to attack while the game runs"
                assert c.click_pile(piles[-1])
        else:
            assert c.run_bots() > 0
    assert c.match.state.result() is not None
    assert "wins" in c.status() or "share" in c.status()


def test_hot_seat_hides_hands_until_the_next_player_is_ready():
    c = new(seats=("human", "human", "random"))
    first = c.hand()
    c.click_card(first[0])
    c.click_ship()
    assert c.handover_to == 1
    assert c.hand() == [] and c.legal() == []  # nobody sees player 2's cards yet
    assert not c.click_card(first[1])
    c.acknowledge_handover()
    assert c.viewer == 1 and c.hand() and c.hand() != first[1:]
    assert c.view_dict()["seat"] == 1


def test_undo_takes_back_a_pick_but_not_a_reveal():
    c = new(seats=("human", "human", "human"))
    card = c.hand()[0]
    c.click_card(card)
    c.click_ship()
    assert c.undo()
    assert c.viewer == 0 and card in c.hand()
    # every seat commits: the hands pass (a reveal), so undo stops there
    for _ in range(3):
        c.acknowledge_handover()
        c.click_card(c.hand()[0])
        c.click_ship()
    assert not c.match.can_undo()
    assert not c.undo()
    assert "cannot be taken back" in c.message


def test_save_load_and_autosave(tmp_path):
    auto = tmp_path / "auto.json"
    c = new(autosave=auto)
    c.click_card(c.hand()[0])
    c.click_ship()
    c.run_bots()
    assert json.loads(auto.read_text())["actions"], "autosave is written after each action"
    path = tmp_path / "save.json"
    c.save(path)
    before = c.match.state.state_hash()
    other = new(seed=99)
    assert other.load(path)
    assert other.match.state.state_hash() == before
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert not other.load(bad)
    assert "not valid JSON" in other.message
    assert other.match.state.state_hash() == before


def test_play_again_deals_a_new_game():
    c = new()
    c.click_card(c.hand()[0])
    c.click_ship()
    c.restart(seed=4)
    assert c.match.actions == [] and c.phase() == "draft" and c.viewer == 0


def test_seats_option():
    # an unnamed seat gets the Normal bot (issue 27: seats in a player's words, default Normal)
    assert parse_seats("little-battle", "1=human,blue=search", 3).kinds == ("human", "search", "normal")
    with pytest.raises(ValueError, match="seat 'blue' is given twice"):  # issue 22: seat 2 named twice
        parse_seats("little-battle", "2=human,blue=search", 3)
    assert parse_seats("little-soldiers", "green=human,yellow=bot", 2).kinds[0] == "human"
    with pytest.raises(ValueError, match="no seat 'pink'"):
        parse_seats("little-battle", "pink=human", 3)
    with pytest.raises(ValueError, match="not human or a bot"):
        parse_seats("little-battle", "1=robot", 3)


def _is_highlight(rgb):
    return rgb is not None and rgb[1] > 200 and rgb[0] < 150 and rgb[2] < 150


@pytest.mark.parametrize("phase", ["draft", "rush"])
def test_screenshot_highlights_where_the_engine_says(probe, tmp_path, phase):
    png = tmp_path / f"lb-{phase}.png"
    facts = probe("little_battle", str(png), phase)
    assert png.stat().st_size > 10_000
    assert facts["colours"] > 40, "the frame is not blank"
    assert facts["phase"] == phase
    for p, pile in enumerate(facts["piles"]):
        assert pile["at"] is not None, f"pile {p + 1} is on screen"
        assert _is_highlight(pile["rgb"]) == (p in facts["lit_piles"]), (p, pile, facts["lit_piles"])
    if phase == "rush":
        assert facts["lit_piles"], "in the Gold Rush the engine offers a pile"
    else:
        assert facts["ship_lit"] and facts["lit_piles"] == []
    lit_cards = [i for i, card in enumerate(facts["cards"]) if _is_highlight(card["rgb"])]
    assert lit_cards == [len(facts["hand"]) - 1], facts["cards"]  # only the card picked up


def test_the_reveal_flips_the_played_cards_face_up(probe, tmp_path):
    # Fresh: the revealed cards of a pile overlap at one height, so which one shows where they
    # overlap follows Panda3D's state sort, which a reused process orders otherwise (the probed
    # pixel then shows the neighbour card). The view should lift each card above the one before.
    facts = probe("little_battle_reveal", str(tmp_path / "reveal.png"), fresh=True)
    engine = [(r["pile"], r["seat"], r["card"]) for r in facts["engine"]]
    assert engine
    assert [(r["pile"], r["seat"], r["card"]) for r in facts["start"]] == engine
    assert not any(r["face_up"] for r in facts["start"])  # they start face down ...
    assert all(r["face_up"] for r in facts["end"])  # ... and land face up
    for p in facts["pixels"]:  # the card's face, not its back, is what shows
        assert p["at"] is not None
        assert all(abs(a - w) < 70 for a, w in zip(p["rgb"], p["want"], strict=True)), p


def test_the_last_card_kept_in_the_draft_is_not_still_picked_in_the_gold_rush():
    """Issue 27: the last card drafted onto the Ship came back to the hand with the crew
    and stayed selected (lit) into the Gold Rush; a new phase starts with no card picked."""
    c = new(seats=("human", "random", "random"), seed=5)
    for _ in range(40):
        if c.phase() != "draft":
            break
        if c.my_turn():
            name = c.hand()[0]
            assert c.click_card(name) and c.selected == name
            assert c.click_ship()
        else:
            c.run_bots()
    assert c.phase() == "rush"
    assert c.selected is None and c.highlighted_piles() == [] and not c.ship_highlighted()
    name = c.hand()[0]
    assert c.click_card(name) and c.selected == name  # picked again in the rush, it stays picked
