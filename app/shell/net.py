"""Served tables in the window: "Host a table", "Join a table" and ``toybox join``.

Hosting runs the engine's table server (``engine.net.server``) on a thread
of its own with its own event loop, in this process; the host's window then
joins its own seat over 127.0.0.1 like any friend's. Joining opens a
``ClientThread`` (the network off the frame thread) and a ``RemoteMatch``
(the seat's stand-in: never the truth), and gives the game's own controller
that match: the views, clicks and animations are the local game's.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.seats import SEAT_NAMES, Seats, seat_name
from engine.core.games import get_game
from engine.net.client import ClientThread, JoinError
from engine.net.protocol import Command
from engine.net.remote import RemoteMatch
from engine.net.server import TableServer
from engine.net.table import REMOTE, Table

DEFAULT_PORT = 8765
"""The port "Host a table" tries first (``toybox serve``'s default); a free one if it is taken."""


def open_remote(url: str, code: str, name: str | None = None, tls: ssl.SSLContext | None = None) -> Any:
    """A controller for the seat of ``code`` at the table at ``url`` (JoinError: why not)."""
    from app.games import controller_class

    net = ClientThread(url, code, name, tls)
    try:
        net.wait_joined()
    except JoinError:
        net.close()
        raise
    if net.client.role != "seat":
        net.close()
        raise JoinError("That is a spectator's or the host's code: the window plays a seat "
                        "(watch with toybox join URL CODE --watch).")
    match = RemoteMatch(net)
    kinds = tuple("human" if s == match.seat else REMOTE for s in range(match.state.num_seats))
    return controller_class(match.info.name)(match, Seats(kinds), None)  # no autosave here: the server keeps it


def lan_address() -> str:
    """This machine's address as another machine on the network sees it (best effort)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route picks the interface
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@dataclass
class Hosting:
    """A table served from this window's process."""

    table: Table
    bind: str
    port: int = 0
    server: TableServer | None = None
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    thread: threading.Thread | None = None
    error: str | None = None

    @classmethod
    def start(cls, game: str, config: dict[str, Any], kinds: Sequence[str], open_to_network: bool = False,
              port: int = DEFAULT_PORT, seed: int | None = None) -> Hosting:
        """Serve a new table: ``kinds`` one per seat ("remote" or a bot name)."""
        info = get_game(game)
        cfg = info.config_from_dict(dict(config))
        labels = [seat_name(game, s) for s in range(len(kinds))]
        hosting = cls(Table.new(info, cfg, seed, list(kinds), labels), "0.0.0.0" if open_to_network else "127.0.0.1")
        ready = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(hosting.loop)
            hosting.loop.run_until_complete(hosting._listen(port, ready))
            hosting.loop.run_forever()

        hosting.thread = threading.Thread(target=run, name="table-server", daemon=True)
        hosting.thread.start()
        ready.wait(10)
        if hosting.error is not None:
            raise OSError(hosting.error)
        return hosting

    async def _listen(self, port: int, ready: threading.Event) -> None:
        from app.userdir import user_dir

        save = user_dir() / "autosave" / f"hosted-{self.table.info.name}.json"
        self.server = TableServer([self.table], [save], on_event=lambda text: print(text, file=sys.stderr))
        try:
            try:
                self.port = await self.server.start(self.bind, port)
            except OSError:
                self.port = await self.server.start(self.bind, 0)  # the usual port is taken: any free one
        except OSError as err:
            self.error = f"cannot listen on {self.bind} ({err.strerror or err})"
        ready.set()

    @property
    def url(self) -> str:
        """Where this machine's own window joins."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def public_url(self) -> str:
        """What friends type: this machine's network address when open to the network."""
        host = lan_address() if self.bind == "0.0.0.0" else "127.0.0.1"
        return f"ws://{host}:{self.port}"

    def code(self, seat: int) -> str:
        return self.table.seats[seat].code or ""

    def invitations(self) -> list[str]:
        """One line per remote seat: the command a friend runs."""
        return [f"{s.label}: toybox join {self.public_url} {s.code}" for s in self.table.seats if s.code]

    def command(self, command: Command, seat: int | None = None, kind: str | None = None) -> str | None:
        """The host's pause, resume, end or seat hand-over; None when done, else why not."""
        if self.server is None:
            return "The table is not served."
        future = asyncio.run_coroutine_threadsafe(self.server.host_command(self.table.id, command, seat, kind), self.loop)
        try:
            return future.result(5)
        except Exception as err:  # noqa: BLE001 - said to the host, the game goes on
            return f"{type(err).__name__}: {err}"

    def stop(self) -> None:
        if self.server is None or not self.loop.is_running():
            return
        future = asyncio.run_coroutine_threadsafe(self.server.close(), self.loop)
        try:
            future.result(5)
        except Exception:  # noqa: BLE001 - closing anyway
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)


def hosted_kinds(game: str, kinds: Sequence[str]) -> tuple[list[str], int]:
    """The start screen's seats as a served table's: the first human seat is
    the host's own, every other human seat a friend's (remote), bots stay the
    server's. Returns the kinds and the host's seat."""
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    if not humans:
        raise ValueError("Host a table: make one seat human (yours); other human seats are your friends'.")
    if len(humans) == 1 and all(k != REMOTE for k in kinds):
        raise ValueError("Host a table: make a second seat human for a friend to join (bots need no table).")
    return [REMOTE if k in ("human", REMOTE) else k for k in kinds], humans[0]


def run_remote(url: str, code: str, name: str | None = None, tls: ssl.SSLContext | None = None) -> int:
    """``toybox join URL CODE``: the window on that seat."""
    from app.shell import guard, window
    from app.shell.play import Shell

    if not window.display_available():
        print("toybox join needs a display; play the seat headless with --bot NAME instead.", file=sys.stderr)
        return 1
    try:
        ctl = open_remote(url, code, name, tls)
    except JoinError as err:
        print(f"toybox: join: {err}", file=sys.stderr)
        return 2
    app = window.start(offscreen=False, title="Toybox: a served table")
    shell = Shell(app)
    guard.install(app, shell.guard)
    shell.open_table(ctl)
    app.run()
    return 0


__all__ = ["DEFAULT_PORT", "Hosting", "hosted_kinds", "lan_address", "open_remote", "run_remote", "SEAT_NAMES"]


CHAT_SHOWN = 4
"""Chat lines the table panel shows (the newest)."""

PANEL_WIDTH = 0.47
"""camera.ui width of the table panel, bottom left (chosen: it leaves the board's middle free)."""

LINE_RGB = {"connected": (0.55, 0.9, 0.6), "reconnecting": (1.0, 0.8, 0.35), "lost": (1.0, 0.5, 0.45)}


class TablePanel:
    """The served table's corner of the game screen: the connection, who is
    at the table, the chat (Enter to type), an undo request to answer, and
    for the host the pause, the hand-over of an absent seat and the end.

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
        self.build()

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
                elif kind == "undo_result":
                    self.asked = None
                    if note.get("by") == m.seat:
                        if note.get("accepted"):
                            c.inform("Your last move is taken back.")
                        else:
                            c.warn(f"No undo: {note.get('reason')}")
                elif kind == "line" and note.get("status") == "lost":
                    c.warn(f"The connection to the table is lost: {note.get('reason')}")
            c.shown_changed()
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
        while it is open every key is the line's."""
        if self.field is not None:
            if key == "escape":
                self.close_field()
            elif key == "enter":
                text = self.field.text.strip()
                if text:
                    self.match.say(text)
                self.close_field()
            return True
        if key == "enter":
            self.open_field()
            return True
        return False

    # ------------------------------------------------------------ drawing
    def build(self) -> None:
        from ursina import Button, Entity, Text, color, destroy, window

        if self.body is not None:
            destroy(self.body)
        self.body = Entity(parent=self.root, name="table-panel-body")
        m = self.match
        left = window.left[0] + 0.02
        top = y = -0.16
        lines: list[tuple[str, tuple[float, float, float], float]] = []
        state = {"connected": "connected", "reconnecting": "reconnecting...", "lost": "connection lost"}.get(m.line, m.line)
        where = self.hosting.public_url if self.hosting is not None else m.net.client.url
        lines.append((f"Table {where}  ({state})", LINE_RGB.get(m.line, (1, 1, 1)), 0.66))
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
        for chat in m.chat[-CHAT_SHOWN:]:
            rgb = (1.0, 1.0, 1.0) if chat.get("seat") is not None else (0.7, 0.75, 0.8)
            lines.append((f"{chat.get('name')}: {chat.get('text')}", rgb, 0.6))
        if self.field is None:
            lines.append(("Enter: say something to the table", (0.6, 0.65, 0.7), 0.55))
        if self.asked is not None:
            lines.append((f"{self.asked.get('name')} asks to take back their last move.", (1, 0.9, 0.5), 0.66))
        width = PANEL_WIDTH
        for text, rgb, size in lines:
            label = Text(parent=self.body, text=text, position=(left, y), origin=(-0.5, 0.5), scale=size,
                         color=color.rgb(*rgb))
            if label.width > width - 0.02:  # one line each: cut, never wrapped over the table
                keep = max(8, int(len(text) * (width - 0.02) / label.width) - 1)
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
