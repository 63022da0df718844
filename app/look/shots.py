"""The README's screenshots, taken in a real window (``docs/screenshots``).

``python -m app.look.shots OUTDIR [NAME ...]`` opens each scene in an
on-screen window (it needs a display: a desktop, or ``xvfb-run``), lets it
settle and saves a JPEG (PNG for the animation frame). One process per shot:
Ursina is one per process. ``TOYBOX_LOOK`` picks the light as for
``toybox play`` (``pbr`` forces the shader light on a CPU rasteriser such as
llvmpipe, slow but the better picture); each shot's line says which drew it.

The clock is forced to 30 frames a second of game time, so an animation is
caught at the same moment however slowly a software renderer draws it.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)


def _start(size: tuple[int, int] = SIZE, title: str = "Toybox") -> Any:
    from panda3d.core import ClockObject, loadPrcFileData

    loadPrcFileData("shots", "audio-library-name null\nsync-video false\n")
    from app.shell import window

    app = window.start(offscreen=False, size=size, title=title)
    clock = ClockObject.getGlobalClock()
    clock.setMode(ClockObject.MForced)
    clock.setFrameRate(30)
    return app


def _screen(game: str, config: dict[str, Any], seed: int, moves: int, bots_run: bool = False) -> tuple[Any, Any]:
    from app.game_screen import GameScreen
    from app.shell.render import prepare

    controller = prepare(game, config, seed, moves)
    app = _start()
    screen = GameScreen(controller)
    if not bots_run:
        screen.hold()  # the frame shows the position as prepared
    return app, screen


def game_shot(game: str, config: dict[str, Any], seed: int, moves: int) -> Callable[[], Any]:
    def shoot() -> Any:
        app, screen = _screen(game, config, seed, moves)
        from app.shell import window

        window.step(app, 4)
        return app

    return shoot


def sight_shot() -> Any:
    """Little Soldiers in the attack step: your soldier picked, the sight rays
    to the enemy under the mouse drawn, the dice of the last attack on the table."""
    app, screen = _screen("little-soldiers", {}, 3, 9)
    from app.shell import window

    c = screen.controller
    mine = [s for s in c.soldiers() if s["spot"] and s["team"] in c.my_teams()]
    foes = [s for s in c.soldiers() if s["spot"] and s["team"] not in c.my_teams()]
    if mine and foes:
        c.click_soldier(mine[0]["id"])
        c.hover_soldier(foes[0]["id"])
    window.step(app, 4)
    return app


def attack_shot() -> Any:
    """A bot's attack caught mid-animation: its sight rays drawn, the dice tumbling."""
    from ursina import scene

    from app.game_screen import GameScreen
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.games.little_soldiers.view import LittleSoldiersView
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import prepare

    probe = prepare("little-soldiers", {}, 5, 0)
    controller = LittleSoldiersController(probe.match, Seats(("heuristic", "heuristic")), bot_seed=5)
    app = _start()
    screen = GameScreen(controller)
    screen.hold()  # the bots are stepped here, one action at a time
    for _ in range(600):
        if controller.is_over() or not controller.bot_step():
            break
        window.step(app, 1)
        if any(getattr(e, "name", "") == "attack-rays" for e in scene.entities):
            m = controller.view_dict().get("measured") or {}
            a, t = controller.spot(m.get("attack")), controller.spot(m.get("target"))
            if a is not None and t is not None and math.dist((a["x"], a["y"]), (t["x"], t["y"])) > 25.0:
                view = screen.view  # a long shot, framed with the dice: the rays and the tumble both show
                if not isinstance(view, LittleSoldiersView):
                    raise TypeError(f"attack_shot: a Little Soldiers table was expected, not {type(view).__name__}")
                pts = [(a["x"], a["y"], 0.0), (t["x"], t["y"], 0.0)] + [view.die_point(k) for k in (0, 5)]
                view.table.frame(pts, view.FREE_FILM, pitch=44.0)
                window.step(app, 10)  # a third of a second into the rays and the dice's tumble (the clock is forced)
                break
        screen.animator.finish()
        screen.view.finish_animations()
    return app


def threat_shot() -> Any:
    return game_shot("little-soldiers", {"mission": "a_new_threat", "players": 2}, 1, 8)()


def editor_shot() -> Any:
    """The level editor with the household kit's thumbnails out."""
    from app.editor.session import EditorSession
    from app.editor.window import EditorWindow
    from app.shell import window

    session = EditorSession.open(str(ROOT / "levels" / "little_soldiers" / "bootcamp.json"))
    app = _start((1440, 900), "Toybox - level editor")
    win = EditorWindow(session)
    win.set_tool("household")
    window.step(app, 4)
    return app


def editor_problem_shot() -> Any:
    """The level editor with a problem marked: the soda can dragged into the
    game box (both red, pinned, the overlap listed), blocks on the cereal box."""
    from app.editor.session import EditorSession
    from app.editor.window import EditorWindow
    from app.shell import window

    session = EditorSession.open(str(ROOT / "levels" / "little_soldiers" / "bootcamp.json"))
    app = _start((1440, 900), "Toybox - level editor")
    win = EditorWindow(session)
    box = session.battlefield().solid("cereal-box")
    c = box.footprint.centroid
    session.set_tool("household")
    session.kit_kind = "blocks"
    session.click(c.x, c.y, ((c.x, c.y - 60.0, 80.0), (c.x, c.y, box.top)))
    can = next(p for p in session.data["scenery"] if p["id"] == "soda-can")["at"]
    bottom = session.battlefield().solid("game-box-bottom").footprint.bounds
    session.begin_drag(can[0], can[1])
    session.end_drag(bottom[0] - 1.0, (bottom[1] + bottom[3]) / 2)
    session.selection = None
    session.message = "Soda can moved: it overlaps the game box (both marked red; click the line to select it)."
    win.refresh()
    window.step(app, 4)
    return app


def los_shot() -> Any:
    from app.editor.los_session import LosSession
    from app.editor.los_window import LosWindow
    from app.shell import window

    session = LosSession.open(str(ROOT / "levels" / "little_soldiers" / "bootcamp.json"), "28,24", "95,68",
                              "infantry", "infantry")
    app = _start((1440, 900), "Toybox - line of sight")
    LosWindow(session)
    window.step(app, 4)
    return app


def review_shot() -> Any:
    """Review mode: a finished Little Soldiers game stepped back to an attack, played on one
    action: the whole table (the camera left where it is), the sight rays drawn, the dice
    tumbling, the review's bar with the turns ticked on its track."""
    from app.review.controller import review_controller
    from app.review.screen import ReviewScreen
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import prepare
    from engine.little_soldiers.actions import Order

    probe = prepare("little-soldiers", {}, 5, 0)
    game = type(probe)(probe.match, Seats(("heuristic", "heuristic")), bot_seed=5)
    game.run_bots()
    record = game.match.record()
    review: Any = review_controller(record, "shot", step=0)  # a Reviewing controller: track, go
    attacks = [k for k in range(1, review.track.last + 1)
               if isinstance(a := record.actions[review.track.bounds[k - 1]][1], Order) and a.kind == "attack"]
    review.go(attacks[len(attacks) // 2] - 1)
    app = _start()
    screen = ReviewScreen(review)
    screen.follow_on = False  # the whole table in the picture
    window.step(app, 4)
    screen.step_on()
    window.step(app, 12)  # 0.4 s in: the rays and the tumbling dice
    return app


SHOTS: dict[str, tuple[str, Callable[[], Any]]] = {
    "little-soldiers": ("jpg", sight_shot),
    "toy-battle": ("jpg", game_shot("toy-battle", {}, 1, 10)),
    "little-battle": ("jpg", game_shot("little-battle", {"players": 4}, 3, 10)),
    "bot-attack": ("png", attack_shot),
    "a-new-threat": ("jpg", threat_shot),
    "editor": ("jpg", editor_shot),
    "editor-problem": ("jpg", editor_problem_shot),
    "los": ("jpg", los_shot),
    "review": ("jpg", review_shot),
}


def take(name: str, out_dir: Path) -> None:
    """One shot in this process (then exits: Ursina is one per process)."""
    from PIL import Image

    from app.look import pipeline
    from app.shell import window

    ext, shoot = SHOTS[name]
    app = shoot()
    png = out_dir / f"{name}.png"
    window.screenshot(app, png)
    if ext == "jpg":
        import io

        from engine.core.files import write_atomic

        jpeg = io.BytesIO()
        Image.open(png).convert("RGB").save(jpeg, format="JPEG", quality=88)
        write_atomic(out_dir / f"{name}.jpg", jpeg.getvalue(), what="picture")
        png.unlink()
    print(f"{name}: {pipeline.describe(app)}")
    sys.stdout.flush()
    os._exit(0)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m app.look.shots OUTDIR [NAME ...]  (names: " + ", ".join(SHOTS) + ")", file=sys.stderr)
        return 2
    out_dir, names = Path(args[0]), args[1:] or list(SHOTS)
    if len(names) == 1 and os.environ.get("TOYBOX_SHOT_CHILD"):
        take(names[0], out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    failed = 0
    for name in names:
        env = dict(os.environ, TOYBOX_SHOT_CHILD="1", PYTHONPATH=str(ROOT))
        proc = subprocess.run([sys.executable, "-m", "app.look.shots", str(out_dir), name], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=900)
        line = next((out for out in proc.stdout.splitlines() if out.startswith(f"{name}: ")), None)
        print(line or f"{name}: failed ({(proc.stderr.strip().splitlines() or ['no output'])[-1]})")
        failed += line is None
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
