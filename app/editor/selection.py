"""What the level editor has selected or holds: a piece, token, zone, node
or region (:class:`Selection`), a corner handle being dragged
(:class:`Handle`), and the cycles and distances the tools use."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.toy_battle.data import SPECIAL_CODES

OBJECT_CYCLE = (None, "teleporter", "radar", "transmogrifier", "marshmallow", "switch")
SPECIAL_CYCLE: tuple[str | None, ...] = (None, *sorted(SPECIAL_CODES))
"""The terrain 'special' tool cycles a base through no effect and every code the engine knows."""
PICK = 2.0
"""cm (terrain: percent of the board): how close a click must be to a token, node or corner handle."""
RAY_STEP_CM = 0.25
"""Step along the mouse ray when picking scenery in 3D (chosen: finer than the thinnest piece)."""

@dataclass(frozen=True)
class Selection:
    kind: str  # "piece", "token", "zone", "node", "region"
    key: Any  # piece id, token index, zone index, node id, region index


@dataclass(frozen=True)
class Handle:
    """A corner that can be dragged: of the play zone (``zone`` None) or of a
    hatched zone (its index)."""

    zone: int | None
    corner: int


__all__ = ["OBJECT_CYCLE", "PICK", "RAY_STEP_CM", "SPECIAL_CYCLE", "Handle", "Selection"]
