"""Little Soldiers drawn on the table: the battlefield file's play zone,
scenery at its real heights (one combined mesh), Level tokens, objects and
tokens, the figurines from ``meshes/`` in their team colours, the Battle
Track and the HQ cards with their tokens beside the play zone, and the
Attack dice in front of it.

Overlays explain a choice with what the engine measured: the selected
soldier's yellow-cord reach (a translucent area), the bent cord to the point
under the mouse, the line-of-sight rays to a hovered enemy (green clear, red
blocked) with its range band, the aim arrow of a throw and the throw's flight.

Clicks on the table go through one big box collider; figurines and dice have
box colliders. The scene is built from the same battlefield the engine
loads and the same meshes, so what a player sees is what the rules measure.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from app import frames
from app.games.little_soldiers.controller import LittleSoldiersController
from app.games.little_soldiers.dice_tray import DiceTray
from app.games.little_soldiers.drawing import build_battlefield, draw_deploy_pin, draw_path, draw_rays, draw_region
from app.games.little_soldiers.hq_cards import (
    CARD_D,
    CARD_W,
    HEART_RGB,
    SELECT_RGB,
    SHIELD_RGB,
    draw_battle_track,
    draw_hq,
    facing,
    hq_row,
)
from app.games.little_soldiers.shows import SoldierShows
from app.games.protocols import GameScene
from app.look.figurines import figurine_node, plastic
from app.look.geom import Batch
from app.look.pieces import token as token_look
from app.look.placards import placard
from app.scene_mesh import MeshBuilder
from app.seats import SEAT_RGB
from app.table import Table, free_film, picker, static_entity
from engine.little_soldiers import queries
from engine.little_soldiers.phases import Phase

DEPLOY_HINT = "The green area: where the soldier may be deployed. Click there."
REACH_HINT = "The yellow area: where the cord reaches. Click there to move."
"""The hint box's words for the shaded areas: 'Yellow: where the cord reaches' read as
the yellow player's, for a green soldier at a hot-seat table."""

MESHES = Path(__file__).resolve().parents[3] / "meshes" / "figurines"
TARGET_RGB = (0.35, 1.0, 0.35, 1.0)
DEPLOY_RGBA = (0.25, 0.85, 0.35, 0.45)

REACH_RGBA = (1.0, 0.88, 0.15, 0.38)
CORD_RGB = (1.0, 0.85, 0.10, 1.0)
REFUSED_RGB = (1.0, 0.25, 0.2, 1.0)
BAND_RGB = {"green": (0.2, 0.85, 0.3, 1.0), "red": (0.95, 0.2, 0.15, 1.0), "yellow": (1.0, 0.85, 0.1, 1.0),
            None: (0.55, 0.55, 0.6, 1.0)}
CARD_RGB = (0.96, 0.93, 0.84, 1.0)
HOME_PITCH = 45.0
"""Degrees the home view looks down (chosen: at 54 the figurines stood 15 px tall at 1280x720, specks;
at 45 they stand 20 px with the whole table, its track, both HQs and the dice still framed)."""
TEAM_DISC_CM = 0.9
"""How far a figurine's team-coloured disc reaches past its base (chosen: findable from the home view)."""


@dataclass(frozen=True)
class TrackLayout:
    """A track as printed: its squares (where along the track, texture), the Flag's place, its title."""

    squares: list[tuple[float, str]]
    flag: float
    label: str


def rectangular(poly: Any) -> bool:
    """Whether a play zone is an axis-aligned rectangle (the mat then hides the table's wood under it)."""
    return len(poly.exterior.coords) == 5 and abs(poly.area - poly.envelope.area) < 1e-6


def figurine_facts(kind: str) -> dict[str, Any]:
    """The mesh sidecar: head centre and radius, base radius, height (cm)."""
    return json.loads((MESHES / f"{kind}.json").read_text(encoding="utf-8"))


class LittleSoldiersView(GameScene):
    """Little Soldiers' scene: the battlefield, figurines, HQ cards, dice and what explains a choice."""

    def __init__(self, controller: LittleSoldiersController) -> None:
        from ursina import Entity, Text, camera, color

        self.controller = controller
        self.battlefield = controller.match.config.battlefield()  # the embedded one for a loaded save
        minx, miny, maxx, maxy = self.battlefield.play_zone.bounds
        self.bounds = (minx, miny, maxx, maxy)
        self.center = ((minx + maxx) / 2, (miny + maxy) / 2)
        w, d = maxx - minx, maxy - miny
        # room in front for the HQ cards and dice, on the left for the Battle Track, behind for the other HQ
        self.table = Table(w + 40, d + 2 * (CARD_D + 14), top=None, center=(self.center[0] - 6, self.center[1]),
                           hole=self.bounds if rectangular(self.battlefield.play_zone) else None)  # the mat covers it
        self.tray = DiceTray(controller, self.table.root, self.bounds)
        """The Attack dice and the throw in flight."""
        self.home()
        # Advanced Tactics' Crates flip as they are activated: drawn with the pieces in play, as they stand now
        self.static = build_battlefield(self.table.root, self.battlefield,
                                        left_out=frozenset({"crate"}) if "crates" in controller.view_dict() else frozenset())
        for piece, solid in zip(self.battlefield.scenery, self.battlefield.solids, strict=True):
            if piece.object:  # its marker is printed on its top; its name on a card on the table in front of it
                c = solid.footprint.centroid
                front = solid.footprint.bounds[1] - 2.0
                placard(self.static, f"object-label-{piece.id}", piece.object.replace("_", " ").capitalize(),
                        (c.x, front, solid.bottom + 0.3), 1.8, "purple")
        # the Threats by the names the engine prints ('Octocutie-tentacle-1' was its id, capitalised)
        threat_names = {str(t["id"]): str(t.get("name") or t["id"]) for t in controller.view_dict().get("threats") or []}
        for token in self.battlefield.tokens:  # printed cards at the token's foot, not text floating over it
            if token.kind == "threat_target" and token.props.get("threat"):
                ident = str(token.props["threat"])
                placard(self.static, "threat-label", threat_names.get(ident, ident.replace("-", " ").capitalize()),
                        (token.at[0], token.at[1] - 4.9, 0.3), 1.8, "red")  # in front of its Heart stand
            elif token.kind == "force_field_switch":
                number = token.props.get("number")
                placard(self.static, "switch-label", "Force Field" + (f" {number}" if number is not None else ""),
                        (token.at[0], token.at[1] - 2.6, 0.3), 1.6, "blue")
        floor = picker(self.table.root, (self.center[0], self.center[1], -0.5), (w + 30, d + 30, 0.5), lambda: None,
                       name="table-picker")
        floor.on_click = self._clicked_table
        self.floor = floor
        self.facts = {k: figurine_facts(k) for k in ("infantry", "grenadier", "sniper", "operator")}
        self.dynamic = Entity(parent=self.table.root)
        self.overlay = Entity(parent=self.table.root)
        self._dragging = False
        self._polled: str | None = None
        """The soldier last found under the mouse by the hover poll."""
        self._last_hover_xy: tuple[float, float, str | None] | None = None
        self._hover_acted = len(controller.match.actions)
        """The actions played when the pointer was last read: after another,
        the cord waits for the pointer to move (it is where the last click or drag ended)."""
        from ursina import window

        self.info = Text(parent=camera.ui, text="", position=window.top_left + (0.02, -0.15), origin=(-0.5, 0.5),
                         scale=0.85, color=color.rgb(0.95, 0.97, 1.0), name="ls-info")
        self.ticker = Entity(name="ls-view-ticker")
        self.ticker.update = self.update
        self.ticker.input = self.input
        self.shows = SoldierShows(self)
        self.sound = lambda name: None  # the game screen sets it (app.sounds): the dice tray plays through it
        controller.listeners.append(self.redraw)
        controller.overlay_listeners.append(self.draw_overlay)
        self.redraw()
        if self.controller.view_dict().get("threats"):
            self.home()  # again, now that the Threats are drawn and can be framed

    FOLLOW_SPAN_CM = 48.0
    """The stretch of table the camera shows round an action it follows (app.camera_follow; chosen)."""

    FREE_FILM = (-0.96, 0.42, -0.84, 0.5)
    """The room the HUD leaves on the film (x0, x1, y0, y1): title and hint box
    above, the event log on the right. The engine's message line
    runs along the bottom (a 'Loaded ...' line lay over the rack)."""

    def home(self) -> None:
        """Frame the table, the Battle Track, both HQs and the dice (the 'h' key)."""
        minx, miny, maxx, maxy = self.bounds
        v = self.controller.view_dict()
        pts: list[tuple[float, float, float]] = [(minx, miny, 0), (maxx, miny, 0), (minx, maxy, 0), (maxx, maxy, 0)]
        track = self.track_layout()
        if track is not None:
            for step in (track.squares[0][0], track.squares[-1][0]):
                x, y, _ = self.track_point(step)
                pts += [(x - 3.5, y - 3.5, 0), (x + 3.5, y + 3.5, 0)]
        for g in v["generals"]:
            ti = hq_row(g["team"])
            for slot in (0, len(g["soldiers"])):
                cx, cy, _ = self.card_point(ti, slot)
                pts += [(cx - CARD_W / 2, cy - CARD_D / 2, 0), (cx + CARD_W / 2, cy + CARD_D / 2, 0)]
        pts.append(self.die_point(5))
        drawn = getattr(self, "dynamic", None)  # the co-op missions' Threats stand past the far edge, tall:
        monsters = drawn.find("**/threats") if drawn is not None else None  # their heads lay under the hint box
        if monsters is not None and not monsters.isEmpty():
            from ursina import scene

            lo, hi = (frames.to_engine(p) for p in monsters.getTightBounds(scene))
            pts += [(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
        self.table.frame(pts, free_film(self.FREE_FILM), pitch=HOME_PITCH)

    # ------------------------------------------------------------ points
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

    def die_point(self, index: int) -> tuple[float, float, float]:
        """Where die ``index`` rests (engine cm; its top face's centre)."""
        return self.tray.die_point(index)

    def card_point(self, team_index: int, slot: int) -> tuple[float, float, float]:
        """The centre of HQ card ``slot`` of the team (0 in front, 1 behind the
        zone; in a co-op mission, where the Threats stand behind the zone, the
        second HQ follows the first in front)."""
        minx, miny, maxx, maxy = self.bounds
        if team_index == 1 and self.controller.view_dict().get("threats"):
            first = next((len(g["soldiers"]) + 1 for g in self.controller.view_dict()["generals"]
                          if hq_row(g["team"]) == 0), 3)
            return (minx + CARD_W / 2 + (slot + first + 0.3) * (CARD_W + 1.5), miny - 6.0 - CARD_D / 2, 0.0)
        y = miny - 6.0 - CARD_D / 2 if team_index == 0 else maxy + 6.0 + CARD_D / 2
        x0 = minx + CARD_W / 2 if team_index == 0 else minx + CARD_W / 2
        return (x0 + slot * (CARD_W + 1.5), y, 0.0)

    def track_layout(self) -> TrackLayout | None:
        """The track the rules in play use, or None: the Bootcamp's Battle Track (the Flag
        between the two Victory zones), the co-op missions' track to the Threat Victory
        space, and none in King of the Hill and Battle Royale ('no Battle Track': one was
        drawn, its Flag standing for nothing)."""
        from app.look.pieces import SIDE_HEX

        v = self.controller.view_dict()
        if v.get("battle_track"):
            n = self.controller.view().chosen.flag_steps_to_victory
            squares = [(float(step), f"track:{abs(step)}:{'end' if abs(step) == n else ''}:"
                        f"{SIDE_HEX['green'] if step == n else SIDE_HEX['yellow'] if step == -n else ''}")
                       for step in range(-n, n + 1)]
            return TrackLayout(squares, float(v["flag"]), "Battle Track")
        left = v.get("threat_track_left")
        if isinstance(left, int) and v.get("threats"):
            total = self.controller.view().chosen.threat_track_spaces.get(self.controller.match.config.players)
            total = max(int(total or left), left)
            half = total / 2
            squares = [(k - half, f"track:{k}:{'end' if k == total else ''}:{'#d2322e' if k == total else ''}")
                       for k in range(total + 1)]
            return TrackLayout(squares[::-1], (total - left) - half, "Threat track")
        return None

    def track_point(self, step: float) -> tuple[float, float, float]:
        minx, miny, maxx, maxy = self.bounds
        layout = self.track_layout()
        n = max(abs(layout.squares[0][0]), abs(layout.squares[-1][0])) if layout is not None else 3
        return (minx - 9.0, self.center[1] + step * min(9.0, (maxy - miny) / (2 * n + 1)), 0.0)

    # ------------------------------------------------------------ input
    def _clicked_table(self) -> None:
        from ursina import mouse

        if mouse.world_point is None:
            return
        x, y, surface = self._surface_point(mouse.world_point)
        c = self.controller
        if c.phase() is Phase.THROW and c.my_turn():
            self._dragging = True
            c.aim_at(x, y)
            return
        c.click_table(x, y, surface)

    def _surface_point(self, world_point: Any) -> tuple[float, float, str | None]:
        """The walkable point under the mouse (a Level top it passes over first)."""
        from ursina import camera

        return self.controller.pick_surface(frames.to_engine(camera.world_position), frames.to_engine(world_point))

    def input(self, key: str) -> None:
        if key == "left mouse up" and self._dragging:
            self._dragging = False
            self.controller.release_aim()
        elif key == "left mouse up" and self.controller.aiming.dragging:  # a drag begun on the thrower
            self.controller.release_aim()

    def _hover_by_poll(self) -> None:
        """The enemy under the mouse, asked every frame. The pickers'
        enter/exit events missed a mouse already over the enemy when a soldier
        was selected (or when a redraw rebuilt the picker under it), so no
        sight rays showed."""
        from ursina import mouse

        c = self.controller
        if c.selected is None:
            return
        e = mouse.hovered_entity
        try:  # a picker destroyed by a redraw this frame is an empty node: nothing under the mouse
            name = "" if e is None or e.is_empty() else (e.name or "")
        except AssertionError:
            name = ""
        under = name[5:] if name.startswith("pick-") and not name.startswith("pick-die-") else None
        if under == self._polled:
            return
        self._polled = under  # what is under the mouse changed: ask once
        shown = c.hover.target if c.hover is not None else None
        if under != shown:
            c.hover_soldier(under)

    def _mouse_table_point(self) -> tuple[float, float, str | None] | None:
        """The walkable point under the mouse and its surface (a Level's top, None: the table)."""
        from ursina import mouse

        if mouse.hovered_entity is not self.floor or mouse.world_point is None:
            return None
        if self._dragging:  # aiming is measured on the table plane
            x, y, _ = frames.to_engine(mouse.world_point)
            return (x, y, None)
        return self._surface_point(mouse.world_point)

    def update(self) -> None:
        from app.animation import frame_dt

        self.tray.animate(frame_dt())
        self._hover_by_poll()
        if self.controller.aiming.dragging:  # a throw aimed by a drag begun on the thrower
            from app.pointer import mouse_on_plane

            aimed = mouse_on_plane(0.0)
            if aimed is not None:
                self.controller.aim_at(*aimed)
        p = self._mouse_table_point()
        if p is None:
            return
        c = self.controller
        if self._dragging:
            c.aim_at(p[0], p[1])
            return
        acted = len(c.match.actions)
        if acted != self._hover_acted:  # an action came: the pointer has to move before a cord shows
            self._hover_acted = acted  # (the cord showed at once where a throw's drag had ended)
            self._last_hover_xy = p
            return
        if c.reach() is not None and (self._last_hover_xy is None or math.dist(p[:2], self._last_hover_xy[:2]) > 0.4
                                        or p[2] != self._last_hover_xy[2]):
            self._last_hover_xy = p
            c.hover_table(*p)

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        from ursina import Entity, Vec3, destroy

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
                mb.add_cylinder((at[0], at[1], at[2] + 0.45), facts["base_radius"] + 0.8, 0.1, ring, sides=20)
            else:  # a disc of its team's colour round its base: findable across the table
                mb.add_cylinder((at[0], at[1], at[2] + 0.02), facts["base_radius"] + TEAM_DISC_CM, 0.06,
                                (0.55 + 0.45 * rgb[0], 0.55 + 0.45 * rgb[1], 0.55 + 0.45 * rgb[2], 1.0), sides=20)
            holder = Entity(parent=self.dynamic, position=Vec3(*frames.to_ursina(at)), name=s["id"],
                            rotation_y=frames.heading_to_ursina(facing(s["team"])))
            figurine_node(s["kind"], plastic(rgb)).instanceTo(holder)
            picker(self.dynamic, at, (2 * facts["base_radius"], 2 * facts["base_radius"], facts["height"]),
                   partial(self.controller.click_soldier, s["id"]), name=f"pick-{s['id']}",
                   on_hover=partial(self._hover_soldier, s["id"]))
            self._tokens_on_base(mb, s, at, facts)
        self._threats()
        look = Batch()
        for crate in c.view_dict().get("crates") or []:  # its colour now: an activated Crate is flipped over
            token_look(look, "crate", crate["at"], {"colour": crate["colour"]}, 0.2)
        draw_hq(self, mb, look)
        draw_battle_track(self, look)
        static_entity(self.dynamic, mb, "rings")
        look.node("hq-and-track").reparentTo(self.dynamic)
        self.tray.draw_dice()
        self.tray.draw_flight()
        self.draw_overlay()

    def _threats(self) -> None:
        """The co-op missions' Threats as toy monsters, their health and Force Fields."""
        v = self.controller.view_dict()
        threats = v.get("threats") or []
        if not threats:
            return
        from app.look.threats import threats_node

        body, fields = threats_node(threats, v.get("force_field_switches") or {})
        body.reparentTo(self.dynamic)
        for th in threats:  # its health and Force Field, readable from the table (the stand's slots were too small)
            if not th.get("target"):
                continue
            x, y, _ = (float(c) for c in th["target"])
            if th.get("broken"):
                state = "broken"
            else:
                state = f"{th['hearts']}/{th['toughness']} Hearts"
                if th.get("shields"):
                    state += f", {th['shields']} Shield{'s' if th['shields'] != 1 else ''}"
                if th.get("switches"):
                    state += ", Field " + ("down" if self.controller.view().field_off(th["id"]) else "up")
            placard(self.dynamic, f"threat-health-{th['id']}", state, (x, y - 7.2, 0.3), 1.5, "cream")
            # (printed under the name card app.look.placards lays in front of its Heart stand)
        if fields is not None:
            fields.setDepthWrite(False)
            fields.setBin("transparent", 30)
            fields.reparentTo(self.dynamic)

    def _tokens_on_base(self, mb: MeshBuilder, s: dict[str, Any], at: tuple[float, float, float],
                        facts: dict[str, Any]) -> None:
        """Small Heart/Shield stacks beside a figurine in play."""
        r = facts["base_radius"] + 0.9
        for k, (n, rgb) in enumerate(((s["hearts"], HEART_RGB), (s["shields"], SHIELD_RGB))):
            for j in range(n):
                ang = math.radians(-60 - 40 * k)
                mb.add_cylinder((at[0] + r * math.cos(ang), at[1] + r * math.sin(ang), at[2] + 0.25 * j),
                                0.55, 0.22, rgb, sides=10)

    def keep_clear(self) -> list[Any]:
        """The dice: a tooltip over one die kept off the others."""
        return list(self.tray.dice_entities)

    def dice_shown(self) -> list[str]:
        """The faces on top of the dice drawn now (for tests)."""
        return self.tray.dice_shown()

    @property
    def sound(self) -> Any:
        return self.tray.sound

    @sound.setter
    def sound(self, play: Any) -> None:
        self.tray.sound = play

    def animating(self) -> bool:
        """A throw still in the air or going off: the next action (and the result panel)
        waits for it (a bot's Move came while the grenade flew, and took it and its trail
        away before it had landed; the winning grenade was never seen)."""
        return self.tray.flying()

    def finish_animations(self) -> None:
        """Jump every animation to its end (tests, and 'skip')."""
        self.tray.finish()

    # ------------------------------------------------------------ overlays
    def draw_overlay(self) -> None:
        """Reach, bent cord, rays, range band, aim arrow: redrawn on hover."""
        from ursina import Entity, destroy

        destroy(self.overlay)
        self.overlay = Entity(parent=self.table.root, name="overlay")
        c = self.controller
        info: list[str] = []
        # the prompt after a card is chosen, not one on the table
        if c.my_turn() and c.phase() is Phase.DEPLOY and c.selected in c.in_hq():
            area = queries.deploy_area(c.view(), c.selected)
            if not area.is_empty:
                draw_region(self.overlay, area, 0.5, DEPLOY_RGBA, name="deploy-area")
                draw_deploy_pin(self.overlay, self.battlefield, area)
                info.append(DEPLOY_HINT)
        region = c.reach()
        sel = c.soldier(c.selected) if c.selected else None
        z = self.battlefield.surface_z(sel["spot"]["surface"]) if sel and sel["spot"] else 0.0
        if region is not None:
            draw_region(self.overlay, region, z + 0.5, REACH_RGBA, name="reach")
            info.append(REACH_HINT)
        last = c.last_path()
        if len(last) > 1:
            draw_path(
                self.overlay,
                [(x, y, self.battlefield.surface_height(x, y) + 0.6) for x, y in last],
                (0.95, 0.80, 0.2, 0.6),
                radius=0.15,
                name="last-path",
            )
        p = c.preview
        if p is not None and len(p.path) > 1:
            rgb = CORD_RGB if p.reason is None else REFUSED_RGB
            draw_path(self.overlay, [(x, y, z + 0.35) for x, y in p.path], rgb, radius=0.3, name="cord")
            end = p.path[-1]
            mb = MeshBuilder()
            mb.add_cylinder((end[0], end[1], z + 0.55), 1.2, 0.1, rgb, sides=18)
            static_entity(self.overlay, mb, "ghost").setLightOff()
            info.append(c.cord_line())
        if c.climb is not None:
            info.append(self._climb_overlay(c.climb, z))
        h = c.hover
        if h is not None:
            draw_rays(self.overlay, h.rays, name="rays")
            pa, pt = self.soldier_point(c.soldier(h.attacker)), self.soldier_point(c.soldier(h.target))
            assert pa is not None and pt is not None  # a hover is only made between soldiers in play
            mb = MeshBuilder()
            band = BAND_RGB[h.band]
            mb.add_cylinder((pt[0], pt[1], pt[2] + 0.5), 2.6, 0.1, band, sides=24)
            static_entity(self.overlay, mb, "band").setLightOff()
            draw_path(
                self.overlay, [(pa[0], pa[1], pa[2] + 0.1), (pt[0], pt[1], pt[2] + 0.1)], band, radius=0.2, name="band-line"
            )
            info.append(h.text)
        o = c.shot_origin()
        if c.aiming.aim is not None and o is not None:
            direction, strength = c.aiming.aim
            length = c.aiming.distance()  # (app) the measured flight, not strength x reach
            spread = c.aiming.spread()
            if spread is not None:  # where it may land: the aim's scatter (app.games.little_soldiers.controller)
                draw_region(self.overlay, spread, o[2] + 0.4, (1.0, 0.55, 0.15, 0.35), name="aim-spread")
            a = math.radians(direction)
            tip = (o[0] + length * math.cos(a), o[1] + length * math.sin(a), o[2] + 0.6)
            hot = (1.0, 1.0 - 0.8 * strength, 0.15, 1.0)
            draw_path(self.overlay, [(o[0], o[1], o[2] + 0.6), tip], hot, radius=0.45, name="aim", on_top=True)
            side = (math.cos(a + 2.6) * 3, math.sin(a + 2.6) * 3)
            side2 = (math.cos(a - 2.6) * 3, math.sin(a - 2.6) * 3)
            draw_path(
                self.overlay,
                [(tip[0] + side[0], tip[1] + side[1], tip[2]), tip, (tip[0] + side2[0], tip[1] + side2[1], tip[2])],
                hot,
                radius=0.45,
                name="aim-head",
                on_top=True,
            )
            most = " (the strongest throw that stays on the table)" if c.aiming.at_most else ""
            info.append(f"Aim {direction:.0f} degrees, strength {strength:.2f}{most}: release to throw.")
        elif c.phase() is Phase.THROW and c.my_turn():
            info.append(f"Drag on the table to aim the {c.aiming.kind()}: direction and strength; release to throw.")
        if c.phase() is Phase.REROLL and c.my_turn():
            info.append("Click dice to pick them for a reroll, then press the reroll button.")
        import textwrap

        from ursina import color

        self.info.text = "\n".join(line for text in info for line in textwrap.wrap(text, 70))
        if self.info.text:
            self.info.create_background(padding=0.012, radius=0.01, color=color.rgba(0.05, 0.06, 0.09, 0.8))
        elif getattr(self.info, "_background", None) is not None:  # an empty dark box stayed behind
            destroy(self.info._background)
            self.info._background = None

    # ------------------------------------------------------------ tooltips (app.tips)
    def thing_for(self, name: str) -> str | None:
        """The tooltip key of a picker under the pointer: a figurine, a soldier's HQ card, a die."""
        if name.startswith("pick-die-"):
            return f"die:{name[9:]}"
        if name.startswith("pick-"):
            return f"soldier:{name[5:]}"
        if name.startswith("card-") and not name.startswith("card-label"):
            return f"soldier:{name[5:]}"
        return None

    def thing_at(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> str | None:
        """What the pointer's ray (engine cm, ``a`` to ``b``) meets first: a
        Threat, a scenery piece (its drawn box: the kit's pieces are drawn
        from these solids), else on the table a token or a General's card."""
        import numpy as np
        import shapely

        o, d = np.asarray(a, float), np.asarray(b, float) - np.asarray(a, float)
        if d[2] >= 0:
            return None
        t_table = -o[2] / d[2]
        best: tuple[float, str] | None = None
        for th, (centre, radius) in self._threat_spheres():
            c = np.asarray(centre) - o
            t = float(c @ d / (d @ d))
            if 0 < t < t_table and np.linalg.norm(o + t * d - centre) <= radius:
                best = min(best or (t, th), (t, th))
        bf = self.controller.view().terrain.bf
        step = max(0.4 / float(np.linalg.norm(d)), t_table / 600)
        ts = np.arange(0.0, t_table + step, step)
        pts = o[None, :] + ts[:, None] * d[None, :]
        for solid in bf.solids:
            inside = np.flatnonzero((pts[:, 2] >= solid.bottom - 0.05) & (pts[:, 2] <= solid.top + 0.05))
            if not inside.size:
                continue
            hit = inside[shapely.contains_xy(solid.footprint, pts[inside, 0], pts[inside, 1])]
            if hit.size and (best is None or ts[hit[0]] < best[0]):
                best = (float(ts[hit[0]]), f"scenery:{solid.id}")
        if best is not None:
            return best[1]
        x, y = o[0] + t_table * d[0], o[1] + t_table * d[1]
        from engine.little_soldiers import data as D

        for i, token in enumerate(bf.tokens):
            if math.dist(token.at, (x, y)) <= D.TOKEN_RADIUS + 0.4:
                return f"token:{i}"
        for g, (cx, cy, _) in self._general_cards():
            if abs(x - cx) <= CARD_W / 2 and abs(y - cy) <= CARD_D / 2:
                return f"general:{g}"
        return None

    def _threat_spheres(self) -> list[tuple[str, tuple[tuple[float, float, float], float]]]:
        """Each Threat in play as a sphere round its body and eye (app.look.threats draws it there)."""
        out = []
        for th in self.controller.view_dict().get("threats") or []:
            x, y, eye = (float(c) for c in th["target"])
            r = max(3.0, eye * 0.42)
            out.append((f"threat:{th['id']}", ((x, y + r * 0.45, max(eye, r)), r * 1.25)))
        return out

    def _general_cards(self) -> list[tuple[int, tuple[float, float, float]]]:
        slots: dict[int, int] = {}
        out = []
        for g in self.controller.view_dict()["generals"]:
            ti = hq_row(g["team"])
            slot = slots.get(ti, 0)
            slots[ti] = slot + 1 + len(g["soldiers"])
            out.append((g["index"], self.card_point(ti, slot)))
        return out

    def thing_points(self, thing: str) -> list[tuple[float, float, float]]:
        """Corners of the box a tooltip must not cover (engine cm)."""
        kind, _, key = thing.partition(":")
        bf = self.controller.view().terrain.bf
        if kind == "scenery":
            solid = bf.solid(key)
            x0, y0, x1, y1 = solid.footprint.bounds
            return [(x, y, z) for x in (x0, x1) for y in (y0, y1) for z in (solid.bottom, solid.top)]
        if kind == "threat":
            for th, ((x, y, z), r) in self._threat_spheres():
                if th == thing:
                    return [(x + sx * r, y + sy * r, z + sz * r) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
        if kind == "token":
            x, y = bf.tokens[int(key)].at
            return [(x + sx * 2.5, y + sy * 2.5, z) for sx in (-1, 1) for sy in (-1, 1) for z in (0.0, 1.0)]
        if kind == "general":
            for g, (cx, cy, _) in self._general_cards():
                if str(g) == key:
                    return [
                        (cx + sx * CARD_W / 2, cy + sy * CARD_D / 2, z) for sx in (-1, 1) for sy in (-1, 1) for z in (0.0, 1.0)
                    ]
        return []

    def _climb_overlay(self, climb: Any, z: float) -> str:
        """A climb the pointer shows (Levels): the cord to where it touches the
        scenery, a ghost base where the soldier would stand on the other
        surface; yellow when the engine allows it this Move, red with its
        sentence when not. Returns the line for the info box."""
        c = self.controller
        ok = climb.reason is None
        rgb = CORD_RGB if ok else REFUSED_RGB
        if len(climb.path) > 1:
            pts = [(x, y, z + 0.35) for x, y in climb.path[:2]]
            if climb.end is not None:
                pts.append((climb.end[0], climb.end[1], climb.end[2] + 0.35))
            draw_path(self.overlay, pts, rgb, radius=0.3, name="climb-cord")
        if climb.end is not None:
            mb = MeshBuilder()
            mb.add_cylinder((climb.end[0], climb.end[1], climb.end[2] + 0.4), 1.6, 0.12, rgb, sides=20)
            static_entity(self.overlay, mb, "climb-ghost").setLightOff()
        where = self.surface_name(climb.surface) if climb.end is not None else "the Level"
        verb = "up onto" if climb.up else "down to"
        if ok:
            return (
                f"Climb {verb} {where}: {climb.length:.1f} cm of {climb.cord:.0f} cm cord; "
                "it stands on the ring shown and the Move ends. Click to climb."
            )
        from app.games.little_soldiers.tips import say

        return f"Cannot climb there: {say(c, climb.reason)}"

    def surface_name(self, surface: str | None) -> str:
        """A surface as a player reads it: 'the table', or the piece and its Level."""
        if surface is None:
            return "the table"
        from app.games.little_soldiers.tips import piece_name

        piece = self.battlefield.piece(surface)
        return f"the {piece_name(piece).lower()} (Level {piece.level})" if piece.level else f"the {piece_name(piece).lower()}"

    def _hover_soldier(self, ident: str, inside: bool) -> None:
        self.controller.hover_soldier(ident if inside else None)

    def destroy(self) -> None:
        from ursina import destroy

        if self.redraw in self.controller.listeners:
            self.controller.listeners.remove(self.redraw)
        if self.draw_overlay in self.controller.overlay_listeners:
            self.controller.overlay_listeners.remove(self.draw_overlay)
        destroy(self.ticker)
        destroy(self.info)
        self.table.destroy()
