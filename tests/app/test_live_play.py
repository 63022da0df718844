"""Issue 12, 'try it as a player': what playing Little Soldiers with a mouse
under Xvfb found (hot-seat Bootcamp, the co-op missions, the hard bot), each
checked headless."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import userdir
from app.games.little_soldiers.controller import LittleSoldiersController
from app.seats import Seats
from engine.bots import make_bot
from engine.core.match import Match
from engine.core.record import load_record


def _hot_seat_game(moves: int = 6) -> LittleSoldiersController:
    """Two people at one computer, a few actions in (each hand-over acknowledged)."""
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "human")), seed=5,
                                     autosave=userdir.autosave_path("little-soldiers", {}))
    hands = make_bot("random", "little-soldiers", 1)  # picks the people's clicks (a Move is a spot, not a list)
    for _ in range(moves):
        if c.handover_to is not None:
            c.acknowledge_handover()
        assert c.play(hands.choose(c.view())), c.message
    return c


def test_resume_seats_a_hot_seat_game_as_it_was_played(toybox_home):
    """Resumed from the start screen, a hot-seat Bootcamp went on against the
    heuristic bot: Yellow's soldier moved by itself (the record keeps no seats,
    and Resume seated the defaults)."""
    from app.shell.play import reopen

    c = _hot_seat_game()
    path = c.autosave
    assert path is not None and path.exists()
    record = load_record(path)
    resumed = reopen(record, Match.from_record(record, str(path)), path)
    assert resumed.seats.kinds == ("human", "human") and not resumed.bots
    assert resumed.autosave == path, "an autosave goes on in its own slot"


def test_load_from_the_list_seats_the_players_it_shows(toybox_home):
    """The Load list line says 'Player 2 (yellow): human'; loading it into a
    game against a bot kept the bot in Yellow's seat."""
    c = _hot_seat_game()
    save = userdir.new_save_path("little-soldiers", "hot seat")
    assert c.save(save, "hot seat")
    vs_bot = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "heuristic")), seed=9)
    assert vs_bot.load(save)
    assert vs_bot.seats.kinds == ("human", "human") and not vs_bot.bots
    assert not vs_bot.bot_pending()


def test_a_save_without_seats_keeps_the_tables_players(toybox_home):
    """An older save (its sidecar names no seats) loads with the seats of the table."""
    c = _hot_seat_game()
    save = userdir.new_save_path("little-soldiers", "old")
    assert c.save(save, "old")
    meta = userdir.read_meta(save)
    meta.pop("seats", None)
    userdir.write_meta(save, meta)
    vs_bot = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "heuristic")), seed=9)
    assert vs_bot.load(Path(save))
    assert vs_bot.seats.kinds == ("human", "heuristic")


def test_help_names_the_battlefield_not_its_file():
    """F1 said 'Battlefield: levels/little_soldiers/bootcamp.json.'"""
    from app.help_overlay import help_lines
    from engine.core.games import get_game

    info = get_game("little-soldiers")
    for config, name in (({}, "Bootcamp"), ({"mission": "a_new_threat", "players": 2}, "A New Threat"),
                         ({"level": "levels/little_soldiers/levels.json"}, "Levels: shoeboxes and book stacks")):
        line = next(t for t in help_lines(info, info.config_from_dict(config)) if t.startswith("Battlefield:"))
        assert line.startswith(f"Battlefield: {name}.") and "/" not in line, (config, line)
    saved = info.config_from_dict({"level": "gone/elsewhere.json",
                                   "battlefield_data": {**_bootcamp_data(), "name": "Kitchen table"}})
    assert "Battlefield: Kitchen table." in "\n".join(help_lines(info, saved)), "a save's own battlefield"


def _bootcamp_data() -> dict:
    import json

    return json.loads((Path(__file__).resolve().parents[2] / "levels/little_soldiers/bootcamp.json").read_text())


def test_the_load_list_and_the_end_screen_hide_what_is_under_them(probe, tmp_path):
    """The Event log's lines read through the Load list, and the hint box
    ('Click dice to pick them...') through the end screen: the backdrops were
    95-97% opaque (a quarter of the brightness under them shows, blended in
    linear light) and drawn in no fixed order on a HUD without depth test."""
    f = probe("covers_hide_what_is_under", str(tmp_path / "covers.png"), timeout=300)
    assert f["over"]
    for place, cover in (("log_under_load", "load_rgb"), ("hint_under_end", "end_rgb")):
        worst = max(max(abs(a - b) for a, b in zip(p, f[cover], strict=True)) for p in f[place])
        assert f[place] and worst <= 6, (place, worst)


@pytest.mark.parametrize("size", ["1280x720", "1024x640"])
def test_eight_order_choices_stay_clear_of_the_event_log(probe, size):
    """Yellow's Order offered eight buttons; the top three stood over the Event
    log and its 'Speed: normal (F2)' line. The log panel now ends above the column."""
    from tests.app.test_qa_layout import overlaps

    f = probe("many_choices", size, timeout=300)
    buttons = [r for r in f["rects"] if r["kind"] == "button" and r["text"].startswith("Yellow")]
    assert len(buttons) == 8
    speed = next(r for r in f["rects"] if r["text"].startswith("Speed:"))
    log = next(r for r in f["rects"] if r["text"] == f["log"])
    for b in buttons:
        assert not overlaps(b["box"], f["panel"]), (size, b["text"], "over the log panel")
        assert not overlaps(b["box"], speed["box"]), (size, b["text"], "over the speed line")
    assert log["box"][1] >= f["panel"][1] - 0.005, "the log's lines stay inside its (shorter) panel"
    assert f["log"].count("\n") >= 5, "the log still shows a good few lines"


def test_after_a_hand_over_the_selection_is_the_next_players():
    """Hot-seat: Yellow deployed its Sniper last, and Green, handed the mouse,
    saw Yellow's Sniper still selected (a white ring, a lit HQ card)."""
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "human")), seed=11)
    hands = make_bot("random", "little-soldiers", 3)
    handovers = 0
    for _ in range(40):
        if c.is_over():
            break
        if c.handover_to is not None:
            c.acknowledge_handover()
            handovers += 1
            assert c.selected is None or c.is_mine(c.selected), (c.phase(), c.selected, c.viewer)
        if c.phase() == "deploy" and c.in_hq():
            c.click_soldier(c.in_hq()[0])  # as a player clicks the HQ card, then the green area
        assert c.play(hands.choose(c.view())), c.message
    assert handovers >= 4


def test_the_hand_over_screen_waits_until_the_action_is_shown(probe):
    """Hot-seat: the hand-over screen covered the table the moment Green's
    grenade was thrown, so Green never saw it fly nor the Hearts land."""
    f = probe("handover_after_the_animation", timeout=300)
    assert f["found"], "no action was being shown at a hand-over"
    assert not f["covered_at_once"], "the screen covered the action being shown"
    assert f["frames"] > 0 and f["covered_after"], "the screen comes once the action has been shown"


def test_a_resumed_game_shows_its_last_dice_at_once(toybox_home):
    """Resumed at Yellow's turn of a hot-seat game, the table showed no dice
    until someone acted (a game against a bot hid it: the bot acts at once)."""
    from app.shell.play import reopen

    c = _hot_seat_game(0)
    hands = make_bot("heuristic", "little-soldiers", 1)
    while c.view_dict().get("last_roll") is None or c.phase() == "reroll":
        if c.handover_to is not None:
            c.acknowledge_handover()
        assert c.play(hands.choose(c.view())), c.message
    roll = c.view_dict()["last_roll"]
    record = load_record(c.autosave)
    resumed = reopen(record, Match.from_record(record, str(c.autosave)), c.autosave)
    assert resumed.dice is not None and resumed.dice.faces == list(roll["faces"])


def test_menu_after_a_resume_can_start_a_mission(toybox_home):
    """Menu from a resumed Bootcamp, then Mission 'A New Threat' and Start:
    'the battlefield ... has no threat_target token for pinky'. The start
    screen's choice kept the record's whole config, its embedded Bootcamp
    battlefield and squads too."""
    from app.shell.start_screen import StartChoice

    c = _hot_seat_game()
    config = c.match.record().config
    assert "battlefield_data" in config
    choice = StartChoice.from_config("little-soldiers", dict(config), list(c.seats.kinds))
    assert "battlefield_data" not in choice.config and "squads" not in choice.config
    choice.config["mission"] = "a_new_threat"  # what the Mission button does
    choice.config.pop("level", None)
    game = LittleSoldiersController.new("little-soldiers", dict(choice.config), choice.normalized_seats(), seed=1)
    assert game.view_dict().get("threats"), "the mission's own battlefield, with its Threats"


def test_a_deployed_soldiers_tooltip_does_not_say_to_deploy_it():
    """A New Threat: just deployed, the Green Infantry's tooltip still said
    'Click its card, then a spot in the green area to deploy it.' (the
    engine's view named a soldier on the table as the one deploying)."""
    from app.games.little_soldiers.tips import soldier_tip

    c = LittleSoldiersController.new("little-soldiers", {"mission": "a_new_threat", "players": 2},
                                     Seats(("human", "heuristic")), seed=4)
    hands = make_bot("heuristic", "little-soldiers", 1)
    deployed = None
    for _ in range(20):
        if c.phase() != "deploy" or not c.my_turn():
            assert c.play(hands.choose(c.view())) if c.my_turn() else c.run_bots(1), c.message
            continue
        before = set(c.in_hq())
        assert c.play(hands.choose(c.view())), c.message
        gone = before - set(c.in_hq())
        if gone and c.phase() == "deploy" and c.my_turn():
            deployed = gone.pop()
            break
    assert deployed is not None, "no deployment with more to come in the same turn"
    assert c.view().deploying_soldier(deployed) != deployed
    tip = soldier_tip(c, deployed)
    assert tip is not None and not any("deploy it" in line for line in tip.now), tip.now


def test_threat_cards_on_the_table_print_the_threats_names(probe):
    """Another New Threat: the red cards at the Threats' feet read
    'Octocutie-tentacle-1' and 'Octocutie-head' (their ids, capitalised)."""
    from engine.little_soldiers.mission_data import THREAT_TITLES

    labels = probe("threat_labels", timeout=300)["labels"]
    assert sorted(labels) == sorted(THREAT_TITLES[k] for k in ("octocutie-head", "octocutie-tentacle-1",
                                                               "octocutie-tentacle-3")), labels


@pytest.mark.parametrize("size", ["1280x720", "1024x640"])
def test_the_load_list_fits_the_window_and_keeps_each_line_whole(probe, size):
    """Eight saves ran off the window's bottom (Cancel cut in half), each line was
    cut before its players ('Player 2 (yell...'), a saved game's name repeated its
    line, and the battlefield read as its file ('another new threat')."""
    from tests.app.test_qa_layout import _inside

    f = probe("load_list", size, timeout=300)
    left, bottom, right, top = f["edges"]
    rows = [r for r in f["rects"] if r["kind"] == "button" and r["text"] != "Cancel"]
    assert len(rows) == 8 and any(r["text"] == "Cancel" for r in f["rects"])
    for r in f["rects"]:
        assert _inside(r["box"], [left, bottom, right, top]), (size, r)
    for r in rows:
        assert not r["text"].endswith("..."), (size, r["text"])
        assert "Brick (yellow): Normal" in r["text"] and "Another New Threat" in r["text"], r["text"]
        assert r["text"].startswith(("Saved - ", "Autosave - ")), r["text"]


def test_a_save_line_names_the_battlefield_as_printed(toybox_home):
    from app.hud import save_title

    c = _hot_seat_game()
    save = userdir.new_save_path("little-soldiers", "x")
    assert c.save(save, "Little Soldiers Bootcamp round 1")
    assert save_title(save).startswith("Saved - Little Soldiers, Bootcamp, round 1, ")


def test_the_hint_box_says_the_yellow_area_not_yellow(probe):
    """'Yellow: where the cord reaches' over a green soldier's Move read as the
    yellow player's; the hint names the shaded area."""
    f = probe("area_hints", timeout=300)
    assert f["phase"] == "move"
    assert "The yellow area: where the cord reaches" in f["info"] and "Yellow:" not in f["info"], f["info"]
