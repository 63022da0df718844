"""Shared helpers for the app tests: run a probe scenario outside pytest.

Ursina is one per process and a renderer crash must not take pytest down,
so everything that opens Ursina runs in another process with the software
backend pinned (see app/shell/window.py): the session's probe server, or a fresh
process for a probe that must start clean (tests/app/probe_runner.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.probe_runner import run_script

PROBE = Path(__file__).with_name("probe.py")


def run_probe(scenario: str, tmp_path: Path, *args: str, timeout: int = 120, fresh: bool = False) -> dict:
    return run_script(PROBE, scenario, tmp_path, *args, timeout=timeout, fresh=fresh)


@pytest.fixture
def probe(tmp_path):
    """Run a probe scenario: ``probe(name, *args, fresh=False) -> facts`` (fresh: in a new process)."""
    return lambda scenario, *args, timeout=120, fresh=False: run_probe(scenario, tmp_path, *args, timeout=timeout,
                                                                      fresh=fresh)


@pytest.fixture
def toybox_home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("TOYBOX_HOME", str(home))
    return home
