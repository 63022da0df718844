"""The Mission Report: which Threats the players beat, per mode and player
count, kept in the user's profile like the book's tables ("put a X next to
the Threats you managed to beat").

The profile is ``profile.json`` in the user folder (``$TOYBOX_HOME``, else
``$XDG_DATA_HOME/toybox`` or ``~/.local/share/toybox``, the app's
convention). It is read leniently (a missing or broken file is an empty
profile) and written atomically, so a crash never leaves half a profile.
The app calls ``record_mission`` when a co-op game ends.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TYPE_CHECKING

from engine.core.record import write_atomic
from engine.core.userdir import user_dir
from engine.little_soldiers import mission_data as M

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

PROFILE_FILE = "profile.json"
REPORT_KEY = "little_soldiers_mission_report"
TABLES = {M.A_NEW_THREAT: "Pinky, Howdy, Bob", M.ANOTHER_NEW_THREAT: "Octocutie"}
MODES = ("easy", "super_soldiers")


def profile_path() -> Path:
    return user_dir() / PROFILE_FILE


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def mission_report(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """``{mission: {mode: {"1".."4": {"beaten": [...], "won": bool}}}}``."""
    report = _read(Path(path) if path else profile_path()).get(REPORT_KEY)
    return report if isinstance(report, dict) else {}


def game_entry(state: "LittleSoldiersState") -> tuple[str, str, str, list[str], bool]:
    """(mission, mode, players, Threats beaten, won) of a finished co-op game."""
    if state.mission not in M.COOP_MISSIONS:
        raise ValueError("Only A New Threat and Another New Threat have a Mission Report.")
    if not state.is_over():
        raise ValueError("The Mission Report is filled in once the game is over.")
    mode = MODES[1] if state.config.has("super_soldier") else MODES[0]
    beaten = sorted(t.id for t in state.threats.values() if t.broken)
    return state.mission, mode, str(state.config.players), beaten, bool(state.result().winners)


def record_mission(state: "LittleSoldiersState", path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Add a finished co-op game to the profile's Mission Report; the
    Threats beaten add up over games (an X stays once it is there)."""
    target = Path(path) if path else profile_path()
    mission, mode, players, beaten, won = game_entry(state)
    profile = _read(target)
    report = profile.get(REPORT_KEY) if isinstance(profile.get(REPORT_KEY), dict) else {}
    cell = report.setdefault(mission, {}).setdefault(mode, {}).setdefault(players, {"beaten": [], "won": False})
    cell["beaten"] = sorted(set(cell.get("beaten", [])) | set(beaten))
    cell["won"] = bool(cell.get("won")) or won
    profile[REPORT_KEY] = report
    write_atomic(target, json.dumps(profile, indent=1, sort_keys=True) + "\n")
    return report


def high_general(report: dict[str, Any]) -> bool:
    """"If you manage to fill out both of these": every cell of both tables won."""
    return all(report.get(m, {}).get(mode, {}).get(str(n), {}).get("won")
               for m in TABLES for mode in MODES for n in range(1, 5))
