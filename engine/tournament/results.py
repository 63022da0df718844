"""The results file: one JSON line per finished game, appended, never rewritten.

A tournament appends each finished batch and fsyncs it, so a crash or a
Ctrl-C loses only the games still being played; re-running the same command
on the same file plays only the games it does not hold yet. A line cut off
by a crash mid-write (no final newline) is dropped and its game played again.

The file is outside data: it may have been edited, copied from someone else
or be no file at all (a FIFO, a device). It is read through the input
boundary (a regular file within :data:`RESULTS_MAX_BYTES`, streamed a line
at a time) and every line is checked before it is counted: the fields and
their types, finite numbers, winners that are seats of the game, as many
scores as seats, a known game and known bots. A bad line is refused with
``FILE:LINE`` and what is wrong with it; nothing is played until the file reads.
Writes go through the output boundary, so a device or a FIFO named as the
results file is refused, never written into.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core.files import DataError, describe, is_null_device, open_append, open_regular, parse_json, shown
from engine.tournament.jobs import result_key

REQUIRED = ("game", "config", "bots", "seed", "winners", "scores", "turns", "seconds")
"""The fields every line has (DESIGN: the results format of issue 16)."""

RESULTS_MAX_BYTES = 512 * 1024 * 1024
"""Chosen: the largest results file read (512 MiB, about 1.5 million games
of a few hundred bytes; a longer tournament is split over several files)."""

LINE_MAX_BYTES = 4 * 1024 * 1024
"""Chosen: the longest line read (4 MiB: a line with its record kept inline
holds a whole game; a real one is under 1 MiB)."""

MAX_SEATS = 16
"""Chosen: the most seats a line may name (the games have at most 6)."""

MAX_SEED = 2**63 - 1
"""Chosen: the largest seed a line may hold (the tournament draws 31-bit ones)."""


class ResultsError(DataError):
    """A results file that cannot be read back; the message names the file and line."""


def line_key(line: dict[str, Any]) -> str:
    return result_key(line["game"], line["config"], line["bots"], line["seed"], line.get("iterations"))


def _known_bots() -> frozenset[str]:
    from engine.bots.levels import bot_names

    return frozenset(bot_names()) | {"lookahead"}


def check_line(line: Any, where: str, games: Iterable[str] | None = None) -> dict[str, Any]:
    """``line`` if it is a result a tournament could have written; else a
    ResultsError naming ``where`` (``FILE:LINE``) and the field."""
    from engine.core.games import GAME_MODULES

    if not isinstance(line, dict):
        raise ResultsError(f"{where}: expected a JSON object (a game's result), not {describe(line)}.")
    for key in REQUIRED:
        if key not in line:
            raise ResultsError(f"{where}: the field {key!r} of a tournament result is missing.")

    def bad(field: str, wanted: str) -> ResultsError:
        return ResultsError(f"{where}: {field}: expected {wanted}, not {describe(line.get(field))}.")

    game = line["game"]
    if not isinstance(game, str) or game not in (games if games is not None else GAME_MODULES):
        raise bad("game", "a game's name (" + ", ".join(games if games is not None else GAME_MODULES) + ")")
    if not isinstance(line["config"], dict):
        raise bad("config", "the game's config, a JSON object")
    bots = line["bots"]
    known = _known_bots()
    if not isinstance(bots, list) or not 1 <= len(bots) <= MAX_SEATS or \
            not all(isinstance(b, str) and b in known for b in bots):
        raise bad("bots", f"a list of 1 to {MAX_SEATS} bot names ({', '.join(sorted(known))})")
    seats = len(bots)
    if not _whole(line["seed"], 0, MAX_SEED):
        raise bad("seed", "a whole number 0 or more")
    winners = line["winners"]
    if not isinstance(winners, list) or not all(_whole(w, 0, seats - 1) for w in winners) or \
            len(set(winners)) != len(winners):
        raise bad("winners", f"a list of different seats, each 0 to {seats - 1}")
    scores = line["scores"]
    if not isinstance(scores, list) or len(scores) != seats or not all(_finite(v) for v in scores):
        raise bad("scores", f"{seats} finite numbers, one per seat")
    if not _whole(line["turns"], 0, None):
        raise bad("turns", "a whole number 0 or more")
    if not _finite(line["seconds"]) or line["seconds"] < 0:
        raise bad("seconds", "a finite number of seconds, 0 or more")
    if "index" in line and not _whole(line["index"], 0, None):
        raise bad("index", "a whole number 0 or more")
    if "sweep" in line and not isinstance(line["sweep"], dict):
        raise bad("sweep", "a JSON object of swept values")
    if line.get("iterations") is not None and not _whole(line["iterations"], 1, None):
        raise bad("iterations", "a whole number 1 or more")
    if "cooperative" in line and not isinstance(line["cooperative"], bool):
        raise bad("cooperative", "true or false")
    return line


def _whole(value: Any, lo: int, hi: int | None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= lo and (hi is None or value <= hi)


def _finite(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def scan(path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], int]:
    """Every complete line of ``path``, checked, and the byte length of its
    whole lines (what follows is a torn last line); ``([], 0)`` when there
    is no file. Read a line at a time through the input boundary."""
    p = Path(path)
    if not os.path.exists(p):
        return [], 0  # no file yet (or a link to a file still to be made)
    try:
        if is_null_device(os.stat(p)):
            return [], 0  # --out /dev/null: nothing is kept, nothing was
    except OSError:
        pass  # refused by the read below, with its sentence
    name = shown(p)
    out: list[dict[str, Any]] = []
    whole = 0
    try:
        with open_regular(p, RESULTS_MAX_BYTES, "results file") as fh:
            for number, raw in enumerate(iter(lambda: fh.readline(LINE_MAX_BYTES + 1), b""), start=1):
                if not raw.endswith(b"\n"):
                    if len(raw) > LINE_MAX_BYTES:
                        raise ResultsError(f"{name}:{number}: the line is longer than the "
                                           f"{LINE_MAX_BYTES // (1024 * 1024)} MiB a result may be.")
                    break  # a torn last line: its game is played again
                whole += len(raw)
                if not raw.strip():
                    continue
                where = f"{name}:{number}"
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise ResultsError(f"{where}: the line is not UTF-8 text; this is not a Toybox results file "
                                       "or it was edited.") from None
                try:
                    line = parse_json(text, where, not_json="not JSON")
                except DataError as err:
                    raise ResultsError(f"{err} This is not a Toybox results file, or it was edited.") from None
                out.append(check_line(line, where))
    except ResultsError:
        raise
    except DataError as err:
        raise ResultsError(str(err)) from None
    except OSError as err:
        raise ResultsError(f"{name}: cannot read the results file ({err.strerror or err}).") from None
    return out, whole


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every complete line of ``path`` (none when it does not exist); a torn
    last line is left out, any other bad line is refused with FILE:LINE."""
    return scan(path)[0]


class ResultsFile:
    """An append-only JSONL file of game results, opened for one run."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.lines, whole = scan(self.path)
        self.keys = {line_key(line) for line in self.lines}
        self._drop_torn_tail(whole)

    def _drop_torn_tail(self, whole: int) -> None:
        """Cut a partial last line (a crash mid-write) so the next append starts a line."""
        try:
            size = os.stat(self.path).st_size
        except OSError:
            return
        if size > whole:
            fh = open_append(self.path, "results file")  # a regular file: scan read it
            if fh is not None:
                with fh:
                    fh.truncate(whole)
                    fh.flush()
                    os.fsync(fh.fileno())

    def __contains__(self, key: str) -> bool:
        return key in self.keys

    def append(self, lines: Iterable[dict[str, Any]]) -> None:
        """Append ``lines`` and make them durable before returning."""
        lines = list(lines)
        if not lines:
            return
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        fh = open_append(self.path, "results file")
        if fh is not None:  # None: the null device, nothing is kept
            with fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
        self.lines.extend(lines)
        self.keys.update(line_key(line) for line in lines)
