"""Helpers for the served-table tests: a server on 127.0.0.1 (a free port),
raw clients that send exactly what a test says, and bot clients."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from engine.bots import make_bot, play_out
from engine.core.games import get_game
from engine.core.protocol import State
from engine.net import protocol as P
from engine.net.client import TableClient, play_bot
from engine.net.server import TableServer
from engine.net.table import Table

CONFIGS: dict[str, dict[str, Any]] = {
    "toy-battle": {},
    "little-battle": {"players": 4, "chiefs": True},
    "little-soldiers": {"players": 2},
}
"""One config per game for the served tests."""

TIMEOUT = 30.0
"""Seconds any one wait in these tests may take before it fails the test."""


def labels(n: int) -> list[str]:
    return [f"s{i}" for i in range(n)]


def new_table(game: str, config: dict[str, Any] | None = None, kinds: Sequence[str] | None = None, seed: int = 1,
              table_id: int = 0) -> Table:
    info = get_game(game)
    cfg = info.config_from_dict(dict(CONFIGS[game] if config is None else config))
    n = info.new_game(cfg, 0).num_seats
    return Table.new(info, cfg, seed, list(kinds or ["remote"] * n), labels(n), table_id)


@contextlib.asynccontextmanager
async def serving(*tables: Table, **options: Any) -> AsyncIterator[tuple[TableServer, str]]:
    server = TableServer(list(tables), **options)
    port = await server.start("127.0.0.1", 0)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await server.close()


def run(coro: Any, timeout: float = 60.0) -> Any:
    """Run a test's coroutine to the end (failing after ``timeout`` seconds)."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def local_game(game: str, config: dict[str, Any], seed: int, bots: Sequence[str], bot_seeds: Sequence[int]) -> State:
    info = get_game(game)
    state = info.new_game(info.config_from_dict(dict(config)), seed)
    return play_out(state, [make_bot(b, game, s) for b, s in zip(bots, bot_seeds, strict=True)])


@dataclass
class Raw:
    """A client that sends exactly what the test says and keeps every frame."""

    ws: ClientConnection
    frames: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    async def open(cls, url: str, code: str | None = None, **hello: Any) -> Raw:
        raw = cls(await connect(url, max_size=None))
        if code is not None:
            await raw.send({"type": "hello", "version": P.VERSION, "code": code, **hello})
        return raw

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def next(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(msg)
        return msg

    async def until(self, kind: str, test: Callable[[dict[str, Any]], bool] = lambda m: True,
                    timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message of ``kind`` that passes ``test`` (others are kept)."""
        async def wait() -> dict[str, Any]:
            while True:
                msg = await self.next(timeout)
                if msg.get("type") == kind and test(msg):
                    return msg
        return await asyncio.wait_for(wait(), timeout)

    async def closed(self, timeout: float = TIMEOUT) -> tuple[int | None, str]:
        """Read until the server closes; its close code and reason."""
        try:
            while True:
                await self.next(timeout)
        except ConnectionClosed as err:
            return (err.rcvd.code, err.rcvd.reason) if err.rcvd else (None, "")

    async def close(self) -> None:
        await self.ws.close()

    def latest_update(self) -> dict[str, Any]:
        return next(m for m in reversed(self.frames) if m.get("type") == "update")


async def bot_clients(url: str, table: Table, bot: str, seeds: Sequence[int], taps: list[list[str]] | None = None) -> list[Any]:
    """Every remote seat played by a bot client; their results."""
    jobs = []
    for i, seat in enumerate(s for s in table.seats if s.code is not None):
        client = TableClient(url, seat.code or "", f"bot{seat.index}")
        if taps is not None:
            frames: list[str] = []
            taps.append(frames)
            client.tap = frames.append
        jobs.append(play_bot(url, seat.code or "", bot, seeds[i], client=client))
    return await asyncio.gather(*jobs)



class Background:
    """A table server and bot clients on their own event loop thread (the
    test's thread plays the window's frame loop)."""

    def __init__(self, table: Table, bot_seats: Sequence[int], bot: str = "random") -> None:
        self.table, self.bot_seats, self.bot = table, bot_seats, bot
        self.url: str | None = None
        self.ready = threading.Event()
        self.done = threading.Event()
        self.stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self.main()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    async def main(self) -> None:
        self.stop = asyncio.Event()
        self.loop = asyncio.get_running_loop()
        async with serving(self.table) as (_, url):
            self.url = url
            self.ready.set()
            bots = [asyncio.create_task(play_bot(url, self.table.seats[s].code, self.bot, s)) for s in self.bot_seats]
            await self.stop.wait()
            for b in bots:
                b.cancel()
            await asyncio.gather(*bots, return_exceptions=True)
        self.done.set()

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.done.wait(10)


__all__ = ["CONFIGS", "TIMEOUT", "Background", "Raw", "bot_clients", "labels", "local_game", "new_table", "run",
           "serving"]
