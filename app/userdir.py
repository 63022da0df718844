"""Where the app keeps a player's saves and autosaves (in the user folder
of ``engine.core.userdir``, which the engine's profile shares).

Autosaves are kept per game and battlefield (or mission, or terrain) in a
few rotating slots: a new game takes the oldest slot, and writes it after
every action, so a Bootcamp game no longer overwrites the mission played
before it. Each save has a small sidecar (``NAME.meta.json``) with what the
Load list shows: its name, battlefield, round and players.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from engine.core.record import write_atomic
from engine.core.userdir import user_dir

__all__ = ["user_dir", "autosave_path", "autosaves", "latest_autosave", "new_save_path", "saves", "where_key",
           "write_meta", "read_meta", "save_label", "AUTOSAVE_SLOTS", "levels", "level_path"]

AUTOSAVE_SLOTS = 3
"""Autosave slots per game and battlefield (chosen): the last three games can be resumed."""

META_SUFFIX = ".meta.json"


def where_key(game: str, config: dict[str, Any] | None) -> str:
    """A file-name-safe name for where a game is played: its mission, else
    its battlefield or terrain file's stem, else 'default'. The config is the
    game's own reading of it, defaults filled in (Bootcamp's autosave was
    named 'default': the start screen's config names no battlefield)."""
    config = _full_config(game, config or {})
    where = config.get("mission") or config.get("level") or config.get("terrain") or "default"
    if game == "little-battle":
        where = f"{config.get('players', 4)}-players"
    stem = Path(str(where)).stem
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-") or "default"


def _full_config(game: str, config: dict[str, Any]) -> dict[str, Any]:
    from engine.core.games import get_game

    try:
        return {**get_game(game).config_from_dict(dict(config)).to_dict(), **config}
    except Exception:  # noqa: BLE001 - a config the game refuses is named as it was given (the game says why elsewhere)
        return config


def autosave_path(game: str, config: dict[str, Any] | None = None, keep: Path | None = None,
                  folder: Path | None = None) -> Path:
    """The slot a new game autosaves to: a free one, else the oldest of
    :data:`AUTOSAVE_SLOTS` for this game and battlefield, in ``folder`` (the
    user folder's autosave/); never ``keep`` (the finished game "Play again"
    leaves, which is the one to resume)."""
    folder = folder or user_dir() / "autosave"
    key = where_key(game, config)
    slots = [folder / f"{game}-{key}-{n}.json" for n in range(1, AUTOSAVE_SLOTS + 1)]
    slots = [p for p in slots if p != keep] or slots
    free = [p for p in slots if not p.exists()]
    if free:
        return free[0]
    return min(slots, key=_mtime)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _records(folder: Path, game: str | None) -> list[Path]:
    if not folder.is_dir():
        return []
    pattern = f"{game}-*.json" if game else "*.json"
    found = [p for p in folder.glob(pattern) if not p.name.endswith(META_SUFFIX) and not p.name.startswith(".")]
    return sorted(found, key=_mtime, reverse=True)


def autosaves(game: str | None = None) -> list[Path]:
    """Autosaves, newest first (every battlefield and slot)."""
    return _records(user_dir() / "autosave", game)


def latest_autosave(game: str | None = None) -> Path | None:
    found = autosaves(game)
    return found[0] if found else None


def new_save_path(game: str, name: str | None = None) -> Path:
    """A new file for a save named ``name`` (or the time), never overwriting one."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:40] if name else ""
    stem = stem or time.strftime("%Y%m%d-%H%M%S")
    folder = user_dir() / "saves"
    path = folder / f"{game}-{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{game}-{stem}-{n}.json"
    return path


def saves(game: str | None = None) -> list[Path]:
    """Saved records, newest first."""
    return _records(user_dir() / "saves", game)


def meta_path(path: Path) -> Path:
    return path.with_name(path.stem + META_SUFFIX)


def write_meta(path: Path, meta: dict[str, Any]) -> None:
    """The sidecar the Load list reads (atomic; an OSError is the caller's)."""
    write_atomic(meta_path(path), json.dumps(meta) + "\n", what="save's summary")


def save_label(path: Path) -> str:
    """A save as the window names it: the name it was saved under, else "the autosave",
    else its game and battlefield ("Loaded little-soldiers-my-test-save.json." showed a file)."""
    meta = read_meta(Path(path))
    name = meta.get("name") if isinstance(meta.get("name"), str) else ""
    if name and name != "Autosave":
        return f"'{name}'"
    if name == "Autosave" or Path(path) in autosaves():
        return "the autosave"
    where = " ".join(str(meta[k]) for k in ("game", "where") if meta.get(k))
    return f"the saved {where} game" if where else "the saved game"


def read_meta(path: Path) -> dict[str, Any]:
    """The sidecar of a save, or {} when it has none or it is unreadable."""
    try:
        data = json.loads(meta_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


LEVELS_FOLDER = "levels"
"""The player's own battlefields and terrains, under the user folder."""


def level_path(name: str, kind: str = "battlefield") -> Path:
    """Where a level the player names ``name`` is saved in the user folder
    (its own name, made file-safe; an existing one of that name is replaced
    only when the player names it again)."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:40]
    if not stem:
        raise ValueError("Type a name for the level first.")
    return user_dir() / LEVELS_FOLDER / kind / f"{stem}.json"


def levels(kind: str = "battlefield") -> list[Path]:
    """The player's saved levels of ``kind``, by name."""
    folder = user_dir() / LEVELS_FOLDER / kind
    return sorted(folder.glob("*.json"), key=lambda p: p.stem) if folder.is_dir() else []
