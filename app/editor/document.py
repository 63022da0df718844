"""A level file being edited: JSON data, undoable edits, live validation.

Every change is an ``Edit`` — a small value that knows how to apply and
invert itself on the JSON tree — so undo and redo work the same for every
tool of the editor (drag, type a height, tag a Level). Validation is the
engine's own: the document asks a validator (the battlefield or terrain
loader plus its design checks) after each edit, and saving an invalid
level is refused with the list of problems. Saves are atomic.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.files import load_json, write_atomic

JsonPath = tuple[str | int, ...]
Validator = Callable[[dict[str, Any]], list[str]]


class LevelInvalid(ValueError):
    """Saving was refused: the level has problems (listed in ``problems``)."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("The level was not saved; fix these first:\n" + "\n".join(f"- {p}" for p in self.problems))


def _parent(tree: Any, path: JsonPath) -> Any:
    node = tree
    for key in path[:-1]:
        node = node[key]
    return node


@dataclass(frozen=True)
class SetValue:
    """Set the value at ``path``; once applied, ``old`` and ``had`` remember what
    was there (``had`` False: the key was new), so the edit can be inverted."""

    path: JsonPath
    value: Any
    old: Any = None
    had: bool = True

    def apply(self, tree: dict[str, Any]) -> SetValue:
        parent = _parent(tree, self.path)
        key = self.path[-1]
        had = key in parent if isinstance(parent, dict) else True
        old = copy.deepcopy(parent[key]) if had else None
        parent[key] = copy.deepcopy(self.value)
        return SetValue(self.path, self.value, old, had)

    def invert(self) -> Edit:
        if not self.had:
            return Delete(self.path)
        return SetValue(self.path, self.old)


@dataclass(frozen=True)
class Delete:
    """Remove a dict key or a list item at ``path``."""

    path: JsonPath
    old: Any = None

    def apply(self, tree: dict[str, Any]) -> Delete:
        parent = _parent(tree, self.path)
        key = self.path[-1]
        old = copy.deepcopy(parent[key])
        del parent[key]
        return Delete(self.path, old)

    def invert(self) -> Edit:
        if isinstance(self.path[-1], int):
            return Insert(self.path, self.old)
        return SetValue(self.path, self.old, had=False)


@dataclass(frozen=True)
class Insert:
    """Insert ``value`` into a list so that it lands at ``path`` (index -1 or len: append)."""

    path: JsonPath
    value: Any

    def apply(self, tree: dict[str, Any]) -> Insert:
        parent = _parent(tree, self.path)
        index = self.path[-1]
        assert isinstance(index, int)
        if index < 0 or index > len(parent):
            index = len(parent)
        parent.insert(index, copy.deepcopy(self.value))
        return Insert(self.path[:-1] + (index,), self.value)

    def invert(self) -> Edit:
        return Delete(self.path)


@dataclass(frozen=True)
class Batch:
    """Several edits that undo as one (a drag, a "duplicate", a new region)."""

    edits: tuple[Any, ...]
    label: str = ""

    def apply(self, tree: dict[str, Any]) -> Batch:
        done = []
        try:
            for edit in self.edits:
                done.append(edit.apply(tree))
        except Exception:
            for edit in reversed(done):
                edit.invert().apply(tree)
            raise
        return Batch(tuple(done), self.label)

    def invert(self) -> Batch:
        return Batch(tuple(e.invert() for e in reversed(self.edits)), self.label)


Edit = SetValue | Delete | Insert | Batch


class LevelDocument:
    """One level open in the editor."""

    def __init__(self, data: dict[str, Any], validator: Validator, path: str | Path | None = None) -> None:
        self.data = copy.deepcopy(data)
        self.validator = validator
        self.path = Path(path) if path is not None else None
        self._undo: list[Edit] = []
        self._redo: list[Edit] = []
        self._saved = copy.deepcopy(self.data)
        """The level as it is on disk (as opened, or as last saved)."""

    @classmethod
    def open(cls, path: str | Path, validator: Validator) -> LevelDocument:
        """Open a level file; a file that is not JSON is refused with its position."""
        p = Path(path)
        data = load_json(p, "level")  # regular files only, size and depth limits: a DataError sentence
        if not isinstance(data, dict):
            raise ValueError(f"{p}: a level file holds a JSON object.")
        return cls(data, validator, p)

    @property
    def dirty(self) -> bool:
        """Unsaved changes: the level differs from the file (an edit undone is
        none, so leaving the editor asks only when something would be lost)."""
        return self.data != self._saved

    # --------------------------------------------------------------- edits
    def apply(self, edit: Edit) -> None:
        """Make a change; it can be undone. A change that breaks the tree's
        shape (a bad path) raises and changes nothing."""
        done = edit.apply(self.data)
        self._undo.append(done)
        self._redo.clear()

    def undo(self) -> bool:
        if not self._undo:
            return False
        edit = self._undo.pop()
        self._redo.append(edit.invert().apply(self.data))
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        edit = self._redo.pop()
        self._undo.append(edit.invert().apply(self.data))
        return True

    def take_back(self) -> bool:
        """Undo the last edit for good (it is not offered to redo): an edit the
        editor refused after trying it."""
        if not self._undo:
            return False
        edit = self._undo.pop()
        edit.invert().apply(self.data)
        return True

    @property
    def depth(self) -> int:
        """How many edits can be undone now (a gesture's mark, see :meth:`squash`)."""
        return len(self._undo)

    def squash(self, since: int, label: str = "") -> None:
        """Make every edit done after depth ``since`` one undo step: a mouse
        gesture (a drag, a turn) is undone at once, however many frames it took."""
        if len(self._undo) - since > 1:
            done = self._undo[since:]
            del self._undo[since:]
            self._undo.append(Batch(tuple(done), label))

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    # ---------------------------------------------------------- validation
    def problems(self) -> list[str]:
        """Everything wrong with the level now, as sentences (empty: valid)."""
        return self.validator(self.data)

    def save(self, path: str | Path | None = None) -> Path:
        """Save atomically; refuses (LevelInvalid) while the level has problems."""
        problems = self.problems()
        if problems:
            raise LevelInvalid(problems)
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("Choose where to save the level.")
        try:
            text = json.dumps(self.data, indent=1, allow_nan=False) + "\n"
        except ValueError:  # NaN or Infinity: JSON has no such numbers, never write them
            raise LevelInvalid(["a value is not a finite number (NaN or Infinity); fix it before saving"]) from None
        write_atomic(target, text, what="level")
        self.path = target
        self._saved = copy.deepcopy(self.data)
        return target
