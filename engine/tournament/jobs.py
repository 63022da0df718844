"""One tournament game as a job: what determines it, and playing it.

A game is fully determined by (game, config, bots, seed, search iterations),
so the same job gives the same winners and scores in this process, in a Ray
worker here, or on another machine of a cluster. Jobs travel to workers in
batches (``play_batch``) to amortise the per-task overhead; the result of
each job is a plain dict, the line the results file keeps.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from engine.core.games import get_game

BOT_SEED_STRIDE = 31
"""Seat ``s`` of a game seeded ``seed`` gets bot seed ``seed * 31 + s``, as ``toybox sim`` does."""


def game_seed(tournament_seed: int, number: int) -> int:
    """The seed of game ``number`` of a tournament: a digest, so neighbouring
    games are unrelated and every sweep point replays the same seeds (the
    points differ by their config only, which sharpens a comparison)."""
    digest = hashlib.sha256(f"toybox-tournament:{tournament_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFF_FFFF


@dataclass(frozen=True)
class GameJob:
    """Everything that decides one game, plus where it sits in the tournament."""

    index: int
    game: str
    config: dict[str, Any]
    bots: tuple[str, ...]
    seed: int
    iterations: int | None = None
    sweep: dict[str, Any] = field(default_factory=dict)
    record: bool = False

    @property
    def key(self) -> str:
        """The game's identity in a results file: equal keys, equal games."""
        return result_key(self.game, self.config, list(self.bots), self.seed, self.iterations)


def result_key(game: str, config: Any, bots: list[str], seed: int, iterations: int | None) -> str:
    return json.dumps([game, config, bots, seed, iterations], sort_keys=True, separators=(",", ":"))


def make_bots(job: GameJob) -> list[Any]:
    from engine.bots import make_bot

    bots = [make_bot(kind, job.game, job.seed * BOT_SEED_STRIDE + seat) for seat, kind in enumerate(job.bots)]
    if job.iterations:
        for bot in bots:
            if bot.name == "search":
                bot.iterations = job.iterations
    return bots


def play_game(job: GameJob) -> dict[str, Any]:
    """Play ``job`` to its end; the results-file line for it."""
    from engine.core.match import Match

    info = get_game(job.game)
    config = info.config_from_dict(job.config)
    bots = make_bots(job)
    start = time.perf_counter()
    # A Match keeps the record (and pays a clone per action for its undo); only when asked.
    match = Match(info, config, job.seed) if job.record else None
    state = match.state if match else info.new_game(config, job.seed)
    turns = 0
    seats = len(bots)
    think, think_cpu, decisions = [0.0] * seats, [0.0] * seats, [0] * seats
    clock, cpu = time.perf_counter, time.process_time
    while not state.is_over():
        for seat in state.to_act():
            view = state.view(seat)
            w0, c0 = clock(), cpu()
            action = bots[seat].choose(view)
            think[seat] += clock() - w0
            think_cpu[seat] += cpu() - c0
            decisions[seat] += 1
            if match:
                match.play(seat, action)
            else:
                state.apply(seat, action)
            turns += 1
    seconds = time.perf_counter() - start
    result = state.result()
    assert result is not None
    line: dict[str, Any] = {
        "game": job.game, "index": job.index, "sweep": job.sweep, "config": job.config, "bots": list(job.bots),
        "seed": job.seed, "winners": list(result.winners), "scores": list(result.scores), "turns": turns,
        "seconds": round(seconds, 4),
        # Each seat's decisions and the time its bot took over them (wall clock, and this process's CPU).
        "decisions": decisions, "think_s": [round(t, 4) for t in think], "think_cpu_s": [round(t, 4) for t in think_cpu],
    }
    if state.cooperative:  # every seat wins or loses together: the report gives the team's rate
        line["cooperative"] = True
    if job.iterations:
        line["iterations"] = job.iterations
    breaks = break_spots(state)
    if breaks is not None:
        line["breaks"] = breaks
    if match:
        line["record"] = match.record().to_dict(info)
    return line


def break_spots(state: Any) -> list[list[Any]] | None:
    """Little Soldiers: where each soldier was broken, ``[x, y, team]`` in
    order (None for games without a table)."""
    if state.game != "little-soldiers":
        return None
    return [[round(b.spot.x, 2), round(b.spot.y, 2), b.team] for b in state.breaks]


def play_batch(jobs: list[GameJob]) -> list[dict[str, Any]]:
    """A batch of games in one worker: the unit Ray schedules."""
    return [play_game(job) for job in jobs]
