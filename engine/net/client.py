"""A client at a served table: one seat's picture, its history and the chat.

``TableClient`` holds what the server sent this seat and nothing else: the
view picture, the history entries the seat may read (another seat's hidden
action is null), the seats, the chat. A stand-in state rebuilt from the
picture (``engine.net.stand_in``) answers what a bot or a window asks
(legal actions, previews); the server's answer decides. A dropped
connection is reopened with the same code, saying how much history the
client holds, so the server sends what it missed.

``play_bot`` plays a seat headless with one of the engine's bots (``toybox
join URL CODE --bot NAME``). ``ClientThread`` runs a client on its own
thread and event loop for the window, which polls it once a frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.core.files import DataError, paths_from_file, want_int, want_list, want_object, want_str
from engine.core.games import GameInfo, UnknownGame, get_game
from engine.core.protocol import SPECTATOR, State, View
from engine.net import protocol as P
from engine.net.stand_in import StandIns

MAX_SERVER_FRAME = 16 * 1024 * 1024
"""Chosen: the longest frame a client reads from a server (a picture is a few kB)."""

RECONNECT_FOR = 60.0
"""Chosen: seconds a client keeps trying to get back to its table after a drop."""

JOIN_TIMEOUT = 10.0
"""Chosen: seconds to wait for the server's welcome."""


class JoinError(Exception):
    """The table would not take this client (a wrong code, a taken seat, a
    version mismatch, no server there); the text says why, for a player."""


@dataclass
class Entry:
    """One step of the history as this seat may know it."""

    seat: int
    action: Any
    """The decoded action, or None where it is hidden from this seat."""


@dataclass
class TableClient:
    """One seat (or a spectator) at a served table."""

    url: str
    code: str
    name: str | None = None
    tls: ssl.SSLContext | None = None
    ws: ClientConnection | None = None
    role: str = ""
    seat: int = SPECTATOR
    info: GameInfo | None = None
    config: Any = None
    config_data: dict[str, Any] = field(default_factory=dict)
    picture: dict[str, Any] | None = None
    history: list[Entry] = field(default_factory=list)
    epoch: int = 0
    held: bool = False
    paused: bool = False
    can_undo: bool = False
    seats: list[dict[str, Any]] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    welcome_chat: list[dict[str, Any]] = field(default_factory=list)
    """The chat as the welcome gave it (what was said before this client came)."""
    result: dict[str, Any] | None = None
    over: bool = False
    stand_ins: StandIns | None = None
    _stand_in: State | None = None
    on_message: Callable[[dict[str, Any]], None] | None = None
    tap: Callable[[str], None] | None = None
    """Called with every frame as it arrives (tests keep what each seat received)."""

    # ------------------------------------------------------------ connecting
    @property
    def connection(self) -> ClientConnection:
        """The open connection: asking before ``open()`` succeeded is a mistake in the caller."""
        if self.ws is None:
            raise RuntimeError(f"{self.url}: not connected yet (open() first).")
        return self.ws

    async def open(self) -> None:
        """Connect and say hello; raises JoinError with the server's sentence."""
        try:
            self.ws = await connect(self.url, ssl=self.tls, max_size=MAX_SERVER_FRAME, open_timeout=JOIN_TIMEOUT,
                                    ping_interval=10, ping_timeout=10)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as err:
            raise JoinError(f"{self.url}: cannot reach a Toybox table there ({type(err).__name__}: {err}).") from None
        hello: dict[str, Any] = {"type": "hello", "version": P.VERSION, "code": self.code,
                                 "since": len(self.history), "epoch": self.epoch}
        if self.name:
            hello["name"] = self.name
        await self.ws.send(P.dumps(hello))
        try:
            first = self.read(await asyncio.wait_for(self.ws.recv(), JOIN_TIMEOUT))
        except ConnectionClosed as err:
            why = err.rcvd.reason if err.rcvd else "no reason"
            raise JoinError(f"{self.url}: the server closed the connection ({why}).") from None
        except TimeoutError:
            raise JoinError(f"{self.url}: no welcome from the server within {JOIN_TIMEOUT:g} s.") from None
        if first.get("type") == "error":
            raise JoinError(str(first.get("reason")))
        if first.get("type") != "welcome":
            raise JoinError(f"{self.url}: the server answered {first.get('type')!r}, not a welcome.")
        self.welcome(first)
        while True:  # the table's news of this arrival, then the picture: open() returns with it
            try:
                msg = self.read(await asyncio.wait_for(self.ws.recv(), JOIN_TIMEOUT))
            except (ConnectionClosed, TimeoutError):
                raise JoinError(f"{self.url}: the server sent no picture of the table.") from None
            self.apply(msg)
            if msg.get("type") == "update":
                return
            if msg.get("type") == "error" and msg.get("fatal"):
                raise JoinError(str(msg.get("reason")))

    def read(self, raw: str | bytes) -> dict[str, Any]:
        """One server frame, held to the file boundary's limits."""
        if isinstance(raw, bytes):
            raise DataError("server: a binary frame, where JSON text was expected.")
        if self.tap is not None:
            self.tap(raw)
        return want_object(P.parse_json_message(raw), "server message")

    def welcome(self, msg: dict[str, Any]) -> None:
        game = want_str(msg.get("game"), "welcome.game")
        try:
            info = get_game(game)
        except UnknownGame as err:
            raise JoinError(str(err)) from None
        if self.info is not None and info.name != self.info.name:
            raise JoinError("The server now plays another game at this code.")
        config_data = want_object(msg.get("config"), "welcome.config")
        if self.info is None or config_data != self.config_data:
            try:
                with paths_from_file():  # a path a server names never reads a file outside the project
                    self.config = info.config_from_dict(config_data)
            except (ValueError, TypeError, KeyError) as err:
                raise JoinError(f"welcome.config: {err}") from None
            self.info, self.config_data = info, config_data
            self.stand_ins = StandIns(info, self.config)
        self.role = want_str(msg.get("role"), "welcome.role")
        seat = msg.get("seat")
        self.seat = SPECTATOR if seat is None else want_int(seat, "welcome.seat", 0, 63)
        self.seats = want_list(msg.get("seats"), "welcome.seats")
        self.chat = want_list(msg.get("chat", []), "welcome.chat")
        self.welcome_chat = list(self.chat)
        self.paused = bool(msg.get("paused"))
        if msg.get("over"):  # a table that ended before this client came
            self.over = True
            self.result = msg.get("result")

    # ------------------------------------------------------------ what arrives
    def apply(self, msg: dict[str, Any]) -> None:
        """Take one server message into the client's picture of the table."""
        kind = msg.get("type")
        if kind == "update":
            start = want_int(msg.get("from"), "update.from", 0)
            events = want_list(msg.get("events"), "update.events")
            assert self.info is not None
            codec = self.info.codec
            del self.history[start:]
            for e in events:
                e = want_object(e, "update.events[]")
                raw = e.get("action")
                self.history.append(Entry(want_int(e.get("seat"), "update.events[].seat"),
                                          None if raw is None else codec.decode(raw)))
            self.epoch = want_int(msg.get("epoch"), "update.epoch", 0)
            self.picture = want_object(msg.get("view"), "update.view")
            self._stand_in = None
            self.held = bool(msg.get("held"))
            self.paused = bool(msg.get("paused"))
            self.can_undo = bool(msg.get("can_undo"))
            if self.picture.get("result") is not None:
                self.result = self.picture["result"]
        elif kind == "over":
            self.over = True
            self.result = msg.get("result") or self.result
        elif kind == "seats":
            self.seats = want_list(msg.get("seats"), "seats.seats")
        elif kind == "chat":
            self.chat.append(msg)
            del self.chat[:-50]
        elif kind == "paused":
            self.paused = bool(msg.get("paused"))
        if self.on_message is not None:
            self.on_message(msg)

    async def receive(self) -> dict[str, Any]:
        """The next server message, applied; ConnectionClosed when the line drops."""
        assert self.ws is not None
        msg = self.read(await self.ws.recv())
        self.apply(msg)
        return msg

    # ------------------------------------------------------------ what the seat asks
    def state(self) -> State:
        """The stand-in state of the latest picture (never the truth)."""
        if self._stand_in is None:
            assert self.stand_ins is not None and self.picture is not None
            self._stand_in = self.stand_ins.build(self.picture)
        return self._stand_in

    def view(self) -> View:
        return self.state().view(self.seat)

    def my_turn(self) -> bool:
        if self.picture is None or self.over or self.paused or self.held or self.role != "seat":
            return False
        return self.seat in self.picture.get("to_act", [])

    # ------------------------------------------------------------ what the seat says
    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(P.dumps(message))

    async def act(self, action: Any, ref: int | None = None) -> None:
        assert self.info is not None
        msg: dict[str, Any] = {"type": "action", "action": self.info.codec.encode(action)}
        if ref is not None:
            msg["ref"] = ref
        await self.send(msg)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def reopen(self, deadline: float) -> None:
        """Get back to the table after a drop, retrying until ``deadline``."""
        delay = 0.2
        while True:
            try:
                await self.open()
                return
            except JoinError:
                if time.monotonic() + delay > deadline:
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, 3.0)


async def play_bot(url: str, code: str, bot_name: str, bot_seed: int = 0, name: str | None = None,
                   tls: ssl.SSLContext | None = None, say: Callable[[str], None] | None = None,
                   client: TableClient | None = None, bot: Any = None,
                   timings: list[float] | None = None, think: float = 0.0) -> dict[str, Any] | None:
    """Play the seat of ``code`` with an engine bot until the game ends;
    returns the result (None when the table ended without one). ``bot``, when
    given, is the bot object itself (``bot_name`` then only names it).
    ``timings`` gets each action's round trip in seconds: from its frame sent
    to the update that shows it applied (the load test's figure); ``think``
    seconds pass before each action (a player's pace)."""
    client = client or TableClient(url, code, name or f"{bot_name} bot", tls)
    await client.open()
    try:
        return await _play(client, bot_name, bot_seed, bot, say, timings, think)
    finally:
        with contextlib.suppress(ConnectionClosed):
            await client.close()


async def _play(client: TableClient, bot_name: str, bot_seed: int, bot: Any,
                say: Callable[[str], None] | None, timings: list[float] | None,
                think: float = 0.0) -> dict[str, Any] | None:
    from engine.bots import make_bot

    if client.role != "seat":
        raise JoinError("That code is a spectator's or the host's: a bot needs a seat's code.")
    assert client.info is not None
    if bot is None:
        bot = make_bot(bot_name, client.info.name, bot_seed)
    loop = asyncio.get_running_loop()
    ref = 0
    waiting: int | None = None
    """The ref of the action sent and not yet answered: until the history
    shows it (or the server holds or refuses it), the bot does not act again."""
    sent_at = (0, 0)
    sent = 0.0
    refusals = 0
    while not client.over:
        try:
            if waiting is None and client.my_turn():
                if think > 0:
                    await asyncio.sleep(think)
                    if not client.my_turn():
                        continue
                view = client.view()
                action = await loop.run_in_executor(None, bot.choose, view)
                ref += 1
                waiting = ref
                sent_at = (len(client.history), client.epoch)
                sent = time.perf_counter()
                await client.act(action, ref)
            msg = await client.receive()
        except ConnectionClosed:
            if client.over:
                break
            await client.reopen(time.monotonic() + RECONNECT_FOR)
            waiting = None
            continue
        kind = msg.get("type")
        if kind == "update" and waiting is not None:
            applied = any(e.seat == client.seat for e in client.history[sent_at[0]:])
            if applied and timings is not None:
                timings.append(time.perf_counter() - sent)
            if applied or client.held or client.epoch != sent_at[1]:
                waiting = None
                refusals = 0
        elif kind == "refused" and msg.get("ref") == waiting:
            waiting = None
            refusals += 1
            if say is not None:
                say(f"refused: {msg.get('reason')}")
            if refusals > 3:
                raise RuntimeError(f"the server refused the bot's action {refusals} times: {msg.get('reason')}")
        elif kind == "error" and say is not None:
            say(f"error: {msg.get('reason')}")
    return client.result


async def watch(url: str, code: str, out: Callable[[str], None], tls: ssl.SSLContext | None = None,
                name: str | None = None) -> dict[str, Any] | None:
    """Follow a table headless (``toybox join URL CODE --watch``): its log and
    chat as they come, until the game ends; a spectator's code sees the public
    picture, a seat's its own."""
    client = TableClient(url, code, name, tls)
    await client.open()
    shown = 0
    try:
        while True:
            log = list((client.picture or {}).get("events") or [])
            if len(log) < shown:  # an undo took lines back
                shown = len(log)
            for line in log[shown:]:
                out(line)
            shown = len(log)
            if client.over:
                return client.result
            try:
                msg = await client.receive()
            except ConnectionClosed:
                await client.reopen(time.monotonic() + RECONNECT_FOR)
                continue
            if msg.get("type") == "chat":
                out(f"[{msg.get('name')}] {msg.get('text')}")
    finally:
        with contextlib.suppress(ConnectionClosed):
            await client.close()


class ClientThread:
    """A ``TableClient`` on its own thread and event loop, for the window.

    The frame thread calls ``poll()`` (the messages that arrived, applied
    already) and ``send()``; nothing here blocks the frame. A drop is
    retried in the background; ``status`` says how the line is.
    """

    def __init__(self, url: str, code: str, name: str | None = None, tls: ssl.SSLContext | None = None) -> None:
        self.client = TableClient(url, code, name, tls)
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = "connecting"
        self.error: str | None = None
        self.lock = threading.Lock()
        """Held while the network thread changes the client: the frame thread
        reads the client's picture under it."""
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self._stop = False
        self._closing: asyncio.Event | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._thread.start()

    def wait_joined(self, timeout: float = JOIN_TIMEOUT + 2) -> None:
        """Block until welcomed (the command line's join, before a window opens)."""
        self._ready.wait(timeout)
        if self.error is not None:
            raise JoinError(self.error)
        if self.status != "connected":
            raise JoinError(f"{self.client.url}: no answer within {timeout:g} s.")

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        client = self.client
        client.on_message = self.inbox.put
        self._closing = asyncio.Event()  # before anyone is told the client joined: close() may come at once
        try:
            await client.open()
        except JoinError as err:
            self.error, self.status = str(err), "refused"
            self._ready.set()
            return
        self.status = "connected"
        self._ready.set()
        closing = asyncio.ensure_future(self._closing.wait())
        while not self._stop:
            try:
                receiving = asyncio.ensure_future(client.connection.recv())
                await asyncio.wait({receiving, closing}, return_when=asyncio.FIRST_COMPLETED)
                if closing.done():  # the window left the table: close here, on the loop that owns the connection
                    receiving.cancel()
                    with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                        await client.connection.close()
                    self.status = "closed"
                    return
                msg = client.read(receiving.result())
                with self.lock:
                    client.apply(msg)
            except ConnectionClosed:
                if self._stop or client.over:
                    self.status = "closed"
                    return
                self.status = "reconnecting"
                self.inbox.put({"type": "line", "status": "reconnecting"})
                try:
                    await client.reopen(time.monotonic() + RECONNECT_FOR)
                except JoinError as err:
                    self.error, self.status = str(err), "lost"
                    self.inbox.put({"type": "line", "status": "lost", "reason": str(err)})
                    return
                self.status = "connected"
                self.inbox.put({"type": "line", "status": "connected"})
            except DataError as err:
                self.error, self.status = f"the server sent a bad message: {err}", "lost"
                self.inbox.put({"type": "line", "status": "lost", "reason": self.error})
                return

    def poll(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message for the server (from any thread)."""
        if self.client.ws is None:
            return
        ws = self.client.ws

        async def go() -> None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(P.dumps(message))

        def start() -> None:  # the coroutine is made on the loop's thread: none is left unawaited if the loop has ended
            task = self._loop.create_task(go())
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        with contextlib.suppress(RuntimeError):  # the loop has ended (the table is closed): nothing to send on
            self._loop.call_soon_threadsafe(start)

    def close(self) -> None:
        self._stop = True
        closing = self._closing
        if closing is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already: nothing to close
                self._loop.call_soon_threadsafe(closing.set)
        self._thread.join(timeout=2.0)


__all__ = ["ClientThread", "Entry", "JoinError", "TableClient", "play_bot", "watch"]
