"""Chance is history: every outcome is kept in the record and replay draws nothing.

A format-2 record holds the chance seat's outcomes in order; replay applies
them to a state without a generator, so it never calls ``sample_chance`` or
the physics and lands on the same state hash in any process.
"""

from __future__ import annotations

import json
import random
import subprocess

import pytest

from engine.bots import RandomBot
from engine.core.games import GAME_MODULES, get_game
from engine.core.match import Match
from engine.core.protocol import CHANCE, State
from engine.core.record import FORMAT, Record, RecordError, load_record, parse_record, replay, save_record

GRENADE_SEED = 8
"""A seeded random Bootcamp game (bots seeded seed * 7 + seat) with two grenade throws (the bots'
samples follow their generator: when candidates draw differently, another seed has the throws)."""


def _played(game: str, config: dict, seed: int, steps: int = 10_000) -> Match:
    info = get_game(game)
    match = Match(info, info.config_from_dict(config), seed)
    bots = [RandomBot(seed * 7 + s) for s in range(match.state.num_seats)]
    while not match.state.is_over() and len(match.actions) < steps:
        seat = match.state.to_act()[0]
        match.play(seat, bots[seat].choose(match.state.view(seat)))
    return match


def test_a_grenade_game_replays_in_a_fresh_process_without_the_physics(tmp_path, python, subprocess_env):
    from engine.little_soldiers.actions import Landing

    match = _played("little-soldiers", {}, GRENADE_SEED)
    landings = [a for seat, a in match.state.history() if isinstance(a, Landing)]
    assert len(landings) >= 1 and all(seat == CHANCE for seat, a in match.state.history() if isinstance(a, Landing))
    path = tmp_path / "grenades.json"
    save_record(match.record(), path)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT == 2
    # The same game as a format-1 record (players' actions only) must re-run the throws.
    old = tmp_path / "grenades-format-1.json"
    old.write_text(json.dumps({**data, "format": 1, "actions": [e for e in data["actions"] if e["seat"] != CHANCE]}))
    # The replaying process throws elsewhere: 30 cm off, another face. Replay must not care.
    code = (
        "import sys\n"
        "from engine.little_soldiers.terrain import Terrain, Throw3D\n"
        "calls = []\n"
        "def elsewhere(self, kind, start, direction, strength, seed, chosen=None):\n"
        "    calls.append(seed)\n"
        "    return Throw3D(start[0] + 30.0, start[1], 0.0, 'boom' if kind == 'grenade' else 'hit', ())\n"
        "Terrain.throw = elsewhere\n"
        "from engine.core.record import RecordError, load_record, replay\n"
        "state = replay(load_record(sys.argv[1]), sys.argv[1])\n"
        "print(state.state_hash(), len(calls))\n"
        "try:\n"
        "    print(replay(load_record(sys.argv[2]), sys.argv[2]).state_hash(), len(calls))\n"
        "except RecordError as err:\n"
        "    print('refused', len(calls), str(err).replace(' ', '_'))\n"
    )
    out = subprocess.run([python, "-c", code, str(path), str(old)], capture_output=True, text=True,
                         env=subprocess_env, timeout=120)
    assert out.returncode == 0, out.stderr
    kept, redrawn = out.stdout.splitlines()
    digest, calls = kept.split()
    assert calls == "0"
    assert digest == match.state.state_hash()
    # Format 1 re-ran the altered physics: another game, or refused with a sentence naming the step.
    first, calls, *rest = redrawn.split()
    assert int(calls) >= 1
    assert first != match.state.state_hash()
    if first == "refused":
        assert rest[0].startswith(f"{old}:_step_")


def test_replay_never_draws_chance(monkeypatch):
    matches = [_played("little-battle", {"players": 4}, 2, 40), _played("toy-battle", {}, 3, 40)]
    records = [json.loads(json.dumps(m.record().to_dict())) for m in matches]

    def refuse(self, rng):
        raise AssertionError("replay drew a chance outcome")

    for m in matches:
        monkeypatch.setattr(type(m.state), "sample_chance", refuse)
    for m, data in zip(matches, records, strict=True):
        again = replay(parse_record(data))
        assert again.state_hash() == m.state.state_hash()
        assert again.history() == m.state.history()


def test_a_replayed_game_goes_on_with_a_generator_derived_from_the_record():
    match = _played("toy-battle", {}, 8, 12)
    record = parse_record(json.loads(json.dumps(match.record().to_dict())))
    a, b = Match.from_record(record), Match.from_record(record)
    for m in (a, b):
        bots = [RandomBot(1), RandomBot(2)]
        while not m.state.is_over():
            seat = m.state.to_act()[0]
            m.play(seat, bots[seat].choose(m.state.view(seat)))
    assert a.state.state_hash() == b.state.state_hash()
    assert a.record().to_dict() == b.record().to_dict()


def test_a_format_1_record_is_re_drawn_from_the_seed_and_says_so(tmp_path, capsys):
    from app.shell.cli import main

    match = _played("little-battle", {"players": 3}, 5)
    data = match.record().to_dict()
    data["format"] = 1
    data["actions"] = [e for e in data["actions"] if e["seat"] != CHANCE]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    record = load_record(path)
    assert record.format == 1 and "predates kept chance" in record.note
    assert replay(record).state_hash() == match.state.state_hash()
    assert main(["replay", str(path)]) == 0
    assert "predates kept chance (format 1)" in capsys.readouterr().err
    again = Match.from_record(record).record()
    assert again.format == 2 and again.actions == match.state.history()


def test_a_format_1_record_that_no_longer_replays_is_refused_with_a_sentence(tmp_path):
    match = _played("toy-battle", {}, 4, 30)
    data = match.record().to_dict()
    data["format"] = 1
    data["seed"] += 1  # chance re-drawn from another seed: the moves stop fitting
    data["actions"] = [e for e in data["actions"] if e["seat"] != CHANCE]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as err:
        replay(load_record(path), str(path))
    assert str(err.value).startswith(f"{path}: step ")
    assert "format-1 record re-draws chance from the seed" in str(err.value)


def test_records_refuse_unknown_formats_and_chance_in_format_1(tmp_path):
    data = _played("little-battle", {"players": 3}, 1, 5).record().to_dict()
    with pytest.raises(RecordError, match=r"format: this Toybox reads record format 2, not 3\."):
        parse_record({**data, "format": 3}, "f.json")
    with pytest.raises(RecordError, match=r"step 1: a format-1 record holds no chance outcomes"):
        parse_record({**data, "format": 1}, "f.json")


def test_a_record_cut_before_a_chance_step_draws_it_on_load():
    match = _played("little-battle", {"players": 3}, 9, 15)
    history = match.state.history()
    cut = max(i for i, (seat, _) in enumerate(history) if seat == CHANCE)
    record = Record("little-battle", 1, match.config.to_dict(), 9, history[:cut])
    state = replay(record)
    assert not state.chance_pending() and len(state.history()) == cut + 1


CHANCE_CONFIGS: dict[str, list[dict]] = {
    "little-battle": [{"players": 3}],
    "toy-battle": [{"terrain": "castle-field"}],
    "little-soldiers": [
        {"modules": ["super_soldier", "objects", "advanced_tactics"]},
        {"mission": "battle_royale", "players": 3},
        {"mission": "a_new_threat", "players": 2},
    ],
}
CHANCE_KINDS = {
    "little-battle": {"Shuffle"},
    "toy-battle": {"Shuffle", "FirstPlayer", "Pick"},
    "little-soldiers": {"Star", "Block", "Roll", "Landing", "Draw", "Deal", "ThreatAction"},
}
"""Every kind of chance outcome each game has (its rules' dice, shuffles, draws, landings)."""


@pytest.mark.parametrize("game", sorted(GAME_MODULES))
def test_the_codec_round_trips_every_chance_outcome(game):
    info = get_game(game)
    seen: dict[str, object] = {}
    for config in CHANCE_CONFIGS[game]:
        for seed in range(4):
            match = _played(game, config, seed, 80)
            for seat, action in match.state.history():
                if seat == CHANCE:
                    seen.setdefault(type(action).__name__, action)
    assert set(seen) <= CHANCE_KINDS[game]
    assert len(seen) >= 1
    codec_names = {name for name in CHANCE_KINDS[game] if _decodes(info, name)}
    assert codec_names == CHANCE_KINDS[game], "the codec must know every chance outcome's class"
    for name, outcome in seen.items():
        assert info.codec.decode(json.loads(json.dumps(info.codec.encode(outcome)))) == outcome, name


def _decodes(info, name: str) -> bool:
    try:
        info.codec.decode({"type": name})
    except ValueError as err:
        return not str(err).startswith("unknown action type")
    return True


def test_chance_outcomes_are_listed_with_probabilities_where_discrete():
    from engine.toy_battle import Config, new_game

    rng = random.Random(0)
    for _ in range(20):
        state = new_game(Config(), None)
        while not state.is_over():
            if state.chance_pending():
                listed = state.chance_outcomes()
                drawn = state.sample_chance(rng)
                if listed is not None:
                    assert abs(sum(p for _, p in listed) - 1) < 1e-9
                    assert drawn in {o for o, p in listed if p > 0}
                state.apply(CHANCE, drawn)
                continue
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
    assert State.chance_outcomes(state) is None  # the protocol's default: nothing listed
