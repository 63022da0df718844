"""Scenarios that need Ursina, run one per process by the app tests.

``python probe.py SCENARIO OUT.json [ARGS]`` writes what the test checks
(pixels, projections, controller facts) as JSON and exits 0.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


_DECODED: dict[str, tuple[tuple[int, int, int], Any]] = {}
"""The last picture decoded per path, with the (inode, size, mtime) it was read at:
a scenario asks for many pixels of one screenshot, and decoding it took 54 ms a time."""


def read_png(png: Path | str) -> Any:
    """The PNG at ``png`` as a Panda3D PNMImage, decoded again only once the file changed."""
    from panda3d.core import Filename, PNMImage

    st = Path(png).stat()
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    known = _DECODED.get(str(png))
    if known is None or known[0] != stamp:
        if len(_DECODED) >= 4:  # a few pictures at a time, never a scenario's every one
            _DECODED.clear()
        known = _DECODED[str(png)] = (stamp, PNMImage(Filename.fromOsSpecific(str(png))))
    return known[1]


def pixel(png: Path, at: tuple[int, int] | None) -> list[int] | None:
    if at is None:
        return None
    c = read_png(png).getXel(at[0], at[1])
    return [round(c[0] * 255), round(c[1] * 255), round(c[2] * 255)]


def colour_count(png: Path) -> int:
    img = read_png(png)
    seen = set()
    for y in range(0, img.getYSize(), 7):
        for x in range(0, img.getXSize(), 7):
            c = img.getXel(x, y)
            seen.add((round(c[0] * 31), round(c[1] * 31), round(c[2] * 31)))
    return len(seen)


@scenario
def frames_gltf(workdir: str) -> dict[str, Any]:
    """Load a glTF figurine with a head node through Ursina; report where the head lands."""
    import numpy as np
    import trimesh

    from app import frames
    from app.shell import window

    head_gltf = (3.0, 20.0, 5.0)  # cm, in the file's y-up frame
    s = trimesh.Scene()
    s.add_geometry(trimesh.creation.box((10, 10, 10)), node_name="body", geom_name="body")
    t = np.eye(4)
    t[:3, 3] = head_gltf
    s.add_geometry(trimesh.creation.icosphere(radius=2), node_name="head", geom_name="headmesh", transform=t)
    path = Path(workdir) / "figurine.glb"
    s.export(path)
    window.start(offscreen=True, size=(320, 200))
    from ursina import Entity, Vec3, scene
    from ursina.mesh_importer import load_model

    entity = Entity(model=load_model("figurine", path=Path(workdir)), scale=frames.CM)
    head = entity.model.find("**/head")
    landed = head.getPos(scene)
    # a turned piece: engine heading 90 (counter-clockwise) carries +x onto +y
    turner = Entity(rotation_y=frames.heading_to_ursina(90.0))
    child = Entity(parent=turner, position=Vec3(*frames.to_ursina((10.0, 0.0, 0.0))))
    return {
        "head_gltf": list(head_gltf),
        "landed": [landed[0], landed[1], landed[2]],
        "expected": list(frames.to_ursina(frames.gltf_to_engine(head_gltf))),
        "turned": list(frames.to_engine(child.world_position)),
    }


@scenario
def little_battle(out_png: str, phase: str) -> dict[str, Any]:
    """A Little Battle frame with a hand card picked up in ``phase`` (draft or rush)."""
    from app.shell import window
    from app.shell.render import render

    moves = 0
    facts: dict[str, Any] = {}

    def pick(r: Any) -> None:
        c = r.controller
        # bots play on until the shown seat must choose in the wanted phase
        while not (c.my_turn() and c.phase() == phase) and not c.is_over():
            if c.my_turn():
                c.click_card(c.hand()[0])
                c.click_ship() if c.phase() == "draft" else c.click_pile(c.highlighted_piles()[0])
            else:
                c.run_bots()
        c.click_card(c.hand()[-1])
        facts["selected"] = c.selected
        facts["hand"] = c.hand()
        facts["lit_piles"] = c.highlighted_piles()
        facts["ship_lit"] = c.ship_highlighted()
        facts["phase"] = c.phase()

    res = render("little-battle", {"players": 4}, out_png, seed=5, moves=moves, before_shot=pick)
    view = res.screen.view
    png = Path(out_png)
    facts["piles"] = []
    for p in (0, 1):
        at = window.project(res.app, view.pile_highlight_point(p))
        facts["piles"].append({"at": at, "rgb": pixel(png, at)})
    n = len(facts["hand"])
    facts["cards"] = []
    for i in range(n):
        at = window.project(res.app, view.hand_ring_point(i, n))
        facts["cards"].append({"at": at, "rgb": pixel(png, at)})
    facts["colours"] = colour_count(png)
    facts["size"] = [res.app.win.getXSize(), res.app.win.getYSize()]
    return facts


@scenario
def toy_battle(out_png: str) -> dict[str, Any]:
    """A Toy Battle frame with a troop picked up: which bases show the highlight ring."""
    from app.shell import window
    from app.shell.render import render

    facts: dict[str, Any] = {}

    def pick(r: Any) -> None:
        c = r.controller
        while not c.my_turn():
            c.run_bots()
        c.click_troop(c.rack()[-1])
        facts["selected"] = c.selected
        facts["lit"] = c.highlighted_slots()

    res = render("toy-battle", {"terrain": "castle-field"}, out_png, seed=2, moves=9, before_shot=pick)
    view = res.screen.view
    png = Path(out_png)
    facts["nodes"] = {}
    for nid in view.terrain.ids:
        at = window.project(res.app, view.slot_ring_point(nid))
        facts["nodes"][nid] = {"at": at, "rgb": pixel(png, at)}
    facts["colours"] = colour_count(png)
    return facts


@scenario
def little_soldiers(out_png: str) -> dict[str, Any]:
    """A Little Soldiers frame after the deployment: each figurine's head pixel."""
    from app.shell import window
    from app.shell.render import render

    res = render("little-soldiers", {}, out_png, seed=2, moves=8, size=(1280, 720))
    view = res.screen.view
    png = Path(out_png)
    heads = {}
    for s in res.controller.soldiers():
        at = window.project(res.app, view.head_point(s)) if s["spot"] else None
        heads[s["id"]] = {"team": s["team"], "at": at, "rgb": pixel(png, at)}
    return {"heads": heads, "colours": colour_count(png)}


@scenario
def start_screen(out_png: str) -> dict[str, Any]:
    """The start screen, then its Start button, then Menu: the shell moves between screens."""
    from app.shell import window
    from app.shell.play import Shell
    from app.shell.start_screen import StartChoice

    app = window.start(offscreen=True, size=(1280, 720))
    shell = Shell(app)
    shell.show_start(StartChoice("little-battle", {"players": 3}))
    window.step(app, 2)
    window.screenshot(app, out_png)
    first = type(shell.screen).__name__
    shell.screen._start()
    window.step(app, 3)  # "Setting up Little Battle..." drawn and shown, then the game
    second = type(shell.screen).__name__
    game = shell.screen.controller.game
    hud, ctl = shell.screen.hud, shell.screen.controller
    import os

    from app import userdir

    ctl.save(userdir_path := userdir.new_save_path(game))
    # The clock injected through the file's time, not waited for: the first save dated a minute
    # back, as if played earlier, so the Load list (newest first) lists it last. The second save's
    # name differs anyway (new_save_path never reuses one).
    written = userdir_path.stat()
    os.utime(userdir_path, ns=(written.st_atime_ns, written.st_mtime_ns - 60 * 10**9))
    ctl.save(userdir.new_save_path(game))
    hud.load()
    buttons = [b for b in hud.load_panel.children if getattr(b, "text", None) and hasattr(b, "on_click")]
    listed = [b.text for b in buttons]
    buttons[-2].on_click()  # the oldest save, above "Cancel"
    loaded = ctl.message
    hud.menu()
    window.step(app, 1)
    return {"screens": [first, second, type(shell.screen).__name__], "game": game, "colours": colour_count(Path(out_png)),
            "listed": listed, "loaded": loaded, "first_save": str(userdir_path)}


def _ls_to_green_move(c: Any) -> None:
    """Bots and clicks until the human (green) makes a turn's Move."""
    import random

    from engine.little_soldiers.actions import Deploy

    rng = random.Random(1)
    while not c.is_over() and not (c.my_turn() and c.phase() == "move"):
        if not c.my_turn():
            c.run_bots()
            continue
        action = c.view().candidate_actions(1, rng)[0]
        if isinstance(action, Deploy):  # as the mouse does: select, then click the table
            c.click_soldier(action.soldier)
            assert c.click_table(action.x, action.y), c.message
        else:
            assert c.play(action), c.message


def _mixed_sight(c: Any, attacker: str, target: str) -> None:
    """Test set-up: put ``target`` where scenery hides part of its head from
    ``attacker`` (searched with the engine's own rays)."""
    import math

    from engine.little_soldiers import queries
    from engine.little_soldiers.terrain import Spot

    st = c.match.state
    a = st.soldiers[attacker].spot
    best = None
    for piece in st.terrain.bf.solids:
        b = piece.footprint.bounds
        for cx, cy in [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])]:
            dx, dy = cx - a.x, cy - a.y
            n = math.hypot(dx, dy)
            if n < 5 or piece.top < 7:
                continue
            for extra in (6, 10, 14):
                for side in (-1.2, -0.8, -0.4, 0.4, 0.8, 1.2):
                    x = cx + dx / n * extra - dy / n * side
                    y = cy + dy / n * extra + dx / n * side
                    spot = Spot(round(x, 3), round(y, 3), None)
                    if st.terrain.placement_reason(spot, [s.spot for s in st.soldiers.values()
                                                           if s.spot and s.id != target]):
                        continue
                    st.soldiers[target].spot = spot
                    rays = queries.sight_rays(st, attacker, target).rays
                    frac = sum(r.blocked for r in rays) / len(rays)
                    score = abs(frac - 0.5)
                    if best is None or score < best[0]:
                        best = (score, spot)
    st.soldiers[target].spot = best[1]


@scenario
def little_soldiers_overlays(workdir: str) -> dict[str, Any]:
    """Reach (two shots: before and after selecting), rays to a half-hidden
    enemy, and the Attack dice, all through the controller the mouse drives."""
    from app.shell import window
    from app.shell.render import render
    from engine.little_soldiers.actions import Move

    work = Path(workdir)
    facts: dict[str, Any] = {}
    box: dict[str, Any] = {}

    def setup(r: Any) -> None:
        c = r.controller
        _ls_to_green_move(c)
        box["c"] = c

    res = render("little-soldiers", {}, work / "plain.png", seed=3, moves=0, before_shot=setup)
    app, view, c = res.app, res.screen.view, box["c"]
    mine = [s for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"]]
    me = mine[0]["id"]
    c.click_soldier(me)
    region = c.reach()
    window.step(app, 2)
    window.screenshot(app, work / "reach.png")
    import shapely

    spot = c.soldier(me)["spot"]
    inside = shapely.buffer(region, -1.5)
    inner = [p for p in (inside.representative_point(),)]
    zone = view.battlefield.play_zone
    outs = []
    for k in range(36):
        import math

        a = math.radians(10 * k)
        x, y = spot["x"] + 30 * math.cos(a), spot["y"] + 30 * math.sin(a)
        if zone.buffer(-3).contains(shapely.Point(x, y)) and not shapely.buffer(region, 3).contains(shapely.Point(x, y)):
            outs.append((x, y))
    facts["reach"] = []
    for kind, pts in (("inside", [(p.x, p.y) for p in inner]), ("outside", outs[:3])):
        for x, y in pts:
            at = window.project(app, (x, y, view.battlefield.surface_height(x, y)))
            facts["reach"].append({"kind": kind, "xy": [x, y], "at": at, "before": pixel(work / "plain.png", at),
                                   "after": pixel(work / "reach.png", at)})
    # an attack: stay, order it on a visible enemy, the dice land
    enemy = [s for s in c.soldiers() if s["team"] not in c.my_teams() and s["spot"]][0]["id"]
    _mixed_sight(c, me, enemy)
    assert c.play(Move(me, spot["x"], spot["y"]))
    targets = c.targets()
    facts["targets"] = targets
    if targets:
        c.click_soldier(targets[0])  # a click on a valid enemy orders the Attack
    facts["engine_dice"] = [e for e in c.events() if e.startswith("Dice: ")]
    facts["dice"] = c.dice.faces if c.dice else None
    h = c.hover_soldier(enemy)
    view.finish_animations()
    window.step(app, 2)
    shot = work / "rays.png"
    window.screenshot(app, shot)
    facts["hover"] = {"valid": h.valid, "text": h.text, "band": h.band,
                      "explain": c.view()._truth.explain_target(me, enemy)["valid"]}
    facts["dice_shown"] = view.dice_shown()
    facts["die_pixels"] = []
    from app.games.little_soldiers.dice_tray import DIE_CM

    for i, face in enumerate(view.dice_shown()):
        x, y, z = view.die_point(i)
        at = window.project(app, (x + 0.3 * DIE_CM, y - 0.3 * DIE_CM, z + 0.05))
        facts["die_pixels"].append({"face": face, "at": at, "rgb": pixel(shot, at)})
    # close to the target's head, looking across the rays: they fan out there
    import math

    start, end = h.rays[0][0], h.rays[0][1]
    heading = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0]))
    near = [tuple(a + 0.85 * (b - a) for a, b in zip(s0, e0, strict=True)) for s0, e0, _ in h.rays]
    focus = tuple(sum(p[k] for p in near) / len(near) for k in range(3))

    def separated(points: list[Any]) -> list[bool]:
        """Whether no ray of the other kind is drawn within 9 px of each point
        (rays as projected segments over their last 40 %, where they fan out)."""
        segs = []
        for s0, e0, b in h.rays:
            pts = [window.project(app, tuple(a + (0.6 + k / 100) * (c - a) for a, c in zip(s0, e0, strict=True)))
                   for k in range(0, 41, 2)]
            segs += [(p, q, b) for p, q in pairwise(pts) if p is not None and q is not None]

        def gap(p: Any, a: Any, c: Any) -> float:
            dx, dy = c[0] - a[0], c[1] - a[1]
            n = dx * dx + dy * dy
            t = 0.0 if n == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
            return math.dist(p, (a[0] + t * dx, a[1] + t * dy))

        return [p is not None and all(gap(p, a, c) > 9 for a, c, o in segs if o != b)
                for p, (_, _, b) in zip(points, h.rays, strict=True)]

    best = None
    for pitch, yaw in ((89.0, heading), (12.0, heading), (30.0, heading + 90.0), (60.0, heading + 45.0)):
        view.table.home(pitch=pitch, yaw=yaw, distance=25.0, target=focus)
        window.step(app, 1)
        ok = sum(separated([window.project(app, p) for p in near]))
        if best is None or ok > best[0]:
            best = (ok, pitch, yaw)
    view.table.home(pitch=best[1], yaw=best[2], distance=25.0, target=focus)
    window.step(app, 2)
    close = work / "rays_close.png"
    window.screenshot(app, close)
    rays = []
    for (_, _, blocked), p in zip(h.rays, near, strict=True):
        rays.append({"blocked": blocked, "at": window.project(app, p)})
    for r, sep in zip(rays, separated([r["at"] for r in rays]), strict=True):
        r["rgb"] = pixel(close, r["at"])
        r["separated"] = sep
    facts["rays"] = rays
    return facts
    facts["dice_shown"] = view.dice_shown()
    facts["die_pixels"] = []
    from app.games.little_soldiers.dice_tray import DIE_CM

    for i, face in enumerate(view.dice_shown()):
        x, y, z = view.die_point(i)
        at = window.project(app, (x + 0.3 * DIE_CM, y - 0.3 * DIE_CM, z + 0.05))
        facts["die_pixels"].append({"face": face, "at": at, "rgb": pixel(shot, at)})
    facts["phase"] = c.phase()
    return facts


@scenario
def little_battle_reveal(out_png: str) -> dict[str, Any]:
    """Clicks through a Gold Rush turn; the revealed cards flip face up."""
    from app.shell import window
    from app.shell.render import render

    facts: dict[str, Any] = {}

    def play(r: Any) -> None:
        c = r.controller
        while not c.view_dict()["last_reveal"] and not c.is_over():
            if c.my_turn():
                c.click_card(c.hand()[0])
                c.click_ship() if c.phase() == "draft" else c.click_pile(c.highlighted_piles()[0])
            else:
                c.run_bots()
        view = r.screen.view
        facts["engine"] = c.view_dict()["last_reveal"]
        facts["start"] = view.revealed()
        window.step(r.app, 1)
        view.finish_animations()

    res = render("little-battle", {"players": 3}, out_png, seed=4, moves=0, before_shot=play)
    view = res.screen.view
    facts["end"] = view.revealed()
    facts["pixels"] = []
    png = Path(out_png)
    from app.games.little_battle.view import card_rgb

    plays: dict[int, list[Any]] = {}
    for r in facts["end"]:
        plays.setdefault(r["pile"], []).append(r)
    for pile, cards in plays.items():
        for k, r in enumerate(cards):
            x, y, z = view.reveal_point(pile, k, len(cards))
            at = window.project(res.app, (x + 2.0, y - 3.0, z + 0.2))
            facts["pixels"].append({"card": r["card"], "at": at, "rgb": pixel(png, at),
                                    "want": [round(255 * c) for c in card_rgb(r["card"])]})
    return facts


def ui_rects(root: Any) -> list[dict[str, Any]]:
    """Every enabled Button and Text under ``root``: its text and its box in
    camera.ui units (left, bottom, right, top), for overlap checks."""
    from ursina import Button, Text, camera
    from ursina import window as uwindow

    def walk(e: Any) -> Any:
        for child in getattr(e, "children", []):
            yield child
            yield from walk(child)

    out = []
    for e in walk(root):
        if not isinstance(e, (Button, Text)) or not e.enabled or not e.visible_self or e.has_disabled_ancestor():
            continue
        if e.has_ancestor(uwindow.editor_ui):  # Ursina's own (hidden) editor buttons
            continue
        if isinstance(e, Text) and isinstance(e.parent, Button):
            continue  # a button's own label
        if isinstance(e, Text) and not e.text:
            continue
        p = e.get_position(camera.ui)
        sx, sy = e.get_scale(camera.ui)[0], e.get_scale(camera.ui)[1]
        if isinstance(e, Text):
            w, h = e.width * sx, e.height * sy
            ox, oy = e.origin
            left, top = p[0] - (ox + 0.5) * w, p[1] - (oy - 0.5) * h
            out.append({"text": e.text, "box": [left, top - h, left + w, top], "kind": "text"})
        else:
            out.append({"text": e.text, "box": [p[0] - sx / 2, p[1] - sy / 2, p[0] + sx / 2, p[1] + sy / 2],
                        "kind": "button"})
    return out


@scenario
def start_screen_layout(size: str = "1280x720") -> dict[str, Any]:
    """Every start screen (each game, Little Soldiers with a mission and 2 Against 2,
    the level editor's tab): the buttons and labels shown, with their boxes,
    and the window's edges."""
    from ursina import window as uwindow

    from app.shell import window
    from app.shell.start_screen import (
        StartChoice,
        StartScreen,
        editor_choices,
        level_choices,
        level_file_title,
        level_title,
    )

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    screens = {}
    for name, choice in {
        "little-soldiers": StartChoice("little-soldiers"),
        "ls-mission-2v2": StartChoice("little-soldiers", {"mission": "king_of_the_hill",
                                                          "modules": ["two_vs_two"], "players": 4}),
        "toy-battle": StartChoice("toy-battle"),
        "little-battle": StartChoice("little-battle", {"players": 5}),
    }.items():
        screen = StartScreen(lambda c: None, lambda p: None, choice, message="a message")
        window.step(app, 1)
        screens[name] = {"rects": ui_rects(screen.root), "levels": level_choices(choice.game),
                         "labels": [level_title(choice.game, n) for n in level_choices(choice.game)],
                         "effective": screen.effective_level()}
        screen.destroy()
    files = [p for paths in editor_choices().values() for p in paths]
    screen = StartScreen(lambda c: None, lambda p: None, StartChoice("little-soldiers"), message="a message",
                         on_edit=lambda p: None, editing=files[0])
    window.step(app, 1)
    screens["editor"] = {"rects": ui_rects(screen.root), "levels": [p.stem for p in files], "effective": files[0].stem,
                         "labels": [level_file_title(p) for p in files]}
    screen.destroy()
    return {"screens": screens, "edges": [uwindow.left[0], uwindow.bottom[1], uwindow.right[0], uwindow.top[1]]}


@scenario
def little_soldiers_dice_reroll_mid_tumble(workdir: str) -> dict[str, Any]:
    """A second roll while the first dice still tumble (a bot rolls 0.45 s
    after you; the tumble lasts 0.9 s): the frame loop crashed on the
    destroyed dice, taking the window down."""
    from app.shell import window
    from app.shell.render import render
    from engine.little_soldiers.actions import Move

    box: dict[str, Any] = {}

    def setup(r: Any) -> None:
        _ls_to_green_move(r.controller)
        box["c"] = r.controller

    res = render("little-soldiers", {}, Path(workdir) / "plain.png", seed=3, moves=0, before_shot=setup)
    app, view, c = res.app, res.screen.view, box["c"]
    me = [s for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"]][0]["id"]
    enemy = [s for s in c.soldiers() if s["team"] not in c.my_teams() and s["spot"]][0]["id"]
    _mixed_sight(c, me, enemy)
    spot = c.soldier(me)["spot"]
    assert c.play(Move(me, spot["x"], spot["y"]))
    c.click_soldier(c.targets()[0])
    window.step(app, 1)
    tumbling = view.tray.running("tumble")
    rerolled = False
    if c.phase() == "reroll":
        for i in range(len(c.dice.faces)):
            c.click_die(i)
        rerolled = c.reroll()
    window.step(app, 3)
    c.dice = None  # and the dice cleared away mid-tumble
    view.redraw()
    window.step(app, 3)
    return {"tumbling": tumbling, "rerolled": rerolled, "phase": c.phase()}


@scenario
def little_soldiers_framing(out_png: str, level: str = "") -> dict[str, Any]:
    """The home view: where the Battle Track's squares, both HQs' card corners
    and the play zone's corners are drawn (pixels), the room the HUD leaves,
    and each HQ card label's width on the table (cm)."""
    from ursina import scene

    from app import frames
    from app.games.little_soldiers.hq_cards import CARD_D, CARD_W, hq_row
    from app.shell import window
    from app.shell.render import render

    config: dict[str, Any] = {"level": level} if level else {}
    if level.startswith("mission="):  # a co-op mission: its Threats stand past the far edge
        config = {"mission": level.split("=", 1)[1], "players": 2}
    res = render("little-soldiers", config, out_png, seed=2, moves=6, size=(1280, 720))
    view, c = res.screen.view, res.controller
    view.home()
    window.step(res.app, 1)
    threats = view.dynamic.find("**/threats")
    threat_box = None
    if not threats.isEmpty():  # the monsters as drawn (their tight bounds), for the framing check
        lo, hi = threats.getTightBounds(scene)
        threat_box = [list(frames.to_engine(lo)), list(frames.to_engine(hi))]
    n = c.view().chosen.flag_steps_to_victory
    pts: dict[str, Any] = {}
    for step in range(-n, n + 1):
        x, y, _ = view.track_point(step)
        for dx in (-3.5, 3.5):
            for dy in (-3.5, 3.5):
                pts[f"track{step}{dx}{dy}"] = (x + dx, y + dy, 0.0)
    v = c.view_dict()
    for g in v["generals"]:
        ti = hq_row(g["team"])
        for slot in range(len(g["soldiers"]) + 1):
            cx, cy, _ = view.card_point(ti, slot)
            for dx in (-CARD_W / 2, CARD_W / 2):
                for dy in (-CARD_D / 2, CARD_D / 2):
                    pts[f"card-{g['team']}-{slot}{dx}{dy}"] = (cx + dx, cy + dy, 0.0)
    minx, miny, maxx, maxy = view.bounds
    for x in (minx, maxx):
        for y in (miny, maxy):
            pts[f"zone{x}{y}"] = (x, y, 0.0)
    if threat_box is not None:
        (x0, y0, z0), (x1, y1, z1) = threat_box
        for x in (x0, x1):
            for y in (y0, y1):
                pts[f"threats{x}{y}"] = (x, y, max(z0, z1))
    at = {k: window.project(res.app, p) for k, p in pts.items()}
    labels = {}
    for e in scene.entities:
        if getattr(e, "name", "").startswith("card-label-") and e.enabled:
            lo, hi = e.getTightBounds(scene)
            labels[e.name] = abs(hi[0] - lo[0]) / frames.length_to_ursina(1.0)
    from panda3d.core import TextureAttrib

    printed = []  # the HQ cards print their titles (app.look.pieces.hq_card): the textures drawn
    look = view.dynamic.find("**/hq-and-track")
    for k in range(look.node().getNumGeoms() if not look.isEmpty() else 0):
        attrib = look.node().getGeomState(k).getAttrib(TextureAttrib)
        if attrib is not None and attrib.getTexture() is not None:
            printed.append(attrib.getTexture().getName())
    return {"at": at, "free": list(view.FREE_FILM), "labels": labels, "card_w": CARD_W,
            "size": [res.app.win.getXSize(), res.app.win.getYSize()], "generals": [g["name"] for g in v["generals"]],
            "printed": sorted(t for t in printed if t.startswith("hq:"))}


@scenario
def toy_battle_framing(out_png: str) -> dict[str, Any]:
    """Toy Battle's home view (board corners and both rack rows, as film
    points) and the help box after hovering a rack troop."""
    from app.shell import window
    from app.shell.render import render

    res = render("toy-battle", {}, out_png, seed=2, moves=0, size=(1280, 720))
    view, c = res.screen.view, res.controller
    view.home()
    cx, cy = view.center
    w, d = view.extent
    front, back = view.rack_rows()
    pts = [(cx + sx * w / 2, cy + sy * d / 2, 0.0) for sx in (-1, 1) for sy in (-1, 1)]
    pts += [(cx, front - 3.5, 0.0), (cx, back + 5.0, 1.0)]
    troop = c.rack()[0]
    card = next(e for e in view.dynamic.children if e.name.startswith(f"troop-{troop}-"))
    c.hover_troop(troop)
    window.step(res.app, 1)
    return {"film": [view.table.film(p) for p in pts], "free": list(view.FREE_FILM), "troop": troop,
            "help": view.help.text, "help_visible": bool(view.help.enabled),
            "card_kept": not card.is_empty()}


@scenario
def little_battle_ship_labels(out_png: str) -> dict[str, Any]:
    """5 players: where each ship's sail and label are drawn (pixel rows and
    boxes), and every ship inside the room the HUD leaves."""
    import math

    from ursina import scene

    from app.games.little_battle.view import ship_position
    from app.shell import window
    from app.shell.render import render

    res = render("little-battle", {"players": 5}, out_png, seed=2, moves=0, size=(1280, 720))
    view = res.screen.view
    view.home()
    window.step(res.app, 1)
    ships = []
    for rel in range(1, 5):
        x, y, heading = ship_position(rel, 5)
        c, s_ = math.cos(math.radians(heading)), math.sin(math.radians(heading))
        sail = [window.project(res.app, (x + c * dx, y + s_ * dx, z)) for dx in (-4, 4) for z in (2, 8.2)]
        ships.append({"sail": sail, "film": view.table.film((x, y, 12.1))})
    labels = {}
    for e in scene.entities:
        if getattr(e, "name", "").startswith("ship-label-") and e.enabled:
            labels[e.name] = window.project(res.app, tuple(__import__("app.frames", fromlist=["x"]).to_engine(e.world_position)))
    return {"ships": ships, "labels": labels, "free": list(view.FREE_FILM),
            "seat": res.controller.viewer}


@scenario
def little_battle_clutter(players: str, seed: str) -> dict[str, Any]:
    """A Little Battle played to its end by bots: the film boxes (x0, y0, x1, y1)
    of every printed label (name plates, pile and nap counts), every chest won
    beside its Ship and every card of the last reveal, for overlap checks."""
    from ursina import scene

    from app import frames
    from app.shell import window
    from app.shell.render import render

    # The frame goes to a private temporary folder: never to a system path such as
    # /dev/null, which an atomic rename would replace with a regular file (run as root).
    with tempfile.TemporaryDirectory() as folder:
        res = render("little-battle", {"players": int(players)}, Path(folder) / "clutter.png",
                     seed=int(seed), moves=100000)
    view = res.screen.view
    view.finish_animations()
    view.home()
    window.step(res.app, 1)
    film = view.table.film

    def box(points: list[tuple[float, float, float]]) -> list[float]:
        fs = [film(p) for p in points]
        return [min(f[0] for f in fs), min(f[1] for f in fs), max(f[0] for f in fs), max(f[1] for f in fs)]

    def bounds(node: Any) -> list[float]:
        lo, hi = node.getTightBounds(scene)
        a, b = frames.to_engine(lo), frames.to_engine(hi)
        return box([(x, y, z) for x in (a[0], b[0]) for y in (a[1], b[1]) for z in (a[2], b[2])])

    named = [e for e in scene.entities if getattr(e, "name", "").endswith("-label") or "-label-" in getattr(e, "name", "")]
    labels = {e.name: bounds(e) for e in named}

    def table_box(node: Any) -> list[float]:
        lo, hi = node.getTightBounds(scene)
        a, b = frames.to_engine(lo), frames.to_engine(hi)
        return [min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]), max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])]

    plates = {e.name: table_box(e) for e in named if e.name.startswith("ship-label-")}
    from app.games.little_battle.view import CHEST_CM as lbv_chest

    v = res.controller.view_dict()
    chests = []
    for s in range(v["players"]):
        for i, _ in enumerate(v["loot"][s]):
            x, y, z0 = view.loot_point(s, i, v)
            r = 0.6 * lbv_chest  # the chest's half diagonal, any heading (lid open up to 0.9 of its size)
            chests.append({"seat": s, "slot": i, "box": box([(x + dx, y + dy, z) for dx in (-r, r) for dy in (-r, r)
                                                             for z in (z0, z0 + 0.92 * lbv_chest)])})
    cards = [{"card": h.card["card"], "box": bounds(h)} for h in view.reveal_cards]
    for pile in (0, 1):  # your card played face down this turn, on either pile
        x, y, z = view.my_play_point(pile)
        r = 0.8 * 8.5 / 2 + 0.4  # its half depth (drawn at 0.8 of a card), a little turned
        cards.append({"card": f"my play on pile {pile + 1}",
                      "box": box([(x + dx, y + dy, z) for dx in (-0.8 * 3.0 - 0.4, 0.8 * 3.0 + 0.4) for dy in (-r, r)])})
    import app.games.little_battle.view as lbv

    beach = [*getattr(lbv, "BEACH_AT", (0.0, 4.0)), getattr(lbv, "BEACH_R", 17.0), getattr(lbv, "BEACH_TOP_CM", 0.25)]
    return {"labels": labels, "chests": chests, "cards": cards, "loot": [len(x) for x in v["loot"]],
            "plates": plates, "beach": beach}


@scenario
def end_screen(game: str, players: str, out_png: str) -> dict[str, Any]:
    """A game played to its end by bots, shown to a human seat with the event log
    scrolled back: the result panel's words, the pixels of its margin (where the
    table lies under it), its backdrop's colour, the log's title and panel boxes;
    then "Look at the table" and "Show the result"."""
    from ursina import camera
    from ursina import window as uwindow

    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    app = window.start(offscreen=True, size=(1280, 720))
    config = {"players": int(players)} if game == "little-battle" else {}
    ctl = prepare(game, config, 5, 100000)
    screen = GameScreen(ctl, on_review=lambda: None)
    screen.hud.log_offset = 15
    screen.hud.refresh()
    window.step(app, 3)
    window.screenshot(app, out_png)
    hud = screen.hud
    aspect = uwindow.aspect_ratio
    from panda3d.core import Filename, PNMImage

    img = PNMImage(Filename.fromOsSpecific(out_png))
    back = next(e for e in hud.end_panel.children if e.name == "end-backdrop")
    bx, by = back.get_position(camera.ui)[0], back.get_position(camera.ui)[1]
    x0, y0 = bx - back.scale_x / 2, by - back.scale_y / 2
    margin = []  # the panel's left margin, top to bottom: only the backdrop, whatever lies under it
    for py in range(round((0.5 - (by + back.scale_y / 2 - 0.01)) * 720), round((0.5 - (y0 + 0.01)) * 720), 3):
        for px in range(round(((x0 + 0.004) / aspect + 0.5) * 1280), round(((x0 + 0.014) / aspect + 0.5) * 1280)):
            c = img.getXel(px, py)
            margin.append([round(c[0] * 255), round(c[1] * 255), round(c[2] * 255)])
    panel = hud.log_panel
    pp = panel.get_position(camera.ui)
    rects = {r["text"]: r["box"] for r in ui_rects(camera.ui)}
    title = next(b for t, b in rects.items() if t == hud.log_title.text)
    buttons = sorted(e.name for e in hud.end_panel.children if e.name.startswith("end-") and e.name != "end-backdrop")
    facts = {"end": hud.end_text, "status": hud.status.text, "margin": margin,
             "backdrop": [round(c * 255) for c in tuple(back.color)[:3]],
             "log_title": hud.log_title.text, "title_box": title, "buttons": buttons,
             "panel_box": [pp[0] - panel.scale_x, pp[1] - panel.scale_y, pp[0], pp[1]],
             "winners": list(ctl.match.state.result().winners)}
    hud.dismiss_result()
    window.step(app, 2)
    facts["dismissed"] = [hud.end_panel.enabled, hud.result_button.enabled]
    hud.result_button.on_click()
    window.step(app, 2)
    facts["shown_again"] = [hud.end_panel.enabled, hud.result_button.enabled]
    return facts


def ls_to_my_throw(c: Any, kind: str = "grenadier") -> None:
    """Random legal play, with the soldier's special Order when offered, until the human throws."""
    import random

    from engine.little_soldiers.actions import Order

    rng = random.Random(1)
    for _ in range(400):
        c.run_bots()
        if c.phase() == "throw" and c.my_turn():
            return
        acts = c.view().candidate_actions(30, rng)
        sp = [a for a in acts if isinstance(a, Order) and a.kind == "special" and kind in a.soldier]
        c.play(sp[0] if sp else rng.choice(acts))
    raise AssertionError("no throw reached")


@scenario
def little_soldiers_throw(workdir: str) -> dict[str, Any]:
    """Aim by drag (aim_at, release) and watch the flight: mid-flight the piece
    is between the start and the landing and the trail is hidden; landed, the
    piece is at the landing and the trail shows."""

    from app import frames
    from app.shell import window
    from app.shell.render import render

    box: dict[str, Any] = {}

    def setup(r: Any) -> None:
        c = r.controller
        ls_to_my_throw(c)
        box["c"] = c

    res = render("little-soldiers", {}, Path(workdir) / "throw.png", seed=1, moves=0, before_shot=setup)
    app, view, c = res.app, res.screen.view, box["c"]
    o = c.shot_origin()
    aim = c.aim_at(o[0] + 30.0, o[1] + 5.0)
    window.step(app, 1)
    arrow = any(e.name == "aim" for e in view.overlay.children)
    assert c.release_aim()
    f = c.flight
    view.tray.animate(0.0)
    view.tray.animate(f.times[-1] / 2)
    piece = next(e for e in view.tray.flight_root.children if e.name == "thrown")
    trail = next(e for e in view.tray.flight_root.children if e.name == "trail")
    mid = list(frames.to_engine(piece.position))
    mid_trail = bool(trail.enabled)
    view.finish_animations()
    end = list(frames.to_engine(piece.position))
    return {"aim": list(aim), "arrow": arrow, "start": list(f.points[0]), "landing": list(f.points[-1]),
            "mid": mid, "mid_trail": mid_trail, "end": end, "end_trail": bool(trail.enabled),
            "kind": f.kind}


@scenario
def little_soldiers_after_the_throw(workdir: str) -> dict[str, Any]:
    """A throw dragged out and released, then the bot's turn and your next
    Move with the pointer still where the drag ended: is the trail still on
    the table, and is a cord drawn there? Then the pointer moves: the cord shows."""
    import math
    import random

    from app.seats import Seats
    from app.shell import window
    from app.shell.render import render

    box: dict[str, Any] = {}

    def setup(r: Any) -> None:
        ls_to_my_throw(r.controller)

    res = render("little-soldiers", {}, Path(workdir) / "throw.png", seed=1, moves=0, before_shot=setup,
                 seats=Seats(("human", "random")))
    app, view, c = res.app, res.screen.view, res.controller
    o = c.shot_origin()
    toward = math.atan2(view.center[1] - o[1], view.center[0] - o[0])  # a drag toward the middle of the table
    end = (o[0] + 30.0 * math.cos(toward), o[1] + 30.0 * math.sin(toward))
    box["p"] = (end[0], end[1], None)
    view._mouse_table_point = lambda: box["p"]  # the pointer, as the floor's picker would give it
    c.selected = c.view_dict()["shot"]["thrower"]
    view._dragging = True
    window.step(app, 1)  # the drag aims at the pointer
    view.input("left mouse up")  # released: thrown
    flying = [view.animating() and res.screen.animating()]
    view.tray.animate(0.2)
    flying.append(view.animating())
    view.finish_animations()
    flying.append(view.animating())
    landed_trail = [e.name for e in view.tray.flight_root.children]
    window.step(app, 1)
    rng = random.Random(2)
    for _ in range(80):  # the bot's turn (and any of yours before a Move), each action shown a frame
        if c.bot_pending():
            c.bot_step()
        elif c.phase() == "move" and c.my_turn() and c.selected is not None and c.reach() is not None:
            break
        elif c.phase() == "move" and c.my_turn() and c.selected is None:
            c.click_soldier(next(s["id"] for s in c.soldiers() if s["spot"] and c.is_mine(s["id"])))
        else:
            c.play(rng.choice(c.view().candidate_actions(12, rng)))
        window.step(app, 1)
    after = {"phase": c.phase(), "mine": c.my_turn(), "reach": c.reach() is not None,
             "flight": c.flight is not None, "trail": [e.name for e in view.tray.flight_root.children],
             "cord": c.preview is not None, "cord_drawn": any(e.name == "cord" for e in view.overlay.children)}
    spot = c.spot(c.selected)
    inward = math.atan2(view.center[1] - spot["y"], view.center[0] - spot["x"])
    box["p"] = (spot["x"] + 5.0 * math.cos(inward), spot["y"] + 5.0 * math.sin(inward), None)  # the pointer moves
    window.step(app, 1)
    return {"landed_trail": landed_trail, "after": after, "moved_cord": c.preview is not None, "flying": flying,
            "moved_cord_drawn": any(e.name == "cord" for e in view.overlay.children)}


@scenario
def help_pages(size: str, out_png: str) -> dict[str, Any]:
    """F1 in a co-op mission at a window size: the text's box on the first page,
    the Close button's, the window's edges, and the pages Page Down shows."""
    from ursina import camera
    from ursina import window as uwindow

    from app.seats import Seats
    from app.shell import window
    from app.shell.render import render

    w, h = (int(v) for v in size.split("x"))
    res = render("little-soldiers", {"mission": "a_new_threat", "players": 2}, out_png, seed=1, moves=0,
                 size=(w, h), before_shot=lambda r: r.screen.help.toggle(), seats=Seats(("human", "human")))
    app, help_ = res.app, res.screen.help

    def box(node: Any) -> list[float]:
        lo, hi = node.getTightBounds(camera.ui)
        return [lo[0], lo[1], hi[0], hi[1]]

    close = next(e for e in help_.root.children if getattr(e, "text", None) == "Close")
    first = {"text": help_.text.text, "box": box(help_.text), "close": box(close)}
    pages = [help_.text.text.splitlines()]
    for _ in range(200):
        help_.input("page down")
        window.step(app, 1)
        now = help_.text.text.splitlines()
        if now == pages[-1]:
            break
        pages.append(now)
    return {"first": first, "pages": pages, "all": help_.lines, "rows": help_.rows, "width": help_.width,
            "line_height": help_.line_height, "edges": [uwindow.left[0], -0.5, uwindow.right[0], 0.5]}


@scenario
def start_screen_players(size: str) -> dict[str, Any]:
    """Little Soldiers on the start screen, by its buttons: the level buttons'
    words, then the Mission button pressed until A New Threat, its player
    counts pressed (1, then 4), a seat cycled, Start; what each step showed."""
    from ursina import Button
    from ursina import window as uwindow

    from app.shell import window
    from app.shell.start_screen import StartChoice, StartScreen

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    started: list[Any] = []
    screen = StartScreen(lambda c: started.append({"config": dict(c.config), "seats": list(c.normalized_seats().kinds)}),
                         lambda p: None, StartChoice("little-soldiers"))
    window.step(app, 1)

    def buttons() -> list[str]:
        return [r["text"] for r in ui_rects(screen.root) if r["kind"] == "button"]

    def press(text: str) -> None:
        found = [e for e in _all_under(screen.root) if isinstance(e, Button) and e.enabled and e.text == text]
        assert found, f"no button {text!r} in {buttons()}"
        found[0].on_click()
        window.step(app, 1)

    facts: dict[str, Any] = {"bootcamp": buttons(), "screens": {}}
    for _ in range(6):
        if "A New Threat" in buttons():
            break
        press(next(t for t in buttons() if t.startswith("none (") or t in ("King of the Hill", "Battle Royale")))
    facts["screens"]["mission"] = ui_rects(screen.root)
    press("1")
    facts["screens"]["solo"] = ui_rects(screen.root)
    press("4")
    facts["screens"]["four"] = ui_rects(screen.root)
    seat = next(t for t in buttons() if t.startswith("Yellow: "))
    press(seat)
    facts["cycled"] = [seat, next(t for t in buttons() if t.startswith("Yellow: "))]
    press("Start")
    window.step(app, 2)  # "Setting up Little Soldiers..." is drawn and shown, then the game starts
    facts["started"] = started[-1]
    press("A New Threat")  # the next mission: Another New Threat keeps the 4 players
    facts["next"] = {"players": screen.choice.config.get("players"), "mission": screen.choice.config.get("mission")}
    press("Another New Threat")  # then no mission: the Bootcamp is for 2
    facts["none"] = {"players": screen.choice.config.get("players"), "buttons": buttons()}
    facts["edges"] = [uwindow.left[0], uwindow.bottom[1], uwindow.right[0], uwindow.top[1]]
    return facts


def _all_under(e: Any) -> Any:
    for child in getattr(e, "children", []):
        yield child
        yield from _all_under(child)


@scenario
def save_named(out_png: str) -> dict[str, Any]:
    """Save by the HUD's button: the panel and its prefilled name; a name typed
    with real key events (letters that are also shortcuts: u undoes, h homes,
    f focuses the camera), Enter; then Save and Escape; then Save and Enter
    with the name as offered; the Load list's lines and the files' names."""

    from app import userdir
    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    app = window.start(offscreen=True, size=(1024, 640))
    ctl = prepare("little-soldiers", {}, 3, 6)
    screen = GameScreen(ctl)
    screen.update = lambda: None
    screen.ticker.update = screen.update
    window.step(app, 1)
    shortcuts: list[str] = []
    ctl.undo = lambda: shortcuts.append("undo")
    screen.view.home = lambda: shortcuts.append("home")
    cam = screen.view.table.camera
    cam.animate_position = lambda *a, **k: shortcuts.append("camera")
    hud = screen.hud
    hud.buttons["Save"].on_click()
    window.step(app, 1)
    offered = hud.save_field.text
    facts: dict[str, Any] = {"offered": offered, "active": bool(hud.save_field.active),
                             "expected": __import__("app.hud", fromlist=["x"]).default_save_name(ctl.summary())}
    window.screenshot(app, out_png)
    for ch in "Hufflepuff fort":  # as the keyboard sends them: the key, then its character
        app.input(ch.lower() if ch != " " else "space", True)
        app.text_input(ch)
    window.step(app, 1)
    facts["typed"] = hud.save_field.text
    facts["shortcuts"] = list(shortcuts)
    app.input("enter", True)
    window.step(app, 1)
    facts["after_enter"] = {"open": hud.saving, "message": ctl.message,
                            "saves": [userdir.read_meta(p_).get("name") for p_ in userdir.saves(ctl.game)]}
    hud.buttons["Save"].on_click()
    window.step(app, 1)
    for ch in "abc":
        app.input(ch, True)
        app.text_input(ch)
    app.input("escape", True)
    window.step(app, 1)
    facts["after_escape"] = {"open": hud.saving, "saves": len(userdir.saves(ctl.game)), "help": screen.help.shown}
    hud.buttons["Save"].on_click()
    window.step(app, 1)
    app.input("enter", True)
    window.step(app, 1)
    facts["files"] = sorted(p_.name for p_ in userdir.saves(ctl.game))
    hud.load()
    window.step(app, 1)
    facts["listed"] = [r["text"] for r in ui_rects(hud.load_panel) if r["kind"] == "button"]
    facts["shortcuts_after"] = list(shortcuts)
    return facts


@scenario
def load_another_battlefield(workdir: str) -> dict[str, Any]:
    """Bootcamp on the table, then Load a save from the Objects battlefield
    (and one with a last roll): the view is rebuilt for the loaded battlefield
    and shows the loaded dice."""
    import random

    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import render

    other = LittleSoldiersController.new("little-soldiers", {"level": "levels/little_soldiers/objects.json",
                                                             "modules": ["objects"]}, Seats(("human", "random")), seed=1)
    rng = random.Random(1)
    for _ in range(200):
        other.run_bots()
        if other.view_dict().get("last_roll") and other.my_turn():
            break
        other.play(rng.choice(other.view().candidate_actions(20, rng)))
    path = Path(workdir) / "objects-save.json"
    other.save(path)
    res = render("little-soldiers", {}, Path(workdir) / "before.png", seed=2, moves=4)
    screen = res.screen
    before = screen.view.battlefield.name
    ok = res.controller.load(path)
    window.step(res.app, 2)
    return {"ok": ok, "before": before, "after": screen.view.battlefield.name,
            "dice": screen.view.dice_shown(), "roll": other.view_dict()["last_roll"]["faces"],
            "objects": sorted(e.name for e in screen.view.static.children if e.name.startswith("object-label-"))}


@scenario
def guard_keeps_the_window(workdir: str) -> dict[str, Any]:
    """An update that raises every frame and an input handler that raises:
    crash files with the record, one sentence, frames go on, the game is playable."""
    from direct.showbase.MessengerGlobal import messenger
    from ursina import Entity, destroy

    from app.shell import guard, window
    from app.shell.play import Shell
    from app.shell.start_screen import StartChoice

    app = window.start(offscreen=True, size=(640, 360))
    shell = Shell(app)
    guard.install(app, shell.guard)
    shell.start_game(StartChoice("toy-battle", {}, ["human", "random"]), seed=3)
    window.step(app, 2)
    frames_before = app.taskMgr.globalClock.getFrameCount()

    bad = Entity(name="bad")
    bad.update = lambda: None.missing  # AttributeError every frame
    window.step(app, 5)
    from engine.core.userdir import user_dir

    after_update = sorted(p.name for p in (user_dir() / "crashes").glob("crash-*.json"))
    message_after_update = shell.screen.controller.message
    destroy(bad)
    window.step(app, 1)

    def explode(key: str) -> None:
        if key == "k":
            raise TypeError("'NoneType' object is not subscriptable")

    bomb = Entity(name="bomb")
    bomb.input = explode
    messenger.send("raw-k")  # a key press, as Panda3D delivers it, through the guard
    window.step(app, 2)
    destroy(bomb)
    files = sorted((user_dir() / "crashes").glob("crash-*.json"))
    body = json.loads(files[-1].read_text())
    ctl = shell.screen.controller
    rack = ctl.rack()
    window.step(app, 2)
    return {"after_update": after_update, "files": [f.name for f in files], "message": message_after_update,
            "frames": app.taskMgr.globalClock.getFrameCount() - frames_before,
            "record_game": (body.get("record") or {}).get("game"), "traceback": body["traceback"][-200:],
            "screen": type(shell.screen).__name__, "playable": bool(rack) and ctl.click_troop(rack[0])}


@scenario
def guard_keeps_the_render_loop(workdir: str) -> dict[str, Any]:
    """Panda3D's own render loop (igLoop: cull and draw) failing every frame,
    as a node at 10^308 cm makes it (issue 22): logged once, told once, the
    frames go on, and once the node is gone the game draws and plays again."""
    from ursina import Entity, destroy

    from app.shell import guard, window
    from app.shell.play import Shell
    from app.shell.start_screen import StartChoice

    app = window.start(offscreen=True, size=(640, 360))
    shell = Shell(app)
    guard.install(app, shell.guard)
    shell.start_game(StartChoice("toy-battle", {}, ["human", "random"]), seed=3)
    window.step(app, 2)
    frames_before = app.taskMgr.globalClock.getFrameCount()
    far = Entity(model="cube", position=(1e308, 0, 0), scale=1e308)
    window.step(app, 5)
    crashes = sorted((Path(workdir) / "home" / "crashes").glob("crash-*.json"))
    body = json.loads(crashes[-1].read_text()) if crashes else {}
    message = shell.screen.controller.message
    destroy(far)
    window.step(app, 2)
    shot = Path(workdir) / "after.png"
    window.screenshot(app, shot)
    ctl = shell.screen.controller
    rack = ctl.rack()
    tails = [json.loads(c.read_text())["traceback"][-300:] for c in crashes]
    return {"crashes": len(crashes), "traceback": body.get("traceback", "")[-300:], "tails": tails, "message": message,
            "frames": app.taskMgr.globalClock.getFrameCount() - frames_before, "failures": shell.guard.failures,
            "shot_bytes": shot.stat().st_size, "playable": bool(rack) and ctl.click_troop(rack[0])}


@scenario
def camera_controls() -> dict[str, Any]:
    """Right-drag rotates, shift+right-drag and middle-drag pan, left-drag moves
    nothing, the wheel zooms toward the point under the cursor."""
    from ursina import Vec3, held_keys, mouse

    from app.shell import window
    from app.table import Table

    app = window.start(offscreen=True, size=(640, 360))
    table = Table(120, 80)
    cam = table.camera
    window.step(app, 1)

    def drag(keys: tuple[str, ...], frames: int = 5) -> tuple[list[float], list[float]]:
        table.home()
        window.step(app, 1)
        pos0, rot0 = list(cam.world_position), list(cam.smoothing_helper.rotation)
        for k in keys:
            held_keys[k] = 1
        for _ in range(frames):
            mouse.velocity = Vec3(0.01, 0.004, 0)
            cam.update()
        for k in keys:
            held_keys[k] = 0
        mouse.velocity = Vec3(0, 0, 0)
        moved = [a - b for a, b in zip(cam.world_position, pos0, strict=True)]
        turned = [a - b for a, b in zip(cam.smoothing_helper.rotation, rot0, strict=True)]
        return moved, turned

    out: dict[str, Any] = {}
    for name, keys in {"right": ("right mouse",), "shift_right": ("shift", "right mouse"),
                       "middle": ("middle mouse",), "left": ("left mouse",)}.items():
        if name == "middle":
            mouse.middle = True
        moved, turned = drag(keys)
        mouse.middle = False
        out[name] = {"moved": max(abs(v) for v in moved), "turned": max(abs(v) for v in turned)}

    class Hit:  # the mouse over a table point (offscreen, no pointer: the hit is given)
        world_point = Vec3(3, 0, 2)
        entity = table.root

    table.home()
    window.step(app, 1)
    before = Vec3(*cam.world_position)
    mouse.collision = Hit()
    cam.input("scroll up")
    after = Vec3(*cam.world_position)
    mouse.collision = None
    d0 = (Hit.world_point - before).length()
    d1 = (Hit.world_point - after).length()
    out["zoom"] = {"before": d0, "after": d1, "target_z_closer": True}
    return out


@scenario
def hud_layout(size: str) -> dict[str, Any]:
    """Each game's screen at a window size, mid-game with a long message and
    at the end (Little Battle with 5 players): every Button and Text on
    camera.ui with its box, and the window's edges."""
    from ursina import camera
    from ursina import window as uwindow

    from app.game_screen import GameScreen
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import prepare

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    out: dict[str, Any] = {}
    cases = {"little-soldiers": ({}, 8), "toy-battle": ({}, 6), "little-battle": ({"players": 5}, 4)}
    for game, (config, moves) in cases.items():
        ctl = prepare(game, config, 3, moves)
        ctl.message = ("The engine refuses this: a very long sentence that names the soldier, the scenery piece "
                       "and the cord, and goes on to say why the click cannot be a Move here.")
        screen = GameScreen(ctl)
        # a bot's "thinking" line while the last hover's words are still up (they were drawn over each other)
        screen.hud.set_thinking("Player 2 (yellow) is thinking... (a search bot, up to 5 s)")
        if game == "little-soldiers":
            mine = [s["id"] for s in ctl.soldiers() if s["spot"] and ctl.is_mine(s["id"])]
            foes = [s["id"] for s in ctl.soldiers() if s["spot"] and not ctl.is_mine(s["id"])]
            if mine and foes:
                ctl.click_soldier(mine[0])
                ctl.hover_soldier(foes[0])
        window.step(app, 2)
        panel = screen.hud.log_panel
        px, py = panel.get_position(camera.ui)[0], panel.get_position(camera.ui)[1]
        out[f"{game}-log-panel"] = [px - panel.scale_x, py - panel.scale_y, px, py]
        out[f"{game}-playing"] = ui_rects(camera.ui)
        if game == "little-battle":
            n = ctl.match.state.num_seats
            end = type(ctl)(ctl.match, Seats(("random",) * n), bot_seed=3)
            end.run_bots()
            ctl.match = end.match
            ctl.seats = Seats(("human",) + ("random",) * (n - 1))
            ctl.bots = {s: b for s, b in end.bots.items() if s}
            screen.hud.refresh()
            window.step(app, 2)
            out[f"{game}-over"] = ui_rects(camera.ui)
        if game == "toy-battle":
            # The longest end reason Toy Battle writes ran off the window (found playing hot-seat).
            end = type(ctl)(ctl.match, Seats(("random",) * 2), bot_seed=3)
            end.run_bots()
            ctl.match = end.match
            ctl.seats = Seats(("human", "human"))
            ctl.bots = {}
            real = ctl.match.state.result()
            long = "Red cannot draw or place and ends the game on a tie (0-0 in medals): Red loses."
            ctl.match.state.result = lambda long=long, real=real: dataclasses.replace(real, reason=long)
            screen.hud.refresh()
            window.step(app, 2)
            out[f"{game}-over"] = ui_rects(camera.ui)
        screen.destroy()
        window.step(app, 1)
    return {"screens": out, "edges": [uwindow.left[0], uwindow.bottom[1], uwindow.right[0], uwindow.top[1]]}


@scenario
def hover_by_poll() -> dict[str, Any]:
    """A soldier selected while the mouse already rests on an enemy: the rays
    show without a mouse-enter event (they did not)."""
    from ursina import mouse

    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    app = window.start(offscreen=True, size=(640, 360))
    c = prepare("little-soldiers", {}, 2, 12)
    screen = GameScreen(c)
    window.step(app, 1)
    mine = [s for s in c.soldiers() if s["spot"] and s["team"] in c.my_teams()]
    foes = [s for s in c.soldiers() if s["spot"] and s["team"] not in c.my_teams()]
    c.click_soldier(mine[0]["id"])
    window.step(app, 1)
    target = next(e for e in screen.view.dynamic.children if e.name == f"pick-{foes[0]['id']}")
    mouse.hovered_entity = target  # no enter event: the picker was rebuilt under a resting mouse
    screen.view.update()  # the scene's frame asks what is under the mouse
    got = c.hover.target if c.hover else None
    mouse.hovered_entity = None
    screen.view.update()
    return {"target": foes[0]["id"], "hovered": got, "after_leaving": c.hover.target if c.hover else None}


def _press(root: Any, text: str) -> None:
    """Click the enabled button labelled ``text`` under ``root`` (its on_click, as a mouse click calls it)."""
    from ursina import Button

    found = [e for e in _walk(root) if isinstance(e, Button) and e.enabled and e.text == text]
    assert found, f"no button {text!r}: {sorted({e.text for e in _walk(root) if isinstance(e, Button)})}"
    found[0].on_click()


def _walk(e: Any) -> Any:
    for child in getattr(e, "children", []):
        yield child
        yield from _walk(child)


@scenario
def start_screen_editor(workdir: str) -> dict[str, Any]:
    """live3: the start screen's "Level editor" tab, its file buttons, Open,
    the editor's Menu with and without unsaved changes, and back."""
    import shutil

    from ursina import camera

    from app.editor.window import EditorWindow
    from app.shell import window
    from app.shell.play import Shell
    from app.shell.start_screen import REPO

    app = window.start(offscreen=True, size=(1280, 720))
    shell = Shell(app)
    shell.show_start()
    window.step(app, 1)
    facts: dict[str, Any] = {"tabs": [r["text"] for r in ui_rects(shell.screen.root) if r["kind"] == "button"][:4]}
    _press(shell.screen.root, "Level editor")
    window.step(app, 1)
    facts["files"] = [r["text"] for r in ui_rects(shell.screen.root) if r["kind"] == "button"]
    _press(shell.screen.root, "Castle Field")
    facts["picked"] = str(shell.screen.edit_file.relative_to(REPO))
    _press(shell.screen.root, "Open in the editor")
    window.step(app, 2)
    facts["opened"] = type(shell.screen).__name__
    facts["mode"] = shell.screen.session.mode
    facts["bar"] = sorted(shell.screen.bar)
    # untouched: Menu goes straight back, to the editor tab with the file picked
    shell.screen.menu()
    window.step(app, 1)
    facts["back_clean"] = [type(shell.screen).__name__, shell.screen.editing, shell.screen.edit_file.name]
    # a copy of Bootcamp, edited: Menu asks, "Keep editing" stays, "Leave without saving" leaves
    path = Path(workdir) / "bootcamp.json"
    shutil.copy(REPO / "levels/little_soldiers/bootcamp.json", path)
    before = path.read_bytes()
    shell.open_editor(path)
    win = shell.screen
    win.session.set_tool("box")
    win.session.click(30.0, 40.0)
    win.refresh()
    win.menu()
    window.step(app, 1)
    facts["asked"] = [r["text"] for r in ui_rects(win.prompt)] if win.prompt is not None else None
    facts["asked_on_top"] = isinstance(shell.screen, EditorWindow)
    _press(win.prompt, "Keep editing")
    facts["kept"] = [shell.screen is win, win.prompt is None, len(win.session.data["scenery"])]
    win.menu()
    _press(win.prompt, "Leave without saving")
    window.step(app, 1)
    facts["left"] = [type(shell.screen).__name__, path.read_bytes() == before]
    # edited again: "Save and leave" writes the file, then leaves
    from app.editor.document import SetValue

    shell.open_editor(path)
    win = shell.screen
    win.session.apply(SetValue(("name",), "Bootcamp, edited"))  # an edit that keeps the level valid
    win.menu()
    _press(win.prompt, "Save and leave")
    window.step(app, 1)
    facts["saved"] = [type(shell.screen).__name__, path.read_bytes() != before]
    # a level with a problem: the save is refused, the editor stays and says why
    shell.open_editor(path)
    win = shell.screen
    win.session.set_tool("box")
    win.session.click(200.0, 200.0)  # outside the play zone
    box = win.session.data["scenery"][-1]["id"]
    win.refresh()
    problems = win.session.problems()
    win.menu()
    _press(win.prompt, "Save and leave")
    window.step(app, 1)
    facts["refused"] = [type(shell.screen).__name__, bool(problems), win.session.message, box]
    facts["camera_children"] = len(camera.ui.children)
    return facts


@scenario
def toy_battle_hot_seat_facing() -> dict[str, Any]:
    """live3: a hot-seat Toy Battle on blue's turn, then on red's after the
    hand-over: where each H.Q. and the shown rack land on the film."""
    from app import frames
    from app.game_screen import GameScreen
    from app.games.toy_battle.controller import ToyBattleController
    from app.seats import Seats
    from app.shell import window
    from engine.toy_battle import Draw

    app = window.start(offscreen=True, size=(1280, 720))
    c = ToyBattleController.new("toy-battle", {}, Seats(("human", "human")), seed=4)
    screen = GameScreen(c, threaded_bots=False, bot_process=False)
    view = screen.view
    window.step(app, 1)
    t = view.terrain

    def facts() -> dict[str, Any]:
        hq = {t.hq_owner[i]: t.ids[i] for i in range(len(t.ids)) if not t.is_base[i] and t.pos[i] is not None}
        out: dict[str, Any] = {"seat": c.viewer, "facing": getattr(view, "facing", None)}
        for seat, name in (("hq_blue", 0), ("hq_red", 1)):
            x, y = view.at(hq[name])
            out[seat] = view.table.film((x, y, 0.0))[1]
        node_y = [view.table.film((p[0], p[1], 0.0))[1] for p in t.pos if p is not None]
        rack = [e for e in view.dynamic.children if e.name.startswith("troop-")]
        out["rack"] = len(rack)
        if rack:
            ys = [view.table.film(frames.to_engine(e.world_position))[1] for e in rack]
            out["rack_below_board"] = max(ys) < min(node_y)
        return out

    blue = facts()
    draw = next(a for a in c.legal() if isinstance(a, Draw))
    assert c.play(draw), c.message
    if c.handover_to is not None:
        c.acknowledge_handover()
    window.step(app, 1)
    # blue's turn may go on (an effect): play on until red is shown
    for _ in range(20):
        if c.viewer == 1 or c.is_over():
            break
        legal = c.legal()
        c.play(next((a for a in legal if isinstance(a, Draw)), legal[0]))
        if c.handover_to is not None:
            c.acknowledge_handover()
    window.step(app, 1)
    red = facts()
    rack = [e for e in view.dynamic.children if e.name.startswith("troop-")]
    clicked = False
    if rack:
        rack[0].on_click()
        lit = c.highlighted_slots()
        node = next((e for e in view.table.root.children if e.name == f"node-{lit[0]}"), None) if lit else None
        if node is not None:
            node.on_click()
            clicked = c.message == "" or not c.message.startswith("There is no")
    red["clicked"] = clicked
    return {"blue": blue, "red": red}


def _pixels_of(img: Any, box: tuple[float, float, float, float], w: int, h: int, aspect: float) -> list[list[int]]:
    """The pixels of a camera.ui box (left, bottom, right, top) in a frame of w x h."""
    x0, y0, x1, y1 = box
    out = []
    for py in range(int((0.5 - y1) * h), int((0.5 - y0) * h)):
        for px in range(int((x0 / aspect + 0.5) * w), int((x1 / aspect + 0.5) * w)):
            c = img.getXel(px, py)
            out.append([round(c[0] * 255), round(c[1] * 255), round(c[2] * 255)])
    return out


@scenario
def covers_hide_what_is_under(out_png: str) -> dict[str, Any]:
    """The Load list over the Event log and the end screen, the end screen over
    Little Soldiers' hint box: the pixels of each covered place, and the cover's colour."""
    from ursina import camera, color
    from ursina import window as uwindow

    from app import userdir
    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    w, h = 1280, 720
    app = window.start(offscreen=True, size=(w, h))
    ctl = prepare("little-soldiers", {}, 3, 2000)  # bots play it to the end
    screen = GameScreen(ctl)
    screen.update = lambda: None
    screen.ticker.update = screen.update
    info = screen.view.info
    info.text = "Click dice to pick them for a reroll, then press the reroll button. " * 2
    info.create_background(padding=0.012, radius=0.01, color=color.rgba(0.05, 0.06, 0.09, 0.8))
    from panda3d.core import Filename, PNMImage

    window.step(app, 3)
    window.screenshot(app, out_png)  # the result panel alone, over the table and the hint box
    img = PNMImage(Filename.fromOsSpecific(out_png))
    aspect = uwindow.aspect_ratio
    end = next(e for e in screen.hud.end_panel.children if e.name == "end-backdrop")
    ex, ey = end.get_position(camera.ui)[0], end.get_position(camera.ui)[1]
    box = (ex - end.scale_x / 2 + 0.004, ey - end.scale_y / 2 + 0.01, ex - end.scale_x / 2 + 0.02, ey + end.scale_y / 2 - 0.01)
    end_margin = _pixels_of(img, box, w, h, aspect)  # the panel's left margin: the table and its pieces lie under it
    for i in range(3):
        ctl.save(userdir.new_save_path(ctl.game, f"probe {i}"), f"probe {i}")
    screen.hud.load()
    window.step(app, 3)
    window.screenshot(app, out_png)  # the Load list over the Event log
    img = PNMImage(Filename.fromOsSpecific(out_png))

    def pixels(x0: float, y0: float, x1: float, y1: float) -> list[list[int]]:
        return _pixels_of(img, (x0, y0, x1, y1), w, h, aspect)

    log = screen.hud.log_panel
    log_left = log.get_position(camera.ui)[0] - log.scale_x
    back = screen.hud.load_panel.children[0]
    back_right = back.get_position(camera.ui)[0] + back.scale_x / 2
    title_y = next(e for e in screen.hud.load_panel.children if getattr(e, "text", "") == "Load a saved game"
                   ).get_position(camera.ui)[1]  # the title's row: the rest of it is bare backdrop
    return {
        "load_rgb": [round(v * 255) for v in (back.color[0], back.color[1], back.color[2])],
        "end_rgb": [round(v * 255) for v in (end.color[0], end.color[1], end.color[2])],
        "over": ctl.is_over(),
        "log_under_load": pixels(log_left + 0.005, title_y - 0.012, back_right - 0.005, title_y + 0.012),
        "hint_under_end": end_margin,
    }


@scenario
def many_choices(size: str) -> dict[str, Any]:
    """A Little Soldiers Order offering eight choices (as a Sniper and an
    Infantry with two targets each do): every HUD button and text with its box,
    the log panel's box, and the window's edges."""
    from ursina import camera
    from ursina import window as uwindow

    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    ctl = prepare("little-soldiers", {}, 3, 8)
    labels = [
        "Yellow Sniper: Risky Shot Green Infantry",
        "Yellow Sniper: Attack Green Grenadier",
        "Yellow Sniper: Attack Green Infantry",
        "Yellow Sniper: Move",
        "Yellow Infantry: Scout",
        "Yellow Infantry: Attack Green Grenadier",
        "Yellow Infantry: Attack Green Infantry",
        "Yellow Infantry: Move",
    ]
    ctl.my_turn = lambda: True
    ctl.choices = lambda: [(text, None) for text in labels]
    screen = GameScreen(ctl)
    screen.update = lambda: None
    screen.ticker.update = screen.update
    screen.hud.refresh()
    window.step(app, 2)
    panel = screen.hud.log_panel
    px, py = panel.get_position(camera.ui)[0], panel.get_position(camera.ui)[1]
    return {
        "rects": ui_rects(screen.hud.root),
        "panel": [px - panel.scale_x, py - panel.scale_y, px, py],
        "log": screen.hud.log.text,
        "edges": [uwindow.left[0], uwindow.bottom[1], uwindow.right[0], uwindow.top[1]],
    }


@scenario
def handover_after_the_animation() -> dict[str, Any]:
    """Hot-seat Little Soldiers: play the people's actions until one is still
    being shown when the computer must be handed over; report whether the
    hand-over screen covered it at once, and whether it came once shown."""
    from app.game_screen import GameScreen
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import prepare
    from engine.bots import make_bot

    app = window.start(offscreen=True, size=(640, 360))
    c = prepare("little-soldiers", {}, 5, 0, seats=Seats(("human", "human")))
    screen = GameScreen(c)
    hands = make_bot("random", "little-soldiers", 2)
    out: dict[str, Any] = {"found": False}
    for _ in range(80):
        if c.is_over():
            break
        window.step(app, 1)
        screen.skip()
        window.step(app, 1)
        if c.handover_to is not None:
            c.acknowledge_handover()
            continue
        c.play(hands.choose(c.view()))
        if c.handover_to is not None and screen.animating():
            out["found"] = True
            out["covered_at_once"] = bool(screen.hud.overlay.enabled)
            frames = 0
            while screen.animating() and frames < 600:
                window.step(app, 1)
                frames += 1
            window.step(app, 1)
            out["frames"] = frames
            out["covered_after"] = bool(screen.hud.overlay.enabled)
            break
    return out


@scenario
def threat_labels() -> dict[str, Any]:
    """Another New Threat's table: the text of every card printed at a Threat's foot."""
    import app.games.little_soldiers.view as lsv
    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    printed: list[list[str]] = []
    real = lsv.placard

    def recording(parent: Any, name: str, text: str, *args: Any, **kwargs: Any) -> Any:
        printed.append([name, text])
        return real(parent, name, text, *args, **kwargs)

    lsv.placard = recording
    window.start(offscreen=True, size=(640, 360))
    GameScreen(prepare("little-soldiers", {"mission": "another_new_threat"}, 2, 0))
    return {"labels": [t for n, t in printed if n == "threat-label"]}


@scenario
def load_list(size: str) -> dict[str, Any]:
    """The Load list with more saves than it shows: each line's text and box, and the window's edges."""
    from ursina import window as uwindow

    from app.game_screen import GameScreen
    from app.shell import window
    from app.shell.render import prepare

    w, h = (int(v) for v in size.split("x"))
    app = window.start(offscreen=True, size=(w, h))
    ctl = prepare("little-soldiers", {"mission": "another_new_threat"}, 3, 6)
    screen = GameScreen(ctl)
    screen.update = lambda: None
    screen.ticker.update = screen.update
    for _ in range(10):
        screen.hud.save()  # the name asked for, Enter: the automatic one
        screen.hud.save_as(screen.hud.save_field.text)
    screen.hud.load()
    window.step(app, 2)
    return {
        "rects": ui_rects(screen.hud.load_panel),
        "edges": [uwindow.left[0], uwindow.bottom[1], uwindow.right[0], uwindow.top[1]],
    }


@scenario
def area_hints() -> dict[str, Any]:
    """The hint box when Green's soldier is selected for its Move."""
    from app.game_screen import GameScreen
    from app.shell import window

    app = window.start(offscreen=True, size=(640, 360))
    c = prepare_green_move()
    screen = GameScreen(c)
    screen.update = lambda: None
    screen.ticker.update = screen.update
    mine = [s["id"] for s in c.soldiers() if s["spot"] and c.is_mine(s["id"])]
    c.click_soldier(mine[0])
    window.step(app, 2)
    return {"info": screen.view.info.text, "phase": c.phase()}


def prepare_green_move() -> Any:
    from app.shell.render import prepare

    c = prepare("little-soldiers", {}, 3, 0)
    _ls_to_green_move(c)
    return c


@scenario
def labels_cut_to_fit() -> dict[str, Any]:
    """``app.hud.fit_text`` against the cut a character at a time it replaced, over
    texts and widths; and a label measured twice reads the same width."""
    from ursina import Text, destroy

    from app.hud import fit_text, text_width
    from app.shell import window

    window.start(offscreen=True, size=(1280, 720))

    def measured(text: str, size: float) -> float:
        probe = Text(text=text, enabled=False)
        width = float(probe.width) * size
        destroy(probe)
        return width

    def one_at_a_time(text: str, size: float, width: float) -> str:
        if measured(text, size) <= width:
            return text
        while len(text) > 1 and measured(text + "...", size) > width:
            text = text[:-1]
        return text.rstrip() + "..."

    cases = []
    for text in ("Green Infantry deploys at a spot beside the car keys, 1.4 cm from Deployment token 2.",
                 "Little Battle", "Mmmmmmmmmmmmmmmmmmmmmmmmmmmmmm iiiiiiiiiiiiiiiiiiiiiiii W", "x"):
        for size in (0.7, 1.0, 1.2):
            for width in (0.02, 0.1, 0.25, 0.6, 3.0):
                got = fit_text(text, size, width)
                cases.append({"text": text, "size": size, "width": width, "got": got,
                              "want": one_at_a_time(text, size, width), "fits": measured(got, size) <= width})
    return {"cases": cases, "same_twice": text_width("Events", 0.9) == text_width("Events", 0.9) == measured("Events", 0.9)}


@scenario
def crates_as_they_stand() -> dict[str, Any]:
    """Advanced Tactics on the King of the Hill table: the Crates are drawn with
    the pieces in play, in the colours the view gives; one flipped over (as an
    activation does) is drawn in its new colour at the next redraw. Without
    Advanced Tactics the file's Crates stay printed on the table."""
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats
    from app.shell import window
    from engine.little_soldiers.parts.advanced_tactics import AdvancedTactics

    window.start(offscreen=True, size=(1280, 720))

    def crate_textures(node: Any) -> list[str]:
        return sorted(t.getName() for t in node.findAllTextures() if t.getName().startswith("crate:"))

    level = "levels/little_soldiers/king-of-the-hill.json"
    c = controller_class("little-soldiers").new(
        "little-soldiers", {"level": level, "modules": ["super_soldier", "advanced_tactics"]}, Seats(("human", "random")), 3)
    screen = GameScreen(c)
    view = screen.view
    facts: dict[str, Any] = {"static": crate_textures(view.static), "before": crate_textures(view.dynamic),
                             "colours": [k["colour"] for k in c.view_dict()["crates"]]}
    tactics = c.match.state.slice_or_none(AdvancedTactics)
    tactics.crates = [(at, "yellow") for at, _ in tactics.crates]  # test set-up: every Crate flipped to yellow
    c.forget_view()
    view.redraw()
    facts["after"] = crate_textures(view.dynamic)
    screen.destroy()
    plain = controller_class("little-soldiers").new("little-soldiers", {"level": level}, Seats(("human", "random")), 3)
    screen = GameScreen(plain)
    facts["without"] = crate_textures(screen.view.static)
    screen.destroy()
    return facts


@scenario
def deploy_pin(out_png: str) -> dict[str, Any]:
    """Bootcamp, a soldier picked to deploy: a pin stands in the green area with its head above
    the scenery round it (Deployment token 1 and its area lay behind the cereal box)."""
    from app.game_screen import GameScreen
    from app.games import controller_class
    from app.seats import Seats
    from app.shell import window

    app = window.start(offscreen=True, size=(1280, 720))
    facts: dict[str, Any] = {}
    for seed in range(1, 40):
        c = controller_class("little-soldiers").new("little-soldiers", {}, Seats(("human", "random")), seed=seed)
        c.run_bots()
        if c.my_turn() and c.phase() == "deploy" and c.view_dict().get("block") == 1:
            break
    screen = GameScreen(c)
    screen.view.finish_animations()
    facts["before"] = screen.view.overlay.find("**/deploy-pin").isEmpty()
    c.click_soldier(c.in_hq()[0])
    window.step(app, 3)
    pin = screen.view.overlay.find("**/deploy-pin")
    facts["pin"] = not pin.isEmpty()
    low, high = pin.getTightBounds(screen.view.table.root) if facts["pin"] else (None, None)
    from app import frames

    facts["top_cm"] = frames.to_engine((high.x, high.y, high.z))[2] if high is not None else None
    facts["cereal_box_top_cm"] = next(s.top for s in screen.view.battlefield.solids if s.id == "cereal-box")
    window.screenshot(app, out_png)
    return facts


if __name__ == "__main__":
    from tests.app.probe_runner import main

    main(SCENARIOS)
