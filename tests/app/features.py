"""Runs tests/app/feature_probe.py scenarios in a fresh process (as conftest.run_probe)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("feature_probe.py")


def run_feature_probe(scenario: str, tmp_path: Path, *args: str, timeout: int = 180) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOYBOX_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / f"{scenario}.json"
    proc = subprocess.run([sys.executable, str(PROBE), scenario, str(out), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"probe {scenario} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(out.read_text())
