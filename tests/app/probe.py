"""Scenarios that need Ursina, run one per process by the app tests.

``python probe.py SCENARIO OUT.json [ARGS]`` writes what the test checks
(pixels, projections, controller facts) as JSON and exits 0.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


def pixel(png: Path, at: tuple[int, int] | None) -> list[int] | None:
    from panda3d.core import Filename, PNMImage

    if at is None:
        return None
    img = PNMImage(Filename.fromOsSpecific(str(png)))
    c = img.getXel(at[0], at[1])
    return [round(c[0] * 255), round(c[1] * 255), round(c[2] * 255)]


def colour_count(png: Path) -> int:
    from panda3d.core import Filename, PNMImage

    img = PNMImage(Filename.fromOsSpecific(str(png)))
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

    from app import frames, window

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
    from app import window
    from app.render import render

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
    from app import window
    from app.render import render

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
    from app import window
    from app.render import render

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
    from app import window
    from app.play import Shell
    from app.start_screen import StartChoice

    app = window.start(offscreen=True, size=(1280, 720))
    shell = Shell(app)
    shell.show_start(StartChoice("little-battle", {"players": 3}))
    window.step(app, 2)
    window.screenshot(app, out_png)
    first = type(shell.screen).__name__
    shell.screen._start()
    window.step(app, 2)
    second = type(shell.screen).__name__
    game = shell.screen.controller.game
    shell.screen.hud.menu()
    window.step(app, 1)
    return {"screens": [first, second, type(shell.screen).__name__], "game": game, "colours": colour_count(Path(out_png))}


def main() -> None:
    name, out, *args = sys.argv[1:]
    facts = SCENARIOS[name](*args)
    Path(out).write_text(json.dumps(facts))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
