"""What the local-Ray tests share: a short folder for a Ray's files, the wait
for its processes to be gone, and the addresses its processes listen on."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from engine.tournament import reaper

LOCAL_ADDRESSES = ("127.0.0.1:", "[::ffff:127.0.0.1]:")
"""How ``ss`` writes an address on this machine only."""

GONE_WITHIN = 5.0
"""Seconds after the tournament ends by which no process of its Ray is left (the issue's bound)."""


def short_folder() -> Path:
    """A new short temporary folder: Ray's socket paths inside it must stay under the 107 characters unix allows."""
    return Path(tempfile.mkdtemp(prefix="tbr", dir="/tmp"))


def all_gone(folder: Path) -> bool:
    """Whether, within ``GONE_WITHIN`` seconds, no process holds a file in the Ray's folder and the folder is removed."""
    deadline = time.monotonic() + GONE_WITHIN
    while time.monotonic() < deadline:
        if not reaper.holding(folder) and not folder.exists():
            return True
        time.sleep(0.2)
    return False


def listening_addresses(pids: set[int]) -> list[str] | None:
    """The local addresses the processes ``pids`` listen on (TCP), or None where ``ss`` is missing."""
    if not shutil.which("ss"):
        return None
    listening = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, check=False).stdout
    return [line.split()[3] for line in listening.splitlines() if any(f"pid={pid}," in line for pid in pids)]
