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


def test_importing_the_geometry_loads_no_game():
    # Importing any geometry module imports the package, which imports its
    # modules: one fresh interpreter answers for them all.
    loaded = loaded_after("engine.geometry")
    assert "engine.geometry.throws" in loaded and "engine.geometry.checks" in loaded
    games = [m for m in loaded if m.startswith(("engine.little_soldiers", "engine.toy_battle", "engine.little_battle"))]
    assert games == []
    assert [m for m in loaded if m.split(".")[0] in ("ursina", "direct")] == []


@pytest.mark.parametrize("module", ["engine", "engine.little_soldiers", "engine.little_soldiers.table.validation",
                                    "engine.toy_battle", "engine.little_battle", "engine.bots"])
def test_importing_the_engine_loads_no_ursina(module):
    drawn = [m for m in loaded_after(module) if m.split(".")[0] in ("ursina", "direct")]
    assert drawn == []
