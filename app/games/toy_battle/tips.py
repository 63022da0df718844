"""Toy Battle tooltips: the troops on your rack, bases and H.Q.s (with the
stack on them), regions with their medals, the reserves, the opponent's rack.

Keys: ``troop:NAME`` (a rack tile), ``base:NODE``, ``region:INDEX``,
``reserve:SIDE``, ``opponent-rack``. A troop's effect and a special base's
are the engine's data texts; where it can go is its legal ``Place`` actions,
and why not is ``check``'s sentence.
"""

from __future__ import annotations

from typing import Any

from app.games.toy_battle.controller import near_seat
from app.tips.tip import Tip
from engine.toy_battle import Place, UseEffect
from engine.toy_battle.data import SPECIAL_EFFECTS, TROOP_EFFECTS, TROOP_NAMES, TROOP_TITLES

SIDES = ("blue", "red")


def troop_title(name: str) -> str:
    """A troop as the player aid prints it: title and strength ("Roxy 7", "Kwak X")."""
    if name not in TROOP_NAMES:
        return name
    kind = TROOP_NAMES.index(name)
    return f"{TROOP_TITLES[kind]} {'X' if kind == 0 else kind}"


def tile_title(tile: str) -> str:
    """A tile on the board as the view names it ("blue roxy") -> "Blue Roxy 7"."""
    colour, _, name = tile.partition(" ")
    return f"{colour.capitalize()} {troop_title(name)}"


def things(c: Any) -> list[str]:
    t = c.view().terrain
    out = [f"troop:{n}" for n in dict.fromkeys(c.rack())]
    out += [f"base:{n}" for n in t.ids]
    out += [f"region:{k}" for k in range(len(t.regions))]
    return out + ["reserve:0", "reserve:1", "opponent-rack"]


def tip(c: Any, thing: str) -> Tip | None:
    kind, _, key = thing.partition(":")
    if kind == "troop":
        return troop_tip(c, key)
    if kind == "base":
        return base_tip(c, key)
    if kind == "region":
        return region_tip(c, key)
    if kind == "reserve":
        return reserve_tip(c, key)
    if thing == "opponent-rack":
        return opponent_tip(c)
    return None


def troop_tip(c: Any, name: str) -> Tip | None:
    if name not in TROOP_NAMES or name not in c.rack():
        return None
    kind = TROOP_NAMES.index(name)
    v = c.view_dict()
    facts = ["Joker" if kind == 0 else f"Strength {kind}", f"Effect: {TROOP_EFFECTS[kind]}"]
    if name in v.get("face_down", []):
        facts.append("Face down: blocked this turn.")
    now: list[str] = []
    if c.my_turn():
        spots = sorted({a.node for a in c.legal() if isinstance(a, Place) and a.troop == name})
        if spots:
            now.append(f"Can go on {len(spots)} base{'s' if len(spots) != 1 else ''} now: click it, then a lit base.")
        else:
            now.append("Cannot be placed now.")
    return Tip(troop_title(name), tuple(facts), tuple(now))


def base_tip(c: Any, node: str) -> Tip | None:
    t = c.view().terrain
    if node not in t.index:
        return None
    i = t.index[node]
    v = c.view_dict()
    if t.is_base[i]:
        title = f"Base {node}"  # its number as printed beside it (the log names it so)
        facts = [f"Special: {SPECIAL_EFFECTS[t.special[i]]}"] if t.special[i] else []
    else:
        owner = t.hq_owner[i]
        title = t.node_words(node)[0].upper() + t.node_words(node)[1:] if owner in (0, 1) else "H.Q."
        facts = []
    stack = list(v["board"].get(node, []))
    if stack:
        facts.append("Stack: " + " on ".join(tile_title(x) for x in reversed(stack)))
    else:
        facts.append("Empty.")
    regions = [k for k, r in enumerate(t.regions) if node in r.bases]
    if regions:
        said = [f"{t.regions[k].medals}" + (f" ({SIDES[v['claimed'][k]]})" if v["claimed"][k] >= 0 else "")
                for k in regions]
        facts.append(("Region" if len(said) == 1 else "Regions") + " of " + ", ".join(said[:-1])
                     + (" and " if len(said) > 1 else "") + said[-1] + " medal" + ("s" if len(said) > 1 or
                                                                                   t.regions[regions[0]].medals != 1 else ""))
    now: list[str] = []
    if c.my_turn():
        sel = c.selected
        effect = [a for a in c.legal() if isinstance(a, UseEffect) and a.target == node]
        if c.pending() is not None and effect:
            now.append(f"Click to use {c.pending()} here.")
        elif sel is not None:
            why = c.explain(Place(sel, node))
            now.append(f"Click to place {troop_title(sel)} here." if not why else why)
    return Tip(title, tuple(facts), tuple(now))


def region_tip(c: Any, key: str) -> Tip | None:
    t = c.view().terrain
    try:
        k = int(key)
        r = t.regions[k]
    except (ValueError, IndexError):
        return None
    v = c.view_dict()
    held = [0, 0]
    for n in r.bases:
        stack = v["board"].get(n) or []
        if stack:
            held[SIDES.index(stack[-1].split()[0])] += 1
    empty = len(r.bases) - sum(held)
    parts = [f"{n} {side} on top" for n, side in zip(held, SIDES, strict=True) if n] + ([f"{empty} empty"] if empty else [])
    bases = sorted(r.bases, key=lambda n: (len(n), n))
    facts = [f"Bases {', '.join(bases[:-1])} and {bases[-1]}: " + ", ".join(parts)]
    owner = v["claimed"][k]
    facts.append(f"Claimed by {SIDES[owner]}." if owner >= 0 else "Not claimed yet.")
    return Tip(f"Region: {r.medals} medal{'s' if r.medals != 1 else ''}", tuple(facts), ())


def reserve_tip(c: Any, key: str) -> Tip | None:
    v = c.view_dict()
    try:
        side = int(key)
        n = v["reserve_sizes"][side]
    except (ValueError, IndexError):
        return None
    return Tip(f"{SIDES[side].capitalize()} reserve", (f"{n} troops face down", f"Medals won: {v['medals'][side]} "
                                                        f"(objective {v['objective']})"), ())


def opponent_tip(c: Any) -> Tip | None:
    v = c.view_dict()
    opp = v["opponent_rack"]
    other = SIDES[1 - near_seat(v)]
    facts = [f"{opp['size']} troops"]
    if opp["seen"]:
        facts.append("Seen: " + ", ".join(troop_title(n) for n in opp["seen"]))
    if opp.get("face_down"):
        facts.append(f"{opp['face_down']} face down (blocked)")
    return Tip(f"{other.capitalize()} rack", tuple(facts), ())


def card_of_action(c: Any, action: Any) -> Tip | None:
    """No choice button here plays a card with a tip of its own."""
    return None


__all__ = ["things", "tile_title", "tip", "troop_title", "card_of_action"]
