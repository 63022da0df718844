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


def read_only_folder(tmp_path: Path, holding: dict[str, str] | None = None) -> Path:
    """A folder where creating a file fails, holding the files ``holding``
    names (name -> text) written before it turned read-only: a chmod 555
    folder, or for root (whom permissions do not stop) a small tmpfs mounted
    in ``tmp_path`` and remounted read-only (unmounted when the tests end);
    skips the test when neither refuses. Never a system folder such as /sys."""
    import os
    import subprocess

    import pytest

    folder = tmp_path / "ro"
    folder.mkdir(exist_ok=True)
    for name, text in (holding or {}).items():
        (folder / name).write_text(text)
    folder.chmod(0o555)
    if not _accepts_files(folder):
        return folder
    os.chmod(folder, 0o755)
    mounted = mount_tmpfs(tmp_path / "ro-mount", "size=64k")
    if mounted is not None:
        for name, text in (holding or {}).items():
            (mounted / name).write_text(text)
        subprocess.run(["mount", "-o", "remount,ro", str(mounted)], capture_output=True, check=False)
        if not _accepts_files(mounted):
            return mounted
    pytest.skip("no folder here refuses writes (root without a tmpfs mount)")


def full_folder(tmp_path: Path, size: str = "64k") -> Path | None:
    """A tiny tmpfs mounted in ``tmp_path`` (unmounted when the tests end),
    to fill up for real; None where mounting is not allowed (the test then
    simulates the full disk)."""
    return mount_tmpfs(tmp_path / "full", f"size={size}")


def mount_tmpfs(where: Path, options: str) -> Path | None:
    """Mount a tmpfs with ``options`` at ``where`` (made here); None when this
    process may not mount. Unmounted lazily (open files do not block it) when
    the test ends, by ``unmount_test_mounts`` from the suite's conftest: an
    exit hook alone never runs in an xdist worker, which left mounts behind."""
    import shutil
    import subprocess

    if shutil.which("mount") is None or os_geteuid() != 0:
        return None
    where.mkdir(exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "toybox-test", str(where)],
                          capture_output=True, check=False)
    if done.returncode != 0:
        return None
    MOUNTED.append(where)
    return where


MOUNTED: list[Path] = []
"""The tmpfs mounts this process made and has not yet unmounted."""


def unmount_test_mounts() -> None:
    """Lazily unmount every tmpfs ``mount_tmpfs`` made (called after each test)."""
    import subprocess

    while MOUNTED:
        subprocess.run(["umount", "-l", str(MOUNTED.pop())], capture_output=True, check=False)


def os_geteuid() -> int:
    import os

    return os.geteuid() if hasattr(os, "geteuid") else -1


def _accepts_files(folder: Path) -> bool:
    import tempfile

    try:
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def null_device(tmp_path: Path, name: str = "null") -> Path:
    """A private null device node (character 1:3) in ``tmp_path``: the tests
    never point at the system's own /dev/null."""
    import os
    import stat

    p = tmp_path / name
    os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return p


def zero_device(tmp_path: Path, name: str = "zero") -> Path:
    """A private /dev/zero twin (character 1:5) in ``tmp_path``."""
    import os
    import stat

    p = tmp_path / name
    os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 5))
    return p
