"""``toybox bench ray`` (issue 26's scale-out measure): every run it makes plays
the serial run's games with the same outcomes, and its figures are the ones
the README's projection reads. Slow (three local Rays and a two-node
cluster start): ``pytest -m slow``. No timing is asserted, only that the
figures are there and consistent."""

from __future__ import annotations

import pytest

pytest.importorskip("ray")

from engine.tournament.scale import run_scale_bench


@pytest.mark.slow
def test_the_scale_bench_plays_the_serial_games_on_every_ray(subprocess_env, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", subprocess_env["PYTHONPATH"])
    lines: list[str] = []
    rows = run_scale_bench(games=3, rounds=1, game="toy-battle", bots="random", out=lines.append)
    serial = rows["serial"]["outcomes"]
    assert [o[0] for o in serial] == [0, 1, 2]
    one, two = rows["rounds"][0]["one"], rows["rounds"][0]["two"]
    assert one["outcomes"] == two["outcomes"] == rows["two_nodes"]["outcomes"] == serial
    assert (one["cpus"], two["cpus"], rows["two_nodes"]["cpus"]) == (1, 2, 2)
    for run in (one, two, rows["two_nodes"]):
        assert run["play_s"] > 0 and 0 < run["efficiency"] <= 1.5 and run["startup_s"] > 0
    assert any(line.startswith("2 workers / 1, per round: ") for line in lines)
