"""The battlefield vocabulary of Little Soldiers: which Levels a scenery
piece may carry (Module Book, Levels: Level 1 and Level 2 tokens) and which
Objects (Module Book, Objects). The geometry loads any battlefield; loading
one *for this game* checks its pieces against this vocabulary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.geometry.battlefield import Battlefield, Vocabulary
from engine.geometry.battlefield_file import TokenField

OBJECTS: tuple[str, ...] = ("teleporter", "radar", "transmogrifier", "marshmallow", "switch")
LEVELS: tuple[int, ...] = (1, 2)
TOKENS: tuple[str, ...] = (
    "deployment", "crate", "supplies", "force_field_switch", "threat_target", "flag", "object",
)
"""The tokens a Little Soldiers battlefield holds (Bootcamp's Deployment tokens, Advanced Tactics' Crates,
the missions' Supplies, Flag, Force Field Switches and Threat Targets, Objects as tokens); any other kind
("dragon") is refused when the battlefield is read."""
RENAMED_TOKENS: tuple[tuple[str, str], ...] = (("threat", "threat_target"),)
"""Token kinds older files may still hold, each read as the kind the engine
reads now: the level editor placed "threat" markers that no mission read."""
TOKEN_FIELDS: tuple[tuple[str, str, TokenField], ...] = (
    ("deployment", "number", TokenField.WHOLE),
    ("force_field_switch", "number", TokenField.WHOLE),
    ("force_field_switch", "scenery", TokenField.NAMES),
    ("threat_target", "threat", TokenField.NAME),
    ("threat_target", "z", TokenField.HEIGHT),
    ("object", "object", TokenField.OBJECT),
    ("object", "id", TokenField.NAME),
    ("deployment", "colour", TokenField.SIDE),
    ("crate", "colour", TokenField.SIDE),
    ("*", "colour", TokenField.NAME),
    ("*", "side", TokenField.NAME),
)
"""The token fields the game reads (a Deployment token's number, a Threat Target's id and height, an Object
token's kind and id, a Force Field Switch's number and scenery, a colour or side), each of the type it is
read as: a file that holds anything else there is refused with the field named (issue 22's hostile levels)."""
RENAMED_TOKEN_FIELDS: tuple[tuple[str, str, str], ...] = (("deployment", "side", "colour"), ("crate", "side", "colour"))
"""A Deployment token's or Crate's colour side is its ``colour``, as the game reads it (the set-up and the
Crates of Advanced Tactics); the level editor wrote it as ``side``, which the game never read (a Crate placed
yellow in the editor took its colour by turns in the game). A file that says ``side`` loads as ``colour``."""
SIDES: tuple[str, ...] = ("green", "yellow")
"""The colour sides of a Deployment token or a Crate: the two teams' colours."""
UNIQUE_TOKEN_FIELDS: tuple[tuple[str, str], ...] = (("deployment", "number"), ("force_field_switch", "number"))
"""Numbers the rules call a token by: a figurine is placed "at green distance from the Deployment token of that
same number" as the Block token revealed (Rulebook, Deployment), and "Each Threat's Force Field has a number.
These numbers correspond to the Switch numbers" (Mission Book, Another New Threat, Switching Off a Force Field).
Two tokens with one number would leave the game to pick one, so a file with two is refused with the second
named (the game kept the first silently before)."""
VOCABULARY = Vocabulary(levels=LEVELS, objects=OBJECTS, tokens=TOKENS, renamed=RENAMED_TOKENS,
                        token_fields=TOKEN_FIELDS, renamed_token_fields=RENAMED_TOKEN_FIELDS, sides=SIDES,
                        unique_token_fields=UNIQUE_TOKEN_FIELDS)


def current_kinds(data: Any) -> Any:
    """A battlefield file's contents with every old token kind and field named
    as the engine reads it now (the editor saves it so); anything else unchanged."""
    tokens = data.get("tokens") if isinstance(data, dict) else None
    if not isinstance(tokens, list):
        return data
    renamed = dict(RENAMED_TOKENS)

    def current(t: Any) -> Any:
        if not isinstance(t, dict) or not isinstance(t.get("kind"), str):
            return t
        kind = renamed.get(t["kind"], t["kind"])
        out = {**t, "kind": kind}
        for of, old, new in RENAMED_TOKEN_FIELDS:
            if of == kind and old in out and new not in out:
                out[new] = out.pop(old)
        return out

    return {**data, "tokens": [current(t) for t in tokens]}


def load(path: str | Path, root: str | Path | None = None, allow_outside: bool = False) -> Battlefield:
    """A Little Soldiers battlefield file, checked against its vocabulary."""
    return Battlefield.load(path, root=root, vocabulary=VOCABULARY, allow_outside=allow_outside)


def from_dict(data: Any, root: str | Path | None = None, allow_outside: bool = False) -> Battlefield:
    """A Little Soldiers battlefield from a file's contents."""
    return Battlefield.from_dict(data, root=root, vocabulary=VOCABULARY, allow_outside=allow_outside)
