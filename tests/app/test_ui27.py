"""Issue 27, the game screen: the end shown then reviewable, a camera that follows the
play, toy sounds, settings that last, and the smaller things found playing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.app.probe_runner import run_script

PROBE = Path(__file__).with_name("ui_probe.py")


@pytest.fixture
def ui(tmp_path):
    return lambda scenario, *args, timeout=240: run_script(PROBE, scenario, tmp_path, *args, timeout=timeout)


def test_the_result_comes_after_the_winning_action_has_played_out_and_can_be_put_aside(ui):
    f = ui("result_waits_for_the_last_action")
    assert f["over"] and f["sliding_at_once"] and f["slide_sound"]
    assert not f["panel_at_once"] and f["held"], "the result covered the winning tile's slide"
    assert f["frames"] > 5 and not f["sliding_when_shown"]
    assert "winner" in f["text"] and "medal" in f["text"]
    assert f["dismissed"] == [False, True] and f["again"] == [True, False]


def test_a_grenade_flies_lands_with_a_thud_and_goes_off(ui):
    f = ui("the_throw_lands_and_goes_off")
    kinds = f["kinds"]
    first_blast = next(i for i, k in enumerate(kinds) if "blast" in k)
    assert any("flight" in k for k in kinds[:first_blast]), "it flew first"
    assert all(f["animating"][: first_blast + 1]), "the next action (or the result) waits for the puff"
    assert f["sounds"][-2:] == ["thud", "boom"]


def test_a_bots_sight_rays_go_when_the_player_acts(ui):
    f = ui("rays_go_when_the_player_acts")
    assert f["before"] >= 1 and f["after"] == 0
    assert "dice" in f["sounds"]


def test_the_camera_frames_a_bots_action_then_returns_and_can_be_turned_off(ui):
    f = ui("the_camera_follows_a_bot_and_returns")
    assert not f["mine_moved"], "the player's own click is not followed"
    assert f["bot_framed"] and f["returned"]
    assert f["follow_setting"] is False and f["off_stays"]
    assert f["players_camera_kept"], "the follow let go of a camera the player moved"


def test_the_speed_and_sound_settings_last_across_a_resume_and_the_events_fold(ui):
    f = ui("settings_last_across_resume")
    assert f["chosen"] == 3 and f["resumed"] == 3, "F2's speed went back to normal after Resume"
    assert f["muted"] and "Sound: off (M)" in f["speed_text"] and "instant" in f["speed_text"]
    assert f["folded"] == [False, False, "Show", True] and f["opened"] == [True, True, "Hide"]
    assert f["file"] == [3, True, False]


def test_the_start_screen_says_it_is_loading_and_can_be_quit(ui):
    f = ui("start_screen_loads_and_quits")
    assert f["loading_at_once"] == [True, "Setting up Toy Battle...", []]
    assert f["after_one_frame"] == [] and f["after_three"] == ["toy-battle"]
    assert f["asked"] and f["stayed"] == [False, []] and f["button_asks"] and f["quits"] == [1]


def test_a_saved_game_is_reviewed_in_the_window_from_its_start(ui, tmp_path):
    from app.games import controller_class
    from app.seats import Seats
    from engine.core.record import save_record

    c = controller_class("toy-battle").new("toy-battle", {}, Seats(("random", "random")), seed=6)
    c.run_bots()
    path = tmp_path / "finished.json"
    save_record(c.match.record(), path)
    f = ui("a_saved_game_reviewed_in_the_window", str(path))
    assert f["screen"] == "ReviewScreen" and f["status"] == "Review, the set-up." and f["where"].startswith("The set-up")
    assert f["next"][0] == 1 and f["next"][1].startswith("Action 1 of ")
    step, last, status = f["end"]
    assert step == last and "The end:" in status
    assert f["back"] < last - 1
    assert f["played"] >= 3 and f["fill"] > 0
    assert f["back_to"] == ["StartScreen", "toy-battle"]
    # seen live: the way out read "Back", as did the bar's step back an action
    labels = f["labels"]
    assert "Close review" in labels["hud"] and "Back" in labels["bar"]
    assert not set(labels["hud"]) & set(labels["bar"]), labels


def test_toybox_replay_window_refuses_a_broken_file_in_a_sentence(tmp_path, capsys):
    from app.shell.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": 2, "game": "toy-battle"}))
    assert main(["replay", str(bad), "--window"]) == 2
    assert "missing" in capsys.readouterr().err


def test_each_game_makes_its_toy_sounds(ui):
    f = ui("sounds_go_with_the_actions", timeout=400)
    assert "slide" in f["toy-battle"]
    assert {"card", "coins"} <= set(f["little-battle"])  # Little Soldiers' dice: the sight rays' test hears them


def test_dice_picked_for_a_reroll_rise_over_a_lit_ring(ui):
    f = ui("reroll_picks_stand_out")
    picked = f["picked"][0]
    assert f["lift"][picked] >= 3.0 and all(z < 0.5 for i, z in enumerate(f["lift"]) if i != picked)
    assert f["ring"]


def test_the_figurines_are_no_specks_at_the_home_view(ui):
    f = ui("figurines_at_the_home_view")
    assert f["heights"] and min(f["heights"]) >= 19, f["heights"]  # 14-16 px before


def test_play_with_menu_opens_the_start_screen_on_the_game_asked_for(monkeypatch, toybox_home):
    """`toybox play little-soldiers --menu` opened the start screen on the Little Battle tab."""
    import app.shell.play as play
    from app.shell.cli import main

    opened = {}

    def run(choice, seed=None, menu=False, **kw):
        opened.update(game=getattr(choice, "game", None), menu=menu)
        return 0

    monkeypatch.setattr(play, "run", run)
    assert main(["play", "little-soldiers", "--menu"]) == 0
    assert opened == {"game": "little-soldiers", "menu": True}


def test_the_first_screen_with_menu_is_the_start_screen_on_that_game():
    from types import SimpleNamespace

    from app.shell.play import first_screen
    from app.shell.start_screen import StartChoice

    seen = []
    shell = SimpleNamespace(show_start=lambda choice=None: seen.append(("start", choice.game)),
                            start_game=lambda choice, seed=None: seen.append(("game", choice.game)),
                            review_file=lambda path: seen.append(("review", path)))
    first_screen(shell, StartChoice("little-soldiers"), menu=True)
    first_screen(shell, StartChoice("toy-battle"))
    assert seen == [("start", "little-soldiers"), ("game", "toy-battle")]


@pytest.mark.parametrize("config,track", [({}, "Battle Track"), ({"mission": "king_of_the_hill"}, None),
                                          ({"mission": "battle_royale", "players": 3}, None),
                                          ({"mission": "a_new_threat", "players": 2}, "Threat track")])
def test_a_track_is_drawn_only_where_the_rules_play_on_one(config, track):
    """King of the Hill showed a Battle Track with the Flag while its rules say 'no Battle Track'."""
    from types import SimpleNamespace

    from app.games import controller_class
    from app.games.little_soldiers.view import LittleSoldiersView
    from app.seats import Seats

    n = config.get("players", 2)
    c = controller_class("little-soldiers").new("little-soldiers", config, Seats(("random",) * n), seed=1)
    layout = LittleSoldiersView.track_layout(SimpleNamespace(controller=c))  # the view's rule, without a window
    assert (layout.label if layout else None) == track
    assert c.view_dict()["battle_track"] is (track == "Battle Track")


def test_a_tooltip_keeps_off_the_events_log_the_dice_and_the_choice_buttons():
    """The hover card covered the fifth die and the Order buttons (and let the log show through)."""
    from app.tips.card import BACK_RGBA
    from app.tips.place import overlap, place

    assert BACK_RGBA[3] == 1.0
    window = (1.6, 1.0)
    dice = [(0.9 + 0.06 * i, 0.8, 0.95 + 0.06 * i, 0.86) for i in range(5)]
    buttons = [(1.2, 0.7 - 0.06 * i, 1.58, 0.75 - 0.06 * i) for i in range(4)]
    log = (1.15, 0.05, 1.58, 0.55)
    hovered = dice[3]
    cursor = (hovered[0] + 0.02, hovered[1] + 0.02)
    card = place(cursor, (0.4, 0.25), hovered, window, [*dice[:3], dice[4], *buttons, log])
    assert overlap(card, hovered) == 0.0
    assert all(overlap(card, r) == 0.0 for r in [*dice, *buttons, log]), card
    assert 0 <= card[0] and card[2] <= window[0] and 0 <= card[1] and card[3] <= window[1]


def test_the_sounds_are_made_by_the_script_and_read_by_panda3d(tmp_path):
    """The toy sounds are generated in the repo (numpy, wave): the script writes the
    committed files byte for byte, each is a short 16-bit mono WAV, and Panda3D's own
    audio decoder reads it (no device is needed for that, nor to run the app)."""
    import wave

    from panda3d.core import Filename, MovieAudio

    from app.sounds import NAMES, sound_path
    from app.sounds.make_sounds import main

    main(tmp_path)
    for name in NAMES:
        made, kept = (tmp_path / f"{name}.wav").read_bytes(), sound_path(name).read_bytes()
        assert made == kept, f"{name}.wav is not what make_sounds writes"
        with wave.open(str(sound_path(name))) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2) and 0.15 < w.getnframes() / w.getframerate() < 1.5
        cursor = MovieAudio.get(Filename.fromOsSpecific(str(sound_path(name)))).open()
        assert cursor is not None and cursor.audio_rate() == 22050 and cursor.length() > 0.1


def test_sounds_wait_their_turn_and_a_muted_player_hears_nothing():
    from app.sounds import Sounds

    played: list[str] = []

    class Loader:
        def loadSfx(self, path):
            class Sound:
                def setVolume(self, v):
                    pass

                def play(self, p=path):
                    played.append(p.rsplit("/", 1)[-1])

                def stop(self):
                    pass

            return Sound()

    app = type("App", (), {"loader": Loader()})()
    s = Sounds(app)
    s.play("dice")
    s.play("boom", after=0.5)
    s.update(0.3)
    assert played == ["dice.wav"]
    s.update(0.3)
    assert played == ["dice.wav", "boom.wav"] and s.played == ["dice", "boom"]
    s.toggle_mute()
    s.play("card")
    assert played == ["dice.wav", "boom.wav"] and s.played[-1] == "card"
    with pytest.raises(KeyError):
        s.play("trumpet")


def test_the_camera_frames_what_an_action_changed():
    """Each action is framed by what it touched: a deployed or moved soldier where it was and
    is, an attacker and its target, a Toy Battle base whose stack changed (a deployment
    framed nothing: the camera sat still through a review's set-up)."""
    from types import SimpleNamespace

    from app.camera_follow import action_points
    from app.games import controller_class
    from app.seats import Seats

    head = SimpleNamespace(head_point=lambda s: (s["spot"]["x"], s["spot"]["y"], 5.0) if s["spot"] else None)
    c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("random", "random")), seed=3)
    kinds = set()
    for _ in range(200):
        before = c.view_dict()
        if not c.bot_step():
            break
        after = c.view_dict()
        points = action_points(c, head, before)
        moved = [s for s in after["soldiers"] if s["spot"] is not None and s["spot"] != next(
            b for b in before["soldiers"] if b["id"] == s["id"])["spot"]]
        for s in moved:
            assert (s["spot"]["x"], s["spot"]["y"], 5.0) in points
            kinds.add("moved")
        if after.get("last_roll") != before.get("last_roll") and after["measured"].get("attack"):
            kinds.add("attack")
            assert len(points) >= 2
    assert kinds == {"moved", "attack"}, kinds
    tb = controller_class("toy-battle").new("toy-battle", {}, Seats(("random", "random")), seed=2)
    board = SimpleNamespace(at=lambda node: (float(len(node)), 1.0))
    for _ in range(30):
        before = tb.view_dict()
        tb.bot_step()
        changed = {n for n in set(tb.view_dict()["board"]) | set(before["board"])
                   if tb.view_dict()["board"].get(n) != before["board"].get(n)}
        assert len(action_points(tb, board, before)) == len(changed)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_little_battle_chests_and_crew_lie_on_the_ships_not_in_the_sea(players):
    """Won chests and kept cards sat in the sea beside the Ships; they lie on the decks."""
    from shapely import affinity
    from shapely.geometry import Point, Polygon

    from app.games.little_battle.view import DECK_TOP_CM, HULL_OUTLINE, crew_spot, loot_spot, ship_position

    for rel in range(players):
        x, y, heading = ship_position(rel, players)
        hull = affinity.translate(affinity.rotate(Polygon(HULL_OUTLINE), heading, origin=(0, 0)), x, y)
        for slot in range(20):  # more than any player wins
            cx, cy, cz = loot_spot(rel, players, slot)
            assert hull.contains(Point(cx, cy)) and cz >= DECK_TOP_CM, (rel, slot)
        cx, cy, cz, _ = crew_spot(rel, players)
        assert hull.contains(Point(cx, cy)) and cz >= DECK_TOP_CM


def test_a_folded_events_panel_gives_the_table_its_room(monkeypatch, toybox_home):
    """The Events panel covered part of the table at the home view; folded (E), the views frame
    the table across the window's right side too."""
    from app import settings
    from app.table import free_film

    settings.forget()
    rect = (-0.96, 0.42, -0.84, 0.5)
    assert free_film(rect) == rect
    settings.change(events_folded=True)
    assert free_film(rect) == (-0.96, 0.96, -0.84, 0.5)
    settings.forget()


def test_f_frames_the_selected_soldier_and_the_camera_stays(ui):
    f = ui("the_focus_key_frames_the_selected_soldier")
    assert f["after"][0] > 2 * f["before"][0], (f["before"], f["after"])  # much nearer
    assert f["after"][1] < 200 and f["stays"]


def test_settings_are_each_user_folders_own(monkeypatch, tmp_path):
    """One process in one user folder then another (the probe process runs every scenario in a
    folder of its own) carried the first folder's 'instant' speed into the next: its hand-over
    screen covered the action being shown (test_live_play failed only after another scenario)."""
    from app import settings

    settings.forget()
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path / "a"))
    settings.change(speed=3, events_folded=True)
    assert settings.load().speed == 3
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path / "b"))
    assert settings.load().speed == 1 and not settings.load().events_folded
    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path / "a"))
    assert settings.load().speed == 3  # its own file, read again
    settings.forget()


def test_a_result_put_aside_stays_aside_after_the_review(ui, tmp_path):
    """Seen live: after "Look at the table", Review and Close review brought the result panel back
    over the final table."""
    from app.games import controller_class
    from app.seats import Seats
    from engine.core.record import save_record

    c = controller_class("toy-battle").new("toy-battle", {}, Seats(("human", "random")), seed=6)
    while not c.is_over():
        if c.bot_pending():
            c.bot_step()
        else:
            c.play(c.legal()[0])
    path = tmp_path / "finished.json"
    save_record(c.match.record(), path)
    f = ui("result_aside_stays_aside_after_review", str(path))
    assert f["aside"] == ["ReviewScreen", "GameScreen", False, True]
    assert f["shown"] == ["ReviewScreen", "GameScreen", True, False]


def test_the_events_panel_keeps_a_throws_lines_until_it_has_landed(ui):
    """Seen live: a grenade's result was in the Events panel while the grenade was still in the air."""
    f = ui("the_log_waits_for_the_throw")
    assert f["frames"] > 5, f  # the throw was shown over several frames
    assert f["during"] == [f["before"]], f["during"]
    assert f["after"] != f["before"] and f["new"] and all(line.split("\n")[0][:20] in f["after"] for line in f["new"]), f
