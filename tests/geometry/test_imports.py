"""The geometry knows no game and the engine draws nothing: each import runs
in a fresh interpreter, whose ``sys.modules`` says what it loaded."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def loaded_after(module: str) -> list[str]:
    code = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", ["engine.geometry", "engine.geometry.battlefield", "engine.geometry.throws",
                                    "engine.geometry.checks", "engine.geometry.sight", "engine.geometry.paths"])
def test_importing_the_geometry_loads_no_game(module):
    games = [m for m in loaded_after(module) if m.startswith(("engine.little_soldiers", "engine.toy_battle",
                                                              "engine.little_battle"))]
    assert games == []


@pytest.mark.parametrize("module", ["engine", "engine.core", "engine.geometry", "engine.little_soldiers",
                                    "engine.toy_battle", "engine.little_battle", "engine.bots"])
def test_importing_the_engine_loads_no_ursina(module):
    drawn = [m for m in loaded_after(module) if m.split(".")[0] in ("ursina", "direct")]
    assert drawn == []


def test_the_table_rules_load_no_ursina():
    drawn = [m for m in loaded_after("engine.little_soldiers.table.validation") if m.split(".")[0] == "ursina"]
    assert drawn == []
