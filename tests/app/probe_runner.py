"""How the app tests run a probe scenario (tests/app/probe.py, editor_probe.py,
feature_probe.py), and the scripts' own entry point.

Ursina is one per process and a renderer crash must not take pytest down, so
no scenario runs inside pytest. By default a scenario runs in the session's
probe server (``probe_server.py``: one long-lived offscreen Ursina per pytest
process, put back as it opened after every scenario), which saves the ~2 s a
fresh Python with Panda3D costs. ``fresh=True`` runs one in its own new
process (``python SCRIPT SCENARIO OUT ARGS...``), for a probe that must see a
process start clean. Either way there is no display, the user folder is the
test's own and the facts come back as the JSON the scenario wrote.

``TOYBOX_PROBES`` chooses for the whole run: ``shared`` (the default),
``fresh`` (every probe in a new process, as before the server), or
``compare`` (each probe both ways; the facts of the two written side by side
to ``$TOYBOX_PROBES_LOG``, the server's returned): the check that a scenario
leaves the server clean for the next.
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
SERVER = Path(__file__).with_name("probe_server.py")
MODES = ("shared", "fresh", "compare")


def mode() -> str:
    chosen = os.environ.get("TOYBOX_PROBES", "shared")
    if chosen not in MODES:
        raise ValueError(f"TOYBOX_PROBES={chosen!r}: expected one of {', '.join(MODES)}")
    return chosen


def _env() -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def run_fresh(script: Path, scenario: str, home: Path, out: Path, *args: str, timeout: int = 120) -> dict:
    env = dict(_env(), TOYBOX_HOME=str(home))
    proc = subprocess.run([sys.executable, str(script), scenario, str(out), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, \
        f"probe {scenario} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(out.read_text())


class ProbeServer:
    """The probe server of this pytest process (started on first use, restarted after a failure)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.replies: IO[str] | None = None
        self.log: IO[bytes] | None = None

    def _start(self) -> None:
        read, write = os.pipe()
        self.log = tempfile.TemporaryFile(prefix="probe-server-")
        self.proc = subprocess.Popen([sys.executable, str(SERVER), str(write)], cwd=ROOT, env=_env(),
                                     stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT,
                                     pass_fds=(write,), text=True)
        os.close(write)
        self.replies = os.fdopen(read, "r")

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
        for f in (self.replies, self.log, self.proc.stdin if self.proc else None):
            if f is not None:
                f.close()
        self.proc = self.replies = self.log = None

    def _log_since(self, offset: int) -> str:
        assert self.log is not None
        self.log.seek(offset)
        return self.log.read().decode("utf-8", "replace")[-3000:]

    def run(self, script: Path, scenario: str, home: Path, out: Path, *args: str, timeout: int = 120) -> dict:
        if self.proc is None or self.proc.poll() is not None:
            self.stop()
            self._start()
        assert self.proc is not None and self.proc.stdin is not None and self.replies is not None
        assert self.log is not None
        offset = self.log.seek(0, os.SEEK_END)
        request = {"script": str(Path(script).resolve().relative_to(ROOT)), "scenario": scenario, "out": str(out),
                   "args": list(args), "env": {"TOYBOX_HOME": str(home)}}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        with selectors.DefaultSelector() as sel:
            sel.register(self.replies, selectors.EVENT_READ)
            ready = sel.select(timeout)
        if not ready:
            self.stop()
            raise subprocess.TimeoutExpired(f"probe server: {scenario}", timeout)
        line = self.replies.readline()
        if not line:  # the server died (a renderer crash)
            code = self.proc.wait()
            log = self._log_since(offset)
            self.stop()
            raise AssertionError(f"probe {scenario}: the probe server exited {code}:\n{log}")
        answer = json.loads(line)
        if not answer["ok"]:
            log = self._log_since(offset)
            self.stop()
            raise AssertionError(f"probe {scenario} failed in the probe server:\n{log}\n{answer['error'][-3000:]}")
        if "restart" in answer:  # the scenario passed but left the server unclean: it is leaving
            self.proc.wait(timeout=60)
            self.stop()
        return json.loads(out.read_text())


SHARED = ProbeServer()
atexit.register(SHARED.stop)


def run_script(script: Path, scenario: str, tmp_path: Path, *args: str, timeout: int = 120,
               fresh: bool = False) -> dict:
    """The facts of ``scenario`` of ``script``, run with the user folder ``tmp_path/home``."""
    home, out = tmp_path / "home", tmp_path / f"{scenario}.json"
    chosen = mode()
    if fresh or chosen == "fresh":
        return run_fresh(script, scenario, home, out, *args, timeout=timeout)
    if chosen == "compare":
        other = run_fresh(script, scenario, tmp_path / "home-fresh", tmp_path / f"{scenario}.fresh.json", *args,
                          timeout=timeout)
    facts = SHARED.run(script, scenario, home, out, *args, timeout=timeout)
    if chosen == "compare":
        _log_comparison(script, scenario, args, facts, other)
    return facts


def _log_comparison(script: Path, scenario: str, args: tuple[str, ...], shared: dict, fresh: dict) -> None:
    where = os.environ.get("TOYBOX_PROBES_LOG")
    if not where:
        raise ValueError("TOYBOX_PROBES=compare needs TOYBOX_PROBES_LOG, the file to append the comparisons to")
    line = {"test": os.environ.get("PYTEST_CURRENT_TEST", ""), "script": Path(script).name, "scenario": scenario,
            "args": list(args), "same": shared == fresh, "shared": shared, "fresh": fresh}
    with open(where, "a", encoding="utf-8") as f:  # one short line per probe, appended whole
        f.write(json.dumps(line) + "\n")


def main(scenarios: Mapping[str, Callable[..., Any]]) -> None:
    """A probe script's entry: run the scenario named on the command line, write
    its facts as JSON, and leave without Ursina's teardown (``os._exit``: a
    renderer that crashes on exit must not fail a scenario that passed)."""
    name, out, *args = sys.argv[1:]
    facts = scenarios[name](*args)
    Path(out).write_text(json.dumps(facts))
    sys.stdout.flush()
    os._exit(0)
