"""The app's commands: play without a display explains itself; render writes a PNG and exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOYBOX_HOME=str(tmp_path))
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return env


def test_play_without_a_display_says_how_to_run_headless(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "app.shell.cli", "play", "toy-battle"], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1  # nothing was played: a failure, explained
    assert "needs a display" in proc.stderr and "toybox render toy-battle" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_play_refuses_a_bad_seat_in_one_sentence(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "app.shell.cli", "play", "little-battle", "--seats", "pink=human"],
                          cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no seat 'pink'" in proc.stderr and "Traceback" not in proc.stderr


def test_render_writes_a_png_and_exits_zero(tmp_path):
    out = tmp_path / "lb.png"
    proc = subprocess.run([sys.executable, "-m", "app.shell.cli", "render", "little-battle", "--players", "3",
                           "--moves", "5", "--size", "640x360", "--out", str(out)],
                          cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 5_000


def test_start_screen_starts_a_game_and_menu_returns(probe, tmp_path):
    facts = probe("start_screen", str(tmp_path / "start.png"))
    assert facts["screens"] == ["StartScreen", "GameScreen", "StartScreen"]
    assert facts["game"] == "little-battle"
    assert facts["colours"] > 5
    assert len(facts["listed"]) >= 3  # two saves and the autosave, then Cancel
    assert facts["listed"][-1] == "Cancel"
    # the older save, picked from the list, named as the Load list names it (issue 27: not its file)
    assert facts["loaded"] == "Loaded the saved Little Battle 3 players game." and ".json" not in facts["loaded"]
