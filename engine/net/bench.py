"""``toybox bench net``: many served tables at once, over real WebSockets on 127.0.0.1.

One server process serves N tables (``toybox serve --tables N``, autosaving
as it does for players); ``CLIENT_PROCESSES`` processes play every seat of every table with
a bot client (``engine.net.client.play_bot``: the stand-in of its own view,
the bot, the action sent), all at once, and measures:

- each action's round trip, at the client that sent it: from the action's
  frame sent to the update that shows it applied (the server checks it,
  applies it, makes every connection's picture and sends them);
- the server's memory: its resident size with one idle table, with N idle
  tables, and at its peak while all N are played (from ``ps``), so the
  memory a table costs is the difference over N - 1.

A benchmark, not a test: the figures depend on the machine and its load.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.net.client import TableClient, play_bot


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (``ps``), 0 when it is gone."""
    out = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True).stdout.strip()
    return int(out) if out.isdigit() else 0


def start_server(command: Sequence[str], folder: Path, game: str, tables: int,
                 seed: int) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    codes = folder / f"codes-{tables}.json"
    proc = subprocess.Popen([*command, "serve", game, "--tables", str(tables), "--port", "0", "--seed", str(seed),
                             "--codes", str(codes), "--autosave", str(folder / f"auto-{tables}.json")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not codes.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    time.sleep(0.5)  # the first autosaves
    data = json.loads(codes.read_text())
    return proc, data


def settle(pid: int, seconds: float = 1.0) -> int:
    """The server's resident size once it is idle."""
    time.sleep(seconds)
    return rss_kib(pid)


async def play_all(url: str, tables: list[dict[str, str]], bot: str, rtts: list[float], think: float = 0.0,
                   first: int = 0, spread: int = 1) -> int:
    """Every seat of ``tables`` played by a bot client at once; the number of
    tables that ended. Table ``i`` here is table ``first + i * spread`` of the
    server (its bots' seeds and its start follow that number)."""
    jobs = []

    async def after(delay: float, job: Any) -> Any:
        await asyncio.sleep(delay)
        return await job

    total = max(1, len(tables) * spread)
    for t, codes in enumerate(tables):
        n = first + t * spread
        seats = [k for k in codes if k not in ("spectator", "host", "url")]
        # tables sit down over one thinking time, as players' tables do: all of them starting at
        # the same instant with the same pace made every table act in one wave, each 0.5 s
        start = think * n / total
        for i, label in enumerate(seats):
            client = TableClient(url, codes[label], f"{bot} {n}.{i}")
            jobs.append(after(start, play_bot(url, codes[label], bot, n * 10 + i, client=client, timings=rtts,
                                              think=think)))
    results = await asyncio.gather(*jobs, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        raise RuntimeError(f"{len(failures)} clients failed: {failures[0]!r}")
    per_table = max(1, len(results) // max(1, len(tables)))
    return sum(1 for r in results if r is not None) // per_table


def client_process(url: str, tables: list[dict[str, str]], bot: str, think: float, first: int, spread: int,
                   answers: Any) -> None:
    """One load-generating process: its share of the tables' clients; puts (tables ended, round trips)."""
    rtts: list[float] = []
    try:
        finished = asyncio.run(play_all(url, tables, bot, rtts, think, first, spread))
    except Exception as err:  # noqa: BLE001 - said to the parent, which raises it as the bench's failure
        answers.put(("failed", repr(err)))
        return
    answers.put((finished, rtts))


CLIENT_PROCESSES = 4
"""Chosen: the processes the bench's bot clients are spread over. One Python
process playing 100 clients measured itself: its loop, busy with other
clients' updates, read an answered action late (50 tables: p95 388 ms with
one process, 18 ms with four, on the same 2 cores at load 3)."""


def run_net_bench(command: Sequence[str], tables: int = 50, game: str = "toy-battle", bot: str = "random",
                  seed: int = 1, out: Callable[[str], None] = print, think: float = 0.0,
                  client_processes: int = CLIENT_PROCESSES) -> dict[str, Any]:
    """Serve ``tables`` tables in a server process started with ``command``
    (the ``toybox`` command line); play them all, each bot waiting ``think``
    seconds before each action (0: as fast as the server answers, a
    saturation test); the figures."""
    with tempfile.TemporaryDirectory(prefix="toybox-bench-net-") as tmp:
        folder = Path(tmp)
        env_home = folder / "home"
        os.environ.setdefault("TOYBOX_HOME", str(env_home))
        one, _ = start_server(command, folder, game, 1, seed)
        try:
            rss_one = settle(one.pid)
        finally:
            one.kill()
            one.wait()
        proc, data = start_server(command, folder, game, tables, seed)
        try:
            rss_idle = settle(proc.pid)
            url = data["url"]
            rtts: list[float] = []
            peak = [rss_idle]
            stop = False

            async def sample() -> None:
                while not stop:
                    peak[0] = max(peak[0], rss_kib(proc.pid))
                    await asyncio.sleep(0.5)

            every = data["tables"] if "tables" in data else [data]
            procs = max(1, min(client_processes, len(every)))

            async def main() -> int:
                nonlocal stop
                sampler = asyncio.create_task(sample())
                ctx = multiprocessing.get_context("spawn")
                answers = ctx.Queue()
                workers = [ctx.Process(target=client_process, args=(url, every[k::procs], bot, think, k, procs, answers))
                           for k in range(procs)]
                try:
                    for w in workers:
                        w.start()
                    finished = 0
                    loop = asyncio.get_running_loop()
                    for _ in workers:
                        done, times = await loop.run_in_executor(None, answers.get)
                        if done == "failed":
                            raise RuntimeError(f"a client process failed: {times}")
                        finished += done
                        rtts.extend(times)
                    return finished
                finally:
                    stop = True
                    await sampler
                    for w in workers:
                        w.join(timeout=5)
                        if w.is_alive():
                            w.kill()

            t0 = time.perf_counter()
            finished = asyncio.run(main())
            wall = time.perf_counter() - t0
        finally:
            proc.terminate()
            cpu = _cpu_seconds(proc)
    rtts.sort()
    ms = [r * 1000 for r in rtts]
    row = {
        "game": game, "tables": tables, "bot": bot, "think_s": think, "client_processes": procs,
        "tables_finished": finished, "actions": len(ms), "wall_s": round(wall, 2),
        "actions_per_s": round(len(ms) / wall, 1) if wall else 0.0,
        "rtt_ms_p50": round(statistics.median(ms), 2) if ms else None,
        "rtt_ms_p95": round(ms[int(0.95 * (len(ms) - 1))], 2) if ms else None,
        "rtt_ms_p99": round(ms[int(0.99 * (len(ms) - 1))], 2) if ms else None,
        "rtt_ms_max": round(ms[-1], 2) if ms else None,
        "server_rss_mib_one_table": round(rss_one / 1024, 1),
        "server_rss_mib_idle": round(rss_idle / 1024, 1),
        "server_rss_mib_peak": round(peak[0] / 1024, 1),
        "kib_per_table_idle": round((rss_idle - rss_one) / max(1, tables - 1), 1),
        "kib_per_table_peak": round((peak[0] - rss_one) / max(1, tables - 1), 1),
        "server_cpu_s": cpu,
        "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }
    out(report(row))
    return row


def _cpu_seconds(proc: subprocess.Popen[bytes]) -> float | None:
    """The ended server's CPU seconds (user and system), from its exit."""
    try:
        _, _, usage = os.wait4(proc.pid, 0)
    except ChildProcessError:
        return None
    proc.returncode = 0
    return round(usage.ru_utime + usage.ru_stime, 2)


def report(row: dict[str, Any]) -> str:
    pace = f"thinking {row['think_s']:g} s a move" if row["think_s"] else "as fast as answered"
    return (f"{row['tables']} {row['game']} tables, every seat a {row['bot']} bot client on 127.0.0.1 ({pace}; "
            f"clients in {row['client_processes']} processes): "
            f"{row['tables_finished']} games finished, {row['actions']} actions in {row['wall_s']} s "
            f"({row['actions_per_s']}/s)\n"
            f"  action round trip: p50 {row['rtt_ms_p50']} ms, p95 {row['rtt_ms_p95']} ms, p99 {row['rtt_ms_p99']} ms, "
            f"max {row['rtt_ms_max']} ms\n"
            f"  server memory: {row['server_rss_mib_one_table']} MiB with 1 table, {row['server_rss_mib_idle']} MiB with "
            f"{row['tables']} idle, {row['server_rss_mib_peak']} MiB at peak: {row['kib_per_table_idle']} KiB a table idle, "
            f"{row['kib_per_table_peak']} KiB a table in play\n"
            f"  server CPU {row['server_cpu_s']} s; load average {row['load']}")


if __name__ == "__main__":  # python -m engine.net.bench: the command line's server
    print(json.dumps(run_net_bench([sys.executable, "-m", "app.shell.cli"]), indent=1))
