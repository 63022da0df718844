"""Little Soldiers' landing model: where the Grenade die and the Mortar
token land, measured once from the physics (``engine.geometry.landings``),
kept in ``landing_model.json`` beside this file.

Bots imagine games: a rollout plays to the end, a planner weighs the
landings of an aim before it throws. There the model stands in for Bullet
(a draw is a few microseconds against a few milliseconds a throw); real
games, replays and ``toybox replay --verify`` always throw with the physics
(``LittleSoldiersState.for_rollouts`` is what switches a bot's imagined
state to the model).

Measure again after changing a throw's numbers in ``data.py`` (a test fails
until then)::

    python -m engine.little_soldiers.table.landing_model            # writes landing_model.json, prints the summary
    python -m engine.little_soldiers.table.landing_model --check    # prints the summary of the file as it is
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from engine.geometry.battlefield import Battlefield
from engine.geometry.landings import LandingTable, land, measure
from engine.geometry.throws import Landing
from engine.little_soldiers.table.throws import KINDS, throw_spec

DATA = Path(__file__).with_name("landing_model.json")
STRENGTHS = tuple(round(0.05 * i, 2) for i in range(21))
"""Strengths measured (chosen: every 0.05; the model interpolates between them)."""
SAMPLES = 48
"""Throws measured per strength (chosen: 48 ranks of the distance; ~1,000 throws a kind)."""


@cache
def tables() -> dict[str, LandingTable]:
    """The measured tables by kind, read once."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {kind: LandingTable.from_dict(data[kind]) for kind in KINDS}


def model_throw(
    bf: Battlefield,
    kind: str,
    start: Sequence[float],
    direction: Sequence[float],
    strength: float,
    seed: int,
    chosen: Any = None,
) -> Landing:
    """A landing of the Grenade die or the Mortar token drawn from the model
    (the arguments are ``table.throws.throw``'s)."""
    faces = tuple(chosen.grenade_die_faces) if chosen is not None and kind == "grenade" else None
    spec = bf.derived(("throw spec", kind, faces), lambda: throw_spec(kind, bf, chosen))
    return land(bf, spec, tables()[kind], start, direction, strength, seed)


def summary(table: LandingTable) -> list[str]:
    """One line per strength: the distance's median and spread, the side
    spread, how often the physics threw again."""
    out = [f"{table.name}: {table.samples} throws per strength"]
    for i, s in enumerate(table.strengths):
        rows = table.rows[i]
        q = np.percentile(rows[:, 0], [5, 50, 95])
        out.append(f"  strength {s:4.2f}: forward {q[1]:7.1f} cm (5-95%: {q[0]:6.1f}-{q[2]:6.1f}), "
                   f"side sd {rows[:, 1].std():5.1f} cm, thrown again {table.rethrow_share(i):4.0%}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--check"]:
        found = tables()
    elif not args:
        from engine.core.files import write_atomic

        found = {kind: measure(throw_spec(kind), STRENGTHS, SAMPLES) for kind in KINDS}
        write_atomic(DATA, json.dumps({k: t.to_dict() for k, t in found.items()}, separators=(",", ":")) + "\n")
        tables.cache_clear()
    else:
        print("usage: python -m engine.little_soldiers.table.landing_model [--check]", file=sys.stderr)
        return 2
    for table in found.values():
        print("\n".join(summary(table)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
