"""Issue 23: impersonation and hostile clients. Each is refused with a
message; none crashes or stalls the server, and another table's game goes
on meanwhile."""

from __future__ import annotations

import asyncio
import json
import time

from engine.core.protocol import CHANCE
from engine.net import protocol as P
from engine.toy_battle.actions import FirstPlayer, Place, Shuffle
from tests.net.helpers import Raw, bot_clients, new_table, run, serving


def tb_codec():
    from engine.core.games import get_game

    return get_game("toy-battle").codec


async def seated(url: str, code: str) -> Raw:
    raw = await Raw.open(url, code)
    await raw.until("welcome")
    await raw.until("update")
    return raw


def test_wrong_code_and_wrong_version_are_refused() -> None:
    table = new_table("toy-battle")

    async def go() -> None:
        async with serving(table) as (_, url):
            raw = await Raw.open(url, "not-a-code")
            msg = await raw.next()
            assert msg["type"] == "error" and msg["fatal"] and "join code" in msg["reason"]
            assert (await raw.closed())[0] == 1008
            raw = await Raw.open(url, table.seats[0].code, version=P.VERSION + 1)
            msg = await raw.next()
            assert msg["fatal"] and f"version {P.VERSION}" in msg["reason"]
            raw = await Raw.open(url)
            await raw.send({"type": "action", "action": {"type": "Draw"}})
            msg = await raw.next()
            assert msg["fatal"] and "hello" in msg["reason"]
            assert not table.seats[0].present
    run(go())


def test_a_silent_connection_is_closed() -> None:
    table = new_table("toy-battle")

    async def go() -> None:
        async with serving(table, hello_timeout=0.3) as (_, url):
            raw = await Raw.open(url)
            code, reason = await raw.closed(5)
            assert code == 1008 and "hello" in reason
    run(go())


def test_a_second_connection_on_a_taken_seat_is_refused() -> None:
    table = new_table("toy-battle")

    async def go() -> None:
        async with serving(table) as (_, url):
            first = await seated(url, table.seats[0].code)
            second = await Raw.open(url, table.seats[0].code)
            msg = await second.next()
            assert msg["type"] == "error" and msg["fatal"] and "already taken" in msg["reason"]
            await second.closed()
            await first.send({"type": "ping", "t": 1.5})
            assert (await first.until("pong"))["t"] == 1.5  # the first connection keeps its seat
            assert table.seats[0].present
    run(go())


def test_no_acting_for_another_seat_out_of_turn_or_as_chance() -> None:
    table = new_table("toy-battle", {"first_player": 0})
    codec = tb_codec()

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code)
            red = await seated(url, table.seats[1].code)
            before = table.match.state.state_hash()
            draw = {"type": "Draw"}
            # red acts on blue's turn: the engine's sentence
            await red.send({"type": "action", "action": draw, "ref": 1})
            msg = await red.until("refused")
            assert msg["ref"] == 1 and msg["reason"] == "It is not red's turn."
            # red claims to act for blue
            await red.send({"type": "action", "action": draw, "ref": 2, "seat": 0})
            msg = await red.until("refused")
            assert msg["ref"] == 2 and "cannot act for seat 0" in msg["reason"]
            # chance outcomes forged by a player: a shuffle, a first player, as itself or claiming the chance seat
            shuffle = codec.encode(Shuffle("blue", tuple(sorted(["kwak"] * 24))))
            for ref, action, seat in ((3, shuffle, None), (4, codec.encode(FirstPlayer(1)), None), (5, draw, CHANCE)):
                message = {"type": "action", "action": action, "ref": ref}
                if seat is not None:
                    message["seat"] = seat
                await blue.send(message)
                msg = await blue.until("refused")
                assert msg["ref"] == ref
            # another seat's troop, placed by blue from red's rack: refused by the rules
            await blue.send({"type": "action", "action": codec.encode(Place("roxy", "41")), "ref": 6})
            assert (await blue.until("refused"))["ref"] == 6
            assert table.match.state.state_hash() == before
            # the spectator's code cannot act, undo or chat
            spectator = await seated(url, table.spectator_code)
            await spectator.send({"type": "action", "action": draw, "ref": 7})
            assert "cannot act" in (await spectator.until("refused"))["reason"]
            await spectator.send({"type": "chat", "text": "psst"})
            assert "spectators" in (await spectator.until("error"))["reason"]
            # a seat's code is no host
            await blue.send({"type": "host", "command": "end"})
            assert "host" in (await blue.until("error"))["reason"]
            assert table.match.state.state_hash() == before and not table.over
            # and blue's real move still goes through
            await blue.send({"type": "action", "action": draw, "ref": 8})
            update = await blue.until("update", lambda m: m["n"] > 0 and m["events"])
            assert update["events"][-1] == {"seat": 0, "action": draw}
    run(go())


def test_malformed_messages_get_an_error_and_the_connection_lives() -> None:
    table = new_table("toy-battle", {"first_player": 0})

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code)
            bad = [
                ("{not json", "not valid JSON"),
                ("[1, 2]", "expected a JSON object"),
                (json.dumps({"type": "dance"}), "is not one of"),
                (json.dumps({"type": "ping", "extra": 1}), "unknown field"),
                (json.dumps({"type": "action", "action": {"type": "Place", "troop": "roxy", "node": 12}}),
                 "node ids are strings"),
                (json.dumps({"type": "action", "action": {"type": "Nuke"}}), "unknown action type"),
                (json.dumps({"type": "action", "action": {"type": "Draw"}, "ref": 1.5}), "whole number"),
                (json.dumps({"type": "ping", "t": "NaN"}), "expected a number"),
                ("{\"type\": \"ping\", \"t\": NaN}", "not a number JSON allows"),
                ("[" * 100 + "]" * 100, "nests"),
                (json.dumps({"type": "undo_answer", "accept": 1}), "true or false"),
                (b"\x00\x01binary", "binary"),
            ]
            for frame, words in bad:
                await blue.send(frame)
                msg = await blue.until("error")
                assert words in msg["reason"], (frame, msg)
                assert not msg["fatal"]
            await blue.send({"type": "ping"})
            await blue.until("pong")
            assert table.match.actions == []  # nothing malformed reached the game
    run(go())


def test_huge_frames_are_refused() -> None:
    table = new_table("toy-battle")

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = await seated(url, table.seats[0].code)
            await blue.send(json.dumps({"type": "chat", "text": "x" * (P.MAX_MESSAGE + 10)}))
            msg = await blue.until("error")
            assert "longer than" in msg["reason"]
            await blue.send({"type": "ping"})
            await blue.until("pong")  # a long message is answered, not fatal
            await blue.send("y" * (P.MAX_FRAME + 1))  # past the WebSocket layer's limit: closed before it is buffered
            code, _ = await blue.closed()
            assert code == 1009
            again = await seated(url, table.seats[0].code)  # the seat is free again, the server alive
            await again.close()
    run(go())


def test_a_flood_is_cut_off_and_another_table_goes_on() -> None:
    victim = new_table("toy-battle", table_id=0)
    other = new_table("toy-battle", table_id=1, seed=9)

    async def go() -> None:
        async with serving(victim, other) as (_, url):
            game = asyncio.create_task(bot_clients(url, other, "random", [1, 2]))
            watcher = await seated(url, other.spectator_code)
            flooder = await seated(url, victim.seats[0].code)
            t0 = time.perf_counter()
            for _ in range(P.FLOOD_CLOSE + P.BURST + 50):
                await flooder.send({"type": "chat", "text": "spam"})
            code, reason = await flooder.closed()
            flooded = time.perf_counter() - t0
            assert code == 1008 and "too many" in reason
            assert any(m["type"] == "error" and "Too many messages" in m["reason"] for m in flooder.frames)
            rounds = []
            for i in range(5):  # the other table answers at once
                s = time.perf_counter()
                await watcher.send({"type": "ping", "t": i})
                await watcher.until("pong", lambda m, i=i: m["t"] == i)
                rounds.append(time.perf_counter() - s)
            results = await asyncio.wait_for(game, 30)
            assert all(r is not None for r in results) and other.match.state.is_over()
            assert max(rounds) < 1.0, rounds
            # only what the rate allows got through: the burst, and the rate for as long as the flood lasted
            assert sum(1 for line in victim.chat_log if line["text"] == "spam") <= P.BURST + P.RATE * flooded + 1
    run(go())
