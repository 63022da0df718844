"""Issue 23: faults. A client that drops and comes back gets its seat, the
current view and what it missed; the host hands an absent seat to a bot and
the player takes it back; ``kill -9`` of the server, then ``toybox serve
--resume AUTOSAVE``, and the clients reconnect and finish the game."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from engine.bots import RandomBot
from engine.core.protocol import View
from engine.core.record import load_record
from engine.net.client import TableClient, play_bot
from engine.net.protocol import Command
from tests.net.helpers import Raw, new_table, run, serving


async def step(client: TableClient, bot: RandomBot) -> None:
    """One action of ``client``'s seat, chosen from its stand-in; waits for the update that shows it."""
    n = len(client.history)
    await client.act(bot.choose(client.view()))
    while not any(e.seat == client.seat for e in client.history[n:]):
        msg = await asyncio.wait_for(client.receive(), 10)
        assert msg["type"] != "refused", msg


async def catch_up(client: TableClient, n: int) -> None:
    while len(client.history) < n:
        await asyncio.wait_for(client.receive(), 10)


def test_reconnect_mid_turn_gets_the_seat_the_view_and_what_it_missed() -> None:
    table = new_table("toy-battle", {"first_player": 0}, seed=3)

    async def go() -> None:
        async with serving(table) as (_, url):
            blue = TableClient(url, table.seats[0].code, "Ann")
            red = TableClient(url, table.seats[1].code, "Bob")
            await blue.open()
            await red.open()
            await asyncio.wait_for(blue.receive(), 5)
            bots = [RandomBot(1), RandomBot(2)]
            await step(blue, bots[0])  # blue plays, then drops while red thinks
            held = len(blue.history)
            await blue.ws.close()
            await catch_up(red, held)
            while table.match.state.to_act() == [1]:  # red plays its whole turn while blue is away
                await step(red, bots[1])
            missed = table.match.state.history()[held:]
            assert missed and table.seats[0].present is False
            # blue comes back with the same code, saying how much it holds
            got: list[dict] = []
            blue.on_message = got.append
            await blue.open()
            assert blue.role == "seat" and blue.seat == 0 and table.seats[0].present
            msg = next(m for m in got if m["type"] == "update")
            assert msg["from"] == held  # only what it missed, from where it was
            assert [(e["seat"]) for e in msg["events"]] == [s for s, _ in missed]
            assert msg["view"] == json.loads(json.dumps(table.picture(0)))
            assert blue.my_turn()
            await step(blue, bots[0])  # and it plays on from its seat
            await blue.close()
            await red.close()
    run(go())


def test_a_seat_that_drops_in_the_middle_of_its_own_turn_finishes_it() -> None:
    """Blue placed a troop whose effect waits for its decision, and dropped:
    back with its code, the picture still offers the decision and blue makes it."""
    table = new_table("toy-battle", {"first_player": 0}, seed=3)

    async def go() -> None:
        async with serving(table) as (_, url):
            clients = [TableClient(url, table.seats[0].code, "Ann"), TableClient(url, table.seats[1].code, "Bob")]
            for c in clients:
                await c.open()
            bots = [RandomBot(1), RandomBot(2)]
            for _ in range(200):  # play on until blue has acted and its turn goes on (an effect to decide)
                seat = table.match.state.to_act()[0]
                for c in clients:
                    await catch_up(c, len(table.match.state.history()))
                await step(clients[seat], bots[seat])
                if seat == 0 and table.match.state.to_act() == [0] and table.match.state.view(0).to_dict()["step"]:
                    break
            blue = clients[0]
            await catch_up(blue, len(table.match.state.history()))
            pending = blue.picture["step"]
            assert pending is not None and blue.my_turn(), "no mid-turn decision came up"
            held = len(blue.history)
            await blue.ws.close()
            await asyncio.sleep(0.1)
            assert table.seats[0].present is False and table.match.state.to_act() == [0]
            got: list[dict] = []
            blue.on_message = got.append
            await blue.open()
            msg = next(m for m in got if m["type"] == "update")
            assert msg["from"] == held and msg["events"] == [] and msg["view"]["step"] == pending
            await step(blue, bots[0])  # the decision, made after the reconnect
            assert len(table.match.state.history()) > held
            for c in clients:
                await c.close()
    run(go())


def test_the_host_hands_an_absent_seat_to_a_bot_and_the_player_takes_it_back() -> None:
    table = new_table("toy-battle", {"first_player": 0}, seed=4)

    async def go() -> None:
        async with serving(table) as (server, url):
            host = await Raw.open(url, table.host_code)
            assert (await host.until("welcome"))["role"] == "host"
            red = TableClient(url, table.seats[1].code)
            await red.open()
            # blue never came: the host seats a bot there; a present player's seat is refused
            await host.send({"type": "host", "command": "seat", "seat": 1, "kind": "random"})
            assert "at the table" in (await host.until("refused"))["reason"]
            await host.send({"type": "host", "command": "seat", "seat": 0, "kind": "random"})
            seats = await host.until("seats", lambda m: m["seats"][0]["bot"] == "random")
            assert seats["seats"][0]["present"] is False
            bot = RandomBot(5)
            for _ in range(3):  # red plays against the bot in blue's seat
                await catch_up(red, len(table.match.state.history()))
                while not red.my_turn():
                    await asyncio.wait_for(red.receive(), 10)
                await step(red, bot)
            assert any(s == 0 for s, _ in table.match.actions)  # the bot moved for blue
            # blue arrives: the bot stands up, the seat is blue's
            blue = TableClient(url, table.seats[0].code, "Cat")
            await blue.open()
            assert table.seats[0].bot is None and blue.seats[0]["bot"] is None
            await catch_up(red, len(table.match.state.history()))
            while table.match.state.to_act() == [1]:
                while not red.my_turn():
                    await asyncio.wait_for(red.receive(), 10)
                await step(red, bot)
            before = len(table.match.actions)
            await asyncio.sleep(0.5)
            assert len(table.match.actions) == before  # blue's turn waits for blue: the bot stood up
            # and the host can hand it back explicitly too
            await host.send({"type": "host", "command": "seat", "seat": 0, "kind": "remote"})
            assert "already its player's" in (await host.until("refused"))["reason"]
            assert await server.host_command(0, Command.PAUSE) is None and table.paused
            await blue.close()
            await red.close()
            await host.close()
    run(go())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(args: list[str], env: dict[str, str], out: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "app.shell.cli", "serve", *args], env=env, stdin=subprocess.DEVNULL,
                            stdout=out.open("w"), stderr=subprocess.STDOUT)


def wait_for(path: Path, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert proc.poll() is None, "the server stopped"
        assert time.monotonic() < deadline, f"no {path.name}"
        time.sleep(0.05)


class Slow(RandomBot):
    """A random bot that takes its time, so the game is still on when the server dies."""

    def choose(self, view: View) -> Any:
        time.sleep(0.03)
        return super().choose(view)


def test_kill_9_then_resume_from_the_autosave(tmp_path, subprocess_env) -> None:
    """The clients stay up through the crash: they notice the drop, retry, and
    when the resumed server listens again they take their seats back (same
    codes) and finish the game."""
    port = free_port()
    env = {**subprocess_env, "TOYBOX_HOME": str(tmp_path / "home")}
    codes, save, record = tmp_path / "codes.json", tmp_path / "table.json", tmp_path / "game.json"
    first = start_server(["toy-battle", "--port", str(port), "--seed", "8", "--codes", str(codes), "--autosave",
                          str(save), "--out", str(record)], env, tmp_path / "s1.log")
    results: list = []
    try:
        wait_for(codes, first)
        data = json.loads(codes.read_text())
        url = data["url"]

        def clients() -> None:
            async def both() -> list:
                return await asyncio.gather(play_bot(url, data["blue"], "slow", bot=Slow(1)),
                                            play_bot(url, data["red"], "slow", bot=Slow(2)))
            results.extend(asyncio.run(both()))
        players = threading.Thread(target=clients, daemon=True)
        players.start()
        deadline = time.monotonic() + 30
        while not save.exists() or len(load_record(save).actions) < 12:
            assert time.monotonic() < deadline and players.is_alive(), "the game did not get going"
            time.sleep(0.05)
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
    finally:
        first.kill()
    saved = load_record(save)
    assert not record.exists()  # killed mid-game
    second = start_server(["--resume", str(save), "--port", str(port), "--out", str(record)], env, tmp_path / "s2.log")
    try:
        players.join(60)
        assert not players.is_alive() and len(results) == 2, "the clients did not finish after the restart"
        second.wait(30)
    finally:
        second.kill()
    assert second.returncode == 0
    final = load_record(record)
    assert final.actions[:len(saved.actions)] == saved.actions  # the game went on from its autosave
    assert len(final.actions) > len(saved.actions)
    assert results[0] == results[1] == json.loads(record.read_text())["result"]
