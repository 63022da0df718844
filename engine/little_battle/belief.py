"""What one Little Battle player knows of this deal, and hands it may imagine.

A player at the table remembers every packet that passed through her hands
in the draft and every card turned face up in the Gold Rush. With a model
of how the others pick (the greedy child's scores, ``policy``), that is a
lot: the cards she passed left are in the others' Ships; the cards missing
from a packet when it reaches her were taken by the players before her,
and the greedy child takes the best, so they were better than anything
left in it; a rival who dumps a weak card had no key that fitted.

``Belief`` keeps that memory, fed one view picture at a time (the bot's
own views and nothing else), and ``sample`` draws a whole imagined game
(a ``LittleBattleState`` built from the picture, never from the truth)
consistent with it: the packets' missing cards drawn
with the chance the greedy child would have taken them, the Gold Rush's
revealed cards put in their players' hands, each sample weighted by how
likely the others' revealed plays are under the model, and the hidden
gold dealt from the coins not yet seen. A player who joins a deal midway
(a loaded save) remembers too little for that, and imagines the others'
hands uniformly from the cards she has not seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.little_battle.cards import Chest
from engine.little_battle.config import Config
from engine.little_battle.data import HAND_SIZE, PILES
from engine.little_battle.phases import DRAFT, RUSH
from engine.little_battle.policy import ATTACK_BASE, NOISE, beats, keep_table
from engine.little_battle.state import ADVENTURERS, CARD_OF_NAME, CHIEF_IDS, LittleBattleState

FLOOR = 1e-3
"""Chosen: the least weight any imagined card or play keeps, so an opponent
who does not play like the model (a person) never leaves nothing to imagine."""


@dataclass
class Memory:
    """One deal as one seat saw it."""

    deal: int
    complete: bool  # seen from its first draft pick (else joined midway)
    seen: dict[int, tuple[int, ...]] = field(default_factory=dict)  # draft round -> packet in my hands
    keeps: dict[int, int] = field(default_factory=dict)  # draft round -> the card I kept
    counts: dict[str, int] | None = None  # chests per colour on the beach during the draft
    tops: dict[int, tuple[str | None, ...]] = field(default_factory=dict)  # rush turn -> top colours
    reveals: dict[int, tuple[tuple[int, int, int], ...]] = field(default_factory=dict)  # turn -> (pile, seat, card)


def used_cards(chiefs: bool) -> tuple[int, ...]:
    """The card ids in play: the Chiefs only with their variant."""
    return tuple(c for c in range(len(ADVENTURERS)) if chiefs or c not in CHIEF_IDS)


def _ids(names: list[str]) -> list[int]:
    return [CARD_OF_NAME[n] for n in names]


def _draw(cards: list[int], weights: list[float], rng: random.Random) -> int:
    """Index of one card drawn with these weights."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(cards) - 1


class Belief:
    """One seat's memory of the current deal and the games it can imagine."""

    def __init__(self) -> None:
        self.memory: Memory | None = None
        self._config: Config | None = None  # the imagined games' config, made once per game

    # ------------------------------------------------------------ memory
    def observe(self, picture: dict[str, Any]) -> None:
        """Remember what this picture (the seat's own view) shows of the deal."""
        deal = picture["deal"]
        hand = _ids(picture["hand"])
        ship = _ids(picture["ship"])
        draft = picture["phase"] == "draft"
        mem = self.memory
        if mem is None or mem.deal != deal or (draft and not ship) or not self._agrees(picture):
            # A new deal, a new game that reached the same deal number, or a deal joined midway.
            mem = self.memory = Memory(deal, draft and not ship)
        if draft:
            mem.seen[len(ship)] = tuple(hand)  # asked again (an undo): the same packet
            if mem.counts is None:
                mem.counts = _beach_counts(picture)
        elif picture["phase"] == "rush":
            turn = HAND_SIZE - len(hand) - len(picture["my_play"])
            mem.tops[turn] = tuple(p[0]["color"] if p else None for p in picture["beach"])
            if turn > 0 and picture["last_reveal"]:
                mem.reveals[turn - 1] = tuple(
                    (r["pile"], r["seat"], CARD_OF_NAME[r["card"]]) for r in picture["last_reveal"])
            if mem.counts is None:
                mem.counts = _beach_counts(picture)

    def _agrees(self, picture: dict[str, Any]) -> bool:
        """Whether the remembered keeps are this seat's crew (else the memory is another game's)."""
        mem = self.memory
        assert mem is not None
        crew = set(_ids(picture["ship"]))
        if picture["phase"] == "rush":
            crew |= set(_ids(picture["hand"])) | {CARD_OF_NAME[p["card"]] for p in picture["my_play"]}
            crew |= {c for turn in mem.reveals.values() for _, s, c in turn if s == picture["seat"]}
            crew |= {CARD_OF_NAME[r["card"]] for r in picture["last_reveal"] if r["seat"] == picture["seat"]}
            rounds = HAND_SIZE
        else:
            rounds = len(picture["ship"])
        return all(c in crew for r, c in mem.keeps.items() if r < rounds)

    def remembers(self, picture: dict[str, Any]) -> bool:
        """Whether this seat saw the whole deal so far (its packets and reveals),
        so it can imagine the others' hands from the draft; else it imagines them uniformly."""
        return self._full_draft(picture)

    def kept(self, picture: dict[str, Any], card: int) -> None:
        """Remember the card this seat keeps in the draft round it is in."""
        if self.memory is not None and picture["phase"] == "draft":
            self.memory.keeps[len(picture["ship"])] = card

    def _full_draft(self, picture: dict[str, Any]) -> bool:
        """Whether every packet this seat held this deal is remembered."""
        mem = self.memory
        if mem is None or not mem.complete or mem.counts is None:
            return False
        if picture["phase"] == "draft":
            rounds = len(picture["ship"])
        else:
            rounds = HAND_SIZE - 1
            if len(mem.reveals) < HAND_SIZE - len(picture["hand"]) - len(picture["my_play"]):
                return False
        return all(r in mem.seen and r in mem.keeps for r in range(rounds))

    # ---------------------------------------------------------- sampling
    def sample(self, picture: dict[str, Any], rng: random.Random) -> tuple[LittleBattleState, float]:
        """An imagined game at this picture's decision, and its weight: a
        state at the start of this step (nobody has chosen yet; a rival's
        face-down card is imagined again), with no generator of its own (the
        caller gives it one to play on) and an empty log and history."""
        n, me = picture["players"], picture["seat"]
        used = used_cards(picture["chiefs"])
        weight = 1.0
        if picture["phase"] == "draft":
            if self._full_draft(picture):
                ships, hands = self._draft(picture, len(picture["ship"]), used, rng)
            else:
                ships, hands = self._uniform(picture, used, rng)
            rush = False
        else:
            if self._full_draft(picture):
                ships, hands = self._draft(picture, HAND_SIZE, used, rng)
                hands = [ships[s] + hands[s] for s in range(n)]
                weight = self._rush(picture, hands, rng)
            else:
                ships, hands = self._uniform(picture, used, rng)
            ships = [[] for _ in range(n)]
            rush = True
        piles, loot = self._gold(picture, rng)
        hands[me] = _ids(picture["hand"])
        return self._world(picture, piles, loot, hands, ships, rush, used), weight

    def _world(self, picture: dict[str, Any], piles: list[list[Chest]], loot: list[list[Chest]],
               hands: list[list[int]], ships: list[list[int]], rush: bool, used: tuple[int, ...]) -> LittleBattleState:
        """The imagined game as an engine state: its own chest catalog (the
        beach's chests, then each Ship's) and every card in play not in a
        hand or a Ship in the nap corner, as the next deal finds it."""
        config = self._config
        gold = {c: tuple(v) for c, v in picture["chest_gold"].items()}
        if config is None or config.players != picture["players"] or config.chiefs != picture["chiefs"] \
                or config.chest_gold != gold:
            config = self._config = Config(players=picture["players"], chiefs=picture["chiefs"], chest_gold=gold)
        state = LittleBattleState(config, None)
        chests: list[Chest] = []
        ids: list[list[int]] = []
        for stack in (*piles, *loot):
            ids.append(list(range(len(chests), len(chests) + len(stack))))
            chests += stack
        state.piles, state.loot = ids[:len(piles)], ids[len(piles):]
        state.chests = tuple(chests)
        state.hands = hands
        state.ships = ships
        held = {c for cards in hands for c in cards} | {c for cards in ships for c in cards}
        state.nap = [c for c in used if c not in held]
        state.last_key = list(picture["last_key"])
        state.phase = RUSH if rush else DRAFT
        state.deals = picture["deal"]
        state.rush_turns = picture["rush_turns"]
        return state

    def _uniform(
        self, picture: dict[str, Any], used: tuple[int, ...], rng: random.Random
    ) -> tuple[list[list[int]], list[list[int]]]:
        """The others' cards drawn uniformly from the cards this seat cannot place."""
        n, me = picture["players"], picture["seat"]
        known = set(_ids(picture["hand"])) | set(_ids(picture["ship"]))
        known |= {CARD_OF_NAME[p["card"]] for p in picture["my_play"]}
        if self.memory is not None and self.memory.deal == picture["deal"]:
            known |= {c for turn in self.memory.reveals.values() for _, _, c in turn}
        known |= {CARD_OF_NAME[r["card"]] for r in picture["last_reveal"]}
        pool = [c for c in used if c not in known]
        rng.shuffle(pool)
        draft = picture["phase"] == "draft"
        hands: list[list[int]] = [[] for _ in range(n)]
        ships: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if s == me:
                ships[s] = _ids(picture["ship"])
                continue
            extra = 1 if picture["committed"][s] else 0  # its face-down choice is imagined again
            size = picture["hand_sizes"][s] + extra
            hands[s] = [pool.pop() for _ in range(size)]
            if draft:
                ships[s] = [pool.pop() for _ in range(picture["ship_sizes"][s] - extra)]
        return ships, hands

    def _draft(
        self, picture: dict[str, Any], now: int, used: tuple[int, ...], rng: random.Random
    ) -> tuple[list[list[int]], list[list[int]]]:
        """The ships and packets after ``now`` draft rounds, imagined along
        each packet's path round the table (packet ``j`` was dealt to seat
        ``j``; at round ``r`` seat ``j + r`` holds it)."""
        mem = self.memory
        assert mem is not None and mem.counts is not None
        n, me = picture["players"], picture["seat"]
        table = keep_table(mem.counts)
        seen = dict(mem.seen)
        if now == HAND_SIZE and HAND_SIZE - 1 not in seen:
            # The last single card was kept without a choice: it is the one in the crew not kept by choice.
            crew = set(_ids(picture["hand"])) | {CARD_OF_NAME[p["card"]] for p in picture["my_play"]}
            crew |= {c for turn in mem.reveals.values() for _, s, c in turn if s == me}
            last = crew - set(mem.keeps.values())
            if len(last) == 1:
                seen[HAND_SIZE - 1] = tuple(last)
        keeps = dict(mem.keeps)
        for r, packet in seen.items():
            if len(packet) == 1:
                keeps.setdefault(r, packet[0])
        seen_cards = {c for packet in seen.values() for c in packet}
        pool = [c for c in used if c not in seen_cards]
        holds = {j: [r for r in range(min(now, HAND_SIZE - 1) + 1) if (j + r) % n == me and r in seen] for j in range(n)}
        picks: dict[tuple[int, int], int] = {}  # (packet, round) -> card taken
        contents: dict[int, list[int]] = {}
        # Packets this seat has held, the most constrained first: the cards gone before it saw them.
        for j in sorted((j for j in range(n) if holds[j]), key=lambda j: -holds[j][0]):
            first = holds[j][0]
            after = [table[x] for x in seen[first]]
            for r in reversed(range(first)):
                weights = []
                for c in pool:
                    w, score = 1.0, table[c]
                    for x in after:
                        if score - x < NOISE:
                            w *= beats(score - x)
                    weights.append(w if w > FLOOR else FLOOR)
                c = pool.pop(_draw(pool, weights, rng))
                picks[(j, r)] = c
                after.append(table[c])
            cur = list(seen[first])
            for r in range(first, now):
                holder = (j + r) % n
                if holder == me:
                    pick = keeps[r]
                elif len(cur) == 1:
                    pick = cur[0]
                else:
                    later = [r2 for r2 in holds[j] if r2 > r]
                    options = [c for c in cur if c not in seen[later[0]]] if later else cur
                    pick = max(options, key=lambda c: table[c] + rng.random() * NOISE)
                cur.remove(pick)
                picks[(j, r)] = pick
                if (j + r + 1) % n == me and r + 1 in seen:
                    cur = list(seen[r + 1])  # what it really held next, should the model have guessed wrong
            contents[j] = cur
        rng.shuffle(pool)
        for j in range(n):
            if holds[j]:
                continue
            cur = [pool.pop() for _ in range(HAND_SIZE)]
            for r in range(now):
                pick = max(cur, key=lambda c: table[c] + rng.random() * NOISE) if len(cur) > 1 else cur[0]
                cur.remove(pick)
                picks[(j, r)] = pick
            contents[j] = cur
        ships: list[list[int]] = [[] for _ in range(n)]
        for (j, r), c in sorted(picks.items(), key=lambda item: item[0][1]):
            ships[(j + r) % n].append(c)
        hands: list[list[int]] = [[] for _ in range(n)]
        for j, cur in contents.items():
            hands[(j + now) % n] = cur
        return ships, hands

    def _rush(self, picture: dict[str, Any], hands: list[list[int]], rng: random.Random) -> float:
        """Put each revealed card in its player's crew, take the played ones
        out, and weigh the sample by how likely the others' plays were."""
        mem = self.memory
        assert mem is not None
        n, me = picture["players"], picture["seat"]
        played: dict[int, list[tuple[int, int, int]]] = {s: [] for s in range(n)}  # seat -> (turn, pile, card)
        for turn in sorted(mem.reveals):
            for pile, seat, card in mem.reveals[turn]:
                played[seat].append((turn, pile, card))
        owner = {c: s for s in range(n) for _, _, c in played[s]}
        where = {c: s for s in range(n) for c in hands[s]}
        for _ in range(HAND_SIZE):  # swaps until every revealed card is in its player's crew
            moved = False
            for s in range(n):
                if s == me:
                    continue
                for _, _, card in played[s]:
                    if where.get(card) == s:
                        continue
                    theirs = [c for c in hands[s] if owner.get(c, s) != s]  # another's revealed card: must go anyway
                    free = theirs or [c for c in hands[s] if c not in owner]
                    if not free:
                        continue
                    give = free[int(rng.random() * len(free))]
                    other = where.get(card)
                    hands[s].remove(give)
                    hands[s].append(card)
                    where[card] = s
                    where.pop(give)
                    if other is not None:
                        hands[other].remove(card)
                        hands[other].append(give)
                        where[give] = other
                    moved = True
            if not moved:
                break
        revealed = set(owner)
        weight = 1.0
        for s in range(n):
            if s == me:
                continue
            held = [c for c in hands[s] if c not in revealed]
            for turn, pile, card in sorted(played[s], reverse=True):
                held.append(card)  # back in hand at that turn
                tops = mem.tops.get(turn)
                if tops is None:
                    continue
                mine = ATTACK_BASE[(card, tops[pile])]
                p = 1.0
                for c in held:
                    for q in range(PILES):
                        if tops[q] is None or (c == card and q == pile):
                            continue
                        p *= beats(mine - ATTACK_BASE[(c, tops[q])])
                weight *= max(p, FLOOR)
            hands[s] = [c for c in hands[s] if c not in revealed]
        return weight

    def _gold(self, picture: dict[str, Any], rng: random.Random) -> tuple[list[list[Chest]], list[list[Chest]]]:
        """The beach's chests and every seat's, the hidden gold dealt from
        the coins of each colour this seat has not seen."""
        me = picture["seat"]
        pools: dict[str, list[int]] = {c: list(v) for c, v in picture["chest_gold"].items()}
        for chest in picture["loot"][me]:
            pools[chest["color"]].remove(chest["gold"])
        for pool in pools.values():
            rng.shuffle(pool)
        piles = [[Chest(ch["color"], pools[ch["color"]].pop()) for ch in pile] for pile in picture["beach"]]
        loot = [[Chest(ch["color"], ch["gold"] if s == me else pools[ch["color"]].pop()) for ch in won]
                for s, won in enumerate(picture["loot"])]
        return piles, loot


def _beach_counts(picture: dict[str, Any]) -> dict[str, int]:
    out = {"blue": 0, "red": 0, "yellow": 0}
    for pile in picture["beach"]:
        for chest in pile:
            out[chest["color"]] += 1
    return out
