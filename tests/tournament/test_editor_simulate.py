"""The editor's Simulate, headless, with ``--workers 0`` semantics: win
rates with intervals for both sides and a heat map of where soldiers broke."""

from __future__ import annotations

import numpy as np

from app.editor.session import EditorSession
from app.editor.simulate import Simulation
from engine.geometry.battlefield import REPO_ROOT

BOOTCAMP = REPO_ROOT / "levels/little_soldiers/bootcamp.json"


def test_simulate_gives_both_sides_win_rates_with_intervals_and_a_break_map():
    session = EditorSession.open(BOOTCAMP)
    sim = Simulation(session, games=4, bots="heuristic,random", workers=0)
    result = sim.run()
    assert result is not None and sim.done == sim.total == 4
    green, yellow = result.sides
    assert (green.label, yellow.label) == ("green", "yellow")
    assert green.games == yellow.games == 4 and green.wins + yellow.wins == 4
    assert green.interval[0] <= green.rate <= green.interval[1]
    assert result.breaks.shape == (len(result.ys), len(result.xs)) and result.breaks.sum() > 0
    heat = result.heat
    assert np.nanmax(heat) == 1.0 and np.isnan(heat[result.breaks == 0]).all()
    assert sim.message == result.summary() and "green" in sim.message


def test_simulate_in_the_background_thread_finishes():
    session = EditorSession.open(BOOTCAMP)
    sim = Simulation(session, games=2, bots="random", workers=0)
    assert sim.start()
    sim.thread.join(120)
    assert not sim.running and sim.result is not None and sim.result.games == 2


def test_simulate_refuses_a_battlefield_with_problems(tmp_path):
    session = EditorSession.open(tmp_path / "new.json")  # a new battlefield: no deployment zones yet
    sim = Simulation(session, games=2, workers=0)
    if session.problems():
        assert not sim.start() and "problems" in sim.message
