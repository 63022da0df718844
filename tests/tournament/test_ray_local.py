"""Ray stays local unless told (issue 22): stopping or killing a tournament
(``kill -9`` included) leaves no Ray process behind after 5 s: its reaper
kills every process holding a file in the Ray's own folder, and removes the
folder. (That a local Ray listens on 127.0.0.1 only, and that ending it
normally leaves nothing, is checked on the Ray test_ray_matches_serial.py
starts.)"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("ray")

from engine.tournament import reaper
from tests.tournament.ray_helpers import GONE_WITHIN, LOCAL_ADDRESSES, all_gone, listening_addresses, short_folder


@pytest.fixture
def short_tmp():
    """A short temporary folder: Ray's socket paths inside it must stay under the 107 characters unix allows."""
    folder = short_folder()
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _tournament(short_tmp: Path, python: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], Path, Path]:
    """A long local-Ray tournament in a child, once its first games are in: (process, results, Ray folder)."""
    out = short_tmp / "r.jsonl"
    child_env = dict(env, TMPDIR=str(short_tmp))
    proc = subprocess.Popen([python, "-m", "app.shell.cli", "tournament", "toy-battle", "--bots", "random", "--workers", "2",
                             "--games", "1000000", "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=child_env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (out.exists() and out.stat().st_size > 0):
        if proc.poll() is not None:
            raise AssertionError(f"the tournament ended early: {proc.communicate()[1][-800:]}")
        time.sleep(0.2)
    folders = list(short_tmp.glob(reaper.PREFIX + "*"))
    assert out.exists() and len(folders) == 1, "the tournament played nothing on a local Ray within two minutes"
    return proc, out, folders[0]


@pytest.mark.parametrize("how", ["kill -9", "Ctrl-C"])
def test_stopping_or_killing_a_tournament_leaves_no_ray_process(short_tmp, python, subprocess_env, how):
    proc, out, folder = _tournament(short_tmp, python, subprocess_env)
    pids = set(reaper.holding(folder))
    assert pids, "the Ray's processes hold files in its folder while it runs"
    addresses = listening_addresses(pids) or []  # the command's own Ray listens on this machine only
    assert all(a.startswith(LOCAL_ADDRESSES) for a in addresses), addresses
    if how == "kill -9":
        proc.kill()
    else:
        proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    ended = time.monotonic()
    assert all_gone(folder), f"still running {GONE_WITHIN:g} s later: {reaper.holding(folder)}"
    assert time.monotonic() - ended <= GONE_WITHIN
    if how == "Ctrl-C":
        err = proc.stderr.read()
        assert proc.returncode == 130 and "Interrupted" in err, (proc.returncode, err[:2500])
    assert out.stat().st_size > 0


def test_the_reaper_removes_only_its_own_kind_of_folder(tmp_path):
    """A folder not named as a Ray's (a user's, by mistake) is swept, never removed."""
    other = tmp_path / "mine"
    other.mkdir()
    done = subprocess.run([sys.executable, "-m", "engine.tournament.reaper", str(other)], input=b"",
                          capture_output=True, timeout=30, check=False)
    assert done.returncode == 0 and other.is_dir()
