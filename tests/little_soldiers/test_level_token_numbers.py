"""Rulebook, Deployment: a figurine is placed "at green distance from the
Deployment token of that same number"; Mission Book, Another New Threat,
Switching Off a Force Field: "Each Threat's Force Field has a number. These
numbers correspond to the Switch numbers." A level with two tokens of one
number is refused with the second named (the game kept the first silently),
and the editor lists it as a problem and will not save it."""

from __future__ import annotations

import json

import pytest

from app.editor.drawable import drawable
from engine.little_soldiers.battlefields import load_battlefield
from tests.conftest import ROOT


def _level(tmp_path, name: str, change) -> tuple:
    data = json.loads((ROOT / "levels/little_soldiers" / name).read_text())
    change(data["tokens"])
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path, data


def _renumber(kind: str, number: int, to: int):
    def change(tokens: list) -> None:
        next(t for t in tokens if t["kind"] == kind and t["number"] == number)["number"] = to
    return change


@pytest.mark.parametrize(("name", "kind"), [("bootcamp.json", "deployment"),
                                            ("another-new-threat.json", "force_field_switch")])
def test_two_tokens_of_one_number_are_refused_with_the_second_named(tmp_path, name, kind):
    path, data = _level(tmp_path, name, _renumber(kind, 2, 1))
    second = max(i for i, t in enumerate(data["tokens"]) if t["kind"] == kind and t["number"] == 1)
    first = min(i for i, t in enumerate(data["tokens"]) if t["kind"] == kind and t["number"] == 1)
    with pytest.raises(ValueError) as err:
        load_battlefield(str(path))
    said = str(err.value)
    assert str(path) in said and f"tokens[{second}].number" in said and f"tokens[{first}]" in said, said
    problems = [p.text for p in drawable(data, ROOT).problems]
    assert any(f"tokens[{second}].number" in p and "needs its own" in p for p in problems), problems


def test_each_shipped_level_numbers_its_tokens_once_and_other_numbers_still_load(tmp_path):
    for path in sorted((ROOT / "levels/little_soldiers").glob("*.json")):
        if path.name != "levels.json":
            load_battlefield(str(path))  # none refused
    moved, _ = _level(tmp_path, "bootcamp.json", _renumber("deployment", 2, 7))
    assert load_battlefield(str(moved)) is not None  # another number, not a shared one, is fine
