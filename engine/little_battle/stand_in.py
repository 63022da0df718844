"""A Little Battle state rebuilt from one seat's view alone (a network client's).

See ``engine.toy_battle.stand_in`` for why a client needs one. Here the seat
sees its own hand, Ship, face-down play and gold, every chest's colour, the
box and the last reveal; the Adventurers it cannot see (the others' hands,
Ships and face-down plays, the nap corner) are the 30 less those, dealt in
catalog order, and the gold it cannot see is each colour's coins less its
own, dealt in order. Another seat's face-down play lies before the first
pile that has chests: which pile it chose is not in the view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core.protocol import Event
from engine.little_battle.config import Config
from engine.little_battle.data import CHEST_COUNTS, PILES
from engine.little_battle.state import NAME, RUSH, LittleBattleState


def stand_in(picture: Mapping[str, Any], config: Config) -> LittleBattleState:
    """A state whose view for ``picture["seat"]`` is ``picture``; raises
    ValueError when the picture is not one a Little Battle view could give."""
    n = config.players
    me = picture["seat"]
    others = [s for s in range(n) if s != me]
    rush = picture["phase"] == RUSH

    cards = Counter(NAME)
    own_play = [(p["pile"], p["card"]) for p in picture["my_play"]]
    cards.subtract(picture["hand"])
    cards.subtract(picture["ship"])
    cards.subtract(card for _, card in own_play)
    cards.subtract(picture["box"])
    if any(v < 0 for v in cards.values()):
        raise ValueError("the picture shows an Adventurer twice")
    unseen = sorted(cards.elements(), key=NAME.index)

    def deal(k: int) -> list[str]:
        if k > len(unseen):
            raise ValueError("the picture's hidden Adventurers do not add up to the 30")
        out = unseen[:k]
        del unseen[:k]
        return out

    hands = [list(picture["hand"]) if s == me else [] for s in range(n)]
    ships = [list(picture["ship"]) if s == me else [] for s in range(n)]
    for s in others:
        hands[s] = deal(picture["hand_sizes"][s])
    for s in others:
        ships[s] = deal(picture["ship_sizes"][s])
    open_pile = next((p for p in range(PILES) if picture["beach"][p]), 0)
    beach: list[list[list[Any]]] = [[] for _ in range(PILES)]
    for pile, card in own_play:
        beach[pile].append([me, card])
    for s in others:
        if rush and picture["committed"][s]:
            beach[open_pile].append([s, deal(1)[0]])
    nap = deal(picture["nap"])
    if unseen:
        raise ValueError("the picture's hidden Adventurers do not add up to the 30")

    gold: dict[str, Counter[int]] = {c: Counter(config.chest_gold[c]) for c in CHEST_COUNTS}
    over = picture["result"] is not None
    for s in range(n):
        for won in picture["loot"][s]:
            if "gold" in won and (s == me or over):
                gold[won["color"]][won["gold"]] -= 1
    if any(v < 0 for g in gold.values() for v in g.values()):
        raise ValueError("the picture shows more gold than the chests hold")
    left = {c: sorted(g.elements()) for c, g in gold.items()}
    chests: list[list[Any]] = []

    def chest(color: str, known: int | None) -> int:
        chests.append([color, known if known is not None else left[color].pop(0)])
        return len(chests) - 1

    piles = [[chest(c["color"], None) for c in pile] for pile in picture["beach"]]
    loot = [[chest(c["color"], c["gold"] if "gold" in c and (s == me or over) else None) for c in picture["loot"][s]]
            for s in range(n)]
    data = {
        "config": config.to_dict(),
        "phase": picture["phase"],
        "deals": picture["deal"],
        "rush_turns": picture["rush_turns"],
        "chests": chests,
        "piles": piles,
        "hands": hands,
        "ships": ships,
        "loot": loot,
        "beach": beach,
        "committed": list(picture["committed"]),
        "nap": nap,
        "box": list(picture["box"]),
        "last_key": list(picture["last_key"]),
        "last_reveal": [[r["pile"], r["seat"], r["card"]] for r in picture["last_reveal"]],
    }
    state = LittleBattleState.from_dict(data)
    state.events = [Event(text) for text in picture["events"]]
    return state
