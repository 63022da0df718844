"""Loading battlefields for games: by path, relative to the repository root.

Battlefields are immutable and their derived geometry (meshes, the Embree
scene, visibility graphs) is cached on them, so a few are kept loaded: a
run of 200 simulated games builds the geometry once, not 200 times.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from engine.geometry.battlefield import REPO_ROOT, Battlefield, BattlefieldError
from engine.little_soldiers.table import vocabulary


def resolve(path: str) -> Path:
    p = Path(path)
    return p if p.is_absolute() else REPO_ROOT / p


@lru_cache(maxsize=8)
def _load(path: str) -> Battlefield:
    return vocabulary.load(path)


def load_battlefield(path: str) -> Battlefield:
    """The battlefield file at ``path``; refused with one sentence saying why."""
    full = resolve(path)
    if not full.is_file():
        raise ValueError(f"no battlefield file at {path!r}")
    try:
        return _load(str(full))
    except BattlefieldError as err:
        raise ValueError(str(err.in_file(path))) from None
