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
    return {"game": game, "first_frame_s": round(first, 3), "frame_ms": round(per_frame * 1000, 2),
            "fps": round(1 / per_frame, 1), "frames": frames, "backend": "p3tinydisplay (software)",
            "size": "1280x720"}


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
            lines.append(f"{r['game']}: first frame {r['first_frame_s']:.2f} s, frame {r['frame_ms']:.2f} ms "
                         f"({r['fps']:.0f} fps), {r['backend']}, {r['size']}")
    return "\n".join(lines)
