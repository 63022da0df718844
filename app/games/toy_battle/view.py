"""Toy Battle drawn on the table: the terrain board from its level file,
bases, paths, H.Q.s, regions and medals, stacks of troops, racks.

Positions come from the terrain file's 2D layout (read as cm, x to the
right of blue, y towards red). Highlights are the controller's (engine's)
legal slots; region colours are the view's ``claimed`` list.

The board turns to the seat whose hand is shown, as two people passing the
computer at a hot-seat table expect: red's H.Q., rack and reserve come to
the near side on red's turn, blue's on blue's. The racks and reserves are
laid out on the near side and turned with the camera (:meth:`to_table`).
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import numpy as np

from app.games.protocols import GameScene
from app.games.toy_battle.controller import ToyBattleController, near_seat
from app.games.toy_battle.shows import TileShows
from app.look.boards import palette, slug
from app.look.geom import Batch
from app.look.pipeline import WOOD
from app.look.placards import add_placard, placard
from app.pointer import on_plane
from app.scene_mesh import MeshBuilder, add_area
from app.seats import SEAT_RGB
from app.table import Table, free_film, picker, rgba, static_entity

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
RACK_TILE_R = 5.2
"""cm: your rack's tiles, drawn larger than the board's (3.4) so portrait and strength read at the default zoom."""
RACK_STEP = 13.0
RACK_DEPTH = 16.0
RACK_TILT = 30.0
"""Degrees your rack's tiles lean back towards you: about square to the home view's line of sight."""
RACK_NAME_CM = 3.2
"""cm: the line height of the troop names printed on the rack (its letters about 12 px tall at 1280x720)."""
NODE_LABEL_CM = 2.6
"""cm: the line height of the base numbers printed beside each base (chosen: readable at the home view,
smaller than a tile). The log names bases by these numbers ("Blue places Roxy (7) on base 12"),
which were printed nowhere."""


class ToyBattleView(GameScene):
    """Toy Battle's scene: the terrain board, the stacks on its bases and the two racks."""

    def __init__(self, controller: ToyBattleController) -> None:
        from ursina import Entity

        self.controller = controller
        self.terrain = controller.view().terrain
        pts = [p for p in self.terrain.pos if p is not None]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        self.center = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        self.extent = (max(xs) - min(xs) + 24, max(ys) - min(ys) + 24)
        self.facing = self._seat_shown()
        """The seat the board is turned to (its side near the camera)."""
        self.table = Table(self.extent[0] + 70, self.extent[1] + 40, top=(0.17, 0.25, 0.38, 1.0), center=self.center)
        self.home()
        from ursina import Text, camera, color, window

        self.help = Text(parent=camera.ui, text="", position=window.top_left + (0.02, -0.16), origin=(-0.5, 0.5),
                         scale=0.8, color=color.rgb(0.95, 0.97, 1.0), name="troop-help")
        from ursina import Entity as _Entity

        self.static = _Entity(parent=self.table.root, name="terrain")
        self._board().node("terrain-board").reparentTo(self.static)
        self._shadows().reparentTo(self.static)
        self.dynamic = Entity(parent=self.table.root)
        for i, nid in enumerate(self.terrain.ids):
            p = self.terrain.pos[i]
            if p is None:
                continue
            r = BASE_R if self.terrain.is_base[i] else HQ_R
            picker(self.table.root, (p[0], p[1], 0.0), (2 * r, 2 * r, 3.0), partial(self.controller.click_node, nid),
                   name=f"node-{nid}")
        self.shows = TileShows(self)
        controller.listeners.append(self.redraw)
        controller.help_listeners.append(self._troop_help)
        self.redraw()

    FOLLOW_SPAN_CM = 70.0
    """The stretch of board the camera shows round a placement it follows (app.camera_follow; chosen)."""

    FREE_FILM = (-0.96, 0.42, -0.84, 0.58)
    """The room the HUD leaves (film x0, x1, y0, y1): title, turn and score
    lines above, the event log right. The engine's message line
    runs along the bottom (a 'Loaded ...' line lay over the rack)."""

    def home(self) -> None:
        """Frame the board and both racks (the opponent's sat under the turn line),
        from the side of the seat shown; the 'h' key."""
        cx, cy = self.center
        w, d = self.extent
        front, back = self.rack_rows()
        pts = [(cx + sx * w / 2, cy + sy * d / 2, 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        pts += [(*self.to_table(cx, front - RACK_DEPTH / 2 - 1.8), 0.0), (*self.to_table(cx, back + 6.0), 2.0)]
        self.table.frame(pts, free_film(self.FREE_FILM), pitch=60.0, yaw=self.yaw())

    def _seat_shown(self) -> int:
        return near_seat(self.controller.view_dict())

    def yaw(self) -> float:
        """The camera's heading: from blue's side for blue, from red's for red."""
        return 180.0 if self.facing == 1 else 0.0

    def to_table(self, x: float, y: float) -> tuple[float, float]:
        """A point laid out on the near side (racks, reserves) where it lies on
        the table: turned half round the board's centre when red is shown."""
        if self.facing != 1:
            return (x, y)
        cx, cy = self.center
        return (2 * cx - x, 2 * cy - y)

    def _turn(self, about: tuple[float, float] | None = None) -> np.ndarray:
        """:meth:`to_table` as a 4x4 matrix, for pieces built on the near side
        (or a half turn about the point ``about``: a coin turned in place)."""
        cx, cy = self.center if about is None else about
        if self.facing != 1:
            return np.eye(4)
        return np.array([[-1.0, 0, 0, 2 * cx], [0, -1.0, 0, 2 * cy], [0, 0, 1.0, 0], [0, 0, 0, 1.0]])

    def rack_rows(self) -> tuple[float, float]:
        """The y of your rack (in front) and the opponent's (behind)."""
        cy = self.center[1]
        return cy - self.extent[1] / 2 - 11.0, cy + self.extent[1] / 2 + 8.0

    def rack_x(self, index: int, count: int) -> float:
        """The x of tile ``index`` of ``count`` on your rack."""
        return self.center[0] - (count - 1) * RACK_STEP / 2 + index * RACK_STEP

    def at(self, nid: str) -> tuple[float, float]:
        """Where a base or H.Q. is drawn (a node without a position is never drawn, nor clicked)."""
        p = self.terrain.pos[self.terrain.index[nid]]
        if p is None:
            raise KeyError(f"{nid} has no place on the board")
        return (p[0], p[1])

    def _board(self) -> Batch:
        """The printed board: the terrain's ground, paths, bases and H.Q.s."""
        t = self.terrain
        name = slug(t.name)
        pal = palette(t.name)
        b = Batch()
        cx, cy = self.center
        w, d = self.extent
        edge = tuple(c / 255 for c in pal["edge"])
        # the board's edges; its top is the printed grid below (a box top under it z-fought on a coarse depth buffer)
        b.add_box((cx, cy, 0.0), (w, d, 0.6), edge, ground=None, skip=("top", "bottom"))
        top = [(cx - w / 2, cy - d / 2, 0.6), (cx + w / 2, cy - d / 2, 0.6), (cx + w / 2, cy + d / 2, 0.6),
               (cx - w / 2, cy + d / 2, 0.6)]
        b.add_grid(top, (1, 1, 1), f"tbground:{name}", uv=((0, 0), (w / 40.0, 0), (w / 40.0, d / 40.0), (0, d / 40.0)),
                   cells=10)
        b.add_box((cx, cy, 0.0), (w + 1.2, d + 1.2, 0.3), edge, ground=None)  # the board's printed border
        for a, c in t.paths:
            (x0, y0), (x1, y1) = self.at(a), self.at(c)
            length = math.hypot(x1 - x0, y1 - y0)
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            nx, ny = -uy * 1.1, ux * 1.1
            quad = [(x0 + nx, y0 + ny, 0.8), (x0 - nx, y0 - ny, 0.8), (x1 - nx, y1 - ny, 0.8), (x1 + nx, y1 + ny, 0.8)]
            quad = quad if (quad[1][0] - quad[0][0]) * (quad[2][1] - quad[0][1]) - (quad[1][1] - quad[0][1]) * (
                quad[2][0] - quad[0][0]) > 0 else quad[::-1]
            b.add_quad(quad, (1, 1, 1), f"tbpath:{name}", uv=((0, 0), (0, 1), (length / 8, 1), (length / 8, 0)))
        for i, p in enumerate(t.pos):
            if p is None:
                continue
            if t.is_base[i]:
                b.add_disc((p[0], p[1], 0.6), BASE_R, 0.35, (1, 1, 1), f"tbbase:{name}:{t.special[i] or ''}",
                           side_rgb=edge, sides=28, ground=None)
            else:
                owner = ("blue", "red")[t.hq_owner[i]]
                b.add_disc((p[0], p[1], 0.6), HQ_R, 0.8, (1, 1, 1), f"tbhq:{owner}", side_rgb=SEAT_RGB[owner][:3],
                           sides=6, ground=None)
        # the game's box lid, art side up, beside the board
        lid = 24.0
        b.add_box((cx - w / 2 - lid / 2 - 6.0, cy + d * 0.1, 0.0), (lid, lid, 4.0), (0.16, 0.2, 0.32),
                  textures={"top": "boxart:toy-battle"}, heading=8.0, gloss=0.3)
        return b

    def _shadows(self) -> Any:
        """Soft shadows of the board and the box lid on the table."""
        import numpy as np

        from app.look.scenery import add_shadow, shadow_outline

        cx, cy = self.center
        w, d = self.extent
        b = Batch(contact=False)
        corners = np.array([[cx + sx * w / 2, cy + sy * d / 2, z] for sx in (-1, 1) for sy in (-1, 1) for z in (0, 0.6)])
        from shapely.geometry import box as rect

        add_shadow(b, shadow_outline(corners), 0.05, under=rect(cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2))
        lid = np.array([[cx - w / 2 - 18.0 + sx * 12, cy + d * 0.1 + sy * 12, z] for sx in (-1, 1) for sy in (-1, 1)
                        for z in (0, 4.0)])
        add_shadow(b, shadow_outline(lid), 0.05)
        node = b.node("shadows")
        node.setDepthWrite(False)
        node.setBin("transparent", 10)
        return node

    def redraw(self) -> None:
        from ursina import Entity, destroy

        destroy(self.dynamic)
        self.dynamic = Entity(parent=self.table.root)
        c = self.controller
        v = c.view_dict()
        if near_seat(v) != self.facing:  # the next player took the mouse: turn the board to them
            self.facing = near_seat(v)
            self.home()
        t = self.terrain
        import shapely

        mb = MeshBuilder()
        look = Batch()
        lit = set(c.highlighted_slots())
        for nid in lit:
            x, y = self.at(nid)
            r = BASE_R if t.is_base[t.index[nid]] else HQ_R
            mb.add_cylinder((x, y, 0.66), r + 1.4, 0.3, HIGHLIGHT, sides=24)
        for k, region in enumerate(t.regions):
            owner = v["claimed"][k]
            if owner >= 0:
                rgb = SEAT_RGB[("blue", "red")[owner]]
                add_area(mb, region_face(t, k), 0.68, rgba((0.5 + rgb[0] / 2, 0.5 + rgb[1] / 2, 0.5 + rgb[2] / 2)))
            face = region_face(t, k)  # outlined just inside its paths, so the line never lies on a path
            inner = shapely.buffer(face, -1.6)
            ring = shapely.buffer(inner.boundary, 0.35) if not inner.is_empty else inner
            line = SEAT_RGB[("blue", "red")[owner]] if owner >= 0 else tuple(c / 255 for c in palette(t.name)["edge"])
            add_area(mb, ring, 0.74, rgba(line))
            if region.pos is not None:  # the printed medal coin, its count on it; taken coins show the owner's rim
                x, y = region.pos
                coin = Batch()  # a loose coin: turned to the player to move, so its count reads upright
                coin.add_disc((x, y, 0.6), 2.6, 0.4, (1, 1, 1), f"medal:{region.medals}",
                              side_rgb=line[:3] if owner >= 0 else (0.8, 0.6, 0.15), gloss=0.6, ground=None)
                look.extend(coin.transform(self._turn((x, y))))
        for nid, stack in v["board"].items():
            x, y = self.at(nid)
            for h, troop in enumerate(stack):
                colour, name = troop.split()
                look.add_disc((x, y, 0.98 + h * TILE_H), 3.4, TILE_H * 0.9, (1, 1, 1), f"tile:{name}:{colour}",
                              side_rgb=COLOUR_RGB[colour][:3], sides=28, gloss=0.3, ground=None)
            if len(stack) > 1:  # the stack's height printed on a counter under the base's number
                lx, ly = self.label_spot(nid)
                add_placard(look, f"×{len(stack)}", (lx, ly - NODE_LABEL_CM - 0.4, 0.98), 2.0, "dark")
        self._node_labels(look)
        near = Batch()  # laid out on the near side, then turned to the seat shown
        self._reserves(near, v)
        self._racks(mb, v, near)
        look.extend(near.transform(self._turn()))
        static_entity(self.dynamic, mb, "toy-battle-pieces")
        look.node("toy-battle-look").reparentTo(self.dynamic)
        self._troop_help()

    def label_spot(self, nid: str) -> tuple[float, float]:
        """Where a node's number is printed: beside it, in the widest gap
        between the paths that leave it (so it lies on no path)."""
        x, y = self.at(nid)
        ways = sorted(math.atan2(self.at(m)[1] - y, self.at(m)[0] - x) for m in self.terrain.neighbours(nid)
                      if self.terrain.pos[self.terrain.index[m]] is not None)
        if not ways:
            a = -math.pi / 4
        else:
            gaps = [((ways[(k + 1) % len(ways)] - w) % math.tau or math.tau, w) for k, w in enumerate(ways)]
            gap, start = max(gaps)
            a = start + gap / 2
        i = self.terrain.index[nid]
        r = (BASE_R if self.terrain.is_base[i] else HQ_R) + 2.3
        return (x + r * math.cos(a), y + r * math.sin(a))

    def printed_labels(self) -> dict[str, str]:
        """The number printed beside each node: every base's id, and an H.Q.'s
        when its side has several (the log says "Red's H.Q." when it has one)."""
        t = self.terrain
        out = {}
        for i, nid in enumerate(t.ids):
            if t.pos[i] is None:
                continue
            if t.is_base[i] or len(t.hqs[t.hq_owner[i]]) > 1:
                out[nid] = nid
        return out

    def _node_labels(self, look: Batch) -> None:
        """Each base's number printed on the board beside it, upright for the seat shown."""
        for nid, text in self.printed_labels().items():
            x, y = self.label_spot(nid)
            add_placard(look, text, (x, y, 0.62), NODE_LABEL_CM, "cream", heading=self.yaw())

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

    def _reserves(self, look: Batch, v: dict[str, Any]) -> None:
        """Each side's reserve as face-down tiles stacked beside the board
        (yours near you), with its medals won as gold coins on top of the count."""
        cx, cy = self.center
        w, d = self.extent
        me = near_seat(v)
        for side in (0, 1):
            colour = ("blue", "red")[side]
            n = v["reserve_sizes"][side]
            near = side == me
            x0 = cx + w / 2 + 8.0
            y0 = cy - d * 0.25 if near else cy + d * 0.25
            for k in range(n):
                col, row = divmod(k, 6)
                look.add_disc((x0 + col * 7.4, y0 + (col % 2) * 0.8, row * 0.95), 3.4, 0.9, (1, 1, 1),
                              f"tile:kwak:{colour}:1", side_rgb=COLOUR_RGB[colour][:3], sides=24, gloss=0.3, ground=0.0)
            for m in range(v["medals"][side]):
                look.add_disc((x0 - 1.0, y0 - 7.5 + (1 if near else -1) * 0.0, 0.2 * m), 1.8, 0.2, (1, 1, 1), "medal:1",
                              side_rgb=(0.8, 0.6, 0.15), gloss=0.7, ground=0.0)

    def _racks(self, mb: MeshBuilder, v: dict[str, Any], look: Batch) -> None:
        """Your rack of tiles in front (names printed on the tray), the
        opponent's face-down tiles behind."""
        me = v["seat"]
        cx, cy = self.center
        front, back = self.rack_rows()
        if self.controller.handover_to is None:
            rack = v["rack"]
            down = list(v["face_down"])
            width = len(rack) * RACK_STEP + 2.0
            if rack:  # a wooden rack: a tray, and a ledge the tiles lean on, facing you
                look.add_box((cx, front - 1.6, 0.0), (width, RACK_DEPTH, 0.7), (0.62, 0.42, 0.24),
                             textures={"top": "wood"}, uv_repeat={"top": (2.0, 0.4)}, ground=None, surface=WOOD)
                look.add_box((cx, front + 1.3, 0.7), (width, 1.6, 2.4), (0.55, 0.36, 0.2),
                             textures={"top": "wood", "front": "wood"}, ground=None, surface=WOOD)
            a = math.radians(RACK_TILT)
            for i, name in enumerate(rack):
                x = self.rack_x(i, len(rack))
                sel = name == self.controller.selected
                if sel:
                    mb.add_box((*self.to_table(x, front - 1.6), 0.72), (RACK_STEP - 1.0, RACK_DEPTH - 0.6, 0.1), HIGHLIGHT)
                is_down = name in down
                if is_down:
                    down.remove(name)
                tile = Batch()  # built flat at the origin, leant back towards you, stood on the tray
                tile.add_disc((0.0, 0.0, 0.0), RACK_TILE_R, 1.0, (1, 1, 1), f"tile:{name}:{v['colour']}:{int(is_down)}",
                              side_rgb=COLOUR_RGB[v["colour"]][:3], sides=32, gloss=0.3, ground=None)
                lean = np.array([[1, 0, 0, x], [0, math.cos(a), -math.sin(a), front + 0.8],
                                 [0, math.sin(a), math.cos(a), 0.7 + RACK_TILE_R * math.sin(a) + (1.6 if sel else 0.0)],
                                 [0, 0, 0, 1]])
                look.extend(tile.transform(lean))
                add_placard(look, TROOP_TITLES.get(name, name), (x, front - RACK_TILE_R * math.cos(a) - 2.9, 0.72),
                            RACK_NAME_CM, "cream", max_width=RACK_STEP - 0.8)
                picker(self.dynamic, (*self.to_table(x, front - 1.6), 0.0), (RACK_STEP - 1.0, RACK_DEPTH, 7.0),
                       partial(self.controller.click_troop, name),
                       name=f"troop-{name}-{i}",
                       on_hover=partial(self._hover_troop, name))
        if me not in (0, 1):  # a spectator: blue's rack in front, its tiles' backs only (the engine's spectator side)
            self._rack_backs(look, v["racks"][0], "blue", front)
            me = 0
        opp = v["opponent_rack"]
        other = ("blue", "red")[1 - me]
        for i in range(opp["size"]):
            x = cx - (opp["size"] - 1) * 4.0 + i * 8.0
            look.add_disc((x, back, 0.0), 3.4, 1.0, (1, 1, 1), f"tile:kwak:{other}:1", side_rgb=COLOUR_RGB[other][:3],
                          sides=28, ground=None)
        seen = ", ".join(TROOP_TITLES.get(n, n) for n in opp["seen"]) or "nothing seen"
        placard(self.dynamic, "opponent-rack-label", f"{other.capitalize()} rack: {opp['size']} ({seen})",
                (*self.to_table(cx, back + 5.6), 0.05), 2.6, other, heading=self.yaw())

    def _rack_backs(self, look: Batch, rack: dict[str, Any], colour: str, row: float) -> None:
        """A rack seen from outside (a spectator's near one): its tiles' backs and what was seen arriving there."""
        cx = self.center[0]
        for i in range(rack["size"]):
            x = cx - (rack["size"] - 1) * 4.0 + i * 8.0
            look.add_disc((x, row, 0.0), 3.4, 1.0, (1, 1, 1), f"tile:kwak:{colour}:1", side_rgb=COLOUR_RGB[colour][:3],
                          sides=28, ground=None)
        seen = ", ".join(TROOP_TITLES.get(n, n) for n in rack["seen"]) or "nothing seen"
        placard(self.dynamic, "near-rack-label", f"{colour.capitalize()} rack: {rack['size']} ({seen})",
                (*self.to_table(cx, row - 5.6), 0.05), 2.6, colour, heading=self.yaw())

    def region_face(self, k: int) -> Any:
        faces = self.__dict__.setdefault("_faces", {})  # the terrain never changes under a view
        if k not in faces:
            faces[k] = region_face(self.terrain, k)
        return faces[k]

    def keep_clear(self) -> list[Any]:
        """The rack's tiles: a tile's tooltip kept off the others."""
        return [e for e in self.dynamic.children if e.name.startswith("troop-")]

    # ------------------------------------------------------------ tooltips (app.tips)
    def thing_for(self, name: str) -> str | None:
        """The tooltip key of a picker under the pointer: a base or H.Q., a rack tile."""
        if name.startswith("node-"):
            return f"base:{name[5:]}"
        if name.startswith("troop-"):
            return f"troop:{name[6:].rsplit('-', 1)[0]}"
        return None

    def thing_at(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> str | None:
        """What the pointer's ray meets on the board: a medal coin or a region
        (before and after it is claimed), a reserve, the opponent's rack."""
        from shapely.geometry import Point

        p = on_plane(a, b, 0.6)
        if p is None:
            return None
        x, y = p
        nx, ny = self.to_table(x, y)  # the racks' and reserves' near-side layout (the turn is its own inverse)
        regions = self.terrain.regions
        for k, r in enumerate(regions):
            if r.pos is not None and math.dist(r.pos, (x, y)) <= 2.8:
                return f"region:{k}"
        inside = [k for k in range(len(regions)) if self.region_face(k).contains(Point(x, y))]
        if inside:
            return f"region:{min(inside, key=lambda k: self.region_face(k).area)}"
        me = near_seat(self.controller.view_dict())
        for side in (0, 1):
            x0, y0, x1, y1 = self._reserve_box(side, me)
            if x0 <= nx <= x1 and y0 <= ny <= y1:
                return f"reserve:{side}"
        cx, _ = self.center
        _, back = self.rack_rows()
        n = self.controller.view_dict()["opponent_rack"]["size"]
        if n and abs(ny - back) <= 4.0 and abs(nx - cx) <= (n - 1) * 4.0 + 4.0:
            return "opponent-rack"
        return None

    def _reserve_box(self, side: int, me: int) -> tuple[float, float, float, float]:
        cx, cy = self.center
        w, d = self.extent
        x0 = cx + w / 2 + 8.0
        y0 = cy - d * 0.25 if side == me else cy + d * 0.25
        cols = max(1, (self.controller.view_dict()["reserve_sizes"][side] + 5) // 6)
        return (x0 - 4.0, y0 - 8.5, x0 + (cols - 1) * 7.4 + 4.0, y0 + 4.5)

    def thing_points(self, thing: str) -> list[tuple[float, float, float]]:
        """Corners of the box a tooltip must not cover (engine cm)."""
        kind, _, key = thing.partition(":")
        if kind == "region":
            x0, y0, x1, y1 = self.region_face(int(key)).bounds
            return [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (0.6, 2.0)]
        if kind == "reserve":
            x0, y0, x1, y1 = self._reserve_box(int(key), near_seat(self.controller.view_dict()))
            return [(*self.to_table(x, y), z) for x in (x0, x1) for y in (y0, y1) for z in (0.0, 6.0)]
        if thing == "opponent-rack":
            cx, _ = self.center
            _, back = self.rack_rows()
            n = self.controller.view_dict()["opponent_rack"]["size"]
            return [(*self.to_table(cx + sx * ((n - 1) * 4.0 + 4.0), back + sy * 4.0), z) for sx in (-1, 1)
                    for sy in (-1, 1) for z in (0.0, 2.0)]
        return []

    # ------------------------------------------------------------ for tests
    def slot_ring_point(self, nid: str) -> tuple[float, float, float]:
        """A point on the highlight ring round ``nid`` (outside the base and its stack)."""
        x, y = self.at(nid)
        r = BASE_R if self.terrain.is_base[self.terrain.index[nid]] else HQ_R
        return (x, y - r - 0.7, 0.9) if self.facing != 1 else (x, y + r + 0.7, 0.9)  # its near side

    def _hover_troop(self, name: str, inside: bool) -> None:
        self.controller.hover_troop(name if inside else None)

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
