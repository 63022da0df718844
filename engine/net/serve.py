"""``toybox serve``: tables on this machine for friends on others.

Builds the tables (new ones, or one resumed from its autosave), prints the
join codes, writes them to ``--codes`` (through the atomic-write boundary,
readable by the owner only: they are the seats' secrets), serves until every
table is over and every client has gone (or Ctrl-C, or ``quit`` at the
console), autosaving as it goes. The host types commands at the console:
``pause``, ``resume``, ``seat blue=hard``, ``seat blue=remote``, ``end``,
``codes``, ``status``, ``quit`` (a table number after the command when there
are several).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.core.files import write_atomic
from engine.core.games import GameInfo
from engine.core.userdir import user_dir
from engine.net.protocol import Command
from engine.net.server import TableServer, tls_context
from engine.net.table import Table

IDLE_EXIT = 1.0
"""Chosen: seconds the server lingers once every table is over and every
client has left (so the last clients read the result) before it exits."""


@dataclass
class ServeOptions:
    info: GameInfo | None
    config: Any
    kinds: Sequence[str]
    labels: Sequence[str]
    host: str = "127.0.0.1"
    port: int = 8765
    tables: int = 1
    seed: int | None = None
    resume: Path | None = None
    codes: Path | None = None
    out: Path | None = None
    autosave: Path | None = None
    certfile: str | None = None
    keyfile: str | None = None
    stay: bool = False
    """Keep serving after every table is over (a lobby a host leaves open)."""


def numbered(path: Path | None, index: int, count: int) -> Path | None:
    """``path`` for table ``index`` of ``count``: ``game.json`` stays for a
    single table, ``game-2.json`` is the second of several."""
    if path is None or count == 1:
        return path
    return path.with_name(f"{path.stem}-{index + 1}{path.suffix}")


def make_tables(opts: ServeOptions) -> list[Table]:
    if opts.resume is not None:
        return [Table.resume(opts.resume)]
    assert opts.info is not None
    base = opts.seed
    return [Table.new(opts.info, opts.config, None if base is None else base + i, opts.kinds, opts.labels, i)
            for i in range(opts.tables)]


def codes_data(tables: Sequence[Table], url: str) -> dict[str, Any]:
    """What ``--codes`` holds: one table's codes by seat label, with the
    spectator's and the host's, and where to join; several tables as a list."""
    def one(t: Table) -> dict[str, Any]:
        return {**t.codes(), "host": t.host_code}
    if len(tables) == 1:
        return {**one(tables[0]), "url": url}
    return {"url": url, "tables": [one(t) for t in tables]}


def announce(tables: Sequence[Table], url: str, autosaves: Sequence[Path | None], out: TextIO) -> None:
    for t, save in zip(tables, autosaves, strict=True):
        title = t.info.title
        where = f" (table {t.id + 1} of {len(tables)})" if len(tables) > 1 else ""
        print(f"Serving {title}{where} at {url}", file=out)
        for s in t.seats:
            if s.code is not None:
                print(f"  {s.label}: toybox join {url} {s.code}", file=out)
            else:
                print(f"  {s.label}: the server's {s.kind} bot", file=out)
        print(f"  spectator: toybox join {url} {t.spectator_code}", file=out)
        print(f"  host code (pause, hand seats over, end): {t.host_code}", file=out)
        if save is not None:
            print(f"  autosave: {save} (toybox serve --resume {save})", file=out)
    out.flush()


async def serve(opts: ServeOptions, out: TextIO = sys.stdout, console: TextIO | None = None,
                ready: Callable[[int], None] | None = None) -> int:
    """Run the server until done; returns the exit code."""
    tables = make_tables(opts)
    count = len(tables)
    if opts.resume is not None:
        autosaves: list[Path | None] = [opts.autosave or opts.resume]
    else:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        folder = user_dir() / "autosave"
        autosaves = [numbered(opts.autosave, i, count) if opts.autosave is not None
                     else folder / f"served-{t.info.name}-{stamp}-{i + 1}.json" for i, t in enumerate(tables)]
    outs = [numbered(opts.out, i, count) for i in range(count)]
    server = TableServer(tables, autosaves, outs, on_event=lambda text: print(text, file=out, flush=True))
    tls = tls_context(opts.certfile, opts.keyfile) if opts.certfile else None
    try:
        port = await server.start(opts.host, opts.port, tls)
    except OSError as err:
        print(f"toybox: cannot listen on {opts.host}:{opts.port} ({err.strerror or err}).", file=sys.stderr)
        return 1
    scheme = "wss" if tls else "ws"
    host = f"[{opts.host}]" if ":" in opts.host else opts.host
    url = f"{scheme}://{host}:{port}"
    if opts.codes is not None:
        write_atomic(opts.codes, json.dumps(codes_data(tables, url), indent=1) + "\n", mode=0o600)
    announce(tables, url, autosaves, out)
    if ready is not None:
        ready(port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    if console is not None:
        threading.Thread(target=_console, args=(console, loop, server, stop, url, out), daemon=True).start()
    idle_since: float | None = None
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.25)
        done = all(h.table.over and not h.conns for h in server.hosted) and not opts.stay
        if done:
            idle_since = idle_since or time.monotonic()
            if time.monotonic() - idle_since >= IDLE_EXIT:
                break
        else:
            idle_since = None
    await server.close()
    for t in tables:
        res = t.result_dict()
        label = f"Table {t.id + 1}: " if count > 1 else ""
        print(f"{label}{res['reason'] if res else 'not finished (resume it from its autosave)'}", file=out, flush=True)
    return 0


def _console(stream: TextIO, loop: asyncio.AbstractEventLoop, server: TableServer, stop: asyncio.Event,
             url: str, out: TextIO) -> None:
    """The host's commands, one a line (a thread: reading blocks)."""
    for line in stream:
        words = line.split()
        if not words:
            continue
        future = asyncio.run_coroutine_threadsafe(_command(words, server, stop, url, out), loop)
        try:
            print(future.result(30), file=out, flush=True)
        except Exception as err:  # noqa: BLE001 - a console typo must not end the server
            print(f"{type(err).__name__}: {err}", file=out, flush=True)


async def _command(words: list[str], server: TableServer, stop: asyncio.Event, url: str, out: TextIO) -> str:
    verb, rest = words[0].lower(), words[1:]
    table = 0
    if rest and rest[-1].isdigit():
        table = int(rest.pop()) - 1
    if verb in ("quit", "exit", "stop"):
        stop.set()
        return "Stopping: every table is saved."
    if verb == "codes":
        tables = [h.table for h in server.hosted]
        return json.dumps(codes_data(tables, url), indent=1)
    if verb == "status":
        lines = []
        for h in server.hosted:
            t = h.table
            seats = ", ".join(f"{s.label}: {s.bot + ' bot' if s.bot else s.name}{'' if s.present or s.bot else ' (away)'}"
                              for s in t.seats)
            state = "over" if t.over else "paused" if t.paused else f"{len(t.match.actions)} moves"
            lines.append(f"table {t.id + 1}: {state}; {seats}; {len(h.conns)} connections")
        return "\n".join(lines)
    if verb in ("pause", "resume", "end"):
        why = await server.host_command(table, Command(verb))
        return why or f"Table {table + 1}: {verb} done."
    if verb == "seat" and rest:
        label, _, kind = rest[0].partition("=")
        hosted = next((h for h in server.hosted if h.table.id == table), None)
        if hosted is None:
            return f"There is no table {table + 1}."
        seat = next((s.index for s in hosted.table.seats if s.label == label.lower()), None)
        if seat is None:
            return f"No seat {label!r}: the seats are {', '.join(s.label for s in hosted.table.seats)}."
        why = await server.host_command(table, Command.SEAT, seat, kind.lower() or None)
        return why or f"Seat {label}: {kind}."
    return "Commands: pause, resume, end, seat LABEL=BOT|remote, codes, status, quit (a table number last)."


__all__ = ["ServeOptions", "codes_data", "make_tables", "numbered", "serve"]
