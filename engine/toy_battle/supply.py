"""What each Toy Battle player holds off the board: reserve, box and rack.

Per seat: the reserve (face down, drawn from the end of the list), the box
(the 4 troops returned unseen at setup), the rack as a count per troop
kind, how many of each rack kind the opponent saw arrive (``known``: a
troop taken back from the board or the discard) and how many lie face down
(``blocked``, Battlefield's blind point, until the end of their owner's
turn). Which of it each seat may read is ``engine.toy_battle.secrecy``'s
business; here are the counts and the moves between them.
"""

from __future__ import annotations

from engine.toy_battle.data import RACK_MAX


class Supply:
    """Both players' reserves, boxes and racks."""

    __slots__ = ("blocked", "box", "down", "known", "present", "rack_n", "racks", "reserve")

    def __init__(self) -> None:
        self.reserve: list[list[int]] = [[], []]
        self.box: list[list[int]] = [[], []]
        self.racks: list[list[int]] = [[0] * 8, [0] * 8]
        self.rack_n: list[int] = [0, 0]
        self.known: list[list[int]] = [[0] * 8, [0] * 8]
        self.blocked: list[list[int]] = [[0] * 8, [0] * 8]
        self.present: list[int] = [0, 0]
        """The kinds on each rack, as a mask (kept with the counts: asked every turn)."""
        self.down: list[int] = [0, 0]
        """How many of each rack's tiles lie face down."""

    def copy(self) -> Supply:
        new = Supply.__new__(Supply)
        new.reserve = [list(self.reserve[0]), list(self.reserve[1])]
        new.box = [list(self.box[0]), list(self.box[1])]
        new.racks = [list(self.racks[0]), list(self.racks[1])]
        new.rack_n = list(self.rack_n)
        new.known = [list(self.known[0]), list(self.known[1])]
        new.blocked = [list(self.blocked[0]), list(self.blocked[1])]
        new.present = list(self.present)
        new.down = list(self.down)
        return new

    def set_rack(self, seat: int, counts: list[int]) -> None:
        """Put these counts of each kind on ``seat``'s rack."""
        self.racks[seat] = list(counts)
        self.rack_n[seat] = sum(counts)
        self.present[seat] = sum(1 << k for k in range(8) if counts[k])

    def set_blocked(self, seat: int, counts: list[int]) -> None:
        """Lay these counts of each kind of ``seat``'s rack face down."""
        self.blocked[seat] = list(counts)
        self.down[seat] = sum(counts)

    # ------------------------------------------------------------ questions
    def can_draw(self, seat: int) -> bool:
        """Whether ``seat`` may draw: room on the rack and troops in the reserve."""
        return self.rack_n[seat] < RACK_MAX and bool(self.reserve[seat])

    def room(self, seat: int, wanted: int) -> int:
        """How many of ``wanted`` troops ``seat`` can draw now."""
        return min(wanted, RACK_MAX - self.rack_n[seat], len(self.reserve[seat]))

    def standing(self, seat: int) -> int:
        """The kinds ``seat`` can place now (on the rack, not all face down), as a mask."""
        if not self.down[seat]:
            return self.present[seat]
        rack = self.racks[seat]
        down = self.blocked[seat]
        return sum(1 << k for k in range(8) if rack[k] > down[k])

    def tiles(self, seat: int, face_down: bool) -> list[tuple[int, bool]]:
        """``seat``'s rack tiles a blind pick chooses from, as (kind, lies face down)."""
        rack = self.racks[seat]
        down = self.blocked[seat]
        out: list[tuple[int, bool]] = []
        for kind in range(8):
            out += [(kind, False)] * (rack[kind] - down[kind])
            if face_down:
                out += [(kind, True)] * down[kind]
        return out

    # -------------------------------------------------------------- changes
    def draw(self, seat: int, n: int) -> list[int]:
        """Move ``n`` troops from the reserve onto the rack; their kinds, in order."""
        reserve = self.reserve[seat]
        rack = self.racks[seat]
        got = reserve[len(reserve) - n:][::-1]
        del reserve[len(reserve) - n:]
        present = self.present[seat]
        for kind in got:
            rack[kind] += 1
            present |= 1 << kind
        self.present[seat] = present
        self.rack_n[seat] += n
        return got

    def take(self, seat: int, kind: int) -> None:
        """A troop leaves the rack for the board (a seen one first: the opponent knew it)."""
        rack = self.racks[seat]
        rack[kind] -= 1
        if not rack[kind]:
            self.present[seat] &= ~(1 << kind)
        self.rack_n[seat] -= 1
        if self.known[seat][kind]:
            self.known[seat][kind] -= 1

    def give(self, seat: int, kind: int) -> None:
        """A troop comes back to the rack in sight of both (from the board or the discard)."""
        self.racks[seat][kind] += 1
        self.present[seat] |= 1 << kind
        self.rack_n[seat] += 1
        self.known[seat][kind] += 1

    def lose(self, seat: int, kind: int, face_down: bool) -> None:
        """XB-42 takes a troop from ``seat``'s rack (a face-down one if ``face_down``)."""
        self.take(seat, kind)
        if face_down:
            self.blocked[seat][kind] -= 1
            self.down[seat] -= 1

    def block(self, seat: int, kind: int) -> None:
        """A standing tile of ``seat``'s rack is laid face down (the Battlefield's blind point)."""
        self.blocked[seat][kind] += 1
        self.down[seat] += 1

    def stand_up(self, seat: int) -> bool:
        """The end of ``seat``'s turn: its face-down troops stand up; whether there were any."""
        if self.down[seat]:
            self.blocked[seat] = [0] * 8
            self.down[seat] = 0
            return True
        return False


def counts_kinds(counts: list[int]) -> list[int]:
    """Counts per kind as a list of kinds (``[0, 2, ...]`` -> ``[1, 1, ...]``)."""
    return [k for k in range(8) for _ in range(counts[k])]


__all__ = ["Supply", "counts_kinds"]
