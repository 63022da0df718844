"""Issue 12, found playing Little Soldiers in the live window (helper live4):
what was left on the table, what F1 said first, the start screen's names and
seats, and saves a player names."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from app.games.little_soldiers.controller import LittleSoldiersController
from app.seats import Seats
from tests.app.probe import ls_to_my_throw


def _thrown(seed: int = 1) -> LittleSoldiersController:
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=seed)
    ls_to_my_throw(c)
    o = c.shot_origin()
    c.aim_at(o[0] + 30.0, o[1] + 5.0)
    assert c.release_aim()
    return c


def test_the_throws_flight_is_shown_until_the_next_action_only():
    """Issue 12, 'every action is shown': the last grenade's flight (and so its
    trail) stayed on the table into later rounds; it is shown until the next
    action is played, and a later throw is shown again."""
    c = _thrown()
    first = c.flight
    assert first is not None and first.kind == "grenade"
    assert c.bot_step()  # the next action: the bot's
    assert c.flight is None
    rng = random.Random(0)
    for _ in range(200):  # later actions never bring the old flight back; the next throw flies
        if c.run_bots() == 0 and not c.is_over():
            c.play(rng.choice(c.view().candidate_actions(12, rng)))
        if c.flight is not None:
            assert c.flight.flight_id > first.flight_id
            break
        assert c.view_dict()["last_throw"]["serial"] == first.flight_id
    c.restart(seed=3)
    assert c.flight is None


def test_the_throws_trail_and_a_stale_cord_go_when_the_next_action_starts(probe, tmp_path):
    """Issue 12, played live: the grenade's trail stayed on the table into later
    rounds, and at your next Move a cord showed at once where the throw's drag
    had ended (the pointer had not moved). Both go with the next action, which
    waits for the throw to land (a bot's Move came while the grenade flew);
    the cord shows again as soon as the pointer moves."""
    f = probe("little_soldiers_after_the_throw", str(tmp_path))
    assert f["flying"] == [True, True, False], "the next action waits for the throw to land"
    assert "trail" in f["landed_trail"]
    a = f["after"]
    assert a["phase"] == "move" and a["mine"] and a["reach"], a
    assert not a["flight"] and a["trail"] == [], a
    assert not a["cord"] and not a["cord_drawn"], a
    assert f["moved_cord"] and f["moved_cord_drawn"]


@pytest.mark.parametrize("size", ["1024x640", "1280x720", "2560x1440"])
def test_f1_in_a_mission_leads_with_its_rules_and_fills_the_window_page_by_page(probe, tmp_path, size):
    """Issue 12, 'F1 opens the game's rules summary' and 'layout that fits any
    window': in A New Threat the help led with the Bootcamp's set-up, the
    mission's rules far below, and showed a fixed 30 lines with half the panel
    empty at 1024x640. It leads with the mission's rules, fills the room above
    Close with whole lines and pages through everything with Page Down."""
    f = probe("help_pages", size, str(tmp_path / "help.png"), timeout=240)
    text = f["first"]["text"]
    assert "This mission: A New Threat" in text and "Pinky 2/4" in text
    assert text.index("This mission: A New Threat") < text.index("The general rules") < (text + "Set-up:").index("Set-up:")
    left, bottom, right, top = f["edges"]
    x0, y0, x1, y1 = f["first"]["box"]
    close_top = f["first"]["close"][3]
    assert left <= x0 and x1 <= right and y1 <= top
    assert close_top < y0 < close_top + 3 * f["line_height"], (y0, close_top)  # filled down to Close, not over it
    assert max(len(line) for line in f["all"]) <= f["width"] <= 100
    # Page Down shows everything, a page at a time, each page one line over the last
    # (the last page is a full one ending with the text: it may go back further)
    shown = [line for page in f["pages"] for line in page[:-1]]
    assert set(f["all"]) <= set(shown)
    assert all(len(page) == f["rows"] for page in f["pages"][:-1])
    for before, after in pairwise(f["pages"][:-1]):
        assert after[0] == before[-2]
    if len(f["pages"]) > 1:
        before, last = f["pages"][-2], f["pages"][-1]
        assert before[-2] in last[:-1] and last[-2] == f["all"][-1] and "the end" in last[-1]


def test_start_screen_level_buttons_say_the_battlefields_names_as_f1_does():
    """Issue 12, 'names as printed': the start screen's Little Soldiers buttons
    said 'bootcamp box', 'reference'; each now says the name its file gives,
    the same F1 prints ('Battlefield: Bootcamp: the two box halves.')."""
    from app.help_overlay import help_lines
    from app.shell.start_screen import level_choices, level_title, level_value
    from engine.core.games import get_game

    info = get_game("little-soldiers")
    names = level_choices("little-soldiers")
    assert "bootcamp-box" in names
    for name in names:
        title = level_title("little-soldiers", name)
        line = next(t for t in help_lines(info, info.config_from_dict({"level": level_value("little-soldiers", name)}))
                    if t.startswith("Battlefield:"))
        assert line.startswith(f"Battlefield: {title}."), (name, title, line)
    assert level_title("little-soldiers", "bootcamp-box") == "Bootcamp: the two box halves"
    assert level_title("toy-battle", "castle-field") == "Castle Field"
    assert level_title("little-soldiers", "no-such-file") == "no such file"


@pytest.mark.parametrize("size", ["1024x640", "1280x720"])
def test_the_coop_missions_offer_one_to_four_players_with_a_seat_each(probe, size):
    """Issue 12, played live: A New Threat and Another New Threat (1-4 players)
    offered no player count on the start screen, so they could only be played
    by 2. Their counts are offered as the engine states them, each player gets
    a seat (human or bot, as the other games), and the game starts with them."""
    from tests.app.test_qa_layout import overlaps

    f = probe("start_screen_players", size)
    assert "Bootcamp: the two box halves" in f["bootcamp"] and "bootcamp box" not in f["bootcamp"]
    texts = {k: [r["text"] for r in rects] for k, rects in f["screens"].items()}
    assert {"1", "2", "3", "4"} <= set(texts["mission"]) and "A New Threat" in texts["mission"]
    seats = {k: [t for t in v if ": " in t and t.split(": ")[1] in ("Human", "Easy", "Normal", "Hard")]
             for k, v in texts.items()}
    assert len(seats["solo"]) == 1 and len(seats["four"]) == 4, seats
    assert f["cycled"][0] != f["cycled"][1]
    assert f["started"]["config"]["mission"] == "a_new_threat" and f["started"]["config"]["players"] == 4
    assert len(f["started"]["seats"]) == 4 and f["started"]["seats"][1].capitalize() == f["cycled"][1].split(": ")[1]
    assert f["next"] == {"players": 4, "mission": "another_new_threat"}
    assert f["none"]["players"] == 2 and "1" not in f["none"]["buttons"]
    left, bottom, right, top = f["edges"]
    for name, rects in f["screens"].items():
        for i, a in enumerate(rects):
            box = a["box"]
            assert left <= box[0] and box[2] <= right and bottom <= box[1] and box[3] <= top, (name, a)
            for b in rects[i + 1:]:
                assert not overlaps(box, b["box"]), f"{name}: {a['text']!r} overlaps {b['text']!r}"


def test_the_players_chosen_for_a_coop_mission_start_that_game():
    """The start screen's choice is one the engine plays: 1 to 4 seats."""
    from app.shell.start_screen import StartChoice, player_counts
    from engine.core.games import get_game

    info = get_game("little-soldiers")
    for mission in ("a_new_threat", "another_new_threat"):
        assert player_counts({"mission": mission}) == [1, 2, 3, 4]
        for n in player_counts({"mission": mission}):
            choice = StartChoice("little-soldiers", {"mission": mission, "players": n})
            state = info.new_game(info.config_from_dict(choice.config), 1)
            assert state.num_seats == n == len(choice.normalized_seats().kinds)


def test_save_asks_for_a_name_prefilled_and_the_load_list_shows_it(probe, tmp_path):
    """Issue 12, 'saves players can manage: named saves': Save asked for no
    name (every save was 'Little Soldiers Bootcamp round N'). It opens a field
    with that name, selected; what is typed replaces it (its letters are not
    shortcuts: 'u' undid, 'h' homed the camera); Enter saves under it, Escape
    saves nothing; the Load list shows the name."""
    f = probe("save_named", str(tmp_path / "save.png"))
    assert f["offered"] == f["expected"] and f["offered"].startswith("Little Soldiers Bootcamp")
    assert f["active"]
    assert f["typed"] == "Hufflepuff fort", f["typed"]
    assert f["shortcuts"] == [], f["shortcuts"]
    assert not f["after_enter"]["open"] and f["after_enter"]["saves"] == ["Hufflepuff fort"]
    assert "Hufflepuff fort" in f["after_enter"]["message"]
    assert f["after_escape"] == {"open": False, "saves": 1, "help": False}
    assert len(f["files"]) == 2 and any("-Hufflepuff-fort" in n for n in f["files"]), f["files"]
    lines = [t for t in f["listed"] if t != "Cancel"]
    assert any(t.startswith("Hufflepuff fort - Little Soldiers, Bootcamp") for t in lines), lines
    assert any(t.startswith("Saved - Little Soldiers, Bootcamp") for t in lines), lines  # the name as offered
    assert f["shortcuts_after"] == []


def test_turning_modules_on_and_off_keeps_a_player_count_the_engine_plays():
    """Issue 24: the start screen switched 2 Against 2 to 4 players and back to
    2 by hand; it now asks the engine's range (``config.player_range``)."""
    from app.shell.start_screen import players_after_modules
    from engine.core.games import get_game

    info = get_game("little-soldiers")
    for modules, players, expected in [(["two_vs_two"], 2, 4), ([], 4, 2), ([], 3, 2), (["two_vs_two"], 3, 3),
                                       (["levels"], 2, 2), (["two_vs_two", "levels"], 4, 4)]:
        config = {"modules": modules, "players": players}
        n = players_after_modules(config)
        assert n == expected, (modules, players)
        assert info.new_game(info.config_from_dict({**config, "players": n}), 1).num_seats == n


def test_a_drag_past_the_strongest_throw_says_so():
    """Seen live: dragging further than the strongest aim (a throw that stays on the table) left the
    hint at "strength 0.82" with no sign the aim had stopped growing; the aim now says it is the most."""
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=1)
    ls_to_my_throw(c)
    o = c.shot_origin()
    centre = c.view().terrain.bf.play_zone.centroid  # towards the middle of the table: room to throw

    def towards(share: float) -> tuple[float, float] | None:
        return c.aim_at(o[0] + share * (centre.x - o[0]), o[1] + share * (centre.y - o[1]))

    near = towards(0.2)
    assert near is not None and not c.aiming.at_most
    far = towards(20.0)
    assert far is not None and c.aiming.at_most and far[1] > near[1]
    assert towards(40.0) == far and c.aiming.at_most  # twice as far the same way: no stronger
    towards(0.2)
    assert not c.aiming.at_most
