"""Issue 23: table manners. Undo is a request the other human seats answer
(never past a reveal); a short chat with each player's name; the host
pauses, resumes and ends the table with the result recorded."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from engine.core.record import load_record
from engine.net.table import Table
from engine.toy_battle.actions import Place
from tests.net.helpers import Raw, new_table, run, serving


async def seated(url: str, code: str, name: str | None = None) -> Raw:
    raw = await Raw.open(url, code, **({"name": name} if name else {}))
    await raw.until("welcome")
    await raw.until("update")
    return raw


def first_place(table: Table) -> dict[str, Any]:
    """Blue's first legal placement (a move that reveals nothing, so undo may take it back)."""
    state = table.match.state
    action = next(a for a in state.legal_actions(0) if isinstance(a, Place))
    return table.info.codec.encode(action)


def test_undo_is_asked_answered_and_never_crosses_a_reveal() -> None:
    table = new_table("toy-battle", {"first_player": 0}, seed=2)

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code, "Ann")
            red = await seated(url, table.seats[1].code, "Bob")
            await blue.send({"type": "undo"})
            assert "not played" in (await blue.until("refused"))["reason"]
            n0 = len(table.match.state.history())
            await blue.send({"type": "action", "action": first_place(table)})
            assert (await blue.until("update", lambda m: m["n"] > n0))["can_undo"]
            # red is asked; red says no
            await blue.send({"type": "undo"})
            ask = await red.until("undo_request")
            assert ask["by"] == 0 and ask["name"] == "Ann (s0)"
            await red.send({"type": "undo_answer", "accept": False})
            no = await blue.until("undo_result")
            assert not no["accepted"] and "Bob (s1) said no" in no["reason"]
            assert len(table.match.actions) == 1
            # asked again, red agrees: the move is gone for everyone, from the cut
            await blue.send({"type": "undo"})
            await red.until("undo_request")
            await red.send({"type": "undo_answer", "accept": True})
            for raw in (blue, red):
                assert (await raw.until("undo_result"))["accepted"]
                update = await raw.until("update", lambda m: m["epoch"] == 1)
                assert update["from"] == n0 and update["events"] == [] and update["n"] == n0
            assert table.match.actions == []
            # a draw reveals tiles: no undo past it
            await blue.send({"type": "action", "action": {"type": "Draw"}})
            await blue.until("update", lambda m: m["n"] > n0)
            await red.send({"type": "undo"})
            assert "not played" in (await red.until("refused"))["reason"]
            await blue.send({"type": "undo"})
            assert "roll or a reveal" in (await blue.until("refused"))["reason"]
            # an answer nobody asked for
            await red.send({"type": "undo_answer", "accept": True})
            assert "No undo request" in (await red.until("refused"))["reason"]
    run(go())


def test_undo_against_bots_needs_no_vote() -> None:
    """Against a bot, blue's undo takes back its move and the bot's reply at once."""
    table = new_table("toy-battle", {"first_player": 0}, kinds=["remote", "random"], seed=4)

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code)
            await blue.send({"type": "action", "action": first_place(table)})
            await blue.until("update", lambda m: m["events"] and m["events"][-1]["seat"] == 1)  # the bot replied
            assert [s for s, _ in table.match.actions] == [0, 1]
            await blue.send({"type": "undo"})
            assert (await blue.until("undo_result"))["accepted"]
            assert table.match.actions == [] and table.match.state.to_act() == [0]
    run(go())


def test_chat_names_the_player_and_keeps_to_one_line() -> None:
    table = new_table("toy-battle")

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code, "Ann\x1b[31m")
            red = await seated(url, table.seats[1].code, "Bob")
            await blue.send({"type": "chat", "text": "good luck\nhave fun\x07"})
            line = await red.until("chat", lambda m: m["seat"] == 0)
            assert line["name"] == "Ann[31m (s0)" and line["text"] == "good luckhave fun"
            late = await seated(url, table.spectator_code)  # a late spectator reads the recent chat in its welcome
            welcome = next(m for m in late.frames if m["type"] == "welcome")
            assert any(c["text"] == "good luckhave fun" for c in welcome["chat"])
            await blue.send({"type": "chat", "text": "   "})
            assert "empty" in (await blue.until("error"))["reason"]
    run(go())


def test_the_host_pauses_resumes_and_ends_with_the_result_recorded(tmp_path) -> None:
    table = new_table("toy-battle", {"first_player": 0}, kinds=["remote", "random"], seed=6)
    out = tmp_path / "ended.json"

    async def go() -> None:
        async with serving(table, outs=[out]) as (_, url):
            host = await Raw.open(url, table.host_code)
            assert (await host.until("welcome"))["role"] == "host"
            blue = await seated(url, table.seats[0].code)
            await host.send({"type": "host", "command": "pause"})
            assert (await blue.until("paused"))["paused"]
            await blue.send({"type": "action", "action": {"type": "Draw"}})
            assert "paused" in (await blue.until("refused"))["reason"]
            await host.send({"type": "host", "command": "resume"})
            assert not (await blue.until("paused"))["paused"]
            await blue.send({"type": "action", "action": {"type": "Draw"}})
            await blue.until("update", lambda m: m["events"] and m["events"][-1]["seat"] == 0)
            await host.send({"type": "host", "command": "end"})
            over = await blue.until("over")
            assert over["ended"] == "The host ended the table." and over["result"]["reason"] == over["ended"]
            await blue.send({"type": "action", "action": {"type": "Draw"}})
            assert "ended" in (await blue.until("refused"))["reason"]
            for _ in range(50):
                if out.exists():
                    break
                await asyncio.sleep(0.05)
    run(go())
    data = json.loads(out.read_text())
    assert data["result"]["reason"] == "The host ended the table."
    assert len(load_record(out).actions) >= 1  # the record of the game so far, loadable


def test_a_client_that_comes_after_the_end_hears_the_result() -> None:
    """A spectator (or a seat) arriving once the game is over is told so in its
    welcome: a watcher that came late waited for an end that had come."""
    from engine.net.client import watch

    table = new_table("toy-battle", kinds=["random", "random"], seed=3)

    async def go() -> None:
        async with serving(table) as (_, url):
            while not table.over:
                await asyncio.sleep(0.02)
            lines: list[str] = []
            result = await asyncio.wait_for(watch(url, table.spectator_code, lines.append), 10)
            assert result == table.match.state.result().to_dict()
            assert lines[-1] == result["reason"]
    run(go())
