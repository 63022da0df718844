"""The dice's exact odds (engine.little_soldiers.odds), worked by hand:
Bootcamp's Attack, 5 Attack dice, every die without a Hit rerolled
("Attack Action": reroll allowance), a die a Hit with p = 1/2."""

from __future__ import annotations

import math

import pytest

from engine.little_soldiers import odds
from engine.little_soldiers import rules_data as R


def test_hits_with_one_reroll_are_binomial_in_three_quarters():
    """One reroll: a die ends a Hit with 1 - (1/2)^2 = 3/4."""
    dist = odds.hits_distribution(5, 0.5, 1)
    assert sum(dist) == pytest.approx(1.0)
    assert dist[5] == pytest.approx(0.75**5)
    assert dist[0] == pytest.approx(0.25**5)
    assert dist[2] == pytest.approx(10 * 0.75**2 * 0.25**3)


def test_expected_damage_is_the_hits_above_defense():
    """Defense 2, 3 Hearts to go: breaks only on 5 Hits; Hearts = max(0, h - 2)."""
    exp, brk = odds.expected_damage(5, 0.5, 1, 2, 3)
    dist = odds.hits_distribution(5, 0.5, 1)
    assert brk == pytest.approx(0.75**5)
    assert exp == pytest.approx(sum(p * max(0, h - 2) for h, p in enumerate(dist)))


def test_the_sniper_die_adds_its_hits_and_its_faces():
    """A Risky Shot: the Sniper die rerolled like the others; the hits'
    chances and its heart and shield ends together make one."""
    hits, p_heart, p_shield = odds.sniper_distribution(5, 0.5, 1)
    faces = R.SNIPER_DIE_FACES
    good = sum(1 for f in faces if R.FACE_HITS.get(f, 0) > 0) / len(faces)
    assert sum(hits) == pytest.approx(1.0)
    assert p_heart + p_shield <= (1 - good) ** 2 + 1e-12
    plain = odds.hits_distribution(5, 0.5, 1)
    assert sum(h * p for h, p in enumerate(hits)) > sum(h * p for h, p in enumerate(plain))


def test_hit_chance_counts_a_double_hit_twice():
    assert odds.hit_chance(("hit", "blank")) == 0.5
    assert odds.hit_chance(("double_hit", "blank", "blank", "blank")) == 0.5


def test_attacks_needed_is_the_expected_number_of_attacks():
    """Defense 0, one Heart to go: any Hit breaks it; 5 dice with one reroll
    each miss only if all ten rolls are blank (1/2 each)."""
    p_miss = 0.5 ** 10
    assert math.isclose(odds.attacks_needed(0, 1), 1 / (1 - p_miss))
    assert odds.attacks_needed(2, 6) > odds.attacks_needed(0, 6) > odds.attacks_needed(0, 3)
    dmg = odds.damage_distribution(odds.hits_distribution(5, 0.5, 1), 2)
    after, _ = odds.work_after(2, 4, dmg, 0.5)
    assert math.isclose(odds.attacks_needed(2, 4) - after, 1.0)  # an Attack takes one off, on average
