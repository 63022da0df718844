"""Shared test helpers: make the repository root importable for subprocess tests."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def private_user_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty user folder (saves, autosaves, the profile):
    tests never share files, whatever their order or xdist worker, and never
    touch the real ``~/.local/share/toybox``. A test may point it elsewhere."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TOYBOX_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def no_mount_left() -> Iterator[None]:
    """The small tmpfs folders a boundary test mounts (read-only, full disk)
    are unmounted when that test ends, never left for the next run."""
    yield
    from tests.boundary.helpers import unmount_test_mounts

    unmount_test_mounts()


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def subprocess_env() -> dict[str, str]:
    """Environment for a child Python that imports this checkout's packages."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONHASHSEED"] = "random"
    return env


@pytest.fixture
def python() -> str:
    return sys.executable


LONGEST_FILES = (
    "tests/conformance/test_games_sim.py",
    "tests/app/test_monkey.py",
    "tests/tournament/test_ray_two_nodes.py",
    "tests/little_soldiers/test_missions_playouts.py",
    "tests/tournament/test_ray_local.py",
    "tests/app/test_ui27.py",
    "tests/app/test_served_window.py",
    "tests/tournament/test_ray_matches_serial.py",
    "tests/app/test_editor_window.py",
    "tests/app/test_live_play.py",
)
"""The files that take longest on one worker (``--durations``, summed per file),
longest first. ``make test`` hands whole files to its workers in collection
order (``--dist loadfile --no-loadscope-reorder``); these go first so no long
file starts last while the other worker idles (a 27 s file that started last
made the run 24 s longer). A file not named keeps its place after them."""


OPT_IN = {
    "fuzz": "long fuzzer: run with pytest -m fuzz",
    "slow": "long seeded playouts: run with pytest -m slow",
}
"""Markers whose tests run only when asked for by ``-m``, so ``make test`` (CI) stays short."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long fuzzers and playouts run only when their marker is named in ``-m``;
    the longest files go first (``LONGEST_FILES``), each file's tests in order."""
    first = {name: rank for rank, name in enumerate(LONGEST_FILES)}
    items.sort(key=lambda item: first.get(item.nodeid.split("::", 1)[0], len(first)))
    asked = config.getoption("markexpr") or ""
    for marker, reason in OPT_IN.items():
        if marker in asked:
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker(marker):
                item.add_marker(skip)
