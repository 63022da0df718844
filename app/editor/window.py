"""``toybox edit [FILE]``: the level editor window.

Little Soldiers battlefields open on the 3D table: a tool palette on the
left, the selected piece's numbers and the live problem list on the right,
a gizmo on the selection (red x and green y arrows drag along one axis, the
blue ring turns it, the centre drags freely on the table), the balance heat
maps under the scenery (B cycles them) and the fairness line at the bottom.
Toy Battle terrains open flat, as a board seen from above: bases and H.Q.s
as discs, paths as beams, regions with their medals at their centre.

The selection's numbers are typed into fields on the right (Enter applies
one undoable edit; a typo gets a sentence in the status line). The
play-zone tool draws the table's outline corner by corner and shows its
corners as handles to drag; a selected hatched zone shows its corners too;
the mesh tool opens an in-window file picker. The help line at the bottom
is printed from the shortcut table the session handles
(``app.editor.shortcuts``).

Everything the window does is a call on :class:`app.editor.session.EditorSession`
(the tests drive that without a window); validation and balance are the
engine's. Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves (refused, with the
number of problems, while the level has any).

Opened from the start screen (``toybox play``), a Menu button goes back to
it; with unsaved changes it asks first (save and leave, leave without
saving, or keep editing), so no edit is lost without a word.
"""

from __future__ import annotations

import math
import sys
import textwrap
from pathlib import Path
from typing import Any

from app.editor import scene_draw
from app.editor.panels import BAR_W, FieldsPanel, PickerPanel, ProblemsPanel, bar_x
from app.editor.prompts import ask, ask_name
from app.editor.scene_draw import TERRAIN_SCALE
from app.editor.session import BATTLEFIELD_TOOLS, TERRAIN_TOOLS, EditorSession
from app.editor.shortcuts import SESSION_KEYS, WINDOW_KEYS, help_lines, key_name
from app.editor.simulate_bar import SimulatePanel
from app.hud import fit_text
from app.pointer import mouse_on_plane, mouse_ray
from app.scene_mesh import MeshBuilder
from app.shell import window
from app.table import Table, static_entity

OVERLAYS = (None, "green sees", "yellow sees", "green reaches", "yellow reaches")
LEGEND_WORDS = {"sees": ("sees little", "sees most of the table"),
                "reaches": ("many Moves away", "reached in one Move")}
"""The heat map legend's ends (dark blue to yellow), per map kind."""


class EditorWindow:
    def __init__(self, session: EditorSession, on_back: Any = None) -> None:
        """``on_back()`` (from the start screen) shows a Menu button that goes
        back to it, asking first when there are unsaved changes."""
        self._build(session, on_back)

    def _build(self, session: EditorSession, on_back: Any = None) -> None:
        """The window for ``session``: built once, and again for a new level
        (the shell and the frame guard keep this same window)."""
        from ursina import Button, Entity, Text, camera, color
        from ursina import window as uwindow

        self.session = session
        self.on_back = on_back
        self.prompt: Any = None
        """The unsaved-changes question while it is open (it takes every click and key)."""
        self.overlay: str | None = None
        self.axis: str | None = None
        self._last: tuple[float, float] | None = None
        self.gizmo: dict[str, Any] | None = None
        self.scene: Any = None
        self.labels: Any = None
        terrain = session.mode == "terrain"
        if terrain:
            w, d = 100 * TERRAIN_SCALE, 100 * TERRAIN_SCALE
            self.center = (w / 2, d / 2)
        else:
            xs = [p[0] for p in session.data["play_zone"]]
            ys = [p[1] for p in session.data["play_zone"]]
            w, d = max(xs) - min(xs), max(ys) - min(ys)
            self.center = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        self.size = (w, d)
        self.table = Table(w + 24, d + 24, center=self.center)
        self.home()
        ui = Entity(parent=camera.ui, name="editor-ui")
        self.ui = ui
        panel = color.rgba(0.06, 0.07, 0.09, 0.88)
        Entity(parent=ui, model="quad", color=panel, origin=(-0.5, 0.5), position=uwindow.top_left + (0.01, -0.07),
               scale=(0.2, 0.8), z=1)
        Entity(parent=ui, model="quad", color=panel, origin=(0.5, 0.5), position=uwindow.top_right + (-0.01, -0.07),
               scale=(0.42, 0.8), z=1)
        name = session.doc.path.name if session.doc.path else "untitled"
        self.title = Text(parent=ui, text="", position=uwindow.top_left + (0.02, -0.02), origin=(-0.5, 0.5), scale=1.2,
                          color=color.rgb(1, 0.95, 0.7))
        self.file_name = name
        self.tool_buttons: dict[str, Any] = {}
        tools = TERRAIN_TOOLS if terrain else BATTLEFIELD_TOOLS
        for i, tool in enumerate(tools):
            b = Button(parent=ui, text=tool.replace("-", " "), scale=(0.18, 0.036),
                       position=uwindow.top_left + (0.11, -0.1 - i * 0.042), color=color.rgb(0.22, 0.26, 0.33),
                       text_size=0.7)
            b.on_click = lambda t=tool: self.set_tool(t)
            self.tool_buttons[tool] = b
        self.kit_buttons = {} if terrain else kit_palette(ui, uwindow.top_left + (0.25, -0.1), self.pick_kit)
        self.bar: dict[str, Any] = {}
        actions = [("Undo", self.undo), ("Redo", self.redo), ("Save", self.save), ("Save as", self.save_as)]
        if not terrain:
            actions += [("New", self.new_battlefield), ("Balance", self.cycle_overlay)]
        for i, (label_, action) in enumerate(actions):
            b = Button(parent=ui, text=label_, scale=(BAR_W, 0.04), position=uwindow.top_right + (bar_x(i), -0.035),
                       color=color.rgb(0.25, 0.3, 0.38), text_size=0.75)
            b.on_click = action
            self.bar[label_] = b
        if on_back is not None:  # at the far right of the bar, clear of the edit buttons and Simulate
            b = Button(parent=ui, text="Menu", scale=(0.1, 0.04), position=uwindow.top_right + (-0.065, -0.035),
                       color=color.rgb(0.25, 0.3, 0.38), text_size=0.75, name="editor-menu")
            b.on_click = self.menu
            self.bar["Menu"] = b
        Text(parent=ui, text="Selection", position=uwindow.top_right + (-0.415, -0.085), origin=(-0.5, 0.5), scale=0.95,
             color=color.light_gray)
        corner = uwindow.top_right
        self.fields = FieldsPanel(ui, (corner[0] - 0.415, corner[1] - 0.12), self.submit_field)
        Text(parent=ui, text="Problems", position=uwindow.top_right + (-0.415, -0.48), origin=(-0.5, 0.5), scale=0.95,
             color=color.light_gray)
        self.problems = ProblemsPanel(ui, (uwindow.top_right[0] - 0.415, uwindow.top_right[1] - 0.515), self.pick_problem)
        Entity(parent=ui, model="quad", color=panel, origin=(-0.5, -0.5), position=uwindow.bottom_left,
               scale=(uwindow.aspect_ratio, 0.135), z=1)  # under the status and help lines
        self.balance = Text(parent=ui, text="", position=uwindow.top_right + (-0.415, -0.76), origin=(-0.5, 0.5),
                            scale=0.72, color=color.rgb(0.85, 0.88, 1.0))
        self.status = Text(parent=ui, text="", position=uwindow.bottom_left + (0.02, 0.088), origin=(-0.5, -0.5),
                           scale=0.85, color=color.rgb(0.9, 0.92, 1.0))
        self.help = Text(parent=ui, position=uwindow.bottom_left + (0.02, 0.012), origin=(-0.5, -0.5), scale=0.66,
                         color=color.rgb(0.7, 0.72, 0.78), text="\n".join(help_lines(terrain)))
        self.legend = Entity(parent=ui, name="balance-legend")
        self.picker = PickerPanel(ui, self.choose_file, self.page_picker, self.close_picker)
        self._submitted_frame = -1
        self.driver = Entity(name="editor-driver")
        self.driver.input = self.input
        self.driver.update = self.update
        self.simulate = None if terrain else SimulatePanel(self)
        self.refresh()

    def free_film(self) -> tuple[float, float, float, float]:
        """The room between the panels on the film (x0, x1, y0, y1): the tool
        column left, Selection/Problems right, the button row above, the
        status and help lines below."""
        from ursina import window as uwindow

        half = uwindow.aspect_ratio / 2
        return ((-half + 0.23) / half, (half - 0.45) / half, (-0.5 + 0.15) / 0.5, (0.5 - 0.08) / 0.5)

    def home(self) -> None:
        """Frame the table between the panels (they covered its sides); the H key."""
        w, d = self.size
        cx, cy = self.center
        corners = [(cx + sx * (w / 2 + 4), cy + sy * (d / 2 + 4), 0.0) for sx in (-1, 1) for sy in (-1, 1)]
        self.table.frame(corners, self.free_film(), pitch=89.0 if self.session.mode == "terrain" else 55.0)

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw the scene and the panels from the session."""
        from ursina import Entity, color, destroy
        from ursina import window as uwindow

        s = self.session
        if self.scene is not None:
            destroy(self.scene)
        if self.labels is not None:
            destroy(self.labels)
        self.labels = Entity(parent=self.table.root)
        mb = MeshBuilder()
        if s.mode == "terrain":
            scene_draw.draw_terrain(self, mb)
        else:
            scene_draw.draw_battlefield(self, mb)
        self.scene = static_entity(self.table.root, mb, "editor-scene")
        for tool, b in self.tool_buttons.items():
            b.color = color.rgb(0.85, 0.62, 0.2) if tool == s.tool else color.rgb(0.22, 0.26, 0.33)
        for kind, b in self.kit_buttons.items():  # the household kit's thumbnails, while its tool is taken
            b.enabled = s.tool == "household"
            if kind != KIT_PANEL:
                b.color = color.rgb(1.0, 0.85, 0.45) if kind == s.kit_kind else color.white
        dirty = " *" if s.doc.dirty else ""
        kept = "  (read-only: Save as)" if s.read_only else ""
        self.title.text = fit_text(f"{self.file_name}{dirty}  -  {s.data.get('name', '')}{kept}", 1.2,
                                   (uwindow.top_right[0] - 0.79 - 0.05) - (uwindow.top_left[0] + 0.02) - 0.02)
        self.fields.show(s)
        self.picker.show(s)
        self.problems.show(s)
        line = s.message.splitlines()[0] if s.message else ""
        if not s.snapping and "Grid snap" not in line:
            line = (line + "   " if line else "") + "[grid snap off]"
        self.status.text = line
        self.balance.text = ""
        self._legend()
        if s.mode == "battlefield" and s.battlefield() is not None:
            b = s.balance()
            if b is not None:
                shown = f"\n[map: {self.overlay}]" if self.overlay else ""
                self.balance.text = textwrap.fill("Balance: " + b.summary(), 46) + shown

    def _legend(self) -> None:
        """What the heat map's colours mean, while one is shown (it had no legend)."""
        from ursina import Entity, Text, color, destroy
        from ursina import window as uwindow

        from app.editor.battlefield_scene import heat_colour

        destroy(self.legend)
        self.legend = Entity(parent=self.ui, name="balance-legend")
        if not self.overlay or self.session.mode != "battlefield":
            return
        low, high = LEGEND_WORDS[self.overlay.split()[1]]
        side = self.overlay.split()[0].capitalize()
        # right of the tool column (0.2 wide): at its foot it lay over the last tool buttons
        x0, y0 = uwindow.bottom_left[0] + 0.23, uwindow.bottom_left[1] + 0.175
        Text(parent=self.legend, text=f"Heat map: {side} {self.overlay.split()[1]} (B: next map)", origin=(-0.5, -0.5),
             position=(x0, y0 + 0.03), scale=0.75, color=color.white, name="legend-title")
        steps = 12
        for i in range(steps):
            r, g, b, _ = heat_colour(i / (steps - 1))
            Entity(parent=self.legend, model="quad", color=color.rgb(r, g, b), origin=(-0.5, -0.5),
                   position=(x0 + 0.1 + i * 0.025, y0), scale=(0.025, 0.022), name="legend-swatch")
        Text(parent=self.legend, text=low, origin=(0.5, -0.5), position=(x0 + 0.09, y0 - 0.002), scale=0.65,
             color=color.light_gray, name="legend-low")
        Text(parent=self.legend, text=high, origin=(-0.5, -0.5), position=(x0 + 0.11 + steps * 0.025, y0 - 0.002),
             scale=0.65, color=color.light_gray, name="legend-high")





    # ------------------------------------------------------------------ commands
    def pick_kit(self, kind: str) -> None:
        """A thumbnail of the household kit was clicked: the next click places it."""
        self.session.kit_kind = kind
        self.session.message = f"Click the table (or a Level) to place the {kind.replace('_', ' ')}."  # not 'a blocks'
        self.refresh()

    def set_tool(self, tool: str) -> None:
        self.session.set_tool(tool)
        self.refresh()

    def submit_field(self, name: str, text: str) -> None:
        """Enter in a number field: one undoable edit, or a sentence."""
        from panda3d.core import ClockObject

        self._submitted_frame = ClockObject.getGlobalClock().getFrameCount()
        self.session.type_field(name, text)
        self.fields.show(self.session, force=True)
        self.refresh()

    def choose_file(self, name: str) -> None:
        self.session.choose_file(name)
        self.refresh()

    def page_picker(self, delta: int) -> None:
        if self.session.picker is not None:
            self.session.picker.page += delta
        self.refresh()

    def close_picker(self) -> None:
        self.session.picker = None
        self.session.message = ""
        self.refresh()

    def undo(self) -> None:
        self.session.undo()
        self.refresh()

    def redo(self) -> None:
        self.session.redo()
        self.refresh()

    def save(self) -> None:
        """Save; a new level or one that comes with Toybox asks for a name first."""
        if self.session.needs_name():
            self.save_as()
            return
        self.session.save()
        self.refresh()

    def save_as(self, then: Any = None) -> None:
        """Ask for the level's name, then save it in the player's folder (and do ``then``)."""
        self.close_prompt()
        s = self.session

        def named(name: str) -> None:
            self.close_prompt()
            if s.save_as(name):
                self.file_name = s.doc.path.name if s.doc.path else self.file_name
                if then is not None:
                    then()
                    return
            self.refresh()

        default = str(s.data.get("name") or "") + (" (mine)" if s.read_only else "")
        self.prompt = ask_name("Save the level as", default.strip() or "My battlefield", named, self.close_prompt)

    def new_battlefield(self) -> None:
        """New: an empty battlefield in place of this one (after asking, when
        there are unsaved changes)."""
        if self.session.doc.dirty:
            self._ask_leave(self._start_new, "start anew")
            return
        self._start_new()

    def _start_new(self) -> None:
        self.close_prompt()
        session = EditorSession.open(None, self.session.root)
        session.message = "A new battlefield: place scenery and tokens; Save asks for its name."
        self.destroy()
        self._build(session, self.on_back)

    # ------------------------------------------------------------ leaving
    def menu(self) -> None:
        """The Menu button: back to the start screen, at once when everything
        is saved, else after the unsaved-changes question."""
        if self.on_back is None:
            return
        if not self.session.doc.dirty:
            self.on_back()
            return
        self._ask_leave()

    def _ask_leave(self, then: Any = None, verb: str = "leave") -> None:
        """Unsaved changes: save them first (asking a name where Save would),
        go on without them, or keep editing. ``then`` is where to go (the Menu)."""
        then = then or self.on_back
        self.close_prompt()

        def save_first() -> None:
            self.close_prompt()
            if self.session.needs_name():
                self.save_as(then)
            elif self.session.save():
                then()
            else:
                self.session.message = self.session.message.rstrip(".") + f": fix them, or {verb} without saving."
                self.refresh()

        def without() -> None:
            self.close_prompt()
            self.session.discard_imports()  # mesh copies only the unsaved level used
            then()

        self.prompt = ask(f"{self.file_name} has unsaved changes.",
                          ((f"Save and {verb}", save_first), (f"{verb.capitalize()} without saving", without),
                           ("Keep editing", self.close_prompt)),
                          name="leave-prompt")

    def close_prompt(self) -> None:
        """Close the open question: hidden now, destroyed a moment later (the
        Enter that submits a name reaches the text field's own handler after
        ours, which then turns the field off: destroyed at once, that killed
        the window)."""
        from ursina import destroy

        if self.prompt is not None:
            self.prompt.enabled = False
            destroy(self.prompt, delay=0.1)
            self.prompt = None

    def tell(self, sentence: str) -> None:
        """A sentence from the frame guard (app.shell.guard) in the status line."""
        self.session.message = sentence
        self.refresh()

    def recover(self) -> None:
        """After an error in a frame: drop what was half-done and redraw."""
        self.session.end_drag()
        self.axis = None
        self.close_prompt()
        self.refresh()

    def destroy(self) -> None:
        from ursina import destroy

        self.close_prompt()
        if self.simulate is not None:
            if self.simulate.sim is not None:
                self.simulate.sim.stop.set()
            destroy(self.simulate.driver)
            if self.simulate.map is not None:
                destroy(self.simulate.map)
        destroy(self.driver)
        destroy(self.ui)
        self.table.destroy()

    def cycle_overlay(self) -> None:
        self.overlay = OVERLAYS[(OVERLAYS.index(self.overlay) + 1) % len(OVERLAYS)]
        self.refresh()

    def _table_point(self) -> tuple[float, float] | None:
        p = mouse_on_plane(0.0)
        if p is None:
            return None
        if self.session.mode == "terrain":
            return (p[0] / TERRAIN_SCALE, p[1] / TERRAIN_SCALE)
        return p

    def _over_ui(self) -> bool:
        """Is the mouse over a button, a field or the picker (not the table)?"""
        from ursina import mouse

        node = mouse.hovered_entity
        while node is not None:
            if node is self.ui:
                return True
            node = node.parent
        return False

    def input(self, key: str) -> None:
        from panda3d.core import ClockObject
        from ursina import held_keys

        s = self.session
        if self.prompt is not None:
            if key == "escape":
                self.close_prompt()
            return  # the unsaved-changes question is open: it takes the input
        if self.fields.typing or self.fields.owns(key):
            return  # the keys are text for the field (Backspace deleted the selected piece)
        if key == "left mouse down":
            if self._over_ui() or s.picker is not None:
                return  # a button, a field, or the open picker
            p = self._table_point()
            if p is None:
                return
            self.axis = self._gizmo_handle()
            ray = mouse_ray() if s.mode == "battlefield" else None  # the piece seen under the cursor, height and all
            if self.axis is not None or s.begin_drag(*p, ray):
                if self.axis in ("x", "y"):
                    s.grab(*self._gizmo_grab())
                self._last = p
            else:
                try:
                    s.click(*p, ray)
                except ValueError as err:
                    s.message = str(err)
            self.refresh()
        elif key == "left mouse up":
            p = self._table_point() if s.dragging else None
            if p is not None and self.axis != "ring":  # the last move may not have had its frame yet
                s.end_drag(*self._drag_target(p))
            else:
                s.end_drag()
            self.axis = None
            self.refresh()
        else:
            name = key_name(key, bool(held_keys["control"]), bool(held_keys["shift"]))
            if name == "enter" and ClockObject.getGlobalClock().getFrameCount() == self._submitted_frame:
                return  # that Enter applied a typed field
            if name in WINDOW_KEYS:
                if name == "b" and s.mode == "battlefield":
                    self.cycle_overlay()
                elif name == "h":
                    self.home()
            elif name in SESSION_KEYS:
                s.key(name)
                self.refresh()

    def _gizmo_handle(self) -> str | None:
        """Which gizmo part is under the mouse: "x", "y", "ring" or None."""
        s = self.session
        g = self.gizmo
        if s.mode != "battlefield" or g is None or s.selection is None or s.selection.kind != "piece":
            return None
        p = mouse_on_plane(g["at"][2])
        if p is None:
            return None
        dx, dy = p[0] - g["at"][0], p[1] - g["at"][1]
        if abs(dy) < 1.5 and 0 < dx < g["reach"] + 2:
            return "x"
        if abs(dx) < 1.5 and 0 < dy < g["reach"] + 2:
            return "y"
        if abs(math.hypot(dx, dy) - g["ring"]) < 1.5:
            return "ring"
        return None

    def _gizmo_grab(self) -> tuple[float, float]:
        assert self.gizmo is not None  # an axis is grabbed only on a drawn gizmo
        at = self.gizmo["at"]
        return (at[0], at[1])

    def update(self) -> None:
        from ursina import mouse

        s = self.session
        if not mouse.left or (not s.dragging and self.axis != "ring"):
            return
        p = self._table_point()
        if p is None or p == self._last:
            return
        self._last = p
        g = self.gizmo
        if self.axis == "ring" and g is not None:
            s.turn_to(math.degrees(math.atan2(p[1] - g["at"][1], p[0] - g["at"][0])))  # the whole turn: one undo step
        else:
            s.drag(*self._drag_target(p))
        self.refresh()

    def _drag_target(self, p: tuple[float, float]) -> tuple[float, float]:
        """Where a drag follows the mouse to: along the gizmo's arrow when one was grabbed."""
        if self.axis in ("x", "y") and self.gizmo is not None:
            gx, gy = self._gizmo_grab()
            return (p[0] if self.axis == "x" else gx, p[1] if self.axis == "y" else gy)
        return p

    def pick_problem(self, index: int) -> None:
        """A click on a problem's line: select what it is about (the fields show it, the gizmo is on it)."""
        s = self.session
        if s.select_problem(index) and s.selection is not None:
            s.message = f"Selected {s.selection.key}: {s.say(s.problems()[index])}"
        self.refresh()


def render(session: EditorSession, out: str | Path, size: tuple[int, int] = (1440, 900), overlay: str | None = None) -> Any:
    """Draw the editor offscreen to a PNG (tests, docs/screenshots)."""
    app = window.start(offscreen=True, size=size, title="Toybox - level editor")
    win = EditorWindow(session)
    if overlay is not None:
        win.overlay = overlay
        win.refresh()
    window.step(app, 2)
    window.screenshot(app, out)
    return app, win


def run(file: str | None, size: str = "1440x900", mesh: str | None = None) -> int:
    """Open the editor; ``mesh`` (``--import``) is imported first, selected.
    Without a display, ``--import`` still works: the mesh is added and the
    file saved (refused, with the problems, when the level is not valid)."""
    session = EditorSession.open(file)
    if mesh is not None and not session.import_mesh(mesh):
        print(f"toybox edit: {session.message}", file=sys.stderr)
        return 2  # a mesh file that is not a mesh: bad input
    if not window.display_available():
        if mesh is not None:
            saved = session.save()
            problems = [] if saved else session.problems()  # listed before the copy goes: the refusal's own reasons
            if not saved:
                session.discard_imports()  # a refused save leaves meshes/scenery (and the folders) as they were
            print(f"toybox edit: {session.message}" + ("" if saved else "\n" + "\n".join(problems)),
                  file=sys.stdout if saved else sys.stderr)
            return 0 if saved else 2
        print("toybox edit: no display to open the window on.", file=sys.stderr)
        return 1
    w, _, h = size.partition("x")
    app = window.start(offscreen=False, size=(int(w), int(h)), title="Toybox - level editor")
    win = EditorWindow(session)
    from app.shell import guard

    # every frame and input behind the guard, as in `toybox play`: an error is a sentence, never a dead window
    guard.install(app, guard.Guard(None, win.tell, win.recover))
    app.run()
    return 0


def kit_palette(ui: Any, top_left: Any, on_pick: Any) -> dict[str, Any]:
    """The household kit as two columns of thumbnail buttons (hidden until
    the household tool is taken); each thumbnail is drawn from the kit
    piece's own triangles (app.look.thumbnails)."""
    from ursina import Button, Entity, Text, Texture, color

    from app.look.thumbnails import thumbnail
    from engine.geometry.household import Kind

    kinds = list(Kind)
    rows = (len(kinds) + 1) // 2
    # on a panel of its own, each name under its picture: the names lay on the pictures, white on the
    # white ball, and the table showed between the thumbnails (a click there placed a piece)
    panel = Entity(
        parent=ui,
        model="quad",
        color=color.rgba(0.08, 0.09, 0.11, 0.94),
        origin=(-0.5, 0.5),
        position=top_left + (0.0, KIT_PITCH[1] / 2 - 0.022),
        scale=(2 * KIT_PITCH[0] + 0.01, rows * KIT_PITCH[1] + 0.01),
        z=0.5,
        collider="box",
        name="kit-panel",
    )
    panel.enabled = False
    out = {}
    for i, kind in enumerate(kinds):
        b = Button(
            parent=ui,
            scale=(KIT_THUMB, KIT_THUMB),
            position=top_left + (0.005 + KIT_PITCH[0] / 2 + (i % 2) * KIT_PITCH[0], -0.01 - (i // 2) * KIT_PITCH[1]),
            texture=Texture(thumbnail(kind.value)),
            color=color.white,
            highlight_color=color.rgb(1, 0.9, 0.6),
            name=f"kit-{kind.value}",
        )
        Text(
            parent=b,
            text=kind.value.replace("_", " "),
            scale=(8, 8),
            origin=(0, 0.5),
            y=-0.52,
            z=-0.1,
            color=color.rgb(1, 1, 1),
            name=f"kit-label-{kind.value}",
        )
        b.on_click = lambda k=kind.value: on_pick(k)
        b.enabled = False
        out[kind.value] = b
    out[KIT_PANEL] = panel
    return out


KIT_THUMB = 0.078
"""camera.ui size of a household kit thumbnail (chosen)."""
KIT_PITCH = (0.09, 0.112)
"""camera.ui distance between two thumbnails across and down, the name under each (chosen)."""
KIT_PANEL = "panel"
"""The key of the kit's backdrop among ``kit_palette``'s entries."""
