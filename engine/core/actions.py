"""JSON round-trip for actions and the small values inside them.

Actions are frozen dataclasses. A value is written as ``{"type": Name,
field: value, ...}``; tuples become lists; nested dataclasses nest. A game
lists the classes its records may hold, and nothing else is ever built from
a file (no eval, no pickle).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable


class ActionCodec:
    """Encodes and decodes one game's action values."""

    def __init__(self, classes: Iterable[type]) -> None:
        self._classes = {cls.__name__: cls for cls in classes}

    def encode(self, value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            out: dict[str, Any] = {"type": type(value).__name__}
            for f in dataclasses.fields(value):
                if not f.init:  # derived fields are rebuilt on decode
                    continue
                out[f.name] = self.encode(getattr(value, f.name))
            return out
        if isinstance(value, (tuple, list)):
            return [self.encode(v) for v in value]
        if isinstance(value, (frozenset, set)):
            return sorted(self.encode(v) for v in value)
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        raise TypeError(f"cannot encode {value!r} in a record")

    def decode(self, data: Any) -> Any:
        if isinstance(data, dict):
            name = data.get("type")
            cls = self._classes.get(name) if isinstance(name, str) else None
            if cls is None:
                raise ValueError(f"unknown action type {name!r}")
            kwargs = {}
            names = {f.name for f in dataclasses.fields(cls) if f.init}
            for key, raw in data.items():
                if key == "type":
                    continue
                if key not in names:
                    raise ValueError(f"{name} has no field {key!r}")
                kwargs[key] = self.decode(raw)
            try:
                return cls(**kwargs)
            except (TypeError, ValueError) as err:
                raise ValueError(f"bad {name}: {err}") from None
        if isinstance(data, list):
            return tuple(self.decode(v) for v in data)
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        raise ValueError(f"cannot decode {data!r}")
