"""Issue 16, "Done when": a 2-CPU local Ray gives the same winners and
scores per seed as ``--workers 0``, for every game, whatever the batching;
and an interrupted Ray run is finished by a re-run. Ray starts once for
this module (a few seconds; its tests also check that it listens on this
machine only and that ending it leaves nothing); the games are tiny."""

from __future__ import annotations

import shutil
import tempfile
import threading

import pytest

pytest.importorskip("ray")

from engine.tournament import reaper
from engine.tournament.cluster import connect, disconnect
from engine.tournament.results import read_results
from engine.tournament.runner import Tournament, run
from tests.tournament.ray_helpers import LOCAL_ADDRESSES, all_gone, listening_addresses, short_folder

TINY = {
    "little-battle": dict(bots="search,random,random", games=6, config={"players": 3}, iterations=8),
    "toy-battle": dict(bots="search,random", games=6, config={}, iterations=8),
    "little-soldiers": dict(bots="heuristic,random", games=4, config={}),
}


def outcome_of(line: dict) -> tuple:
    return (line["index"], line["seed"], line["bots"], line["winners"], line["scores"], line["turns"])


@pytest.fixture(scope="module")
def ray_cluster():
    """The module's local Ray (2 CPUs), its files in a short folder of its own: (cluster, that
    folder; None where a Ray already ran in this process and is used as it is)."""
    short = short_folder()
    with pytest.MonkeyPatch.context() as mp:  # where connect() makes the Ray's folder, read as it starts
        mp.setenv("TMPDIR", str(short))
        mp.setattr(tempfile, "tempdir", None)
        cluster = connect(None, 2)
    yield cluster, next(short.glob(reaper.PREFIX + "*"), None)
    disconnect()
    shutil.rmtree(short, ignore_errors=True)


def _own(ray_cluster) -> tuple:
    cluster, folder = ray_cluster
    if folder is None:
        pytest.skip("a Ray was already running in this process: the module did not start its own")
    return cluster, folder


def test_a_local_ray_listens_on_this_machine_only(ray_cluster):
    """Issue 22: a local Ray binds 127.0.0.1: its GCS, its node and every port its processes open."""
    import ray

    cluster, folder = _own(ray_cluster)
    gcs = ray.get_runtime_context().gcs_address
    nodes = {n["NodeManagerAddress"] for n in ray.nodes()}
    assert gcs.startswith("127.0.0.1:") and nodes == {"127.0.0.1"}, (gcs, nodes)
    pids = set(reaper.holding(folder))
    assert len(pids) >= 3 and cluster.cpus == 2 and cluster.owned
    addresses = listening_addresses(pids)
    assert addresses is None or (addresses and all(a.startswith(LOCAL_ADDRESSES) for a in addresses)), addresses


@pytest.mark.parametrize("game", sorted(TINY))
def test_two_cpu_ray_equals_serial_per_seed(ray_cluster, game, tmp_path):
    cluster, _ = ray_cluster
    spec = dict(TINY[game])
    t = Tournament.build(game, spec.pop("bots"), spec.pop("games"), spec.pop("config"), seed=7, **spec)
    serial = run(t, tmp_path / "serial.jsonl", workers=0)
    on_ray = run(t, tmp_path / "ray.jsonl", workers=2)
    assert cluster.cpus == 2
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


def test_ending_the_local_ray_leaves_no_process(ray_cluster):
    """Issue 22: when the tournament's Ray is ended the normal way (``disconnect``), Ray's
    shutdown and then the reaper leave no process of it within 5 s, and its folder is gone.
    Last in this file: it ends the module's Ray."""
    _, folder = _own(ray_cluster)
    assert reaper.holding(folder), "the module's Ray runs before it is ended"
    disconnect()
    assert all_gone(folder), f"left behind: {reaper.holding(folder)}"
