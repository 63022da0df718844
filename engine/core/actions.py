"""JSON round-trip for actions and the small values inside them.

Actions are frozen dataclasses. A value is written as ``{"type": Name,
field: value, ...}``; tuples become lists; nested dataclasses nest. A game
lists the classes its records may hold, and nothing else is ever built from
a file (no eval, no pickle).
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any


class ActionCodec:
    """Encodes and decodes one game's action values.

    ``classes`` lists the classes a record may hold, or is a function that
    lists them now (a game whose parts register their own actions: a class
    registered later is found when a record names it)."""

    def __init__(self, classes: Iterable[type] | Callable[[], Iterable[type]]) -> None:
        self._source = classes if callable(classes) else None
        self._classes = {cls.__name__: cls for cls in (classes() if callable(classes) else classes)}
        for cls in self._classes.values():
            _class_checker(cls)  # read the annotations now, not in the first game's first step

    def _class(self, name: str) -> type | None:
        cls = self._classes.get(name)
        if cls is None and self._source is not None:
            for known in self._source():
                self._classes.setdefault(known.__name__, known)
            cls = self._classes.get(name)
        return cls

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
            if "type" not in data:  # a JSON object where a plain value belongs (a list, a number, text)
                raise ValueError("expected a value, not a JSON object without a \"type\"")
            cls = self._class(name) if isinstance(name, str) else None
            if cls is None:
                raise ValueError(f"unknown action type {name!r}")
            kwargs = {}
            fields = [f for f in dataclasses.fields(cls) if f.init]
            names = {f.name for f in fields}
            for key, raw in data.items():
                if key == "type":
                    continue
                if key not in names:
                    raise ValueError(f"{name} has no field {key!r}")
                if isinstance(raw, dict) and "type" not in raw:
                    raise ValueError(f"bad {name}: {name}.{key} must be a value, not a JSON object without a \"type\"")
                kwargs[key] = self.decode(raw)
            missing = [f.name for f in fields if f.name not in kwargs and f.default is dataclasses.MISSING
                       and f.default_factory is dataclasses.MISSING]
            if missing:  # named as the file names it, not as Python's call does
                raise ValueError(f"bad {name}: the field {missing[0]!r} is missing")
            try:
                value = cls(**kwargs)
            except (TypeError, ValueError) as err:
                raise ValueError(f"bad {name}: {err}") from None
            reason = type_error(value)
            if reason is not None:
                raise ValueError(f"bad {name}: {reason}")
            return value
        if isinstance(data, list):
            return tuple(self.decode(v) for v in data)
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        raise ValueError(f"cannot decode {data!r}")


# ------------------------------------------------------------ exact types
_CHECKERS: dict[type, Callable[[Any], str | None]] = {}
EXACT: dict[int, Any] = {}
"""Actions already found exact, by identity (games reuse prebuilt actions,
so the common case is one dict lookup). Values keep the objects alive, so
an id is never reused while it is in here; the dict is cleared when full."""
EXACT_MAX = 1 << 14


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"true/false ({value!r})"
    if isinstance(value, float):
        return f"a fraction ({value!r})"
    if isinstance(value, int):
        return f"a whole number ({value!r})"
    if isinstance(value, str):
        return f"text ({value!r})"
    return repr(value)


def _checker(hint: Any, where: str) -> Callable[[Any], str | None]:
    """A function that says why a value does not have exactly type ``hint``."""
    origin = typing.get_origin(hint)
    if hint is Any:
        return lambda v: None
    if hint is type(None) or hint is None:
        return lambda v: None if v is None else f"{where} must be empty (null), not {_describe(v)}"
    if hint is bool:
        return lambda v: None if v is True or v is False else f"{where} must be true or false, not {_describe(v)}"
    if hint is int:
        return lambda v: None if type(v) is int else f"{where} must be a whole number, not {_describe(v)}"
    if hint is float:  # a whole number is a float too (JSON writes 90.0 as 90 in hand-made files)
        return lambda v: (None if (type(v) is float or type(v) is int) and math.isfinite(v)
                          else f"{where} must be a finite number, not {_describe(v)}")
    if hint is str:
        return lambda v: None if type(v) is str else f"{where} must be text, not {_describe(v)}"
    if origin in (typing.Union, types.UnionType):
        options = [_checker(h, where) for h in typing.get_args(hint)]

        def union(v: Any) -> str | None:
            reasons = [c(v) for c in options]
            return None if None in reasons else reasons[0]
        return union
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        return lambda v: (None if any(type(v) is type(a) and v == a for a in allowed)
                          else f"{where} must be one of {', '.join(map(repr, allowed))}, not {_describe(v)}")
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0], f"each of {where}")

            def homogeneous(v: Any) -> str | None:
                if type(v) is not tuple:
                    return f"{where} must be a list, not {_describe(v)}"
                for x in v:
                    reason = item(x)
                    if reason is not None:
                        return reason
                return None
            return homogeneous
        items = [_checker(a, f"{where}[{i}]") for i, a in enumerate(args)]

        def fixed(v: Any) -> str | None:
            if type(v) is not tuple or len(v) != len(items):
                return f"{where} must be a list of {len(items)}, not {_describe(v)}"
            for check, x in zip(items, v, strict=True):
                reason = check(x)
                if reason is not None:
                    return reason
            return None
        return fixed
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return lambda v: (_class_checker(hint)(v) if type(v) is hint
                          else f"{where} must be a {hint.__name__}, not {_describe(v)}")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return lambda v: None if type(v) is hint else f"{where} must be a {hint.__name__}, not {_describe(v)}"
    if isinstance(hint, type):
        return lambda v: None if isinstance(v, hint) else f"{where} must be a {hint.__name__}, not {_describe(v)}"
    return lambda v: None  # an annotation this check does not read: the game's own check decides


def _class_checker(cls: type) -> Callable[[Any], str | None]:
    check = _CHECKERS.get(cls)
    if check is not None:
        return check
    hints = typing.get_type_hints(cls)
    fields = [(f.name, _checker(hints.get(f.name, Any), f"{cls.__name__}.{f.name}"))
              for f in dataclasses.fields(cls) if f.init]
    # Fields of plain types (str, int, bool, str | None) are tested by one set
    # lookup of the value's exact type; the sentence is only built on failure.
    plain = [(name, _plain_types(hints.get(name, Any))) for name, _ in fields]
    quick = tuple((name, types) for name, types in plain if types is not None)
    slow = tuple((name, check) for (name, check), (_, types) in zip(fields, plain, strict=True) if types is None)

    def check_fields(value: Any) -> str | None:
        for name, exact in quick:
            if type(getattr(value, name)) not in exact:
                return dict(fields)[name](getattr(value, name))
        for name, field_check in slow:
            reason = field_check(getattr(value, name))
            if reason is not None:
                return reason
        return None
    _CHECKERS[cls] = check_fields
    return check_fields


_PLAIN = (str, int, bool, type(None))


def _plain_types(hint: Any) -> frozenset[type] | None:
    """The exact types a plain annotation allows (``str | None`` -> {str,
    NoneType}), or None when the check needs more than the value's type."""
    if hint in _PLAIN or hint is None:
        return frozenset({type(None) if hint is None else hint})
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if all(a in _PLAIN for a in args):
            return frozenset(args)
    return None


def inexact(seat: Any, action: Any) -> str | None:
    """Why ``seat`` or ``action`` is not exactly of its declared type, or
    None: the first thing every check asks (``type_error`` for the action)."""
    if type(seat) is int and EXACT.get(id(action)) is action:
        return None
    if type(seat) is not int:
        return f"There is no seat {seat!r}: seats are whole numbers."
    return type_error(action)


def type_error(action: Any) -> str | None:
    """Why ``action`` does not have exactly the types its class declares, or None.

    ``Lead(general=0.0)`` equals ``Lead(0)`` and hashes alike, so a legal-list
    test alone would take it and a record would keep the 0.0; ``True`` is an
    int to Python. Every field is held to its annotation (int is int, not
    bool or float; tuples hold what they declare; nested dataclasses
    recurse), read once per class from the dataclass's type hints.
    """
    if EXACT.get(id(action)) is action:
        return None
    cls = type(action)
    if not dataclasses.is_dataclass(cls):
        return None  # not an action value at all: the game's check names it
    reason = _class_checker(cls)(action)
    if reason is None:
        if len(EXACT) >= EXACT_MAX:
            EXACT.clear()
        EXACT[id(action)] = action
    return reason
