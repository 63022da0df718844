"""Runs tests/app/feature_probe.py scenarios outside pytest (as conftest.run_probe)."""

from __future__ import annotations

from pathlib import Path

from tests.app.probe_runner import run_script

PROBE = Path(__file__).with_name("feature_probe.py")


def run_feature_probe(scenario: str, tmp_path: Path, *args: str, timeout: int = 180, fresh: bool = False) -> dict:
    return run_script(PROBE, scenario, tmp_path, *args, timeout=timeout, fresh=fresh)
