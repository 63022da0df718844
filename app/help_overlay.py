"""F1: the controls and the game's rules summary, over the table.

The rules text is the engine's own (``GameInfo.rules_summary``, the same as
``toybox rules GAME``); the controls are :data:`app.camera_controls.CONTROLS`.
It shows as many lines as the window holds, wrapped to its width, and pages
with Page Up / Page Down (the wheel and arrows scroll, Home / End jump).
"""

from __future__ import annotations

import textwrap
from typing import Any

from app.camera_controls import controls_text
from app.hud import COVER_RGB, LAYER_HELP, on_top

HELP_SCALE = 0.78
"""The help text's scale (chosen: readable at 1024x640, a long page at 2560x1440)."""
HELP_WIDTH = 100
"""Characters per wrapped line at most (chosen: longer lines are hard to follow);
fewer where the window is narrower."""
TEXT_TOP, TEXT_BOTTOM = 0.41, -0.405
"""Where the text may run (camera.ui units): under the title, above the Close button."""
SAMPLE = "The quick brown fox jumps over the lazy dog; Order tokens, 2 Shields."
"""A line of ordinary text, measured for the width of a character."""


def rows_that_fit(room: float, line_height: float) -> int:
    """How many lines of ``line_height`` fit in ``room`` (one at least): the
    help showed a fixed 30, half its panel empty at 1024x640."""
    return max(1, int(room / line_height + 1e-6))


def help_lines(info: Any, config: Any, width: int = HELP_WIDTH) -> list[str]:
    """Everything the help shows, wrapped at ``width`` characters: controls
    first, then the rules summary (in a mission, the engine's text leads with
    the mission's own rules)."""
    try:  # the players' words where the game has them (no flags, paths or data names: issue 27)
        rules = (info.player_rules or info.rules_summary)(config)
    except Exception as err:  # noqa: BLE001 - the help must open even if a summary fails
        rules = f"(the rules summary could not be read: {err})"
    lines = ["Controls", *controls_text().splitlines(), "", f"{info.title}: rules summary"]
    for line in str(rules).splitlines():
        lead = line[:len(line) - len(line.lstrip())]  # an indented line keeps its indent when wrapped
        lines.extend(textwrap.wrap(line, width, initial_indent="", subsequent_indent=lead + "    ") or [""])
    return lines


class HelpOverlay:
    """A panel toggled by F1; in front of the HUD, closed by F1, Escape or its button."""

    def __init__(self, info: Any, config: Any) -> None:
        from ursina import Button, Entity, Text, camera, color, window

        self.top = 0
        self.root = Entity(parent=camera.ui, enabled=False, name="help-overlay", z=-8)
        on_top(self.root, LAYER_HELP)
        Entity(parent=self.root, model="quad", color=color.rgb(*COVER_RGB), scale=(4, 2), z=0.1,
               collider="box", name="help-backdrop")
        Text(parent=self.root, text="Help (F1 to close; wheel, arrows or Page Up / Page Down to page)",
             origin=(0, 0), position=(0, 0.45), scale=1.1, color=color.rgb(1, 0.95, 0.6))
        left = window.left[0] + 0.06
        self.text = Text(parent=self.root, text=SAMPLE, origin=(-0.5, 0.5), position=(left, TEXT_TOP),
                         scale=HELP_SCALE, color=color.white, name="help-text")
        # fitted to the window: as many lines as its height holds, as wide as it allows
        char = self.text.width * HELP_SCALE / len(SAMPLE)
        self.line_height = self.text.size * self.text.line_height * HELP_SCALE
        self.width = max(40, min(HELP_WIDTH, int((-2 * left - 0.02) / char)))
        self.rows = rows_that_fit(TEXT_TOP - TEXT_BOTTOM, self.line_height)
        """Lines shown at once, the last one saying where in the text they are."""
        self.lines = help_lines(info, config, self.width)
        close = Button(parent=self.root, text="Close", scale=(0.16, 0.05), position=(0, -0.45),
                       color=color.rgb(0.3, 0.3, 0.36), text_size=0.8)
        close.on_click = self.hide
        self._render()

    @property
    def shown(self) -> bool:
        return bool(self.root.enabled)

    @property
    def page(self) -> int:
        """Lines of text a page shows (the row under them says where they are)."""
        return max(1, self.rows - 1)

    def toggle(self) -> None:
        self.root.enabled = not self.root.enabled

    def hide(self) -> None:
        self.root.enabled = False

    def scroll(self, lines: int, page: bool = False) -> None:
        """Scroll by ``lines``; a Page Down may end on a short last page, so every page
        starts on the last line of the page before (clamped, the last page repeated more)."""
        last = len(self.lines) - (1 if page else self.page)
        self.top = max(0, min(max(0, last), self.top + lines))
        self._render()

    def _render(self) -> None:
        shown = self.lines[self.top:self.top + self.page]
        last = self.top + len(shown)
        if self.top == 0 and last >= len(self.lines):
            where = ""
        elif last >= len(self.lines):
            where = f"(lines {self.top + 1}-{last} of {len(self.lines)}: the end; Page Up or Home to go back)"
        else:
            where = f"(lines {self.top + 1}-{last} of {len(self.lines)}; Page Down for more)"
        self.text.text = "\n".join(shown + ([where] if where else []))

    def input(self, key: str) -> bool:
        """Keys while it is open; True when the key was the help's."""
        if key == "f1":
            self.toggle()
            return True
        if not self.shown:
            return False
        if key == "escape":
            self.hide()
        elif key in ("scroll down", "down arrow"):
            self.scroll(3)
        elif key in ("scroll up", "up arrow"):
            self.scroll(-3)
        elif key == "page down":  # a page on, the last line of the page before kept on top
            if self.top + self.page < len(self.lines):
                self.scroll(self.page - 1, page=True)
        elif key == "page up":
            self.scroll(-(self.page - 1))
        elif key == "home":
            self.scroll(-len(self.lines))
        elif key == "end":
            self.scroll(len(self.lines))
        return True

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)
