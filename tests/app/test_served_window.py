"""Issue 23, the window at a served table (a real server on 127.0.0.1, port 0,
and bot clients, in the probe's process): a spectator's window follows the
table and never acts; the table panel keeps off the table at the home view
and folds (Tab, or its buttons)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import MultiPoint, box

from tests.app.probe_runner import run_script

PROBE = Path(__file__).with_name("served_probe.py")
GAMES = ("little-soldiers", "toy-battle", "little-battle")


def _outline(points: dict) -> MultiPoint:
    seen = [p for p in points.values() if p is not None]
    assert len(seen) == len(points), f"part of the table is off the window: {points}"
    return MultiPoint(seen).convex_hull


@pytest.mark.parametrize("size", ["1024x640", "1920x1080"])
def test_the_table_panel_keeps_off_the_table_at_home_and_folds(tmp_path, size):
    """The panel covered a corner of the Little Soldiers battlefield and could
    not be folded. At the home view no part of the table's outline (play zone,
    Battle Track, HQ cards; the Toy Battle board; the Little Battle Ships and
    piles) lies under it, open or folded; Tab folds it to a small tab and the
    home view takes the room it left; the tab's button and the panel's Fold
    button open and fold it; a camera the player moved is not taken home."""
    f = run_script(PROBE, "served_layout", tmp_path, size, timeout=300)
    w, h = f["size"]
    for game in GAMES:
        g = f[game]
        for state in ("open", "folded", "reopened"):
            x0, y0, x1, y1 = g[state]["panel"]
            # open: the panel and the room under it, to the window's bottom (it grows down); folded: its tab
            panel = box(x0, y0, x1, h if state != "folded" else y1)
            outline = _outline(g[state]["points"])
            assert not outline.intersects(panel), (game, state, g[state])
            assert g[state]["at_home"], (game, state)
        opened, folded = g["open"]["panel"], g["folded"]["panel"]
        assert (folded[2] - folded[0]) * (folded[3] - folded[1]) < 0.25 * (opened[2] - opened[0]) * (opened[3] - opened[1])
        assert _outline(g["folded"]["points"]).area >= _outline(g["open"]["points"]).area * 0.99  # the room is taken
        assert g["reopened"] == g["open"]
        assert "Tab" in g["tab_text"] and g["fold_button"] and g["moved_camera_kept"], g
        tab = [b["box"] for b in g["ui"] if b["text"] == g["tab_text"]]
        assert len(tab) == 1, g["ui"]
        for other in g["ui"]:  # the tab stands in the HUD's button row, clear of its buttons
            if other["text"] != g["tab_text"]:
                assert not box(*tab[0]).intersects(box(*other["box"])), (game, other)
    # Little Soldiers at 1024x640 was the table the panel covered: folded, it is drawn larger
    ls = f["little-soldiers"]
    assert _outline(ls["folded"]["points"]).area > 1.2 * _outline(ls["open"]["points"]).area


# A whole watched game at the window's pace is 8-24 s of CPU: make test watches Little Soldiers
# (dice, throws, hidden HQ cards); the other two games' windows run with -m slow (make test-all).
# Their spectators' pictures are checked headless in tests/net (the secrecy tests) for every game.
SPECTATED = [pytest.param(g, marks=() if g == "little-soldiers" else pytest.mark.slow) for g in GAMES]


@pytest.mark.parametrize("game", SPECTATED)
def test_a_spectator_s_window_follows_the_table_and_never_acts(tmp_path, game):
    """``toybox join URL SPECTATOR_CODE`` (and the start screen's Join a table)
    opened no window: now it shows the public view (what no seat's secret is),
    follows every update one at a time with each action animated as for a
    seat, to the end; it offers no action, no Undo, no chat, and an action
    is refused by the window, and by the server when sent anyway."""
    png = tmp_path / "spectator.png"
    f = run_script(PROBE, "spectator_window", tmp_path, game, str(png), timeout=600)
    assert f["spectating"] and f["viewer"] == f["spectator"] and f["seats_shown"] == [f["spectator"]]
    assert f["pictures_match"]  # every frame drew the picture the server sent a spectator
    assert f["over"] and f["server_over"] and f["actions_seen"] == f["server_actions"] > 20
    steps = [b - a for a, b in zip(f["shown"], f["shown"][1:], strict=False)]
    assert sum(1 for d in steps if d == 1) > 0.8 * len(steps)  # one action at a time...
    assert f["animating_frames"] > 3  # ...and shown moving
    # no Undo, no choice ("Hide" folds the Events panel: a way of looking, as Fold is)
    assert set(f["buttons"]) <= {"Menu", "Fold", "Hide", "Table (Tab)", "Leave the table"}, f["buttons"]
    assert "Watching" in f["statuses"]
    assert f["legal_here"] == 0 and f["play"] is False and "spectator cannot act" in f["play_message"]
    assert f["undo"] is False and "spectator cannot act" in f["undo_message"]
    assert f["chat_field"] is False
    assert "cannot act" in f["server_refusal"]
    assert png.stat().st_size > 20_000


def test_join_a_table_never_freezes_the_start_screen(tmp_path) -> None:
    """"Join a table" waited for the server's welcome on the frame thread: the
    start screen froze until the address answered or timed out (12 s).
    Now the call returns at once, the frames go on while it joins, and the
    screen says it is joining, then why it could not."""
    f = run_script(PROBE, "join_that_never_answers", tmp_path, timeout=120)
    assert f["join_call_s"] < 3.0, f  # the join waits 4 s for an answer: it blocked that long
    assert "Joining the table at ws://127.0.0.1:" in f["joining_message"]
    assert f["frames"] > 10 and f["median_frame_s"] < 0.25, f  # frames all the while (a loaded machine's pace)
    assert not f["still_joining"] and f["final_message"].startswith("Cannot join: "), f
