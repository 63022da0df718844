"""Shared helpers for the app tests: run a probe script in a fresh process.

Ursina is one per process and a renderer crash must not take pytest down,
so everything that opens Ursina runs in a subprocess with the software
backend pinned (see app/window.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("probe.py")


def run_probe(scenario: str, tmp_path: Path, *args: str, timeout: int = 120) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOYBOX_HOME=str(tmp_path / "home"))
    env.pop("DISPLAY", None)
    out = tmp_path / f"{scenario}.json"
    proc = subprocess.run(
        [sys.executable, str(PROBE), scenario, str(out), *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout,
    )
    assert proc.returncode == 0, f"probe {scenario} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(out.read_text())


@pytest.fixture
def probe(tmp_path):
    """Run a probe scenario in a fresh process: ``probe(name, *args) -> facts``."""
    return lambda scenario, *args, timeout=120: run_probe(scenario, tmp_path, *args, timeout=timeout)


@pytest.fixture
def toybox_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TOYBOX_HOME", str(home))
    return home
