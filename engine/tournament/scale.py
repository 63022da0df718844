"""The body of ``toybox bench ray``: a tournament serially, on 1 and 2 local
Ray workers, and on a two-node Ray cluster on 127.0.0.1, measured in one run.

What is measured, and why so: every run plays the same games (the same
seeds), and its outcomes are checked against the serial run's, game by game.
Each run is a fresh child process (``python -m engine.tournament.scale``
with one run's description), so no run inherits another's Ray or warm
caches; the 1- and 2-worker runs alternate, round after round, so a change
in the neighbours' load falls on both.

- **Play time**: from the moment Ray is up (the runner's first progress
  call, after ``connect``) to the last game's result; Ray's start-up (or a
  cluster's join) and shutdown are reported apart, as they are paid once
  per tournament, not per game.
- **Efficiency** ``e``: the games' own seconds (each game times itself in
  its worker, ``seconds`` in the results line) over workers x play time:
  the share of the workers' time spent playing, the rest being Ray's (task
  dispatch, the idle tail while the last batch finishes). It is what the
  projection to many cores rests on; a game's seconds stretch with the
  neighbours' load inside and outside the numerator alike, so ``e`` is
  far steadier on a shared machine than games per second.
- **Speed-up**: games per second of play, 2 workers over 1, per round. On
  a machine whose 2 cores are shared with other work this measures the
  neighbours as much as Ray (the load average is printed with each run).

The two-node cluster is started as the README and
``tests/tournament/test_ray_two_nodes.py`` start it (``ray start`` twice on
127.0.0.1, one CPU each, Ray's token authentication, every port free), in a
folder of its own, and ended by killing the processes holding files there
(``reaper.sweep``), never ``ray stop`` (which would stop every Ray on the
machine).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from engine.tournament import reaper

GAME = "little-battle"
BOTS = "search,random,random,random"
"""The tournament measured: the README's (a search bot's game is about a
second of CPU, large enough that Ray's ~1 ms a task is lost in it)."""

ROOT = Path(__file__).resolve().parents[2]


def one_run(game: str, bots: str, games: int, seed: int, workers: int | None,
            address: str | None = None) -> dict[str, Any]:
    """Play the tournament once in this process (``workers`` 0: serially);
    its timings and each game's outcome, in order."""
    from engine.tournament.runner import Tournament, run

    tournament = Tournament.build(game, bots, games, {}, seed=seed)
    marks: list[float] = []

    def progress(done: int, total: int) -> None:
        marks.append(time.perf_counter())

    load = os.getloadavg()[0]
    cpu = time.process_time()
    start = time.perf_counter()
    outcome = run(tournament, None, workers, address, progress=progress)
    end = time.perf_counter()
    if workers == 0:  # the first progress call comes before the first game
        play = end - start
    else:  # from Ray being up to the last result
        play = marks[-1] - marks[0]
    return {
        "workers": workers, "address": address, "games": outcome.played, "cpus": outcome.cpus,
        "startup_s": outcome.startup_seconds, "play_s": play, "total_s": end - start,
        "shutdown_s": None if workers == 0 else end - marks[-1],
        "game_seconds": sum(line["seconds"] for line in outcome.results),
        "process_cpu_s": time.process_time() - cpu,
        "load": [load, os.getloadavg()[0]],
        "outcomes": [[line["index"], line["seed"], line["winners"], line["scores"], line["turns"]]
                     for line in outcome.results],
    }


def _child(spec: dict[str, Any], env: dict[str, str] | None = None) -> dict[str, Any]:
    """``one_run(**spec)`` in a fresh Python process."""
    env = dict(env if env is not None else os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-m", "engine.tournament.scale", json.dumps(spec)], env=env, cwd=str(ROOT),
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the {spec} run failed: {done.stderr[-1500:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ports(*names: str) -> list[str]:
    return [f"--{name}={_free_port()}" for name in names]


_NODE_PORTS = ("dashboard-agent-listen-port", "dashboard-agent-grpc-port", "runtime-env-agent-port",
               "metrics-export-port", "node-manager-port", "object-manager-port")
"""The ports every node opens: two nodes on one machine cannot share Ray's defaults."""


@contextlib.contextmanager
def local_cluster(nodes: int = 2, cpus: int = 1,
                  env: dict[str, str] | None = None) -> Iterator[tuple[str, dict[str, str], float]]:
    """``nodes`` Ray nodes on 127.0.0.1 with ``cpus`` CPUs each, started with
    ``ray start`` and token authentication (a fresh token, added to ``env``,
    default this process's environment): (address, that environment, seconds
    the starts took). Its processes are killed on leaving."""
    folder = Path(tempfile.mkdtemp(prefix=reaper.PREFIX, dir="/tmp"))  # short: Ray's socket paths live in it
    watcher = reaper.start(folder)  # this process killed, the nodes go too
    env = dict(os.environ if env is None else env, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(16),
               RAY_USAGE_STATS_ENABLED="0")
    ray = Path(sys.executable).with_name("ray")
    command = str(ray) if ray.exists() else (shutil.which("ray") or "ray")
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--node-ip-address=127.0.0.1", f"--num-cpus={cpus}", f"--temp-dir={folder}", "--disable-usage-stats"]
    start = time.perf_counter()
    try:
        for n in range(nodes):
            first = ["--head", f"--port={port}", "--include-dashboard=false", f"--ray-client-server-port={_free_port()}"]
            done = subprocess.run([command, "start", *(first if n == 0 else [f"--address={address}"]), *common,
                                   *_ports(*_NODE_PORTS)], capture_output=True, text=True, env=env, timeout=300,
                                  check=False)
            if done.returncode != 0:
                raise RuntimeError(f"ray start (node {n + 1} of {nodes}) failed: {done.stderr[-1500:]}")
        yield address, env, time.perf_counter() - start
    finally:
        reaper.sweep(folder)  # these nodes' processes, and nothing else's
        if watcher is not None and watcher.stdin is not None:
            watcher.stdin.close()
        shutil.rmtree(folder, ignore_errors=True)


def run_scale_bench(games: int = 16, rounds: int = 2, seed: int = 0, two_nodes: bool = True,
                    out: Callable[[str], object] = print, game: str = GAME, bots: str = BOTS) -> dict[str, Any]:
    """Serial, then ``rounds`` of 1 and 2 local workers alternating, then
    (``two_nodes``) the two-node cluster: every run's figures, the speed-ups
    and the efficiencies, each run checked against the serial outcomes."""
    spec = {"game": game, "bots": bots, "games": games, "seed": seed}
    out(f"{game} --bots {bots}, {games} games (seed {seed}); load {os.getloadavg()[0]:.1f} at the start")
    serial = _child({**spec, "workers": 0})
    per_game = serial["process_cpu_s"] / games
    out(f"serial: {serial['play_s']:.1f} s, {games / serial['play_s']:.2f} games/s, {per_game:.2f} CPU s a game "
        f"(load {serial['load'][0]:.1f}-{serial['load'][1]:.1f})")
    rows: dict[str, Any] = {"spec": spec, "serial": serial, "cpu_s_per_game": per_game, "rounds": []}

    def show(label: str, r: dict[str, Any]) -> None:
        if r["outcomes"] != serial["outcomes"]:
            raise AssertionError(f"{label}: the outcomes differ from the serial run's")
        workers = r["cpus"] if r["workers"] is None else r["workers"]
        r["games_per_s"] = games / r["play_s"]
        r["efficiency"] = r["game_seconds"] / (workers * r["play_s"])
        out(f"{label}: {r['play_s']:.1f} s of play, {r['games_per_s']:.2f} games/s, e = {r['efficiency']:.2f}; "
            f"start-up {r['startup_s']:.1f} s, shutdown {r['shutdown_s']:.1f} s "
            f"(load {r['load'][0]:.1f}-{r['load'][1]:.1f}); outcomes equal the serial run's")

    for n in range(rounds):
        one = _child({**spec, "workers": 1})
        show(f"round {n + 1}, 1 local worker ", one)
        two = _child({**spec, "workers": 2})
        show(f"round {n + 1}, 2 local workers", two)
        rows["rounds"].append({"one": one, "two": two, "speedup": two["games_per_s"] / one["games_per_s"]})
    if rows["rounds"]:
        out("2 workers / 1, per round: " + ", ".join(f"{r['speedup']:.2f}x" for r in rows["rounds"]))
    if two_nodes:
        with local_cluster(2, 1) as (address, env, started):
            r = _child({**spec, "workers": None, "address": address}, env)
            show(f"two nodes on 127.0.0.1 ({r['cpus']} CPUs; the nodes started in {started:.1f} s)", r)
            r["nodes_start_s"] = started
            rows["two_nodes"] = r
    return rows


if __name__ == "__main__":  # one run, for run_scale_bench: python -m engine.tournament.scale '{"game": ...}'
    print(json.dumps(one_run(**json.loads(sys.argv[1]))))
