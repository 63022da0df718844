"""Little Battle as a Toybox State: draft, Gold Rush, repeat, most gold wins.

Card identities are small ints into two catalogs (Adventurers are unique by
kind and value; chests are not, so they are told apart by id). Both
simultaneous steps — keeping a draft card and placing an Adventurer before
a pile — commit privately: the card leaves the hand at once (conservation
holds at every step) but nobody else learns which card until the step
resolves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

import engine.little_battle.secrecy as secrecy
from engine.core.actions import inexact
from engine.core.draws import shuffle
from engine.core.protocol import CHANCE, DeferredLog, Event, Result, State, scores_result
from engine.core.secrecy import Slice
from engine.little_battle.actions import (
    ADVENTURERS,
    ATTACK,
    CARD_ID,
    CARD_OF_NAME,
    CHIEF_IDS,
    KEEP,
    NAME,
    Attack,
    Keep,
    Shuffle,
)
from engine.little_battle.cards import Chest
from engine.little_battle.config import Config
from engine.little_battle.data import CHEST_COUNTS, HAND_SIZE, PILES
from engine.little_battle.loot import resolve_steps
from engine.little_battle.phases import DEAL, DRAFT, OVER, RUSH, SETUP, Phase
from engine.little_battle.policy import ATTACK_ROW, NOISE, keep_table
from engine.little_battle.secrecy import HAND, PLAY, SECRECY, SHIP
from engine.little_battle.view import LittleBattleView

MAX_SEATS = 8
KEPT: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(f"You keep {NAME[c]}.", SHIP.seen_by(s)) for c in range(len(ADVENTURERS))) for s in range(MAX_SEATS)
)
"""The private log line of each seat's keep, made once (a draft logs one per card)."""
PLAYED: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event(f"You play {NAME[c]} at pile {p + 1}.", PLAY.seen_by(s)) for p in range(PILES))
          for c in range(len(ADVENTURERS))) for s in range(MAX_SEATS)
)
"""The private log line of each seat's face-down play, made once."""


def _deal_line(deal: int) -> Event:
    return Event(f"Deal {deal}: recruiting the Adventurers.")


DEAL_LINES: list[Event] = [_deal_line(d) for d in range(64)]
"""The public line of each deal, made once (a game deals about four times)."""
PHASES: dict[str, Phase] = {p.value: p for p in Phase}
"""The phases by name (states compare phases with ``is``)."""


_COLOR = attrgetter("color")
_GOLD = attrgetter("gold")

_CATALOGS: dict[tuple[tuple[int, ...], ...], tuple[Chest, ...]] = {}


def chest_catalog(config: Config) -> tuple[Chest, ...]:
    """The 18 chests of this game, blue then red then yellow (made once per gold)."""
    key = tuple(tuple(config.chest_gold[color]) for color in CHEST_COUNTS)
    chests = _CATALOGS.get(key)
    if chests is None:
        chests = _CATALOGS[key] = tuple(Chest(color, gold) for color in CHEST_COUNTS for gold in config.chest_gold[color])
    return chests


class LittleBattleState(DeferredLog, State):
    game = "little-battle"
    public_moves = False  # a kept or played card is its player's: the secrecy declaration says so
    secrecy = SECRECY

    def __init__(self, config: Config, rng: random.Random | None) -> None:
        n = config.players
        self.config = config
        self.num_seats = n
        self.rng = rng
        self.chests = chest_catalog(config)
        self.piles: list[list[int]] = [[] for _ in range(PILES)]  # top first
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.ships: list[list[int]] = [[] for _ in range(n)]
        self.loot: list[list[int]] = [[] for _ in range(n)]  # chest ids under each Ship
        self.beach: list[list[tuple[int, int]]] = [[] for _ in range(PILES)]  # (seat, card) placed
        self.committed = [False] * n
        self.used = list(range(len(ADVENTURERS) - (0 if config.chiefs else 3)))
        self.nap: list[int] = list(self.used)  # face down; unused cards wait here (Setup)
        self.box: list[int] = [] if config.chiefs else list(CHIEF_IDS)
        self.last_key: list[str | None] = [None] * PILES
        self.last_reveal: tuple[tuple[int, int, int], ...] = ()  # (pile, seat, card) of the last Gold Rush turn
        self.phase = SETUP
        self.deals = 0
        self.rush_turns = 0
        self._lines: list[Any] = []  # the log (``DeferredLog``): Events, and lines kept as their facts
        self._written = 0
        self.irreversible = 0

    # ------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is DRAFT or phase is RUSH:
            return [s for s, done in enumerate(self.committed) if not done]
        if phase is OVER:
            return []
        return [CHANCE]

    def chance_pending(self) -> bool:
        return self.phase is SETUP or self.phase is DEAL

    def legal_actions(self, seat: int) -> list[Any]:
        if seat < 0 or seat >= self.num_seats or self.committed[seat]:
            return []
        if self.phase is DRAFT:
            return [KEEP[c] for c in self.hands[seat]]
        if self.phase is RUSH:
            if all(self.piles):
                return [a for c in self.hands[seat] for a in ATTACK[c]]
            open_piles = [p for p in range(PILES) if self.piles[p]]
            return [ATTACK[c][p] for c in self.hands[seat] for p in open_piles]
        return []

    def random_action(self, seat: int, rng: random.Random) -> Any:
        """One of ``seat``'s legal actions drawn uniformly (as the random bot
        draws from ``legal_actions``, without building the list), or None."""
        if seat < 0 or seat >= self.num_seats or self.committed[seat]:
            return None
        phase = self.phase
        hand = self.hands[seat]
        if phase is DRAFT:
            drawn: Any = KEEP[hand[int(rng.random() * len(hand))]]
        elif phase is RUSH:
            piles = self.piles
            if piles[0] and piles[1]:  # the legal list: each card at pile 1, then at pile 2
                i = int(rng.random() * (len(hand) * 2))
                drawn = ATTACK[hand[i >> 1]][i & 1]
            else:
                drawn = ATTACK[hand[int(rng.random() * len(hand))]][0 if piles[0] else 1]
        else:
            return None
        self._drawn = drawn
        self._drawn_by = seat
        return drawn

    def greedy_action(self, seat: int, rng: random.Random, keeps: Sequence[float] | None = None) -> Any:
        """The greedy child's choice for ``seat`` (``HeuristicBot``'s), or
        None when ``seat`` need not act: each legal action scored by
        ``policy`` plus a jitter drawn from ``rng`` in the legal list's
        order, the first best kept. It reads only what ``seat`` sees (its
        hand, the chests' colours). Drawn by the state from its own legal
        actions, like ``random_action``, so ``apply`` takes it without a
        check: the hard bot plays its imagined games with it. ``keeps``:
        ``policy.keep_table`` of the beach now, when the caller has it."""
        if seat < 0 or seat >= self.num_seats or self.committed[seat]:
            return None
        phase = self.phase
        hand = self.hands[seat]
        best, high = -1, -1e9
        if phase is DRAFT:
            if keeps is None:
                keeps = keep_table(self.beach_counts())
            for c in hand:
                v = keeps[c] + rng.random() * NOISE
                if v > high:
                    best, high = c, v
            drawn: Any = KEEP[best]
        elif phase is RUSH:  # the legal list: each card at pile 1, then at pile 2 (the open ones)
            first, second = self.piles
            chests = self.chests
            at = 0
            if first and second:
                one, two = ATTACK_ROW[chests[first[0]].color], ATTACK_ROW[chests[second[0]].color]
                for c in hand:
                    v = one[c] + rng.random() * NOISE
                    if v > high:
                        best, at, high = c, 0, v
                    v = two[c] + rng.random() * NOISE
                    if v > high:
                        best, at, high = c, 1, v
            else:
                at = 0 if first else 1
                row = ATTACK_ROW[chests[(first or second)[0]].color]
                for c in hand:
                    v = row[c] + rng.random() * NOISE
                    if v > high:
                        best, high = c, v
            drawn = ATTACK[best][at]
        else:
            return None
        self._drawn = drawn
        self._drawn_by = seat
        return drawn

    def beach_counts(self) -> dict[str, int]:
        """Chests of each colour on the beach (every seat sees the colours)."""
        counts = {"blue": 0, "red": 0, "yellow": 0}
        chests = self.chests
        for pile in self.piles:
            for i in pile:
                counts[chests[i].color] += 1
        return counts

    def check(self, seat: int, action: Any) -> str | None:
        exact = inexact(seat, action)  # Lead(0.0) equals Lead(0): the types are held exactly first
        if exact is not None:
            return exact
        if self.phase is OVER:
            return "The game is over."
        if seat == CHANCE:
            return self._check_chance(action)
        if not 0 <= seat < self.num_seats:
            return f"There is no player {seat + 1} in this {self.num_seats}-player game."
        if self.phase not in (DRAFT, RUSH):
            return "The cards are being shuffled; wait for the deal."
        if self.committed[seat]:
            return "You have already chosen this turn; wait for the others."
        if self.phase is DRAFT:
            if not isinstance(action, Keep):
                return "Now you keep a card for your Ship (recruiting the Adventurers)."
            if action.card_id not in self.hands[seat]:
                return f"{action.card} is not in your hand."
            return None
        if not isinstance(action, Attack):
            return "Now you play an Adventurer before a pile of chests (the Gold Rush)."
        if action.card_id not in self.hands[seat]:
            return f"{action.card} is not in your hand."
        if action.pile not in range(PILES):
            return f"There is no pile {action.pile + 1}; choose pile 1 or 2."
        if not self.piles[action.pile]:
            return f"Pile {action.pile + 1} has no chests left."
        return None

    def _check_chance(self, action: Any) -> str | None:
        if self.phase not in (SETUP, DEAL):
            return "No shuffle is due now."
        if not isinstance(action, Shuffle):
            return "A shuffle is due now."
        expected = "chests" if self.phase is SETUP else "adventurers"
        if action.what != expected:
            return f"The {expected} are to be shuffled now, not the {action.what}."
        pool = range(len(self.chests)) if self.phase is SETUP else self.nap
        if sorted(action.order) != sorted(pool):
            return f"That order is not a shuffle of the {expected}."
        return None

    def sample_chance(self, rng: random.Random) -> Shuffle:
        if self.phase is SETUP:
            order = list(range(len(self.chests)))
            shuffle(rng, order)  # exactly rng.shuffle's order, faster
            return Shuffle("chests", tuple(order))
        order = list(self.nap)
        shuffle(rng, order)
        return Shuffle("adventurers", tuple(order))

    def _apply(self, seat: int, action: Any) -> None:
        self._drawn = None
        if seat == CHANCE:
            if action.what == "chests":
                half = len(action.order) // PILES
                self.piles = [list(action.order[i * half:(i + 1) * half]) for i in range(PILES)]
                self.phase = DEAL
                self._lines.append(SHUFFLED)
            else:
                self._deal(action.order)
        elif type(action) is Keep:
            c = action.card_id
            self.hands[seat].remove(c)
            self.ships[seat].append(c)
            self.committed[seat] = True
            self._lines.append(KEPT[seat][c])
            if False not in self.committed:  # all committed, without a call
                self._pass_hands()
        else:
            c = action.card_id
            self.hands[seat].remove(c)
            self.beach[action.pile].append((seat, c))
            self.committed[seat] = True
            self._lines.append(PLAYED[seat][c][action.pile])
            if False not in self.committed:  # all committed, without a call
                self._share_loot()

    # ---------------------------------------------------------------- steps
    def _deal(self, order: tuple[int, ...]) -> None:
        """Step 1 begins: deal 5 to each player; the rest stays in the nap corner."""
        n = self.num_seats
        log = self._lines
        for s in range(n):
            dealt = order[s * HAND_SIZE:(s + 1) * HAND_SIZE]
            self.hands[s] = list(dealt)
            log.append((_dealt_line, s, dealt))
        self.nap = list(order[n * HAND_SIZE:])
        self.last_reveal = ()  # those cards are shuffled back in: the reveal is over
        self.deals += 1
        self.phase = DRAFT
        self.committed = [False] * n
        log.append(DEAL_LINES[self.deals] if self.deals < len(DEAL_LINES) else _deal_line(self.deals))

    def _pass_hands(self) -> None:
        """Pass the rest left, take from the right; the last single card is kept."""
        n = self.num_seats
        hands = self.hands
        self.hands = hands[-1:] + hands[:-1]  # seat s takes the packet of seat s - 1
        self.committed = [False] * n
        self.irreversible += 1
        if len(self.hands[0]) == 1:
            for s in range(n):
                self.ships[s].extend(self.hands[s])
            self.hands, self.ships = self.ships, [[] for _ in range(n)]
            self.phase = RUSH
            self._lines.append(CREWS_COMPLETE)

    def _share_loot(self) -> None:
        """Reveal the played cards and share the loot pile by pile."""
        self.rush_turns += 1
        self.irreversible += 1
        # Loops and maps, no comprehensions: a comprehension's outer names would become cells for the whole method.
        beach = self.beach
        reveal: list[tuple[int, int, int]] = []
        log = self._lines
        chests = self.chests
        loot = self.loot
        nap = self.nap
        for p in range(PILES):
            placed = beach[p]
            if not placed:
                continue
            for s, c in placed:
                reveal.append((p, s, c))
            log.append((_pile_line, p, placed))  # ``placed`` is not changed again: the beach gets a new list below
            pile = self.piles[p]
            steps = resolve_steps(list(map(_COLOR, map(chests.__getitem__, pile))), placed, self.last_key[p])
            for who, idx in steps.takes:
                loot[placed[who][0]].append(pile[idx])
            log.extend(steps.lines)
            del pile[: len(steps.takes)]
            self.last_key[p] = steps.last_key
            for i in steps.nap:
                nap.append(placed[i][1])
            beach[p] = []
        self.last_reveal = tuple(reveal)
        self.committed = [False] * self.num_seats
        if not any(self.piles):
            self.phase = OVER
            log.append((_end_line, tuple(map(self.gold, range(self.num_seats)))))
        elif not self.hands[0]:
            self.phase = DEAL
            log.append(NAP_SHUFFLED)

    # ---------------------------------------------------------------- end
    def is_over(self) -> bool:
        return self.phase is OVER

    def gold(self, seat: int) -> int:
        return sum(map(_GOLD, map(self.chests.__getitem__, self.loot[seat])))

    def result(self) -> Result | None:
        if self.phase is not OVER:
            return None
        return _result([self.gold(s) for s in range(self.num_seats)])

    # ---------------------------------------------------------- copies, data
    def clone(self) -> LittleBattleState:
        new = LittleBattleState.__new__(LittleBattleState)
        new.config = self.config
        new.num_seats = self.num_seats
        new.rng = self._clone_rng()
        new.chests = self.chests
        new.piles = [list(p) for p in self.piles]
        new.hands = [list(h) for h in self.hands]
        new.ships = [list(s) for s in self.ships]
        new.loot = [list(won) for won in self.loot]
        new.beach = [list(b) for b in self.beach]
        new.committed = list(self.committed)
        new.used = self.used
        new.nap = list(self.nap)
        new.box = list(self.box)
        new.last_key = list(self.last_key)
        new.last_reveal = self.last_reveal
        new.phase = self.phase
        new.deals = self.deals
        new.rush_turns = self.rush_turns
        new._lines = list(self._lines)  # a line kept as facts is a tuple: shared, and written out by each copy itself
        new._written = self._written
        new.irreversible = self.irreversible
        new.trail = self.trail
        new._drawn = None  # a copy may be dealt other cards (determinize): its draws start afresh
        return new

    def to_dict(self) -> dict[str, Any]:
        names = _names
        return {
            "game": self.game,
            "config": self.config.to_dict(),
            "phase": self.phase,
            "deals": self.deals,
            "rush_turns": self.rush_turns,
            "chests": [[c.color, c.gold] for c in self.chests],
            "piles": [list(p) for p in self.piles],
            "hands": [names(h) for h in self.hands],
            "ships": [names(s) for s in self.ships],
            "loot": [list(won) for won in self.loot],
            "beach": [[[s, str(ADVENTURERS[c])] for s, c in b] for b in self.beach],
            "committed": list(self.committed),
            "nap": names(self.nap),
            "box": names(self.box),
            "last_key": list(self.last_key),
            "last_reveal": [[p, s, NAME[c]] for p, s, c in self.last_reveal],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random | None = None) -> LittleBattleState:
        """The state ``to_dict`` wrote (events and history start empty), so
        tests build positions from data; a bad field raises ValueError naming it."""
        try:
            state = cls(Config.from_dict(data["config"]), rng)
            n = state.num_seats
            cards = _cards
            phase = PHASES[data["phase"]]
            chests = tuple(Chest(color, gold) for color, gold in data["chests"])
            if sorted(c.color for c in chests) != sorted(c.color for c in state.chests) or len(chests) != len(state.chests):
                raise ValueError("chests: not this game's chest colours")
            state.chests = chests
            state.phase = phase
            state.deals = int(data["deals"])
            state.rush_turns = int(data["rush_turns"])
            state.piles = [list(p) for p in data["piles"]]
            state.hands = [cards(h) for h in data["hands"]]
            state.ships = [cards(x) for x in data["ships"]]
            state.loot = [list(x) for x in data["loot"]]
            state.beach = [[(int(seat), CARD_OF_NAME[name]) for seat, name in b] for b in data["beach"]]
            state.committed = [bool(c) for c in data["committed"]]
            state.nap = cards(data["nap"])
            state.box = cards(data["box"])
            state.last_key = list(data["last_key"])
            state.last_reveal = tuple((int(p), int(seat), CARD_OF_NAME[name]) for p, seat, name in data["last_reveal"])
        except KeyError as err:
            raise ValueError(f"a Little Battle state needs {err.args[0]!r}: missing field or unknown name") from None
        except (TypeError, ValueError) as err:
            raise ValueError(f"not a Little Battle state: {err}") from None
        for name in ("hands", "ships", "loot", "committed"):
            if len(getattr(state, name)) != n:
                raise ValueError(f"{name}: expected one entry per player ({n})")
        if state.card_count() != len(ADVENTURERS) or state.chest_count() != len(state.chests):
            raise ValueError("every Adventurer and every chest must be somewhere exactly once")
        return state

    def view(self, seat: int) -> LittleBattleView:
        return LittleBattleView(self, seat)

    # ------------------------------------------------------------- secrets
    def secrets(self) -> list[Slice]:
        """Hands, crews, face-down plays, the nap corner and the chests' gold
        (``engine.little_battle.secrecy``); once over, nothing is hidden."""
        return secrecy.secrets(self)

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        """Before which pile each other seat placed its face-down card is
        hidden (``played_at`` in ``engine.little_battle.secrecy``: view, log
        and history), but it is not a deal: a sample draws it again among
        the piles that have chests, as the rules let that seat choose (its
        card was re-dealt by the ``play`` slice). Samples kept the truth's
        pile: a search bot's samples knew where the others had played."""
        open_piles = [p for p in range(PILES) if self.piles[p]]
        if self.phase is not RUSH or len(open_piles) < 2:
            return
        beach: list[list[tuple[int, int]]] = [[] for _ in range(PILES)]
        for p, placed in enumerate(self.beach):
            for s, c in placed:
                beach[p if s == seat else rng.choice(open_piles)].append((s, c))
        self.beach = beach

    # --------------------------------------------------------- for checks
    def card_count(self) -> int:
        """Adventurers anywhere: hands, ships, beach, nap corner, box (always 30)."""
        return (
            sum(map(len, self.hands)) + sum(map(len, self.ships)) + sum(map(len, self.beach))
            + len(self.nap) + len(self.box)
        )

    def chest_count(self) -> int:
        """Chests anywhere: beach piles and under the Ships (always 18)."""
        return sum(map(len, self.piles)) + sum(map(len, self.loot))


SHUFFLED = Event("The chests are shuffled onto the beach in two piles.")
CREWS_COMPLETE = Event("Every crew is complete: the Gold Rush begins.")
NAP_SHUFFLED = Event("Hands are empty and chests remain: the nap corner is shuffled.")


def _result(scores: list[int]) -> Result:
    res = scores_result(scores, "")
    who = " and ".join(f"player {w + 1}" for w in res.winners)
    reason = f"{who.capitalize()} {'share the win' if len(res.winners) > 1 else 'wins'} with {scores[res.winners[0]]} gold."
    return Result(res.winners, res.scores, reason)


def _dealt_line(seat: int, dealt: tuple[int, ...]) -> Event:
    """The private line of the cards dealt to ``seat``."""
    return Event(f"You are dealt {', '.join([NAME[c] for c in dealt])}.", HAND.seen_by(seat))


def _pile_line(pile: int, placed: list[tuple[int, int]]) -> Event:
    """The public line of the cards revealed before ``pile``."""
    return Event(f"Pile {pile + 1}: {', '.join([f'player {s + 1}: {NAME[c]}' for s, c in placed])}.")


def _end_line(gold: tuple[int, ...]) -> Event:
    """The last line: every seat's gold and who won."""
    res = _result(list(gold))
    listed = ", ".join(f"player {s + 1}: {int(g)}" for s, g in enumerate(res.scores))
    return Event(f"All chests are taken. Gold — {listed}. {res.reason}")


def _names(ids: list[int]) -> list[str]:
    return [NAME[c] for c in ids]


def _cards(names: list[str]) -> list[int]:
    return [CARD_OF_NAME[x] for x in names]


def new_game(config: Config | None = None, seed: int | None = None) -> LittleBattleState:
    """A new game. With a seed, shuffles happen by themselves; without, the
    state waits at each shuffle for ``apply(CHANCE, Shuffle(...))``."""
    state = LittleBattleState(config or Config(), random.Random(seed) if seed is not None else None)
    chiefs = " with the Adventurer Chiefs" if state.config.chiefs else ""
    state.events.append(Event(f"Little Battle for {state.num_seats} players{chiefs}."))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state


__all__ = [
    "ADVENTURERS", "ATTACK", "CARD_ID", "CARD_OF_NAME", "CHIEF_IDS", "DEAL", "DRAFT", "KEEP", "NAME", "OVER", "RUSH",
    "SETUP", "Attack", "Keep", "LittleBattleState", "LittleBattleView", "Shuffle", "chest_catalog", "new_game",
]
