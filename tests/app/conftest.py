"""Shared helpers for the app tests: run a probe script in a fresh process.

Ursina is one per process and a renderer crash must not take pytest down,
so everything that opens Ursina runs in a subprocess with the software
backend pinned (see app/shell/window.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.probe_runner import run_script

PROBE = Path(__file__).with_name("probe.py")


def run_probe(scenario: str, tmp_path: Path, *args: str, timeout: int = 120) -> dict:
    return run_script(PROBE, scenario, tmp_path, *args, timeout=timeout)


@pytest.fixture
def probe(tmp_path):
    """Run a probe scenario in a fresh process: ``probe(name, *args) -> facts``."""
    return lambda scenario, *args, timeout=120: run_probe(scenario, tmp_path, *args, timeout=timeout)


@pytest.fixture
def toybox_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TOYBOX_HOME", str(home))
    return home
