"""What the level editor draws of a battlefield document, whatever it holds.

The engine's loader refuses a whole battlefield for one bad piece (a piece
resting on nothing, a duplicate id, a shape with a negative size): the
editor drew nothing then, only the green mat. Here the document is loaded
piece by piece instead: every piece the loader refuses is left out of the
battlefield that loads, and kept as a :class:`Stray` with the loader's
sentence and, when its shape can be made, its solid where the document puts
it, so the window draws it, marked, and a click can select it. The design
problems of the rest (the engine's ``table.validation``) come with it, each
naming the pieces at fault, so the table marks them too.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.geometry.battlefield import Battlefield, BattlefieldError
from engine.geometry.battlefield_file import TABLE_SIZE_CM
from engine.geometry.checks import Problem
from engine.geometry.shapes import Solid

ITEM = re.compile(r"^(scenery|tokens|zones)\[(\d+)\](.*)$")
"""A loader error's JSON path that names one element of a list."""

FALLBACK_ZONE = [[0.0, 0.0], [120.0, 0.0], [120.0, 80.0], [0.0, 80.0]]
"""The play zone drawn while the document's own is unusable (chosen: the Bootcamp's size)."""


@dataclass(frozen=True)
class Stray:
    """A scenery piece the loader refuses, as it can still be drawn."""

    index: int
    """Its place in the document's scenery list."""
    id: str
    problem: Problem | None
    """The loader's sentence; None for a piece refused only because it rests
    on a refused piece (it is fine where it is: that piece is the problem)."""
    solid: Solid | None
    """Its shape placed on the table under where the document puts it (None:
    no shape can be made of it); draw it ``lift`` cm higher."""
    lift: float = 0.0

    @property
    def bottom(self) -> float:
        return (self.solid.bottom if self.solid is not None else 0.0) + self.lift

    @property
    def top(self) -> float:
        return (self.solid.top if self.solid is not None else 0.0) + self.lift


@dataclass(frozen=True)
class Drawable:
    """A document as the editor draws it (see the module's docstring)."""

    battlefield: Battlefield | None
    """Every piece that loads together (None: not even a play zone could be made)."""
    strays: tuple[Stray, ...]
    problems: tuple[Problem, ...]
    """Every problem of the document, paths as the document numbers its lists."""

    def marked(self) -> set[str]:
        """Ids of the pieces with a problem: the table and the list mark them."""
        return {i for p in self.problems for i in p.ids}


def drawable(data: dict[str, Any], root: Path | None = None) -> Drawable:
    """The document ``data`` loaded as far as it goes (see the module's docstring)."""
    from engine.little_soldiers.table.validation import design_problems
    from engine.little_soldiers.table.vocabulary import VOCABULARY

    doc = copy.deepcopy(data) if isinstance(data, dict) else {}
    lists = {kind: list(range(len(doc[kind]))) if isinstance(doc.get(kind), list) else [] for kind in
             ("scenery", "tokens", "zones")}
    """Document index of each element still in ``doc``, per list."""
    strays: list[Stray] = []
    problems: list[Problem] = []
    bf: Battlefield | None = None
    for _ in range(sum(len(v) for v in lists.values()) + 4):
        try:
            bf = Battlefield.from_dict(doc, root=root, vocabulary=VOCABULARY)
            break
        except BattlefieldError as err:
            m = ITEM.match(err.where)
            if m is not None and m.group(1) in lists and int(m.group(2)) < len(lists[m.group(1)]):
                kind, k, rest = m.group(1), int(m.group(2)), m.group(3)
                original = lists[kind].pop(k)
                item = doc[kind].pop(k)
                where = f"{kind}[{original}]{rest}"
                if kind == "scenery":
                    pid = str(item.get("id", "")) if isinstance(item, dict) else ""
                    problem = Problem(where, f"Scenery '{pid}' ({where}): {err.message}" if pid else f"{where}: {err.message}",
                                      (pid,) if pid else ())
                    stray = _stray(original, item, problem, root)
                    if rest == ".at" and _rests_on(stray, strays):
                        stray = Stray(stray.index, stray.id, None, stray.solid, stray.lift)
                    else:
                        problems.append(problem)
                    strays.append(stray)
                else:
                    problems.append(Problem(where, f"{where}: {err.message}"))
                continue
            problems.append(Problem(err.where or "$", str(err)))
            if not _repair(doc, err.where):
                break
    if bf is not None:
        for p in design_problems(bf):
            problems.append(_renumbered(p, lists))
    return Drawable(bf, tuple(strays), tuple(problems))


def _rests_on(stray: Stray, others: list[Stray]) -> bool:
    """Whether ``stray`` stands on the top of one of the refused pieces ``others``."""
    from engine.geometry.battlefield import REST, SHARED_AREA

    if stray.solid is None:
        return False
    return any(o.solid is not None and abs(o.top - stray.bottom) <= REST
               and o.solid.footprint.intersection(stray.solid.footprint).area > SHARED_AREA for o in others)


def _repair(doc: dict[str, Any], where: str) -> bool:
    """Make a document-wide field loadable so the pieces can still be drawn;
    False when nothing can be done."""
    from engine.geometry.battlefield import FORMAT

    if where.startswith("format") and doc.get("format") != FORMAT:
        doc["format"] = FORMAT
    elif where.startswith("name") and not isinstance(doc.get("name"), str):
        doc["name"] = ""
    elif where.startswith("play_zone") and doc.get("play_zone") != FALLBACK_ZONE:
        doc["play_zone"] = FALLBACK_ZONE
    elif where.split(".")[0].split("[")[0] in ("scenery", "tokens", "zones") and not isinstance(
            doc.get(where.split(".")[0].split("[")[0]), list):
        doc[where.split(".")[0].split("[")[0]] = []
    else:
        return False
    return True


def _renumbered(problem: Problem, lists: dict[str, list[int]]) -> Problem:
    """A design problem of the loaded part, its path numbered as the document numbers its lists."""
    m = ITEM.match(problem.where)
    if m is None or int(m.group(2)) >= len(lists[m.group(1)]):
        return problem
    where = f"{m.group(1)}[{lists[m.group(1)][int(m.group(2))]}]{m.group(3)}"
    return Problem(where, problem.text.replace(problem.where, where), problem.ids)


def _stray(index: int, item: Any, problem: Problem, root: Path | None) -> Stray:
    """A refused piece with its solid built on the table alone (then lifted
    to where the document puts it), when its shape can be made at all."""
    pid = str(item.get("id", "")) if isinstance(item, dict) else ""
    solid, lift = None, 0.0
    if isinstance(item, dict):
        at = item.get("at")
        try:
            if not isinstance(at, list) or len(at) not in (2, 3):
                raise ValueError("no position")
            lift = float(at[2]) if len(at) == 3 else 0.0
            alone = {**item, "at": [float(at[0]), float(at[1]), 0.0], "id": pid or "piece"}
            half = TABLE_SIZE_CM / 2  # the largest table the loader accepts, around the origin
            ring = [[-half, -half], [half, -half], [half, half], [-half, half]]
            bf = Battlefield.from_dict({"format": 1, "name": "", "play_zone": ring, "scenery": [alone]}, root=root)
            solid = bf.solids[0]
        except (BattlefieldError, TypeError, ValueError, IndexError, KeyError):
            solid, lift = None, 0.0
    return Stray(index, pid, problem, solid, lift if lift == lift else 0.0)


__all__ = ["Drawable", "Stray", "drawable"]
