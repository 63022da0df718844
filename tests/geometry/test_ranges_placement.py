"""Ranges and placement, by hand."""

import math

import pytest

from engine.geometry import figure_distance, point_distance
from engine.little_soldiers import data
from engine.little_soldiers.table.cords import distance_band, within
from engine.little_soldiers.table.figures import head_center
from tests.geometry.conftest import box, field

H = data.FIGURINE_HEIGHT


def test_figure_distance_on_the_table():
    # Bases 20 apart, radii 1.2 each: 20 - 2.4 = 17.6 between base edges.
    assert figure_distance((0, 0, 0), 1.2, (20, 0, 0), 1.2, 5.0) == pytest.approx(17.6)
    # Touching bases: 0.
    assert figure_distance((0, 0, 0), 1.2, (2.4, 0, 0), 1.2, 5.0) == 0.0


def test_figure_distance_to_a_higher_level():
    # Other figure on a 10 cm Level, 5 cm away: gap 5 - 2.4 = 2.6 across,
    # 10 up: sqrt(2.6^2 + 10^2).
    assert figure_distance((0, 0, 0), 1.2, (5, 0, 10), 1.2, 5.0) == pytest.approx(math.hypot(2.6, 10))
    # Looking down at a figure 5 cm below the measuring base: its head top
    # (z = 5) is level with the base, so only the horizontal gap counts.
    assert figure_distance((0, 0, 5), 1.2, (12, 0, 0), 1.2, 5.0) == pytest.approx(9.6)


def test_distance_bands():
    # green 6 < red 10 < yellow 20 (data file, chosen).
    assert data.CORD_LENGTHS == {"green": 6.0, "red": 10.0, "yellow": 20.0}
    assert distance_band((0, 0, 0), 1.2, (8, 0, 0)) == "green"  # gap 5.6
    assert distance_band((0, 0, 0), 1.2, (10, 0, 0)) == "red"  # gap 7.6
    assert distance_band((0, 0, 0), 1.2, (22.4, 0, 0)) == "yellow"  # gap 20.0
    assert distance_band((0, 0, 0), 1.2, (22.5, 0, 0)) is None  # gap 20.1


def test_point_distance_for_grenades():
    assert point_distance((0, 0, 0.8), (21.2, 0, 0), 1.2, 5.0) == pytest.approx(20.0)
    assert within(20.0, "yellow") and not within(20.01, "yellow")


def test_head_center_uses_the_data_file():
    assert head_center("sniper", (3, 4)) == (3.0, 4.0, 4.2)
    assert head_center("grenadier", (3, 4), 7.0) == (3.0, 4.0, 11.2)
    with pytest.raises(ValueError, match="unknown figurine type 'tank'"):
        head_center("tank", (0, 0))


def test_placement(wall_field):
    # Wall face at x = 49: a base of 1.2 centred at 47.8 touches it.
    assert wall_field.check_placement((47.8, 50), 1.2, height=H) is None
    assert wall_field.check_placement((47.9, 50), 1.2, height=H) == "the base overlaps the scenery 'wall'"
    assert wall_field.check_placement((50, 50), 1.2, height=H) == "the base overlaps the scenery 'wall'"
    assert wall_field.check_placement((0.5, 50), 1.2, height=H) == "the base sticks out of the play zone"
    assert wall_field.check_placement((-3, 50), 1.2, height=H) == "outside the play zone"
    assert wall_field.check_placement((20, 20), 1.2, others=[(22.4, 20, 1.2)], height=H) is None
    assert wall_field.check_placement((20, 20), 1.2, others=[(22.3, 20, 1.2)], height=H) == (
        "the base overlaps another figurine at (22.3, 20)"
    )
    # A figure on a Level above does not collide with one on the table.
    assert wall_field.check_placement((20, 20), 1.2, others=[(20, 20, 10, 1.2)], height=H) is None
    assert wall_field.check_placement((20, 20), 1.2, surface="wall", height=H) == (
        "'wall' has no Level token: it cannot be stood on"
    )


def test_placement_on_a_level():
    bf = field(box("crate", 10, 10, 6, 50, 50, level=1))
    assert bf.check_placement((50, 50), 1.2, surface="crate", height=H) is None
    assert bf.check_placement((54, 50), 1.2, surface="crate", height=H) == "the base does not fit on top of 'crate'"
    assert bf.check_placement((60, 50), 1.2, surface="crate", height=H) == "not on top of 'crate'"
