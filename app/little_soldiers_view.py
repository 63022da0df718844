"""Little Soldiers drawn on the table: the battlefield file's play zone,
scenery at its real heights (one combined mesh), Level tokens, objects and
tokens, and the figurines from ``meshes/`` in their team colours.

The scene is built from the same battlefield the engine loads
(``engine.little_soldiers.battlefields.load_battlefield``) and the same
meshes, so what a player sees is what the rules measure. Clicks on the
table go through one big box collider; figurines have box colliders.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from app import frames
from app.controllers.little_soldiers import LittleSoldiersController
from app.scene_mesh import MeshBuilder
from app.seats import SEAT_RGB
from app.table import Table, label, picker, rgba, static_entity

MESHES = Path(__file__).resolve().parents[1] / "meshes" / "figurines"
SCENERY = (0.62, 0.58, 0.52, 1.0)
LEVEL_RGB = {1: (0.55, 0.75, 0.95, 1.0), 2: (0.95, 0.60, 0.35, 1.0)}
OBJECT_RGB = (0.75, 0.45, 0.85, 1.0)
TOKEN_RGB = (0.95, 0.95, 0.90, 1.0)
ZONE_RGB = (0.45, 0.40, 0.30, 1.0)
PLAY_ZONE = (0.72, 0.80, 0.62, 1.0)
TARGET_RGB = (0.35, 1.0, 0.35, 1.0)
SELECT_RGB = (1.0, 1.0, 1.0, 1.0)


def figurine_facts(kind: str) -> dict[str, Any]:
    """The mesh sidecar: head centre and radius, base radius, height (cm)."""
    return json.loads((MESHES / f"{kind}.json").read_text(encoding="utf-8"))


class LittleSoldiersView:
    def __init__(self, controller: LittleSoldiersController) -> None:
        from ursina import Entity

        from engine.little_soldiers.battlefields import load_battlefield

        self.controller = controller
        self.battlefield = load_battlefield(controller.match.config.level)
        minx, miny, maxx, maxy = self.battlefield.play_zone.bounds
        self.center = ((minx + maxx) / 2, (miny + maxy) / 2)
        w, d = maxx - minx, maxy - miny
        self.table = Table(w + 30, d + 30, center=self.center)
        self.table.home(pitch=58.0, distance=1.75 * max(w, d) + 40,
                        target=(self.center[0] + 0.2 * w, self.center[1] - 0.05 * d, 0))
        self.static = static_entity(self.table.root, self._battlefield_mesh(), "battlefield")
        floor = picker(self.table.root, (self.center[0], self.center[1], -0.5), (w + 30, d + 30, 0.5), lambda: None,
                       name="table-picker")
        floor.on_click = self._clicked_table
        self.floor = floor
        self.facts = {k: figurine_facts(k) for k in ("infantry", "grenadier", "sniper", "operator")}
        self.dynamic = Entity(parent=self.table.root)
        controller.listeners.append(self.redraw)
        self.redraw()

    def _battlefield_mesh(self) -> MeshBuilder:
        bf = self.battlefield
        mb = MeshBuilder()
        ring = list(bf.play_zone.exterior.coords)[:-1]
        if len(ring) == 4 or bf.play_zone.convex_hull.equals(bf.play_zone):
            mb.add_polygon([(x, y, 0.02) for x, y in ring], PLAY_ZONE, (0, 0, 1))
        for zone in bf.zones:
            pts = list(zone.polygon.exterior.coords)[:-1]
            mb.add_polygon([(x, y, 0.04) for x, y in pts], ZONE_RGB, (0, 0, 1))
        for piece, solid in zip(bf.scenery, bf.solids):
            rgb = OBJECT_RGB if piece.object else SCENERY
            mb.add_triangles(solid.mesh.vertices.tolist(), solid.mesh.faces.tolist(), rgb)
            if piece.level:
                c = solid.footprint.representative_point()
                mb.add_cylinder((c.x, c.y, solid.top), 2.0, 0.3, LEVEL_RGB.get(piece.level, (1, 1, 1, 1)), sides=12)
        for token in bf.tokens:
            mb.add_cylinder((token.at[0], token.at[1], 0.0), 1.5, 0.25, TOKEN_RGB, sides=12)
        return mb

    def _clicked_table(self) -> None:
        from ursina import mouse

        if mouse.world_point is None:
            return
        x, y, _ = frames.to_engine(mouse.world_point)
        self.controller.click_table(x, y)

    def soldier_point(self, soldier: dict[str, Any]) -> tuple[float, float, float] | None:
        spot = soldier.get("spot")
        if spot is None:
            return None
        return (spot["x"], spot["y"], self.battlefield.surface_z(spot["surface"]))

    def head_point(self, soldier: dict[str, Any]) -> tuple[float, float, float] | None:
        base = self.soldier_point(soldier)
        if base is None:
            return None
        hx, hy, hz = self.facts[soldier["kind"]]["head"]["center"]
        return (base[0] + hx, base[1] + hy, base[2] + hz)

    def redraw(self) -> None:
        from ursina import Entity, Vec3, Vec4, destroy
        from ursina.mesh_importer import load_model

        destroy(self.dynamic)
        self.dynamic = Entity(parent=self.table.root)
        c = self.controller
        targets = set(c.targets())
        mb = MeshBuilder()
        for s in c.soldiers():
            at = self.soldier_point(s)
            if at is None:
                continue
            facts = self.facts[s["kind"]]
            rgb = SEAT_RGB[s["team"]] if s["team"] in SEAT_RGB else (0.7, 0.7, 0.7)
            if s["id"] == c.selected or s["id"] in targets:
                ring = SELECT_RGB if s["id"] == c.selected else TARGET_RGB
                mb.add_cylinder((at[0], at[1], at[2] + 0.01), facts["base_radius"] + 0.8, 0.05, ring, sides=20)
            holder = Entity(parent=self.dynamic, position=Vec3(*frames.to_ursina(at)), name=s["id"])
            fig = Entity(parent=holder, scale=frames.CM, rotation_x=frames.ZUP_GLTF_ROTATION_X)
            model = load_model(s["kind"], path=MESHES)
            model.reparentTo(fig)
            fig.setColorScale(Vec4(*rgba(rgb)))
            fig.setLightOff()
            picker(self.dynamic, at, (2 * facts["base_radius"], 2 * facts["base_radius"], facts["height"]),
                   lambda i=s["id"]: self.controller.click_soldier(i), name=f"pick-{s['id']}")
            info = f"{s['kind']}  hearts {s['hearts']} shields {s['shields']}"
            label(self.dynamic, info, (at[0], at[1], at[2] + facts["height"] + 2.0), 1.4)
        static_entity(self.dynamic, mb, "rings")

    def destroy(self) -> None:
        if self.redraw in self.controller.listeners:
            self.controller.listeners.remove(self.redraw)
        self.table.destroy()
