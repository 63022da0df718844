"""Issue 23: hidden information never leaves the server.

Every frame each seat (and a spectator) received in a whole served game is
checked against the engine's secrecy declaration (``state.secrets()``), not
a hand-kept list of what is secret: at the moment of each update the truth
is rebuilt from the record, the items hidden from that seat are re-dealt
(``engine.core.secrecy.determinize``: other hands, the reserves' and piles'
order, the Battle Royale tokens, the gold under the Ships), and the update
the server would send from the re-dealt truth must be the update the seat
got. A message that carried any hidden value would change under a re-deal.
The test also holds that the re-deals did change what is hidden (so it can
fail), that no frame names another seat's join code, and that a seat's
history shows another's hidden action as null.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from engine.core.games import get_game
from engine.core.protocol import CHANCE, SPECTATOR, State
from engine.core.secrecy import determinize
from engine.net.client import TableClient
from engine.net.stand_in import plain
from engine.net.table import seat_message
from tests.net.helpers import bot_clients, new_table, run, serving

CASES = [
    ("toy-battle", {}, 3),
    ("little-battle", {"players": 4, "chiefs": True}, 4),
    ("little-soldiers", {"modules": ["super_soldier", "advanced_tactics"]}, 5),
    ("little-soldiers", {"mission": "battle_royale", "players": 4}, 7),
]


def hidden_items(state: State, seat: int) -> list[Any]:
    return [list(part.items) for part in state.secrets() if seat not in part.seen_by and part.put is not None]


@pytest.mark.parametrize(("game", "config", "seed"), CASES, ids=[c[0] + str(i) for i, c in enumerate(CASES)])
def test_no_frame_carries_what_its_seat_may_not_see(game: str, config: dict, seed: int) -> None:
    table = new_table(game, config, seed=seed)
    info = table.info
    taps: list[list[str]] = []
    watcher: list[str] = []

    async def play() -> None:
        async with serving(table) as (_, url):
            spectator = TableClient(url, table.spectator_code)
            spectator.tap = watcher.append
            await spectator.open()

            async def watch() -> None:
                while not spectator.over:
                    await spectator.receive()
            watching = asyncio.create_task(watch())
            await bot_clients(url, table, "heuristic", [seed * 10 + s for s in range(len(table.seats))], taps)
            await asyncio.wait_for(watching, 30)
            await spectator.close()

    run(play(), 120)
    history = table.match.state.history()
    codes = {s.index: s.code for s in table.seats}
    rng = random.Random(seed)
    updates: list[tuple[int, dict]] = []
    for seat, frames in [*enumerate(taps), (SPECTATOR, watcher)]:
        others = [c for s, c in codes.items() if s != seat and c]
        for raw in frames:
            for code in others:
                assert code not in raw, f"seat {seat} was sent another seat's join code"
            msg = json.loads(raw)
            if msg["type"] == "update":
                updates.append((seat, msg))
    updates.sort(key=lambda u: u[1]["n"])
    truth = info.new_game(table.match.config, None)
    done = checked = varied = mids = 0
    mid_states: dict[int, State] = {}
    for seat, msg in updates:
        while done < msg["n"]:
            truth.apply(*history[done])
            done += 1
        expected = plain(seat_message(truth, info.codec, seat, msg["from"]))
        assert {"events": msg["events"], "view": msg["view"]} == expected
        for _ in range(2):
            sample = determinize(truth, seat, rng)
            sample.trail = truth.trail  # the history's audiences are the truth's; what is re-dealt is the state
            again = plain(seat_message(sample, info.codec, seat, msg["from"]))
            assert again == expected, f"seat {seat} at step {msg['n']}: the update depends on a hidden value"
            varied += hidden_items(sample, seat) != hidden_items(truth, seat)
            checked += 1
        if "before_chance" in msg:  # the picture just after the last player action, before the chance it set off
            last = max(i for i in range(msg["n"]) if history[i][0] != CHANCE)
            if last not in mid_states:  # every seat's update of that step shares it
                mid = info.new_game(table.match.config, None)
                for step in history[:last + 1]:
                    mid.apply(*step)
                mid_states[last] = mid
            mid = mid_states[last]
            assert msg["before_chance"] == plain(mid.view(seat).to_dict())
            sample = determinize(mid, seat, rng)
            assert plain(sample.view(seat).to_dict()) == msg["before_chance"]
            mids += 1
        for i, entry in enumerate(msg["events"], start=msg["from"]):
            if entry["action"] is None:
                assert history[i][0] != seat, "a seat's own action was hidden from it"
    assert checked > 50
    if game == "little-battle":
        assert mids > 0, "a hand's last reveal is followed by a deal: its picture before the deal was sent"
    assert varied >= 20, "the re-deals changed nothing hidden: the test could not have failed"


def test_a_spectator_sees_no_seat_s_hand() -> None:
    """The spectator's picture of each game hides what every seat holds."""
    for game, config, seed in CASES:
        info = get_game(game)
        state = info.new_game(info.config_from_dict(config), seed)
        picture = state.view(SPECTATOR).to_dict()
        for part in state.secrets():
            assert SPECTATOR not in part.seen_by
        if game == "toy-battle":
            assert picture["rack"] == [] and picture["face_down"] == []
        if game == "little-battle":
            assert picture["hand"] == [] and picture["ship"] == [] and picture["gold"] == [None] * 4
        if game == "little-soldiers" and "advanced_tactics" in config.get("modules", []):
            assert all(isinstance(g["hand"], int) for g in picture["generals"])
