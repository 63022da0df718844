"""A tournament: its games planned from (config, bots, sweeps, seed), played
serially here or as Ray tasks, streamed into the results file.

The games are never all planned up front: they are made one by one as the
batches are handed out (a game is fully described by its number), so a
tournament of a billion games starts playing at once, holds only the
batches in flight, and stops cleanly on Ctrl-C. Everything that can be
refused (the bots, the seat count, every sweep point's config, the counts,
the results file, the records folder) is checked before the first game.

``workers=0`` plays in this process (the reference the tests hold Ray to);
otherwise the pending games go to Ray in batches, a few per CPU in flight so
no worker waits, and each finished batch is appended and fsynced before the
next is handed out. Which worker played a game, or in which batch, never
changes its result: every job carries its own seeds.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.core.games import get_game
from engine.tournament.jobs import GameJob, game_seed, play_batch
from engine.tournament.results import ResultsFile, line_key
from engine.tournament.sweeps import Sweep, apply_point, label, parse_sweep, point_count, points

MAX_GAMES = 1_000_000_000
"""Chosen: the most games a tournament or ``toybox sim`` plays per sweep point
(a billion: days of the fastest games on a large cluster)."""
MAX_POINTS = 1000
"""Chosen: the most sweep points (combinations of swept values) a tournament plays."""

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
    it, only how fast they come and how much an interruption loses. The
    games come from an iterator (made as they are handed out); ``count``
    is how many it holds at most, for the batch size cap."""

    def __init__(self, jobs: Iterator[GameJob] | list[GameJob], slots: int, count: int | None = None) -> None:
        self.jobs = iter(jobs)
        self.handed = 0
        self.cap = batch_size(len(jobs) if count is None and isinstance(jobs, list) else (count or 1), slots)
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
        batch = [job for _, job in zip(range(self.size()), self.jobs, strict=False)]
        if not batch:
            return None
        self.handed += len(batch)
        return batch


def parse_bots(text: str, game: str | None = None) -> tuple[str, ...]:
    """The bots of ``--bots`` (one, or one per seat); with ``game``, each is
    made once so an unknown name is refused before any game is played."""
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    if not kinds or len(kinds) != len(text.split(",")):
        raise ValueError(f"--bots {text!r}: expected one bot or comma-separated bots (random, heuristic, search), "
                         "with no empty name")
    if game is not None:
        from engine.bots import make_bot

        for kind in dict.fromkeys(kinds):
            try:
                make_bot(kind, game, 0)
            except ValueError as err:
                raise ValueError(f"--bots: {err}") from None
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
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
            raise ValueError(f"--games must be a whole number from 1 to {MAX_GAMES:,}, not {games!r}")
        info = get_game(game)
        base = info.config_from_dict(dict(config)).to_dict()
        parsed = tuple(parse_sweep(s, base) for s in sweeps)
        keys = [s.key for s in parsed]
        repeated = next((k for k in keys if keys.count(k) > 1), None)
        if repeated is not None:
            raise ValueError(f"--sweep: {repeated} is swept twice; give all its values in one --sweep")
        n = point_count(parsed)
        if n > MAX_POINTS:
            raise ValueError(f"--sweep: {n:,} combinations of swept values, more than the {MAX_POINTS:,} a tournament plays")
        t = cls(info.name, parse_bots(bots, info.name), games, dict(config), parsed, **options)
        _ = t.plan  # refuses a sweep value or a bot count the game does not accept, before anything runs
        return t

    def seat_bots(self, seats: int, where: str) -> tuple[str, ...]:
        if len(self.bots) == 1:
            return self.bots * seats
        if len(self.bots) != seats:
            raise ValueError(f"--bots needs one bot or {seats} comma-separated bots{where}, got {len(self.bots)}")
        return self.bots

    @functools.cached_property
    def plan(self) -> tuple[tuple[dict[str, Any], dict[str, Any], tuple[str, ...]], ...]:
        """Per sweep point: (point, canonical config, the bots by seat), each
        config checked and each game's seat count met."""
        info = get_game(self.game)
        base = info.config_from_dict(dict(self.config)).to_dict()
        out = []
        for point in points(self.sweeps):
            where = f" ({label(point)})" if point else ""
            try:
                config = info.config_from_dict(apply_point(base, point))
            except ValueError as err:
                raise ValueError(f"{err}{where}") from None
            out.append((dict(point), config.to_dict(), self.seat_bots(info.new_game(config, 0).num_seats, where)))
        return tuple(out)

    @property
    def total(self) -> int:
        """How many games the tournament holds: games per point times points."""
        return self.games * len(self.plan)

    def job_at(self, index: int) -> GameJob:
        """Game number ``index`` (0 to ``total`` - 1): sweep point by point,
        the same seeds at every point."""
        p, k = divmod(index, self.games)
        point, canonical, kinds = self.plan[p]
        turn = k % len(kinds) if self.rotate else 0
        bots = kinds[turn:] + kinds[:turn]
        return GameJob(index, self.game, canonical, bots, game_seed(self.seed, k), self.iterations, dict(point))

    def iter_jobs(self) -> Iterator[GameJob]:
        """Every game of the tournament, in order, made as it is asked for."""
        return (self.job_at(i) for i in range(self.total))

    def jobs(self) -> list[GameJob]:
        """Every game of the tournament, in order (for small tournaments and
        tests: :meth:`iter_jobs` makes them one at a time)."""
        return list(self.iter_jobs())

    def planned(self, line: dict[str, Any]) -> int | None:
        """The game number of a results line that is one of this tournament's
        games (its index names a game with the same key), else None."""
        index = line.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.total:
            return None
        return index if self.job_at(index).key == line_key(line) else None


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
    thread) ends a run the same way, quietly, with ``complete`` False.
    The results file and the records folder are checked before any game."""
    from engine.core.files import output_folder

    folder = output_folder(records, "game records") if records is not None else None
    file = ResultsFile(out) if out is not None else None
    total = tournament.total
    kept = {line_key(line): i for line in (file.lines if file is not None else [])
            if (i := tournament.planned(line)) is not None}
    fresh: list[dict[str, Any]] = []
    pending: Iterator[GameJob] = (j for j in tournament.iter_jobs() if j.key not in kept)
    if folder is not None:
        pending = (replace(j, record=True) for j in pending)
    done = len(kept)
    if progress and (workers == 0 or done == total):  # on Ray, once it has started
        progress(done, total)
    start = time.perf_counter()

    def finish(lines: list[dict[str, Any]]) -> None:
        nonlocal done
        if folder is not None:
            lines = [_write_record(line, folder) for line in lines]
        if file is not None:
            file.append(lines)
        fresh.extend(lines)
        done += len(lines)
        if progress:
            progress(done, total)

    outcome = Outcome([], 0, len(kept), 0.0, False)
    if workers == 0:
        batcher = Batcher(pending, 1, total - len(kept))
        while not (stop is not None and stop.is_set()) and (b := batcher.next()) is not None:
            lines = play_batch(b)
            batcher.learn(lines)
            finish(lines)
    elif done < total:
        _run_on_ray(pending, total - len(kept), finish, workers, address, outcome, stop)
    outcome.seconds = time.perf_counter() - start
    outcome.played = len(fresh)
    outcome.complete = outcome.skipped + outcome.played == total
    lines = file.lines if file is not None else fresh
    by_key: dict[str, tuple[int | None, dict[str, Any]]] = {}
    for line in lines:
        by_key[line_key(line)] = (tournament.planned(line), line)
    outcome.other_lines = sum(1 for index, _ in by_key.values() if index is None)
    outcome.results = [line for index, line in sorted(((i, x) for i, x in by_key.values() if i is not None),
                                                      key=lambda pair: pair[0])]
    return outcome


def _run_on_ray(pending: Iterator[GameJob], count: int, finish: Callable[[list[dict[str, Any]]], None],
                workers: int | None, address: str | None, outcome: Outcome, stop: threading.Event | None) -> None:
    from engine.tournament.cluster import connect, disconnect

    cluster = connect(address, workers)
    outcome.startup_seconds, outcome.cpus = cluster.startup_seconds, cluster.cpus
    import ray

    finish([])  # the progress bar starts now
    slots = cluster.cpus if workers is None else max(1, min(workers, cluster.cpus))
    remote = ray.remote(num_cpus=1)(play_batch)
    batcher = Batcher(pending, slots, count)
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
        # interrupted: the games in flight are played again next time. A local Ray this run started
        # ends with it (its workers with it); on a cluster or a Ray that stays, the tasks are cancelled.
        # (Cancelling, then shutting down at once, sometimes crashed Ray's core worker on a late reply.)
        if not (cluster.owned and address is None):
            for ref in in_flight:
                ray.cancel(ref, force=True)
        if cluster.owned:
            disconnect()


def _write_record(line: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Write the game's record into ``folder`` (through the output boundary);
    the line keeps its file name."""
    import json

    from engine.core.files import write_atomic

    record = line.get("record")
    if not isinstance(record, dict):
        return line
    path = folder / f"{line['game']}-{line['index']:06d}-{line['seed']}.json"
    write_atomic(path, json.dumps(record, indent=1) + "\n", what="game record")
    return {**line, "record": str(path)}
