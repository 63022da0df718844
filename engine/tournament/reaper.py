"""The reaper of a local Ray: no Ray process outlives the tournament that started it.

A local Ray (``toybox tournament`` without ``--address``, the editor's
Simulate) is a dozen processes: the GCS, the raylet, its agents and the
workers. Ray ends the GCS and the raylet with the process that started them,
but its agents, after noticing, try to report to the dead GCS and linger for
about a minute (100 MB each) after a ``kill -9``, and a Ctrl-C during
start-up can leave more.

So a local Ray keeps all its files (logs, sockets, spilled objects) in a
folder of its own, and every process of it holds files open there; a small
reaper process, started beside the Ray and waiting on a pipe from the
tournament, kills each process with a file open in that folder once the pipe
closes (the tournament ended, was interrupted or was killed, by any signal),
sweeping for a few seconds while the processes being started finish
starting, then removes the folder. (Ray renames its processes, which
overwrites what ``/proc`` shows of their environment and command line: the
open files are what stays.) Linux only: elsewhere Ray's own clean-up is what
there is.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

PREFIX = "toybox-ray-"
"""A local Ray's folder is a fresh temporary folder named so; the reaper removes only such a folder."""

SWEEP_SECONDS = 3.0
"""Chosen: how long the reaper keeps sweeping after the tournament ended (the
processes Ray was starting at that moment show up within it)."""

PROC = Path("/proc")


def holding(folder: str | os.PathLike[str], spare: int | None = None) -> list[int]:
    """The processes (not this one, nor ``spare``) with a file open, or
    their working folder, inside ``folder``."""
    root = os.path.realpath(folder).rstrip("/") + "/"
    found: list[int] = []
    if not PROC.is_dir():
        return found
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) in (os.getpid(), spare):
            continue
        try:
            links = [os.readlink(fd) for fd in (entry / "fd").iterdir()]
            links.append(os.readlink(entry / "cwd"))
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if any((link + "/").startswith(root) for link in links):
            found.append(int(entry.name))
    return found


def sweep(folder: str | os.PathLike[str], seconds: float = SWEEP_SECONDS, spare: int | None = None) -> int:
    """Kill every process but ``spare`` (the one that started the Ray, which
    holds its own log files there and may live on: the editor) holding a
    file in ``folder``, again and again: for at least a second, until three
    sweeps in a row find none, at most ``seconds``. How many were killed."""
    killed: set[int] = set()
    start = time.monotonic()
    quiet = 0
    while True:
        found = holding(folder, spare)
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except OSError:
                pass
        quiet = 0 if found else quiet + 1
        spent = time.monotonic() - start
        if spent >= seconds or (spent >= 1.0 and quiet >= 3):
            return len(killed)
        time.sleep(0.2)


def start(folder: str | os.PathLike[str]) -> subprocess.Popen[bytes] | None:
    """The reaper of the local Ray whose folder is ``folder``, waiting on its
    stdin: close it (or end this process, however) and the Ray's processes
    are killed and the folder removed. None where there is no ``/proc``."""
    if not PROC.is_dir():
        return None
    return subprocess.Popen([sys.executable, "-m", "engine.tournament.reaper", os.fspath(folder), str(os.getpid())],
                            stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            cwd=str(Path(__file__).resolve().parents[2]))


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    spare = int(argv[1]) if len(argv) > 1 else None
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C in the terminal is the tournament's, not ours
    try:
        while sys.stdin.buffer.read(4096):
            pass  # nothing is sent: the pipe's end is the message
    except OSError:
        pass
    sweep(folder, spare=spare)
    if folder.name.startswith(PREFIX):
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
