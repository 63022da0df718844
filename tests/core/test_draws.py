"""``engine.core.draws`` draws exactly what ``random.Random`` draws: a seed's game never changes."""

from __future__ import annotations

import random

import pytest

from engine.core.draws import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 9, 17, 18, 24, 27, 30, 64, 1024, 1025, 3000])
def test_shuffle_draws_what_random_shuffle_draws(size: int) -> None:
    for seed in range(40 if size < 100 else 3):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b, (size, seed)
        assert ours.getstate() == theirs.getstate(), (size, seed)  # the next draw is the same too


def test_a_generator_of_another_class_shuffles_with_its_own_method() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[no-untyped-def, override] - a test double
            Counting.calls += 1
            super().shuffle(x)

    items = list(range(10))
    shuffle(Counting(1), items)
    assert Counting.calls == 1 and sorted(items) == list(range(10))
