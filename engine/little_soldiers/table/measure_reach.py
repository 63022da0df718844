"""Measure the reach model of the Grenade die and the Mortar token (also the
Battle Royale parachute, a Mortar shot): the longest flight at each strength
and height above the landing, from the physics itself
(:func:`engine.geometry.throws.longest_flight`, Bullet), written as data to
``reach.json`` beside this script. Run once after the throws' data change::

    python -m engine.little_soldiers.table.measure_reach

A record's landing farther from its throw than this model allows (with the
margin of :mod:`engine.little_soldiers.table.landings`) is refused; the
test ``tests/boundary/test_landings.py`` checks the file was measured with
the throws' data as they are now.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from engine.core.files import write_atomic
from engine.geometry.throws import longest_flight
from engine.little_soldiers.table.throws import KINDS, throw_spec

OUT = Path(__file__).with_name("reach.json")
STRENGTHS = tuple(round(0.05 * k, 2) for k in range(21))
"""Chosen: the strengths measured (0 to 1 by 0.05); between two, the model reads the stronger one."""
HEIGHTS = (0.0, 5.0, 10.0, 20.0, 40.0, 80.0)
"""Chosen: how far above its landing surface a throw starts (cm); between two, the higher one is read."""
SEEDS = 96
"""Chosen: throws per (strength, height): orientations and spins of the body."""
SCATTER_SIGMAS = 5.0
"""Chosen: the hand's strength scatter is taken 5 standard deviations strong (about 1 throw in 3.5 million is stronger)."""


def spec_facts(kind: str) -> dict[str, float]:
    """The values of a throw the model depends on: a change in any asks for a new measurement."""
    spec = throw_spec(kind)
    return {"max_speed": spec.max_speed, "elevation": spec.elevation, "spin": spec.spin,
            "strength_scatter": spec.strength_scatter, "settle_timeout_s": spec.settle_timeout_s,
            "max_attempts": spec.max_attempts, "body_radius": spec.body.radius}


def envelope(rows: list[list[float]]) -> list[list[float]]:
    """Each cell the longest flight of its own or any weaker, lower cell: a
    stronger throw, or one from higher up, can always fly as far as a weaker
    one did (the rolling tails make the raw maxima uneven)."""
    out = [list(row) for row in rows]
    for i in range(len(out)):
        for j in range(len(out[i])):
            out[i][j] = max(out[i][j], out[i - 1][j] if i else 0.0, out[i][j - 1] if j else 0.0)
    return out


def measure() -> dict:
    reach: dict[str, list[list[float]]] = {}
    measured: dict[str, list[list[float]]] = {}
    for kind in KINDS:
        spec = throw_spec(kind)
        rows = []
        for strength in STRENGTHS:
            rows.append([round(longest_flight(spec, strength, h, SEEDS, SCATTER_SIGMAS), 2) for h in HEIGHTS])
            print(f"{kind} {strength:.2f}: {rows[-1]}", file=sys.stderr)
        measured[kind] = rows
        reach[kind] = envelope(rows)
    return {
        "format": 1,
        "about": "The longest flight (cm, start to rest on the table) of each throw by strength (rows) and by how far "
                 "above its landing surface it starts (columns), measured from the physics by "
                 "engine/little_soldiers/table/measure_reach.py over the seeds given; the strength scatter taken "
                 f"{SCATTER_SIGMAS:g} standard deviations strong. measured_cm: each cell's own maximum; reach_cm: "
                 "the envelope (no cell below a weaker or lower one), what landings are checked against.",
        "strengths": list(STRENGTHS),
        "heights_cm": list(HEIGHTS),
        "seeds": SEEDS,
        "scatter_sigmas": SCATTER_SIGMAS,
        "specs": {kind: spec_facts(kind) for kind in KINDS},
        "reach_cm": reach,
        "measured_cm": measured,
    }


def main() -> int:
    start = time.perf_counter()
    data = measure()
    write_atomic(OUT, json.dumps(data, indent=1) + "\n", what="reach model")
    print(f"{OUT}: measured in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
