"""The editor window's Simulate button, its progress and win-rate line, and
the heat map of where soldiers were broken.

Only shows ``app.editor.simulate.Simulation`` (which plays the games in a
background thread): each frame it copies the progress into its line, and
when the games are in it draws the heat map on the table, a little above
the balance maps. An edit after the games greys the line ("before the last
edit") and takes the map away, since it no longer describes the battlefield.
"""

from __future__ import annotations

from typing import Any

from app.editor.simulate import Simulation, document_key

HEAT_Z = 0.6
"""cm above the standing surface: over the balance maps (0.45), under the figurines."""


class SimulatePanel:
    """Hooked into an ``EditorWindow`` of a battlefield: a button in its bar and a line under its balance."""

    def __init__(self, win: Any) -> None:
        from ursina import Button, Entity, Text, color
        from ursina import window as uwindow

        from app.editor.panels import BAR_W, bar_x

        self.win = win
        self.sim: Simulation | None = None
        button = Button(parent=win.ui, text="Simulate", scale=(BAR_W, 0.04),
                        position=uwindow.top_right + (bar_x(len([k for k in win.bar if k != "Menu"])), -0.035),
                        color=color.rgb(0.25, 0.3, 0.38), text_size=0.75)
        button.on_click = self.start
        win.bar["Simulate"] = button
        self.text = Text(parent=win.ui, text="", position=uwindow.top_right + (-0.415, -0.855), origin=(-0.5, 0.5),
                         scale=0.72, color=color.rgb(0.75, 1.0, 0.8))
        self.map: Any = None
        self._drawn: str | None = None
        self.driver = Entity(name="simulate-driver")
        self.driver.update = self.update

    def start(self) -> None:
        if self.sim is not None and self.sim.running:
            return
        self.sim = Simulation(self.win.session)
        self.sim.start()
        self.update()

    def line(self) -> str:
        """The progress while the games run, then the win rates (or why not)."""
        import textwrap

        sim = self.sim
        if sim is None:
            return ""
        if sim.running and sim.done:
            return f"Simulate: {sim.done} of {sim.total} games..."
        text = sim.message
        if sim.result is not None and sim.result.key != document_key(self.win.session.data):
            text += " (before the last edit)"
        return textwrap.fill(text, 46)

    def update(self) -> None:
        self.text.text = self.line()
        result = self.sim.result if self.sim is not None else None
        current = result is not None and result.key == document_key(self.win.session.data)
        wanted = result.key if result is not None and current else None
        if wanted != self._drawn:
            self._draw(result if current else None)
            self._drawn = wanted

    def _draw(self, result: Any) -> None:
        from ursina import destroy

        from app.editor.battlefield_scene import add_heat_map
        from app.scene_mesh import MeshBuilder
        from app.table import static_entity
        from engine.little_soldiers.table.balance import standing_heights

        if self.map is not None:
            destroy(self.map)
            self.map = None
        bf = self.win.session.battlefield()
        if result is None or bf is None:
            return
        mb = MeshBuilder()
        add_heat_map(mb, result.xs, result.ys, result.heat, z=HEAT_Z, heights=standing_heights(bf, result.xs, result.ys))
        self.map = static_entity(self.win.table.root, mb, "simulate-breaks")
