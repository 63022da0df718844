"""Where Toybox keeps a player's files (saves, autosaves, the profile).

One rule for the engine and the app: ``$TOYBOX_HOME`` wins (tests point it at
a temporary folder); otherwise the XDG data folder, ``~/.local/share/toybox``.
"""

from __future__ import annotations

import os
from pathlib import Path


def user_dir() -> Path:
    env = os.environ.get("TOYBOX_HOME")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "toybox"
