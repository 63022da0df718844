"""A served table's corner of the game screen (see ``TablePanel``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.net.protocol import Command
from engine.net.remote import RemoteMatch
from engine.net.table import REMOTE

if TYPE_CHECKING:
    from app.shell.net import Hosting

CHAT_SHOWN = 4
"""Chat lines the table panel shows (the newest)."""

PANEL_WIDTH = 0.47
"""camera.ui width of the table panel, bottom left (chosen: it leaves the board's middle free)."""

PANEL_TOP = -0.16
"""camera.ui y of the panel's top edge (its lines grow downward from here; the window's bottom is -0.5)."""

FOLD_KEY = "tab"
"""The key that folds the panel to its tab and opens it again (F1 and the README say so)."""

TAB_SIZE = (0.21, 0.045)
"""camera.ui size of the folded panel's tab."""

TAB_FROM_TOP_RIGHT = (-0.23, -0.045)
"""Where the folded panel's tab stands, from the window's top right corner:
in the HUD's button row, over the Save, Load (and Review) slots a served game
does not show, clear of Undo and Menu whether the row has four buttons or five
(bottom left it lay over the engine's message line; at -0.285 it covered Undo
once the row held Review)."""

LINE_RGB = {"connected": (0.55, 0.9, 0.6), "reconnecting": (1.0, 0.8, 0.35), "lost": (1.0, 0.5, 0.45)}


class TablePanel:
    """The served table's corner of the game screen: the connection, who is
    at the table, the chat (Enter to type), an undo request to answer, and
    for the host the pause, the hand-over of an absent seat and the end.
    Tab (or its "Fold" button) folds it to a small tab in the HUD's button
    row that shows the connection and a new chat line, and opens it again;
    an undo request opens it by itself.

    Its ``update`` is the network pump, once a frame: it takes what arrived
    and shows the next update when the last action's animation is done
    (another player's after the screen's pause between actions, as bots'
    are in local play; this seat's own at once)."""

    def __init__(self, controller: Any, hosting: Hosting | None = None,
                 delay: Any = lambda: 0.45) -> None:
        from ursina import Entity, camera

        self.controller = controller
        self.match: RemoteMatch = controller.match
        self.hosting = hosting
        self.delay = delay
        self.root = Entity(parent=camera.ui, name="table-panel")
        self.body: Any = None
        self.field: Any = None
        self.asked: dict[str, Any] | None = None
        """An undo request waiting for this seat's answer."""
        self.note = ""
        """The host's last command's answer."""
        self.since = 0.0
        self.folded = False
        """Shown as its tab only (Tab, or the buttons)."""
        self.chat_read: Any = None
        """The newest chat line shown open (the tab says when a newer one came)."""
        self.fold_listeners: list[Any] = []
        """Called after the panel folds or opens (the screen frames the table again for the room it left)."""
        self.build()

    @property
    def spectating(self) -> bool:
        return bool(self.match.spectating)

    # ------------------------------------------------------------ the pump
    def update(self, animating: bool, dt: float) -> None:
        m, c = self.match, self.controller
        changed = False
        if m.poll():
            for note in m.take_notes():
                changed = True
                kind = note.get("type")
                if kind == "refused":
                    c.message = str(note.get("reason"))
                elif kind == "error":
                    c.warn(f"The table: {note.get('reason')}")
                elif kind == "undo_request":
                    self.asked = note
                    if self.folded:  # an answer is asked for: the panel opens by itself
                        self.fold(False)
                elif kind == "undo_result":
                    self.asked = None
                    if note.get("by") == m.seat:
                        if note.get("accepted"):
                            c.inform("Your last move is taken back.")
                        else:
                            c.warn(f"No undo: {note.get('reason')}")
                elif kind == "line" and note.get("status") == "lost":
                    c.warn(f"The connection to the table is lost: {note.get('reason')}")
            c.shown_changed(advanced=False)  # news beside the game: no action shown yet (it would end a throw's flight)
        self.since += dt
        if m.queue and not animating and (m.queue[0].mine or self.since >= self.delay()):
            m.advance()
            self.since = 0.0
            c.shown_changed()
            changed = True
        if changed:
            self.build()

    def input(self, key: str) -> bool:
        """Chat keys: Enter opens the line and sends it, Escape closes it;
        while it is open every key is the line's. Tab folds or opens the panel.
        A spectator does not chat (the table refuses it)."""
        if self.field is not None:
            if key == "escape":
                self.close_field()
            elif key == "enter":
                text = self.field.text.strip()
                if text:
                    self.match.say(text)
                self.close_field()
            return True
        if key == FOLD_KEY:
            self.fold(not self.folded)
            return True
        if key == "enter" and not self.spectating:
            if self.folded:
                self.fold(False)
            self.open_field()
            return True
        return False

    def fold(self, folded: bool) -> None:
        """Fold the panel to its tab (True) or open it (False)."""
        if folded == self.folded:
            return
        if folded and self.field is not None:
            self.close_field()
        self.folded = folded
        self.build()
        for listener in list(self.fold_listeners):
            listener()

    def box(self, folded: bool | None = None) -> tuple[float, float, float, float]:
        """The camera.ui box (left, bottom, right, top) the panel takes open
        (from its top to the window's bottom: it grows down with the chat, an
        undo request, the host's rows), or its tab folded (in the HUD's button
        row); the game screen keeps the table out of it at the home view."""
        from ursina import window

        if self.folded if folded is None else folded:
            x, y = window.top_right[0] + TAB_FROM_TOP_RIGHT[0], window.top_right[1] + TAB_FROM_TOP_RIGHT[1]
            return (x - TAB_SIZE[0] / 2, y - TAB_SIZE[1] / 2, x + TAB_SIZE[0] / 2, y + TAB_SIZE[1] / 2)
        left = window.left[0] + 0.01
        return (left, window.bottom[1], left + PANEL_WIDTH, PANEL_TOP + 0.01)

    # ------------------------------------------------------------ drawing
    def build(self) -> None:
        from ursina import Button, Entity, Text, color, destroy, window

        if self.body is not None:
            destroy(self.body)
        self.body = Entity(parent=self.root, name="table-panel-body")
        m = self.match
        if self.folded:
            self.build_tab()
            return
        left = window.left[0] + 0.02
        top = y = PANEL_TOP
        lines: list[tuple[str, tuple[float, float, float], float]] = []
        state = {"connected": "connected", "reconnecting": "reconnecting...", "lost": "connection lost"}.get(m.line, m.line)
        where = self.hosting.public_url if self.hosting is not None else m.net.client.url
        lines.append((f"Table {where}  ({state})", LINE_RGB.get(m.line, (1, 1, 1)), 0.66))
        if self.spectating:
            lines.append(("Watching: what every player sees", (1, 0.9, 0.5), 0.6))
        people = []
        for s in m.seats:
            who = str(s.get("name"))
            if s.get("bot"):
                who += f" [{s['bot']} bot]"
            elif s.get("kind") == REMOTE and not s.get("present"):
                who += " (away)"
            people.append(who)
        lines.append((" · ".join(people), (0.8, 0.85, 0.95), 0.6))
        if m.paused:
            lines.append(("The host has paused the game.", (1, 0.8, 0.35), 0.66))
        self.chat_read = m.chat[-1] if m.chat else None
        for chat in m.chat[-CHAT_SHOWN:]:
            rgb = (1.0, 1.0, 1.0) if chat.get("seat") is not None else (0.7, 0.75, 0.8)
            lines.append((f"{chat.get('name')}: {chat.get('text')}", rgb, 0.6))
        if self.field is None:
            key = FOLD_KEY.capitalize()
            lines.append((f"{'' if self.spectating else 'Enter: chat. '}{key}: fold this panel (and open it again)",
                          (0.6, 0.65, 0.7), 0.55))
        if self.asked is not None:
            lines.append((f"{self.asked.get('name')} asks to take back their last move.", (1, 0.9, 0.5), 0.66))
        width = PANEL_WIDTH
        for i, (text, rgb, size) in enumerate(lines):
            label = Text(parent=self.body, text=text, position=(left, y), origin=(-0.5, 0.5), scale=size,
                         color=color.rgb(*rgb))
            room = width - (0.1 if i == 0 else 0.02)  # the first line ends before the Fold button
            if label.width > room:  # one line each: cut, never wrapped over the table
                keep = max(8, int(len(text) * room / label.width) - 1)
                label.text = text[:keep] + "..."
            y -= 0.026 * size / 0.6
        if self.asked is not None:
            for i, (text, accept) in enumerate((("Accept", True), ("Refuse", False))):
                b = Button(parent=self.body, text=text, scale=(0.12, 0.04), position=(left + 0.07 + i * 0.13, y - 0.02),
                           color=color.rgb(0.2, 0.45, 0.3) if accept else color.rgb(0.45, 0.25, 0.25), text_size=0.7)
                b.on_click = lambda a=accept: self.answer(a)
            y -= 0.05
        if self.hosting is not None:
            y = self.host_row(left, y)
        Entity(parent=self.body, model="quad", color=color.rgba(0.06, 0.07, 0.09, 0.72), origin=(-0.5, 0.5),
               position=(left - 0.01, top + 0.01), scale=(width, top - y + 0.02), z=1, name="table-panel-back")
        fold = Button(parent=self.body, text="Fold", scale=(0.07, 0.03), position=(left - 0.01 + width - 0.04, top - 0.006),
                      color=color.rgb(0.28, 0.3, 0.4), text_size=0.55, name="table-panel-fold")
        fold.on_click = lambda: self.fold(True)

    def build_tab(self) -> None:
        """The folded panel: one button that opens it, coloured by the connection."""
        from ursina import Button, color

        m = self.match
        words = {"reconnecting": "Table: reconnecting...", "lost": "Table: connection lost"}.get(m.line)
        if words is None:
            words = "Table: new chat (Tab)" if m.chat and m.chat[-1] is not self.chat_read else "Table (Tab)"
        left, bottom, right, top = self.box(True)
        rgb = LINE_RGB.get(m.line, (1, 1, 1))
        tab = Button(parent=self.body, text=words,
                     scale=TAB_SIZE, position=((left + right) / 2, (bottom + top) / 2),
                     color=color.rgb(0.12 + 0.1 * rgb[0], 0.14 + 0.1 * rgb[1], 0.18 + 0.1 * rgb[2]), text_size=0.7,
                     name="table-panel-tab")
        tab.on_click = lambda: self.fold(False)

    def host_row(self, left: float, y: float) -> float:
        """The host's buttons and the friends' join commands; returns the height below them."""
        from ursina import Button, Text, color

        buttons: list[tuple[str, Any]] = [
            ("Resume" if self.match.paused else "Pause",
             lambda: self.host(Command.RESUME if self.match.paused else Command.PAUSE)),
            ("End the table", lambda: self.host(Command.END)),
        ]
        for s in self.match.seats:
            if s.get("kind") != REMOTE or s.get("seat") == self.match.seat:
                continue
            if s.get("bot"):
                buttons.append((f"{s['label']}: back to its player",
                                lambda i=s["seat"]: self.host(Command.SEAT, i, REMOTE)))
            elif not s.get("present"):
                buttons.append((f"{s['label']}: a bot plays", lambda i=s["seat"]: self.host(Command.SEAT, i, "normal")))
        for i, (text, action) in enumerate(buttons):
            b = Button(parent=self.body, text=text, scale=(0.145, 0.036), position=(left + 0.0725 + (i % 3) * 0.15,
                                                                                     y - 0.02 - (i // 3) * 0.042),
                       color=color.rgb(0.28, 0.3, 0.4), text_size=0.55)
            b.on_click = action
        y -= 0.05 + 0.042 * ((len(buttons) - 1) // 3)
        if self.note:
            Text(parent=self.body, text=self.note, position=(left, y), origin=(-0.5, 0.5), scale=0.6,
                 color=color.rgb(1, 0.8, 0.35))
            y -= 0.025
        for invite in self.hosting.invitations() if self.hosting is not None else []:
            if invite.startswith(f"{self.match.seats[self.match.seat]['label']}:"):
                continue  # the host's own seat
            Text(parent=self.body, text=invite, position=(left, y), origin=(-0.5, 0.5), scale=0.5,
                 color=color.rgb(0.7, 0.9, 1.0))
            y -= 0.022
        return y

    # ------------------------------------------------------------ acting
    def answer(self, accept: bool) -> None:
        self.match.answer_undo(accept)
        self.asked = None
        self.build()

    def host(self, command: Command, seat: int | None = None, kind: str | None = None) -> None:
        if self.hosting is None:
            return
        self.note = self.hosting.command(command, seat, kind) or ""
        self.build()

    def open_field(self) -> None:
        from ursina import InputField, color, window

        self.field = InputField(parent=self.root, scale=(0.6, 0.045), position=(window.left[0] + 0.32, -0.47),
                                character_limit=200, color=color.rgb(0.2, 0.22, 0.28), name="chat-field")
        self.field.active = True
        self.build()

    def close_field(self) -> None:
        from ursina import destroy

        if self.field is not None:
            self.field.enabled = False
            destroy(self.field, delay=0.1)  # Enter reaches the field's own handler after this one
            self.field = None
        self.build()

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)
        self.match.close()
        if self.hosting is not None:
            self.hosting.stop()
