"""Issue 23: full games of all three games with every seat a client over real
WebSockets on 127.0.0.1 (bots driving the clients, each from its stand-in of
its own view), equal action for action to the same game played locally."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from engine.core.games import get_game
from engine.core.record import load_record, replay
from tests.net.helpers import CONFIGS, bot_clients, local_game, new_table, run, serving

GAMES = [
    ("toy-battle", "heuristic", 4),
    ("toy-battle", "random", 5),
    ("little-battle", "heuristic", 6),
    ("little-battle", "random", 7),
    ("little-soldiers", "heuristic", 8),
]


@pytest.mark.parametrize(("game", "bot", "seed"), GAMES)
def test_served_game_equals_the_local_game(game: str, bot: str, seed: int) -> None:
    table = new_table(game, seed=seed)
    seats = len(table.seats)
    bot_seeds = [100 + s for s in range(seats)]

    async def play() -> list:
        async with serving(table) as (_, url):
            return await bot_clients(url, table, bot, bot_seeds)

    results = run(play())
    local = local_game(game, CONFIGS[game], seed, [bot] * seats, bot_seeds)
    served = table.match.state
    assert served.is_over()
    assert served.history() == local.history()
    assert served.state_hash() == local.state_hash()
    assert all(r == local.result().to_dict() for r in results)  # every client heard the same result


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 30))
@pytest.mark.parametrize("game", ["toy-battle", "little-battle", "little-soldiers"])
def test_served_games_equal_local_many_seeds(game: str, seed: int) -> None:
    table = new_table(game, seed=seed)
    bot_seeds = [seed * 10 + s for s in range(len(table.seats))]

    async def play() -> None:
        async with serving(table) as (_, url):
            await bot_clients(url, table, "heuristic", bot_seeds)

    run(play(), 300)
    local = local_game(game, CONFIGS[game], seed, ["heuristic"] * len(table.seats), bot_seeds)
    assert table.match.state.history() == local.history()


def test_serve_and_join_as_processes(tmp_path, subprocess_env) -> None:
    """``toybox serve`` and two ``toybox join --bot`` as separate processes:
    the joins exit 0 printing the result, the server writes the codes and the
    record, and the record replays to that result."""
    codes, record = tmp_path / "codes.json", tmp_path / "game.json"
    env = {**subprocess_env, "TOYBOX_HOME": str(tmp_path / "home")}
    toybox = [sys.executable, "-m", "app.shell.cli"]
    server = subprocess.Popen([*toybox, "serve", "toy-battle", "--port", "0", "--seed", "4", "--codes", str(codes),
                               "--out", str(record)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not codes.exists() and time.monotonic() < deadline and server.poll() is None:
            time.sleep(0.05)
        data = json.loads(codes.read_text())
        assert set(data) == {"blue", "red", "spectator", "host", "url"}
        assert oct(codes.stat().st_mode & 0o777) == "0o600"  # the seats' secrets: the owner's only
        watcher = subprocess.Popen([*toybox, "join", data["url"], data["spectator"], "--watch"], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        joins = [subprocess.Popen([*toybox, "join", data["url"], data[seat], "--bot", "heuristic", "--bot-seed", str(i)],
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for i, seat in enumerate(("blue", "red"))]
        outs = [j.communicate(timeout=60) for j in joins]
        assert [j.returncode for j in joins] == [0, 0], outs
        watched, _ = watcher.communicate(timeout=30)
        assert watcher.returncode == 0
        server_out, _ = server.communicate(timeout=30)
    finally:
        server.kill()
    assert server.returncode == 0, server_out
    result = json.loads(outs[0][0].strip().splitlines()[-1])
    assert outs[1][0] == outs[0][0]
    state = replay(load_record(record))
    assert state.result().to_dict() == result
    assert json.loads(record.read_text())["result"] == result
    assert result["reason"] in server_out
    assert "Blue starts." in watched or "Red starts." in watched  # the spectator followed the public log
    assert result["reason"] in watched and "You draw" not in watched  # to the end, and no seat's private line
    get_game("toy-battle")  # the record names the game it was played as
