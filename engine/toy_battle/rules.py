"""The placement and region rules as pure functions.

The state (``state.py``) and the public helpers below share these loops:
``tops`` is one int per node (-1 empty, else ``seat << 3 | kind`` of the
visible troop), so a connection check is a BFS over small ints.

Rulebook, "Placement Rules": a troop may go on an empty base, a base you
occupy, a base whose visible enemy troop is strictly weaker (Kwak covers and
is covered by anything), or the enemy H.Q. -- never your own H.Q. -- and the
slot must be connected to one of your H.Q.s by a path through bases you
occupy (empty or enemy bases cut it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from engine.toy_battle.actions import Place
from engine.toy_battle.data import HOOK, HOOK_FREE_ON_NO_EFFECTS, NO_EFFECTS, TROOP_NAMES
from engine.toy_battle.terrain import ALL_KINDS, Terrain, limit_mask
from engine.toy_battle.troops import Troop, covers, kind_of, seat_of

KINDS_OF: tuple[tuple[int, ...], ...] = tuple(tuple(k for k in range(8) if mask >> k & 1) for mask in range(256))
"""The kinds in each 8-bit kind mask, in order."""

COVERING: tuple[int, ...] = tuple(sum(1 << k for k in range(8) if covers(k, under)) for under in range(8))
"""The kinds that may cover an enemy troop of each kind, as a mask (the slot rule)."""


def _open_to(seat: int) -> tuple[int, ...]:
    return tuple(ALL_KINDS if code >> 3 == seat else COVERING[code & 7] for code in range(16)) + (ALL_KINDS,)


OPEN_TO: tuple[tuple[int, ...], tuple[int, ...]] = (_open_to(0), _open_to(1))
"""The kinds of ``seat`` that may go on a node, by its top troop's code: any
on an own troop or an empty node (the last entry, so that the code -1 of
an empty node indexes it), a stronger one (or Kwak) on an enemy troop."""


class Layout:
    """What the rules need of a terrain, precomputed once per terrain and option.

    ``specials`` False is the "first games" option: every special base,
    placement limits included, acts as a plain base.
    """

    def __init__(self, terrain: Terrain, specials: bool) -> None:
        self.terrain = terrain
        self.specials = specials
        n = len(terrain.ids)
        self.special: tuple[str | None, ...] = terrain.special if specials else (None,) * n
        self.mask: tuple[int, ...] = tuple(limit_mask(code) for code in self.special)
        self.no_effects: tuple[bool, ...] = tuple(code == NO_EFFECTS for code in self.special)
        self.hook_free: tuple[bool, ...] = tuple(
            terrain.is_base[i] and (HOOK_FREE_ON_NO_EFFECTS or not self.no_effects[i]) for i in range(n)
        )
        self.bases: tuple[int, ...] = tuple(i for i in range(n) if terrain.is_base[i])
        self.adj = terrain.adj
        self.hqs = terrain.hqs
        self.hq_owner = terrain.hq_owner
        self.is_base = terrain.is_base
        self.places: tuple[tuple[Place, ...], ...] = tuple(
            tuple(Place(TROOP_NAMES[kind], nid) for nid in terrain.ids) for kind in range(8)
        )
        """One shared ``Place`` value per (kind, node): legal move lists reuse them."""
        # The same facts as bit masks over node indexes (a terrain has a few dozen nodes), so
        # a frontier is a flood of ints and a node's placements one table lookup.
        self.adj_mask: tuple[int, ...] = tuple(sum(1 << m for m in terrain.adj[i]) for i in range(n))
        self.hq_mask: tuple[int, int] = (sum(1 << h for h in terrain.hqs[0]), sum(1 << h for h in terrain.hqs[1]))
        self.start: tuple[int, int] = (_union(self.adj_mask[h] for h in terrain.hqs[0]),
                                       _union(self.adj_mask[h] for h in terrain.hqs[1]))
        """What each seat reaches from its H.Q.s alone."""
        self.base_mask = sum(1 << i for i in self.bases)
        self.hook_free_mask = sum(1 << i for i in range(n) if self.hook_free[i])
        self.region_mask: tuple[int, ...] = tuple(sum(1 << i for i in nodes) for nodes in terrain.region_nodes)
        self.node_places: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
            tuple(tuple(self.places[k][i] for k in KINDS_OF[kinds]) for kinds in range(256)) for i in range(n)
        )
        """``node_places[node][kinds]``: the ``Place`` values of the troop kinds in the
        mask ``kinds`` on ``node``, made once."""


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def nodes_of(mask: int) -> list[int]:
    """The node indexes in a node mask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=64)
def layout(terrain: Terrain, specials: bool = True) -> Layout:
    return Layout(terrain, specials)


def frontier(lay: Layout, tops: Sequence[int], seat: int) -> list[int]:
    """Every node connected to ``seat``'s H.Q.s: next to an H.Q. or to a base
    ``seat`` occupies that is itself connected. Own H.Q.s are left out."""
    adj = lay.adj
    is_base = lay.is_base
    seen = [False] * len(adj)
    stack = list(lay.hqs[seat])
    for h in stack:
        seen[h] = True
    out: list[int] = []
    while stack:
        for m in adj[stack.pop()]:
            if not seen[m]:
                seen[m] = True
                out.append(m)
                c = tops[m]
                if c >= 0 and c >> 3 == seat and is_base[m]:
                    stack.append(m)
    return out


def slot_open(lay: Layout, tops: Sequence[int], seat: int, kind: int, node: int) -> bool:
    """The slot rule alone (no connection): may ``kind`` of ``seat`` go on ``node``?"""
    owner = lay.hq_owner[node]
    if owner == seat or not lay.mask[node] >> kind & 1:
        return False
    if owner >= 0:
        return True
    c = tops[node]
    if c < 0 or c >> 3 == seat:
        return True
    under = c & 7
    return kind == 0 or under == 0 or kind > under


def slots(lay: Layout, tops: Sequence[int], seat: int, kind: int, front: Sequence[int] | None = None) -> list[int]:
    """Node indexes where ``kind`` of ``seat`` may be placed now.

    Hook may ignore the connection (its effect is optional, so a connected
    slot stays legal too) but only onto bases: the enemy H.Q. is not a base.
    """
    if front is None:
        front = frontier(lay, tops, seat)
    out = [n for n in front if slot_open(lay, tops, seat, kind, n)]
    if kind == HOOK:
        inside = set(front)
        out += [n for n in lay.bases if n not in inside and lay.hook_free[n] and slot_open(lay, tops, seat, kind, n)]
    return out


def region_owner(lay: Layout, tops: Sequence[int], region: int) -> int:
    """The seat occupying every base of ``region``, or -1."""
    nodes = lay.terrain.region_nodes[region]
    first = tops[nodes[0]]
    if first < 0:
        return -1
    seat = first >> 3
    for n in nodes:
        c = tops[n]
        if c < 0 or c >> 3 != seat:
            return -1
    return seat


# ------------------------------------------------------------- public API
Board = Mapping[str, Sequence[Troop]]


def board_tops(terrain: Terrain, board: Board) -> list[int]:
    """The visible troop code of every node of ``terrain`` on ``board``."""
    tops = [-1] * len(terrain.ids)
    for nid, stack in board.items():
        if nid not in terrain.index:
            raise ValueError(f"board: there is no node {nid!r} on {terrain.name}.")
        if stack:
            top = stack[-1]
            if not isinstance(top, Troop):
                raise ValueError(f"board[{nid!r}]: stacks hold Troop values, not {top!r}.")
            tops[terrain.index[nid]] = top.code()
    return tops


def legal_slots(
    terrain: Terrain, board: Board, color: str, troop: Troop | str, *, special_bases: bool = True
) -> set[str]:
    """Node ids where ``color`` may place ``troop`` (a Troop or a name) on ``board``.

    ``board`` maps node id to its stack, bottom first; only the top occupies.
    Hook's optional free placement is included. ``special_bases=False`` is
    the first-games option (no placement limits).
    """
    seat = seat_of(color)
    if isinstance(troop, Troop):
        if troop.color != color:
            raise ValueError(f"{troop!r} is not a {color} troop.")
        kind = troop.kind
    else:
        kind = kind_of(troop)
    lay = layout(terrain, special_bases)
    tops = board_tops(terrain, board)
    return {terrain.ids[n] for n in slots(lay, tops, seat, kind)}


def claimed_regions(terrain: Terrain, board: Board, color: str) -> list[int]:
    """Indexes of the regions whose every base ``color`` occupies on ``board``.

    Whether their medals are still there is the state's business, not the board's.
    """
    seat = seat_of(color)
    lay = layout(terrain, True)
    tops = board_tops(terrain, board)
    return [r for r in range(len(terrain.regions)) if region_owner(lay, tops, r) == seat]


__all__ = [
    "ALL_KINDS", "COVERING", "KINDS_OF", "Layout", "claimed_regions", "frontier", "layout", "legal_slots", "nodes_of",
    "slot_open", "slots",
]
