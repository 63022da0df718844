"""The shipped mission battlefields are what levels/little_soldiers/make_missions.py builds."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "levels" / "little_soldiers" / "make_missions.py"


def _script():
    spec = importlib.util.spec_from_file_location("make_missions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["king-of-the-hill.json", "battle-royale.json", "a-new-threat.json", "another-new-threat.json"])
def test_mission_battlefield_on_disk_is_what_the_script_builds(name):
    from engine.geometry import Battlefield

    built = Battlefield.from_dict(_script().BATTLEFIELDS[name]()).to_dict()
    assert json.loads((SCRIPT.parent / name).read_text()) == built
