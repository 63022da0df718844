"""The Mission Report: which Threats the players beat, per mode and player
count, kept in the user's profile like the book's tables ("put a X next to
the Threats you managed to beat").

The profile is ``profile.json`` in the user folder (``$TOYBOX_HOME``, else
``$XDG_DATA_HOME/toybox`` or ``~/.local/share/toybox``, the app's
convention). Reading is lenient (a missing or broken file reads as an empty
report), but a broken file is never overwritten: before a game is added to
it, it is renamed aside (``profile.json.broken-DATE``), the readable entries
are carried over and a note says what was (or that nothing was readable). Writes are atomic, so a crash never
leaves half a profile. The app calls ``record_mission`` when a co-op game ends.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.files import DataError, load_json, set_aside, write_atomic
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
    return _load(path)[0]


def _load(path: Path) -> tuple[dict[str, Any], str | None]:
    """The profile and, when the file is broken, what is wrong with it (the
    readable Mission Report entries are kept in the profile returned)."""
    if not path.exists():
        return {}, None
    try:
        data = load_json(path, "profile")
    except DataError as err:
        return {}, str(err).removeprefix(f"{path}: ")
    if not isinstance(data, dict):
        return {}, "the profile is not a JSON object"
    raw = data.get(REPORT_KEY, {})
    report, dropped = _clean_report(raw)
    if REPORT_KEY in data:
        data[REPORT_KEY] = report
    return data, (f"{dropped} Mission Report entries are unreadable" if dropped else None)


def _clean_report(raw: Any) -> tuple[dict[str, Any], int]:
    """The well-formed cells of a Mission Report, and how many entries were not."""
    if not isinstance(raw, dict):
        return {}, 1
    out: dict[str, Any] = {}
    dropped = 0
    for mission, modes in raw.items():
        if not isinstance(modes, dict):
            dropped += 1
            continue
        for mode, cells in modes.items():
            if not isinstance(cells, dict):
                dropped += 1
                continue
            for players, cell in cells.items():
                beaten = cell.get("beaten") if isinstance(cell, dict) else None
                won = cell.get("won", False) if isinstance(cell, dict) else None
                if not (isinstance(beaten, list) and all(isinstance(b, str) for b in beaten) and isinstance(won, bool)):
                    dropped += 1
                    continue
                out.setdefault(mission, {}).setdefault(mode, {})[players] = {"beaten": list(beaten), "won": won}
    return out, dropped


def mission_report(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """``{mission: {mode: {"1".."4": {"beaten": [...], "won": bool}}}}``."""
    report = _read(Path(path) if path else profile_path()).get(REPORT_KEY)
    return report if isinstance(report, dict) else {}


def game_entry(state: LittleSoldiersState) -> tuple[str, str, str, list[str], bool]:
    """(mission, mode, players, Threats beaten, won) of a finished co-op game."""
    if state.mission not in TABLES:
        raise ValueError("Only A New Threat and Another New Threat have a Mission Report.")
    if not state.is_over():
        raise ValueError("The Mission Report is filled in once the game is over.")
    mode = MODES[1] if state.rules.lightning else MODES[0]  # Super Soldiers: lightning counts
    beaten = sorted(t.id for t in state.targets.values() if not t.in_play)
    result = state.result()
    return state.mission, mode, str(state.config.players), beaten, bool(result is not None and result.winners)


def record_mission(state: LittleSoldiersState, path: str | os.PathLike[str] | None = None,
                   notes: list[str] | None = None) -> dict[str, Any]:
    """Add a finished co-op game to the profile's Mission Report; the
    Threats beaten add up over games (an X stays once it is there). A broken
    profile is renamed aside first, never overwritten; ``notes`` gets a
    sentence saying so."""
    target = Path(path) if path else profile_path()
    mission, mode, players, beaten, won = game_entry(state)
    profile, problem = _load(target)
    if problem is not None:
        aside = set_aside(target, problem)
        note = f"{target}: {problem}; it is kept as {aside.name} and {_carried(profile)}."
        if notes is not None:
            notes.append(note)
        else:
            warnings.warn(note, stacklevel=2)
    found = profile.get(REPORT_KEY)
    report: dict[str, Any] = found if isinstance(found, dict) else {}
    cell = report.setdefault(mission, {}).setdefault(mode, {}).setdefault(players, {"beaten": [], "won": False})
    cell["beaten"] = sorted(set(cell.get("beaten", [])) | set(beaten))
    cell["won"] = bool(cell.get("won")) or won
    profile[REPORT_KEY] = report
    write_atomic(target, json.dumps(profile, indent=1, sort_keys=True) + "\n", what="profile")
    return report


def _carried(profile: dict[str, Any]) -> str:
    """What of a broken profile goes on into the new one, as the set-aside note says it."""
    found = profile.get(REPORT_KEY)
    report: dict[str, Any] = found if isinstance(found, dict) else {}
    cells = sum(len(cells) for modes in report.values() for cells in modes.values())
    others = [k for k in profile if k != REPORT_KEY]
    if not cells and not others:
        return "nothing in it was readable, so the Mission Report starts afresh with this game"
    kept = ([f"its {cells} readable Mission Report result{'s' * (cells != 1)}"] if cells else []) + \
        (["its other settings"] if others else [])
    plural = len(kept) > 1 or cells > 1 or not cells  # "its other settings were"
    return " and ".join(kept) + (" were" if plural else " was") + " carried over"


def high_general(report: dict[str, Any]) -> bool:
    """"If you manage to fill out both of these": every cell of both tables won."""
    return all(report.get(m, {}).get(mode, {}).get(str(n), {}).get("won")
               for m in TABLES for mode in MODES for n in range(1, 5))
