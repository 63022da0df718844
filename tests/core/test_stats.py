"""Wilson intervals: hand-worked values and the edges where the normal approximation fails."""

import pytest

from engine.core.stats import WinRate, format_table, wilson_interval


def test_wilson_interval_matches_hand_worked_value():
    # 8 wins of 10: centre (0.8 + 0.19207) / 1.38415 = 0.71674, half-width 0.22718.
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_is_not_degenerate_at_zero_or_all_wins():
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and 0.1 < high < 0.2
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and 0.8 < low < 0.9
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_table_lists_every_row_with_its_interval():
    text = format_table([WinRate("search", 33, 60), WinRate("heuristic", 27, 60)])
    assert "search" in text and "heuristic" in text
    assert "55.0%" in text and "45.0%" in text
