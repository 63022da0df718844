"""The table server: many tables on one asyncio WebSocket server (``websockets``).

One process, one event loop. The loop only reads, checks and sends frames;
the game work (an action applied, the pictures made for every connection of
a table, an autosave's record) runs in a small thread pool, one operation
per table at a time (a lock per table), and the bots think in a pool of
their own, on a clone's view. So a table whose bot thinks for seconds, or
whose action runs a throw's physics, never stalls another table's
messages, and one hostile connection never stalls anything: its frames are
checked for size, rate and shape before anything is decoded, each
connection sends from its own queue (a reader that stops reading is cut
off, not waited for), and a connection that floods is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.core.files import DataError, write_atomic
from engine.core.protocol import SPECTATOR
from engine.net import protocol as P
from engine.net.table import Notice, Refused, Role, Table, notices_for

log = logging.getLogger("toybox.net")

HELLO_TIMEOUT = 10.0
"""Chosen: seconds a new connection has to say hello before it is closed."""

SEND_QUEUE = 256
"""Chosen: frames waiting for a slow reader before its connection is closed."""

MAX_SPECTATORS = 32
"""Chosen: spectator and host connections one table takes."""

PING_INTERVAL = 10.0
"""Chosen: seconds between WebSocket pings; a connection silent for two is
dropped, which frees its seat for the player's reconnect."""

CLOSE_TIMEOUT = 2.0
"""Chosen: seconds the server waits for a client's half of a closing handshake."""

AUTOSAVE_EVERY = 0.25
"""Chosen: the least seconds between two autosaves of a table (a crash loses
at most that much play; the clients then see the table as it was saved)."""

BOT_THREADS = 4
"""Chosen: bots thinking at once (on threads: a decision reads a clone's view)."""

WORK_THREADS = 4
"""Chosen: threads applying actions and making pictures (one per table at a time)."""


@dataclass(eq=False)
class Connection:
    """One client's connection to one table."""

    ws: ServerConnection
    table: Table
    role: Role
    seat: int
    """Its seat, or ``SPECTATOR`` (a spectator or the host)."""
    sent: int = 0
    """History entries it holds."""
    epoch: int = 0
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    tokens: float = float(P.BURST)
    last: float = field(default_factory=time.monotonic)
    over_rate: int = 0
    warned: float = 0.0
    close_reason: str | None = None
    """Set when the server ends the connection after its queue is sent."""

    def allow(self) -> bool:
        """The rate limit (a token bucket): whether this message is read."""
        now = time.monotonic()
        self.tokens = min(float(P.BURST), self.tokens + (now - self.last) * P.RATE)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.over_rate = max(0, self.over_rate - 1)
            return True
        self.over_rate += 1
        return False

    def push(self, frame: str) -> bool:
        """Queue a frame; False when the reader is too far behind."""
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            return False
        return True


@dataclass(eq=False)
class Hosted:
    """A table and what the server keeps beside it."""

    table: Table
    autosave: Path | None = None
    out: Path | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Connection] = field(default_factory=list)
    thinking: dict[int, int] = field(default_factory=dict)
    """Seats whose server bot is choosing, with the table's epoch then."""
    failed: dict[int, int] = field(default_factory=dict)
    """Seats whose bot failed, with the table's version then."""
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    saver: asyncio.Task[None] | None = None
    recorded: bool = False


class TableServer:
    """Serves ``tables``; call ``start`` in a running loop, then ``close``."""

    def __init__(self, tables: Sequence[Table], autosaves: Sequence[Path | None] | None = None,
                 outs: Sequence[Path | None] | None = None, on_event: Callable[[str], None] | None = None,
                 hello_timeout: float = HELLO_TIMEOUT) -> None:
        self.hello_timeout = hello_timeout
        self.hosted = [Hosted(t, (autosaves or [None] * len(tables))[i], (outs or [None] * len(tables))[i])
                       for i, t in enumerate(tables)]
        self.on_event = on_event or (lambda text: None)
        self.server: Server | None = None
        self.work = ThreadPoolExecutor(WORK_THREADS, thread_name_prefix="table")
        self.bots = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="bot")
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False

    # ------------------------------------------------------------ running
    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Listen; returns the port (a free one when ``port`` is 0)."""
        self.server = await serve(self.handle, host, port, ssl=tls, max_size=P.MAX_FRAME, max_queue=4,
                                  ping_interval=PING_INTERVAL, ping_timeout=PING_INTERVAL, close_timeout=CLOSE_TIMEOUT,
                                  compression=None)  # a picture is a few kB: deflating every frame cost more than it saved
        for hosted in self.hosted:
            hosted.saver = asyncio.create_task(self.keep_saved(hosted))
            if hosted.autosave is not None:
                hosted.dirty.set()
            self.schedule_bots(hosted)
        sock = next(iter(self.server.sockets))
        return int(sock.getsockname()[1])

    async def close(self) -> None:
        """Save every table, say goodbye to every client and stop."""
        self.closing = True
        for hosted in self.hosted:
            await self.save_now(hosted)
        if self.server is not None:
            self.server.close(close_connections=True)
            await self.server.wait_closed()
        for hosted in self.hosted:
            if hosted.saver is not None:
                hosted.saver.cancel()
        for task in list(self.tasks):
            task.cancel()
        self.work.shutdown(wait=False, cancel_futures=True)
        self.bots.shutdown(wait=False, cancel_futures=True)

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def find(self, code: str) -> tuple[Hosted, Role, int | None] | None:
        for hosted in self.hosted:
            found = hosted.table.role_of(code)
            if found is not None:
                return hosted, found[0], found[1]
        return None

    # ------------------------------------------------------------ one connection
    async def handle(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except (TimeoutError, ConnectionClosed):
            await ws.close(1008, "say hello first")
            return
        try:
            hello = P.parse_client(raw, None)
        except P.ProtocolError as err:
            await self.refuse(ws, str(err))
            return
        if not isinstance(hello, P.Hello):
            await self.refuse(ws, "Say hello with a join code first.")
            return
        if hello.version != P.VERSION:
            await self.refuse(ws, f"This server speaks protocol version {P.VERSION}; the client speaks {hello.version}. "
                                  "Use the same Toybox on both machines.")
            return
        found = self.find(hello.code)
        if found is None:
            await asyncio.sleep(0.2)  # a wrong code costs a moment: guessing stays slow
            await self.refuse(ws, "That join code is not one of this server's seats (check it, or ask the host for yours).")
            return
        hosted, role, seat = found
        if role is not Role.SEAT and sum(c.role is not Role.SEAT for c in hosted.conns) >= MAX_SPECTATORS:
            await self.refuse(ws, f"This table has {MAX_SPECTATORS} spectators already.")
            return
        conn = Connection(ws, hosted.table, role, SPECTATOR if seat is None else seat, hello.since, hello.epoch)
        writer = asyncio.create_task(self.write(conn))
        try:
            if not await self.enter(hosted, conn, hello):
                return
            await self.read(hosted, conn)
        finally:
            if conn in hosted.conns:
                hosted.conns.remove(conn)
                if conn.role is Role.SEAT:
                    await self.operate(hosted, lambda: hosted.table.leave(conn.seat))
            try:
                if conn.close_reason is None:
                    conn.queue.put_nowait(None)
                await asyncio.wait_for(writer, CLOSE_TIMEOUT + 1)
            except (asyncio.QueueFull, TimeoutError):
                writer.cancel()

    async def refuse(self, ws: ServerConnection, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(P.dumps(P.error(reason, fatal=True)))
            await ws.close(1008, reason[:120])

    async def enter(self, hosted: Hosted, conn: Connection, hello: P.Hello) -> bool:
        table = hosted.table
        async with hosted.lock:
            said = list(table.chat_log)  # the welcome's chat: what was said before this arrival (the rest follows)
            if conn.role is Role.SEAT:
                try:
                    notices = table.join(conn.seat, hello.name)
                except Refused as err:
                    conn.push(P.dumps(P.error(str(err), fatal=True)))
                    self.end(conn, "seat taken")
                    return False
            else:
                notices = []
            hosted.conns.append(conn)
            welcome = table.welcome(conn.role, None if conn.seat == SPECTATOR else conn.seat, said)
            conn.push(P.dumps(welcome))
            frames = await asyncio.get_running_loop().run_in_executor(self.work, self.frames, hosted, notices, True)
        self.deliver(hosted, frames)
        self.schedule_bots(hosted)
        return True

    async def read(self, hosted: Hosted, conn: Connection) -> None:
        table = hosted.table
        codec = table.info.codec
        try:
            async for raw in conn.ws:
                if conn.close_reason is not None:
                    continue  # closing: read on, so the client's close frame is not stuck behind its flood
                if not conn.allow():
                    if conn.over_rate > P.FLOOD_CLOSE:
                        self.end(conn, "too many messages")
                        continue
                    now = time.monotonic()
                    if now - conn.warned > 1.0:
                        conn.warned = now
                        conn.push(P.dumps(P.error(f"Too many messages: a table reads {P.RATE:g} a second; "
                                                  "this one was dropped.")))
                    continue
                try:
                    msg = P.parse_client(raw, codec)
                except P.ProtocolError as err:
                    conn.push(P.dumps(P.error(str(err))))
                    continue
                await self.dispatch(hosted, conn, msg)
        except ConnectionClosed:
            return

    async def dispatch(self, hosted: Hosted, conn: Connection, msg: P.ClientMessage) -> None:
        table = hosted.table
        if isinstance(msg, P.Ping):
            conn.push(P.dumps(P.pong(msg.t, time.time())))
            return
        if isinstance(msg, P.Hello):
            conn.push(P.dumps(P.error("hello: this connection already holds a seat; open another to join again.")))
            return
        if isinstance(msg, P.HostCommand):
            if conn.role is not Role.HOST:
                conn.push(P.dumps(P.error("host: only the host's code may pause, hand seats over or end the table.")))
                return
            await self.operate(hosted, lambda: table.host(msg.command, msg.seat, msg.kind), conn)
            return
        if isinstance(msg, P.Chat):
            if conn.role is Role.SPECTATOR:
                conn.push(P.dumps(P.error("chat: spectators watch quietly; only the players and the host talk.")))
                return
            seat = None if conn.role is Role.HOST else conn.seat
            await self.operate(hosted, lambda: table.say(seat, msg.text), conn)
            return
        if conn.role is not Role.SEAT:
            what = "act" if isinstance(msg, P.ActionMsg) else "ask for an undo"
            conn.push(P.dumps(P.refused(f"A {conn.role.value} code watches the table; it cannot {what}.",
                                        msg.ref if isinstance(msg, P.ActionMsg) else None)))
            return
        if isinstance(msg, P.ActionMsg):
            if msg.seat is not None and msg.seat != conn.seat:
                conn.push(P.dumps(P.refused(
                    f"This connection holds seat {table.seats[conn.seat].label} ({conn.seat}); "
                    f"it cannot act for seat {msg.seat}.", msg.ref)))
                return
            await self.operate(hosted, lambda: table.act(conn.seat, msg.action, msg.ref), conn, msg.ref)
            return
        if isinstance(msg, P.UndoRequest):
            await self.operate(hosted, lambda: table.request_undo(conn.seat), conn)
            return
        await self.operate(hosted, lambda: table.answer_undo(conn.seat, msg.accept), conn)

    # ------------------------------------------------------------ changing a table
    async def operate(self, hosted: Hosted, change: Callable[[], list[Notice]], by: Connection | None = None,
                      ref: int | None = None) -> bool:
        """Run ``change`` on the table (in the work pool, one at a time per
        table), then send every connection what it must now see. A refusal
        goes to ``by`` alone."""
        loop = asyncio.get_running_loop()
        async with hosted.lock:
            before = (hosted.table.version, hosted.table.paused, hosted.table.over)
            try:
                frames = await loop.run_in_executor(self.work, self.change_and_frames, hosted, change, before)
            except Refused as err:
                if by is not None:
                    by.push(P.dumps(P.refused(str(err), ref)))
                return False
            except Exception as err:  # an engine failure (logged) refuses this one message; the table lives on
                log.exception("table %s: %s", hosted.table.id, err)
                if by is not None:
                    by.push(P.dumps(P.refused(f"The server could not do that ({type(err).__name__}); "
                                              "the game is unchanged.", ref)))
                return False
            after = (hosted.table.version, hosted.table.paused, hosted.table.over)
        self.deliver(hosted, frames)
        if before != after:
            hosted.dirty.set()
            if hosted.table.over and not hosted.recorded:
                hosted.recorded = True
                await self.write_out(hosted)
        self.schedule_bots(hosted)
        return True

    def change_and_frames(self, hosted: Hosted, change: Callable[[], list[Notice]],
                          before: tuple[int, bool, bool]) -> list[tuple[Connection, list[str]]]:
        """One work-pool call per operation: the change, with every connection's
        update after each action it applied (several when held choices
        follow), then the notices."""
        table = hosted.table
        out: list[tuple[Connection, list[str]]] = []
        stepped = False

        def step() -> None:
            nonlocal stepped
            stepped = True
            out.extend(self.frames(hosted, [], True))
        table.on_step = step
        try:
            notices = change()
        finally:
            table.on_step = None
        out.extend(self.frames(hosted, notices, not stepped and before != (table.version, table.paused, table.over)))
        return out

    def frames(self, hosted: Hosted, notices: list[Notice], changed: bool) -> list[tuple[Connection, list[str]]]:
        """Every connection's frames after a change (on a work thread, under
        the table's lock): the notices it may read, then its update (one
        picture per seat, shared by the connections of that seat)."""
        table = hosted.table
        out = []
        pictures: dict[tuple[int, int, int], str] = {}
        for conn in list(hosted.conns):
            texts = [P.dumps(m) for m in notices_for(notices, conn.seat)]
            stale = changed or conn.sent != len(table.entries()) or conn.epoch != table.epoch
            if stale:
                key = (conn.seat, table.base_for(conn.sent, conn.epoch), table.epoch)
                text = pictures.get(key)
                if text is None:
                    text = pictures[key] = P.dumps(table.update(conn.seat, conn.sent, conn.epoch))
                texts.append(text)
                conn.sent, conn.epoch = len(table.entries()), table.epoch
            out.append((conn, texts))
        return out

    def deliver(self, hosted: Hosted, frames: list[tuple[Connection, list[str]]]) -> None:
        for conn, texts in frames:
            for text in texts:
                if not conn.push(text):
                    self.spawn(conn.ws.close(1008, "too slow to read the table"))
                    break

    def end(self, conn: Connection, reason: str) -> None:
        """Close ``conn`` once the frames queued for it are sent (its last
        error message among them)."""
        if conn.close_reason is None:
            conn.close_reason = reason
            try:
                conn.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.spawn(conn.ws.close(1008, reason))

    async def write(self, conn: Connection) -> None:
        """Send a connection's queue, in order, until None."""
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    if conn.close_reason is not None:
                        await conn.ws.close(1008, conn.close_reason)
                    return
                await conn.ws.send(text)
        except ConnectionClosed:
            return

    # ------------------------------------------------------------ bots
    def schedule_bots(self, hosted: Hosted) -> None:
        if self.closing:
            return
        table = hosted.table
        for seat in table.bot_turns():
            if seat in hosted.thinking or hosted.failed.get(seat) == table.version:
                continue
            hosted.thinking[seat] = table.epoch
            bot = table.bot(seat)
            view = table.match.state.clone().view(seat)
            self.spawn(self.think(hosted, seat, bot, view, table.epoch))

    async def think(self, hosted: Hosted, seat: int, bot: Any, view: Any, epoch: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            action = await loop.run_in_executor(self.bots, bot.choose, view)
        except Exception as err:  # logged: a failing bot must not end the table; the host can hand the seat back
            log.exception("table %s seat %s: the bot failed", hosted.table.id, seat)
            hosted.failed[seat] = hosted.table.version  # not asked again until the game moves
            hosted.thinking.pop(seat, None)
            text = f"The bot at seat {hosted.table.seats[seat].label} failed ({type(err).__name__}: {err})."
            await self.operate(hosted, lambda: hosted.table.say(None, text))
            return
        hosted.thinking.pop(seat, None)
        table = hosted.table
        if table.epoch != epoch or table.seats[seat].bot is None:
            self.schedule_bots(hosted)
            return
        await self.operate(hosted, lambda: table.act(seat, action))

    # ------------------------------------------------------------ saving
    async def keep_saved(self, hosted: Hosted) -> None:
        """Write the autosave after changes, one write at a time (changes
        that come while one is written are in the next)."""
        if hosted.autosave is None:
            return
        while True:
            await hosted.dirty.wait()
            hosted.dirty.clear()
            await self.save_now(hosted)
            await asyncio.sleep(AUTOSAVE_EVERY)  # the changes meanwhile go into the next write

    async def save_now(self, hosted: Hosted) -> None:
        if hosted.autosave is None:
            return
        loop = asyncio.get_running_loop()
        async with hosted.lock:
            data = await loop.run_in_executor(self.work, hosted.table.save_data)
        path = hosted.autosave
        try:
            await loop.run_in_executor(None, _write_json, path, data, 0o600)
        except DataError as err:
            self.on_event(f"Autosave failed: {err}")

    async def write_out(self, hosted: Hosted) -> None:
        if hosted.out is None:
            return
        loop = asyncio.get_running_loop()
        async with hosted.lock:
            data = await loop.run_in_executor(self.work, hosted.table.save_data)
        table_meta = data.pop("table")
        data["result"] = table_meta["result"]  # ``play --load`` and ``replay`` read the record and skip this
        data["players"] = [s.public()["name"] for s in hosted.table.seats]
        try:
            await loop.run_in_executor(None, _write_json, hosted.out, data, None)
            self.on_event(f"Table {hosted.table.id + 1}: the record is in {hosted.out}.")
        except DataError as err:
            self.on_event(f"Table {hosted.table.id + 1}: the record could not be written: {err}")

    # ------------------------------------------------------------ the host at the server
    async def host_command(self, table_id: int, command: P.Command, seat: int | None = None,
                           kind: str | None = None) -> str | None:
        """The host's console or window: None when done, else why not."""
        hosted = next((h for h in self.hosted if h.table.id == table_id), None)
        if hosted is None:
            return f"There is no table {table_id}."
        try:
            ok = await self.operate_checked(hosted, lambda: hosted.table.host(command, seat, kind))
        except Refused as err:
            return str(err)
        return None if ok else "refused"

    async def operate_checked(self, hosted: Hosted, change: Callable[[], list[Notice]]) -> bool:
        """``operate`` that raises the table's refusal instead of sending it."""
        refusal: list[str] = []

        def guarded() -> list[Notice]:
            try:
                return change()
            except Refused as err:
                refusal.append(str(err))
                return []
        ok = await self.operate(hosted, guarded)
        if refusal:
            raise Refused(refusal[0])
        return ok


def _write_json(path: Path, data: Any, mode: int | None) -> None:
    import json

    write_atomic(path, json.dumps(data, separators=(",", ":")) + "\n", mode=mode)


TLS_FILE_MAX_BYTES = 1024 * 1024
"""Chosen: the largest certificate or key file read (a chain is a few KiB)."""


def tls_context(certfile: str, keyfile: str | None) -> ssl.SSLContext:
    """A server TLS context from a certificate (and key) file. Both are read
    through the input boundary first: a FIFO there made ``toybox serve`` wait
    forever in OpenSSL's open (issue 22's "nothing hangs"), a device read it
    without end; what is not a certificate and key is one sentence."""
    from engine.core.files import DataError, read_bytes

    read_bytes(certfile, TLS_FILE_MAX_BYTES, "certificate")
    if keyfile is not None:
        read_bytes(keyfile, TLS_FILE_MAX_BYTES, "private key")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, OSError) as err:
        named = certfile if keyfile is None else f"{certfile} with {keyfile}"
        raise DataError(f"{named}: not a certificate and private key to serve TLS with "
                        f"({getattr(err, 'reason', None) or err}).") from None
    return context


__all__ = ["Connection", "Hosted", "TableServer", "tls_context"]
