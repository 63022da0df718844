"""Records: a game as ``{game, version, config, seed, actions}`` in JSON.

A save is a record and loading replays it, so a record can never hold a
state the rules could not reach. Writes are atomic: a temporary file in the
same folder, flushed and fsynced, then renamed over the target.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.files import RECORD_MAX_BYTES, DataError, describe, load_json, paths_from_file, write_atomic
from engine.core.games import GameInfo, UnknownGame, get_game
from engine.core.protocol import IllegalAction, State

FORMAT = 1
"""Version of the record layout itself (not of any game's rules)."""


__all__ = ["FORMAT", "Record", "RecordError", "load_record", "parse_record", "replay", "save_record", "write_atomic"]


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

    def to_dict(self, info: GameInfo | None = None) -> dict[str, Any]:
        codec = (info or get_game(self.game)).codec
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "actions": [{"seat": seat, "action": codec.encode(a)} for seat, a in self.actions],
        }


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    write_atomic(path, json.dumps(record.to_dict(), indent=1) + "\n")


def parse_record(data: Any, where: str = "record") -> Record:
    """Check the layout of a decoded record and decode its actions."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a Toybox record: expected a JSON object.")
    for key in ("format", "game", "version", "config", "seed", "actions"):
        if key not in data:
            raise RecordError(f"{where}: not a Toybox record: the field {key!r} is missing.")
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT:
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
        try:
            action = info.codec.decode(entry["action"])
        except ValueError as err:
            raise RecordError(f"{where}: step {step}: {err}.") from None
        actions.append((seat, action))
    return Record(info.name, info.version, data["config"], data["seed"], actions)


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


def _shown(action: Any) -> str:
    """An action as a player reads it; its repr when a bad field breaks that."""
    try:
        return str(action)
    except (TypeError, ValueError):
        return describe(action)


def replay(record: Record, where: str = "record") -> State:
    """The state a record reaches; refuses an illegal step and names it."""
    info = get_game(record.game)
    try:
        with paths_from_file():  # a path in a record never reads a file outside the project
            config = info.config_from_dict(record.config)
            state = info.new_game(config, record.seed)
    except ValueError as err:
        raise RecordError(f"{where}: bad config: {err}") from None
    for step, (seat, action) in enumerate(record.actions, start=1):
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            raise RecordError(f"{where}: step {step}: {state.seat_name(seat)} cannot play {_shown(action)}: {err}") from None
        except (TypeError, ValueError, KeyError, IndexError) as err:
            # A value of the wrong type that the codec let through: the record is
            # refused at its step, never a traceback (the input boundary's rule).
            raise RecordError(f"{where}: step {step}: the action {_shown(action)} is not valid ({err}).") from None
    return state
