"""App figures (a benchmark, not a test): time to the first frame and frame
time, offscreen with the software renderer.

Each figure is measured in a fresh process (Ursina is one per process), so
``time to first frame`` includes importing Ursina and building the scene,
like ``toybox play`` does.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

DEFAULT_GAMES = ("little-soldiers", "toy-battle", "little-battle")


def measure(game: str, frames: int = 120, moves: int = 6, seed: int = 1) -> dict[str, Any]:
    """In this process: build a game offscreen and time frames (call once per process)."""
    t0 = time.perf_counter()
    from app import window
    from app.game_screen import GameScreen
    from app.render import prepare

    controller = prepare(game, {}, seed, moves)
    app = window.start(offscreen=True, size=(1280, 720))
    screen = GameScreen(controller)
    screen.ticker.update = lambda: None
    window.step(app, 1)
    first = time.perf_counter() - t0
    window.step(app, 5)
    t1 = time.perf_counter()
    for _ in range(frames):
        app.step()
    per_frame = (time.perf_counter() - t1) / frames
    row = {"game": game, "first_frame_s": round(first, 3), "frame_ms": round(per_frame * 1000, 2),
           "fps": round(1 / per_frame, 1), "frames": frames, "backend": "p3tinydisplay (software)",
           "size": "1280x720"}
    screen.destroy()
    row.update(measure_thinking(app, game, seed, moves))
    return row


def measure_thinking(app: Any, game: str, seed: int, moves: int, seconds: float = 10.0) -> dict[str, Any]:
    """Frame time while search bots think in the worker process (every seat a
    search bot, speed 'instant' so a new decision starts as the last lands)."""
    from engine.bots import make_bot

    from app.game_screen import SPEEDS, GameScreen
    from app.render import prepare
    from app.seats import Seats

    controller = prepare(game, {}, seed, moves)
    n = controller.match.state.num_seats
    controller = type(controller)(controller.match, Seats(("search",) * n), bot_seed=seed)
    controller.bots = {s: make_bot("search", game, seed + s) for s in range(n)}
    screen = GameScreen(controller)
    screen.speed = next(i for i, (name, _) in enumerate(SPEEDS) if name == "instant")
    durations: list[float] = []
    decided = 0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end and not controller.is_over():
        before = len(controller.match.actions)
        t = time.perf_counter()
        app.step()
        dt = time.perf_counter() - t
        if screen.worker.busy() and len(controller.match.actions) == before:
            durations.append(dt)
        decided += len(controller.match.actions) - before
    screen.destroy()
    if not durations:
        return {"thinking_frames": 0}
    mean = sum(durations) / len(durations)
    return {"thinking_frame_ms": round(mean * 1000, 2), "thinking_fps": round(1 / mean, 1),
            "thinking_worst_ms": round(max(durations) * 1000, 1), "thinking_frames": len(durations),
            "search_decisions": decided, "thinking_s": seconds}


def bench(games: tuple[str, ...] = DEFAULT_GAMES, frames: int = 120) -> list[dict[str, Any]]:
    """One subprocess per game; a game that cannot start yet reports its error."""
    out = []
    for game in games:
        code = f"import json; from app.bench import measure; print('BENCH ' + json.dumps(measure({game!r}, {frames})))"
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
        line = next((l for l in proc.stdout.splitlines() if l.startswith("BENCH ")), None)
        if proc.returncode == 0 and line:
            out.append(json.loads(line[6:]))
        else:
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            out.append({"game": game, "error": tail})
    return out


def report(rows: list[dict[str, Any]]) -> str:
    lines = []
    for r in rows:
        if "error" in r:
            lines.append(f"{r['game']}: not measured ({r['error']})")
        else:
            line = (f"{r['game']}: first frame {r['first_frame_s']:.2f} s, frame {r['frame_ms']:.2f} ms "
                    f"({r['fps']:.0f} fps) idle")
            if r.get("thinking_frames"):
                line += (f", {r['thinking_frame_ms']:.2f} ms ({r['thinking_fps']:.0f} fps, worst "
                         f"{r['thinking_worst_ms']:.0f} ms) while a search bot thinks "
                         f"({r['search_decisions']} decisions in {r['thinking_s']:.0f} s)")
            lines.append(line + f", {r['backend']}, {r['size']}")
    return "\n".join(lines)
