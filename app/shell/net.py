"""Served tables in the window: "Host a table" and "Join a table" (and ``toybox join``).

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

from app.seats import Seats, seat_name
from engine.core.games import get_game
from engine.net.client import ClientThread, JoinError
from engine.net.protocol import Command
from engine.net.remote import RemoteMatch
from engine.net.server import TableServer
from engine.net.table import REMOTE, Table

DEFAULT_PORT = 8765
"""The port "Host a table" tries first (``toybox serve``'s default); a free one if it is taken."""


def open_remote(url: str, code: str, name: str | None = None, tls: ssl.SSLContext | None = None) -> Any:
    """A controller for the seat of ``code`` at the table at ``url``, or a
    spectator's for the spectator code (the public view: it follows the
    table and never acts); JoinError: why not."""
    from app.games import controller_class

    net = ClientThread(url, code, name, tls)
    try:
        net.wait_joined()
    except JoinError:
        net.close()
        raise
    if net.client.role not in ("seat", "spectator"):
        net.close()
        raise JoinError("That is the host's code: it pauses and ends the table from the host's window; "
                        "join with a seat's code or the spectator code.")
    match = RemoteMatch(net)
    kinds = tuple("human" if s == match.seat else REMOTE for s in range(match.state.num_seats))  # none: a spectator
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


__all__ = ["DEFAULT_PORT", "Hosting", "hosted_kinds", "lan_address", "open_remote"]

