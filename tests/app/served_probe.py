"""Scenarios of a served table's window, run one per process by the app tests
(``python served_probe.py SCENARIO OUT.json [ARGS]``): a real table server on
127.0.0.1 (a free port) on a thread of its own, bot clients at the other
seats, and the window's game screen drawn offscreen."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.app.probe import ui_rects
from tests.app.probe_runner import main

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


CONFIGS = {"little-soldiers": {"players": 2}, "toy-battle": {}, "little-battle": {"players": 5}}
"""The served games (Little Battle at 5 players: its Ships spread widest)."""


def table_points(view: Any, game: str) -> dict[str, tuple[float, float, float]]:
    """Engine points that outline the table a player must see at the home
    view: the play zone, the Battle Track and both HQs (Little Soldiers), the
    board (Toy Battle), every Ship and both piles (Little Battle)."""
    pts: dict[str, tuple[float, float, float]] = {}
    v = view.controller.view_dict()
    if game == "little-soldiers":
        from app.games.little_soldiers.hq_cards import CARD_D, CARD_W, hq_row

        minx, miny, maxx, maxy = view.bounds
        for x in (minx, maxx):
            for y in (miny, maxy):
                pts[f"zone {x:g},{y:g}"] = (x, y, 0.0)
        n = view.controller.view().chosen.flag_steps_to_victory
        for step in (-n, n):
            x, y, _ = view.track_point(step)
            pts[f"track {step}"] = (x, y, 0.0)
        for g in v["generals"]:
            for slot in (0, len(g["soldiers"])):
                cx, cy, _ = view.card_point(hq_row(g["team"]), slot)
                for dx in (-CARD_W / 2, CARD_W / 2):
                    for dy in (-CARD_D / 2, CARD_D / 2):
                        pts[f"card {g['team']} {slot} {dx:g},{dy:g}"] = (cx + dx, cy + dy, 0.0)
    elif game == "toy-battle":
        (cx, cy), (w, d) = view.center, view.extent
        for sx in (-1, 1):
            for sy in (-1, 1):
                pts[f"board {sx},{sy}"] = (cx + sx * w / 2, cy + sy * d / 2, 0.0)
    else:
        from app.games.little_battle.view import ship_position

        n = v["players"]
        for rel in range(n):
            x, y, _ = ship_position(rel, n)
            pts[f"ship {rel}"] = (x, y, 0.0)
        for p in (0, 1):
            pts[f"pile {p}"] = tuple(view.pile_highlight_point(p))
    return pts


def ui_box_px(app: Any, entity: Any) -> list[float]:
    """An entity's box on camera.ui (origin at its centre or top left, as
    drawn) in pixels: left, top, right, bottom (rows from the top)."""
    from ursina import camera
    from ursina import window as uwindow

    w, h = app.win.getXSize(), app.win.getYSize()
    p = entity.get_position(camera.ui)
    sx, sy = entity.get_scale(camera.ui)[0], entity.get_scale(camera.ui)[1]
    ox, oy = entity.origin[0], entity.origin[1]
    left, top = p[0] - (ox + 0.5) * sx, p[1] - (oy - 0.5) * sy
    aspect = uwindow.aspect_ratio

    def px(x: float, y: float) -> tuple[float, float]:
        return ((x + aspect / 2) / aspect * w, (0.5 - y) * h)

    (x0, y0), (x1, y1) = px(left, top), px(left + sx, top - sy)
    return [x0, y0, x1, y1]


def _find(root: Any, name: str) -> Any:
    for e in _walk(root):
        if getattr(e, "name", "") == name and e.enabled and not e.has_disabled_ancestor():
            return e
    return None


def _walk(e: Any) -> Any:
    for child in getattr(e, "children", []):
        yield child
        yield from _walk(child)


def _layout(app: Any, screen: Any, game: str, shot: str = "") -> dict[str, Any]:
    from app.shell import window

    window.step(app, 2)
    if shot:
        window.screenshot(app, shot)
    panel = screen.table_panel
    back = _find(panel.root, "table-panel-back") or _find(panel.root, "table-panel-tab")
    return {"panel": ui_box_px(app, back),
            "points": {k: window.project(app, p) for k, p in table_points(screen.view, game).items()},
            "at_home": screen.view.table.at_home()}


@scenario
def served_layout(size: str, shots: str = "") -> dict[str, Any]:
    """Each game's window at a seat of a served table, at the home view: the
    table panel's box and where the table's outline is drawn (pixels); then
    folded by Tab (the table framed again for the room it left), opened by
    its tab's button, folded by its Fold button, and the camera moved before
    Tab (a view the player chose stays)."""
    from ursina import camera

    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.net import open_remote
    from tests.net.helpers import Background, new_table

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    out: dict[str, Any] = {"size": [w, h]}
    for game, config in CONFIGS.items():
        table = new_table(game, config, seed=4)
        bg = Background(table, [])  # nobody else acts: the picture stays as dealt
        try:
            ctl = open_remote(bg.url, table.seats[0].code, "Ann")
            screen = GameScreen(ctl)
            shot = f"{shots}/{game}-{size}" if shots else ""
            facts: dict[str, Any] = {"open": _layout(app, screen, game, shot and shot + "-open.png")}
            screen.input("tab")
            facts["folded"] = _layout(app, screen, game, shot and shot + "-folded.png")
            facts["tab_text"] = _find(screen.table_panel.root, "table-panel-tab").text
            _find(screen.table_panel.root, "table-panel-tab").on_click()
            facts["reopened"] = _layout(app, screen, game)
            _find(screen.table_panel.root, "table-panel-fold").on_click()
            facts["fold_button"] = screen.table_panel.folded
            screen.input("tab")
            screen.view.table.camera.rotation_y += 30  # the player turned the table
            moved = screen.view.table.pose()
            screen.input("tab")
            window.step(app, 1)
            facts["moved_camera_kept"] = screen.view.table.pose() == moved and screen.table_panel.folded
            facts["ui"] = [r for r in ui_rects(camera.ui) if r["kind"] == "button"]
            screen.destroy()
            window.step(app, 1)
        finally:
            bg.close()
        out[game] = facts
    return out


@scenario
def spectator_window(game: str, out_png: str) -> dict[str, Any]:
    """A spectator's window on a served table that bots play to the end: what
    it shows at every frame (the public picture, never a seat's), what it
    offers (no action, no Undo, no chat), how each update comes (one at a
    time, animated), and what any attempt to act gets (the window's refusal,
    and the server's for an action sent anyway)."""
    from ursina import camera

    from app.game_screen import SPEEDS, GameScreen
    from app.shell import window
    from app.shell.net import open_remote
    from engine.core.protocol import SPECTATOR
    from engine.net.stand_in import plain
    from tests.net.helpers import Background, new_table

    app = window.start(offscreen=True, size=(1280, 720))
    table = new_table(game, CONFIGS[game] if game != "little-battle" else {"players": 3}, seed=6)
    bg = Background(table, list(range(len(table.seats))))
    facts: dict[str, Any] = {"frames": 0, "animating_frames": 0, "shown": [], "pictures_match": True,
                             "buttons": set(), "statuses": set(), "seats_shown": set()}
    try:
        ctl = open_remote(bg.url, table.spectator_code, "Watcher")
        screen = GameScreen(ctl)
        m = ctl.match
        notes: list[dict[str, Any]] = []
        take = m.take_notes

        def spy() -> list[dict[str, Any]]:  # the panel takes the notes each frame: keep a copy
            got = take()
            notes.extend(got)
            return got

        m.take_notes = spy  # the spy stands in for the method to keep a copy
        facts["viewer"] = ctl.viewer
        facts["spectating"] = ctl.spectating
        fast = [i for i, (name, _) in enumerate(SPEEDS) if name == "fast"][0]
        screen.speed = fast
        deadline = time.monotonic() + 400
        tried = False
        while not ctl.is_over() and time.monotonic() < deadline:
            window.step(app, 1)
            facts["frames"] += 1
            facts["animating_frames"] += int(screen.animating())
            if m.shown is not None and (not facts["shown"] or facts["shown"][-1] != len(m.actions)):
                facts["shown"].append(len(m.actions))
            if m.shown is not None and plain(ctl.view_dict()) != plain(m.shown.picture):
                facts["pictures_match"] = False
            facts["seats_shown"].add(ctl.view_dict()["seat"])
            facts["statuses"].add(ctl.status().split(":")[0])
            facts["buttons"] |= {r["text"] for r in ui_rects(camera.ui) if r["kind"] == "button"}
            if not tried and len(facts["shown"]) > 6:
                tried = True
                facts["screenshot"] = str(window.screenshot(app, out_png))
                to_act = [s for s in ctl.to_act() if 0 <= s < len(table.seats)]
                legal = ctl.match.state.legal_actions(to_act[0]) if to_act else []
                if to_act and not legal:  # continuous moves (Little Soldiers): a sampled candidate of that seat's
                    import random

                    legal = ctl.match.state.view(to_act[0]).candidate_actions(1, random.Random(0))
                facts["legal_here"] = len(ctl.legal())
                facts["play"] = ctl.play(legal[0]) if legal else None
                facts["play_message"] = ctl.message
                facts["undo"] = ctl.undo()
                facts["undo_message"] = ctl.message
                screen.input("enter")  # no chat line opens for a spectator
                facts["chat_field"] = screen.table_panel.field is not None
                if legal:  # sent anyway, past the window: the server refuses it
                    m.net.send({"type": "action", "action": m.info.codec.encode(legal[0]), "ref": 99})
                    facts["server_refusal"] = None
                    until = time.monotonic() + 20
                    while facts["server_refusal"] is None and time.monotonic() < until:
                        window.step(app, 1)
                        for note in notes:
                            if note.get("type") == "refused" and note.get("ref") == 99:
                                facts["server_refusal"] = note.get("reason")
                screen.speed = [i for i, (name, _) in enumerate(SPEEDS) if name == "instant"][0]
            if tried and len(facts["shown"]) > 25 and m.queue:  # seen enough frames: the rest as Space skips them
                while m.advance():
                    ctl.shown_changed()
                    facts["shown"].append(len(m.actions))
                    facts["pictures_match"] &= plain(ctl.view_dict()) == plain(m.shown.picture)
        facts["over"] = ctl.is_over()
        facts["end_reason"] = ctl.end_reason()
        facts["server_over"] = table.match.state.is_over()
        facts["server_actions"] = len([a for a in table.match.actions if a[0] >= 0])
        facts["actions_seen"] = len(m.actions)
        facts["spectator"] = SPECTATOR
        screen.destroy()
    finally:
        bg.close()
    for key in ("buttons", "statuses", "seats_shown"):
        facts[key] = sorted(facts[key])
    return facts


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    main(SCENARIOS)
