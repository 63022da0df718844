"""Records: save is a record, load is a replay; bad records are refused clearly."""

from __future__ import annotations

import json
import subprocess

import pytest

from engine.bots import RandomBot
from engine.core.games import get_game
from engine.core.match import Match
from engine.core.record import RecordError, load_record, replay, save_record
from engine.little_battle import Attack, Config, Keep
from tests.little_battle.helpers import P


def _played_match(seed: int = 3, steps: int = 30) -> Match:
    match = Match(get_game("little-battle"), Config(players=3), seed)
    bots = [RandomBot(s) for s in range(3)]
    while len(match.actions) < steps and not match.state.is_over():
        for seat in match.state.to_act():
            match.play(seat, bots[seat].choose(match.state.view(seat)))
    return match


def test_save_then_load_replays_to_the_same_state(tmp_path):
    match = _played_match()
    path = tmp_path / "game.json"
    save_record(match.record(), path)
    loaded = Match.from_record(load_record(path))
    assert loaded.state.state_hash() == match.state.state_hash()
    assert loaded.actions == match.actions


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old")
    save_record(_played_match().record(), path)
    assert json.loads(path.read_text())["game"] == "little-battle"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    import engine.core.record as record_mod

    path = tmp_path / "game.json"
    path.write_text("old save")

    def boom(*args):
        raise OSError("disk full")

    monkeypatch.setattr(record_mod.os, "replace", boom)
    with pytest.raises(OSError):
        save_record(_played_match().record(), path)
    assert path.read_text() == "old save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def _write(tmp_path, data) -> str:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def _good(tmp_path) -> dict:
    match = _played_match(steps=8)
    return match.record().to_dict()


def test_bad_record_truncated_json(tmp_path):
    text = json.dumps(_good(tmp_path))[:-20]
    path = _write(tmp_path, text)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value).startswith(f"{path}: not a Toybox record: the file is not valid JSON (line 1, column ")


def test_bad_record_wrong_version(tmp_path):
    data = _good(tmp_path)
    data["version"] = 99
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value) == (
        f"{path}: this record was written for little-battle version 99, and this Toybox plays version 1."
    )


def test_bad_record_unknown_game(tmp_path):
    data = _good(tmp_path)
    data["game"] = "chess"
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value) == f"{path}: unknown game 'chess'."


def test_bad_record_missing_field(tmp_path):
    data = _good(tmp_path)
    del data["seed"]
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value) == f"{path}: not a Toybox record: the field 'seed' is missing."


def test_bad_record_unknown_action_names_the_step(tmp_path):
    data = _good(tmp_path)
    data["actions"][4]["action"] = {"type": "Fly", "to": "moon"}
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value) == f"{path}: step 5: unknown action type 'Fly'."


def _first_move(data: dict) -> int:
    """The index of the first player's action (format 2 starts with the shuffles)."""
    return next(i for i, entry in enumerate(data["actions"]) if entry["seat"] >= 0)


def test_bad_record_illegal_action_names_the_step(tmp_path):
    data = _good(tmp_path)
    # The first move is player 1 keeping a card; make it a card nobody was dealt to player 1.
    state = get_game("little-battle").new_game(Config(players=3), data["seed"])
    from engine.little_battle.state import ADVENTURERS

    foreign = next(a for a in ADVENTURERS if a not in {ADVENTURERS[c] for c in state.hands[0]})
    i = _first_move(data)
    assert data["actions"][i]["seat"] == 0
    data["actions"][i] = {
        "seat": 0,
        "action": {
            "type": "Keep",
            "card": {"type": "Adventurer", "kind": foreign.kind, "value": foreign.value, "chief": foreign.chief},
        },
    }
    path = _write(tmp_path, data)
    record = load_record(path)
    with pytest.raises(RecordError) as err:
        replay(record, path)
    assert str(err.value) == f"{path}: step {i + 1}: player 1 cannot play keep {foreign}: {foreign} is not in your hand."


def test_bad_record_rush_action_during_the_draft(tmp_path):
    data = _good(tmp_path)
    i = _first_move(data)
    data["actions"][i]["action"] = {
        "type": "Attack",
        "card": {"type": "Adventurer", "kind": "parrot", "value": 1, "chief": False},
        "pile": 0,
    }
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        replay(load_record(path), path)
    assert str(err.value) == (
        f"{path}: step {i + 1}: player 1 cannot play play Parrot 1 at pile 1: "
        "Now you keep a card for your Ship (recruiting the Adventurers)."
    )


def test_bad_record_bad_config(tmp_path):
    data = _good(tmp_path)
    data["config"]["players"] = 9
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as err:
        replay(load_record(path), path)
    assert str(err.value) == f"{path}: bad config: Little Battle is for 3 to 5 players, not 9"


def test_replay_is_identical_across_processes(tmp_path, python, subprocess_env):
    match = _played_match(seed=21, steps=60)
    path = tmp_path / "game.json"
    save_record(match.record(), path)
    code = "import sys; from engine.core.record import load_record, replay; print(replay(load_record(sys.argv[1])).state_hash())"
    out = subprocess.run([python, "-c", code, str(path)], capture_output=True, text=True, env=subprocess_env, check=True)
    assert out.stdout.strip() == match.state.state_hash()


def test_same_seed_in_another_process_gives_the_same_game(python, subprocess_env):
    code = (
        "from engine.bots import RandomBot, play_out; from engine.little_battle import Config, new_game; "
        "s = play_out(new_game(Config(players=5, chiefs=True), 1234), [RandomBot(i) for i in range(5)]); "
        "print(s.state_hash())"
    )
    runs = {
        subprocess.run([python, "-c", code], capture_output=True, text=True, env=subprocess_env, check=True).stdout
        for _ in range(2)
    }
    from engine.bots import RandomBot, play_out
    from engine.little_battle import new_game

    here = play_out(new_game(Config(players=5, chiefs=True), 1234), [RandomBot(i) for i in range(5)]).state_hash()
    assert runs == {here + "\n"}


def test_undo_goes_back_but_never_across_a_reveal():
    match = Match(get_game("little-battle"), Config(players=3), 8)
    state = match.state
    hand0 = state.legal_actions(0)
    before = state.state_hash()
    match.play(0, hand0[0])
    assert match.can_undo()
    assert match.undo() and match.state.state_hash() == before and match.actions == []
    for seat in (0, 1, 2):
        match.play(seat, match.state.legal_actions(seat)[0])
    assert not match.can_undo()  # the hands were passed on: new cards were seen
    assert not match.undo()


def test_illegal_action_through_a_match_records_nothing():
    match = Match(get_game("little-battle"), Config(players=3), 8)
    from engine.core import IllegalAction

    with pytest.raises(IllegalAction):
        match.play(0, Attack(P(1), 0))
    assert match.actions == []


def test_actions_round_trip_through_json():
    codec = get_game("little-battle").codec
    for action in (Keep(P(3)), Attack(P(10), 1)):
        assert codec.decode(json.loads(json.dumps(codec.encode(action)))) == action


def test_a_forced_chance_outcome_also_stops_undo():
    from engine.core import CHANCE
    from engine.little_battle import Shuffle, new_game

    state = new_game(Config(players=3))
    before = state.irreversible
    state.apply(CHANCE, Shuffle("chests", tuple(range(18))))
    assert state.irreversible == before + 1
