"""A tournament: its games planned from (config, bots, sweeps, seed), played
serially here or as Ray tasks, streamed into the results file.

``workers=0`` plays in this process (the reference the tests hold Ray to);
otherwise the pending games go to Ray in batches, a few per CPU in flight so
no worker waits, and each finished batch is appended and fsynced before the
next is handed out. Which worker played a game, or in which batch, never
changes its result: every job carries its own seeds.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.core.games import get_game
from engine.tournament.jobs import GameJob, game_seed, play_batch
from engine.tournament.results import ResultsFile, line_key
from engine.tournament.sweeps import Sweep, apply_point, label, parse_sweep, points

MAX_BATCH = 64
"""chosen: games per Ray task at most; 64 of the fastest games (~1 ms each)
still make a task of tens of milliseconds against ~1 ms of Ray overhead."""
BATCHES_PER_SLOT = 8
"""chosen: at least about this many batches per CPU, so the last ones finish
together (the CPUs idle at the end for about half a batch) and the progress bar moves."""
BATCH_SECONDS = 2.0
"""chosen: the play a batch aims at once game times are known: Ray's ~1 ms a
task is lost in it, and an interrupted run loses at most about this per CPU."""


def batch_size(games: int, slots: int) -> int:
    """The most games per batch for ``games`` pending games on ``slots`` CPUs."""
    return max(1, min(MAX_BATCH, math.ceil(games / (BATCHES_PER_SLOT * max(1, slots)))))


class Batcher:
    """Hands out the pending games in batches: single games until one has
    finished, then about ``BATCH_SECONDS`` of play by the mean game time seen
    so far, never more than ``batch_size`` allows. Results do not depend on
    it, only how fast they come and how much an interruption loses."""

    def __init__(self, jobs: list[GameJob], slots: int) -> None:
        self.jobs = jobs
        self.handed = 0
        self.cap = batch_size(len(jobs), slots)
        self.played = 0
        self.seconds = 0.0

    def learn(self, lines: list[dict[str, Any]]) -> None:
        self.played += len(lines)
        self.seconds += sum(line["seconds"] for line in lines)

    def size(self) -> int:
        if not self.played:
            return 1
        mean = self.seconds / self.played
        return max(1, min(self.cap, int(BATCH_SECONDS / mean) if mean > 0 else self.cap))

    def next(self) -> list[GameJob] | None:
        """The next batch, or None when every game has been handed out."""
        if self.handed >= len(self.jobs):
            return None
        start, self.handed = self.handed, self.handed + self.size()
        return self.jobs[start:self.handed]


def parse_bots(text: str) -> tuple[str, ...]:
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    if not kinds:
        raise ValueError("--bots needs at least one bot (random, heuristic or search)")
    return kinds


@dataclass(frozen=True)
class Tournament:
    """``games`` games per sweep point of ``game`` under ``config`` (the
    options the user set) by ``bots`` (one per seat, or one for all);
    ``rotate`` turns the bots round the seats game by game, so each bot
    sits in each seat equally often."""

    game: str
    bots: tuple[str, ...]
    games: int
    config: Mapping[str, Any] = field(default_factory=dict)
    sweeps: tuple[Sweep, ...] = ()
    seed: int = 0
    iterations: int | None = None
    rotate: bool = False

    @classmethod
    def build(cls, game: str, bots: str, games: int, config: Mapping[str, Any], sweeps: list[str] | tuple[str, ...] = (),
              **options: Any) -> Tournament:
        """From command-line text; ValueError says what is wrong."""
        if games < 1:
            raise ValueError(f"--games must be 1 or more, not {games}")
        info = get_game(game)
        base = info.config_from_dict(dict(config)).to_dict()
        parsed = tuple(parse_sweep(s, base) for s in sweeps)
        t = cls(info.name, parse_bots(bots), games, dict(config), parsed, **options)
        t.jobs()  # refuses a sweep value or a bot count the game does not accept, before anything runs
        return t

    def seat_bots(self, seats: int, where: str) -> tuple[str, ...]:
        if len(self.bots) == 1:
            return self.bots * seats
        if len(self.bots) != seats:
            raise ValueError(f"--bots needs one bot or {seats} comma-separated bots{where}, got {len(self.bots)}")
        return self.bots

    def jobs(self) -> list[GameJob]:
        """Every game of the tournament, in order: sweep point by point, the
        same seeds at every point."""
        info = get_game(self.game)
        base = info.config_from_dict(dict(self.config)).to_dict()
        out: list[GameJob] = []
        for p, point in enumerate(points(self.sweeps)):
            where = f" ({label(point)})" if point else ""
            try:
                config = info.config_from_dict(apply_point(base, point))
            except ValueError as err:
                raise ValueError(f"{err}{where}") from None
            canonical = config.to_dict()
            kinds = self.seat_bots(info.new_game(config, 0).num_seats, where)
            for k in range(self.games):
                turn = k % len(kinds) if self.rotate else 0
                bots = kinds[turn:] + kinds[:turn]
                out.append(GameJob(p * self.games + k, self.game, canonical, bots, game_seed(self.seed, k),
                                   self.iterations, dict(point)))
        return out


@dataclass
class Outcome:
    """What a run did: the tournament's results (old and new, by index) and its cost."""

    results: list[dict[str, Any]]
    played: int
    skipped: int
    seconds: float
    complete: bool
    other_lines: int = 0
    startup_seconds: float | None = None
    cpus: int | None = None


Progress = Callable[[int, int], None]
"""Called with (games done, games in the tournament) as batches finish."""


def run(tournament: Tournament, out: str | Path | None = None, workers: int | None = None, address: str | None = None,
        records: str | Path | None = None, progress: Progress | None = None,
        stop: threading.Event | None = None) -> Outcome:
    """Play the games of ``tournament`` not yet in ``out``; ``workers=0``
    serially here, else on Ray (local with ``workers`` CPUs, or ``address``).
    A KeyboardInterrupt cancels the games in flight and propagates after the
    finished batches are safe in ``out``; setting ``stop`` (from another
    thread) ends a run the same way, quietly, with ``complete`` False."""
    jobs = tournament.jobs()
    if records is not None:
        jobs = [replace(j, record=True) for j in jobs]
    file = ResultsFile(out) if out is not None else None
    fresh: list[dict[str, Any]] = []
    pending = [j for j in jobs if file is None or j.key not in file]
    total, done = len(jobs), len(jobs) - len(pending)
    if progress and (workers == 0 or not pending):  # on Ray, once it has started
        progress(done, total)
    start = time.perf_counter()

    def finish(lines: list[dict[str, Any]]) -> None:
        nonlocal done
        if records is not None:
            lines = [_write_record(line, Path(records)) for line in lines]
        if file is not None:
            file.append(lines)
        fresh.extend(lines)
        done += len(lines)
        if progress:
            progress(done, total)

    outcome = Outcome([], 0, total - len(pending), 0.0, False)
    if workers == 0:
        batcher = Batcher(pending, 1)
        while (b := batcher.next()) is not None and not (stop is not None and stop.is_set()):
            lines = play_batch(b)
            batcher.learn(lines)
            finish(lines)
    elif pending:
        _run_on_ray(pending, finish, workers, address, outcome, stop)
    outcome.seconds = time.perf_counter() - start
    outcome.played = len(fresh)
    outcome.complete = outcome.skipped + outcome.played == total
    planned = {j.key: j.index for j in jobs}
    lines = (file.lines if file is not None else fresh)
    by_key = {line_key(line): line for line in lines}
    outcome.other_lines = sum(1 for k in by_key if k not in planned)
    outcome.results = sorted((line for k, line in by_key.items() if k in planned), key=lambda line: planned[line_key(line)])
    return outcome


def _run_on_ray(pending: list[GameJob], finish: Callable[[list[dict[str, Any]]], None], workers: int | None,
                address: str | None, outcome: Outcome, stop: threading.Event | None) -> None:
    from engine.tournament.cluster import connect, disconnect

    cluster = connect(address, workers)
    outcome.startup_seconds, outcome.cpus = cluster.startup_seconds, cluster.cpus
    import ray

    finish([])  # the progress bar starts now
    slots = cluster.cpus if workers is None else max(1, min(workers, cluster.cpus))
    remote = ray.remote(num_cpus=1)(play_batch)
    batcher = Batcher(pending, slots)
    in_flight: list[Any] = []
    try:
        while len(in_flight) < 2 * slots and (b := batcher.next()) is not None:
            in_flight.append(remote.remote(b))
        while in_flight:
            if stop is not None and stop.is_set():
                break
            ready, in_flight = ray.wait(in_flight, num_returns=1, timeout=0.5)
            for ref in ready:
                lines = ray.get(ref)
                batcher.learn(lines)
                finish(lines)
                following = batcher.next()
                if following is not None:
                    in_flight.append(remote.remote(following))
    finally:
        for ref in in_flight:  # interrupted: the games in flight are played again next time
            ray.cancel(ref, force=True)
        if cluster.owned:
            disconnect()


def _write_record(line: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Write the game's record into ``folder``; the line keeps its file name."""
    import json

    from engine.core.files import write_atomic

    record = line.get("record")
    if not isinstance(record, dict):
        return line
    path = folder / f"{line['game']}-{line['index']:06d}-{line['seed']}.json"
    write_atomic(path, json.dumps(record, indent=1) + "\n")
    return {**line, "record": str(path)}
