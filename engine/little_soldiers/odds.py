"""The dice's exact odds, for the bots that value an Attack without rolling it.

An Attack rolls 5 Attack dice and its player rerolls every die without a
Hit (the bots and the Threats always do), so a die ends a Hit with
1 - (1 - p)^(rerolls + 1) and the Hits are binomial; a Risky Shot adds the
Sniper die (its heart and shield faces hurt or help the Sniper). The
heuristic bot's scores, the duel planner's outlook and the co-op planner
all read these distributions from here, one formula for all three.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from engine.little_soldiers import rules_data as R


def hit_chance(faces: Sequence[str]) -> float:
    """The chance one die of these faces shows a Hit (a Double Hit counts twice)."""
    return sum(R.FACE_HITS.get(f, 0) for f in faces) / len(faces)


@lru_cache(maxsize=64)
def hits_distribution(dice: int, hit_p: float, rerolls: int) -> tuple[float, ...]:
    """P(hits = h) for ``dice`` Attack dice when every die without a Hit is
    rerolled ``rerolls`` times (what the bots and the Threats do)."""
    q = 1.0 - (1.0 - hit_p) ** (rerolls + 1)
    return tuple(math.comb(dice, h) * q**h * (1 - q) ** (dice - h) for h in range(dice + 1))


@lru_cache(maxsize=64)
def sniper_distribution(dice: int, hit_p: float, rerolls: int) -> tuple[tuple[float, ...], float, float]:
    """A Risky Shot: P(hits = h) with the Sniper die added, and the chances
    its final face is the heart or the shield (rerolled like a blank)."""
    base = hits_distribution(dice, hit_p, rerolls)
    faces = R.SNIPER_DIE_FACES
    good = [f for f in faces if R.FACE_HITS.get(f, 0) > 0]
    p_good = len(good) / len(faces)
    miss = (1 - p_good) ** (rerolls + 1)
    extra = {0: miss}
    for f in good:
        k = R.FACE_HITS[f]
        extra[k] = extra.get(k, 0.0) + (1 - miss) / len(good)
    out = [0.0] * (len(base) + max(extra))
    for h, p in enumerate(base):
        for k, q in extra.items():
            out[h + k] += p * q
    bad = miss / (len(faces) - len(good))
    return tuple(out), bad * faces.count("heart"), bad * faces.count("shield")


def damage_distribution(hits: Sequence[float], defense: int) -> tuple[float, ...]:
    """P(Hearts = k) from a hits distribution against ``defense``."""
    out = [0.0] * max(1, len(hits) - defense)
    for h, p in enumerate(hits):
        out[max(0, h - defense)] += p
    return tuple(out)


@lru_cache(maxsize=512)
def _attacks_needed(defense: int, remaining: int, dice: int, hit_p: float) -> float:
    if remaining <= 0:
        return 0.0
    dmg = damage_distribution(hits_distribution(dice, hit_p, R.BASE_REROLLS), defense)
    if dmg[0] >= 1.0 - 1e-9:
        return 99.0
    rest = sum(p * _attacks_needed(defense, remaining - k, dice, hit_p) for k, p in enumerate(dmg) if k)
    return (1.0 + rest) / (1.0 - dmg[0])


def attacks_needed(defense: int, remaining: float, hit_p: float = 0.5, dice: int = R.ATTACK_DICE) -> float:
    """Expected Attacks (5 dice, one reroll) until a Threat with ``defense``
    and ``remaining`` Hearts to go breaks; fractional ``remaining`` (Hearts
    expected from an Attack not yet rolled) is interpolated."""
    if remaining <= 0:
        return 0.0
    lo = math.floor(remaining)
    frac = remaining - lo
    a = _attacks_needed(defense, lo, dice, hit_p)
    if frac < 1e-9:
        return a
    b = _attacks_needed(defense, lo + 1, dice, hit_p)
    return a + frac * (b - a)


def work_after(defense: int, remaining: float, damage: Sequence[float], hit_p: float) -> tuple[float, float]:
    """(expected attacks needed after an Attack with this damage
    distribution, chance it breaks the Threat)."""
    after = 0.0
    brk = 0.0
    for k, p in enumerate(damage):
        if k >= remaining - 1e-9:
            brk += p
        else:
            after += p * attacks_needed(defense, remaining - k, hit_p)
    return after, brk


@lru_cache(maxsize=256)
def expected_damage(dice: int, hit_p: float, rerolls: int, defense: int, remaining: int) -> tuple[float, float]:
    """(expected Hearts, chance to break) of an Attack on a target of this
    Defense with ``remaining`` Hearts to go."""
    exp = 0.0
    brk = 0.0
    for h, p in enumerate(hits_distribution(dice, hit_p, rerolls)):
        dmg = max(0, h - defense)
        exp += p * dmg
        if dmg >= remaining:
            brk += p
    return exp, brk


__all__ = ["attacks_needed", "damage_distribution", "expected_damage", "hit_chance", "hits_distribution",
           "sniper_distribution", "work_after"]
