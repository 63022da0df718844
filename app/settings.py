"""The player's window settings, kept between games and sessions.

A small JSON file in the user folder (``settings.json``): the animation
speed (F2), sound on or off (M), whether the camera follows the play (C)
and whether the Events panel is folded. They were the screen's own, so the
speed went back to normal after a Resume. A setting that cannot be written
(a read-only folder) lives on for the session; a file that cannot be read
gives the defaults.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.core.userdir import user_dir

FILE = "settings.json"


@dataclass
class Settings:
    speed: int = 1
    """Index in app.game_screen.SPEEDS (1: normal)."""
    muted: bool = False
    follow: bool = True
    """The camera frames each action of another seat, then returns."""
    events_folded: bool = False


_current: Settings | None = None
_folder: Any = None
"""The user folder ``_current`` was read from."""


def load() -> Settings:
    """The settings (read once a session and user folder, then kept). Kept
    per folder: a process that plays in one user folder then another (the
    tests' probe process) carried one folder's speed, 'instant', into the next,
    and its hand-over screen covered the action being shown."""
    global _current, _folder
    folder = user_dir()
    if _current is None or folder != _folder:
        _current, _folder = _read(), folder
    return _current


def _read() -> Settings:
    try:
        data = json.loads((user_dir() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    out = Settings()
    for f in fields(Settings):
        value = data.get(f.name)
        if isinstance(value, type(getattr(out, f.name))) and not (isinstance(value, bool) and f.type == "int"):
            setattr(out, f.name, value)
    return out


def change(**values: Any) -> Settings:
    """Set and keep some settings; the write failing leaves them set for this session."""
    from engine.core.files import write_atomic

    current = load()
    for name, value in values.items():
        if not hasattr(current, name):
            raise AttributeError(f"no setting {name!r}")
        setattr(current, name, value)
    try:
        write_atomic(user_dir() / FILE, json.dumps(asdict(current)) + "\n")
    except OSError:
        pass  # a read-only or full user folder: kept for this session only
    return current


def forget() -> None:
    """Read the file again next time (tests that change $TOYBOX_HOME)."""
    global _current, _folder
    _current = _folder = None


__all__ = ["Settings", "change", "forget", "load"]
