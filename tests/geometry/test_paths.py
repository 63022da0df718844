"""Cords: shortest paths, enclosed pockets, reachable regions, Levels."""

import math
from itertools import pairwise

import pytest
from shapely.geometry import Point

from engine.little_soldiers.table.climbing import climb_down, climb_up, marshmallow_jump
from tests.geometry.conftest import box, field

R = 1.2
H = 5.0  # the figurine height (Little Soldiers data)


def test_straight_path_when_clear(wall_field):
    assert wall_field.path_length((10, 10), (40, 50), R) == pytest.approx(50.0)


def test_path_around_one_wall(wall_field):
    # Wall x 49..51, y 40..60. Grown by the base radius 1.2 its top corners
    # are arcs of radius 1.2 about (49, 60) and (51, 60). From (40, 50) to
    # (60, 50) the cord goes over the top (or bottom, same length):
    #   tangent from (40, 50) to the circle about (49, 60): distance to the
    #   centre sqrt(9^2 + 10^2) = sqrt(181), tangent sqrt(181 - 1.44) = 13.4;
    #   arc from the tangent point to the top: atan(4/3) = 0.927295 rad,
    #   times 1.2 = 1.112754; straight along the top: 2.
    # Total 2 * 13.4 + 2 * 1.112754 + 2 = 31.025508. Corner arcs are
    # polygons with vertices on the arc, so the graph is a hair shorter.
    expected = 2 * 13.4 + 2 * 1.2 * math.atan2(4, 3) + 2
    length = wall_field.path_length((40, 50), (60, 50), R)
    assert length == pytest.approx(expected, abs=0.03)
    assert length <= expected + 1e-9
    path = wall_field.shortest_path((40, 50), (60, 50), R)
    assert path[0] == (40.0, 50.0) and path[-1] == (60.0, 50.0)
    assert sum(math.dist(a, b) for a, b in pairwise(path)) == pytest.approx(length)
    # The whole path keeps the base off the wall (corner arcs are polygons
    # inscribed in the arc: 1.2 * (1 - cos(11.25 deg)) = 0.023 cm at most).
    from shapely.geometry import LineString

    wall = wall_field.solid("wall").footprint
    assert LineString(path).distance(wall) >= R - 0.025


def test_enclosed_pocket_is_unreachable():
    # Four walls closing a square pen x 40..60, y 40..60 (walls 2 cm thick).
    bf = field(
        box("n", 22, 2, 8, 50, 61), box("s", 22, 2, 8, 50, 39),
        box("w", 2, 22, 8, 39, 50), box("e", 2, 22, 8, 61, 50),
    )
    assert bf.path_length((50, 50), (10, 10), R) == math.inf
    assert bf.shortest_path((50, 50), (10, 10), R) == []
    assert bf.path_length((50, 50), (52, 53), R) == pytest.approx(math.hypot(2, 3))
    region = bf.reachable_region((50, 50), 200, R)
    # Only the pen's inside (x, y 40..60), shrunk by the base: a square of
    # side 20 - 2.4 = 17.6 with sharp corners.
    assert region.area == pytest.approx(17.6**2, rel=1e-3)


def test_end_inside_scenery_is_unreachable(wall_field):
    assert wall_field.path_length((40, 50), (50, 50), R) == math.inf
    assert wall_field.path_length((40, 50), (48.5, 50), R) == math.inf  # base would overlap


def test_reachable_region_clear_is_a_disc():
    bf = field()
    region = bf.reachable_region((50, 50), 20, R)
    assert region.area == pytest.approx(math.pi * 400, rel=0.01)


def test_reachable_region_has_the_wall_shadow(wall_field):
    region = wall_field.reachable_region((40, 50), 20, R)
    # Straight behind the wall: 60 - 40 = 20 straight, but the cord must go
    # around (31 cm): not reachable.
    assert not region.contains(Point(55, 50))
    # Beside the wall, in plain view: reachable.
    assert region.contains(Point(40, 65))
    # Just round the corner: 13.4 + arc + a little: reachable.
    assert region.contains(Point(52.5, 62))
    # Every point of the region is within the cord by path length.
    for x, y in [(45, 62), (53, 63), (47, 35)]:
        inside = region.contains(Point(x, y))
        assert inside == (wall_field.path_length((40, 50), (x, y), R) <= 20)


def test_play_zone_edge_limits_the_base(wall_field):
    assert wall_field.path_length((1.2, 1.2), (10, 10), R) < math.inf
    assert wall_field.path_length((1.0, 10), (10, 10), R) == math.inf


STACK = dict(
    bottom=box("bottom", 26, 26, 7, 60, 40, level=1),
    lid=box("lid", 12, 12, 6, 60, 40, 7, level=2),
)


def test_stacked_levels_surfaces():
    bf = field(*STACK.values())
    assert bf.surface_at(60, 40) == "lid" and bf.surface_height(60, 40) == 13.0
    assert bf.surface_at(50, 40) == "bottom" and bf.surface_height(50, 40) == 7.0
    assert bf.surface_at(20, 20) is None and bf.surface_height(20, 20) == 0.0
    # Level 1's walkable top is the ring around the lid: 26^2 - 12^2.
    assert bf.walkable_top("bottom").area == pytest.approx(26**2 - 12**2)
    # Walking on Level 1 around the lid: from (49, 40) to (71, 40), the lid
    # (x 54..66) is in the way: the path is longer than 22.
    assert bf.path_length((49, 40), (71, 40), R, surface="bottom") > 22
    assert bf.check_placement((50, 40), R, surface="bottom", height=H) is None
    assert "does not fit" in bf.check_placement((53.5, 40), R, surface="bottom", height=H)


def test_climb_up_and_down_stacked_levels():
    bf = field(*STACK.values())
    # From (30, 40) the cord reaches the west face (x = 47) after
    # 47 - 0.1 - 30 - 1.2 = 15.7 cm of cord (minus the nudge).
    step = climb_up(bf, (30, 40), "bottom", (47, 40), 20, R)
    assert step.ok and step.surface == "bottom"
    assert step.position == pytest.approx((48.2, 40, 7.0))
    short = climb_up(bf, (30, 40), "bottom", (47, 40), 15, R)
    assert not short.ok and "does not reach" in short.reason
    # The lid does not stand on the table.
    assert "does not stand" in climb_up(bf, (30, 40), "lid", (54, 40), 20, R).reason
    # From Level 1, climb onto Level 2.
    up2 = climb_up(bf, (50, 40), "lid", (54, 40), 20, R, surface="bottom")
    assert up2.ok and up2.surface == "lid" and up2.position == pytest.approx((55.2, 40, 13.0))
    # Climb down from Level 1's west edge: land at its foot, x = 47 - 1.2.
    down = climb_down(bf, (50, 40), "bottom", (47, 40), 20, R)
    assert down.ok and down.surface is None
    assert down.position == pytest.approx((45.8, 40, 0.0))
    # Down from Level 2 lands on Level 1.
    down2 = climb_down(bf, (60, 40), "lid", (54, 40), 20, R)
    assert down2.ok and down2.surface == "bottom" and down2.position == pytest.approx((52.8, 40, 7.0))


def test_climb_refused_without_level_token(wall_field):
    assert "no Level token" in climb_up(wall_field, (40, 50), "wall", (49, 50), 20, R).reason


def test_marshmallow_jump(wall_field):
    # From (30, 50) along +x: 20 cm ends at (50, 50) inside the wall; the
    # farthest spot that fits is touching the wall at x = 49 - 1.2 = 47.8.
    step = marshmallow_jump(wall_field, (30, 50), (1, 0), 20, R)
    assert step.position == pytest.approx((47.8, 50, 0.0))
    # 25 cm clears the wall: (55, 50), over the scenery.
    step = marshmallow_jump(wall_field, (30, 50), (1, 0), 25, R)
    assert step.position == pytest.approx((55, 50, 0.0))


def test_marshmallow_lands_on_a_level():
    bf = field(box("crate", 10, 10, 6, 50, 50, level=1))
    step = marshmallow_jump(bf, (30, 50), (1, 0), 20, R)
    assert step.surface == "crate" and step.position == pytest.approx((50, 50, 6.0))


def test_edit_rebuilds_graph(wall_field):
    before = wall_field.path_length((40, 50), (60, 50), R)
    opened = wall_field.without_scenery("wall")
    assert opened.path_length((40, 50), (60, 50), R) == pytest.approx(20.0)
    assert wall_field.path_length((40, 50), (60, 50), R) == before


def test_reachable_region_near_the_zone_edge_is_not_overshadowed():
    # Near the edge of the play zone the outside of the (convex) zone used to
    # cast shadows from corners there and cut reachable ground out of the
    # region. (28.2, 77.9) is 16.1 cm of cord away from the start.
    from engine.geometry import Battlefield
    from engine.little_soldiers.table.bench import REFERENCE

    bf = Battlefield.load(REFERENCE)
    start, target = (15.793897896996686, 67.60594566996423), (28.164171535267045, 77.89976675789922)
    assert bf.path_length(start, target, R) < 20
    assert bf.reachable_region(start, 20, R).covers(Point(*target))


def test_reachable_region_on_a_level_top_around_a_stacked_piece():
    # Sources on the corners of the matchbox standing on the shoebox: GEOS's
    # floating-point overlay failed here ("TopologyException"). A 45 cm cord
    # reaches the whole top.
    from engine.geometry import Battlefield
    from engine.little_soldiers.table.bench import REFERENCE

    bf = Battlefield.load(REFERENCE)
    start = (17.012903311387007, 58.57601349927084)
    region = bf.reachable_region(start, 45, R, "shoebox-west")
    free = bf.free_space(R, "shoebox-west")
    assert region.is_valid
    assert region.area == pytest.approx(free.area, rel=1e-9)


def test_reachable_region_keeps_ground_in_front_of_a_far_piece():
    # The phone's far corners lie beyond the cord's reach from the start;
    # shadow hulls used to pull them in, in front of the phone, and hide
    # (43.6, 63.1), in plain view 18.1 cm away.
    from engine.geometry import Battlefield
    from engine.little_soldiers.table.bench import REFERENCE

    bf = Battlefield.load(REFERENCE)
    start, target = (51.67536244970134, 46.94388571505126), (43.63493082467358, 63.140278957088505)
    assert bf.shortest_path(start, target, R) == [start, target]
    assert bf.reachable_region(start, 20, R).covers(Point(*target))


# --- measured once: the graph's memo of queries -------------------------------------


def _fresh_graph(bf, surface=None):
    """A graph built anew from the same free space: no answer kept."""
    from engine.geometry.paths import MoveGraph, grown_parts

    return MoveGraph(bf.free_space(R, surface), grown_parts(bf, R) if surface is None else None)


def test_a_kept_answer_equals_a_fresh_query(wall_field):
    import numpy as np

    graph = wall_field.move_graph(R)
    fresh = _fresh_graph(wall_field)
    rng = np.random.default_rng(7)
    ends = [tuple(p) for p in rng.uniform(2, 98, (120, 2)).round(2)]
    start = (40.0, 50.0)
    first = [graph.path_length(start, e) for e in ends]
    again = [graph.path_length(start, e) for e in ends]  # read back
    assert first == again == [fresh.path_length(start, e) for e in ends]
    assert [graph.shortest_path(start, e) for e in ends] == [fresh.shortest_path(start, e) for e in ends]
    assert any(math.isinf(x) for x in first) and any(x > math.dist(start, e) + 1 for x, e in zip(first, ends, strict=True))


def test_batched_straight_answers_are_kept_as_a_query_gives_them(wall_field):
    # path_lengths_many remembers each straight answer it finds; the check
    # of the Move a bot picks reads it back: it must be the query's answer.
    import numpy as np

    graph = wall_field.move_graph(R)
    fresh = _fresh_graph(wall_field)
    rng = np.random.default_rng(8)
    starts = np.array([[40.0, 50.0], [60.0, 45.0], [20.0, 20.0]])
    pts = rng.uniform(5, 95, (90, 2)).round(2)
    owner = np.arange(90) % 3
    lengths = graph.path_lengths_many(starts, pts, owner, 25.0)
    for (sx, sy), p, got in zip(starts[owner].tolist(), pts.tolist(), lengths.tolist(), strict=True):
        want = fresh.path_length((sx, sy), p)
        assert graph.path_length((sx, sy), p) == want
        if want <= 25.0:
            assert got == pytest.approx(want, rel=1e-12)
        else:
            assert math.isinf(got)
    # Each soldier's answers are those of its own batched query.
    for k in range(3):
        alone = fresh.path_lengths(starts[k], pts[owner == k], 25.0)
        assert np.array_equal(alone, lengths[owner == k])


def test_an_edited_battlefield_never_reads_the_old_answers(wall_field):
    # Ask on the battlefield first (its graph keeps the answers), then move
    # the wall: the edited battlefield measures its own scenery.
    start, end = (40.0, 50.0), (60.0, 50.0)
    before = wall_field.path_length(start, end, R)
    assert before > 30
    from dataclasses import replace

    moved = wall_field.with_scenery(replace(wall_field.piece("wall"), at=(50.0, 80.0, 0.0)))
    assert moved.path_length(start, end, R) == pytest.approx(20.0)
    assert moved.move_graph(R) is not wall_field.move_graph(R)
    assert wall_field.path_length(start, end, R) == before
