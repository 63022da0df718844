"""F1: the controls and the game's rules summary, over the table.

The rules text is the engine's own (``GameInfo.rules_summary``, the same as
``toybox rules GAME``); the controls are :data:`app.camera_controls.CONTROLS`.
Long text scrolls with the wheel or Page Up / Page Down.
"""

from __future__ import annotations

import textwrap
from typing import Any

from app.camera_controls import controls_text
from app.hud import COVER_RGB, LAYER_HELP, on_top

HELP_LINES = 30
"""Lines of help shown at once (chosen to fit a 1024x640 window)."""
HELP_WIDTH = 100
"""Characters per wrapped line."""


def help_lines(info: Any, config: Any) -> list[str]:
    """Everything the help shows, wrapped: controls first, then the rules summary."""
    try:
        rules = info.rules_summary(config)
    except Exception as err:  # noqa: BLE001 - the help must open even if a summary fails
        rules = f"(the rules summary could not be read: {err})"
    lines = ["Controls", *controls_text().splitlines(), "", f"{info.title}: rules summary"]
    for line in str(rules).splitlines():
        lines.extend(textwrap.wrap(line, HELP_WIDTH, subsequent_indent="    ") or [""])
    return lines


class HelpOverlay:
    """A panel toggled by F1; in front of the HUD, closed by F1, Escape or its button."""

    def __init__(self, info: Any, config: Any) -> None:
        from ursina import Button, Entity, Text, camera, color, window

        self.lines = help_lines(info, config)
        self.top = 0
        self.root = Entity(parent=camera.ui, enabled=False, name="help-overlay", z=-8)
        on_top(self.root, LAYER_HELP)
        Entity(parent=self.root, model="quad", color=color.rgb(*COVER_RGB), scale=(4, 2), z=0.1,
               collider="box", name="help-backdrop")
        Text(parent=self.root, text="Help (F1 to close, wheel or Page Up/Down to scroll)", origin=(0, 0),
             position=(0, 0.45), scale=1.1, color=color.rgb(1, 0.95, 0.6))
        self.text = Text(parent=self.root, text="", origin=(-0.5, 0.5), position=(window.left[0] + 0.06, 0.41), scale=0.78,
                         color=color.white, name="help-text")
        close = Button(parent=self.root, text="Close", scale=(0.16, 0.05), position=(0, -0.45),
                       color=color.rgb(0.3, 0.3, 0.36), text_size=0.8)
        close.on_click = self.hide
        self._render()

    @property
    def shown(self) -> bool:
        return bool(self.root.enabled)

    def toggle(self) -> None:
        self.root.enabled = not self.root.enabled

    def hide(self) -> None:
        self.root.enabled = False

    def scroll(self, lines: int) -> None:
        self.top = max(0, min(len(self.lines) - HELP_LINES, self.top + lines))
        self._render()

    def _render(self) -> None:
        shown = self.lines[self.top:self.top + HELP_LINES]
        more = len(self.lines) - self.top - HELP_LINES
        self.text.text = "\n".join(shown) + (f"\n... {more} more lines" if more > 0 else "")

    def input(self, key: str) -> bool:
        """Keys while it is open; True when the key was the help's."""
        if key == "f1":
            self.toggle()
            return True
        if not self.shown:
            return False
        if key == "escape":
            self.hide()
        elif key in ("scroll down", "page down", "down arrow"):
            self.scroll(3 if key != "page down" else HELP_LINES - 2)
        elif key in ("scroll up", "page up", "up arrow"):
            self.scroll(-3 if key != "page up" else -(HELP_LINES - 2))
        return True

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)
