"""Sweeps: the config values a tournament varies, and the points it plays.

``--sweep KEY=V1,V2,...`` names a place in the game's config and the values
to try there. A key is a dotted path into the config as ``to_dict`` writes
it (``players``, ``chest_gold.yellow``, ``chest_gold.yellow.0``,
``overrides.GRENADIER_DEFENSE``); a bare upper-case name is one of the
game's chosen values (``GRENADIER_DEFENSE`` is ``overrides.GRENADIER_DEFENSE``),
the same place ``--option overrides={...}`` reaches. Values are JSON where
they parse (``3``, ``[2,4,4,5]``) and text otherwise; commas inside brackets
or quotes do not split values. Several sweeps play every combination.
"""

from __future__ import annotations

import copy
import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

OVERRIDES = "overrides"
"""The config field that holds a game's chosen values by constant name."""


@dataclass(frozen=True)
class Sweep:
    """One swept place in the config and the values it takes, in order."""

    key: str
    values: tuple[Any, ...]

    @property
    def path(self) -> tuple[str | int, ...]:
        return tuple(int(p) if p.isdigit() else p for p in self.key.split("."))


def split_values(text: str) -> list[str]:
    """``text`` split at the commas outside brackets, braces and quotes."""
    parts, depth, quote, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quote = not quote
        elif not quote and ch in "[{":
            depth += 1
        elif not quote and ch in "]}":
            depth -= 1
        elif not quote and depth == 0 and ch == ",":
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def parse_value(text: str) -> Any:
    """A swept or ``--option`` value: JSON where it parses, else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_sweep(text: str, config: Mapping[str, Any]) -> Sweep:
    """``KEY=V1,V2,...`` against the game's full config dict; ValueError says what is wrong."""
    key, eq, raw = text.partition("=")
    key = key.strip()
    if not eq or not key or not raw.strip():
        raise ValueError(f"--sweep {text!r}: expected KEY=V1,V2,... (e.g. players=3,4,5)")
    if "." not in key and key.isupper() and OVERRIDES in config:
        key = f"{OVERRIDES}.{key}"
    texts = split_values(raw)
    if any(not v for v in texts):
        raise ValueError(f"--sweep {text!r}: an empty value between commas")
    values = tuple(parse_value(v) for v in texts)
    if not values:
        raise ValueError(f"--sweep {text!r}: no values")
    seen: list[str] = []
    for v in values:
        canonical = json.dumps(v, sort_keys=True)
        if canonical in seen:
            raise ValueError(f"--sweep {text!r}: the value {canonical} is given twice; each value is played once")
        seen.append(canonical)
    sweep = Sweep(key, values)
    set_path(config, sweep.path, values[0])  # refuses a path that does not reach the config
    return sweep


def set_path(config: Mapping[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """A copy of ``config`` with ``value`` at ``path``. Missing mapping keys are
    created only under ``overrides`` (whose names the game then checks)."""
    out = copy.deepcopy(dict(config))
    node: Any = out
    where = ""
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        where = f"{where}.{part}" if where else str(part)
        if isinstance(node, list):
            if not isinstance(part, int) or not 0 <= part < len(node):
                raise ValueError(f"--sweep: {where} is not an index of a list of {len(node)}")
        elif isinstance(node, dict):
            creatable = depth > 0 and path[0] == OVERRIDES
            if part not in node and not creatable:
                known = ", ".join(sorted(map(str, node)))
                raise ValueError(f"--sweep: the config has no {where!r} (known here: {known})")
        else:
            raise ValueError(f"--sweep: {where} is inside a single value, not a list or an object")
        if last:
            node[part] = value
        else:
            if isinstance(node, dict) and part not in node:
                node[part] = {}
            node = node[part]
    return out


def point_count(sweeps: tuple[Sweep, ...]) -> int:
    """How many points ``sweeps`` make (the product of their value counts), without listing them."""
    return math.prod(len(s.values) for s in sweeps)


def points(sweeps: tuple[Sweep, ...]) -> list[dict[str, Any]]:
    """Every combination of the swept values, in the order given (one empty point without sweeps)."""
    keys = [s.key for s in sweeps]
    return [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*(s.values for s in sweeps))]


def apply_point(config: Mapping[str, Any], point: Mapping[str, Any]) -> dict[str, Any]:
    """``config`` with every swept key of ``point`` set."""
    out = dict(config)
    for key, value in point.items():
        out = set_path(out, Sweep(key, (value,)).path, value)
    return out


def label(point: Mapping[str, Any]) -> str:
    """How a sweep point is named in tables and plots: ``KEY=VALUE, ...``."""
    return ", ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in point.items()) or "all games"
