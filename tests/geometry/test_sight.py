"""Line of sight on hand-made scenes, answers worked out by hand."""


import numpy as np

from engine.geometry import SightEngine
from engine.geometry.sight import head_samples
from engine.little_soldiers.table.figures import head_center
from tests.geometry.conftest import box, field

HEAD = 0.8


def test_wall_hides_head_fully(wall_field):
    # Eye (40, 50, 4.2), target head (60, 50, 4.2): every ray crosses the
    # wall's x = 49..51 slab at |y - 50| < 1 and z = 4.2 +- 0.8 < 10.
    sight = wall_field.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD)
    assert not sight.valid
    assert sight.visible_fraction == 0.0
    assert all(r.blocked and r.blocker == "wall" for r in sight.rays)


def test_head_half_behind_wall_edge_is_not_valid(wall_field):
    # Target head at (60, 60, 4.2), level with the wall's end (y = 60).
    # From (40, 70, 4.2) the lowest rim point (y ~ 59.2) is seen along a ray
    # that crosses x = 49..51 at y ~ 64.9..64.5 > 60: the whole head is
    # visible. From (40, 60.5, 4.2) the centre ray crosses x = 49..51 at
    # y = 60.275..60.225 (clear) but the low rim ray, ending at y = 59.2,
    # crosses x = 49 at y = 60.5 - 1.3 * 9/20 = 59.915 < 60: inside the wall.
    # Half the head is hidden, so it is not a valid target.
    full = wall_field.line_of_sight((40, 70, 4.2), (60, 60, 4.2), HEAD)
    assert full.valid and full.visible_fraction == 1.0
    half = wall_field.line_of_sight((40, 60.5, 4.2), (60, 60, 4.2), HEAD)
    assert not half.rays[32].blocked  # the first inner ray aims at the centre
    assert not half.valid
    assert 0.0 < half.visible_fraction < 1.0
    assert half.blockers == {"wall"}


def test_low_wall_does_not_hide_head():
    # A wall 3 cm tall: the head spans z = 3.4..5.0 and every ray between
    # heads at 4.2 +- 0.8 stays above z = 3.4 > 3 over the wall.
    bf = field(box("low", 2, 20, 3, 50, 50))
    assert bf.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD).valid
    # 4 cm tall: the lowest rim ray runs at z = 3.4 at the target and
    # ~3.8 above the wall -> blocked; the head is partly hidden.
    bf4 = field(box("low", 2, 20, 4, 50, 50))
    sight = bf4.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD)
    assert not sight.valid and sight.visible_fraction > 0.5


def test_level_one_sees_over_wall():
    # Wall 8 cm tall at x = 49..51. Attacker at (30, 50): on the table its
    # eye is at 4.2 and the target head (70, 50, 4.2) is hidden. On a
    # Level 1 box 10 cm tall its eye is at 14.2; the ray to the lowest point
    # of the target head (z 3.4) crosses x = 50 at z = 14.2 - 10.8 * 20/40
    # = 8.8 > 8: clear.
    bf = field(
        box("wall", 2, 20, 8, 50, 50),
        box("crate", 10, 10, 10, 30, 50, level=1),
    )
    target = head_center("infantry", (70, 50), 0.0)
    low = bf.line_of_sight((30, 60, 4.2), target, HEAD)  # beside the crate, table level
    assert not low.valid
    eye = head_center("infantry", (30, 50), bf.surface_height(30, 50))
    assert eye == (30.0, 50.0, 14.2)
    assert bf.line_of_sight(eye, target, HEAD).valid


def test_segments_not_half_lines(wall_field):
    # The wall is behind the target: nothing blocks.
    assert wall_field.line_of_sight((20, 50, 4.2), (40, 50, 4.2), HEAD).valid


def test_head_samples_lie_on_the_visible_cap():
    eyes = np.array([[0.0, 0.0, 4.2]])
    centres = np.array([[10.0, 0.0, 4.2]])
    pts = head_samples(eyes, centres, np.array([0.8]), 64)[0]
    dist = np.linalg.norm(pts - centres[0], axis=1)
    assert np.allclose(dist, 0.8)
    # Rim points are tangent: (p - eye) . (p - c) = 0.
    rim = pts[:32]
    assert np.allclose(np.einsum("ij,ij->i", rim - eyes[0], rim - centres[0]), 0.0, atol=1e-9)
    # All samples face the eye.
    assert np.all(pts[:, 0] <= 10.0 + 1e-12)


def test_batched_equals_single(wall_field):
    pairs = [((40, 50, 4.2), (60, 50, 4.2), HEAD), ((40, 70, 4.2), (60, 60, 4.2), HEAD)]
    batch = wall_field.sight_many(pairs)
    assert list(batch.valid) == [False, True]
    single = [wall_field.line_of_sight(*p) for p in pairs]
    for a, b in zip(batch, single, strict=True):
        assert a.valid == b.valid and np.array_equal(a.blocked, b.blocked)


def test_oracle_fallback_agrees_on_known_cases(wall_field):
    oracle = SightEngine(wall_field.solids, backend="oracle")
    assert not oracle.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD).valid
    assert oracle.line_of_sight((40, 70, 4.2), (60, 60, 4.2), HEAD).valid
    assert not oracle.line_of_sight((40, 60.5, 4.2), (60, 60, 4.2), HEAD).valid


def test_removed_scenery_no_longer_blocks(wall_field):
    # The Threats' scenery removal: the wall is taken away until end of turn.
    opened = wall_field.without_scenery("wall")
    assert opened.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD).valid
    assert not wall_field.line_of_sight((40, 50, 4.2), (60, 50, 4.2), HEAD).valid


def test_single_check_casts_the_batch_rays():
    # line_of_sight has its own lean path; it must cast the same rays as
    # sight_many and reach the same answers, pair for pair.
    from engine.geometry import Battlefield
    from engine.little_soldiers.table.bench import FIGURINES, REFERENCE

    bf = Battlefield.load(REFERENCE)
    heads = [head_center(k, xy, bf.surface_height(*xy)) for k, xy in FIGURINES]
    pairs = [(a, b, HEAD) for a in heads for b in heads if a is not b]
    batch = bf.sight_many(pairs)
    for pair, many in zip(pairs, batch, strict=True):
        one = bf.line_of_sight(*pair)
        assert np.array_equal(one.starts, many.starts)
        assert np.allclose(one.ends, many.ends, rtol=0.0, atol=1e-12)
        assert np.array_equal(one.blocker_index, many.blocker_index)
        assert one.valid == many.valid and one.visible_fraction == many.visible_fraction
    # The oracle engine answers the same on these (no grazing ray decides a pair).
    oracle = SightEngine(bf.solids, backend="oracle")
    assert list(oracle.sight_many(pairs).valid) == list(batch.valid)


def test_sight_degenerate_and_vertical_views(wall_field):
    # An eye inside the target head sees nothing; a vertical view still
    # gets a frame (x across it) and a full set of rays.
    inside = wall_field.line_of_sight((20, 20, 4.2), (20, 20.3, 4.2), HEAD)
    assert not inside.valid and inside.visible_fraction == 0.0
    above = wall_field.line_of_sight((20, 20, 14.2), (20, 20, 4.2), HEAD)
    assert above.valid and len(above.rays) == 64
    pts = head_samples(np.array([[20, 20, 14.2]]), np.array([[20, 20, 4.2]]), np.array([HEAD]), 64)[0]
    assert np.allclose(np.linalg.norm(pts - (20, 20, 4.2), axis=1), HEAD)
