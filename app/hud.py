"""The heads-up display every game shares: whose turn, the event log,
undo/save/load, the engine's message, the hand-over screen and the end screen.

It reads only the controller (status, events, message, result) and calls
only its methods, so it is the same for all three games.
"""

from __future__ import annotations

import textwrap
from typing import Any, Callable

from app import userdir
from app.controllers.base import GameController
from app.seats import seat_label

LOG_LINES = 13
LOG_WIDTH = 46


def text_width(text: str, text_size: float = 1.0) -> float:
    """The width in camera.ui units of a one-line label at ``text_size``."""
    from ursina import Text, destroy

    probe = Text(text=text, enabled=False)
    width = probe.width * text_size
    destroy(probe)
    return float(width)


def fit_text(text: str, text_size: float, width: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` camera.ui units wide."""
    if text_width(text, text_size) <= width:
        return text
    while len(text) > 1 and text_width(text + "...", text_size) > width:
        text = text[:-1]
    return text.rstrip() + "..."


def save_title(path: Any, autosave: bool = False) -> str:
    """A Load list line: 'Autosave (the last game), 29 Nov 15:51:02' or 'Saved 29 Nov 15:51:02' (the
    autosave read as the bare game name, 'little soldiers')."""
    import time as _time

    try:
        when = _time.strftime("%d %b %H:%M:%S", _time.localtime(path.stat().st_mtime))
    except OSError:
        when = path.stem
    return f"Autosave (the last game), {when}" if autosave else f"Saved {when}"


class Hud:
    def __init__(self, controller: GameController, on_menu: Callable[[], None] | None = None) -> None:
        from ursina import Button, Entity, Text, camera, color, window

        self.controller = controller
        self.on_menu = on_menu
        self.root = Entity(parent=camera.ui, name="hud")
        ui = self.root
        self.title = Text(parent=ui, text=controller.info.title, position=window.top_left + (0.02, -0.02),
                          origin=(-0.5, 0.5), scale=1.4, color=color.white)
        self.status = Text(parent=ui, text="", position=window.top_left + (0.02, -0.075), origin=(-0.5, 0.5),
                           scale=1.0, color=color.rgb(1, 0.95, 0.6))
        self.score = Text(parent=ui, text="", position=window.top_left + (0.02, -0.11), origin=(-0.5, 0.5),
                          scale=0.85, color=color.rgb(0.85, 0.9, 1.0))
        Entity(parent=ui, model="quad", color=color.rgba(0.06, 0.07, 0.09, 0.82), origin=(0.5, 0.5),
               position=window.top_right + (-0.01, -0.09), scale=(0.44, 0.5), z=1)
        Text(parent=ui, text="Events", position=window.top_right + (-0.44, -0.1), origin=(-0.5, 0.5), scale=0.9,
             color=color.light_gray)
        self.log = Text(parent=ui, text="", position=window.top_right + (-0.44, -0.135), origin=(-0.5, 0.5),
                        scale=0.66, color=color.white)
        self.message = Text(parent=ui, text="", position=(0, -0.455), origin=(0, 0), scale=1.05,
                            color=color.rgb(1, 0.55, 0.45))
        self.buttons: dict[str, Any] = {}
        for i, (name, action) in enumerate(
            [("Undo", controller.undo), ("Save", self.save), ("Load", self.load), ("Menu", self.menu)]
        ):
            b = Button(parent=ui, text=name, scale=(0.1, 0.045), position=window.top_right + (-0.45 + i * 0.11, -0.045),
                       color=color.rgb(0.25, 0.3, 0.38), text_size=0.8)
            b.on_click = action
            self.buttons[name] = b
        self.choice_bar = Entity(parent=ui, name="choices")
        # In front of the whole HUD (the log and buttons showed through the hand-over screen),
        # and its backdrop takes the clicks, so nothing behind it can be pressed.
        self.overlay = Entity(parent=ui, enabled=False, name="overlay", z=-5)
        Entity(parent=self.overlay, model="quad", color=color.rgba(0.05, 0.06, 0.09, 0.97), scale=(4, 2), z=0.1,
               collider="box", name="overlay-backdrop")
        self.overlay_text = Text(parent=self.overlay, text="", origin=(0, 0), position=(0, 0.12), scale=1.8,
                                 color=color.white)
        self.overlay_button = Button(parent=self.overlay, text="", scale=(0.56, 0.07), position=(0, -0.06),
                                     color=color.rgb(0.2, 0.45, 0.3))
        self.overlay_menu = Button(parent=self.overlay, text="Menu", scale=(0.2, 0.06), position=(0, -0.16),
                                   color=color.rgb(0.3, 0.3, 0.36))
        self.overlay_menu.on_click = self.menu
        controller.listeners.append(self.refresh)
        self.refresh()

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        c = self.controller
        self.status.text = c.status()
        self.score.text = c.scoreline()
        lines: list[str] = []
        for event in c.events()[-LOG_LINES:]:
            lines.extend(textwrap.wrap(event, LOG_WIDTH) or [""])
        self.log.text = "\n".join(lines[-LOG_LINES:])
        self.message.text = c.message
        self.buttons["Undo"].disabled = not c.match.can_undo()
        self.buttons["Undo"].alpha = 1.0 if c.match.can_undo() else 0.4
        self._choices()
        if c.is_over():
            result = c.match.state.result()
            scores = ""
            if result is not None:
                scores = "\n".join(
                    f"{seat_label(c.game, s)}: {score:g}" for s, score in enumerate(result.scores)
                )
            self._show_overlay(f"Game over\n{result.reason if result else ''}\n\n{scores}", "Play again", c.restart)
        elif c.handover_to is not None:
            who = seat_label(c.game, c.handover_to)
            self._show_overlay(f"Pass the computer to\n{who}", f"I am {who}: show my cards", c.acknowledge_handover)
        else:
            self.overlay.enabled = False

    def _choices(self) -> None:
        from ursina import Button, Entity, color, destroy, window

        destroy(self.choice_bar)
        self.choice_bar = Entity(parent=self.root, name="choices")
        if not self.controller.my_turn():
            return
        right = window.right[0] - 0.02
        for i, (text, action) in enumerate(self.controller.choices()[:8]):
            width = max(0.3, text_width(text, 0.75) + 0.04)  # long engine sentences overflowed a fixed 0.3
            b = Button(parent=self.choice_bar, text=text, scale=(width, 0.05),
                       position=(right - width / 2, -0.42 + i * 0.058), color=color.rgb(0.22, 0.42, 0.55),
                       text_size=0.75)
            b.on_click = lambda a=action: self.controller.choose(a)

    def _show_overlay(self, text: str, button: str, action: Callable[[], None]) -> None:
        self.overlay.enabled = True
        self.overlay_text.text = text
        self.overlay_button.text = button
        self.overlay_button.on_click = action

    # ------------------------------------------------------------ buttons
    def save(self) -> None:
        self.controller.save(userdir.new_save_path(self.controller.game))

    def load(self) -> None:
        """A list of this game's saves (newest first, autosave included) to pick from."""
        from ursina import Button, Entity, Text, color, destroy

        found = userdir.saves(self.controller.game)
        auto = userdir.autosave_path(self.controller.game)
        if auto.exists() and auto not in found:
            found = [auto, *found]
        if not found:
            self.controller.message = "No saved game yet: press Save first."
            self.refresh()
            return
        if getattr(self, "load_panel", None) is not None:
            destroy(self.load_panel)
        panel = Entity(parent=self.root, name="load-panel", z=-1)
        self.load_panel = panel
        Entity(parent=panel, model="quad", color=color.rgba(0.06, 0.07, 0.09, 0.95), scale=(0.7, 0.12 + 0.06 * min(8, len(found))),
               position=(0, 0.02 - 0.03 * min(8, len(found))), z=0.1)
        Text(parent=panel, text="Load a saved game", origin=(0, 0), position=(0, 0.05), scale=1.1, color=color.white)

        def pick(path: Any) -> None:
            destroy(panel)
            self.load_panel = None
            self.controller.load(path)

        for i, path in enumerate(found[:8]):
            b = Button(parent=panel, text=save_title(path, path == auto), scale=(0.6, 0.05), position=(0, -0.01 - i * 0.06),
                       color=color.rgb(0.22, 0.42, 0.55), text_size=0.75)
            b.on_click = lambda p=path: pick(p)
        close = Button(parent=panel, text="Cancel", scale=(0.2, 0.045), position=(0, -0.01 - min(8, len(found)) * 0.06),
                       color=color.rgb(0.3, 0.3, 0.36), text_size=0.75)
        close.on_click = lambda: (destroy(panel), setattr(self, "load_panel", None))

    def save_list(self) -> list[Any]:
        """The saves the Load list offers (tests)."""
        return userdir.saves(self.controller.game)

    def menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()

    def destroy(self) -> None:
        from ursina import destroy

        if self.refresh in self.controller.listeners:
            self.controller.listeners.remove(self.refresh)
        destroy(self.root)
