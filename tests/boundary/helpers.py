"""Valid files to break: short records of each game, and a CLI runner."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engine.bots import RandomBot
from engine.core.games import get_game
from engine.core.match import Match

ROOT = Path(__file__).resolve().parents[2]
TERRAIN = ROOT / "levels" / "toy_battle" / "castle-field.json"
BATTLEFIELD = ROOT / "levels" / "little_soldiers" / "bootcamp.json"


@cache
def _record_text(game: str, steps: int, seed: int, until: str | None) -> str:
    info = get_game(game)
    config = {"players": 3} if game == "little-battle" else {}
    match = Match(info, info.config_from_dict(config), seed)
    bots = [RandomBot(s) for s in range(match.state.num_seats)]
    while not match.state.is_over():
        if until is None and len(match.actions) >= steps:
            break
        if until is not None and any(type(a).__name__ == until for _, a in match.actions):
            break
        for seat in match.state.to_act():
            match.play(seat, bots[seat].choose(match.state.view(seat)))
    return json.dumps(match.record().to_dict())


def record(game: str, steps: int = 8, seed: int = 5, until: str | None = None) -> dict[str, Any]:
    """A fresh copy of a valid record of ``game`` (``until``: up to the first action of that type)."""
    return json.loads(_record_text(game, steps, seed, until))


def step_of(data: dict[str, Any], kind: str) -> int:
    """The index in ``actions`` of the first action of type ``kind``."""
    return next(i for i, a in enumerate(data["actions"]) if a["action"]["type"] == kind)


@dataclass
class Run:
    code: int
    out: str
    err: str


def cli(*argv: str) -> Run:
    """``toybox ARGV`` in this process: exit code, stdout, stderr."""
    from app.shell.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return Run(code, out.getvalue(), err.getvalue())


def read_only_folder(tmp_path: Path) -> Path:
    """A folder where creating a file fails: a chmod 555 folder, or for root
    (whom permissions do not stop) /sys; skips the test when neither refuses."""
    import os
    import tempfile

    import pytest

    folder = tmp_path / "ro"
    folder.mkdir(exist_ok=True)
    folder.chmod(0o555)
    for candidate in (folder, Path("/sys")):
        try:
            with tempfile.TemporaryFile(dir=candidate):
                pass
        except OSError:
            return candidate
    os.chmod(folder, 0o755)
    pytest.skip("no folder here refuses writes")
