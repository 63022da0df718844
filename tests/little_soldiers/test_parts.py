"""The core knows no module or mission by name; every part is one file and one registration."""

from __future__ import annotations

import ast
from pathlib import Path

import engine.little_soldiers as ls
from engine.little_soldiers.config import MISSIONS, MODULES
from engine.little_soldiers.part import HOOKS, Mission, Part
from engine.little_soldiers.registry import REGISTRY

CORE = ("state.py", "game.py", "part.py", "flow.py", "steps.py", "phases.py", "pieces.py", "preparation.py",
        "turns.py", "movement.py", "combat.py", "chance.py", "view.py", "state_data.py", "registry.py",
        "candidates.py", "random_action.py", "config.py", "stand_in.py")
"""The core: the rules of every game, the protocol, the bots' samplers, the config's checks."""


def _names() -> set[str]:
    parts = [*REGISTRY.modules.values(), *(m for k, m in REGISTRY.missions.items() if k is not None)]
    return {p.key for p in parts} | {p.title for p in parts}


def test_the_core_never_tests_a_mission_or_module_name():
    root = Path(ls.__file__).parent
    names = _names()
    for name in CORE:
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Constant) and node.value in names:
                raise AssertionError(f"{where} names {node.value!r}")
            if isinstance(node, ast.Attribute) and node.attr == "has":
                raise AssertionError(f"{where} asks config.has(...)")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "M" \
                    and name != "config.py":  # the config lists the chosen values, the missions' too
                raise AssertionError(f"{where} reads mission_data.{node.attr}")
            if isinstance(node, ast.Compare) and any(isinstance(c, ast.Attribute) and c.attr == "mission"
                                                     for c in [node.left, *node.comparators]) \
                    and any(isinstance(c, ast.Constant) and isinstance(c.value, str)
                            for c in [node.left, *node.comparators]):
                raise AssertionError(f"{where} compares the mission with a name")
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                module = node.module if isinstance(node, ast.ImportFrom) else None
                targets = [module or ""] + [a.name for a in node.names]
                if any(t.startswith("engine.little_soldiers.parts.") for t in targets) or \
                        (module == "engine.little_soldiers.parts" and any(a.name != "*" for a in node.names)):
                    raise AssertionError(f"{where} imports a part ({targets})")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                    and len(node.args) == 2 and "Threat" in ast.unparse(node.args[1]):
                raise AssertionError(f"{where} tests for a mission's piece")


def test_every_module_and_mission_is_a_part_in_its_own_file():
    assert set(REGISTRY.modules) == set(MODULES)
    assert set(REGISTRY.missions) == {None} | set(MISSIONS)
    files = [cls.__module__ for cls in [*REGISTRY.modules.values(), *REGISTRY.missions.values()]]
    assert len(set(files)) == len(files)
    for cls in REGISTRY.missions.values():
        assert issubclass(cls, Mission)
    for cls in REGISTRY.modules.values():
        assert issubclass(cls, Part) and not issubclass(cls, Mission)


def test_a_part_declares_the_hooks_it_defines_and_its_own_steps():
    seen: dict[str, str] = {}
    for cls in [*REGISTRY.modules.values(), *REGISTRY.missions.values()]:
        assert cls.overrides <= set(HOOKS)
        for name in cls.overrides:
            assert getattr(cls, name) is not getattr(Part, name)
        for step in cls.phases:
            owner = seen.setdefault(step, cls.key)
            assert owner == cls.key or issubclass(cls, REGISTRY.missions[owner]), f"{step} declared twice"


def test_the_config_registries_are_read_from_the_part_classes():
    for key, spec in MISSIONS.items():
        cls = REGISTRY.missions[key]
        assert (spec.title, spec.players, spec.required, spec.optional, spec.level) == \
            (cls.title, cls.players, cls.required, cls.optional, cls.level)
    assert list(MODULES) == sorted(REGISTRY.modules, key=lambda k: REGISTRY.modules[k].listing)


def test_a_state_is_plain_data_copied_without_rebinding():
    """The State refers to its Game (shared) and holds data: a copy shares the
    Game and copies every slice; no slice refers back to a state."""
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.state import LittleSoldiersState, new_game

    s = new_game(Config(mission="king_of_the_hill", players=3, modules=("super_soldier", "advanced_tactics")), 2)
    c = s.clone()
    assert c.rules is s.rules
    for a, b in zip(s.slices, c.slices, strict=True):
        assert a is None or a is not b
        for value in vars(a).values() if a is not None else ():
            assert not isinstance(value, LittleSoldiersState)
    assert not hasattr(type(s), "__getattr__")
