"""Issue 23: the window's side of a served table, headless. The game's own
controller plays a seat through a ``RemoteMatch`` (the network on its own
thread, the seat's stand-in as its state): clicks act through the server,
an illegal click gets the engine's sentence, each update is shown one at a
time (so each action can be animated), and the game ends for the window as
for the server. Anything the window does here, it does on the screen."""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import pytest

from engine.net.client import JoinError
from engine.net.stand_in import plain
from engine.toy_battle.actions import Place
from tests.net.helpers import Background, new_table

if TYPE_CHECKING:  # the app is imported inside each test, where its window is wanted
    from app.games.controller import GameController


def frames(ctl: GameController, seconds: float = 0.05) -> None:
    """One window frame: take what arrived and show the next update."""
    m = ctl.match
    m.poll()
    for note in m.take_notes():
        if note["type"] == "refused":
            ctl.message = note["reason"]
    if m.advance():
        ctl.shown_changed()
    time.sleep(seconds)


def test_a_controller_plays_a_served_toy_battle_to_the_end() -> None:
    from app.shell.net import open_remote

    table = new_table("toy-battle", {"first_player": 0}, seed=11)
    bg = Background(table, [1])
    try:
        ctl = open_remote(bg.url, table.seats[0].code, "Ann")
        match = ctl.match
        assert ctl.viewer == 0 and not ctl.bots and ctl.remote
        redraws = []
        ctl.listeners.append(lambda: redraws.append(match.actions[:]))
        rng = random.Random(3)
        refused_once = False
        deadline = time.monotonic() + 60
        while not ctl.is_over():
            assert time.monotonic() < deadline, "the game did not end"
            frames(ctl, 0.0 if ctl.my_turn() else 0.01)
            if not ctl.my_turn():
                continue
            assert plain(ctl.view_dict()) == plain(match.shown.picture)  # the window draws the seat's own picture
            if not refused_once:  # a base no troop may go to: the engine's sentence, at once, nothing sent
                ctl.click_troop(ctl.rack()[0]) if ctl.rack() else None
                before = len(match.actions)
                if ctl.selected is not None and not ctl.click_node("41"):  # red's H.Q.
                    assert ctl.message and match.waiting is None and len(match.actions) == before
                    refused_once = True
                    ctl.selected = None
            legal = ctl.legal()
            action = legal[rng.randrange(len(legal))]
            if isinstance(action, Place) and ctl.view_dict()["step"] is None:
                assert ctl.click_troop(action.troop)
                assert action.node in ctl.highlighted_slots()
                assert ctl.click_node(action.node), ctl.message
            else:
                assert ctl.choose(action), ctl.message
            assert match.busy and not ctl.my_turn() and "waiting for the table" in ctl.status()
        assert refused_once
        assert table.match.state.is_over() and ctl.end_reason() == table.match.state.result().reason
        shown_one_by_one = sum(1 for a, b in zip(redraws, redraws[1:], strict=False) if len(b) == len(a) + 1)
        assert shown_one_by_one > 10  # updates came one action at a time: each could be animated
        match.close()
    finally:
        bg.close()


def test_a_spectator_code_opens_a_watching_window_and_the_host_s_or_a_wrong_one_none() -> None:
    """The spectator code opens the window on the public view (it never acts:
    no legal action, a click refused with a sentence, nothing sent); the host
    code and a wrong code open none, each with a sentence."""
    from app.shell.net import open_remote
    from engine.core.protocol import SPECTATOR

    table = new_table("toy-battle", {"first_player": 0})
    bg = Background(table, [])
    try:
        ctl = open_remote(bg.url, table.spectator_code, "Watcher")
        assert ctl.spectating and ctl.viewer == SPECTATOR and ctl.view_dict()["seat"] == SPECTATOR
        assert ctl.view_dict()["rack"] == [] and ctl.legal() == [] and not ctl.my_turn()
        assert ctl.status().startswith("Watching: ")
        draw = table.match.state.legal_actions(0)[0]
        assert not ctl.play(draw) and "spectator cannot act" in ctl.message
        assert not ctl.undo() and ctl.match.waiting is None
        ctl.match.close()
        with pytest.raises(JoinError, match="host's code"):
            open_remote(bg.url, table.host_code)
        with pytest.raises(JoinError, match="join code"):
            open_remote(bg.url, "nope")
    finally:
        bg.close()


@pytest.mark.parametrize("game", ["little-battle", "little-soldiers"])
def test_every_game_s_controller_plays_a_served_game_to_the_end(game: str) -> None:
    """Little Battle (simultaneous picks, held for the seats before them) and
    Little Soldiers (continuous moves, line of sight from the stand-in): the
    window's seat plays each action the random bot would choose from that
    seat's own view, through ``play``, to the end."""
    from app.shell.net import open_remote
    from engine.bots import RandomBot

    table = new_table(game, seed=12)
    bg = Background(table, list(range(1, len(table.seats))))
    try:
        ctl = open_remote(bg.url, table.seats[0].code, "Ann")
        hands = RandomBot(5)
        deadline = time.monotonic() + 90
        while not ctl.is_over():
            assert time.monotonic() < deadline, "the game did not end"
            frames(ctl, 0.0 if ctl.my_turn() else 0.005)
            if ctl.my_turn():
                assert ctl.play(hands.choose(ctl.view())), ctl.message
        assert table.match.state.is_over()
        from app.seats import with_seat_names

        assert ctl.end_reason() == with_seat_names(game, table.match.state.result().reason)
        ctl.match.close()
    finally:
        bg.close()
