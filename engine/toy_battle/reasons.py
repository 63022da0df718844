"""Why Toy Battle refuses an action: one sentence a player understands.

Asked only once an action is known to be illegal (``ToyBattleState.check``
tests legality first, cheaply), so these may take their time to name the
rule that forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.toy_battle.actions import Draw, FirstPlayer, Pick, Place, Shuffle, Skip, UseEffect
from engine.toy_battle.data import COLOURS, COPIES_PER_KIND, HOOK, RACK_MAX, SPECIAL_EFFECTS, TROOP_NAMES, TROOP_TITLES
from engine.toy_battle.moves import pending_title, pick_outcomes
from engine.toy_battle.phases import SETUP_BLUE, SETUP_FIRST, SETUP_RED
from engine.toy_battle.troops import KIND_OF_NAME, covers, label

if TYPE_CHECKING:
    from engine.toy_battle.state import ToyBattleState

_COLOUR = ("Blue", "Red")
_FULL_SET = tuple(sorted(TROOP_NAMES * COPIES_PER_KIND))


def why_not(state: ToyBattleState, seat: int, action: Any) -> str:
    """A player's sentence for an action of the player to act that is not legal."""
    pending = state.pending
    kind = type(action)
    if kind not in (Draw, Place, UseEffect, Skip):
        return f"{action!r} is not a Toy Battle action."
    if pending is not None and not (kind is Place and pending[0] == "capn") and kind not in (UseEffect, Skip):
        return f"First resolve {pending_title(state.terrain, pending)}: use it or skip it."
    if pending is None:
        if kind in (UseEffect, Skip):
            return "There is no effect to use or skip now."
        if kind is Draw:
            if state.supply.rack_n[seat] >= RACK_MAX:
                return f"You cannot draw: your rack already holds {RACK_MAX} Troops."
            return "You cannot draw: your reserve is empty."
    if kind is Place:
        return place_error(state, seat, action)
    assert pending is not None  # UseEffect or Skip with an effect pending
    if pending[0] == "capn":
        return "Cap'n's effect places another Troop: play Place(...) or Skip()."
    return f"{action!r} is not a way to use {pending_title(state.terrain, pending)} now."


def place_error(state: ToyBattleState, seat: int, action: Place) -> str:
    """Why this placement is refused: the rack, the node, its limit, its top, the connection."""
    t = state.terrain
    lay = state.lay
    kind = KIND_OF_NAME[action.troop]
    name = label(kind)
    rack = state.supply.racks[seat]
    if rack[kind] == 0:
        return f"You have no {TROOP_TITLES[kind]} on your rack."
    if rack[kind] <= state.supply.blocked[seat][kind]:
        return f"Your {TROOP_TITLES[kind]} lies face down this turn: you cannot place it."
    n = t.index.get(action.node)
    if n is None:
        return f"There is no base or H.Q. {action.node!r} on {t.name}."
    owner = t.hq_owner[n]
    where = t.node_words(action.node)  # as the board prints it: "base 12", "Red's H.Q."
    if owner == seat:
        return f"{name} cannot go on {where}: you can never place a Troop on your own H.Q."
    special = lay.special[n]
    if not lay.mask[n] >> kind & 1 and special is not None:
        limit = SPECIAL_EFFECTS[special].rstrip(".").replace(" here", " there")
        return f"{name} cannot go on {where}: {limit[0].lower()}{limit[1:]}."
    c = state.board.tops[n]
    if owner < 0 and c >= 0 and c >> 3 != seat and not covers(kind, c & 7):
        return f"{name} cannot go on {where}: {_COLOUR[c >> 3]}'s {label(c & 7)} there is not weaker."
    if kind == HOOK and owner < 0 and not lay.hook_free[n]:
        return (
            f"{name} cannot go on {where}: it is not connected to your H.Q., and Hook cannot "
            "ignore the connection to reach a base whose special cancels troop effects."
        )
    return f"{name} cannot go on {where}: it is not connected to your H.Q."


def chance_error(state: ToyBattleState, action: Any) -> str | None:
    """Why a chance outcome does not fit the pending chance step, or None."""
    phase = state.phase
    if phase == SETUP_BLUE or phase == SETUP_RED:
        colour = COLOURS[phase - SETUP_BLUE]
        if type(action) is not Shuffle or action.color != colour:
            return f"The pending chance step is the shuffle of {colour}'s troops."
        if tuple(sorted(action.order)) != _FULL_SET:
            return f"A shuffle must order all {len(_FULL_SET)} troops: {COPIES_PER_KIND} of each kind."
        return None
    if phase == SETUP_FIRST:
        if type(action) is not FirstPlayer or action.seat not in (0, 1):
            return "The pending chance step is the choice of the first player: FirstPlayer(0) or FirstPlayer(1)."
        return None
    if type(action) is not Pick:
        return "The pending chance step is a blind pick from a rack: Pick(troop)."
    if action not in pick_outcomes(state):
        return f"{action!r} cannot be picked: no such tile on {COLOURS[1 - state.seat]}'s rack."
    return None


__all__ = ["chance_error", "place_error", "why_not"]
