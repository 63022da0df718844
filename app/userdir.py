"""Where the app keeps a player's saves and autosaves (in the user folder
of ``engine.core.userdir``, which the engine's profile shares)."""

from __future__ import annotations

import time
from pathlib import Path

from engine.core.userdir import user_dir

__all__ = ["user_dir", "autosave_path", "new_save_path", "saves"]


def autosave_path(game: str) -> Path:
    """One autosave per game, overwritten (atomically) after every action."""
    return user_dir() / "autosave" / f"{game}.json"


def new_save_path(game: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = user_dir() / "saves" / f"{game}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = user_dir() / "saves" / f"{game}-{stamp}-{n}.json"
    return path


def saves(game: str | None = None) -> list[Path]:
    """Saved records, newest first."""
    folder = user_dir() / "saves"
    if not folder.is_dir():
        return []
    pattern = f"{game}-*.json" if game else "*.json"
    return sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
