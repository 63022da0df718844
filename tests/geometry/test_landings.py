"""The landing model (engine.geometry.landings): measured from the physics,
drawn deterministically, continuous in strength, stopped by tall scenery."""

import math

import numpy as np
import pytest

from engine.geometry.landings import COLUMNS, LandingTable, land, measure, spec_numbers
from engine.geometry.throws import Die12, ThrowError, ThrowSpec
from tests.geometry.conftest import box, field

SPEC = ThrowSpec("die", Die12(1.0, 5.0, tuple("abcdefghijkl")), 300.0, 30.0, spin=20.0,
                 direction_scatter_deg=3.0, strength_scatter=0.05)


def table(rows=8) -> LandingTable:
    """A hand-made table: at strength s a landing goes 100 s cm forward, by rank
    k from -k to +k cm further, 1 cm to the side per rank, face k."""
    blocks = []
    for s in (0.0, 0.5, 1.0):
        blocks.append(np.array([(100 * s + k, k, 1.0, k % 12, 1 + (k == rows - 1)) for k in range(rows)], dtype=float))
    return LandingTable("die", spec_numbers(SPEC), (0.0, 0.5, 1.0), tuple(blocks))


def test_a_landing_is_the_table_row_turned_into_the_throws_direction():
    t = table()
    got = [land(field(zone=((-300, -300), (300, -300), (300, 300), (-300, 300))), SPEC, t, (0, 0), (0, 2), 0.5, seed)
           for seed in range(20)]
    for g in got:
        x, y, z = g.position
        k = int(round(-x))  # thrown along +y: the side offset (to the left) is -x
        assert y == pytest.approx(50 + k) and z == pytest.approx(1.0)
        assert g.face == "abcdefghijkl"[k] and g.attempts == 1 + (k == 7) and g.settled and g.in_play_zone
    assert len({g.position for g in got}) > 3  # the seed picks the rank


def test_the_same_seed_lands_in_the_same_place_and_strength_interpolates():
    t = table()
    bf = field(zone=((-300, -300), (300, -300), (300, 300), (-300, 300)))
    a = land(bf, SPEC, t, (0, 0), (1, 0), 0.25, 7)
    assert a == land(bf, SPEC, t, (0, 0), (1, 0), 0.25, 7)
    # Halfway between 0 and 0.5: the same rank, halfway between the two rows.
    lo, hi = land(bf, SPEC, t, (0, 0), (1, 0), 0.0, 7), land(bf, SPEC, t, (0, 0), (1, 0), 0.5, 7)
    assert a.position[0] == pytest.approx((lo.position[0] + hi.position[0]) / 2)
    medians = [np.median([land(bf, SPEC, t, (0, 0), (1, 0), s, k).position[0] for k in range(40)])
               for s in (0.1, 0.3, 0.6, 0.9)]
    assert medians == sorted(medians)


def test_a_tall_piece_stops_the_die_and_a_low_one_does_not():
    t = table()
    tall = field(box("book", 4, 40, 6, 50, 50))
    low = field(box("domino", 4, 40, 0.5, 50, 50))
    for seed in range(10):
        stopped = land(tall, SPEC, t, (10, 50), (1, 0), 0.5, seed)
        assert 46.5 < stopped.position[0] < 48 - 1.0  # against the book's face, a radius back along the way
        passed = land(low, SPEC, t, (10, 50), (1, 0), 0.5, seed)
        assert passed.position[0] > 55


def test_it_touches_a_watched_piece_it_stops_against_and_a_marker_it_rolls_past():
    t = table()
    bf = field(box("teleporter", 4, 40, 6, 50, 50))
    watching = ThrowSpec("die", SPEC.body, 300.0, 30.0, watched=frozenset({"teleporter"}), markers=((40.0, 50.0),),
                         marker_radius=1.5)
    got = land(bf, watching, t, (10, 50), (1, 0), 0.5, 3)
    assert got.touched == ("teleporter", "marker@40,50")
    far = land(field(), watching, t, (10, 10), (1, 0), 0.5, 3)
    assert far.touched == ()


def test_a_throw_starting_on_a_piece_is_not_stopped_by_it():
    t = table()
    bf = field(box("shoebox", 30, 30, 8, 20, 50, level=1))
    got = land(bf, SPEC, t, (20, 50), (1, 0), 0.5, 0)
    assert got.position[0] > 35 + 50 - 10  # rolled off the top and on


def test_bad_aims_are_refused_like_the_physics_refuses_them():
    with pytest.raises(ThrowError):
        land(field(), SPEC, table(), (0, 0), (0, 0), 0.5, 0)
    with pytest.raises(ThrowError):
        land(field(), SPEC, table(), (0, 0), (1, 0), 1.5, 0)


def test_measure_keeps_what_the_physics_threw_and_survives_a_round_trip():
    got = measure(SPEC, (0.2, 0.6), 3)
    assert got.strengths == (0.2, 0.6) and got.samples == 3 and got.rows[0].shape == (3, len(COLUMNS))
    assert list(got.rows[1][:, 0]) == sorted(got.rows[1][:, 0])  # sorted by distance
    assert np.median(got.rows[1][:, 0]) > np.median(got.rows[0][:, 0]) > 0
    again = LandingTable.from_dict(got.to_dict())
    assert again.spec == got.spec and again.strengths == got.strengths
    assert all(np.allclose(a, b, atol=1e-3) for a, b in zip(again.rows, got.rows, strict=True))
    assert math.isclose(again.rethrow_share(0), got.rethrow_share(0))
    with pytest.raises(ValueError):
        LandingTable.from_dict({**got.to_dict(), "format": 99})
