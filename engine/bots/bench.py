"""The body of ``toybox bench engine``: random playouts of every game.

Games per second alone say as much about the machine as about the code, so
each figure is printed with its ratio to a baseline measured in the same
run: a fixed pure-Python loop (list building, dict lookups, random draws —
the operations a game step is made of). The ratio (games per million
baseline loops) moves only when the code does.

On a busy machine even the ratio wanders by 10-20% between runs, so a
change is measured against the code before it in one run:
``python -m engine.bots.bench --against OTHER_CHECKOUT`` plays the Little
Soldiers case in alternating subprocesses, this checkout's code and the
other's, and prints each round's ratio.

The random bot is the plain one (``engine.bots.base.RandomBot``): uniform
over ``options(view, rng)``, the engine's 32 sampled candidates where the
choice is continuous (Little Soldiers' Moves and aims). The speed-ups of
issue 15 made computing those candidates cheaper, never fewer.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
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


_ONE_CASE = """
import json
from engine.bots.bench import baseline_loops, games_per_second
before = baseline_loops()
gps = games_per_second("little-soldiers", {{}}, {games})
after = baseline_loops()
print(json.dumps([gps, gps / ((before + after) / 2) * 1e6]))
"""


def compare(other: str, rounds: int = 4, games: int = 40, out: Callable[[str], object] = print) -> list[float]:
    """Little Soldiers random playouts of this checkout against ``other``
    (another checkout's root), in alternating subprocesses: each round's
    ratio of games per million baseline loops, this over other."""
    trees = {"this": str(Path(__file__).resolve().parents[2]), "other": str(Path(other).resolve())}
    ratios = []
    for r in range(rounds):
        got = {}
        for name, root in trees.items():
            env = {**os.environ, "PYTHONPATH": root}
            done = subprocess.run([sys.executable, "-c", _ONE_CASE.format(games=games)], env=env, cwd=root,
                                  capture_output=True, text=True, check=True)
            got[name] = json.loads(done.stdout.strip().splitlines()[-1])
            out(f"round {r + 1} {name:5}: {got[name][0]:.1f} games/s, {got[name][1]:.2f} per million baseline loops")
        ratios.append(got["this"][1] / got["other"][1])
    out("this / other per round: " + ", ".join(f"{x:.2f}" for x in ratios))
    return ratios


if __name__ == "__main__":  # python -m engine.bots.bench --against OTHER_CHECKOUT [--rounds N] [--games N]
    import argparse

    parser = argparse.ArgumentParser(description=compare.__doc__)
    parser.add_argument("--against", required=True, help="the root of another checkout (e.g. main's)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 1 or not (Path(args.against) / "engine").is_dir():
        sys.exit("--against must name a checkout (with engine/), --rounds and --games at least 1")
    compare(args.against, args.rounds, args.games)
