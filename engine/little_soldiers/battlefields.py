"""Loading battlefields for games: by path, relative to the project root.

Battlefields are immutable and their derived geometry (meshes, the Embree
scene, visibility graphs) is cached on them, so a few are kept loaded: a
run of 200 simulated games builds the geometry once, not 200 times.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.core.files import config_path, load_json
from engine.geometry.battlefield import Battlefield, BattlefieldError


def resolve(path: str) -> Path:
    """Relative paths resolve against the project root, as for every game."""
    return config_path(path)


@lru_cache(maxsize=8)
def _load(path: str) -> Battlefield:
    # Read through the one boundary for outside data: regular files only,
    # size and depth limits, a sentence naming the file for any refusal.
    return Battlefield.from_dict(load_json(path, "battlefield"))


def load_battlefield(path: str) -> Battlefield:
    """The battlefield file at ``path``; refused with one sentence saying why."""
    full = resolve(path)
    try:
        return _load(str(full))
    except BattlefieldError as err:
        raise ValueError(f"{path}: {err}") from None
