"""What the player to act may do in Toy Battle: a turn's choices and each effect's.

A turn is ``Draw()`` or a ``Place``; after a placement the pending effect
offers its ``UseEffect`` choices and ``Skip()`` (every effect is
optional), Cap'n's another ``Place``. An effect with nothing to offer is
passed silently (``effect_available``). The board gives the placements
(``Board.placements``); the lists reuse values made once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.toy_battle.actions import DRAW, SKIP, Pick, TurnAction, UseEffect
from engine.toy_battle.board import nodes_in
from engine.toy_battle.data import CAPN, DRAW_ONE, JUMBO, PUSH, RACK_MAX, RAISE, RETURN, SKULLY, STAR, TROOP_NAMES, XB42

if TYPE_CHECKING:
    from engine.toy_battle.state import ToyBattleState
    from engine.toy_battle.terrain import Terrain

TROOP_EFFECT: dict[int, str] = {SKULLY: "skully", CAPN: "capn", JUMBO: "jumbo", XB42: "xb42", STAR: "star"}
"""The troops with an effect, by kind: the code of their pending decision."""

BASE_CHOICES = frozenset({RETURN, DRAW_ONE, PUSH, RAISE})
"""Special bases whose effect is a decision of the player who placed there."""

_EFFECT_TITLES = {
    "skully": "Skully's draw",
    "capn": "Cap'n's extra placement",
    "jumbo": "Jumbo's attack",
    "xb42": "XB-42's raid",
    "star": "Star's draw",
    RETURN: "the base's return",
    DRAW_ONE: "the base's draw",
    PUSH: "the base's push",
    RAISE: "the base's raise",
}


def pending_title(terrain: Terrain, pending: tuple[str, int]) -> str:
    """A player's name for an effect awaiting a decision, with its base."""
    code, node = pending
    return f"{_EFFECT_TITLES.get(code, code)} (base {terrain.ids[node]})"


_USES: dict[tuple[str | None, str | None], UseEffect] = {}
"""UseEffect values made once (node ids and troop names are few), so the
legal lists reuse them and their exactness is checked once."""


def use(target: str | None = None, to: str | None = None) -> UseEffect:
    """The ``UseEffect`` value with this target, made once."""
    found = _USES.get((target, to))
    if found is None:
        found = _USES[(target, to)] = UseEffect(target, to)
    return found


USE = use()
"""``UseEffect()``: the choice of an effect that takes no target."""


def turn_actions(state: ToyBattleState) -> list[TurnAction]:
    """Every legal action of the player to act (``Draw`` first, ``Skip`` last)."""
    seat = state.seat
    board = state.board
    pending = state.pending
    acts: list[TurnAction]
    if pending is None:
        supply = state.supply
        acts = board.placements(seat, supply.present[seat] if not supply.down[seat] else supply.standing(seat))
        if supply.rack_n[seat] < RACK_MAX and supply.reserve[seat]:  # Supply.can_draw, inline: every turn asks
            acts.insert(0, DRAW)
        return acts
    code, node = pending
    ids = state.terrain.ids
    lay = state.lay
    if code == "capn":
        acts = board.placements(seat, state.supply.standing(seat))
    elif code in ("skully", "star", DRAW_ONE, "xb42"):
        acts = [USE]
    elif code == "jumbo":
        acts = [use(ids[m]) for m in board.enemy_tops_next_to(seat, node)]
    elif code == RETURN:
        acts = [use(ids[m]) for m in _own_bases_but(state, seat, node)]
    elif code == PUSH:
        is_base = lay.is_base
        acts = [use(ids[m], ids[b]) for m in board.enemy_tops_next_to(seat, node) for b in lay.adj[m] if is_base[b]]
    elif code == RAISE:
        acts = [use(TROOP_NAMES[k]) for k in sorted({c & 7 for c in board.discard if c >> 3 == seat})]
    else:  # pragma: no cover - every pending code is listed above
        raise AssertionError(code)
    acts.append(SKIP)
    return acts


def _own_bases_but(state: ToyBattleState, seat: int, node: int) -> tuple[int, ...]:
    """The bases whose top troop is ``seat``'s, ``node`` left out."""
    return nodes_in(state.board.held[seat] & state.lay.base_mask & ~(1 << node))


def effect_available(state: ToyBattleState, seat: int, code: str, node: int) -> bool:
    """Whether an optional effect has anything to offer (else it is passed silently)."""
    supply = state.supply
    board = state.board
    if code in ("skully", "star", DRAW_ONE):
        return supply.can_draw(seat)
    if code == "capn":
        return bool(board.placements(seat, supply.standing(seat)))
    if code == "jumbo":
        return bool(board.enemy_tops_next_to(seat, node))
    if code == PUSH:
        lay = state.lay
        return any(lay.is_base[b] for m in board.enemy_tops_next_to(seat, node) for b in lay.adj[m])
    if code == "xb42":
        return supply.rack_n[1 - seat] > 0
    if code == RETURN:
        return supply.rack_n[seat] < RACK_MAX and bool(state.board.held[seat] & state.lay.base_mask & ~(1 << node))
    if code == RAISE:
        return supply.rack_n[seat] < RACK_MAX and any(c >> 3 == seat for c in board.discard)
    return False


def can_act(state: ToyBattleState, seat: int) -> bool:
    """Whether ``seat`` can draw or place (else its turn ends the game)."""
    supply = state.supply
    return supply.can_draw(seat) or bool(state.board.placements(seat, supply.standing(seat)))


def pick_tiles(state: ToyBattleState) -> list[tuple[int, bool]]:
    """The tiles the pending blind pick chooses among: the victim's standing
    rack tiles, and for XB-42 the face-down ones too."""
    pending = state.pending
    return state.supply.tiles(1 - state.seat, pending is not None and pending[0] == "xb42-pick")


def pick_outcomes(state: ToyBattleState) -> list[Pick]:
    """The pending blind pick's outcomes, one per distinct tile."""
    return [Pick(TROOP_NAMES[k], d) for k, d in sorted(set(pick_tiles(state)))]


__all__ = [
    "BASE_CHOICES", "TROOP_EFFECT", "USE", "can_act", "effect_available", "pending_title", "pick_outcomes", "pick_tiles",
    "turn_actions", "use",
]
