"""Third live QA round (issue 12's done-when, as a player finds it)."""

from __future__ import annotations

import random
import re

import pytest


def _play_randomly(match, steps: int, seed: int = 1) -> None:
    """Seeded random players (candidate actions where the game is continuous)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.result() is not None:
            return
        seat = match.state.to_act()[0]
        acts = match.state.legal_actions(seat) or match.state.view(seat).candidate_actions(8, rng)
        match.play(seat, rng.choice(acts))


@pytest.mark.parametrize("config", [{}, {"mission": "a_new_threat", "players": 2}])
def test_replay_names_soldiers_and_scenery_as_printed(tmp_path, capsys, config):
    """`toybox replay` printed "green-infantry deploys", "shoebox-west": the
    ids the app's log already turns into names."""
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    from app.cli import main

    info = get_game("little-soldiers")
    match = Match(info, info.config_from_dict(config), 3)
    _play_randomly(match, 60)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("{")]
    soldiers = [s["id"] for s in match.state.to_dict()["soldiers"]]
    pieces = [p.id for p in match.state.base_terrain.bf.scenery if "-" in p.id or "_" in p.id]
    ids = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, soldiers + pieces)) + r")(?![\w-])")
    text = "\n".join(lines)
    assert any(" deploys at " in line for line in lines), text[:2000]
    assert not ids.search(text), ids.search(text)
    assert "Green Infantry" in text or "Yellow Infantry" in text


def test_replay_says_whose_private_line_it_is(tmp_path, capsys):
    """A replay shows every seat's log: four "You are dealt ..." lines read as one player's."""
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    from app.cli import main

    info = get_game("little-battle")
    match = Match(info, info.config_from_dict({"players": 4}), 3)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    dealt = [line for line in capsys.readouterr().out.splitlines() if "You are dealt" in line]
    assert len(dealt) == 4 and dealt[1].startswith("[seen by Player 2 (blue)] You are dealt"), dealt


def test_play_again_autosaves_in_another_slot_and_keeps_the_finished_game(toybox_home):
    """"Play again" kept writing the same slot: the finished game's autosave
    was overwritten by the first action of the next."""
    from app import userdir
    from app.controllers.toy_battle import ToyBattleController
    from app.seats import Seats

    first = userdir.autosave_path("toy-battle", {})
    c = ToyBattleController.new("toy-battle", {}, Seats(("human", "random")), seed=1, autosave=first)
    rng = random.Random(0)
    while not c.is_over():
        c.run_bots()
        if not c.is_over() and c.my_turn():
            assert c.play(rng.choice(c.legal()))
    finished = first.read_text()
    c.restart(seed=2)
    c.run_bots()
    assert c.play(c.legal()[0])
    assert c.autosave != first and c.autosave.parent == first.parent
    assert first.read_text() == finished
    assert c.autosave.exists() and c.autosave.name.startswith("toy-battle-castle-field-")


def test_a_bootcamp_autosave_is_named_for_bootcamp_not_default(toybox_home):
    """The start screen's Little Soldiers config names no battlefield, so its
    autosave was little-soldiers-default-1.json and the Load list said 'default'."""
    from app import userdir
    from app.controllers.little_soldiers import LittleSoldiersController
    from app.seats import Seats

    assert userdir.autosave_path("little-soldiers", {}).name == "little-soldiers-bootcamp-1.json"
    assert userdir.where_key("little-soldiers", {"mission": "king_of_the_hill"}) == "king-of-the-hill"
    assert userdir.where_key("little-battle", {}) == "4-players"
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=1)
    assert c.summary()["where"] == "bootcamp"


def test_loading_a_save_mid_game_autosaves_it_in_its_own_slot(toybox_home):
    """Load kept the autosave slot of the game before: a Bootcamp save loaded
    over a mission wrote into the mission's autosave."""
    from app import userdir
    from app.controllers.little_soldiers import LittleSoldiersController
    from app.seats import Seats

    saved = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=1)
    path = userdir.new_save_path("little-soldiers", "camp")
    assert saved.save(path, "camp")
    mission = {"mission": "king_of_the_hill"}
    slot = userdir.autosave_path("little-soldiers", mission)
    c = LittleSoldiersController.new("little-soldiers", mission, Seats(("human", "random")), seed=1, autosave=slot)
    c.run_bots()
    c.play(c.view().candidate_actions(4, random.Random(0))[0])
    before = slot.read_text()
    assert c.load(path)
    assert c.autosave.name == "little-soldiers-bootcamp-1.json"
    c.run_bots()
    c.play(c.view().candidate_actions(4, random.Random(0))[0])
    assert slot.read_text() == before and c.autosave.exists()
    assert c.load(slot) and c.autosave == slot  # an autosave goes on in its own slot
