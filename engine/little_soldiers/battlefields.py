"""Loading battlefields for games: by path, relative to the project root.

Battlefields are immutable and their derived geometry (meshes, the Embree
scene, visibility graphs) is cached on them, so a few are kept loaded: a
run of 200 simulated games builds the geometry once, not 200 times.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from shapely.errors import ShapelyError

from engine.core.files import config_path
from engine.geometry.battlefield import Battlefield, BattlefieldError, check_counts
from engine.little_soldiers.table import vocabulary

GEOMETRY_ERRORS = (BattlefieldError, ShapelyError)
"""What building a battlefield from outside data may raise: the loader's own
refusal, or GEOS failing on degenerate values (a radius of 5e-324) that the
loader's checks let through; both become one sentence naming the file."""


def resolve(path: str) -> Path:
    """Relative paths resolve against the project root, as for every game."""
    return config_path(path, "level")


@lru_cache(maxsize=8)
def _load(path: str, stamp: tuple[int, int, int] | None) -> Battlefield:
    """The file at ``path`` as it was at ``stamp`` (inode, size, mtime): a file
    saved again (the editor writes a new file over it) is read again; the same
    file is read once (its geometry is built once)."""
    # Read through the one boundary for outside data (Battlefield.load uses
    # engine.core.files): regular files only, size and depth limits, a
    # sentence naming the file for any refusal; checked against the game's
    # vocabulary of Levels and Objects.
    return vocabulary.load(path)


def _stamp(full: Path) -> tuple[int, int, int] | None:
    """What changes when the file is saved again; None where it cannot be read
    (the boundary then says why, naming it)."""
    try:
        st = full.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def load_battlefield(path: str) -> Battlefield:
    """The battlefield file at ``path`` as it is now; refused with one sentence saying why."""
    full = resolve(path)
    try:
        return _load(str(full), _stamp(full))
    except BattlefieldError as err:
        if not err.where:
            raise ValueError(str(err)) from None  # the file as a whole, named by the boundary
        raise ValueError(str(err.in_file(path))) from None
    except ShapelyError as err:
        raise ValueError(f"{path}: {refusal(err)}") from None


_EMBEDDED: dict[str, Battlefield] = {}


def embedded_battlefield(data: Mapping[str, Any]) -> Battlefield:
    """A battlefield a saved game carries, built once per content (keyed by its
    hash, so a run of games from one save builds the geometry once)."""
    try:
        check_counts(data)  # before hashing a file's worth of JSON
    except BattlefieldError as err:
        raise ValueError(f"battlefield_data: {refusal(err)}") from None
    key = hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()
    if key not in _EMBEDDED:
        try:
            bf = vocabulary.from_dict(dict(data))
        except GEOMETRY_ERRORS as err:
            raise ValueError(f"battlefield_data: {refusal(err)}") from None
        if len(_EMBEDDED) >= 8:
            _EMBEDDED.pop(next(iter(_EMBEDDED)))
        _EMBEDDED[key] = bf
    return _EMBEDDED[key]


def refusal(err: Exception) -> str:
    """The sentence for a battlefield that cannot be built (after the file name)."""
    if isinstance(err, BattlefieldError):
        return str(err)
    return f"the scenery's geometry cannot be built from these values ({err})"
