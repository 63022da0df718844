"""A light copy of one imagined Little Battle game, for the hard bot to play forward.

The hard bot thinks "if the others hold these cards and play as the greedy
child does, what happens after I play this?" thousands of times a
decision, so it needs a game it can copy and run for microseconds, not the
full ``LittleBattleState`` (events, secrets, checks, records). This is that
game: card ids and chest lists only, the same loot rule
(``loot.resolve_steps``), the same deal and pass-left draft, and the
heuristic's scores (``policy``) for every seat the bot does not steer.
It is built only from a bot's imagined sample (``belief``), never from the
true state.

A second copy of the draft's and the deal's bookkeeping, kept for speed
only with ``tests/little_battle/test_playout.py``, which plays every seed
of every player count both ways, the engine and this, and holds them equal
after every step. The engine plays the same games about three times slower
(its checks, log, history and secrecy on every step: 232 against 79 µs a
4-player game over 300 seeds with the same choices, issue 26's round), too
slow for a 0.2 s decision that imagines hundreds of games.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from engine.little_battle.actions import ADVENTURERS, CHIEF_IDS
from engine.little_battle.cards import Chest
from engine.little_battle.data import HAND_SIZE, PILES
from engine.little_battle.loot import resolve_steps
from engine.little_battle.policy import NOISE, attack_score, keep_score

ATTACK_BASE: dict[tuple[int, str | None], float] = {
    (c, top): attack_score(ADVENTURERS[c], top) for c in range(len(ADVENTURERS)) for top in ("blue", "red", "yellow", None)
}
"""The heuristic's attack score of each card before each top colour (None: an empty pile)."""


def used_cards(chiefs: bool) -> tuple[int, ...]:
    """The card ids in play: the Chiefs only with their variant."""
    return tuple(c for c in range(len(ADVENTURERS)) if chiefs or c not in CHIEF_IDS)


def keep_table(counts: dict[str, int]) -> tuple[float, ...]:
    """The heuristic's keep score of every card id for these beach counts."""
    return _keep_table(counts["blue"], counts["red"], counts["yellow"])


@cache
def _keep_table(blue: int, red: int, yellow: int) -> tuple[float, ...]:
    counts = {"blue": blue, "red": red, "yellow": yellow}
    return tuple(keep_score(card, counts) for card in ADVENTURERS)



Keeper = Callable[["Playout", int, random.Random], int]
Attacker = Callable[["Playout", int, random.Random], tuple[int, int]]


@dataclass(slots=True)
class Playout:
    """One imagined game from now on.

    ``hands``: each seat's cards (in the draft, the packet it holds);
    ``ships``: cards kept so far this draft; ``piles``: chests top first;
    ``gold``: each seat's coins; ``rush``: in the Gold Rush (else the draft).
    """

    players: int
    piles: list[list[Chest]]
    hands: list[list[int]]
    ships: list[list[int]]
    gold: list[int]
    last_key: list[str | None]
    rush: bool
    used: tuple[int, ...]

    def copy(self) -> Playout:
        return Playout(
            self.players, [list(p) for p in self.piles], [list(h) for h in self.hands],
            [list(s) for s in self.ships], list(self.gold), list(self.last_key), self.rush, self.used,
        )

    def over(self) -> bool:
        return not self.piles[0] and not self.piles[1]

    def counts(self) -> dict[str, int]:
        out = {"blue": 0, "red": 0, "yellow": 0}
        for pile in self.piles:
            for chest in pile:
                out[chest.color] += 1
        return out

    # ------------------------------------------------------------ steps
    def keep(self, picks: list[int]) -> None:
        """Every seat keeps ``picks[seat]``; the packets pass left; a last single card is kept."""
        n = self.players
        for s in range(n):
            self.hands[s].remove(picks[s])
            self.ships[s].append(picks[s])
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]
        if len(self.hands[0]) == 1:
            self.hands = [self.ships[s] + self.hands[s] for s in range(n)]
            self.ships = [[] for _ in range(n)]
            self.rush = True

    def attack(self, plays: list[tuple[int, int]], rng: random.Random) -> None:
        """Every seat plays ``plays[seat]`` = (card, pile); the loot is shared;
        a new deal follows when hands are empty and chests remain."""
        placed: list[list[tuple[int, int]]] = [[] for _ in range(PILES)]
        for s, (card, pile) in enumerate(plays):
            self.hands[s].remove(card)
            placed[pile].append((s, card))
        for p in range(PILES):
            if not placed[p]:
                continue
            chests = self.piles[p]
            steps = resolve_steps(chests, [(s, ADVENTURERS[c]) for s, c in placed[p]], self.last_key[p])
            for who, idx in steps.takes:
                self.gold[placed[p][who][0]] += chests[idx].gold
            del chests[: len(steps.takes)]
            self.last_key[p] = steps.last_key
        if not self.over() and not self.hands[0]:
            self.deal(rng)

    def deal(self, rng: random.Random) -> None:
        """Shuffle every Adventurer in play and deal 5 to each seat: a new draft."""
        order = list(self.used)
        rng.shuffle(order)
        self.hands = [order[s * HAND_SIZE:(s + 1) * HAND_SIZE] for s in range(self.players)]
        self.ships = [[] for _ in range(self.players)]
        self.rush = False

    # ---------------------------------------------------------- the model
    def heuristic_keep(self, seat: int, rng: random.Random, table: tuple[float, ...]) -> int:
        """The greedy child's keep from ``seat``'s packet."""
        best, top = -1, -1e9
        for c in self.hands[seat]:
            v = table[c] + rng.random() * NOISE
            if v > top:
                best, top = c, v
        return best

    def heuristic_attack(self, seat: int, rng: random.Random) -> tuple[int, int]:
        """The greedy child's play: the strongest key that fits a top chest, else the weakest card."""
        tops = [pile[0].color if pile else None for pile in self.piles]
        open_piles = [p for p in range(PILES) if self.piles[p]]
        best, top = (-1, -1), -1e9
        for c in self.hands[seat]:
            for p in open_piles:
                v = ATTACK_BASE[(c, tops[p])] + rng.random() * NOISE
                if v > top:
                    best, top = (c, p), v
        return best

    def run(self, rng: random.Random, keeper: dict[int, Keeper] | None = None,
            attacker: dict[int, Attacker] | None = None) -> None:
        """Play to the end: seats in ``keeper``/``attacker`` by those functions, the rest as the heuristic."""
        keeper = keeper or {}
        attacker = attacker or {}
        n = self.players
        table: tuple[float, ...] | None = None
        while not self.over():
            if self.rush:
                table = None
                self.attack([attacker[s](self, s, rng) if s in attacker else self.heuristic_attack(s, rng)
                             for s in range(n)], rng)
            else:
                if table is None:
                    table = keep_table(self.counts())
                self.keep([keeper[s](self, s, rng) if s in keeper else self.heuristic_keep(s, rng, table)
                           for s in range(n)])

    def reward(self, seat: int) -> float:
        """1 for a sole win, 1/k for a k-way shared win, else 0 (as ``Result.reward``)."""
        top = max(self.gold)
        if self.gold[seat] != top:
            return 0.0
        return 1.0 / self.gold.count(top)
