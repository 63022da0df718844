"""Found by playing with a mouse: windows and screens that did not fit.

The start screen showed 4 of the 10 battlefields (the Mission button covered
the 4th), and windows opened taller than a 1280x720 screen, their top cut off.
"""

from __future__ import annotations

import pytest

from app.shell.window import SCREEN_MARGIN, fit_to_screen


def overlaps(a: list[float], b: list[float], slack: float = 0.002) -> bool:
    return a[0] < b[2] - slack and b[0] < a[2] - slack and a[1] < b[3] - slack and b[1] < a[3] - slack


def test_windows_fit_the_screen():
    assert fit_to_screen((1280, 720), None) == (1280, 720)
    assert fit_to_screen((1280, 720), (1920, 1080)) == (1280, 720)
    w, h = fit_to_screen((1440, 900), (1280, 720))
    assert w <= 1280 - SCREEN_MARGIN[0] and h <= 720 - SCREEN_MARGIN[1]
    assert abs(w / h - 1440 / 900) < 0.01
    w, h = fit_to_screen((1280, 720), (1280, 720))
    assert h <= 720 - SCREEN_MARGIN[1]


@pytest.mark.parametrize("size", ["1024x640", "1280x720", "2560x1440"])
def test_start_screens_offer_every_level_and_nothing_overlaps(probe, size):
    """Each start screen, the level editor's tab too (live3), at the layout test's window sizes."""
    facts = probe("start_screen_layout", size)
    left, bottom, right, top = facts["edges"]
    for name, screen in facts["screens"].items():
        rects = screen["rects"]
        texts = [r["text"] for r in rects]
        for level, label in zip(
            screen["levels"], screen.get("labels") or [n.replace("-", " ") for n in screen["levels"]], strict=True
        ):
            assert label in texts, f"{name}: no button for {level} ({label!r})"
        for i, a in enumerate(rects):
            box = a["box"]
            assert left <= box[0] and box[2] <= right and bottom <= box[1] and box[3] <= top, (name, a)
            for b in rects[i + 1 :]:
                assert not overlaps(box, b["box"]), f"{name}: {a['text']!r} overlaps {b['text']!r}"
    assert facts["screens"]["little-soldiers"]["effective"] == "bootcamp"
    assert facts["screens"]["ls-mission-2v2"]["effective"] == "king-of-the-hill"
    assert "King of the Hill" in [r["text"] for r in facts["screens"]["ls-mission-2v2"]["rects"]]
    assert "Open in the editor" in [r["text"] for r in facts["screens"]["editor"]["rects"]]


def test_every_start_screen_level_starts_a_game():
    """Every level button's value is one the engine loads ('bootcamp' alone was refused)."""
    from app.shell.start_screen import level_choices, level_value
    from engine.core.games import get_game

    for game in ("little-soldiers", "toy-battle"):
        info = get_game(game)
        key = "level" if game == "little-soldiers" else "terrain"
        for name in level_choices(game):  # mission battlefields are left to the mission row
            state = info.new_game(info.config_from_dict({key: level_value(game, name)}), 1)
            assert not state.is_over(), name
    assert "a-new-threat" not in level_choices("little-soldiers")


def test_the_los_panel_rounds_a_dragged_figurines_place():
    """A dragged figurine printed '(79.5395, 17.7705)', running past the panel."""
    from app.editor.los_session import LosSession

    s = LosSession.open("levels/little_soldiers/levels.json")
    s.place("target", 79.5395, 17.7705)
    assert "(79.5, 17.8)" in s.where("target") and "79.5395" not in s.report()


def _inside(box: list[float], outer: list[float], slack: float = 0.002) -> bool:
    return outer[0] - slack <= box[0] and box[2] <= outer[2] + slack and outer[1] - slack <= box[1] and box[3] <= outer[3] + slack


@pytest.mark.parametrize("size", ["1024x640", "900x700", "2560x1440"])
def test_game_screens_fit_every_window_size(probe, size):
    """Issue 12, layout: each game mid-play with a long message, and Little
    Battle's 5-player end screen and Toy Battle's longest end reason: every text and button inside the window, none
    over another, none under the event log panel (it covered the turn line)."""
    facts = probe("hud_layout", size, timeout=300)
    edges = facts["edges"]
    window_box = [edges[0], edges[1], edges[2], edges[3]]
    screens = facts["screens"]
    for name, rects in screens.items():
        if name.endswith("-log-panel"):
            continue
        panel = screens[name.rsplit("-", 1)[0] + "-log-panel"]
        for i, a in enumerate(rects):
            assert _inside(a["box"], window_box), (size, name, a)
            if not _inside(a["box"], panel):
                assert not overlaps(a["box"], panel), (size, name, "under the log panel", a)
            for b in rects[i + 1 :]:
                assert not overlaps(a["box"], b["box"]), (size, name, a["text"][:40], b["text"][:40])


@pytest.mark.parametrize("size", ["1280x720"])
def test_start_screen_rows_start_at_one_column(probe, size):
    """Beside its label, every row of choices (levels, modules, mission,
    players, seats, the editor's files) starts at the same left edge; the
    mission and seat rows started further right than the level rows."""
    facts = probe("start_screen_layout", size)
    for name, screen in facts["screens"].items():
        labels = [r for r in screen["rects"] if r["kind"] == "text" and r["box"][0] < -0.6]
        buttons = [r for r in screen["rects"] if r["kind"] == "button"]
        starts = set()
        for label in labels:
            mid = (label["box"][1] + label["box"][3]) / 2
            row = [b for b in buttons if b["box"][1] <= mid <= b["box"][3]]
            if row:
                starts.add(min(b["box"][0] for b in row))
        assert starts and max(starts) - min(starts) < 0.005, f"{name}: rows start at {sorted(starts)}"
