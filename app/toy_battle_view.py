"""Toy Battle drawn on the table: the terrain board from its level file,
bases, paths, H.Q.s, regions and medals, stacks of troops, racks.

Positions come from the terrain file's 2D layout (read as cm, x to the
right of blue, y towards red). Highlights are the controller's (engine's)
legal slots; region colours are the view's ``claimed`` list.
"""

from __future__ import annotations

import math
from typing import Any

from app.controllers.toy_battle import ToyBattleController
from app.scene_mesh import MeshBuilder, add_area
from app.seats import SEAT_RGB
from app.table import Table, label, picker, rgba, static_entity

BOARD = (0.86, 0.80, 0.64, 1.0)
PATH = (0.55, 0.45, 0.32, 1.0)
BASE = (0.95, 0.93, 0.86, 1.0)
SPECIAL = (0.62, 0.48, 0.80, 1.0)
MEDAL = (0.95, 0.75, 0.15, 1.0)
HIGHLIGHT = (0.35, 1.0, 0.35, 1.0)
BASE_R, HQ_R, TILE_H = 3.6, 5.0, 0.9
TROOP_TITLES = {"kwak": "Kwak X", "skully": "Skully 1", "capn": "Cap'n 2", "jumbo": "Jumbo 3", "hook": "Hook 4",
                "xb42": "XB-42 5", "star": "Star 6", "roxy": "Roxy 7"}
"""Rack and board labels: title and strength, as the player aid prints them."""
COLOUR_RGB = {"blue": SEAT_RGB["blue"], "red": SEAT_RGB["red"]}


class ToyBattleView:
    def __init__(self, controller: ToyBattleController) -> None:
        from ursina import Entity

        self.controller = controller
        self.terrain = controller.view().terrain  # type: ignore[attr-defined]
        pts = [p for p in self.terrain.pos if p is not None]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.center = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.extent = (max(xs) - min(xs) + 24, max(ys) - min(ys) + 24)
        self.table = Table(self.extent[0] + 70, self.extent[1] + 40, center=self.center)
        self.home()
        from ursina import Text, camera, color, window

        self.help = Text(parent=camera.ui, text="", position=window.top_left + (0.02, -0.16), origin=(-0.5, 0.5),
                         scale=0.8, color=color.rgb(0.95, 0.97, 1.0), name="troop-help")
        self.static = static_entity(self.table.root, self._board(), "terrain")
        self.dynamic = Entity(parent=self.table.root)
        for i, nid in enumerate(self.terrain.ids):
            p = self.terrain.pos[i]
            if p is None:
                continue
            r = BASE_R if self.terrain.is_base[i] else HQ_R
            picker(self.table.root, (p[0], p[1], 0.0), (2 * r, 2 * r, 3.0), lambda n=nid: self.controller.click_node(n),
                   name=f"node-{nid}")
        controller.listeners.append(self.redraw)
        controller.help_listeners.append(self._troop_help)
        self.redraw()

    FREE_FILM = (-0.96, 0.42, -0.84, 0.58)
    """The room the HUD leaves (film x0, x1, y0, y1): title, turn and score
    lines above, the event log right. The engine's message line
    runs along the bottom (a 'Loaded ...' line lay over the rack)."""

    def home(self) -> None:
        """Frame the board and both racks (the opponent's sat under the turn line); the 'h' key."""
        cx, cy = self.center
        w, d = self.extent
        front, back = self.rack_rows()
        pts = [(cx + sx * w / 2, cy + sy * d / 2, 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        pts += [(cx, front - 4.5, 0.0), (cx, back + 6.0, 2.0)]  # a full rack is about the board's width
        self.table.frame(pts, self.FREE_FILM, pitch=60.0)

    def rack_rows(self) -> tuple[float, float]:
        """The y of your rack (in front) and the opponent's (behind)."""
        cy = self.center[1]
        return cy - self.extent[1] / 2 - 9.0, cy + self.extent[1] / 2 + 8.0

    def at(self, nid: str) -> tuple[float, float]:
        p = self.terrain.pos[self.terrain.index[nid]]
        return (p[0], p[1])

    def _board(self) -> MeshBuilder:
        t = self.terrain
        mb = MeshBuilder()
        cx, cy = self.center
        mb.add_box((cx, cy, 0.0), (self.extent[0], self.extent[1], 0.6), BOARD)
        for a, b in t.paths:
            (x0, y0), (x1, y1) = self.at(a), self.at(b)
            length = math.hypot(x1 - x0, y1 - y0)
            heading = math.degrees(math.atan2(y1 - y0, x1 - x0))
            mb.add_box(((x0 + x1) / 2, (y0 + y1) / 2, 0.6), (length, 1.2, 0.15), PATH, heading)
        for i, nid in enumerate(t.ids):
            p = t.pos[i]
            if p is None:
                continue
            if t.is_base[i]:
                mb.add_cylinder((p[0], p[1], 0.6), BASE_R, 0.4, SPECIAL if t.special[i] else BASE, sides=20)
            else:
                owner = t.hq_owner[i]
                mb.add_cylinder((p[0], p[1], 0.6), HQ_R, 0.8, rgba(SEAT_RGB[("blue", "red")[owner]]), sides=6)
        return mb

    def redraw(self) -> None:
        from ursina import Entity, destroy

        destroy(self.dynamic)
        self.dynamic = Entity(parent=self.table.root)
        c = self.controller
        v = c.view_dict()
        t = self.terrain
        mb = MeshBuilder()
        lit = set(c.highlighted_slots())
        for nid in lit:
            x, y = self.at(nid)
            r = BASE_R if t.is_base[t.index[nid]] else HQ_R
            mb.add_cylinder((x, y, 0.62), r + 1.4, 0.3, HIGHLIGHT, sides=24)
        for k, region in enumerate(t.regions):
            owner = v["claimed"][k]
            if owner >= 0:
                rgb = SEAT_RGB[("blue", "red")[owner]]
                add_area(mb, region_face(t, k), 0.65, rgba((0.5 + rgb[0] / 2, 0.5 + rgb[1] / 2, 0.5 + rgb[2] / 2)))
            if region.pos is not None:
                x, y = region.pos
                if owner < 0:
                    for m in range(region.medals):
                        mb.add_cylinder((x, y, 0.7 + m * 0.35), 2.2, 0.3, MEDAL, sides=16)
                label(self.dynamic, f"{region.medals} medal{'s' if region.medals != 1 else ''}" +
                      ("" if owner < 0 else f"\n{('blue', 'red')[owner]}"), (x, y, 4.0), 1.8, (0.2, 0.15, 0.05, 1))
        for nid, stack in v["board"].items():
            x, y = self.at(nid)
            for h, troop in enumerate(stack):
                colour, name = troop.split()
                mb.add_cylinder((x, y, 1.0 + h * TILE_H), 3.0, TILE_H * 0.9, rgba(COLOUR_RGB[colour]), sides=20)
            top = stack[-1].split()[1]
            label(self.dynamic, TROOP_TITLES.get(top, top) + (f" ×{len(stack)}" if len(stack) > 1 else ""),
                  (x, y, 3.5 + len(stack) * TILE_H), 1.7, (1, 1, 1, 1))
        self._racks(mb, v)
        static_entity(self.dynamic, mb, "toy-battle-pieces")
        self._troop_help()

    def _troop_help(self) -> None:
        """What the hovered (else the picked) rack troop does, in a box under the turn lines."""
        import textwrap

        from ursina import color, destroy

        text = self.controller.troop_help() if self.controller.handover_to is None else ""
        self.help.text = "\n".join(textwrap.wrap(text, 64))
        if self.help.text:
            self.help.create_background(padding=0.012, radius=0.01, color=color.rgba(0.05, 0.06, 0.09, 0.85))
        elif getattr(self.help, "_background", None) is not None:
            destroy(self.help._background)
            self.help._background = None

    def _racks(self, mb: MeshBuilder, v: dict[str, Any]) -> None:
        me = v["seat"]
        cx, cy = self.center
        front, back = self.rack_rows()
        if self.controller.handover_to is None:
            rack = v["rack"]
            down = list(v["face_down"])
            for i, name in enumerate(rack):
                x = cx - (len(rack) - 1) * 5.5 + i * 11.0
                sel = name == self.controller.selected
                if sel:
                    mb.add_box((x, front, 0.0), (11.0, 9.0, 0.1), HIGHLIGHT)
                is_down = name in down
                if is_down:
                    down.remove(name)
                mb.add_box((x, front, 0.0 if not sel else 1.5), (9.0, 7.0, 1.2),
                           rgba((0.4, 0.4, 0.4)) if is_down else rgba(COLOUR_RGB[v["colour"]]))
                label(self.dynamic, TROOP_TITLES.get(name, name), (x, front, 3.5 if sel else 2.2), 1.7)
                picker(self.dynamic, (x, front, 0.0), (9.0, 7.0, 2.0), lambda n=name: self.controller.click_troop(n),
                       name=f"troop-{name}-{i}",
                       on_hover=lambda inside, n=name: self.controller.hover_troop(n if inside else None))
        opp = v["opponent_rack"]
        other = ("blue", "red")[1 - me]
        for i in range(opp["size"]):
            x = cx - (opp["size"] - 1) * 4.0 + i * 8.0
            mb.add_box((x, back, 0.0), (7.0, 5.0, 1.2), rgba(COLOUR_RGB[other]))
        seen = ", ".join(TROOP_TITLES.get(n, n) for n in opp["seen"]) or "nothing seen"
        label(self.dynamic, f"{other} rack: {opp['size']} ({seen})", (cx, back + 5.0, 1.0), 1.8)

    def region_face(self, k: int) -> Any:
        return region_face(self.terrain, k)

    # ------------------------------------------------------------ for tests
    def slot_ring_point(self, nid: str) -> tuple[float, float, float]:
        """A point on the highlight ring round ``nid`` (outside the base and its stack)."""
        x, y = self.at(nid)
        r = BASE_R if self.terrain.is_base[self.terrain.index[nid]] else HQ_R
        return (x, y - r - 0.7, 0.9)

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.help)
        if self._troop_help in self.controller.help_listeners:
            self.controller.help_listeners.remove(self._troop_help)
        if self.redraw in self.controller.listeners:
            self.controller.listeners.remove(self.redraw)
        self.table.destroy()


def region_face(terrain: Any, k: int) -> Any:
    """Region ``k`` as the area its cycle of bases encloses (shapely): the
    paths between its bases polygonized, so a concave region is drawn as it
    is, not as a hull or a star around its centre."""
    import shapely
    from shapely.geometry import LineString, MultiPoint
    from shapely.ops import polygonize, unary_union

    def at(nid: str) -> tuple[float, float]:
        p = terrain.pos[terrain.index[nid]]
        return (float(p[0]), float(p[1]))

    bases = set(terrain.regions[k].bases)
    lines = [LineString([at(a), at(b)]) for a in bases for b in terrain.neighbours(a) if b in bases and a < b]
    faces = list(polygonize(unary_union(lines))) if lines else []
    if faces:
        return unary_union(faces)
    return shapely.convex_hull(MultiPoint([at(n) for n in bases]))
