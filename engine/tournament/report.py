"""What a tournament says: win rates per seat and per bot, with their 95%
intervals, for each sweep point; and a chart of win rate against each swept
value. Every rate is a ``WinRate`` (``engine.core.stats``), so the table
reads like ``toybox sim``'s and the editor's.
"""

from __future__ import annotations

import io
import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core.files import write_atomic
from engine.core.stats import WinRate, format_table
from engine.tournament.sweeps import label


def reward(line: dict[str, Any], seat: int) -> float:
    """1 for a sole win, 1/k for a k-way shared win (as ``Result.reward``)."""
    winners = line["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def seat_label(seat: int, bots: Iterable[str] | None) -> str:
    return f"seat {seat + 1}" + (f" ({list(bots)[seat]})" if bots is not None else "")


def fixed_bots(lines: list[dict[str, Any]]) -> list[str] | None:
    """The bots when every game seated them the same way (else None: rotated)."""
    first = lines[0]["bots"] if lines else None
    return first if all(line["bots"] == first for line in lines) else None


def seat_rates(lines: list[dict[str, Any]]) -> list[WinRate]:
    seats = max((len(line["bots"]) for line in lines), default=0)
    bots = fixed_bots(lines)
    out = []
    for s in range(seats):
        games = [line for line in lines if s < len(line["bots"])]
        out.append(WinRate(seat_label(s, bots), sum(reward(line, s) for line in games), len(games)))
    return out


def bot_rates(lines: list[dict[str, Any]]) -> list[WinRate]:
    """Per bot over every seat it sat in (a bot in three seats counts three seat-games a game)."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for line in lines:
        for s, kind in enumerate(line["bots"]):
            wins[kind] += reward(line, s)
            games[kind] += 1
    return [WinRate(kind, wins[kind], games[kind]) for kind in games]


def team_rate(lines: list[dict[str, Any]]) -> WinRate:
    """A co-op mission's games: the share the team (every seat at once) won."""
    won = sum(1 for line in lines if line["winners"] and len(line["winners"]) == len(line["bots"]))
    return WinRate("team (all seats win together)", won, len(lines))


def cooperative(lines: list[dict[str, Any]]) -> bool:
    """Whether these games were all one team against the game (the co-op
    missions): a seat's reward there is 1/k of a team win, so its row would
    read as a k-th of the team's rate."""
    return bool(lines) and all(line.get("cooperative") for line in lines)


def group_rates(lines: list[dict[str, Any]], per_bot: bool) -> list[WinRate]:
    """The rows a group of games is reported by: the team's in co-op, else per bot or per seat."""
    if cooperative(lines):
        return [team_rate(lines)]
    return bot_rates(lines) if per_bot else seat_rates(lines)


def by_point(lines: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        groups.setdefault(label(line.get("sweep") or {}), []).append(line)
    return groups


def tables(lines: list[dict[str, Any]]) -> str:
    """One table per sweep point: the seats, then the bots."""
    parts = []
    for name, group in by_point(lines).items():
        turns = sum(line["turns"] for line in group) / len(group)
        parts.append(f"{name}: {len(group)} games, {turns:.1f} actions a game")
        if cooperative(group):
            parts.append(format_table(group_rates(group, False), "team"))
            parts.append("")
            continue
        parts.append(format_table(seat_rates(group), "seat"))
        if len({kind for line in group for kind in line["bots"]}) > 1:
            parts.append(format_table(bot_rates(group), "bot"))
        parts.append("")
    return "\n".join(parts).rstrip()


def value_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))


def plot(lines: list[dict[str, Any]], path: str | Path, title: str = "") -> None:
    """Win rate (per seat, or per bot when the bots rotated) against each
    swept value, with 95% interval bars; one panel per swept key, the other
    keys pooled. Without sweeps, one group of points. Written atomically."""
    from matplotlib.figure import Figure

    keys = list(lines[0].get("sweep") or {}) if lines else []
    panels = keys or [None]
    fig = Figure(figsize=(5.5 * len(panels), 4.2), layout="constrained")
    per_bot = fixed_bots(lines) is None
    for n, key in enumerate(panels):
        ax = fig.add_subplot(1, len(panels), n + 1)
        groups: dict[str, list[dict[str, Any]]] = {}
        for line in lines:
            x = value_text(line["sweep"][key]) if key else "all games"
            groups.setdefault(x, []).append(line)
        xs = list(groups)
        series: dict[str, list[tuple[int, WinRate]]] = defaultdict(list)
        for i, x in enumerate(xs):
            for rate in group_rates(groups[x], per_bot):
                series[rate.label].append((i, rate))
        count = max(1, len(series))
        for j, (name, points) in enumerate(series.items()):
            shift = (j - (count - 1) / 2) * 0.08  # side by side, so the bars do not hide each other
            pos = [i + shift for i, _ in points]
            rates = [r.rate for _, r in points]
            low = [max(0.0, r.rate - r.interval[0]) for _, r in points]  # max: rounding at 0% and 100%
            high = [max(0.0, r.interval[1] - r.rate) for _, r in points]
            ax.errorbar(pos, rates, yerr=[low, high], marker="o", capsize=4, label=name)
        ax.set_xticks(range(len(xs)), xs, rotation=20 if any(len(x) > 6 for x in xs) else 0)
        ax.set_xlabel(key or "")
        ax.set_ylabel("win rate (95% interval)")
        ax.set_ylim(-0.02, 1.02)
        ax.grid(alpha=0.3)
        ax.legend(fontsize="small")
    if title:
        fig.suptitle(title)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110)
    write_atomic(path, buffer.getvalue(), what="chart")
