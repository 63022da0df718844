"""What lies on a Toy Battle terrain: the stacks, the discard, the regions taken, the medals.

All of it is public: every seat sees the board. A troop is a small int
(``seat << 3 | kind``), so a stack is a tuple of ints and copying the
board is a handful of list copies. Besides the stacks the board keeps, as
bit masks over node indexes, which nodes each seat holds (its troop on
top), and each seat's frontier (every node connected to its H.Q.s) until
the board changes: the placement rules (rulebook, "Placement Rules") are
then a flood of ints and one table lookup per node.
"""

from __future__ import annotations

from engine.toy_battle.actions import TurnAction
from engine.toy_battle.data import HOOK
from engine.toy_battle.rules import COVERING, OPEN_TO, Layout, nodes_of

HOOK_BIT = 1 << HOOK

_NODES: dict[int, tuple[int, ...]] = {}
"""The node indexes of node masks already met (frontiers recur across games)."""


def nodes_in(mask: int) -> tuple[int, ...]:
    """The node indexes in ``mask``, in order, remembered."""
    nodes = _NODES.get(mask)
    if nodes is None:
        if len(_NODES) >= 1 << 16:
            _NODES.clear()
        nodes = _NODES[mask] = tuple(nodes_of(mask))
    return nodes


class Board:
    """The stacks of troops on a terrain's nodes, the discard, who took
    which region (-1: nobody yet) and each seat's medals."""

    __slots__ = ("claimed", "discard", "fronts", "held", "lay", "medals", "stacks", "tops")

    def __init__(self, lay: Layout) -> None:
        n = len(lay.terrain.ids)
        self.lay = lay
        self.stacks: list[tuple[int, ...]] = [()] * n
        self.tops: list[int] = [-1] * n
        """The visible troop of each node: -1 empty, else its code."""
        self.discard: list[int] = []  # troop codes, oldest first
        self.claimed: list[int] = [-1] * len(lay.terrain.regions)
        self.medals: list[int] = [0, 0]
        self.held: list[int] = [0, 0]
        """The nodes whose top troop is each seat's, as a mask."""
        self.fronts: list[int | None] = [None, None]
        """Each seat's frontier as a node mask, None until asked after a change."""

    def copy(self) -> Board:
        new = Board.__new__(Board)
        new.lay = self.lay
        new.stacks = list(self.stacks)
        new.tops = list(self.tops)
        new.discard = list(self.discard)
        new.claimed = list(self.claimed)
        new.medals = list(self.medals)
        new.held = list(self.held)
        new.fronts = list(self.fronts)  # derived from the tops, which the copy shares
        return new

    def set_stacks(self, stacks: list[tuple[int, ...]]) -> None:
        """Lay out every stack at once (a position read from data or arranged by a test)."""
        self.stacks = list(stacks)
        self.tops = [s[-1] if s else -1 for s in self.stacks]
        self.held = [0, 0]
        for i, c in enumerate(self.tops):
            if c >= 0:
                self.held[c >> 3] |= 1 << i
        self.fronts = [None, None]

    # ------------------------------------------------------------ changes
    def put(self, node: int, code: int) -> int:
        """Place a troop on top of ``node``; returns the code it covers (-1: none).

        The frontiers follow without a new flood where they can: the other
        seat's stands unless its troop was covered; the placing seat's grows
        by a base's neighbours when the base was on it, unless they hold
        bases of its own not yet connected (then it is flooded again)."""
        under = self.tops[node]
        self.stacks[node] += (code,)
        self.tops[node] = code
        bit = 1 << node
        seat = code >> 3
        held = self.held
        if under >= 0:
            held[under >> 3] &= ~bit
            if under >> 3 != seat:
                self.fronts[under >> 3] = None
        held[seat] |= bit
        front = self.fronts[seat]
        lay = self.lay
        if front is not None and front & bit & lay.base_mask:  # an H.Q. taken is not walked through
            near = lay.adj_mask[node]
            if near & held[seat] & lay.base_mask & ~front:
                self.fronts[seat] = None
            else:
                self.fronts[seat] = (front | near) & ~lay.hq_mask[seat]
        return under

    def pop(self, node: int) -> int:
        """Take the top troop off ``node``; returns its code."""
        stack = self.stacks[node]
        code = stack[-1]
        self.stacks[node] = stack = stack[:-1]
        top = self.tops[node] = stack[-1] if stack else -1
        bit = 1 << node
        self.held[code >> 3] &= ~bit
        if top >= 0:
            self.held[top >> 3] |= bit
        self.fronts[0] = self.fronts[1] = None
        return code

    def completed(self, node: int, seat: int) -> list[int]:
        """The regions around ``node`` that ``seat`` now holds whole and nobody took yet."""
        held = self.held[seat]
        claimed = self.claimed
        masks = self.lay.region_mask
        return [r for r in self.lay.terrain.regions_of[node] if claimed[r] < 0 and held & masks[r] == masks[r]]

    # -------------------------------------------------------- placements
    def front_mask(self, seat: int) -> int:
        """Every node connected to ``seat``'s H.Q.s: next to an H.Q. or to a
        base ``seat`` holds that is itself connected. Own H.Q.s are left out."""
        front = self.fronts[seat]
        if front is None:
            lay = self.lay
            adj = lay.adj_mask
            held = self.held[seat] & lay.base_mask
            reach = lay.start[seat]
            done = 0
            todo = reach & held
            while todo:
                low = todo & -todo
                done |= low
                reach |= adj[low.bit_length() - 1]
                todo = reach & held & ~done
            front = self.fronts[seat] = reach & ~lay.hq_mask[seat]
        return front

    def front(self, seat: int) -> tuple[int, ...]:
        """``front_mask`` as node indexes, in order."""
        return nodes_in(self.front_mask(seat))

    def placements(self, seat: int, kinds: int) -> list[TurnAction]:
        """Every legal ``Place`` of ``seat`` holding the troop kinds in the mask
        ``kinds``: by node, then by kind; Hook's free placements last.

        A slot is open when its limit allows the kind and its top is empty,
        ``seat``'s, or an enemy troop the kind covers (an enemy H.Q. has no
        top while the game goes on); Hook may ignore the connection to reach
        a base whose special does not cancel it (the rules' ``hook_free``).
        """
        if not kinds:
            return []
        lay = self.lay
        tops = self.tops
        limits = lay.mask
        table = lay.node_places
        open_to = OPEN_TO[seat]
        front = self.fronts[seat]
        if front is None:
            front = self.front_mask(seat)
        out: list[TurnAction] = []
        for n in _NODES.get(front) or nodes_in(front):  # a loop, not a comprehension: its locals would become cells
            here = table[n][limits[n] & kinds & open_to[tops[n]]]
            if here:
                out += here
        if kinds & HOOK_BIT:
            places = lay.places[HOOK]
            out += [places[n] for n in nodes_in(lay.hook_free_mask & ~front) if limits[n] & open_to[tops[n]] & HOOK_BIT]
        return out

    def can_place(self, seat: int, kind: int, node: int) -> bool:
        """Whether ``kind`` of ``seat`` may go on ``node`` now (rack aside)."""
        lay = self.lay
        if not lay.mask[node] >> kind & 1 or lay.hq_owner[node] == seat:
            return False
        c = self.tops[node]
        if c >= 0 and c >> 3 != seat and not COVERING[c & 7] >> kind & 1:
            return False
        bit = 1 << node
        return bool(self.front_mask(seat) & bit) or (kind == HOOK and bool(lay.hook_free_mask & bit))

    def enemy_tops_next_to(self, seat: int, node: int) -> list[int]:
        """The nodes next to ``node`` whose top troop is the enemy's, in the terrain's order."""
        enemy = self.held[1 - seat]
        return [m for m in self.lay.adj[node] if enemy >> m & 1]


__all__ = ["Board"]
