"""``toybox los FILE``: the line-of-sight debugger window.

Two figurines on the battlefield; every ray from the attacker's head to the
target head's samples is drawn, clear rays green and blocked ones red, the
blocking scenery in red too; the panel gives the engine's verdict and the
visible fraction. Drag a figurine with the left button and the answer
updates live; M shows the table-wide map (from the attacker: every point
where a target would be valid, green, or not, red); Tab switches which
figurine the keys act on, 0/1/2 put it on the table or a Level top under
it, T cycles its type, S swaps attacker and target.

The window only draws :class:`app.editor.los_session.LosSession`; the
answers are the engine's.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from app import frames
from app.editor.battlefield_scene import add_battlefield, add_heat_map, add_segment, kit_look
from app.editor.los_session import ROLES, LosSession
from app.pointer import mouse_on_plane
from app.scene_mesh import MeshBuilder
from app.shell import window
from app.table import Table, static_entity
from engine.little_soldiers.data import FIGURINE_TYPES
from engine.little_soldiers.table.figures import figure_size

MESHES = Path(__file__).resolve().parents[2] / "meshes" / "figurines"
CLEAR = (0.25, 0.90, 0.35, 1.0)
BLOCKED = (0.95, 0.22, 0.20, 1.0)
ROLE_RGB = {"attacker": (0.20, 0.62, 0.25, 1.0), "target": (0.95, 0.80, 0.15, 1.0)}
HELP = "drag a figurine  |  Tab: other figurine  |  0/1/2: Level  |  T: type  |  S: swap  |  M: table map"


class LosWindow:
    def __init__(self, session: LosSession) -> None:
        from ursina import Button, Entity, Text, camera, color
        from ursina import window as uwindow

        self.session = session
        self.show_map = False
        self.dragging: str | None = None
        bf = session.bf
        minx, miny, maxx, maxy = bf.play_zone.bounds
        w, d = maxx - minx, maxy - miny
        self.center = ((minx + maxx) / 2, (miny + maxy) / 2)
        self.table = Table(w + 24, d + 24, center=self.center)
        self.table.home(pitch=56.0, yaw=0.0, distance=1.5 * max(w, d) + 45,
                        target=(self.center[0] + 0.17 * w, self.center[1] - 0.04 * d, 0))
        self.scene: Any = None
        self.dynamic = Entity(parent=self.table.root)
        ui = Entity(parent=camera.ui, name="los-ui")
        self.ui = ui
        Entity(parent=ui, model="quad", color=color.rgba(0.06, 0.07, 0.09, 0.86), origin=(0.5, 0.5),
               position=uwindow.top_right + (-0.01, -0.01), scale=(0.46, 0.31), z=1)
        Text(parent=ui, text="Line of sight", position=uwindow.top_right + (-0.455, -0.03), origin=(-0.5, 0.5),
             scale=1.3, color=color.white)
        self.verdict = Text(parent=ui, text="", position=uwindow.top_right + (-0.455, -0.085), origin=(-0.5, 0.5),
                            scale=1.25)
        self.details = Text(parent=ui, text="", position=uwindow.top_right + (-0.455, -0.135), origin=(-0.5, 0.5),
                            scale=0.8, color=color.rgb(0.88, 0.9, 0.95))
        Text(parent=ui, text=HELP, position=uwindow.bottom_left + (0.02, 0.03), origin=(-0.5, -0.5), scale=0.75,
             color=color.rgb(0.8, 0.82, 0.88))
        Text(parent=ui, text=f"{bf.name}", position=uwindow.top_left + (0.02, -0.02), origin=(-0.5, 0.5), scale=1.2,
             color=color.rgb(1, 0.95, 0.7))
        self.buttons = {}
        for i, (name, action) in enumerate([("Swap", self.swap), ("Table map", self.toggle_map),
                                            ("Type", self.cycle_type)]):
            b = Button(parent=ui, text=name, scale=(0.13, 0.04), position=uwindow.top_right + (-0.385 + i * 0.145, -0.28),
                       color=color.rgb(0.25, 0.3, 0.38), text_size=0.75)
            b.on_click = action
            self.buttons[name] = b
        self.driver = Entity(name="los-driver")
        self.driver.update = self.update
        self.driver.input = self.input
        self.redraw()

    # --------------------------------------------------------------- drawing
    def redraw(self) -> None:
        from ursina import Entity, Vec3, Vec4, color, destroy
        from ursina.mesh_importer import load_model

        s = self.session
        sight = s.sight()
        if self.scene is not None:
            destroy(self.scene)
        mb = MeshBuilder()
        add_battlefield(mb, s.bf, blockers=sight.blockers, skip_kit=True)
        if self.show_map:
            from engine.little_soldiers.table.balance import standing_heights

            xs, ys, grid = s.target_map()
            add_heat_map(mb, xs, ys, grid, "verdict", heights=standing_heights(s.bf, xs, ys))
        for start, end, blocked in zip(sight.starts, sight.ends, sight.blocked, strict=True):
            add_segment(mb, start, end, BLOCKED if blocked else CLEAR, 0.07 if not blocked else 0.09)
        for role in ROLES:
            fig = s.figurines[role]
            size = figure_size(fig.kind)
            ring = (1, 1, 1, 1) if role == s.selected else ROLE_RGB[role]
            mb.add_cylinder((fig.spot.x, fig.spot.y, fig.spot.z + 0.01), size.base_radius + 0.6, 0.06, ring, sides=24)
        self.scene = static_entity(self.table.root, mb, "los-scene")
        look = kit_look(s.bf, blockers=sight.blockers)  # the household kit as printed in play; blockers stay red
        if look is not None and self.scene is not None:
            look.reparentTo(self.scene)
        destroy(self.dynamic)
        self.dynamic = Entity(parent=self.table.root)
        for role in ROLES:
            fig = s.figurines[role]
            holder = Entity(parent=self.dynamic, position=Vec3(*frames.to_ursina((fig.spot.x, fig.spot.y, fig.spot.z))))
            body = Entity(parent=holder, scale=frames.CM, rotation_x=frames.ZUP_GLTF_ROTATION_X)
            model = load_model(fig.kind, path=MESHES)
            if model is not None:
                model.reparentTo(body)
            body.setColorScale(Vec4(*ROLE_RGB[role]))
            body.setLightOff()
        n = len(sight.blocked)
        clear = n - int(sight.blocked.sum())
        self.verdict.text = "VALID TARGET" if sight.valid else "NOT A VALID TARGET"
        self.verdict.color = color.rgb(*CLEAR[:3]) if sight.valid else color.rgb(*BLOCKED[:3])
        lines = [f"visible fraction  {sight.visible_fraction:.0%}  ({clear} of {n} rays clear)"]
        lines.append("blocked by  " + s.blocker_words(sight))
        for role in ROLES:
            lines.append(f"{role}: {s.where(role, named=True)}")
            note = s.placement_note(role)
            if note:
                lines.append(f"   ({note})")
        if self.show_map:
            lines.append("map: green = valid target there, red = not")
        self.details.text = "\n".join(textwrap.fill(line, 52, subsequent_indent="   ") for line in lines)

    # ------------------------------------------------------------- commands
    def swap(self) -> None:
        self.session.swap()
        self.redraw()

    def toggle_map(self) -> None:
        self.show_map = not self.show_map
        self.redraw()

    def cycle_type(self) -> None:
        role = self.session.selected
        kind = self.session.figurines[role].kind
        self.session.set_kind(role, FIGURINE_TYPES[(FIGURINE_TYPES.index(kind) + 1) % len(FIGURINE_TYPES)])
        self.redraw()

    def set_level(self, level: int) -> None:
        role = self.session.selected
        spot = self.session.figurines[role].spot
        try:
            self.session.place(role, spot.x, spot.y, level)
        except ValueError as err:
            self.details.text = str(err)
            return
        self.redraw()

    # ---------------------------------------------------------------- input
    def input(self, key: str) -> None:
        if key == "left mouse down":
            from app.pointer import mouse_ray

            ray = mouse_ray()
            role = self.session.pick_ray(*ray) if ray is not None else None  # its head over a box is enough
            if role is not None:
                self.dragging = role
                self.redraw()
                return
            p = mouse_on_plane(0.0)
            if p is not None:
                for role in ROLES:  # a figurine on a Level is picked on its top's plane
                    z = self.session.figurines[role].spot.z
                    q = mouse_on_plane(z) if z else p
                    if q is not None and self.session.pick(*q) == role:
                        self.dragging = role
                        self.redraw()
                        break
        elif key == "left mouse up":
            self.dragging = None
        elif key == "tab":
            self.session.selected = "attacker" if self.session.selected == "target" else "target"
            self.redraw()
        elif key in ("0", "1", "2"):
            self.set_level(int(key))
        elif key == "t":
            self.cycle_type()
        elif key == "s":
            self.swap()
        elif key == "m":
            self.toggle_map()

    def update(self) -> None:
        if self.dragging is None:
            return
        fig = self.session.figurines[self.dragging]
        p = mouse_on_plane(fig.spot.z)
        if p is None or (abs(p[0] - fig.spot.x) < 0.2 and abs(p[1] - fig.spot.y) < 0.2):
            return
        self.session.place(self.dragging, p[0], p[1])  # onto whatever surface is under the mouse
        self.redraw()


def render(session: LosSession, out: str | Path, size: tuple[int, int] = (1280, 720), show_map: bool = False) -> Any:
    """Draw the debugger offscreen to a PNG (tests, docs/screenshots)."""
    app = window.start(offscreen=True, size=size, title="Toybox - line of sight")
    win = LosWindow(session)
    if show_map:
        win.toggle_map()
    window.step(app, 2)
    window.screenshot(app, out)
    return app, win


def run(file: str, start: str | None, end: str | None, attacker: str = "infantry", target: str = "infantry") -> int:
    session = LosSession.open(file, start, end, attacker, target)
    if not window.display_available():
        print("toybox los: no display to open the window on; use --from and --to for the text answer.")
        return 2
    app = window.start(offscreen=False, size=(1440, 900), title="Toybox - line of sight")
    LosWindow(session)
    app.run()
    return 0
