"""Scenarios of the editor and the line-of-sight debugger that need Ursina,
one per process (Ursina is a singleton): ``python editor_probe.py SCENARIO
OUT.json [ARGS]`` writes the facts a test checks and exits 0."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


def rgb_at(png: str, at: tuple[int, int] | None) -> list[int] | None:
    from tests.app.probe import pixel

    return pixel(Path(png), at)


def framing(win: Any) -> dict[str, Any]:
    """Where the table's corners land on the film, and the room between the panels."""
    w, d = win.size
    cx, cy = win.center
    corners = [win.table.film((cx + sx * w / 2, cy + sy * d / 2, 0.0)) for sx in (-1, 1) for sy in (-1, 1)]
    return {"corners": corners, "free": list(win.free_film())}


@scenario
def editor(out_png: str, level: str) -> dict[str, Any]:
    """The editor on a battlefield: a piece selected, the balance map shown."""
    from app.editor.session import EditorSession, Selection
    from app.editor.window import render
    from app.shell import window

    s = EditorSession.open(ROOT / level)
    s.selection = Selection("piece", "shoebox-west")
    app, win = render(s, out_png, overlay="green sees")
    bf = s.battlefield()
    solid = bf.solid("shoebox-west")
    c = solid.footprint.centroid
    g = win.gizmo
    return {
        "tools": list(win.tool_buttons),
        "problems": win.problems.text,
        "status": win.status.text,
        "balance": win.balance.text,
        "selected_top": rgb_at(out_png, window.project(app, (c.x - 11, c.y - 6, solid.top))),
        "gizmo_x": rgb_at(out_png, window.project(app, (g["at"][0] + g["reach"] * 0.6, g["at"][1], g["at"][2]))),
        **framing(win),
    }


@scenario
def editor_invalid(out_png: str) -> dict[str, Any]:
    """An overlap made in the window's session: the list shows it, saving is refused."""
    from app.editor.session import EditorSession
    from app.editor.window import render

    s = EditorSession.open(Path(out_png).with_suffix(".json"))
    s.tool = "box"
    s.click(40, 40)
    s.tool = "box"
    s.click(60, 40)
    s.set_field("x", 44)  # typed into the panel: box-2 now overlaps box-1
    s.tool = "select"
    app, win = render(s, out_png)
    win.save()
    return {"problems": win.problems.text, "status": win.status.text, "saved": Path(out_png).with_suffix(".json").exists()}


def _quad_box(e: Any) -> list[float]:
    """A quad's or button's box on camera.ui (left, bottom, right, top), from its origin and scale."""
    from ursina import camera

    p, scale = e.get_position(camera.ui), e.get_scale(camera.ui)
    sx, sy = scale[0], scale[1]
    ox, oy = e.origin[0], e.origin[1]
    left, bottom = p[0] - (ox + 0.5) * sx, p[1] - (oy + 0.5) * sy
    return [left, bottom, left + sx, bottom + sy]


@scenario
def editor_typing(out_png: str) -> dict[str, Any]:
    """The window's own widgets: typed fields with Enter, keys while typing,
    the help line, the play-zone handles and the mesh file picker."""
    import shutil

    import trimesh

    from app.editor.session import EditorSession, Selection
    from app.editor.window import render
    from app.shell import window

    work = Path(out_png).parent
    level = work / "levels.json"
    shutil.copy(ROOT / "levels" / "little_soldiers" / "levels.json", level)
    (work / "meshes-in").mkdir(exist_ok=True)
    trimesh.creation.box((5, 5, 12)).export(work / "meshes-in" / "tower.stl")
    s = EditorSession.open(level, root=work)
    s.import_folder = work / "meshes-in"
    s.selection = Selection("piece", "shoebox-west")
    app, win = render(s, out_png)
    facts: dict[str, Any] = {"inputs": list(win.fields.inputs)}
    height = win.fields.inputs["height"]
    height.active = True
    height.text = "12"
    win.input("r")  # typing: the key is text, not "turn"
    facts["rotation_while_typing"] = s.fields()["rotation"]
    height.input("enter")  # what Ursina sends the field on Enter
    win.input("enter")  # the same Enter reaches the window: swallowed
    facts["height"] = s.fields()["height"]
    facts["status_after_enter"] = win.status.text
    win.fields.inputs["x"].text = "abc"
    win.fields.inputs["x"].active = True
    win.fields.inputs["x"].input("enter")
    facts["status_after_typo"] = win.status.text
    from ursina import mouse

    for f in win.fields.inputs.values():
        f.active = False
    mouse.hovered_entity = win.fields.inputs["height"]  # the mouse over a number field, focus lost
    win.input("backspace")
    mouse.hovered_entity = None
    facts["piece_after_backspace_on_field"] = s.selection.key if s.selection else None
    facts["pieces_after_backspace"] = [p["id"] for p in s.data["scenery"]]
    win.cycle_overlay()
    win.refresh()
    facts["legend"] = [e.text for e in win.legend.children if hasattr(e, "text") and e.text]
    facts["legend_swatches"] = sum(1 for e in win.legend.children if e.name == "legend-swatch")
    from tests.app.probe import ui_rects  # the legend lay over the last tool buttons (found live)

    facts["legend_boxes"] = [r["box"] for r in ui_rects(win.legend)] + [
        _quad_box(e) for e in win.legend.children if e.name == "legend-swatch"]
    facts["tool_boxes"] = [_quad_box(b) for b in win.tool_buttons.values()] + [
        _quad_box(b) for b in getattr(win, "kit_buttons", {}).values() if b.name != "kit-panel"]
    win.overlay = None
    win.refresh()
    win.input("control")
    facts["help"] = win.help.text
    win.input("g")
    facts["status_after_g"] = win.status.text
    win.set_tool("play-zone")
    window.step(app, 1)
    window.screenshot(app, out_png)
    facts["handle_pixel"] = rgb_at(out_png, window.project(app, (0.0, 0.0, 1.4)))
    win.set_tool("mesh")
    s.click(100, 60)
    win.refresh()
    facts["picker_buttons"] = list(win.picker.buttons)
    win.picker.buttons["tower.stl"].on_click()
    facts["imported"] = s.selection.key if s.selection else None
    facts["picker_after"] = list(win.picker.buttons)
    facts["inputs_after"] = list(win.fields.inputs)
    return facts


@scenario
def editor_kit(out_png: str) -> dict[str, Any]:
    """The household tool taken on an empty level: each kit thumbnail's box, its
    name's box and the kit's backdrop (camera.ui units)."""
    from ursina import Text, camera

    from app.editor.session import EditorSession
    from app.editor.window import render

    s = EditorSession.open(Path(out_png).parent / "new.json")
    s.set_tool("household")
    app, win = render(s, out_png)
    thumbs, names = {}, {}
    for kind, b in win.kit_buttons.items():
        if b.name == "kit-panel":
            continue
        thumbs[kind] = _quad_box(b)
        label = next(c for c in b.children if isinstance(c, Text))
        p, sc = label.get_position(camera.ui), label.get_scale(camera.ui)
        w, h = label.width * sc[0], label.height * sc[1]
        left, top = p[0] - (label.origin[0] + 0.5) * w, p[1] - (label.origin[1] - 0.5) * h
        names[kind] = [left, top - h, left + w, top]
    panel = next((b for b in win.kit_buttons.values() if b.name == "kit-panel"), None)
    t, sc = win.title.get_position(camera.ui), win.title.get_scale(camera.ui)
    w, h = win.title.width * sc[0], win.title.height * sc[1]
    left, top = t[0] - (win.title.origin[0] + 0.5) * w, t[1] - (win.title.origin[1] - 0.5) * h
    win.pick_kit("blocks")
    return {"thumbs": thumbs, "names": names, "panel": _quad_box(panel) if panel is not None and panel.enabled else None,
            "title": [left, top - h, left + w, top], "picked": s.message}


@scenario
def editor_never_blank(out_png: str) -> dict[str, Any]:
    """Issue 27: the shipped Bootcamp opened (kept as it shipped), blocks
    clicked onto the standing cereal box with the camera's ray, Undo and
    Redo, Save asking for a name (its Enter closed the prompt under the text
    field's own handler and killed the window), then a piece dragged into
    another: both red, pinned and listed; the list's line selects it."""
    from ursina import camera

    from app import frames
    from app.editor.session import EditorSession
    from app.editor.window import render
    from app.shell import window

    s = EditorSession.open(ROOT / "levels" / "little_soldiers" / "bootcamp.json")
    app, win = render(s, out_png)
    facts: dict[str, Any] = {"read_only": s.read_only, "title": win.title.text}
    eye = tuple(frames.to_engine(camera.world_position))
    top = s.battlefield().solid("cereal-box")
    c = top.footprint.centroid
    through = (c.x, c.y, top.top)
    k = eye[2] / (eye[2] - through[2])
    table = (eye[0] + (through[0] - eye[0]) * k, eye[1] + (through[1] - eye[1]) * k)  # where the window's click lands
    win.set_tool("household")
    s.kit_kind = "blocks"
    s.click(*table, (eye, through))
    win.refresh()
    facts["blocks"] = s.data["scenery"][-1]["at"]
    facts["after"] = []
    for step in (win.undo, win.redo):
        step()
        window.step(app, 1)
        window.screenshot(app, out_png)
        facts["after"].append([len(s.drawable().battlefield.scenery), rgb_at(out_png, window.project(app, through))])
    win.save()  # a level that comes with Toybox: Save asks for a name
    facts["asked"] = win.prompt is not None and win.prompt.name == "name-prompt"
    field = win.prompt.field
    field.text = "My kitchen"
    field.input("enter")  # what Ursina sends the field on Enter: it submits, then turns itself off
    window.step(app, 3)
    facts["saved_to"] = str(s.doc.path)
    facts["prompt_closed"] = win.prompt is None
    # a piece dragged into another: marked on the table and in the list
    can = next(p for p in s.data["scenery"] if p["id"] == "soda-can")
    assert s.begin_drag(can["at"][0], can["at"][1])
    lid = s.battlefield().solid("game-box-bottom").footprint.bounds
    s.end_drag(lid[0] - 1.0, (lid[1] + lid[3]) / 2)
    s.selection = None
    win.refresh()
    window.step(app, 2)
    window.screenshot(app, out_png)
    moved = next(p for p in s.data["scenery"] if p["id"] == "soda-can")["at"]
    facts["problems"] = win.problems.text
    facts["marked"] = sorted(s.drawable().marked())
    facts["can_pixel"] = rgb_at(out_png, window.project(app, (moved[0], moved[1] - 3.3, 6.0)))
    facts["rows"] = len(win.problems.rows)
    win.problems.rows[0].on_click()
    facts["selected"] = s.selection.key if s.selection else None
    return facts


@scenario
def terrain(out_png: str) -> dict[str, Any]:
    """A Toy Battle terrain in the board mode."""
    from app.editor.session import EditorSession
    from app.editor.window import render

    s = EditorSession.open(ROOT / "levels" / "toy_battle" / "castle-field.json")
    app, win = render(s, out_png)
    return {"mode": s.mode, "tools": list(win.tool_buttons), "problems": win.problems.text, **framing(win)}


@scenario
def los(out_png: str, show_map: str) -> dict[str, Any]:
    """The debugger on a partly hidden target: ray colours on screen."""
    from app.editor.los_session import LosSession
    from app.editor.los_window import render
    from app.shell import window

    s = LosSession.open(ROOT / "levels" / "little_soldiers" / "levels.json", "30,20,1", "79,14", "sniper")
    app, win = render(s, out_png, show_map=show_map == "map")
    sight = s.sight()
    return {
        "verdict": win.verdict.text,
        "details": win.details.text,
        "fraction": float(sight.visible_fraction),
        "blockers": sorted(sight.blockers),
        "blocker_pixel": rgb_at(out_png, window.project(app, (62.0, 16.4, 20.0))),
    }


@scenario
def crosscheck(pairs_per_level: str) -> dict[str, Any]:
    """Ursina's own raycast on the scene built from each shipped battlefield,
    against the engine's verdict, for a grid of figurine pairs."""
    import numpy as np
    from ursina import Entity, Mesh, Vec3
    from ursina.raycast import raycast

    from app import frames
    from app.shell import window
    from engine.geometry import Battlefield
    from engine.geometry.sight import oracle_first_hits
    from engine.little_soldiers.table.sightlines import figurine_sight, stand

    window.start(offscreen=True, size=(160, 100))
    per_level = int(pairs_per_level)
    report: dict[str, Any] = {"levels": {}}
    total = agree = 0
    unexplained: list[str] = []
    for name in ("bootcamp", "bootcamp-box", "levels", "objects"):
        bf = Battlefield.load(ROOT / "levels" / "little_soldiers" / f"{name}.json")
        holder = Entity(name=f"scene-{name}")
        for solid in bf.solids:
            verts = [Vec3(*frames.to_ursina(v)) for v in solid.mesh.vertices.tolist()]
            tris = [int(i) for f in solid.mesh.faces.tolist() for i in f]
            Entity(parent=holder, model=Mesh(vertices=verts, triangles=tris, mode="triangle"), collider="mesh",
                   name=solid.id)
        # a grid of standing spots (table or Level tops), paired every way, sampled evenly
        minx, miny, maxx, maxy = bf.play_zone.bounds
        spots = []
        for gx in np.linspace(minx + 4, maxx - 4, 8):
            for gy in np.linspace(miny + 4, maxy - 4, 6):
                spot = stand(bf, gx, gy)
                if bf.check_placement((gx, gy), 1.2, spot.surface, height=5.0) is None:
                    spots.append(spot)
        every = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]]
        step = max(1, len(every) // per_level)
        pairs = every[::step][:per_level]
        level_total = level_agree = blocked_pairs = ray_hits = ray_total = ray_disagree = 0
        for a, b in pairs:
            sight = figurine_sight(bf, a, b)
            hit = []
            for s, e in zip(sight.starts, sight.ends, strict=True):
                o = Vec3(*frames.to_ursina(s))
                d = Vec3(*frames.to_ursina(e)) - o
                length = d.length()
                h = raycast(o, d.normalized(), distance=length, traverse_target=holder)
                hit.append(bool(h.hit))
            ursina_valid = not any(hit)
            level_total += 1
            blocked_pairs += int(not sight.valid)
            ray_hits += sum(hit)
            ray_total += len(hit)
            ray_disagree += int(np.sum(np.asarray(hit) != np.asarray(sight.blocked)))
            if ursina_valid == bool(sight.valid):
                level_agree += 1
                continue
            # a disagreement must be grazing: the answer flips when scenery grows or shrinks by 0.05 cm
            grow = oracle_first_hits(bf.solids, sight.starts, sight.ends, grow=0.05) >= 0
            shrink = oracle_first_hits(bf.solids, sight.starts, sight.ends, grow=-0.05) >= 0
            differing = np.flatnonzero(np.asarray(hit) != np.asarray(sight.blocked))
            if not np.all(grow[differing] != shrink[differing]):
                unexplained.append(f"{name}: ({a.x:.1f},{a.y:.1f}) -> ({b.x:.1f},{b.y:.1f})")
        report["levels"][name] = {"pairs": level_total, "agree": level_agree, "engine_blocked": blocked_pairs,
                                  "ursina_ray_hits": ray_hits, "rays": ray_total, "rays_disagreeing": ray_disagree}
        total += level_total
        agree += level_agree
        holder.disable()
    report.update(pairs=total, agree=agree, rate=agree / max(total, 1), unexplained=unexplained)
    return report


if __name__ == "__main__":
    from tests.app.probe_runner import main

    main(SCENARIOS)
