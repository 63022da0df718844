"""The core knows no module or mission by name; every part is one file and one registry line."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.little_soldiers as ls
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.config import MISSIONS, MODULES
from engine.little_soldiers.parts import MISSIONS as MISSION_PARTS
from engine.little_soldiers.parts import MODULES as MODULE_PARTS
from engine.little_soldiers.parts.base import HOOKS, Mission, Part

CORE = ("state.py", "preparation.py", "movement.py", "combat.py", "view.py")
NAMES = set(MODULES) | set(M.MISSION_NAMES)


def test_the_core_never_tests_a_mission_or_module_name():
    root = Path(ls.__file__).parent
    for name in CORE:
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in NAMES:
                raise AssertionError(f"{name}:{node.lineno} names {node.value!r}")
            if isinstance(node, ast.Attribute) and node.attr == "has":
                raise AssertionError(f"{name}:{node.lineno} asks config.has(...)")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "M":
                raise AssertionError(f"{name}:{node.lineno} reads mission_data.{node.attr}")


def test_every_module_and_mission_is_a_part_in_its_own_file():
    assert set(MODULE_PARTS) == set(MODULES)
    assert set(MISSION_PARTS) == {None} | set(MISSIONS)
    files = [cls.__module__ for cls in list(MODULE_PARTS.values()) + list(MISSION_PARTS.values())]
    assert len(set(files)) == len(files)
    for cls in MISSION_PARTS.values():
        assert issubclass(cls, Mission)
    for cls in MODULE_PARTS.values():
        assert issubclass(cls, Part) and not issubclass(cls, Mission)


def test_a_part_declares_the_hooks_it_defines():
    for cls in list(MODULE_PARTS.values()) + list(MISSION_PARTS.values()):
        assert cls.overrides <= set(HOOKS)
        for name in cls.overrides:
            assert getattr(cls, name) is not getattr(Part, name)


def test_adding_a_mission_is_a_part_and_a_registry_line(monkeypatch):
    """A mission that changes one rule (the Flag wins one step from the middle) is a Mission subclass
    registered by name; its spec (players, modules, battlefield) is a row of config data."""
    from engine.bots.base import RandomBot
    from engine.little_soldiers import config as C
    from engine.little_soldiers import parts
    from engine.little_soldiers.parts.bootcamp import Bootcamp
    from engine.little_soldiers.state import new_game

    class ShortFlag(Bootcamp):
        key = "short_flag"
        title = "Short Flag"

        def won(self) -> bool:
            return abs(self.flag) >= 1

    monkeypatch.setitem(parts.MISSIONS, ShortFlag.key, ShortFlag)
    monkeypatch.setitem(C.MISSIONS, ShortFlag.key, C.MissionSpec("Short Flag", (2, 2), (), (), C.DEFAULT_LEVEL))
    monkeypatch.setitem(C.MISSION_SQUADS, ShortFlag.key, {2: C.DEFAULT_SQUADS[2]})
    s = new_game(C.Config(mission="short_flag"), 4)
    assert isinstance(s.mission_part, ShortFlag)
    bots = [RandomBot(i) for i in range(2)]
    while not s.is_over():
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].choose(s.view(seat)))
        assert abs(s.mission_part.flag) <= 2
    assert s.result() is not None
