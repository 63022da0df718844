"""The served table's messages: one small versioned JSON protocol (docs/network.md).

Every message is one WebSocket text frame holding one JSON object with a
``type``. A client's message is outside data and passes the same boundary as
a file (``engine.core.files``): a size limit before anything is decoded,
strict JSON with a nesting limit, exact types and no unknown field, and an
action decoded by the game's codec with its exact-type check. A message that
fails gets one sentence back naming the field (``error``); it never reaches
the table.

The server's messages are built here too, so the two sides share one
spelling of every field.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.actions import ActionCodec, type_error
from engine.core.files import DataError, parse_json, want_bool, want_int, want_keys, want_number, want_object, want_str

VERSION = 1
"""The protocol's version: a hello naming another is refused with both numbers."""

MAX_MESSAGE = 64 * 1024
"""Chosen: the longest client message read (64 KiB; the longest action, a
Little Soldiers throw, is under 400 bytes). A longer one gets an error."""

MAX_FRAME = 1024 * 1024
"""Chosen: the longest frame the WebSocket layer accepts at all (1 MiB); a
longer one closes the connection (code 1009) before it is buffered whole."""

MAX_DEPTH = 16
"""Chosen: the deepest JSON nesting in a client message (actions nest 4 deep)."""

MAX_CODE = 64
"""Chosen: the longest join code read (codes are 22 characters)."""

MAX_NAME = 24
"""Chosen: the longest player name shown at the table."""

MAX_CHAT = 300
"""Chosen: the longest chat line."""

RATE = 20.0
"""Chosen: client messages per second a connection may send, on average."""

BURST = 40
"""Chosen: messages a connection may send at once before the rate applies."""

FLOOD_CLOSE = 200
"""Chosen: messages over the rate within one burst window after which the
connection is closed (code 1008) rather than answered."""


class ProtocolError(DataError):
    """A client message refused at the boundary; the text is sent back."""


class Kind(StrEnum):
    """A client message's ``type``."""

    HELLO = "hello"
    ACTION = "action"
    PING = "ping"
    CHAT = "chat"
    UNDO = "undo"
    UNDO_ANSWER = "undo_answer"
    HOST = "host"


class Command(StrEnum):
    """What the host may do at the table."""

    PAUSE = "pause"
    RESUME = "resume"
    SEAT = "seat"
    END = "end"


@dataclass(frozen=True)
class Hello:
    code: str
    version: int
    name: str | None = None
    since: int = 0
    """How many history entries the client already holds (a reconnect)."""
    epoch: int = 0
    """How many undos the client has seen (a reconnect after an undo)."""


@dataclass(frozen=True)
class ActionMsg:
    action: Any
    ref: int | None = None
    seat: int | None = None
    """The seat the client believes it acts for; the server refuses another than its own."""


@dataclass(frozen=True)
class Ping:
    t: float | None = None


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class UndoRequest:
    pass


@dataclass(frozen=True)
class UndoAnswer:
    accept: bool


@dataclass(frozen=True)
class HostCommand:
    command: Command
    seat: int | None = None
    kind: str | None = None
    """For ``seat``: a bot name, or "remote" to give the seat back to its player."""


ClientMessage = Hello | ActionMsg | Ping | Chat | UndoRequest | UndoAnswer | HostCommand

_FIELDS: dict[Kind, tuple[str, ...]] = {
    Kind.HELLO: ("code", "version", "name", "since", "epoch"),
    Kind.ACTION: ("action", "ref", "seat"),
    Kind.PING: ("t",),
    Kind.CHAT: ("text",),
    Kind.UNDO: (),
    Kind.UNDO_ANSWER: ("accept",),
    Kind.HOST: ("command", "seat", "kind"),
}


def clean_text(text: str, limit: int) -> str:
    """A name or a chat line as the table shows it: control characters
    (a newline, an escape sequence) and surrounding space dropped, cut to
    ``limit`` characters."""
    return "".join(c for c in text if c.isprintable()).strip()[:limit]


def parse_client(raw: str | bytes, codec: ActionCodec | None) -> ClientMessage:
    """Read one client frame; ProtocolError (a sentence) when it is refused.

    ``codec`` decodes an action (None before the hello, when no game is
    known: an action then is refused)."""
    if isinstance(raw, bytes):
        raise ProtocolError("message: send JSON text frames, not binary ones.")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"message: {len(raw)} characters, longer than the {MAX_MESSAGE} a table reads.")
    try:
        data = want_object(parse_json(raw, "message", MAX_DEPTH), "message")
        kind = Kind(want_str(data.get("type"), "message.type", [k.value for k in Kind]))
        want_keys(data, "message", ("type",) + _FIELDS[kind])
        return _parse(kind, data, codec)
    except ProtocolError:
        raise
    except DataError as err:
        raise ProtocolError(str(err)) from None


def _parse(kind: Kind, data: dict[str, Any], codec: ActionCodec | None) -> ClientMessage:
    if kind is Kind.HELLO:
        code = want_str(data.get("code"), "hello.code")
        if not code or len(code) > MAX_CODE:
            raise ProtocolError(f"hello.code: a join code is 1 to {MAX_CODE} characters.")
        name = data.get("name")
        if name is not None:
            name = clean_text(want_str(name, "hello.name"), MAX_NAME) or None
        return Hello(code, want_int(data.get("version"), "hello.version", 0, 1 << 30), name,
                     want_int(data.get("since", 0), "hello.since", 0, 1 << 40),
                     want_int(data.get("epoch", 0), "hello.epoch", 0, 1 << 40))
    if kind is Kind.ACTION:
        if codec is None:
            raise ProtocolError("action: say hello with a join code first.")
        if "action" not in data:
            raise ProtocolError("action.action: missing (the action, as the game's records write it).")
        try:
            action = codec.decode(data["action"])
        except ValueError as err:
            raise ProtocolError(f"action.action: {err}.") from None
        reason = type_error(action)
        if reason is not None:
            raise ProtocolError(f"action.action: {reason}.")
        ref = data.get("ref")
        seat = data.get("seat")
        return ActionMsg(action, None if ref is None else want_int(ref, "action.ref", 0, 1 << 53),
                         None if seat is None else want_int(seat, "action.seat", -(1 << 10), 1 << 10))
    if kind is Kind.PING:
        t = data.get("t")
        return Ping(None if t is None else want_number(t, "ping.t"))
    if kind is Kind.CHAT:
        text = clean_text(want_str(data.get("text"), "chat.text"), MAX_CHAT)
        if not text:
            raise ProtocolError("chat.text: an empty line is not sent.")
        return Chat(text)
    if kind is Kind.UNDO:
        return UndoRequest()
    if kind is Kind.UNDO_ANSWER:
        return UndoAnswer(want_bool(data.get("accept"), "undo_answer.accept"))
    command = Command(want_str(data.get("command"), "host.command", [c.value for c in Command]))
    seat = data.get("seat")
    kind_name = data.get("kind")
    return HostCommand(command, None if seat is None else want_int(seat, "host.seat", 0, 64),
                       None if kind_name is None else want_str(kind_name, "host.kind"))


# ------------------------------------------------------------------ the server's messages


def parse_json_message(raw: str) -> Any:
    """A server frame read by a client, within the file boundary's limits
    (strict numbers, the usual nesting depth)."""
    return parse_json(raw, "server message")


def dumps(message: dict[str, Any]) -> str:
    """One message as its frame's text (compact JSON, no NaN)."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def error(reason: str, fatal: bool = False) -> dict[str, Any]:
    """A message refused at the boundary (or a hello refused: ``fatal``, the
    connection closes after it)."""
    return {"type": "error", "reason": reason, "fatal": fatal}


def refused(reason: str, ref: int | None) -> dict[str, Any]:
    """An action the table or the engine refused: the engine's sentence."""
    return {"type": "refused", "reason": reason, "ref": ref}


def pong(t: float | None, server_time: float) -> dict[str, Any]:
    return {"type": "pong", "t": t, "server": server_time if math.isfinite(server_time) else 0.0}


__all__ = [
    "BURST", "FLOOD_CLOSE", "MAX_CHAT", "MAX_CODE", "MAX_DEPTH", "MAX_FRAME", "MAX_MESSAGE", "MAX_NAME", "RATE",
    "VERSION", "ActionMsg", "Chat", "ClientMessage", "Command", "Hello", "HostCommand", "Kind", "Ping",
    "ProtocolError", "UndoAnswer", "UndoRequest", "clean_text", "dumps", "error", "parse_client", "parse_json_message",
    "pong", "refused",
]
