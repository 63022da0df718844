"""Records: a game as ``{format, game, version, config, seed, actions}`` in JSON.

A save is a record and loading replays it, so a record can never hold a
state the rules could not reach. Writes are atomic: a temporary file in the
same folder, flushed and fsynced, then renamed over the target.

Format 2 keeps chance as history: ``actions`` holds every action in order,
the chance seat's outcomes (shuffles, dice, a throw's landing) included, and
replay applies them to a state built without a generator, so it never draws
anything or runs the physics, and lands on the same state in any process on
any machine. The replayed state then gets a generator derived from the
record, so play can go on. Format-1 records (seed and players' actions only)
still load by re-drawing chance from the seed, with a note that a throw may
land differently than when the game was played.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.files import RECORD_MAX_BYTES, DataError, describe, load_json, paths_from_file, write_atomic
from engine.core.games import GameInfo, UnknownGame, get_game
from engine.core.protocol import CHANCE, IllegalAction, State

FORMAT = 2
"""Version of the record layout itself (not of any game's rules)."""

FORMATS = (1, 2)
"""Layouts this Toybox reads: 1 (chance re-drawn from the seed), 2 (chance kept)."""


__all__ = ["FORMAT", "Record", "RecordError", "Mismatch", "load_record", "parse_record", "replay", "save_record", "verify",
           "write_atomic"]


class RecordError(DataError):
    """A record that cannot be loaded; the message says where and why."""


@dataclass
class Record:
    """One game: enough to replay it bit for bit."""

    game: str
    version: int
    config: dict[str, Any]
    seed: int
    actions: list[tuple[int, Any]] = field(default_factory=list)
    format: int = FORMAT
    """2: ``actions`` includes every chance outcome; 1: players' actions only."""

    @property
    def note(self) -> str | None:
        """A sentence to show when this record is loaded, or None."""
        if self.format == 1:
            return (
                "This record predates kept chance (format 1): its shuffles, dice and throws are "
                "re-drawn from the seed, so a throw may land differently than when it was played; "
                "saving it again writes format 2."
            )
        return None

    def to_dict(self, info: GameInfo | None = None) -> dict[str, Any]:
        codec = (info or get_game(self.game)).codec
        return {
            "format": self.format,
            "game": self.game,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "actions": [{"seat": seat, "action": codec.encode(a)} for seat, a in self.actions],
        }


def save_record(record: Record, path: str | os.PathLike[str], what: str = "save") -> None:
    """Write ``record`` through the output boundary (a regular file only, atomically)."""
    write_atomic(path, json.dumps(record.to_dict(), indent=1) + "\n", what=what)


def parse_record(data: Any, where: str = "record") -> Record:
    """Check the layout of a decoded record and decode its actions."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a Toybox record: expected a JSON object.")
    for key in ("format", "game", "version", "config", "seed", "actions"):
        if key not in data:
            raise RecordError(f"{where}: not a Toybox record: the field {key!r} is missing.")
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt not in FORMATS:
        raise RecordError(f"{where}: format: this Toybox reads record format {FORMAT}, not {fmt!r}.")
    try:
        info = get_game(data["game"])
    except (UnknownGame, TypeError):
        raise RecordError(f"{where}: unknown game {data['game']!r}.") from None
    if isinstance(data["version"], bool) or not isinstance(data["version"], int) or data["version"] != info.version:
        raise RecordError(
            f"{where}: this record was written for {info.name} version {data['version']!r}, "
            f"and this Toybox plays version {info.version}."
        )
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise RecordError(f"{where}: the seed must be a whole number, not {data['seed']!r}.")
    if not isinstance(data["config"], dict):
        raise RecordError(f"{where}: the config must be a JSON object.")
    if not isinstance(data["actions"], list):
        raise RecordError(f"{where}: the actions must be a list.")
    actions: list[tuple[int, Any]] = []
    for step, entry in enumerate(data["actions"], start=1):
        if not isinstance(entry, dict) or "seat" not in entry or "action" not in entry:
            raise RecordError(f"{where}: step {step}: expected {{\"seat\": ..., \"action\": ...}}.")
        seat = entry["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise RecordError(f"{where}: step {step}: the seat must be a whole number, not {seat!r}.")
        if seat == CHANCE and fmt == 1:
            raise RecordError(f"{where}: step {step}: a format-1 record holds no chance outcomes.")
        try:
            action = info.codec.decode(entry["action"])
        except ValueError as err:
            raise RecordError(f"{where}: step {step}: {err}.") from None
        actions.append((seat, action))
    return Record(info.name, info.version, data["config"], data["seed"], actions, fmt)


def load_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file; refuses a broken one with a message naming the problem."""
    where = str(path)
    try:
        data = load_json(path, "record", max_bytes=RECORD_MAX_BYTES,
                         not_json="not a Toybox record: the file is not valid JSON")
    except RecordError:
        raise
    except DataError as err:
        raise RecordError(str(err)) from None
    return parse_record(data, where)


def continuation_rng(record: Record) -> random.Random:
    """The generator a replayed state draws its next chance steps with:
    derived from the whole record, so a given save always goes on alike."""
    text = json.dumps(record.to_dict(), sort_keys=True, separators=(",", ":"))
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def _shown(action: Any) -> str:
    """An action as a player reads it; its repr when a bad field breaks that."""
    try:
        return str(action)
    except (TypeError, ValueError):
        return describe(action)


def replay(record: Record, where: str = "record") -> State:
    """The state a record reaches; refuses an illegal step and names it.

    Format 2 applies the recorded chance outcomes to a state without a
    generator (nothing is drawn, no physics runs), then hands it the
    record's continuation generator; format 1 re-draws chance from the seed.
    """
    info = get_game(record.game)
    try:
        with paths_from_file():  # a path in a record never reads a file outside the project
            config = info.config_from_dict(record.config)
            state = info.new_game(config, record.seed if record.format == 1 else None)
    except (ValueError, TypeError, KeyError) as err:
        raise RecordError(f"{where}: bad config: {err}") from None
    for step, (seat, action) in enumerate(record.actions, start=1):
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            raise RecordError(
                f"{where}: step {step}: {state.seat_name(seat)} cannot play {_shown(action)}: {err}"
                + (" (a format-1 record re-draws chance from the seed, and here it went otherwise)"
                   if record.format == 1 else "")
            ) from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            # A value of the wrong type that the codec let through: the record is
            # refused at its step, never a traceback (the input boundary's rule).
            raise RecordError(
                f"{where}: step {step}: the action {_shown(action)} is not valid "
                f"({type(err).__name__}: {err})."
            ) from None
    if record.format != 1:
        state.rng = continuation_rng(record)
        if state.chance_pending():  # a record cut off before a draw: draw it now
            state.resolve_chance(state.rng)
    return state


@dataclass(frozen=True)
class Mismatch:
    """A continuous chance outcome of a record (a throw's landing) that the
    same physics, re-run from its recorded seed, does not give."""

    step: int
    action: Any
    why: str

    def sentence(self, where: str = "record") -> str:
        return f"{where}: step {self.step}: {_shown(self.action)}: {self.why}."


def verify(record: Record, where: str = "record") -> tuple[State, list[Mismatch], int]:
    """Replay ``record`` (refusing what replay refuses) and re-run the physics
    of every continuous chance outcome from its recorded seed: the final
    state, the outcomes that differ by more than the game's tolerance, and
    how many were re-run. A check for a suspicious record, never needed to
    replay one; a record Toybox made on the same physics has no mismatch."""
    info = get_game(record.game)
    if record.format == 1:  # chance re-drawn from the seed: there is no recorded landing to doubt
        return replay(record, where), [], 0
    check = info.verify_chance
    mismatches: list[Mismatch] = []
    checked = 0
    try:
        with paths_from_file():
            config = info.config_from_dict(record.config)
            state = info.new_game(config, None)
    except (ValueError, TypeError, KeyError) as err:
        raise RecordError(f"{where}: bad config: {err}") from None
    for step, (seat, action) in enumerate(record.actions, start=1):
        if check is not None and seat == CHANCE and state.chance_pending():
            try:
                rerun, why = check(state, action)
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
                rerun, why = True, f"the physics cannot re-run it ({type(err).__name__}: {err})"
            checked += rerun
            if why is not None:
                mismatches.append(Mismatch(step, action, why))
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            raise RecordError(f"{where}: step {step}: {state.seat_name(seat)} cannot play {_shown(action)}: {err}") from None
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise RecordError(f"{where}: step {step}: the action {_shown(action)} is not valid "
                              f"({type(err).__name__}: {err}).") from None
    state.rng = continuation_rng(record)
    return state, mismatches, checked

