"""Which chest went to which Ship at a Little Battle reveal, for the view to show.

The shown seat's view says what everybody may see after a Gold Rush turn:
the cards played on each pile (``last_reveal``), the chests' colours on the
beach before it and the chests under each Ship after it (with the gold only
where that seat may see it). Who took which chest is the loot rule's answer,
so it is asked of the engine's pure function
(:func:`engine.little_battle.loot.resolve_steps`) on those public facts; the
app decides nothing. A result that disagrees with the Ships' chests (it
never should) is dropped rather than shown wrongly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.little_battle.loot import resolve_steps
from engine.little_battle.state import CARD_OF_NAME, NAME


@dataclass(frozen=True)
class Travel:
    """One chest taken at the reveal: from ``pile`` (its place ``depth`` from
    the top) to ``seat``'s Ship, where it is chest number ``slot``; ``gold``
    is None where the shown seat may not see it; ``card`` is who took it."""

    order: int
    pile: int
    depth: int
    seat: int
    slot: int
    color: str
    gold: int | None
    card: str


def reveal_key(v: dict[str, Any]) -> tuple[Any, ...]:
    """Tells one reveal from the next (a card is played once a deal)."""
    return (v.get("deal"), tuple((r["pile"], r["seat"], r["card"]) for r in v.get("last_reveal") or []))


def view_after_last_action(controller: Any) -> dict[str, Any] | None:
    """The shown seat's view just after the last player action, before the
    chance steps it set off: the deal after a hand's last Gold Rush turn
    shuffles the revealed cards back at once, so the view after it no longer
    says what was revealed. Rebuilt from the match's record (public actions,
    chance kept as history) on a state without a generator, which stops where
    the record's chance begins; None when there is no player action yet."""
    from engine.core.protocol import CHANCE

    match = controller.match
    served = getattr(match, "picture_after_last_action", None)
    if served is not None:  # a served table: the server sent it (no record holds the truth here)
        return served()
    record = match.record()
    actions = record.actions
    last = max((i for i, (seat, _) in enumerate(actions) if seat != CHANCE), default=None)
    if last is None:
        return None
    if last == len(actions) - 1:
        return controller.view_dict()
    state = match.info.new_game(match.info.config_from_dict(record.config), None)
    for seat, action in actions[:last + 1]:
        state.apply(seat, action)
    return state.view(controller.viewer).to_dict()


def travels(before: dict[str, Any], after: dict[str, Any]) -> list[Travel]:
    """The chests the reveal between two views of one seat moved, in the order
    the rule took them (pile 1 first); [] when no reveal happened between them."""
    reveal = after.get("last_reveal") or []
    if not reveal or reveal_key(before) == reveal_key(after) or before.get("players") != after.get("players"):
        return []
    out: list[Travel] = []
    slots = [len(won) for won in before["loot"]]
    for p, pile in enumerate(before["beach"]):
        played = [(r["seat"], CARD_OF_NAME[r["card"]]) for r in reveal if r["pile"] == p]
        if not played:
            continue
        keys = before.get("last_key") or [None] * len(before["beach"])
        steps = resolve_steps([c["color"] for c in pile], played, keys[p])
        for who, depth in steps.takes:
            seat = played[who][0]
            won = after["loot"][seat]
            if slots[seat] >= len(won) or won[slots[seat]]["color"] != pile[depth]["color"]:
                return []  # not what the Ships show: show nothing rather than a wrong journey
            out.append(Travel(len(out), p, depth, seat, slots[seat], pile[depth]["color"], won[slots[seat]].get("gold"),
                              NAME[played[who][1]]))
            slots[seat] += 1
    if slots != [len(won) for won in after["loot"]]:
        return []
    return out


__all__ = ["Travel", "reveal_key", "travels", "view_after_last_action"]
