"""The editor's Simulate: N bot games on the open battlefield, without a window.

The games go through the tournament runner (a local Ray, started on the
first Simulate and kept for the next; ``workers=0`` plays them in this
process, as the tests do) in a background thread, so the editor stays live
and shows the progress. The answer is each side's win rate with its 95%
interval, to read beside the sight/reach balance, and a heat map of where
soldiers were broken (``LittleSoldiersState.breaks``).

The battlefield as it is now, edits included, is written to a temporary
file named by its content (the engine caches battlefields by path), and
the games are the Bootcamp on it.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from engine.core.stats import WinRate

SIM_GAMES = 100
"""chosen: games per Simulate; about a 10-point interval on a side's win rate."""
SIM_BOTS = "heuristic"
"""chosen: both sides played by the Little Soldiers heuristic bot (~0.1 s a game)."""
HEAT_CELL = 4.0
"""cm: the break heat map's cell, the balance maps' cell."""
SIDES = ("green", "yellow")
"""Seat 0 plays green, seat 1 yellow (the Bootcamp's two Generals)."""


@dataclass(frozen=True)
class SimulationResult:
    """Win rate per side and where soldiers were broken, on a grid over the play zone."""

    games: int
    bots: str
    sides: tuple[WinRate, ...]
    xs: np.ndarray
    ys: np.ndarray
    breaks: np.ndarray
    """Breaks per cell (row j, column i centred at ``(xs[i], ys[j])``)."""
    key: str
    """The battlefield the games were played on (a digest of the document)."""

    @property
    def heat(self) -> np.ndarray:
        """Breaks per cell scaled to [0, 1] by the busiest cell; NaN where none."""
        top = float(self.breaks.max()) if self.breaks.size else 0.0
        return np.where(self.breaks > 0, self.breaks / top if top else 0.0, np.nan)

    def summary(self) -> str:
        rates = ", ".join(f"{r.label} {100 * r.rate:.0f}% ({100 * r.interval[0]:.0f}–{100 * r.interval[1]:.0f}%)"
                          for r in self.sides)
        return f"Simulated {self.games} {self.bots} games: {rates}; {int(self.breaks.sum())} soldiers broken."


def document_key(data: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


class Simulation:
    """One Simulate of a session's battlefield: start it, watch ``done`` of
    ``total``, read ``result`` (or ``message`` when it could not run)."""

    def __init__(self, session: Any, games: int = SIM_GAMES, bots: str = SIM_BOTS, workers: int | None = None) -> None:
        self.session = session
        self.games = games
        self.bots = bots
        self.workers = workers
        self.done = 0
        self.total = games
        self.result: SimulationResult | None = None
        self.message = ""
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self) -> bool:
        """Check the battlefield and start the games in a background thread."""
        if self.running:
            return False
        level = self._level_file()
        if level is None:
            return False
        self.thread = threading.Thread(target=self.run, args=(level,), name="toybox-simulate", daemon=True)
        self.thread.start()
        return True

    def _level_file(self) -> str | None:
        s = self.session
        if s.mode != "battlefield" or s.battlefield() is None:
            self.message = "Simulate plays Little Soldiers: open a battlefield that loads."
            return None
        problems = s.problems()
        if problems:
            self.message = f"Simulate needs a battlefield without problems ({len(problems)} listed on the right)."
            return None
        from engine.core.files import write_atomic

        path = Path(tempfile.gettempdir()) / "toybox-simulate" / f"{document_key(s.data)}.json"
        if not path.exists():
            write_atomic(path, json.dumps(s.data, indent=1), what="battlefield")
        return str(path)

    def run(self, level: str | None = None) -> SimulationResult | None:
        """Play the games (the thread's body; a test calls it directly)."""
        from engine.tournament.runner import Tournament, run

        level = level or self._level_file()
        if level is None:
            return None
        key = document_key(self.session.data)
        try:
            tournament = Tournament.build("little-soldiers", self.bots, self.games, {"level": level})
            if self.workers != 0:
                from engine.tournament.cluster import connect

                self.message = "Starting Ray on this machine's cores..."
                connect(None, self.workers)  # kept for the next Simulate; Ray ends with the editor
            self.message = f"Simulating {self.games} games..."
            outcome = run(tournament, None, self.workers, progress=self._progress, stop=self.stop)
        except Exception as err:  # noqa: BLE001 - shown in the status line; the editor keeps running
            self.message = f"Simulate failed: {err}"
            return None
        if not outcome.complete:
            self.message = "Simulate stopped."
            return None
        self.result = self._summarise(outcome.results, key)
        self.message = self.result.summary()
        return self.result

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _summarise(self, lines: list[dict[str, Any]], key: str) -> SimulationResult:
        from engine.little_soldiers.table.balance import grid

        wins = [0.0] * len(SIDES)
        for line in lines:
            for seat in line["winners"]:
                wins[seat] += 1.0 / len(line["winners"])
        sides = tuple(WinRate(side, wins[s], len(lines)) for s, side in enumerate(SIDES))
        xs, ys = grid(self.session.battlefield(), HEAT_CELL)
        counts = np.zeros((len(ys), len(xs)))
        for line in lines:
            for x, y, _team in line.get("breaks", []):
                i = int(np.clip(np.searchsorted(xs + HEAT_CELL / 2, x), 0, len(xs) - 1))
                j = int(np.clip(np.searchsorted(ys + HEAT_CELL / 2, y), 0, len(ys) - 1))
                counts[j, i] += 1
        return SimulationResult(len(lines), self.bots, sides, xs, ys, counts, key)
