"""The body of ``toybox bench engine``: random playouts of every game.

Games per second alone say as much about the machine as about the code, so
each figure is printed with its ratio to a baseline measured in the same
run: a fixed pure-Python loop (list building, dict lookups, random draws —
the operations a game step is made of). The ratio (games per million
baseline loops) moves only when the code does.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from engine.bots.base import RandomBot, play_out
from engine.core.games import get_game

CASES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("little-battle", {"players": 4}, 400),
    ("toy-battle", {"terrain": "castle-field"}, 200),
    ("little-soldiers", {}, 40),
)
"""(game, config, games) measured by default."""

AIMS = {"little-soldiers": 120.0}
"""Issue 15's aim in games per million baseline loops (10x the 12.1 measured before)."""


def baseline_loops(seconds: float = 0.2) -> float:
    """Loops per second of a fixed pure-Python workload, for ratios."""
    rng = random.Random(0)
    table = {i: i * 2 for i in range(64)}
    loops = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(100):
            items = [table[i & 63] for i in range(16)]
            items.append(int(rng.random() * 16))
        loops += 100
    return loops / (time.process_time() - start)


def games_per_second(game: str, config: dict[str, Any], games: int) -> float:
    """Random-bot games per CPU second (process time: other load does not count)."""
    info = get_game(game)
    cfg = info.config_from_dict(config)
    seats = info.new_game(cfg, 0).num_seats
    start = time.process_time()
    for seed in range(games):
        play_out(info.new_game(cfg, seed), [RandomBot(seed * 7 + s) for s in range(seats)])
    return games / (time.process_time() - start)


def run_engine_bench(out: Callable[[str], object] = print, quick: bool = False) -> dict[str, Any]:
    base = baseline_loops()
    out(f"baseline: {base:.0f} pure-Python loops/s (same run)")
    rows: dict[str, Any] = {"baseline_loops_per_s": base}
    for game, config, games in CASES:
        n = max(1, games // 10) if quick else games
        gps = games_per_second(game, config, n)
        ratio = gps / base * 1e6
        rows[game] = {"games": n, "games_per_s": gps, "per_million_baseline_loops": ratio}
        aim = AIMS.get(game)
        out(f"{game:16} {n:5d} random games: {gps:.1f} games/s (CPU), {ratio:.2f} games per million baseline loops"
            + (f" (aim >= {aim:g})" if aim else ""))
    return rows
