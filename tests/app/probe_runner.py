"""One way to run a probe script (tests/app/probe.py, editor_probe.py,
feature_probe.py) in a fresh process, and the scripts' own entry point.

Ursina is one per process and a renderer crash must not take pytest down,
so every scenario that opens Ursina runs in a subprocess: ``run_script``
starts ``python SCRIPT SCENARIO OUT ARGS...`` with no display and a private
user folder, and reads back the facts the scenario wrote to OUT as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_script(script: Path, scenario: str, tmp_path: Path, *args: str, timeout: int = 120) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOYBOX_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / f"{scenario}.json"
    proc = subprocess.run([sys.executable, str(script), scenario, str(out), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, \
        f"probe {scenario} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(out.read_text())


def main(scenarios: Mapping[str, Callable[..., Any]]) -> None:
    """A probe script's entry: run the scenario named on the command line, write
    its facts as JSON, and leave without Ursina's teardown (``os._exit``: a
    renderer that crashes on exit must not fail a scenario that passed)."""
    name, out, *args = sys.argv[1:]
    facts = scenarios[name](*args)
    Path(out).write_text(json.dumps(facts))
    sys.stdout.flush()
    os._exit(0)
