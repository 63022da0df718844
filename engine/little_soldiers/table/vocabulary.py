"""The battlefield vocabulary of Little Soldiers: which Levels a scenery
piece may carry (Module Book, Levels: Level 1 and Level 2 tokens) and which
Objects (Module Book, Objects). The geometry loads any battlefield; loading
one *for this game* checks its pieces against this vocabulary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.geometry.battlefield import Battlefield, Vocabulary

OBJECTS: tuple[str, ...] = ("teleporter", "radar", "transmogrifier", "marshmallow", "switch")
LEVELS: tuple[int, ...] = (1, 2)
TOKENS: tuple[str, ...] = (
    "deployment", "crate", "supplies", "force_field_switch", "threat_target", "flag", "object",
    "threat",  # the level editor's Threat marker (it places one per Threat)
)
"""The tokens a Little Soldiers battlefield holds (Bootcamp's Deployment tokens, Advanced Tactics' Crates,
the missions' Supplies, Flag, Force Field Switches and Threat Targets, Objects as tokens); any other kind
("dragon") is refused when the battlefield is read."""
VOCABULARY = Vocabulary(levels=LEVELS, objects=OBJECTS, tokens=TOKENS)


def load(path: str | Path, root: str | Path | None = None, allow_outside: bool = False) -> Battlefield:
    """A Little Soldiers battlefield file, checked against its vocabulary."""
    return Battlefield.load(path, root=root, vocabulary=VOCABULARY, allow_outside=allow_outside)


def from_dict(data: Any, root: str | Path | None = None, allow_outside: bool = False) -> Battlefield:
    """A Little Soldiers battlefield from a file's contents."""
    return Battlefield.from_dict(data, root=root, vocabulary=VOCABULARY, allow_outside=allow_outside)
