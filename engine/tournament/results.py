"""The results file: one JSON line per finished game, appended, never rewritten.

A tournament appends each finished batch and fsyncs it, so a crash or a
Ctrl-C loses only the games still being played; re-running the same command
on the same file plays only the games it does not hold yet. A line cut off
by a crash mid-write (no final newline) is dropped and its game played again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.tournament.jobs import result_key

REQUIRED = ("game", "config", "bots", "seed", "winners", "scores", "turns", "seconds")
"""The fields every line has (DESIGN: the results format of issue 16)."""


class ResultsError(ValueError):
    """A results file that cannot be read back; the message names the file and line."""


def line_key(line: dict[str, Any]) -> str:
    return result_key(line["game"], line["config"], line["bots"], line["seed"], line.get("iterations"))


def read_results(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every complete line of ``path`` (none when it does not exist); a torn
    last line is left out, any other bad line is refused."""
    p = Path(path)
    if not p.exists():
        return []
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ResultsError(f"{path}: cannot read the results file ({err}).") from None
    lines = text.split("\n")[:-1]  # what follows the last newline is "" or a torn line
    out = []
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as err:
            raise ResultsError(f"{path}: line {number} is not JSON ({err.msg}); "
                               "it is not a Toybox results file or it was edited.") from None
        if not isinstance(line, dict) or any(k not in line for k in REQUIRED):
            missing = [k for k in REQUIRED if not isinstance(line, dict) or k not in line]
            raise ResultsError(f"{path}: line {number} lacks the field {missing[0]!r} of a tournament result.")
        out.append(line)
    return out


class ResultsFile:
    """An append-only JSONL file of game results, opened for one run."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.lines = read_results(self.path)
        self.keys = {line_key(line) for line in self.lines}
        self._drop_torn_tail()

    def _drop_torn_tail(self) -> None:
        """Cut a partial last line (a crash mid-write) so the next append starts a line."""
        if not self.path.exists():
            return
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            with open(self.path, "r+b") as fh:
                fh.truncate(data.rfind(b"\n") + 1)
                fh.flush()
                os.fsync(fh.fileno())

    def __contains__(self, key: str) -> bool:
        return key in self.keys

    def append(self, lines: Iterable[dict[str, Any]]) -> None:
        """Append ``lines`` and make them durable before returning."""
        lines = list(lines)
        if not lines:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        self.lines.extend(lines)
        self.keys.update(line_key(line) for line in lines)
