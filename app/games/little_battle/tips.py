"""Little Battle tooltips: the cards in your hand, the piles on the beach,
every Ship, the chests won, the cards of the last reveal, the nap corner.

Keys: ``card:NAME`` (your hand), ``pile:P``, ``ship:SEAT``,
``chest:SEAT:SLOT``, ``revealed:INDEX``, ``nap``. Which chests a card opens
is the engine's data (``Adventurer.color``); what it can do now is its legal
``Keep``/``Attack`` actions; a chest's gold shows only where the view has it.
"""

from __future__ import annotations

from typing import Any

from app.seats import seat_label
from app.tips.tip import Tip
from engine.little_battle import Attack, Keep
from engine.little_battle.data import KIND_COLOR, LEOPARD_CHIEF_DEFAULT_KEY, RHINO_CHIEF_FLEE_FROM
from engine.little_battle.state import ADVENTURERS, CARD_OF_NAME, DRAFT, RUSH

OPENED_BY = {colour: kind.capitalize() + "s" for kind, colour in KIND_COLOR.items()}
CHIEF_POWERS = {
    "parrot": "On opening a blue chest, he also takes the chest below it.",
    "leopard": ("He uses the key of the last Adventurer to leave his pile with a chest "
                f"(none yet: his own {LEOPARD_CHIEF_DEFAULT_KEY} key)."),
    "rhino": f"First, every card valued {RHINO_CHIEF_FLEE_FROM} or more on his pile flees.",
}
"""The Chiefs' powers as the rules summary gives them (engine.little_battle.rules_text)."""


def things(c: Any) -> list[str]:
    v = c.view_dict()
    out = [f"card:{n}" for n in c.hand()]
    out += [f"pile:{p}" for p in range(len(v["beach"]))]
    out += [f"ship:{s}" for s in range(v["players"])]
    out += [f"chest:{s}:{i}" for s in range(v["players"]) for i in range(len(v["loot"][s]))]
    out += [revealed_key(r) for r in v.get("last_reveal") or []]
    return out + ["nap"]


def tip(c: Any, thing: str) -> Tip | None:
    kind, _, key = thing.partition(":")
    try:
        if kind == "card":
            return card_tip(c, key)
        if kind == "pile":
            return pile_tip(c, int(key))
        if kind == "ship":
            return ship_tip(c, int(key))
        if kind == "chest":
            seat, _, slot = key.partition(":")
            return chest_tip(c, int(seat), int(slot))
        if kind == "revealed":
            pile, seat, card = key.split(":", 2)
            return revealed_tip(int(pile), int(seat), card)
    except ValueError:
        return None
    if thing == "nap":
        return Tip("Nap corner", (f"{c.view_dict()['nap']} cards face down",
                                  "Played cards rest here; when the hands are empty, they are shuffled and dealt."), ())
    return None


def _card_facts(name: str) -> list[str]:
    card = ADVENTURERS[CARD_OF_NAME[name]]
    facts = [f"Opens {card.color} chests" + ("" if card.chief else f" · value {card.value}")]
    if card.chief:
        facts.append(CHIEF_POWERS[card.kind])
    return facts


def card_tip(c: Any, name: str) -> Tip | None:
    if name not in c.hand():
        return None
    legal = [a for a in c.legal() if str(getattr(a, "card", "")) == name]
    now: list[str] = []
    if any(isinstance(a, Keep) for a in legal):
        now.append("Keep it on your Ship: click it, then your Ship.")
    piles = sorted({a.pile + 1 for a in legal if isinstance(a, Attack)})
    if piles:
        now.append("Play it before pile " + " or ".join(map(str, piles)) + ": click it, then the pile.")
    if not legal and c.my_turn():
        now.append("It cannot be played now.")
    return Tip(name, tuple(_card_facts(name)), tuple(now))


def pile_tip(c: Any, p: int) -> Tip | None:
    v = c.view_dict()
    if not 0 <= p < len(v["beach"]):
        return None
    pile = v["beach"][p]
    facts = [f"{len(pile)} chest{'s' if len(pile) != 1 else ''}, gold hidden"]
    if pile:
        top = pile[0]["color"]
        facts.append(f"Top: a {top} chest (opened by {OPENED_BY[top]})")
    key = (v.get("last_key") or [None] * len(v["beach"]))[p]
    if key and v.get("chiefs"):
        facts.append(f"Last key to leave with a chest: {key}")
    mine = [x["card"] for x in v.get("my_play", []) if x["pile"] == p]
    if mine:
        facts.append("Your card here: " + ", ".join(mine))
    now = []
    sel = c.selected
    if sel is not None and c.my_turn():
        if any(isinstance(a, Attack) and str(a.card) == sel and a.pile == p for a in c.legal()):
            now.append(f"Click to play {sel} here.")
    return Tip(f"Pile {p + 1}", tuple(facts), tuple(now))


def ship_tip(c: Any, s: int) -> Tip | None:
    v = c.view_dict()
    if not 0 <= s < v["players"]:
        return None
    me = s == v["seat"] and c.handover_to is None
    facts = [f"Crew on board: {', '.join(v['ship'])}" if me and v["ship"] else f"Crew on board: {v['ship_sizes'][s]}",
             f"Cards in hand: {v['hand_sizes'][s]}"]
    won = v["loot"][s]
    if won:
        counts: dict[str, int] = {}
        for w in won:
            counts[w["color"]] = counts.get(w["color"], 0) + 1
        facts.append("Chests: " + ", ".join(f"{n} {col}" for col, n in counts.items()))
    gold = v["gold"][s]
    facts.append(f"Gold: {gold}" if gold is not None else "Gold: hidden until the end")
    if v["committed"][s] and v["phase"] in (DRAFT, RUSH):
        facts.append("Has chosen this turn.")
    now = []
    if me and c.ship_highlighted():
        now.append(f"Click to keep {c.selected} on board.")
    title = f"{seat_label('little-battle', s)}'s Ship" + (" (yours)" if me else "")
    return Tip(title, tuple(facts), tuple(now))


def chest_tip(c: Any, s: int, i: int) -> Tip | None:
    v = c.view_dict()
    try:
        won = v["loot"][s][i]
    except IndexError:
        return None
    gold = won.get("gold")
    facts = [f"Won by {seat_label('little-battle', s)}",
             f"Gold: {gold}" if gold is not None else "Gold: hidden (its taker's until the end)"]
    return Tip(f"{won['color'].capitalize()} chest", tuple(facts), ())


def revealed_key(r: dict[str, Any]) -> str:
    """A revealed card's key: the reveal may be one the next deal already
    shuffled away (the view shows it until the next action), so the key says it all."""
    return f"revealed:{r['pile']}:{r['seat']}:{r['card']}"


def revealed_tip(pile: int, seat: int, card: str) -> Tip | None:
    if card not in CARD_OF_NAME:
        return None
    facts = [f"Played by {seat_label('little-battle', seat)} at pile {pile + 1}", *_card_facts(card)]
    return Tip(card, tuple(facts), ())


def card_of_action(c: Any, action: Any) -> Tip | None:
    """No choice button here plays a card with a tip of its own."""
    return None


__all__ = ["revealed_key", "things", "tip", "card_of_action"]
