"""The body of ``toybox bench engine``: random playouts of every game.

Games per second alone say as much about the machine as about the code, so
each figure is printed with its ratio to a baseline measured in the same
run: a fixed pure-Python loop (list building, dict lookups, random draws —
the operations a game step is made of). The ratio (games per million
baseline loops) moves only when the code does.

What a random playout is: every seat a ``RandomBot``. In Toy Battle and
Little Battle it picks uniformly among the legal actions. In Little
Soldiers, whose Moves and aims are continuous, it plays the game's
one-sample random policy (``view.random_action``: the kind of choice
first, then one action measured alone; its distribution is documented in
``engine.little_soldiers.random_action``). The random bot before that
policy — uniform over the engine's 32 checked candidates, each Move's
destinations fitted and path-measured in one batch
(``RandomBot(candidates=32)``) — is measured in the same run, so the two
figures and their ratio come from one machine state.

Little Battle and Toy Battle are also given as a fraction of a second
yardstick measured in the same run: random games of tic-tac-toe in plain
Python (``tic_tac_toe``: list the empty squares, draw one, test the lines
through it), the smallest complete game a Python engine can play. Issue 26
set their aims that way: OpenSpiel's C++ Hearts (4 players) plays about
1/55 of the yardstick's games per second on the development machine, so
Little Battle (4 players) aims at 1/55 and Toy Battle at 1/100.

Each case is timed after one untimed game of its own (the process's
one-time set-up: imports, the battlefield's sight scene and path graphs,
the physics library), whose time is printed apart; before issue 15's
one-sample policy the 40 Little Soldiers games counted that first game's
set-up too.

On a busy machine even the ratio wanders by 10-20% between runs, so a
change is measured against the code before it in one run:
``python -m engine.bots.bench --against OTHER_CHECKOUT`` plays the Little
Soldiers case in alternating subprocesses, this checkout's code and the
other's, and prints each round's ratio (``--candidates 32``: this
checkout's 32-candidate bot, which plays the same games as the random bot
of a checkout before the one-sample policy).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.bots.base import RandomBot, play_out
from engine.core.games import get_game

CASES: tuple[tuple[str, dict[str, Any], int, int | None], ...] = (
    ("little-battle", {"players": 4}, 400, None),
    ("toy-battle", {"terrain": "castle-field"}, 200, None),
    ("little-soldiers", {}, 40, None),
    ("little-soldiers", {}, 40, 32),
)
"""(game, config, games, candidates) measured by default: ``candidates``
None is the plain random bot, 32 the 32-candidate one (``RandomBot``)."""

AIMS = {"little-soldiers": 120.0}
"""Issue 15's aim in games per million baseline loops (10x the 12.1 measured before)."""

ISSUE_BASELINE = {"little-soldiers": 12.1}
"""What issue 15 measured before any of its work, in games per million baseline loops."""

YARDSTICK_AIMS = {"little-battle": 55.0, "toy-battle": 100.0}
"""Issue 26's aims: at least 1/N of the tic-tac-toe yardstick's games per second."""

WARM_SEED = 1_000_000
"""The seed of each case's untimed first game (outside the timed seeds 0..games-1)."""


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


_LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
          if square in line)
    for square in range(9)
)
"""The lines through each square of a tic-tac-toe board."""


def tic_tac_toe(rng: random.Random) -> int:
    """One random game of tic-tac-toe, the yardstick: 1 or 2 wins, 0 a draw."""
    board = [0] * 9
    player = 1
    for _ in range(9):
        empty = [i for i in range(9) if not board[i]]
        square = empty[int(rng.random() * len(empty))]
        board[square] = player
        for a, b, c in _LINES_THROUGH[square]:
            if board[a] == board[b] == board[c]:
                return player
        player = 3 - player
    return 0


def yardstick(seconds: float = 0.2) -> float:
    """Random tic-tac-toe games per CPU second (the same-run yardstick)."""
    rng = random.Random(0)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            tic_tac_toe(rng)
        games += 1000
    return games / (time.process_time() - start)


def games_per_second(game: str, config: dict[str, Any], games: int, candidates: int | None = None,
                     warm: bool = False) -> float:
    """Random-bot games per CPU second (process time: other load does not
    count), seeds 0..games-1; ``candidates`` as ``RandomBot``'s; ``warm``:
    one untimed game first (``warm_up``)."""
    info = get_game(game)
    cfg = info.config_from_dict(config)
    seats = info.new_game(cfg, 0).num_seats
    if warm:
        warm_up(game, config, candidates)
    start = time.process_time()
    for seed in range(games):
        play_out(info.new_game(cfg, seed), [RandomBot(seed * 7 + s, candidates) for s in range(seats)])
    return games / (time.process_time() - start)


def warm_up(game: str, config: dict[str, Any], candidates: int | None = None) -> float:
    """Play one untimed game (seed ``WARM_SEED``) and return its CPU seconds:
    the first game in a process also pays the one-time set-up."""
    info = get_game(game)
    cfg = info.config_from_dict(config)
    start = time.process_time()
    state = info.new_game(cfg, WARM_SEED)
    play_out(state, [RandomBot(WARM_SEED * 7 + s, candidates) for s in range(state.num_seats)])
    return time.process_time() - start


def _label(game: str, candidates: int | None) -> str:
    if game != "little-soldiers":
        return "random games"
    return "random games (one-sample policy)" if candidates is None else f"random games ({candidates}-candidate bot)"


def run_engine_bench(out: Callable[[str], object] = print, quick: bool = False,
                     games: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Every case of ``CASES`` (or those of the named ``games``), each with its same-run ratios."""
    base = baseline_loops()
    out(f"baseline: {base:.0f} pure-Python loops/s (same run; each case's ratio is to the baseline measured "
        f"just before and after it)")
    rows: dict[str, Any] = {"baseline_loops_per_s": base}
    for game, config, count, candidates in CASES:
        if games is not None and game not in games:
            continue
        n = max(1, count // 10) if quick else count
        first = warm_up(game, config, candidates)
        before, stick_before = baseline_loops(), yardstick()
        gps = games_per_second(game, config, n, candidates)
        # The baseline on both sides of the case: a busy machine's pace drifts within a run.
        loops = (before + baseline_loops()) / 2
        stick = (stick_before + yardstick()) / 2
        ratio = gps / loops * 1e6
        key = game if candidates is None else f"{game} random{candidates}"
        rows[key] = {"games": n, "games_per_s": gps, "per_million_baseline_loops": ratio,
                     "baseline_loops_per_s": loops, "first_game_s": first, "candidates": candidates,
                     "yardstick_games_per_s": stick, "yardstick_over_games": stick / gps}
        aim = AIMS.get(game)
        line = f"{game:16} {n:5d} {_label(game, candidates)}: {gps:.1f} games/s (CPU), {ratio:.2f} per million baseline loops"
        if aim:
            base = ISSUE_BASELINE[game]
            line += f" = {ratio / base:.2f}x the issue's {base:g}, {ratio / aim:.2f} of the aim {aim:g}"
        line += f", 1/{stick / gps:.0f} of the tic-tac-toe yardstick ({stick:.0f} games/s)"
        stick_aim = YARDSTICK_AIMS.get(game)
        if stick_aim:
            line += f", aim 1/{stick_aim:g}"
        out(line + f"; untimed first game {first * 1e3:.0f} ms")
    one, old = rows.get("little-soldiers"), rows.get("little-soldiers random32")
    if one and old:
        rows["little-soldiers one-sample / random32"] = one["games_per_s"] / old["games_per_s"]
        out(f"little-soldiers  one-sample policy / 32-candidate bot, same run: {one['games_per_s'] / old['games_per_s']:.2f}x")
    return rows


_ONE_CASE = """
import importlib.util, json, time
from engine.bots.base import RandomBot, play_out
from engine.core.games import get_game
# Both checkouts are measured with this checkout's baseline and yardstick (the other may predate them).
spec = importlib.util.spec_from_file_location("this_bench", {bench!r})
this_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(this_bench)
baseline_loops, yardstick = this_bench.baseline_loops, this_bench.yardstick
info = get_game({game!r})
cfg = info.config_from_dict({config!r})
seats = info.new_game(cfg, 0).num_seats
def bots(seed):
    if {candidates} is None:
        return [RandomBot(seed * 7 + s) for s in range(seats)]
    return [RandomBot(seed * 7 + s, candidates={candidates}) for s in range(seats)]
play_out(info.new_game(cfg, 1000000), bots(1000000))  # untimed: the one-time set-up
before, stick = baseline_loops(), yardstick()
start = time.process_time()
for seed in range({games}):
    play_out(info.new_game(cfg, seed), bots(seed))
gps = {games} / (time.process_time() - start)
after, stick_after = baseline_loops(), yardstick()
print(json.dumps([gps, gps / ((before + after) / 2) * 1e6, (stick + stick_after) / 2 / gps]))
"""

COMPARE_CONFIGS: dict[str, dict[str, Any]] = {game: config for game, config, _, candidates in CASES if candidates is None}
"""The config each game's comparison plays: the bench's own case."""


def compare(
    other: str, rounds: int = 4, games: int = 40, out: Callable[[str], object] = print, candidates: int | None = None,
    game: str = "little-soldiers",
) -> list[float]:
    """Random playouts of ``game`` by this checkout against ``other``
    (another checkout's root), in alternating subprocesses, each after one
    untimed game: each round's ratio of games per million baseline loops,
    this over other (Little Battle and Toy Battle also print the
    yardstick's ratio). ``candidates``: this checkout's bot is
    ``RandomBot(candidates=...)`` (the other's is its plain random bot)."""
    trees = {"this": str(Path(__file__).resolve().parents[2]), "other": str(Path(other).resolve())}
    ratios = []
    for r in range(rounds):
        got = {}
        for name, root in trees.items():
            env = {**os.environ, "PYTHONPATH": root}
            code = _ONE_CASE.format(games=games, candidates=candidates if name == "this" else None,
                                    game=game, config=COMPARE_CONFIGS[game], bench=str(Path(__file__).resolve()))
            done = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True, check=True)
            got[name] = json.loads(done.stdout.strip().splitlines()[-1])
            out(f"round {r + 1} {name:5}: {got[name][0]:.1f} games/s, {got[name][1]:.2f} per million baseline loops, "
                f"1/{got[name][2]:.0f} of the tic-tac-toe yardstick")
        ratios.append(got["this"][1] / got["other"][1])
    out("this / other per round: " + ", ".join(f"{x:.2f}" for x in ratios))
    return ratios


if __name__ == "__main__":  # python -m engine.bots.bench --against CHECKOUT [--game G] [--rounds N] [--games N] [--candidates K]
    import argparse

    parser = argparse.ArgumentParser(description=compare.__doc__)
    parser.add_argument("--against", required=True, help="the root of another checkout (e.g. main's)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", choices=sorted(COMPARE_CONFIGS), default="little-soldiers")
    parser.add_argument(
        "--candidates",
        type=int,
        default=None,
        help="this checkout plays RandomBot(candidates=K) (32: the bot before the one-sample policy)",
    )
    args = parser.parse_args()
    if (
        args.rounds < 1
        or args.games < 1
        or not (Path(args.against) / "engine").is_dir()
        or (args.candidates is not None and args.candidates < 1)
    ):
        sys.exit("--against must name a checkout (with engine/), --rounds, --games and --candidates at least 1")
    compare(args.against, args.rounds, args.games, candidates=args.candidates, game=args.game)
