"""What the rules measure is measured once, and never read stale.

A Move's path (its check, its report, the path logged), a line of sight
(the Orders offered, the chosen Attack's check and report) and the edge
points candidate Moves hug are kept after the first measure. Each is kept
on what it was measured on (the battlefield's graph, the Terrain, the
battlefield), so a changed battlefield (an edit, a Threat taking scenery
away) measures afresh: these tests fail if a kept answer outlived its
scenery or differed from a fresh measure.
"""

from __future__ import annotations

import random

from engine.little_soldiers import candidates as C
from engine.little_soldiers.actions import Move
from engine.little_soldiers.terrain import Spot, Terrain
from tests.little_soldiers.ls_helpers import battlefield, box, game, position

WALL = box("wall", 50, 30, 2, 30, 10)  # x 49..51, y 15..45, taller than a head


def _fresh(terrain: Terrain) -> Terrain:
    """The same rules on a copy of the battlefield with nothing kept."""
    return Terrain(terrain.bf.rebuild(), terrain.levels, terrain.objects_on, terrain.contact)


def test_a_kept_sight_equals_a_fresh_one_and_a_threat_view_does_not_read_it():
    t = game([WALL]).terrain
    a, b, c = Spot(40.0, 30.0), Spot(60.0, 30.0), Spot(40.0, 55.0)
    pairs = [(a, b), (a, c), (b, c), (c, a)]
    first = t.sights(pairs)
    assert t.sights(pairs) == first == _fresh(t).sights(pairs)
    assert not first[0].valid and first[0].blockers == ("wall",) and first[1].valid
    # A Threat Action takes the wall away until the end of the turn: that
    # Terrain answers for its own scenery, and the first keeps its answers.
    opened = t.without(["wall"])
    assert opened.sight(a, b).valid
    assert not t.sight(a, b).valid


def test_the_picked_move_is_measured_as_a_fresh_query_measures_it():
    s = game([WALL])
    s = position(s, {"green-infantry": (45.0, 40.0), "yellow-infantry": (80.0, 50.0)})
    rng = random.Random(3)
    moves = [m for m in s.candidate_actions(s.to_act()[0], 32, rng) if isinstance(m, Move)]
    fresh = _fresh(s.terrain)
    me = s.soldiers["green-infantry"]
    others = s.spots(exclude=me.id)
    assert len(moves) > 10
    for m in moves:
        kept = s.move_report(m)
        again = fresh.move(me.spot, (m.x, m.y), s.chosen.yellow_length, others)
        assert kept == again and kept.reason is None
        assert s.terrain.path(me.spot, (m.x, m.y)) == fresh.path(me.spot, (m.x, m.y))
    # Behind the wall needs the way round it: the path bends.
    far = Move(me.id, 53.0, 40.0)
    report = s.move_report(far)
    assert report.reason is None and report.length > 8 + 1e-6
    assert len(s.terrain.path(me.spot, (53.0, 40.0))) > 2
    assert report == fresh.move(me.spot, (53.0, 40.0), s.chosen.yellow_length, others)


def test_edge_points_are_the_battlefields_own():
    t = game([WALL]).terrain
    xs, ys = C.edge_points(t, None)
    assert xs.size and (xs[1:] >= xs[:-1]).all()
    on_wall = (abs(xs - 47.8) < 1e-6) & (ys > 15) & (ys < 45)
    assert on_wall.any()
    # Move the wall: the edited battlefield's edge points follow it.
    moved = battlefield([{**WALL, "at": [20, 30, 0]}])
    t2 = Terrain(moved, t.levels, t.objects_on, t.contact)
    xs2, ys2 = C.edge_points(t2, None)
    assert not ((abs(xs2 - 47.8) < 1e-6) & (ys2 > 15) & (ys2 < 45)).any()
    assert ((abs(xs2 - 17.8) < 1e-6) & (ys2 > 15) & (ys2 < 45)).any()
    assert C.edge_points(t, None)[0] is xs
