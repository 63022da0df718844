"""The heads-up display every game shares: whose turn, the event log,
undo/save/load/review, the engine's message, the hand-over screen and the
result panel.

The result comes once the last action has been shown (the winning grenade
flies and goes off first), as a panel in the game's own words that can be
put aside to look round the final table ("Look at the table"; "Show the
result" brings it back) or left for the game's Review.

It reads only the controller (status, events, message, result) and calls
only its methods, so it is the same for all three games.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable
from typing import Any

from app import userdir
from app.games.controller import GameController
from app.seats import seat_label

CHOICE_COLUMN = 0.62
"""camera.ui width kept for the choice buttons on the right (the message stays left of it)."""
LOG_PANEL_W = 0.44
"""camera.ui width of the event log panel, on the right."""
LOG_LINES = 24
"""Lines of the event log shown (chosen: they fill the 0.5-high panel at the log's text size; 13 left half of it empty)."""
LOG_WIDTH = 46
LOG_TOP, LOG_PANEL_H = -0.09, 0.5
"""The log panel's top (below the window's top) and its full height, camera.ui units."""
LOG_LINE_H = 0.0182
"""camera.ui height of one log line at the log's text size (measured: 24 lines fill 0.437)."""
CHOICE_BOTTOM, CHOICE_STEP, CHOICE_H = -0.42, 0.058, 0.05
"""The lowest choice button's centre, the step up to the next, a button's height."""
CLOSE_REVIEW = "Close review"
"""The review's way out, back to where it was opened from (it read "Back", as did the bar's step back)."""
SPEED_GAP = 0.015
"""Between the log panel and the speed line under it (its top), and below the speed line."""
SPEED_H = 0.04
"""The settings line's two rows under the log panel (speed and help; sound and camera)."""
MESSAGE_RGB = {"error": (1, 0.55, 0.45), "warning": (1, 0.8, 0.35), "info": (0.65, 0.95, 0.7)}
"""The message line's colour by kind: a 'Saved' was shown in the error colour."""


def log_window(events: list[str], offset: int, height: int = LOG_LINES, width: int = LOG_WIDTH
               ) -> tuple[list[str], int]:
    """The log's lines to show, ``offset`` lines back from the newest (clamped,
    returned too). Each event is wrapped to ``width`` with its later lines
    indented, so one event reads apart from the next, and the window never
    starts in the middle of an event (its tail, "2.", was the top line)."""
    lines: list[str] = []
    starts: list[int] = []
    for event in events:
        starts.append(len(lines))
        lines.extend(textwrap.wrap(event, width, subsequent_indent="   ") or [""])
    offset = max(0, min(offset, len(lines) - height))
    end = len(lines) - offset
    begin = max(0, end - height)
    begin = next((s for s in starts if s >= begin), end) if begin not in starts else begin
    return lines[begin:end], offset


def text_width(text: str, text_size: float = 1.0) -> float:
    """The width in camera.ui units of a one-line label at ``text_size``."""
    return _unit_width(text) * text_size


@functools.lru_cache(maxsize=4096)
def _unit_width(text: str) -> float:
    """A one-line label's width at text size 1, measured once per text: measuring
    builds and destroys an Ursina Text, and the HUD measures the same labels on
    every refresh (cut to fit, centred under a button)."""
    from ursina import Text, destroy

    probe = Text(text=text, enabled=False)
    width = float(probe.width)
    destroy(probe)
    return width


def fit_text(text: str, text_size: float, width: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` camera.ui units wide
    (the longest such cut: found by halving, not a character at a time)."""
    if text_width(text, text_size) <= width:
        return text
    fits, too_long = 1, len(text)  # keep text[:fits] (at least one character); text[:too_long] is too wide
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if text_width(text[:middle] + "...", text_size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits].rstrip() + "..."


def window_width() -> float:
    """The window's width in camera.ui units."""
    from ursina import window

    return float(window.aspect_ratio)


def wrap_to_width(text: str, text_size: float, width: float, max_lines: int = 3) -> str:
    """``text`` broken into lines no wider than ``width`` (camera.ui units), at most
    ``max_lines`` (the last cut with an ellipsis): a long sentence ran off the window."""
    if not text or text_width(text, text_size) <= width:
        return text
    per_char = text_width("abcdefghijklmnopqrstuvwxyz ABCDEFGHIJ", text_size) / 37
    lines = textwrap.wrap(text, max(20, int(width / per_char)))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(".") + "..."
    return "\n".join(fit_text(line, text_size, width) for line in lines)


LAYER_OVERLAY, LAYER_LOAD, LAYER_HELP, LAYER_TIP = 10, 20, 30, 40
"""Draw orders of the panels that cover the HUD (chosen), in Panda3D's 'fixed' bin, which
draws after everything else: camera.ui has no depth test, and its z only orders what is
transparent, so the Event log's text showed over the Load list, and the hint box and the
scores through the end screen."""


COVER_RGB = (0.05, 0.06, 0.09)
"""The backdrop of the panels that cover the table and HUD (hand-over, end, Load, help):
opaque. At alpha 0.95-0.97 what lay under them still read through (Panda3D blends in
linear light, so the 3-5% left shows as a quarter of its brightness on screen)."""


def on_top(entity: Any, layer: int) -> None:
    """Draw ``entity`` and all under it after the rest of the HUD, in ``layer`` order
    (within it, in the order they were made: a backdrop before its buttons)."""
    entity.set_bin("fixed", layer)


SCORE_UNITS: dict[str, tuple[str, str]] = {"toy-battle": ("medal", "medals"), "little-battle": ("gold", "gold")}
"""What the engine's scores count, one and many, per game (the end screen said "Player 1 (blue): 1,
Player 2 (red): 0" under "Red captures Blue's H.Q.": the number read as the result). A game not
named here shows bare numbers."""


def score_lines(game: str, result: Any) -> list[str]:
    """The end screen's lines, one a seat: its name, "winner" on the winners, the
    score with what it counts ("Player 2 (red), winner: 0 medals")."""
    one, many = SCORE_UNITS.get(game, ("", ""))
    lines = []
    for s, score in enumerate(result.scores):
        unit = f" {one if score == 1 else many}" if one else ""
        won = ", winner" if s in result.winners and len(result.winners) < len(result.scores) else ""
        lines.append(f"{seat_label(game, s)}{won}: {score:g}{unit}")
    return lines


OVERLAY_MARGIN = 0.08
"""camera.ui width kept clear on the end and hand-over screens' sides (chosen): a long
end reason ('Red cannot draw or place and ends the game on a tie ...') ran off the window."""

STATUS_SIZE, SCORE_SIZE = 1.0, 0.85
THINKING_SIZE = 0.85
MIN_LINE_SIZE = 0.7
"""The turn and score lines shrink down to this share of their size to stay on one line
left of the log panel (a narrow window pushed them under it), then end with '...'."""


def fit_line(label: Any, text: str, size: float, width: float) -> None:
    """Set a one-line label: smaller type if it is too wide, then an ellipsis."""
    wide = text_width(text, size) if text else 0.0
    scale = size if wide <= width else max(size * MIN_LINE_SIZE, size * width / wide)
    label.scale = scale
    label.text = fit_text(text, scale, width) if text else ""


def default_save_name(meta: dict[str, Any]) -> str:
    """The name Save gives a game: its game, battlefield and round ('Little Soldiers Bootcamp round 3')."""
    return f"{meta.get('game')} {meta.get('where')}" + (f" round {meta['round']}" if meta.get("round") else "")


SAVE_NAME_CHARS = 60
"""Characters a save's name may have (chosen: the automatic names run to about 45)."""

LOAD_ROWS, LOAD_STEP = 8, 0.06
"""Saves the Load list shows (newest first) and the step between them, camera.ui units."""


def save_title(path: Any, autosave: bool = False) -> str:
    """A Load list line: name, game, battlefield, round, players and date
    ('Autosave - Little Soldiers, bootcamp, round 3, Green (human), Yellow (heuristic), 29 Nov 15:51');
    a save without its sidecar says what it can."""
    import time as _time

    try:
        when = _time.strftime("%d %b %H:%M", _time.localtime(path.stat().st_mtime))
    except OSError:
        when = path.stem
    meta = userdir.read_meta(path)
    name = "Autosave" if autosave else (meta.get("name") or "Saved")
    if name == default_save_name(meta):  # 'Little Soldiers bootcamp round 2 - Little Soldiers, bootcamp, round 2'
        name = "Saved"
    parts = [meta.get("game"), meta.get("where"), f"round {meta['round']}" if meta.get("round") else None,
             "over" if meta.get("over") else None, when, meta.get("players")]  # the date before the long part
    return f"{name} - " + ", ".join(str(p) for p in parts if p)


class Hud:
    def __init__(self, controller: GameController, on_menu: Callable[[], None] | None = None,
                 busy: Callable[[], bool] | None = None, on_review: Callable[[], None] | None = None,
                 fold: Callable[[], None] | None = None) -> None:
        from ursina import Button, Entity, Text, camera, color, window

        self.controller = controller
        self.on_menu = on_menu
        self.on_review = on_review
        self.end_held = False
        """The result is due but waits for the last action to be shown (asked again each frame)."""
        self.end_dismissed = False
        """The player put the result panel aside to look at the final table."""
        self.busy = busy or (lambda: False)
        """True while the last action is still being shown: the hand-over screen waits for it
        (it covered a grenade's flight and the Hearts at once, so the thrower never saw them)."""
        self.handover_held = False
        """The hand-over screen is due but waits for the animation (the screen asks again each frame)."""
        self.log_held = False
        """The last action's lines wait in the log while it is shown (seen live: a grenade's result was
        in the Events panel before the grenade landed); the screen asks again each frame."""
        self._log_known = 0
        """How many of the log's lines are shown while an action is shown."""
        self.load_panel: Any = None
        """The Load list while it is open (an Ursina Entity)."""
        self.root = Entity(parent=camera.ui, name="hud")
        ui = self.root
        self.title = Text(parent=ui, text=controller.info.title, position=window.top_left + (0.02, -0.02),
                          origin=(-0.5, 0.5), scale=1.4, color=color.white)
        self.status = Text(parent=ui, text="", position=window.top_left + (0.02, -0.075), origin=(-0.5, 0.5),
                           scale=1.0, color=color.rgb(1, 0.95, 0.6))
        self.score = Text(parent=ui, text="", position=window.top_left + (0.02, -0.11), origin=(-0.5, 0.5),
                          scale=0.85, color=color.rgb(0.85, 0.9, 1.0))
        self.log_panel = Entity(parent=ui, model="quad", color=color.rgba(0.06, 0.07, 0.09, 0.82), origin=(0.5, 0.5),
                                position=window.top_right + (-0.01, LOG_TOP), scale=(LOG_PANEL_W, LOG_PANEL_H), z=1,
                                collider="box", name="log-panel")  # the wheel over it scrolls the log
        self.log_title = Text(parent=ui, text="Events", position=window.top_right + (-0.44, -0.1), origin=(-0.5, 0.5),
                              scale=0.9, color=color.light_gray)
        self.log_offset = 0
        """Lines scrolled back from the newest."""
        # on the turn line, after its words: a row of its own lay under Little Soldiers' hint box
        self.thinking = Text(parent=ui, text="", position=window.top_left + (0.02, -0.08), origin=(-0.5, 0.5),
                             scale=THINKING_SIZE, color=color.rgb(0.7, 0.85, 1.0), name="thinking")
        self._thinking = ""
        self.log_lines = LOG_LINES
        """Log lines shown now: fewer while many choice buttons stand under the panel."""
        self.speed = Text(parent=ui, text="", position=window.top_right + (-0.44, LOG_TOP - LOG_PANEL_H - SPEED_GAP),
                          origin=(-0.5, 0.5),
                          scale=0.7, color=color.light_gray, name="speed")
        self.log = Text(parent=ui, text="", position=window.top_right + (-0.44, -0.135), origin=(-0.5, 0.5),
                        scale=0.66, color=color.white)
        # bottom left, growing upward; the right is the choice buttons' column
        self.message = Text(parent=ui, text="", position=window.bottom_left + (0.02, 0.015), origin=(-0.5, -0.5),
                            scale=1.05,
                            color=color.rgb(1, 0.55, 0.45))
        self.save_panel: Any = None
        """The save panel asking for a name, while it is open."""
        self.save_field: Any = None
        self.buttons: dict[str, Any] = {}
        reviewing = hasattr(controller, "track")
        row: list[tuple[str, Callable[[], object]]]
        if reviewing:  # a review: whose view it shows, and back to where it was opened from
            row = [("Seen as", self.next_seat), (CLOSE_REVIEW, self.menu)]  # "Back" is the bar's step back
        else:
            row = [("Undo", controller.undo), ("Save", self.save), ("Load", self.load)]
            row += [("Review", self.review)] if on_review is not None else []
            row += [("Menu", self.menu)]
        step = LOG_PANEL_W / len(row)  # the row spans the log panel under it
        for i, (name, action) in enumerate(row):
            b = Button(parent=ui, text=name, scale=(step - 0.01, 0.045),
                       position=window.top_right + (-0.01 - LOG_PANEL_W + step * (i + 0.5), -0.045),
                       color=color.rgb(0.25, 0.3, 0.38), text_size=0.8 if len(row) < 5 else 0.72)
            b.on_click = action
            self.buttons[name] = b
        self.fold_button = Button(parent=ui, text="Hide", scale=(0.07, 0.026), name="fold-events",
                                  position=window.top_right + (-0.05, -0.1 - 0.011), color=color.rgb(0.22, 0.25, 0.31),
                                  text_size=0.6)
        self.fold_button.on_click = fold or (lambda: None)
        """Folds the Events panel to its title (E does too), so it covers none of the table."""
        self.choice_bar = Entity(parent=ui, name="choices")
        # In front of the whole HUD (the log and buttons showed through the hand-over screen),
        # and its backdrop takes the clicks, so nothing behind it can be pressed. Opaque: at 0.97 the
        # turn line and the table's name plates still read through the end screen.
        self.overlay = Entity(parent=ui, enabled=False, name="overlay", z=-5)
        on_top(self.overlay, LAYER_OVERLAY)
        self.overlay_backdrop = Entity(parent=self.overlay, model="quad", color=color.rgb(*COVER_RGB),
                                       scale=(4, 2), z=0.1, collider="box", name="overlay-backdrop")
        # anchored at its bottom: more lines (5 players' scores) grow upward, never over the button
        self.overlay_text = Text(parent=self.overlay, text="", origin=(0, -0.5), position=(0, 0.0), scale=1.6,
                                 color=color.white)
        self.overlay_button = Button(parent=self.overlay, text="", scale=(0.56, 0.07), position=(0, -0.06),
                                     color=color.rgb(0.2, 0.45, 0.3))
        self.overlay_menu = Button(parent=self.overlay, text="Menu", scale=(0.2, 0.06), position=(0, -0.16),
                                   color=color.rgb(0.3, 0.3, 0.36))
        self.overlay_menu.on_click = self.menu
        self.end_panel = Entity(parent=ui, enabled=False, name="end-panel", z=-5)
        on_top(self.end_panel, LAYER_OVERLAY)
        self.result_button = Button(parent=ui, text="Show the result", scale=(0.3, 0.05), name="show-result",
                                    position=(window.right[0] - 0.17, CHOICE_BOTTOM), color=color.rgb(0.2, 0.45, 0.3),
                                    text_size=0.8, enabled=False)
        self.result_button.on_click = self.show_result
        controller.listeners.append(self.refresh)
        self.refresh()

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        from ursina import color

        c = self.controller
        left_of_log = window_width() - LOG_PANEL_W - 0.06  # the turn lines stop before the log panel
        fit_line(self.status, c.status(), STATUS_SIZE, left_of_log)
        fit_line(self.score, c.scoreline(), SCORE_SIZE, left_of_log)
        self._place_thinking()
        choices = self.controller.choices()[:8] if self.controller.my_turn() else []
        self._fit_log(len(choices))
        events = c.events()
        if self.busy() and 0 < self._log_known <= len(events):
            self.log_held = len(events) > self._log_known
            events = events[:self._log_known]
        else:  # shown now (or fewer lines than before: an undo, a load, another seat's eyes)
            self.log_held = False
            self._log_known = len(events)
        shown, self.log_offset = log_window(events, self.log_offset, self.log_lines)
        self.log.text = "\n".join(shown)
        # cut to the panel: the scrolled-back hint ran past the panel and off the window
        self.log_title.text = fit_text("Events" + (f" ({self.log_offset} lines back; wheel down for the newest)"
                                                   if self.log_offset else ""), self.log_title.scale_x, LOG_PANEL_W - 0.03)
        self.message.text = wrap_to_width(c.message, self.message.scale_x, window_width() - CHOICE_COLUMN - 0.06)
        self.message.color = color.rgb(*MESSAGE_RGB.get(getattr(c, "message_kind", "error"), MESSAGE_RGB["error"]))
        if "Undo" in self.buttons:
            self.buttons["Undo"].enabled = not c.spectating  # a spectator never acts
            self.buttons["Undo"].disabled = not c.match.can_undo()
            self.buttons["Undo"].alpha = 1.0 if c.match.can_undo() else 0.4
        for name in ("Save", "Load", "Review"):  # a served game is kept, and reviewed, by its server
            if name in self.buttons:
                self.buttons[name].enabled = not c.remote
        self._choices(choices)
        self._fold()
        over = c.is_over() and getattr(c, "shows_end_panel", True)
        if over and self.busy():
            self.end_held = True  # the last action (the winning grenade) is shown first
            self.overlay.enabled = self.end_panel.enabled = self.result_button.enabled = False
        elif over:
            self.end_held = False
            self.overlay.enabled = False
            self.end_panel.enabled = not self.end_dismissed
            self.result_button.enabled = self.end_dismissed
            if not self.end_dismissed:
                self._end_panel()
        elif c.handover_to is not None and self.busy():
            self.handover_held = True  # the view hides the hands already; the screen comes when the action is shown
            self.overlay.enabled = self.end_panel.enabled = self.result_button.enabled = False
        elif c.handover_to is not None:
            self.handover_held = False
            self.end_panel.enabled = self.result_button.enabled = False
            who = c.seat_label(c.handover_to)
            self._show_overlay(f"Pass the computer to\n{who}", f"I am {who}: show my cards", c.acknowledge_handover)
        else:
            self.handover_held = self.end_held = self.end_dismissed = False
            self.overlay.enabled = self.end_panel.enabled = self.result_button.enabled = False

    # ------------------------------------------------------------ the result
    def end_lines(self) -> list[str]:
        """What the result panel says: why the game ended, then the score in the game's words."""
        c = self.controller
        return [c.end_reason(), "", *c.score_lines()]

    def _end_panel(self) -> None:
        """The result: a panel left of the Events log, sized to its words, with what to do next."""
        from ursina import Button, Entity, Text, color, destroy, window

        for child in list(self.end_panel.children):
            destroy(child)
        room = window.aspect_ratio - LOG_PANEL_W - 0.08
        wide = min(1.05, room)
        texts: list[tuple[str, float, Any]] = [("Game over", 1.6, color.rgb(1, 0.95, 0.6))]
        for line in self.end_lines():
            texts.append((wrap_to_width(line, 0.95, wide - 0.08, max_lines=4) if line else "", 0.95, color.white))
        buttons = [("Look at the table", self.dismiss_result)]
        if self.controller.remote:  # a served table: its server keeps the game
            buttons.append(("Leave the table", self.menu))
        else:
            if self.on_review is not None:
                buttons.append(("Review the game", self.review))
            buttons += [("Play again", self.controller.restart), ("Menu", self.menu)]
        rows = (len(buttons) + 1) // 2
        # the backdrop first: the panel's parts draw in the order they were made (the HUD has no depth test)
        backdrop = Entity(parent=self.end_panel, model="quad", color=color.rgb(*COVER_RGB), scale=(wide, 0.1),
                          z=0.1, collider="box", name="end-backdrop")  # opaque: what is under it never reads through
        made = []
        height = 0.04
        for text, size, rgb in texts:
            t = Text(parent=self.end_panel, text=text or " ", origin=(0, 0.5), scale=size, color=rgb)
            made.append(t)
            height += t.height * size + 0.012
        height += rows * 0.065 + 0.03
        top = height / 2
        backdrop.scale_y = height
        y = top - 0.03
        for t in made:
            t.y = y
            y -= t.height * t.scale_y + 0.012
        bw = (wide - 0.09) / 2
        for i, (text, action) in enumerate(buttons):
            row, col = divmod(i, 2)
            b = Button(parent=self.end_panel, text=text, scale=(bw, 0.052), text_size=0.8,
                       position=((col - 0.5) * (bw + 0.03) if len(buttons) > 1 else 0,
                                 -top + 0.035 + 0.026 + (rows - 1 - row) * 0.065),
                       color=color.rgb(0.2, 0.45, 0.3) if i == 0 else color.rgb(0.26, 0.3, 0.38), name=f"end-{text}")
            b.on_click = action
        self.end_panel.x = window.left[0] + 0.03 + room / 2  # left of the Events log, which stays readable
        self.end_panel.y = 0.02

    @property
    def end_text(self) -> str:
        """Every line the result panel shows (tests)."""
        from ursina import Text

        return "\n".join(t.text for t in self.end_panel.children if isinstance(t, Text) and t.parent is self.end_panel
                         and t.text.strip())

    def dismiss_result(self) -> None:
        """Look at the table: the panel goes aside; "Show the result" brings it back."""
        self.end_dismissed = True
        self.refresh()

    def show_result(self) -> None:
        self.end_dismissed = False
        self.refresh()

    def review(self) -> None:
        if self.on_review is not None:
            self.on_review()

    def next_seat(self) -> None:
        """A review's "Seen as": the next seat's view (their hand, their private lines)."""
        c = self.controller
        c.show_seat(c.viewer + 1)  # type: ignore[attr-defined]  # Seen as is shown only for a review's controller

    # ------------------------------------------------------------ the Events panel
    def _fold(self) -> None:
        """The Events panel open, or folded to its title bar (a setting: app.settings)."""
        from app import settings

        folded = settings.load().events_folded
        self.log_panel.enabled = not folded
        self.log.enabled = not folded
        self.fold_button.text = "Show" if folded else "Hide"
        if folded:
            self.log_title.text = "Events (E to show)"
            self.speed.y = self.log_title.y - 0.04
        if "Seen as" in self.buttons:
            self.buttons["Seen as"].text = fit_text(f"As {self.controller.seat_title(self.controller.viewer)}", 0.75,
                                                    self.buttons["Seen as"].scale_x - 0.02)

    def _fit_log(self, buttons: int) -> None:
        """Shorten the log panel (and its lines) so the speed line under it stays above
        the column of ``buttons`` choice buttons: an Order's eight choices stood over
        the log and the speed line."""
        from ursina import window

        top = window.top[1] + LOG_TOP
        bottom = top - LOG_PANEL_H
        if buttons:
            column_top = CHOICE_BOTTOM + (buttons - 1) * CHOICE_STEP + CHOICE_H / 2
            bottom = max(bottom, column_top + SPEED_GAP + SPEED_H + SPEED_GAP)
        self.log_panel.scale_y = top - bottom
        self.speed.y = bottom - SPEED_GAP
        self.log_lines = max(3, min(LOG_LINES, int((top - bottom - 0.045) / LOG_LINE_H)))

    def _choices(self, choices: list[tuple[str, Any]]) -> None:
        from ursina import Button, Entity, color, destroy, window

        destroy(self.choice_bar)
        self.choice_bar = Entity(parent=self.root, name="choices")
        if not self.controller.my_turn():
            return
        right = window.right[0] - 0.02
        for i, (text, action) in enumerate(choices):
            width = min(CHOICE_COLUMN - 0.02, max(0.3, text_width(text, 0.75) + 0.04))  # a fixed 0.3 overflowed
            text = fit_text(text, 0.75, width - 0.03)
            b = Button(parent=self.choice_bar, text=text, scale=(width, 0.05),
                       position=(right - width / 2, CHOICE_BOTTOM + i * CHOICE_STEP), color=color.rgb(0.22, 0.42, 0.55),
                       text_size=0.75)
            b.on_click = lambda a=action: self.controller.choose(a)

    def _show_overlay(self, text: str, button: str, action: Callable[[], None], full: bool = True) -> None:
        """The hand-over screen covers everything (hands are hidden); the end
        screen leaves the event log readable beside it."""
        from ursina import window

        self.overlay.enabled = True
        width = window.aspect_ratio - 0.5  # the log panel (0.44 wide) stays visible on the right
        self.overlay_backdrop.scale = (4, 2) if full else (width, 0.86)
        self.overlay.x = 0 if full else window.left[0] + 0.02 + width / 2
        room = (min(width, window.aspect_ratio) if not full else window.aspect_ratio) - 0.08
        text = "\n".join(wrap_to_width(line, self.overlay_text.scale_x, room, max_lines=3) if line else ""
                         for line in text.splitlines())  # a long end reason ran past the panel
        self.overlay_text.text = text
        self.overlay_button.text = button
        self.overlay_button.on_click = action

    def set_thinking(self, text: str) -> None:
        if self._thinking != text:
            self._thinking = text
            self._place_thinking()

    def _place_thinking(self) -> None:
        """The "thinking" words on the turn line, just after its text, cut to
        the room left before the event log."""
        room = window_width() - LOG_PANEL_W - 0.06
        used = text_width(self.status.text, self.status.scale_x) + 0.025 if self.status.text else 0.0
        self.thinking.x = self.status.x + used
        fit_line(self.thinking, self._thinking, THINKING_SIZE, max(0.0, room - used))

    def set_speed(self, name: str, muted: bool = False, follow: bool = True) -> None:
        """The settings line under the Events panel: speed, sound, camera, help."""
        self.speed.text = (f"Speed: {name} (F2)   Skip: Space   Help: F1\n"
                           f"Sound: {'off' if muted else 'on'} (M)   Camera follows the play: {'yes' if follow else 'no'} (C)")

    def scroll_log(self, key: str) -> None:
        """The wheel over the log panel scrolls it (up: older)."""
        from ursina import mouse

        if mouse.hovered_entity is not self.log_panel:
            return
        self.log_offset += 3 if key == "scroll up" else -3
        self.refresh()

    # ------------------------------------------------------------ buttons
    def save(self) -> None:
        """Save asks for a name: a small panel with a text field prefilled with
        the automatic name (game, battlefield, round) and selected, so typing
        replaces it; Enter or its Save button saves, Escape or Cancel closes it
        unsaved. (Save asked nothing: every save was 'Little Soldiers Bootcamp round 3'.)"""
        from ursina import Button, Entity, InputField, Text, color, destroy

        if self.save_panel is not None:
            destroy(self.save_panel)
        panel = Entity(parent=self.root, name="save-panel", z=-6)  # in front of the end and hand-over screens
        on_top(panel, LAYER_LOAD)
        self.save_panel = panel
        wide = min(1.0, window_width() - 0.12)
        Entity(parent=panel, model="quad", color=color.rgba(0, 0, 0, 0.55), scale=(4, 2), z=0.2, collider="box",
               name="save-backdrop")  # the table dimmed, and taking no clicks while a name is typed
        Entity(parent=panel, model="quad", color=color.rgb(0.12, 0.13, 0.17), scale=(wide + 0.06, 0.25), z=0.1)
        Text(parent=panel, text="Save the game as", origin=(0, 0), position=(0, 0.085), scale=1.1, color=color.white)
        field = InputField(parent=panel, default_value=default_save_name(self.controller.summary()),
                           scale=(wide, 0.05), position=(0, 0.02), character_limit=SAVE_NAME_CHARS,
                           color=color.rgb(0.2, 0.22, 0.28), name="save-name")
        field.text_field.scale *= 0.8
        field.text_field.x = -0.48
        field.submit_on = ["enter"]
        field.on_submit = lambda: self.save_as(field.text)
        field.active = True
        field.text_field.select_all()
        self.save_field = field
        ok = Button(parent=panel, text="Save", scale=(0.16, 0.045), position=(-0.09, -0.06),
                    color=color.rgb(0.2, 0.45, 0.3), text_size=0.8)
        ok.on_click = lambda: self.save_as(field.text)
        cancel = Button(parent=panel, text="Cancel", scale=(0.16, 0.045), position=(0.09, -0.06),
                        color=color.rgb(0.3, 0.3, 0.36), text_size=0.8)
        cancel.on_click = self.cancel_save
        Text(parent=panel, text="Enter saves, Escape cancels", origin=(0, 0), position=(0, -0.105), scale=0.7,
             color=color.light_gray)

    @property
    def saving(self) -> bool:
        """The save panel is open: the keys are the name's."""
        return self.save_panel is not None

    def save_as(self, name: str) -> bool:
        """Save under ``name`` (blank: the automatic name) and close the panel."""
        c = self.controller
        name = " ".join(str(name).split()) or default_save_name(c.summary())
        self.cancel_save()
        return c.save(userdir.new_save_path(c.game, name), name)

    def cancel_save(self) -> None:
        """Close the save panel: hidden now, destroyed a moment later (Enter
        reaches the field's own handler after ours, which then turns the
        field off: destroyed at once, that crashed)."""
        from ursina import destroy

        if self.save_panel is not None:
            self.save_panel.enabled = False
            destroy(self.save_panel, delay=0.1)
        self.save_panel = self.save_field = None

    def save_key(self, key: str) -> bool:
        """A key while the save panel is open: Escape cancels; every key is the
        field's (True), so none reaches the game ('u' undid, 'h' moved the camera)."""
        if not self.saving:
            return False
        if key == "escape":
            self.cancel_save()
        return True

    def load(self) -> None:
        """A list of this game's saves (newest first, autosave included) to pick from."""
        from ursina import Button, Entity, Text, color, destroy

        autos = userdir.autosaves(self.controller.game)
        found = sorted([*autos, *userdir.saves(self.controller.game)], key=lambda p: p.stat().st_mtime, reverse=True)
        if not found:
            self.controller.message = "No saved game yet: press Save first."
            self.refresh()
            return
        if self.load_panel is not None:
            destroy(self.load_panel)
        panel = Entity(parent=self.root, name="load-panel", z=-6)  # in front of the end and hand-over screens
        on_top(panel, LAYER_LOAD)
        self.load_panel = panel
        # centred in the window and as wide as it allows: eight saves ran off its bottom (Cancel cut), and
        # each line was cut at 1.0 wide, its players lost
        rows = min(LOAD_ROWS, len(found))
        wide = min(1.8, window_width() - 0.12)
        height = 0.1 + LOAD_STEP * (rows + 1)
        top = height / 2
        Entity(parent=panel, model="quad", color=color.rgb(*COVER_RGB), scale=(wide + 0.06, height), z=0.1)
        Text(parent=panel, text="Load a saved game", origin=(0, 0), position=(0, top - 0.04), scale=1.1,
             color=color.white)

        def pick(path: Any) -> None:
            destroy(panel)
            self.load_panel = None
            self.controller.load(path)

        for i, path in enumerate(found[:rows]):
            b = Button(parent=panel, text=fit_text(save_title(path, path in autos), 0.7, wide - 0.06), scale=(wide, 0.05),
                       position=(0, top - 0.1 - i * LOAD_STEP), color=color.rgb(0.22, 0.42, 0.55), text_size=0.7)
            b.on_click = lambda p=path: pick(p)
        close = Button(parent=panel, text="Cancel", scale=(0.2, 0.045), position=(0, top - 0.1 - rows * LOAD_STEP),
                       color=color.rgb(0.3, 0.3, 0.36), text_size=0.75)

        def cancel() -> None:
            destroy(panel)
            self.load_panel = None

        close.on_click = cancel

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
