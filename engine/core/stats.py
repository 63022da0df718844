"""Win rates with 95% confidence intervals, shared by `toybox sim`, tournaments and the editor.

A bot comparison or a balance sweep is only an answer with its uncertainty:
"search wins 66%" from 60 games is 53–77%. The Wilson score interval is used
because it stays inside [0, 1] and behaves at 0 or n wins, where the normal
approximation collapses to a zero-width interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate of ``wins`` out of ``games``.

    ``wins`` may be fractional (a k-way shared win counts 1/k). No games give
    the uninformative interval (0, 1).
    """
    if games <= 0:
        return (0.0, 1.0)
    p = min(max(wins / games, 0.0), 1.0)
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class WinRate:
    """One row of a win-rate table: who, how often, and how sure."""

    label: str
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{self.label}: {100 * self.rate:.1f}% of {self.games} games "
                f"(95% CI {100 * low:.1f}–{100 * high:.1f}%)")


def format_table(rows: list[WinRate], title: str = "win rate") -> str:
    """A plain-text table of win rates with their intervals, aligned for a terminal."""
    width = max([len(r.label) for r in rows] + [len(title)])
    lines = [f"{title:<{width}}  {'wins':>8}  {'games':>6}  {'rate':>6}  95% CI"]
    for r in rows:
        low, high = r.interval
        lines.append(f"{r.label:<{width}}  {r.wins:>8.1f}  {r.games:>6d}  {100 * r.rate:>5.1f}%  "
                     f"{100 * low:.1f}–{100 * high:.1f}%")
    return "\n".join(lines)
