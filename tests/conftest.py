"""Shared test helpers: make the repository root importable for subprocess tests."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Long fuzzers run only when asked for (``pytest -m fuzz``)."""
    if "fuzz" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="long fuzzer: run with pytest -m fuzz")
    for item in items:
        if item.get_closest_marker("fuzz"):
            item.add_marker(skip)
