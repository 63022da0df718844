"""Fuzzers over the files a player can hand Toybox: records, terrains and
battlefields, mutated with knowledge of their structure and types.

Each case starts from a valid file and changes one to three places in its
tree: a value swapped for one of another type (``0.0`` for ``0``, ``true``
for ``1``, a string for a number, null, a huge integer, a list for an
object), a value nudged within its type, a key dropped or added, a list
emptied, shortened or given a duplicate, or a subtree copied from elsewhere
in the same file. The loader must then either accept the file or refuse it
with its own error (one sentence) — never another exception, a hang or a
traceback. A few hundred cases run in CI; ``pytest -m fuzz`` runs
``TOYBOX_FUZZ_EXAMPLES`` (default 2,500) per target, 15,000 in all.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.files import DataError, paths_from_file
from engine.core.record import RecordError, load_record, parse_record, replay
from tests.boundary.helpers import BATTLEFIELD, TERRAIN, record, zero_device

LONG = int(os.environ.get("TOYBOX_FUZZ_EXAMPLES", "2500"))
COUNTS: dict[str, int] = {}

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 7, 10**6, 2**63, 10**39, 0.0, 1.0, -0.5, 0.1, 1e300, -1e300, 5e-324,
    "", "0", "1", "x", "abc", "blue", "red", "green", "yellow", "castle-field", "zero-device", "../../etc/passwd",
    "levels/toy_battle/castle-field.json", "\u00b2", "\x00", [], [0], [0.0], [None], ["x"], [[]], {}, {"type": "x"},
]
"""``"zero-device"`` stands for the path of a private zero device (below): a
path that names a device, never the system's own /dev/zero."""


@pytest.fixture(autouse=True, scope="module")
def a_private_zero_device(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The device the odd values name, made in this module's own folder."""
    at = ODD_VALUES.index("zero-device")
    ODD_VALUES[at] = str(zero_device(tmp_path_factory.mktemp("devices")))
    yield
    ODD_VALUES[at] = "zero-device"


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + (i,))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


def _nudge(value: Any, rng: random.Random) -> Any:
    """A value of the same type, moved: off by one, negated, scaled, emptied."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, value * 1000, 0, float(value)])
    if isinstance(value, float):
        return rng.choice([value * 1e6, -value, value + 0.5, float(int(value)), int(value)])
    if isinstance(value, str):
        return rng.choice(["", value + value, value.upper(), value[:-1], " " + value])
    if isinstance(value, list):
        if not value:
            return [rng.choice(ODD_VALUES)]
        return rng.choice([[], value[:-1], value + value[-1:], list(reversed(value))])
    if isinstance(value, dict):
        if not value:
            return {"extra": 1}
        keys = list(value)
        drop = rng.choice(keys)
        return rng.choice([{k: v for k, v in value.items() if k != drop}, {**value, "unknown_field": 1}])
    return rng.choice(ODD_VALUES)


def mutate(doc: dict[str, Any], rng: random.Random, changes: int) -> dict[str, Any]:
    """``doc`` with ``changes`` structure- and type-aware changes (a new tree)."""
    doc = json.loads(json.dumps(doc))
    for _ in range(changes):
        # A top-level part first, weighted by the square root of its size, so
        # that neither the small fields nor the deep trees (actions, an
        # embedded terrain) are starved.
        groups: dict[Any, list[tuple[Any, ...]]] = {}
        for p in _paths(doc)[1:]:
            groups.setdefault(p[0], []).append(p)
        sections = list(groups)
        section = rng.choices(sections, weights=[len(groups[k]) ** 0.5 for k in sections])[0]
        path = rng.choice(groups[section])
        parent, key = _get(doc, path[:-1]), path[-1]
        op = rng.randrange(4)
        if op == 0:
            parent[key] = rng.choice(ODD_VALUES)
        elif op == 1:
            parent[key] = _nudge(parent[key], rng)
        elif op == 2:
            donor = rng.choice(_paths(doc))
            parent[key] = json.loads(json.dumps(_get(doc, donor)))
        elif isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    return doc


def _record_target(game: str) -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
    base = record(game, steps=10)

    def load(doc: dict[str, Any]) -> None:
        try:
            replay(parse_record(doc, "fuzz.json"), "fuzz.json")
        except RecordError:
            pass

    return base, load


def _terrain_target() -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
    from engine.toy_battle.terrain import Terrain, TerrainError

    def load(doc: dict[str, Any]) -> None:
        try:
            Terrain.from_dict(doc)
        except TerrainError:
            pass

    return json.loads(TERRAIN.read_text()), load


def _battlefield_target() -> tuple[dict[str, Any], Callable[[dict[str, Any]], None]]:
    from engine.little_soldiers.battlefields import embedded_battlefield
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.state import new_game

    config = Config(modules=("levels", "objects"))

    def load(doc: dict[str, Any]) -> None:
        # Through the games' battlefield boundary (as a save's battlefield_data and
        # a level file are read), then the game's own reading of it (tokens, Levels).
        try:
            with paths_from_file():
                new_game(config, 0, battlefield=embedded_battlefield(doc))
        except ValueError:  # the loader's refusal, DataError, a battlefield a game cannot be set up on
            pass

    return json.loads(BATTLEFIELD.read_text()), load


TARGETS: dict[str, Callable[[], tuple[dict[str, Any], Callable[[dict[str, Any]], None]]]] = {
    "little-battle-record": lambda: _record_target("little-battle"),
    "toy-battle-record": lambda: _record_target("toy-battle"),
    "little-soldiers-record": lambda: _record_target("little-soldiers"),
    "terrain": _terrain_target,
    "battlefield": _battlefield_target,
}

CI_EXAMPLES = {"little-battle-record": 80, "toy-battle-record": 80, "little-soldiers-record": 40,
               "terrain": 100, "battlefield": 30}
"""A few hundred cases in CI (about 330 plus the byte-level ones)."""

def _run(name: str, examples: int) -> None:
    base, load = TARGETS[name]()

    @settings(max_examples=examples, deadline=None, database=None, derandomize=examples < 1000,
              suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 2**32 - 1), changes=st.integers(1, 3))
    def case(seed: int, changes: int) -> None:
        COUNTS[name] = COUNTS.get(name, 0) + 1
        load(mutate(base, random.Random(seed), changes))

    case()


@pytest.mark.parametrize("name", list(CI_EXAMPLES))
def test_mutated_files_are_loaded_or_refused_with_a_sentence(name):
    _run(name, CI_EXAMPLES[name])


def test_mutated_bytes_of_a_record_file_are_refused_with_a_sentence(tmp_path):
    _run_bytes(tmp_path, 60)


def _run_bytes(tmp_path: Path, examples: int) -> None:
    @settings(max_examples=examples, deadline=None, database=None, derandomize=examples < 1000,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def case(data: Any) -> None:
        _bytes_case(tmp_path, data)

    case()


def _bytes_case(folder: Path, data: Any) -> None:
    COUNTS["record-bytes"] = COUNTS.get("record-bytes", 0) + 1
    raw = bytearray(json.dumps(record("little-battle", steps=10)).encode())
    op = data.draw(st.sampled_from(["truncate", "flip", "insert"]))
    at = data.draw(st.integers(0, len(raw) - 1))
    if op == "truncate":
        raw = raw[:at]
    elif op == "flip":
        raw[at] = data.draw(st.integers(0, 255))
    else:
        raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
    path = folder / "r.json"
    path.write_bytes(bytes(raw))
    try:
        replay(load_record(path), str(path))
    except DataError:
        pass


@pytest.mark.fuzz
@pytest.mark.parametrize("name", list(TARGETS))
def test_long_fuzz(name):
    _run(name, LONG)
    print(f"\nfuzz {name}: {COUNTS.get(name, 0)} cases")


@pytest.mark.fuzz
def test_long_fuzz_record_bytes(tmp_path):
    _run_bytes(tmp_path, LONG)
    print(f"\nfuzz record-bytes: {COUNTS.get('record-bytes', 0)} cases")


CONFIG_KEYS = {
    "little-battle": ["players", "chiefs", "chest_gold"],
    "toy-battle": ["terrain", "first_games", "first_player", "objective", "terrain_data"],
    "little-soldiers": ["players", "level", "modules", "squads", "overrides", "mission"],
}


def _run_options(examples: int) -> None:
    """``toybox rules GAME --option KEY=VALUE``: every value is played or refused
    with one sentence (exit 0 or 2), never a traceback."""
    from tests.boundary.helpers import cli

    value = st.one_of(st.sampled_from(ODD_VALUES), st.sampled_from([
        {"blue": 5}, {"YELLOW_CORD_LENGTH": 1e300}, {"RED_CORD_LENGTH": -1}, ["levels", "objects"],
        [["infantry", "sniper"], ["infantry"]], "a_new_threat", "battle-royale", 3, 4, 5,
    ]))

    @settings(max_examples=examples, deadline=None, database=None, derandomize=examples < 1000,
              suppress_health_check=list(HealthCheck))
    @given(game=st.sampled_from(sorted(CONFIG_KEYS)), data=st.data(), raw=st.booleans())
    def case(game: str, data: Any, raw: bool) -> None:
        COUNTS["options"] = COUNTS.get("options", 0) + 1
        key = data.draw(st.sampled_from(CONFIG_KEYS[game]))
        picked = data.draw(value)
        text = data.draw(st.text(max_size=6)) if raw else json.dumps(picked)
        run = cli("rules", game, "--option", f"{key}={text}")
        assert run.code in (0, 2), run.err
        assert "Traceback" not in run.err
        if run.code == 2:
            assert run.err.startswith("toybox: ") and run.err.count("\n") == 1, run.err

    case()


def test_command_line_config_values_are_played_or_refused_with_a_sentence():
    _run_options(60)


@pytest.mark.fuzz
def test_long_fuzz_command_line_options():
    _run_options(LONG)
    print(f"\nfuzz options: {COUNTS.get('options', 0)} cases")
