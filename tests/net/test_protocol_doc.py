"""docs/network.md is the protocol the code speaks: every message type and
field the client may send and the server does send is in its tables, and
every limit it states is the code's (a field the server added, an update's
``before_chance``, was missing from the page)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.bots import make_bot
from engine.core.protocol import CHANCE, SPECTATOR
from engine.net import protocol as P
from engine.net import server as S
from engine.net.protocol import Command
from engine.net.table import Role
from tests.net.helpers import new_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "network.md"


def rows(heading: str) -> dict[str, str]:
    """The table under ``heading``: each row's message type and its fields cell."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`(\w+)`", cells[0]) if len(cells) >= 3 else None
        if m:
            out[m.group(1)] = cells[1]
    return out


def server_messages() -> list[dict[str, Any]]:
    """One of every message the server sends, made by the code that sends them
    (a Little Battle table: its deal after a reveal gives ``before_chance``)."""
    table = new_table("little-battle", {"players": 3}, seed=4)
    out: list[dict[str, Any]] = [table.welcome(Role.SEAT, 0), P.error("x"), P.refused("x", 1), P.pong(1.0, 2.0)]
    for seat in range(len(table.seats)):
        out += [m for _, m in table.join(seat, f"p{seat}")]
    bots = [make_bot("random", "little-battle", s) for s in range(len(table.seats))]
    steps: list[dict[str, Any]] = []
    table.on_step = lambda: steps.append(table.update(0, 0, 0))
    while not table.over and len(steps) < 400:
        to_act = [s for s in table.match.state.to_act() if s != CHANCE and s not in table.held]
        for seat in to_act:
            out += [m for _, m in table.act(seat, bots[seat].choose(table.match.state.view(seat)))]
    out += steps
    out += [m for _, m in table.say(0, "hi")]
    out += [m for _, m in table.host(Command.PAUSE)] + [m for _, m in table.host(Command.RESUME)]
    out.append(table.over_notice()[1])
    table2 = new_table("toy-battle", {"first_player": 0}, seed=2)
    for seat in range(2):
        table2.join(seat, None)
    while table2.undo_target(0) is None:  # a move of blue's that no roll or reveal followed yet
        seat = table2.match.state.to_act()[0]
        table2.act(seat, table2.match.state.legal_actions(seat)[0])
    out += [m for _, m in table2.request_undo(0)] + [m for _, m in table2.answer_undo(1, False)]
    assert table2.update(SPECTATOR, 0, 0)["view"]["seat"] == SPECTATOR
    return out


def test_every_client_message_and_field_is_documented() -> None:
    documented = rows("What a client sends")
    assert set(documented) == {k.value for k in P.Kind}
    for kind, fields in P.FIELDS.items():
        for name in fields:
            assert f"`{name}`" in documented[kind.value], f"{kind.value}.{name} is not in docs/network.md"


def test_every_server_message_and_field_is_documented() -> None:
    documented = rows("What the server sends")
    seen: dict[str, set[str]] = {}
    for msg in server_messages():
        json.dumps(msg)
        seen.setdefault(msg["type"], set()).update(k for k in msg if k != "type")
    assert "before_chance" in seen["update"], "no deal followed a reveal: the test did not see every field"
    assert set(seen) <= set(documented), f"undocumented server messages: {set(seen) - set(documented)}"
    for kind, fields in seen.items():
        for name in fields:
            assert f"`{name}`" in documented[kind], f"{kind}.{name} is not in docs/network.md"
    for msg in server_messages():
        for seat in msg.get("seats", []) if msg["type"] in ("seats", "welcome") else []:
            assert all(f'"{k}"' in documented["seats"] for k in seat), f"a seat's {seat} fields are not all documented"


def test_the_limits_the_page_states_are_the_code_s() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    stated = [
        (f"version {P.VERSION}", "the version"),
        (f"{P.MAX_MESSAGE // 1024} KiB at most, `MAX_MESSAGE`", "the message limit"),
        (f"over {P.MAX_FRAME // (1024 * 1024)} MiB closes the connection", "the frame limit"),
        (f"at most {P.MAX_DEPTH} levels of nesting", "the nesting limit"),
        (f"At most {P.RATE:g} messages a second on average (bursts of {P.BURST})", "the rate"),
        (f"({P.FLOOD_CLOSE} over the rate)", "the flood limit"),
        (f"cut off after {S.SEND_QUEUE} waiting frames", "the send queue"),
        (f"within {S.HELLO_TIMEOUT:g} s", "the hello's time"),
        (f"{P.MAX_NAME} characters kept", "the name's length"),
        (f"`text` ({P.MAX_CHAT} characters kept)", "the chat line's length"),
        (f"pings every {S.PING_INTERVAL:g} s", "the ping interval"),
        (f"{S.MAX_SPECTATORS} spectator", "the spectators a table takes"),
    ]
    for phrase, what in stated:
        assert phrase in text, f"docs/network.md does not state {what} as the code has it: {phrase!r}"
