"""The `toybox` command line, driven as a user would."""

from __future__ import annotations

import re

from app.shell.cli import main
from engine.core.games import get_game
from engine.core.match import Match
from engine.core.record import save_record
from engine.little_battle import Config


def test_help_lists_the_games(capsys):
    try:
        main(["--help"])
    except SystemExit as exit:
        assert exit.code == 0
    out = capsys.readouterr().out
    for game in ("little-soldiers", "toy-battle", "little-battle"):
        assert game in out


def test_sim_prints_a_plain_games_per_second_figure(capsys):
    assert main(["sim", "little-battle", "--players", "4", "--games", "20", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^20 games in [0-9.]+ s: [0-9]+(\.[0-9]+)? games/s$", out, re.M)


def test_sim_bots_per_seat(capsys):
    assert main(["sim", "little-battle", "--players", "3", "--games", "4", "--bots", "heuristic,random,random"]) == 0
    assert "seat 1 (heuristic)" in capsys.readouterr().out


def test_sim_refuses_a_wrong_bot_count(capsys):
    assert main(["sim", "little-battle", "--players", "3", "--games", "1", "--bots", "random,random"]) == 2
    assert "--bots needs one bot or 3" in capsys.readouterr().err


def test_rules_prints_the_chosen_values(capsys):
    assert main(["rules", "little-battle"]) == 0
    out = capsys.readouterr().out
    assert "chosen" in out and "0, 1, 1, 1, 2, 2, 2, 3" in out


def test_replay_prints_events_and_final_state(tmp_path, capsys):
    match = Match(get_game("little-battle"), Config(players=3), 4)
    for seat in (0, 1, 2):
        match.play(seat, match.state.legal_actions(seat)[0])
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Deal 1: recruiting the Adventurers." in out
    assert "Game in progress after 3 actions." in out


def test_replay_of_a_broken_file_is_one_sentence(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text("{")
    assert main(["replay", str(path)]) == 2  # bad input
    err = capsys.readouterr().err
    assert "not a Toybox record" in err and "Traceback" not in err


def test_a_bad_option_is_a_sentence_not_a_traceback(capsys):
    assert main(["rules", "little-battle", "--players", "8"]) == 2
    assert capsys.readouterr().err.strip() == "toybox: Little Battle is for 3 to 5 players, not 8"
