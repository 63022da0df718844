"""One player's picture of a game of Little Battle, drawn from what it may read.

Everything here comes from ``View.known()``: the fields ``SECRECY``
declares public and what each secret shows this seat (``engine.
little_battle.secrecy``): its own hand, Ship, face-down play and gold;
of the others only counts and chest colours. A part of the state declared
nowhere is not in the picture.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from engine.core.protocol import View
from engine.little_battle.actions import NAME
from engine.little_battle.phases import OVER

if TYPE_CHECKING:
    from engine.little_battle.state import LittleBattleState


class LittleBattleView(View):
    """One player's picture: own hand, Ship and gold; others' only as counts
    and colours (derived from ``engine.little_battle.secrecy.SECRECY``)."""

    _truth: LittleBattleState

    def random_action(self, rng: random.Random) -> Any:
        """One legal action drawn uniformly (the random bot's choice, without
        building the list), or None when this seat has none."""
        return self._truth.random_action(self.seat, rng)

    def greedy_action(self, rng: random.Random) -> Any:
        """The greedy child's choice for this seat (``HeuristicBot``'s: see
        ``LittleBattleState.greedy_action``), from what this seat sees, or None."""
        return self._truth.greedy_action(self.seat, rng)

    def to_dict(self) -> dict[str, Any]:
        known = self.known()
        me = self.seat
        n = known["num_seats"]
        seated = 0 <= me < n  # a spectator (``SPECTATOR``) holds no hand, Ship or play
        config = known["config"]
        over = known["phase"] == OVER
        hands = known.shown("hand")
        ships = known.shown("ship")
        play = known.shown("play")[me] if seated else []
        at = known.shown("played_at")[me] if seated else []
        loot = known.shown("loot")
        seen = [over or s == me for s in range(n)]  # the loot's gold, else its colours
        return {
            "game": "little-battle",
            "seat": me,
            "players": n,
            "chiefs": config.chiefs,
            "chest_gold": {c: list(v) for c, v in config.chest_gold.items()},  # the rules' coins, not where they lie
            "phase": known["phase"],
            "deal": known["deals"],
            "rush_turns": known["rush_turns"],
            "to_act": self.to_act(),
            "hand": [NAME[c] for c in hands[me]] if seated else [],
            "hand_sizes": [_size(h) for h in hands],
            "ship": [NAME[c] for c in ships[me]] if seated else [],
            "ship_sizes": [_size(s) for s in ships],
            "committed": list(known["committed"]),
            "my_play": [{"pile": p, "card": NAME[c]} for p, c in zip(at, play, strict=True)],
            "beach": [[{"color": color} for color in pile] for pile in known.shown("pile")],
            "loot": [
                [{"color": color, "gold": gold} for color, gold in chests] if seen[s] else [{"color": c} for c in chests]
                for s, chests in enumerate(loot)
            ],
            "gold": [sum(gold for _, gold in chests) if seen[s] else None for s, chests in enumerate(loot)],
            "nap": _size(known.shown("nap")[0]),
            "box": [NAME[c] for c in known["box"]],
            "last_key": list(known["last_key"]),
            "last_reveal": [{"pile": p, "seat": s, "card": NAME[c]} for p, s, c in known["last_reveal"]],
            "events": [e.text for e in self.events],
            "result": result.to_dict() if over and (result := self.result()) is not None else None,
        }


def _size(shown: Any) -> int:
    """A slice's size, from its items (shown) or its cover (a count)."""
    return len(shown) if isinstance(shown, list) else int(shown)


__all__ = ["LittleBattleView"]
