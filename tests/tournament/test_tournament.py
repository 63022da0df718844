"""Tournaments without Ray (``--workers 0``): seeds, resumability, sweeps,
the table and the chart, the command line, and Ray kept out of the rest."""

from __future__ import annotations

import json
import subprocess

import pytest
from shapely import Point

from app.shell.cli import main
from engine.core.games import get_game
from engine.tournament.jobs import game_seed, play_game
from engine.tournament.report import tables
from engine.tournament.results import ResultsError, read_results
from engine.tournament.runner import BATCH_SECONDS, Batcher, Tournament, batch_size, run
from engine.tournament.sweeps import parse_sweep, split_values


def outcome_of(line: dict) -> tuple:
    return (line["index"], line["seed"], line["winners"], line["scores"], line["turns"])


def test_each_line_has_the_issue_fields(tmp_path):
    t = Tournament.build("toy-battle", "random", 3, {})
    run(t, tmp_path / "r.jsonl", workers=0)
    for line in read_results(tmp_path / "r.jsonl"):
        assert {"game", "config", "bots", "seed", "winners", "scores", "turns", "seconds"} <= set(line)
        assert line["config"] == get_game("toy-battle").config_from_dict(line["config"]).to_dict()


def test_seeds_derive_from_the_tournament_seed_and_the_game_number():
    assert game_seed(0, 5) == game_seed(0, 5)
    assert len({game_seed(0, k) for k in range(200)}) == 200
    assert game_seed(0, 5) != game_seed(1, 5)
    jobs = Tournament.build("toy-battle", "random", 4, {}, ["first_games=false,true"], seed=9).jobs()
    assert [j.seed for j in jobs[:4]] == [j.seed for j in jobs[4:]]  # every sweep point replays the same seeds


def test_a_game_is_determined_by_its_job():
    job = Tournament.build("little-battle", "search,random,random,random", 1, {}, iterations=8).jobs()[0]
    a, b = play_game(job), play_game(job)
    assert (a["winners"], a["scores"], a["turns"]) == (b["winners"], b["scores"], b["turns"])


def test_partial_file_with_a_torn_line_is_completed_by_a_rerun(tmp_path):
    """A crash half-way: 4 whole lines and half of a fifth. The re-run plays the 6 others only."""
    t = Tournament.build("toy-battle", "random", 10, {}, seed=1)
    full = run(t, tmp_path / "full.jsonl", workers=0)
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    partial = tmp_path / "partial.jsonl"
    partial.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    again = run(t, partial, workers=0)
    assert (again.skipped, again.played, again.complete) == (4, 6, True)
    assert [outcome_of(x) for x in again.results] == [outcome_of(x) for x in full.results]
    assert len(read_results(partial)) == 10  # the torn tail was cut, not glued to a new line
    assert run(t, partial, workers=0).played == 0


def test_interrupt_keeps_the_finished_batches(tmp_path):
    t = Tournament.build("toy-battle", "random", 24, {}, seed=2)
    out = tmp_path / "r.jsonl"
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(t, out, workers=0, progress=progress)
    kept = len(read_results(out))
    assert kept == seen[-1] >= 3  # every game reported done was on disk first
    assert run(t, out, workers=0).played == 24 - kept


def test_batches_start_single_then_aim_at_a_few_seconds_of_play():
    jobs = Tournament.build("toy-battle", "random", 400, {}).jobs()
    batcher = Batcher(jobs, 2)
    assert len(batcher.next()) == 1  # nothing known yet
    batcher.learn([{"seconds": 0.5}])
    assert len(batcher.next()) == int(BATCH_SECONDS / 0.5)
    batcher.learn([{"seconds": 0.0001}] * 99)
    assert len(batcher.next()) == batch_size(400, 2)  # fast games: the count cap
    handed = 1 + int(BATCH_SECONDS / 0.5) + batch_size(400, 2)
    while (b := batcher.next()) is not None:
        handed += len(b)
    assert handed == 400


def test_a_broken_line_in_the_middle_is_refused_with_its_number(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text('{"game": 1}\nnot json\n')
    with pytest.raises(ResultsError, match=r"r\.jsonl:1: the field .config. of a tournament result is missing"):
        read_results(out)


def test_sweep_values_split_outside_brackets_and_reach_the_chosen_values():
    base = get_game("little-soldiers").config_from_dict({}).to_dict()
    assert split_values('[2,4,4,5],[0,0,0,0],"a,b"') == ["[2,4,4,5]", "[0,0,0,0]", '"a,b"']
    sweep = parse_sweep("GRENADIER_DEFENSE=0,3", base)
    assert (sweep.key, sweep.values) == ("overrides.GRENADIER_DEFENSE", (0, 3))
    with pytest.raises(ValueError, match="no 'colour'"):
        parse_sweep("colour=1,2", base)


def test_sweep_over_little_battle_chest_gold_prints_a_table_and_a_chart(tmp_path, capsys):
    chart = tmp_path / "gold.png"
    code = main(["tournament", "little-battle", "--bots", "heuristic,random,random", "--players", "3",
                 "--games", "4", "--workers", "0", "--sweep", "chest_gold.yellow=[2,4,4,5],[0,0,0,0]",
                 "--out", str(tmp_path / "r.jsonl"), "--plot", str(chart)])
    out = capsys.readouterr().out
    assert code == 0
    assert "chest_gold.yellow=[2,4,4,5]: 4 games" in out and "chest_gold.yellow=[0,0,0,0]: 4 games" in out
    assert "95% CI" in out and "seat 1 (heuristic)" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    configs = {json.dumps(x["config"]["chest_gold"]["yellow"]) for x in read_results(tmp_path / "r.jsonl")}
    assert configs == {"[2, 4, 4, 5]", "[0, 0, 0, 0]"}


def test_sweep_over_little_soldiers_defense_changes_the_game(tmp_path):
    t = Tournament.build("little-soldiers", "random", 2, {}, ["GRENADIER_DEFENSE=0,4"])
    lines = run(t, None, workers=0).results
    assert [x["config"]["overrides"] for x in lines] == [{"GRENADIER_DEFENSE": 0}] * 2 + [{"GRENADIER_DEFENSE": 4}] * 2
    text = tables(lines)
    assert "overrides.GRENADIER_DEFENSE=0" in text and "overrides.GRENADIER_DEFENSE=4" in text


def test_little_soldiers_lines_say_where_soldiers_were_broken(tmp_path):
    from engine.little_soldiers.battlefields import load_battlefield

    t = Tournament.build("little-soldiers", "heuristic,random", 3, {})
    lines = run(t, None, workers=0).results
    zone = load_battlefield(lines[0]["config"]["level"]).play_zone
    breaks = [b for line in lines for b in line["breaks"]]
    assert breaks and all(team in ("green", "yellow") for _, _, team in breaks)
    assert all(zone.buffer(1.0).contains(Point(x, y)) for x, y, _ in breaks)


def test_bad_input_is_one_sentence_and_exit_2(capsys):
    assert main(["tournament", "little-battle", "--bots", "random,random", "--games", "2", "--workers", "0"]) == 2
    assert "--bots needs one bot or 4" in capsys.readouterr().err
    assert main(["tournament", "little-soldiers", "--bots", "random", "--workers", "0", "--sweep", "NOPE=1"]) == 2
    assert "NOPE" in capsys.readouterr().err


def test_commands_that_need_no_ray_do_not_import_it(python, subprocess_env):
    code = ("import sys, app.shell.cli; app.shell.cli.main(['sim', 'toy-battle', '--games', '1']);"
            "app.shell.cli.main(['tournament', 'toy-battle', '--bots', 'random', '--games', '2', '--workers', '0']);"
            "print('RAY', 'ray' in sys.modules)")
    out = subprocess.run([python, "-c", code], env=subprocess_env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "RAY False" in out.stdout


def test_records_dir_keeps_a_record_that_replays_to_the_same_result(tmp_path):
    from engine.core.record import load_record, replay

    t = Tournament.build("little-battle", "random", 2, {}, seed=4)
    lines = run(t, tmp_path / "r.jsonl", workers=0, records=tmp_path / "records").results
    for line in lines:
        state = replay(load_record(line["record"]))
        assert list(state.result().winners) == line["winners"]
        assert list(state.result().scores) == line["scores"]


def test_state_breaks_match_the_broken_events_and_clones_keep_their_own():
    from engine.bots import make_bot
    from engine.little_soldiers.state import Break

    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict({}), 3)
    bots = [make_bot("heuristic", "little-soldiers", 1), make_bot("random", "little-soldiers", 2)]
    early = None
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state.view(seat)))
        if early is None and state.breaks:
            early = state.clone()
            mark = len(early.breaks)
    broken = [e.text for e in state.events if " is broken!" in e.text]
    assert len(state.breaks) == len(broken) > 0
    assert all(isinstance(b, Break) and b.soldier in state.soldiers for b in state.breaks)
    assert [b.soldier for b in state.breaks] == [t.split(" is broken!")[0] for t in broken]
    assert early is not None and early.breaks == state.breaks[:mark]


def test_a_coop_mission_is_reported_by_the_team(tmp_path):
    """A New Threat: the seats win or lose together, so the table has the
    team's row (a seat's reward is half a team win at 2 players, and a seat
    row would read as half the team's rate)."""
    # random bots: quick, and the team's row is the point, not who plays
    t = Tournament.build("little-soldiers", "random", 2, {"mission": "a_new_threat", "players": 2})
    run(t, tmp_path / "r.jsonl", workers=0)
    lines = read_results(tmp_path / "r.jsonl")
    assert all(line["cooperative"] is True for line in lines)
    won = sum(1 for line in lines if len(line["winners"]) == 2)
    text = tables(lines)
    rows = [row.split() for row in text.splitlines() if row.startswith("team (all seats win together)")]
    assert len(rows) == 1 and float(rows[0][5]) == won and int(rows[0][6]) == 2
    assert "seat 1" not in text


def test_a_competitive_game_has_no_team_row(tmp_path):
    t = Tournament.build("toy-battle", "random", 2, {})
    run(t, tmp_path / "r.jsonl", workers=0)
    lines = read_results(tmp_path / "r.jsonl")
    assert not any("cooperative" in line for line in lines)
    assert "team" not in tables(lines) and "seat 1" in tables(lines)


def test_a_results_line_may_seat_the_games_own_bots_and_only_its_own():
    """A tournament that seated Little Soldiers' clairvoyant or duel-wide bots
    resumes from its results file; the same names in a Toy Battle line are refused."""
    from engine.tournament.results import ResultsError, check_line

    line = {"game": "little-soldiers", "config": {}, "bots": ["clairvoyant", "heuristic"], "seed": 1,
            "winners": [0], "scores": [3, -3], "turns": 40, "seconds": 1.5}
    assert check_line(line, "r.jsonl:1") is line
    with pytest.raises(ResultsError, match="r.jsonl:2: bots"):
        check_line(dict(line, game="toy-battle"), "r.jsonl:2")
