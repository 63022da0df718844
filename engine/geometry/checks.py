"""Checks every battlefield gets, whatever the game: scenery inside the play
zone, no two pieces in the same place.

The level editor runs them after every edit, so they scale with the number
of pieces: candidate pairs come from a spatial index (shapely's STRtree)
instead of testing every pair, and only pairs whose boxes meet are measured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

if TYPE_CHECKING:
    from engine.geometry.battlefield import Battlefield

# Footprint overlaps smaller than this (cm^2) are touching, not overlapping.
OVERLAP_AREA = 1e-3
# Height overlaps thinner than this (cm) are a piece resting on another.
REST_HEIGHT = 1e-4
# Touching the play zone's edge is allowed.
TOUCH = 1e-6


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a battlefield.

    ``where`` is the field path of the piece at fault (``scenery[2]``,
    ``tokens[0]``, ``zones[1]``; ``$`` for the file as a whole) and ``ids``
    names the scenery involved, so the editor can select it; ``text`` is the
    sentence shown to the designer.
    """

    where: str
    text: str
    ids: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


def num(value: float) -> str:
    """A length as a sentence prints it: 0.1 cm is as fine as a table gets."""
    v = round(float(value), 1)
    return f"{v + 0.0:g}"


def outside_problems(bf: Battlefield) -> list[Problem]:
    """Scenery whose footprint sticks out of the play zone."""
    zone = bf.play_zone.buffer(TOUCH)
    shapely.prepare(zone)
    feet = np.array([s.footprint for s in bf.solids], dtype=object)
    if not len(feet):
        return []
    inside = shapely.covers(zone, feet)
    return [
        Problem(f"scenery[{i}]", f"Scenery '{bf.solids[i].id}' sticks out of the play zone.", (bf.solids[i].id,))
        for i in np.flatnonzero(~inside)
    ]


def overlap_problems(bf: Battlefield) -> list[Problem]:
    """Pairs of pieces that share space: footprints overlapping by more than
    :data:`OVERLAP_AREA` while their height ranges overlap (a piece resting
    on another only touches it)."""
    solids = bf.solids
    pairs = bf.footprint_index.query(bf.footprint_array, predicate="intersects")
    out: list[Problem] = []
    for i, j in sorted({(min(a, b), max(a, b)) for a, b in pairs.T.tolist() if a != b}, ):
        a, b = solids[i], solids[j]
        if min(a.top, b.top) - max(a.bottom, b.bottom) <= REST_HEIGHT:
            continue  # one rests on the other, or they are apart in height
        if a.footprint.intersection(b.footprint).area > OVERLAP_AREA:
            out.append(Problem(f"scenery[{j}]", f"Scenery '{a.id}' overlaps scenery '{b.id}'.", (a.id, b.id)))
    return out


def scenery_problems(bf: Battlefield) -> list[Problem]:
    """Every piece out of the play zone, then every overlapping pair."""
    return outside_problems(bf) + overlap_problems(bf)
