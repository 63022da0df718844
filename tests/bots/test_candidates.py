"""Candidate actions stay legal: every sample the engine offers a bot passes
``check``, in every phase of seeded random playouts, on the plain table,
with Levels and Objects, and in the co-op and free-for-all missions.

Moves are drawn many at a time and filtered by batched geometry (the cord's
reach, the base's fit) instead of one ``check`` each, so this is the test
that the batched filter and the rule agree."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.geometry.battlefield import REPO_ROOT, Battlefield
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Move
from engine.little_soldiers.config import Config
from engine.little_soldiers.state import new_game

REFERENCE = "levels/little_soldiers/reference.json"

CASES = [
    (None, 2, (), ""),
    (None, 2, ("levels", "objects", "super_soldier"), REFERENCE),
    (M.A_NEW_THREAT, 2, (), ""),
    (M.KING_OF_THE_HILL, 3, (), ""),
]


@pytest.mark.parametrize("mission,players,mods,level", CASES, ids=lambda v: str(v))
def test_every_candidate_passes_check(mission, players, mods, level):
    state = new_game(Config(mission=mission, players=players, modules=mods, level=level), 5)
    rng = random.Random(3)
    checked = moves = 0
    for _ in range(220):
        if state.is_over():
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = view.legal_actions()
        if legal:
            state.apply(seat, legal[rng.randrange(len(legal))])
            continue
        cands = state.candidate_actions(seat, 16, rng)
        assert cands, f"no candidate in phase {state.phase}"
        for c in cands:
            assert state.check(seat, c) is None, (state.phase, c, state.check(seat, c))
        checked += len(cands)
        moves += sum(isinstance(c, Move) for c in cands)
        state.apply(seat, cands[rng.randrange(len(cands))])
    assert checked > 20 and moves > 10


def test_batched_path_lengths_match_single_queries():
    bf = Battlefield.load(REPO_ROOT / REFERENCE)
    graph = bf.move_graph(1.25)
    rng = np.random.default_rng(1)
    start = (40.0, 40.0)
    assert np.isfinite(graph.path_length(start, start))
    pts = rng.uniform((10, 10), (70, 70), (200, 2))
    batched = graph.path_lengths(start, pts, 25.0)
    single = np.array([graph.path_length(start, p) for p in pts])
    within = single <= 25.0
    assert within.any() and (~within).any()
    np.testing.assert_allclose(batched[within], single[within], rtol=1e-9)
    assert np.all(np.isinf(batched[~within]) | (batched[~within] > 25.0))
