"""Ursina scenarios for issue 27's game screen (the result, Review, the camera,
sounds, settings, the start screen), one per process as tests/app/probe.py:
``python ui_probe.py SCENARIO OUT.json [ARGS]``."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


def _app(size: tuple[int, int] = (1280, 720)) -> Any:
    from app.shell import window

    return window.start(offscreen=True, size=size)


def _pace(dt: float) -> None:
    """Every frame is ``dt`` seconds long, whatever the software renderer takes, and follows the
    last one at once (Panda3D's non-real-time clock: the forced clock also slept to hold the rate
    in real time, a third of these probes' wall time)."""
    from panda3d.core import ClockObject

    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.M_non_real_time)
    clock.setFrameRate(1.0 / dt)


def _steps(app: Any, n: int, dt: float = 1 / 30) -> None:
    """``n`` frames, each ``dt`` seconds long."""
    _pace(dt)
    for _ in range(n):
        app.step()


def _frames_until(app: Any, done: Callable[[], bool], limit: int = 2000, dt: float = 1 / 30) -> int:
    _pace(dt)
    for i in range(limit):
        if done():
            return i
        app.step()
    raise AssertionError("never happened")


def _toy_battle_one_place_from_the_end(seed: int = 3) -> tuple[Any, Any]:
    """A Toy Battle controller one placement from its end (no chance after it), the
    placing seat human; and that placement."""
    from app.games import controller_class
    from app.seats import Seats
    from engine.core.match import Match
    from engine.core.protocol import CHANCE
    from engine.core.record import Record
    from engine.toy_battle import Place

    for s in range(seed, seed + 60):
        c = controller_class("toy-battle").new("toy-battle", {}, Seats(("random", "random")), seed=s)
        c.run_bots()
        rec = c.match.record()
        seat, last = rec.actions[-1]
        if seat == CHANCE or not isinstance(last, Place):
            continue
        cut = Record(rec.game, rec.version, rec.config, rec.seed, rec.actions[:-1], rec.format)
        match = Match.from_record(cut, "probe")
        kinds = ["random", "random"]
        kinds[seat] = "human"
        ctl = controller_class("toy-battle")(match, Seats(tuple(kinds)), bot_seed=s)
        return ctl, last
    raise AssertionError("no game ended on a placement")


@scenario
def result_waits_for_the_last_action() -> dict[str, Any]:
    """The winning placement at normal speed: its tile slides, and only then the result;
    "Look at the table" puts it aside, "Show the result" brings it back."""
    from app.game_screen import GameScreen

    app = _app()
    ctl, winning = _toy_battle_one_place_from_the_end()
    screen = GameScreen(ctl, on_review=lambda: None)
    _steps(app, 2)
    ctl.click_troop(winning.troop)
    assert ctl.click_node(winning.node), ctl.message
    facts: dict[str, Any] = {"over": ctl.is_over(), "sliding_at_once": screen.animating(),
                             "panel_at_once": screen.hud.end_panel.enabled, "held": screen.hud.end_held,
                             "slide_sound": "slide" in screen.sounds.played}
    facts["frames"] = _frames_until(app, lambda: screen.hud.end_panel.enabled)
    facts["sliding_when_shown"] = screen.animating()
    facts["text"] = screen.hud.end_text
    screen.hud.dismiss_result()
    _steps(app, 2)
    facts["dismissed"] = [screen.hud.end_panel.enabled, screen.hud.result_button.enabled]
    screen.hud.show_result()
    _steps(app, 1)
    facts["again"] = [screen.hud.end_panel.enabled, screen.hud.result_button.enabled]
    return facts


@scenario
def the_throw_lands_and_goes_off() -> dict[str, Any]:
    """A grenade thrown: it flies, lands with a thud, goes off in a puff (boom); the view
    counts as showing the action until the puff is gone."""
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats
    from tests.app.probe import ls_to_my_throw

    app = _app()
    c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("human", "random")), seed=5)
    ls_to_my_throw(c)
    screen = GameScreen(c)
    _steps(app, 2)
    o = c.shot_origin()
    c.aim_at(o[0] + 25.0, o[1] + 10.0)
    assert c.release_aim(), c.message
    kinds: list[list[str]] = []
    animating: list[bool] = []
    for _ in range(240):
        kinds.append(sorted(k for k in ("flight", "blast", "tumble") if screen.view.tray.running(k)))
        animating.append(screen.view.animating())
        _steps(app, 1)
        if not screen.view.animating() and "blast" in sum(kinds, []):
            break
    return {"kinds": kinds, "animating": animating, "sounds": screen.sounds.played,
            "blasts": [a for a in kinds if "blast" in a][:1]}


@scenario
def rays_go_when_the_player_acts() -> dict[str, Any]:
    """A bot's attack, then the player's turn: its sight rays are on the table until the
    player picks a soldier, then gone at once (they lingered seconds)."""
    from ursina import scene

    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats

    _app()  # the window the screens draw in (no frames needed: each change is looked at as it happens)
    for seed in range(1, 40):
        c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("human", "random")), seed=seed)
        screen = GameScreen(c, threaded_bots=False)
        rng = random.Random(seed)
        for _ in range(300):
            if c.is_over():
                break
            if c.bot_pending():
                c.bot_step()
                rays = [e for e in scene.entities if e.name == "attack-rays" and not e.is_empty()]
                if rays and c.my_turn() and c.phase() == "move":
                    mine = [s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"])]
                    before = len(rays)
                    c.click_soldier(mine[0])
                    after = [e for e in scene.entities if e.name == "attack-rays" and not e.is_empty()]
                    return {"before": before, "after": len(after), "sounds": screen.sounds.played}
                screen.animator.finish()
            else:
                c.play(rng.choice(c.view().candidate_actions(12, rng)))
        screen.destroy()
    raise AssertionError("no bot attack just before the player's Move")


@scenario
def the_camera_follows_a_bot_and_returns() -> dict[str, Any]:
    """Toy Battle against a bot: the player's own placement leaves the camera; the bot's is
    framed, then the camera returns to where it was. Turned off (C), nothing moves; a camera
    the player moved meanwhile is not taken back."""
    from app.camera_follow import Pose
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats
    from engine.toy_battle import Place

    app = _app()
    c = controller_class("toy-battle").new("toy-battle", {}, Seats(("human", "random")), seed=2)
    c.run_bots()
    screen = GameScreen(c, threaded_bots=False)
    table = screen.view.table
    _steps(app, 2)

    def pose() -> Pose:
        return Pose.now(table)

    def my_place() -> None:
        """The player's whole turn, by clicks (a placement when one is legal, then any effect)."""
        _frames_until(app, lambda: c.my_turn() and not screen.animating())
        while c.my_turn():
            place = next((a for a in c.legal() if isinstance(a, Place)), None)
            if place is not None and c.pending() is None:
                c.click_troop(place.troop)
                assert c.click_node(place.node), c.message
            else:
                assert c.choose(c.legal()[0]), c.message

    facts: dict[str, Any] = {}
    home = pose()
    my_place()
    _steps(app, 1)
    facts["mine_moved"] = not pose().close_to(home)
    moved = False
    for _ in range(400):  # the bot's turn, played by the screen's frames
        _steps(app, 1)
        moved = moved or not pose().close_to(home)
        if c.my_turn() and not screen.animating() and not screen.follow.active and moved:
            break
    facts["bot_framed"] = moved
    _frames_until(app, lambda: pose().close_to(home) or not screen.follow.active and screen.follow._to is None)
    facts["returned"] = pose().close_to(home)
    screen.input("c")  # the camera stays put
    facts["follow_setting"] = screen.follow_on
    home = pose()
    my_place()
    still = True
    for _ in range(300):
        _steps(app, 1)
        still = still and pose().close_to(home)
        if c.my_turn() and not screen.animating():
            break
    facts["off_stays"] = still
    screen.input("c")
    my_place()  # then the player turns the view while the bot's action is framed
    for _ in range(300):
        _steps(app, 1)
        if screen.follow.active and screen.follow._t >= 1.0:
            break
    from ursina import Vec3

    table.camera.position = table.camera.position + Vec3(0.3, 0, 0.2)
    theirs = pose()
    _steps(app, 90)
    facts["players_camera_kept"] = pose().close_to(theirs)
    return facts


@scenario
def settings_last_across_resume() -> dict[str, Any]:
    """F2 twice and M, then Menu and "Resume the last game": the new screen keeps the
    speed and the sound setting (the speed went back to normal); E folds the Events panel."""
    from app import settings
    from app.shell.play import Shell
    from app.shell.start_screen import StartChoice
    from app.userdir import latest_autosave

    app = _app()
    shell = Shell(app)
    shell.start_game(StartChoice("toy-battle", {}, ["human", "random"]), seed=3)
    _steps(app, 2)
    screen = shell.screen
    screen.input("f2")
    screen.input("f2")
    screen.input("m")
    chosen = screen.speed
    c = screen.controller
    c.run_bots()
    from engine.toy_battle import Place

    place = next(a for a in c.legal() if isinstance(a, Place))
    c.click_troop(place.troop)
    c.click_node(place.node)  # an action: the autosave is written
    screen.hud.menu()
    _steps(app, 2)
    path = latest_autosave("toy-battle")
    shell.resume(path)
    _steps(app, 2)
    again = shell.screen
    facts = {"chosen": chosen, "resumed": again.speed, "muted": again.sounds.muted, "speed_text": again.hud.speed.text}
    again.input("e")
    _steps(app, 1)
    facts["folded"] = [again.hud.log_panel.enabled, again.hud.log.enabled, again.hud.fold_button.text,
                       settings.load().events_folded]
    again.input("e")
    _steps(app, 1)
    facts["opened"] = [again.hud.log_panel.enabled, again.hud.log.enabled, again.hud.fold_button.text]
    settings.forget()
    kept = settings.load()
    facts["file"] = [kept.speed, kept.muted, kept.events_folded]
    return facts


@scenario
def start_screen_loads_and_quits() -> dict[str, Any]:
    """Start shows "Setting up ..." on the next frame and starts the game after it; the
    Quit button and Escape ask first; Escape again stays, Enter quits."""
    from app.shell.start_screen import StartChoice, StartScreen

    app = _app()
    started: list[Any] = []
    quits: list[int] = []
    screen = StartScreen(lambda ch: started.append(ch.game), lambda p: None, StartChoice("toy-battle"),
                         on_quit=lambda: quits.append(1))
    _steps(app, 1)
    screen._start()
    facts: dict[str, Any] = {"loading_at_once": [screen.loading.enabled, screen.loading_text.text, list(started)]}
    _steps(app, 1)
    facts["after_one_frame"] = list(started)
    _steps(app, 2)
    facts["after_three"] = list(started)
    screen.loading.enabled = False
    screen.input("escape")
    facts["asked"] = screen.quit_panel.enabled
    screen.input("escape")
    facts["stayed"] = [screen.quit_panel.enabled, list(quits)]
    quit_button = next(e for e in screen.root.children if e.name == "quit")
    quit_button.on_click()
    facts["button_asks"] = screen.quit_panel.enabled
    screen.input("enter")
    facts["quits"] = list(quits)
    return facts


@scenario
def a_saved_game_reviewed_in_the_window(path: str) -> dict[str, Any]:
    """``toybox replay FILE --window``'s first screen: the Review from the start; its bar
    steps, jumps and plays on; Close review goes to the start screen on the game's tab."""
    from app.shell.play import Shell, first_screen

    app = _app()
    shell = Shell(app)
    first_screen(shell, None, review=Path(path))
    _steps(app, 2)
    r = shell.screen
    facts: dict[str, Any] = {"screen": type(r).__name__, "status": r.controller.status(), "where": r.bar.where.text}
    r.bar.buttons["Next"].on_click()
    _steps(app, 1)
    facts["next"] = [r.controller.step, r.bar.where.text]
    r.input("end")
    _steps(app, 1)
    facts["end"] = [r.controller.step, r.controller.track.last, r.controller.status()]
    r.input("left arrow")
    r.input("page up")
    facts["back"] = r.controller.step
    r.go(0)
    r.toggle_play()
    _frames_until(app, lambda: r.controller.step >= 3, dt=0.1)
    facts["played"] = r.controller.step
    facts["fill"] = r.bar.fill.scale_x
    from app.hud import CLOSE_REVIEW

    facts["labels"] = {"hud": [b.text for b in r.hud.buttons.values()], "bar": [b.text for b in r.bar.buttons.values()]}
    r.hud.buttons[CLOSE_REVIEW].on_click()
    _steps(app, 1)
    facts["back_to"] = [type(shell.screen).__name__, getattr(getattr(shell.screen, "choice", None), "game", None)]
    return facts


@scenario
def sounds_go_with_the_actions() -> dict[str, Any]:
    """The toy sounds a screen asks for while bots play Toy Battle and Little Battle a while."""
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats

    app = _app()
    out: dict[str, Any] = {}
    wanted = {"toy-battle": {"slide"}, "little-battle": {"card", "coins"}}  # (Little Soldiers' dice: the rays scenario)
    for game, n in (("toy-battle", 2), ("little-battle", 3)):
        c = controller_class(game).new(game, {"players": n} if game == "little-battle" else {}, Seats(("random",) * n), seed=4)
        screen = GameScreen(c, threaded_bots=False)
        screen.speed = 2  # fast: every action still shown (and heard), in fewer frames
        for _ in range(3000):
            _steps(app, 1, dt=0.1)
            if c.is_over() or wanted[game] <= set(screen.sounds.played):
                break
        out[game] = sorted(set(screen.sounds.played))
        screen.destroy()
    return out


@scenario
def reroll_picks_stand_out() -> dict[str, Any]:
    """Dice picked for a reroll rise and stand on a lit ring (a 1.6 cm lift barely showed)."""
    from app import frames
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.games.little_soldiers.dice_tray import DIE_CM
    from app.seats import Seats

    app = _app()
    for seed in range(1, 30):
        c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("human", "random")), seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if c.is_over() or (c.my_turn() and c.phase() == "reroll"):
                break
            if c.bot_pending():
                c.bot_step()
            else:
                c.play(rng.choice(c.view().candidate_actions(12, rng)))
        if c.my_turn() and c.phase() == "reroll":
            break
    else:
        raise AssertionError("no reroll reached")
    screen = GameScreen(c, threaded_bots=False)
    screen.view.finish_animations()
    _steps(app, 2)
    c.click_die(1)
    _steps(app, 1)
    tray = screen.view.tray
    z = [frames.to_engine(h.position)[2] - DIE_CM / 2 for h in tray.dice_entities]
    ring = tray.pick_root.find("**/picked-dice")
    return {"lift": z, "ring": not ring.isEmpty(), "picked": sorted(c.reroll_pick)}


@scenario
def figurines_at_the_home_view() -> dict[str, Any]:
    """How tall the figurines in play stand at the home view (px, 1280x720)."""
    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    app = _app()
    ctl = prepare("little-soldiers", {}, 3, 12)
    screen = GameScreen(ctl)
    _steps(app, 2)
    v = screen.view
    heights = []
    for s in ctl.soldiers():
        b = v.soldier_point(s)
        if b is None:
            continue
        pb, ph = window.project(app, b), window.project(app, (b[0], b[1], b[2] + 5.0))
        if pb and ph:
            heights.append(pb[1] - ph[1])
    return {"heights": heights}


@scenario
def the_focus_key_frames_the_selected_soldier() -> dict[str, Any]:
    """F with a soldier selected: the camera comes to it and stays (how tall it stands on
    screen before and after, and how far from the window's middle)."""
    from app.camera_follow import Pose
    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    app = _app()
    ctl = prepare("little-soldiers", {}, 3, 12)
    screen = GameScreen(ctl, threaded_bots=False)
    _steps(app, 2)
    mine = next(s for s in ctl.soldiers() if s["spot"] is not None and ctl.is_mine(s["id"]))
    ctl.click_soldier(mine["id"])
    v = screen.view

    def seen() -> list[float]:
        b = v.soldier_point(ctl.soldier(mine["id"]))
        pb, ph = window.project(app, b), window.project(app, (b[0], b[1], b[2] + 5.0))
        return [pb[1] - ph[1], abs(pb[0] - 640) + abs(pb[1] - 360)]

    before = seen()
    screen.input("f")
    _steps(app, 40)
    after = seen()
    pose = Pose.now(v.table)
    _steps(app, 60)
    return {"before": before, "after": after, "stays": Pose.now(v.table).close_to(pose)}


@scenario
def result_aside_stays_aside_after_review(save: str) -> dict[str, Any]:
    """A finished game resumed: the result shows; put aside, then Review and Close
    review: the game comes back with the result still aside (it came back over the
    table the player had asked to look at). Not put aside, it shows again."""
    from app.review.screen import ReviewScreen
    from app.shell.play import Shell

    app = _app()
    shell = Shell(app)
    facts: dict[str, Any] = {}
    for aside in (True, False):
        shell.resume(Path(save))
        _frames_until(app, lambda: shell.screen.hud.end_panel.enabled)
        if aside:
            shell.screen.hud.dismiss_result()
        shell.screen.hud.review()
        _steps(app, 2)
        reviewing = type(shell.screen).__name__
        assert isinstance(shell.screen, ReviewScreen)
        shell.screen.on_menu()  # "Close review"
        _steps(app, 3)
        hud = shell.screen.hud
        facts["aside" if aside else "shown"] = [reviewing, type(shell.screen).__name__, hud.end_panel.enabled,
                                                hud.result_button.enabled]
    return facts


@scenario
def the_log_waits_for_the_throw() -> dict[str, Any]:
    """A grenade thrown at normal speed: the Events panel keeps its lines while the grenade
    flies and goes off, then shows the throw's lines (its result was readable before it landed)."""
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats
    from tests.app.probe import ls_to_my_throw

    app = _app()
    c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("human", "random")), seed=5)
    ls_to_my_throw(c)
    screen = GameScreen(c)
    _steps(app, 2)
    before = screen.hud.log.text
    o = c.shot_origin()
    c.aim_at(o[0] + 25.0, o[1] + 10.0)
    assert c.release_aim(), c.message
    during = [screen.hud.log.text]
    frames = 0
    while screen.animating() and frames < 400:
        _steps(app, 1)
        frames += 1
        if screen.animating():
            during.append(screen.hud.log.text)
    _steps(app, 2)
    return {"before": before, "during": sorted(set(during)), "after": screen.hud.log.text, "frames": frames,
            "new": [line for line in c.events() if line not in before.split("\n")][-3:]}


if __name__ == "__main__":
    from tests.app.probe_runner import main

    main(SCENARIOS)
