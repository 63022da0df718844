"""Ray stays local unless told (issue 22): a local tournament's Ray listens on
127.0.0.1 only, and stopping or killing the tournament (``kill -9``
included) leaves no Ray process behind after 5 s: its reaper kills every
process holding a file in the Ray's own folder, and removes the folder."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("ray")

from engine.tournament import reaper

GONE_WITHIN = 5.0
"""Seconds after the tournament ends by which no process of its Ray is left (the issue's bound)."""


@pytest.fixture
def short_tmp():
    """A short temporary folder: Ray's socket paths inside it must stay under the 107 characters unix allows."""
    folder = tempfile.mkdtemp(prefix="tbr", dir="/tmp")
    yield Path(folder)
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


def _gone(folder: Path) -> bool:
    deadline = time.monotonic() + GONE_WITHIN
    while time.monotonic() < deadline:
        if not reaper.holding(folder) and not folder.exists():
            return True
        time.sleep(0.2)
    return False


def test_a_local_ray_listens_on_this_machine_only(short_tmp, monkeypatch):
    import ray

    from engine.tournament.cluster import connect, disconnect

    if ray.is_initialized():
        pytest.skip("a Ray is already running in this process")
    monkeypatch.setenv("TMPDIR", str(short_tmp))
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    cluster = connect(None, 1)
    try:
        folder = next(short_tmp.glob(reaper.PREFIX + "*"))
        gcs = ray.get_runtime_context().gcs_address
        nodes = {n["NodeManagerAddress"] for n in ray.nodes()}
        assert gcs.startswith("127.0.0.1:") and nodes == {"127.0.0.1"}, (gcs, nodes)
        pids = set(reaper.holding(folder))
        assert len(pids) >= 3 and cluster.cpus == 1
        if shutil.which("ss"):  # and no process of it listens on another address
            listening = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True, check=False).stdout
            for line in listening.splitlines():
                if any(f"pid={pid}," in line for pid in pids):
                    local = line.split()[3]
                    assert local.startswith(("127.0.0.1:", "[::ffff:127.0.0.1]:")), line
    finally:
        disconnect()
    assert _gone(folder), f"left behind: {reaper.holding(folder)}"


@pytest.mark.parametrize("how", ["kill -9", "Ctrl-C"])
def test_stopping_or_killing_a_tournament_leaves_no_ray_process(short_tmp, python, subprocess_env, how):
    proc, out, folder = _tournament(short_tmp, python, subprocess_env)
    assert reaper.holding(folder), "the Ray's processes hold files in its folder while it runs"
    if how == "kill -9":
        proc.kill()
    else:
        proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    ended = time.monotonic()
    assert _gone(folder), f"still running {GONE_WITHIN:g} s later: {reaper.holding(folder)}"
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
