"""Bounded work, streamed (issue 22): results files read a line at a time and
checked line by line, games made as they are handed out, counts with a stated
maximum, and everything refusable refused before the first game."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from engine.tournament.results import ResultsError, read_results
from engine.tournament.runner import MAX_GAMES, MAX_POINTS, Tournament, run
from tests.boundary.helpers import cli


@pytest.fixture(scope="module")
def good_line(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("results") / "r.jsonl"
    run(Tournament.build("toy-battle", "random", 1, {}), out, workers=0)
    return read_results(out)[0]


BAD_LINES = [
    ("winners-a-string", lambda x: x.update(winners="0"), r"winners: expected a list of different seats"),
    ("winners-a-number", lambda x: x.update(winners=1), r"winners: expected a list of different seats"),
    ("winner-not-a-seat", lambda x: x.update(winners=[5]), r"winners: expected a list of different seats, each 0 to 1"),
    ("winner-twice", lambda x: x.update(winners=[0, 0]), r"winners: expected a list of different seats"),
    ("scores-null", lambda x: x.update(scores=None), r"scores: expected 2 finite numbers, one per seat, not null"),
    ("scores-short", lambda x: x.update(scores=[1]), r"scores: expected 2 finite numbers"),
    ("scores-text", lambda x: x.update(scores=["1", 2]), r"scores: expected 2 finite numbers"),
    ("seed-negative", lambda x: x.update(seed=-1), r"seed: expected a whole number 0 or more"),
    ("seed-true", lambda x: x.update(seed=True), r"seed: expected a whole number"),
    ("turns-float", lambda x: x.update(turns=1.5), r"turns: expected a whole number"),
    ("seconds-negative", lambda x: x.update(seconds=-1), r"seconds: expected a finite number of seconds"),
    ("unknown-bot", lambda x: x.update(bots=["random", "dragon"]), r"bots: expected a list of 1 to 16 bot names"),
    ("unknown-game", lambda x: x.update(game="chess"), r"game: expected a game's name"),
    ("config-a-list", lambda x: x.update(config=[]), r"config: expected the game's config, a JSON object"),
    ("missing-field", lambda x: x.pop("scores"), r"the field 'scores' of a tournament result is missing"),
    ("sweep-text", lambda x: x.update(sweep="a"), r"sweep: expected a JSON object"),
    ("index-negative", lambda x: x.update(index=-3), r"index: expected a whole number 0 or more"),
]


@pytest.mark.parametrize("name,change,words", BAD_LINES, ids=[c[0] for c in BAD_LINES])
def test_a_bad_results_line_is_refused_with_file_and_line(tmp_path, good_line, name, change, words):
    bad = dict(good_line)
    change(bad)
    out = tmp_path / "r.jsonl"
    out.write_text(json.dumps(good_line) + "\n" + json.dumps(bad) + "\n")
    run_ = cli("tournament", "toy-battle", "--workers", "0", "--bots", "random", "--games", "1", "--out", str(out))
    assert run_.code == 2 and "Traceback" not in run_.err
    assert run_.err.startswith(f"toybox: {out}:2: "), run_.err
    import re

    assert re.search(words, run_.err), run_.err


@pytest.mark.parametrize("raw,words", [
    ('{"scores": NaN}', r":1: NaN is not a number JSON allows"),
    ("[" * 100_000 + "]" * 100_000, r":1: the JSON nests deeper than 64 levels"),
    ("[" * 70 + "]" * 70, r":1: the JSON nests 70 levels deep"),
    ("not json", r":1: not JSON"),
    ('"just text"', r":1: expected a JSON object \(a game's result\)"),
])
def test_results_lines_that_are_not_results_are_sentences(tmp_path, raw, words):
    out = tmp_path / "r.jsonl"
    out.write_text(raw + "\n")
    with pytest.raises(ResultsError, match=words):
        read_results(out)


def test_a_line_longer_than_the_limit_is_refused_without_reading_it_whole(tmp_path, monkeypatch):
    from engine.tournament import results

    monkeypatch.setattr(results, "LINE_MAX_BYTES", 1000)
    out = tmp_path / "r.jsonl"
    out.write_text("{" + " " * 5000 + "}\n")
    with pytest.raises(ResultsError, match=r"r\.jsonl:1: the line is longer than"):
        read_results(out)


def test_a_results_file_past_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    from engine.tournament import results

    monkeypatch.setattr(results, "RESULTS_MAX_BYTES", 100)
    out = tmp_path / "r.jsonl"
    with open(out, "wb") as fh:
        fh.truncate(10_000)
    with pytest.raises(ResultsError, match=r"r\.jsonl: the results file is 10000 bytes, larger than the 100 bytes"):
        read_results(out)


def test_counts_past_the_maximum_are_sentences():
    for argv, words in [
        (("tournament", "toy-battle", "--bots", "random", "--games", str(MAX_GAMES + 1)), "from 1 to"),
        (("sim", "little-battle", "--games", "99999999999999999999"), "from 1 to"),
        (("sim", "toy-battle", "--seed", str(2**64)), "--seed: expected a whole number from 0 to"),
        (("tournament", "toy-battle", "--bots", "random", "--workers", "0",
          "--sweep", "first_games=true,false", "--sweep", "first_games=true,false"), "first_games is swept twice"),
        (("tournament", "little-battle", "--bots", "random", "--workers", "0", "--sweep", "players=3,3,3"),
         "the value 3 is given twice"),
        (("tournament", "little-battle", "--bots", "random", "--workers", "0", "--sweep", "players=3,,4"),
         "an empty value between commas"),
    ]:
        run_ = cli(*argv)
        assert run_.code == 2 and words in run_.err and "Traceback" not in run_.err, (argv, run_.err)
    with pytest.raises(ValueError, match=f"more than the {MAX_POINTS:,}"):
        values = ",".join(str(v) for v in range(40))
        Tournament.build("little-soldiers", "random", 1, {},
                         [f"GRENADIER_DEFENSE={values}", f"INFANTRY_DEFENSE={values}"])


def test_a_billion_games_are_not_planned_up_front():
    t = Tournament.build("toy-battle", "random", MAX_GAMES, {}, ["first_games=true,false"])
    start = time.perf_counter()
    assert t.total == 2 * MAX_GAMES
    last = t.job_at(t.total - 1)
    assert last.sweep == {"first_games": False} and last.index == t.total - 1
    jobs = t.iter_jobs()
    assert [next(jobs).index for _ in range(3)] == [0, 1, 2]
    assert time.perf_counter() - start < 1.0


def test_unknown_bots_are_refused_before_the_first_game(monkeypatch):
    from engine.tournament import jobs

    played = []
    monkeypatch.setattr(jobs, "play_game", lambda job: played.append(job) or {})
    for argv in (("tournament", "toy-battle", "--workers", "0", "--bots", "random,dragon", "--games", "1"),
                 ("sim", "toy-battle", "--bots", "random,dragon", "--games", "1")):
        run_ = cli(*argv)
        assert run_.code == 2 and "--bots: Unknown bot 'dragon'" in run_.err, run_.err
    assert played == []


def test_a_huge_tournament_starts_at_once_and_stops_cleanly_on_ctrl_c(tmp_path, python, subprocess_env):
    out = tmp_path / "r.jsonl"
    proc = subprocess.Popen([python, "-m", "app.shell.cli", "tournament", "toy-battle", "--bots", "random", "--workers", "0",
                             "--games", str(MAX_GAMES), "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=subprocess_env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (out.exists() and out.read_text().count("\n") >= 2):
            time.sleep(0.2)
        assert out.exists() and out.read_text().count("\n") >= 2, "no game finished within a minute"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and "Interrupted: the finished games are in" in err and "Traceback" not in err
    kept = read_results(out)  # every line whole and valid after the interruption
    assert kept and [line["index"] for line in kept] == list(range(len(kept)))


def test_an_edited_index_does_not_count_as_the_game_it_names(tmp_path):
    t = Tournament.build("toy-battle", "random", 3, {})
    out = tmp_path / "r.jsonl"
    run(t, out, workers=0)
    lines = read_results(out)
    lines[0]["index"] = 2  # the key of game 0 under the number of game 2
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    again = run(t, out, workers=0)
    assert (again.skipped, again.played, again.complete) == (2, 1, True)  # game 0 is played again
    assert [line["index"] for line in again.results] == [0, 1, 2]


def test_results_files_read_a_line_at_a_time(tmp_path):
    """A file of many lines is streamed: reading it never holds more than a line of text."""
    t = Tournament.build("toy-battle", "random", 2, {})
    out = tmp_path / "r.jsonl"
    run(t, out, workers=0)
    text = Path(out).read_text()
    out.write_text(text * 500)  # the same two games 500 times over: valid, duplicate keys
    assert len(read_results(out)) == 1000


def test_issue22_a_line_of_another_tournament_or_an_edited_seed_is_left_out_and_said(tmp_path):
    """A results line whose seed was edited (or that another tournament wrote) is
    valid on its own but not this game: it is not counted, its game is played
    again, and the summary says so (one game, one line: no "1 games")."""
    out = tmp_path / "r.jsonl"
    assert cli("tournament", "toy-battle", "--workers", "0", "--bots", "random", "--games", "3",
               "--out", str(out)).code == 0
    lines = read_results(out)
    lines[0]["seed"] = lines[0]["seed"] ^ 1
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run_ = cli("tournament", "toy-battle", "--workers", "0", "--bots", "random", "--games", "3", "--out", str(out))
    assert run_.code == 0, run_.err
    assert "1 game played here in" in run_.out and f"2 already in {out}; 1 other line in {out} left out" in run_.out, \
        run_.out
