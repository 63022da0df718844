"""Little Soldiers' pieces as a player reads them.

The engine's sentences name soldiers and scenery by id ("green-infantry
deploys", "cover-2 is put back"), which keeps the log exact for tests and
records. Wherever a player reads them (the app's log, messages and buttons,
``toybox replay``) they pass through ``log_namer``: soldiers by the name on
their card ("Green Infantry 2"), scenery and die faces as words.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from engine.little_soldiers.rules_data import ATTACK_DIE_FACES, SNIPER_DIE_FACES

ORDER_WORDS = {"attack": "Attack", "move": "Move", "special": "Special Action"}
"""An Order's kind in the log as the rulebook names it (the log said 'an Order: special')."""


def soldier_name(ident: str) -> str:
    """A soldier as printed on its card: "green-infantry-2" -> "Green Infantry 2"."""
    return " ".join(part.capitalize() for part in ident.split("-"))


def piece_words(ident: str) -> str:
    """A scenery id as words: "shoebox-west" -> "shoebox west"."""
    return ident.replace("-", " ").replace("_", " ")


def namer(soldier_ids: Iterable[str], scenery_ids: Iterable[str]) -> Callable[[str], str]:
    """One substitution for every id of this game, built once (per line it
    rebuilt the table of names for each of hundreds of lines)."""
    names = {i: soldier_name(i) for i in soldier_ids}
    names.update({i: piece_words(i) for i in scenery_ids if ("-" in i or "_" in i) and i not in names})
    names.update({f: f.replace("_", " ") for f in SNIPER_DIE_FACES + ATTACK_DIE_FACES if "_" in f})
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))
                         + r")(?![\w-])")
    order = re.compile(r"an Order: (attack|move|special)\b")
    return lambda text: order.sub(lambda m: "an Order: " + ORDER_WORDS[m.group(1)],
                                  pattern.sub(lambda m: names[m.group(0)], text))


def log_namer(state: Any) -> Callable[[str], str]:
    """``namer`` for a state or a seat's view: every soldier of the game (broken
    ones too, the log still names them) and every piece of its battlefield
    (those a Force Field took off the table too: "cover-2 is put back")."""
    soldiers = [s["id"] for s in state.to_dict()["soldiers"]]
    pieces = {p.id for t in (state.base_terrain, state.terrain) for p in t.bf.scenery}
    return namer(soldiers, sorted(pieces))


__all__ = ["ORDER_WORDS", "log_namer", "namer", "piece_words", "soldier_name"]
