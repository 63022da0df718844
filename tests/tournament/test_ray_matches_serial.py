"""Issue 16, "Done when": a 2-CPU local Ray gives the same winners and
scores per seed as ``--workers 0``, for every game, whatever the batching;
and an interrupted Ray run is finished by a re-run. Ray starts once for
this module (a few seconds); the games are tiny."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("ray")

from engine.tournament.cluster import connect, disconnect
from engine.tournament.results import read_results
from engine.tournament.runner import Tournament, run

TINY = {
    "little-battle": dict(bots="search,random,random", games=6, config={"players": 3}, iterations=8),
    "toy-battle": dict(bots="search,random", games=6, config={}, iterations=8),
    "little-soldiers": dict(bots="heuristic,random", games=4, config={}),
}


def outcome_of(line: dict) -> tuple:
    return (line["index"], line["seed"], line["bots"], line["winners"], line["scores"], line["turns"])


@pytest.fixture(scope="module")
def ray_cluster():
    cluster = connect(None, 2)
    yield cluster
    disconnect()


@pytest.mark.parametrize("game", sorted(TINY))
def test_two_cpu_ray_equals_serial_per_seed(ray_cluster, game, tmp_path):
    spec = dict(TINY[game])
    t = Tournament.build(game, spec.pop("bots"), spec.pop("games"), spec.pop("config"), seed=7, **spec)
    serial = run(t, tmp_path / "serial.jsonl", workers=0)
    on_ray = run(t, tmp_path / "ray.jsonl", workers=2)
    assert ray_cluster.cpus == 2
    assert on_ray.complete and on_ray.played == len(t.jobs())
    assert [outcome_of(x) for x in on_ray.results] == [outcome_of(x) for x in serial.results]
    # the file holds the same games, in whatever order the workers finished them
    assert sorted(map(outcome_of, read_results(tmp_path / "ray.jsonl"))) == sorted(map(outcome_of, serial.results))


def test_stopped_ray_run_is_finished_by_a_rerun(ray_cluster, tmp_path):
    t = Tournament.build("toy-battle", "random", 40, {}, seed=3)
    reference = run(t, None, workers=0)
    out = tmp_path / "results.jsonl"
    stop = threading.Event()

    def progress(done: int, total: int) -> None:
        if done > 0:
            stop.set()  # the first finished batch is in: stop as Ctrl-C would

    first = run(t, out, workers=2, progress=progress, stop=stop)
    assert not first.complete and 0 < first.played < 40
    second = run(t, out, workers=2)
    assert second.skipped == first.played and second.played == 40 - first.played
    assert [outcome_of(x) for x in second.results] == [outcome_of(x) for x in reference.results]
    assert len(read_results(out)) == 40
