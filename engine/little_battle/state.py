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
from dataclasses import dataclass, field
from typing import Any

from engine.core.protocol import CHANCE, Event, Result, State, View, inexact, scores_result
from engine.core.secrecy import NOBODY, Slice, backs
from engine.little_battle.cards import Adventurer, Chest
from engine.little_battle.config import Config
from engine.little_battle.data import CHEST_COUNTS, CHIEF_VALUE, HAND_SIZE, KIND_VALUES, PILES
from engine.little_battle.loot import resolve_steps

ADVENTURERS: tuple[Adventurer, ...] = tuple(
    Adventurer(kind, v) for kind, values in KIND_VALUES.items() for v in values
) + tuple(Adventurer(kind, CHIEF_VALUE, chief=True) for kind in KIND_VALUES)
"""The 30 Adventurer cards; ids are positions here. Chiefs are the last three."""

NAME: tuple[str, ...] = tuple(str(a) for a in ADVENTURERS)
CARD_ID: dict[Adventurer, int] = {card: i for i, card in enumerate(ADVENTURERS)}
CHIEF_IDS = tuple(range(len(ADVENTURERS) - 3, len(ADVENTURERS)))

ONLY: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(8))
"""Event audiences of one seat, made once."""

SETUP, DEAL, DRAFT, RUSH, OVER = "setup", "deal", "draft", "rush", "over"
PHASES: dict[str, str] = {p: p for p in (SETUP, DEAL, DRAFT, RUSH, OVER)}
"""The phase constants by name: states compare phases with ``is``."""
CARD_OF_NAME: dict[str, int] = {name: i for i, name in enumerate(NAME)}


@dataclass(frozen=True, slots=True)
class Keep:
    """Draft: keep this card on your Ship; pass the rest on."""

    card: Adventurer
    card_id: int = field(init=False, repr=False, compare=False)  # derived: the catalog id, -1 if no such card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_id", CARD_ID.get(self.card, -1))

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Gold Rush: place this card face down before pile 0 or 1."""

    card: Adventurer
    pile: int
    card_id: int = field(init=False, repr=False, compare=False)  # derived: the catalog id, -1 if no such card

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_id", CARD_ID.get(self.card, -1))

    def __str__(self) -> str:
        return f"play {self.card} at pile {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the order of a shuffled stack, as card ids (top first)."""

    what: str  # "chests" or "adventurers"
    order: tuple[int, ...]

    def __str__(self) -> str:
        return f"shuffle the {self.what}"


KEEP: tuple[Keep, ...] = tuple(Keep(c) for c in ADVENTURERS)
ATTACK: tuple[tuple[Attack, ...], ...] = tuple(tuple(Attack(c, p) for p in range(PILES)) for c in ADVENTURERS)
KEPT: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(f"You keep {NAME[c]}.", ONLY[s]) for c in range(len(ADVENTURERS))) for s in range(len(ONLY))
)
"""The private log line of each seat's keep, made once (a draft logs one per card)."""
PLAYED: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event(f"You play {NAME[c]} at pile {p + 1}.", ONLY[s]) for p in range(PILES))
          for c in range(len(ADVENTURERS))) for s in range(len(ONLY))
)
"""The private log line of each seat's face-down play, made once."""


def chest_catalog(config: Config) -> tuple[Chest, ...]:
    """The 18 chests of this game, blue then red then yellow."""
    return tuple(Chest(color, gold) for color in CHEST_COUNTS for gold in config.chest_gold[color])


class LittleBattleState(State):
    game = "little-battle"
    public_moves = False  # a kept or played card is its player's: see audience()

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
        self.events: list[Event] = []
        self.irreversible = 0

    # ------------------------------------------------------------- protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is DRAFT or phase is RUSH:
            c = self.committed
            return [s for s in range(self.num_seats) if not c[s]]
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
            rng.shuffle(order)
            return Shuffle("chests", tuple(order))
        order = list(self.nap)
        rng.shuffle(order)
        return Shuffle("adventurers", tuple(order))

    def _apply(self, seat: int, action: Any) -> None:
        if seat == CHANCE:
            if action.what == "chests":
                half = len(action.order) // PILES
                self.piles = [list(action.order[i * half:(i + 1) * half]) for i in range(PILES)]
                self.phase = DEAL
                self.events.append(Event("The chests are shuffled onto the beach in two piles."))
            else:
                self._deal(action.order)
        elif isinstance(action, Keep):
            c = action.card_id
            self.hands[seat].remove(c)
            self.ships[seat].append(c)
            self.committed[seat] = True
            self.events.append(KEPT[seat][c])
            if all(self.committed):
                self._pass_hands()
        else:
            c = action.card_id
            self.hands[seat].remove(c)
            self.beach[action.pile].append((seat, c))
            self.committed[seat] = True
            self.events.append(PLAYED[seat][c][action.pile])
            if all(self.committed):
                self._share_loot()

    # ---------------------------------------------------------------- steps
    def _deal(self, order: tuple[int, ...]) -> None:
        """Step 1 begins: deal 5 to each player; the rest stays in the nap corner."""
        n = self.num_seats
        for s in range(n):
            self.hands[s] = list(order[s * HAND_SIZE:(s + 1) * HAND_SIZE])
            cards = ", ".join(NAME[c] for c in self.hands[s])
            self.events.append(Event(f"You are dealt {cards}.", ONLY[s]))
        self.nap = list(order[n * HAND_SIZE:])
        self.last_reveal = ()  # those cards are shuffled back in: the reveal is over
        self.deals += 1
        self.phase = DRAFT
        self.committed = [False] * n
        self.events.append(Event(f"Deal {self.deals}: recruiting the Adventurers."))

    def _pass_hands(self) -> None:
        """Pass the rest left, take from the right; the last single card is kept."""
        n = self.num_seats
        self.hands = [self.hands[(s - 1) % n] for s in range(n)]
        self.committed = [False] * n
        self.irreversible += 1
        if len(self.hands[0]) == 1:
            for s in range(n):
                self.ships[s].extend(self.hands[s])
            self.hands, self.ships = self.ships, [[] for _ in range(n)]
            self.phase = RUSH
            self.events.append(Event("Every crew is complete: the Gold Rush begins."))

    def _share_loot(self) -> None:
        """Reveal the played cards and share the loot pile by pile."""
        self.rush_turns += 1
        self.irreversible += 1
        self.last_reveal = tuple((p, s, c) for p in range(PILES) for s, c in self.beach[p])
        for p in range(PILES):
            placed = self.beach[p]
            if not placed:
                continue
            played = [(s, ADVENTURERS[c]) for s, c in placed]
            shown = ", ".join(f"player {s + 1}: {NAME[c]}" for s, c in placed)
            self.events.append(Event(f"Pile {p + 1}: {shown}."))
            pile = self.piles[p]
            steps = resolve_steps([self.chests[i] for i in pile], played, self.last_key[p])
            for who, idx in steps.takes:
                self.loot[placed[who][0]].append(pile[idx])
            for line in steps.lines:
                self.events.append(Event(line))
            del pile[: len(steps.takes)]
            self.last_key[p] = steps.last_key
            self.nap.extend(placed[i][1] for i in steps.nap)
            self.beach[p] = []
        self.committed = [False] * self.num_seats
        if not any(self.piles):
            self.phase = OVER
            res = self.result()
            assert res is not None
            gold = ", ".join(f"player {s + 1}: {int(g)}" for s, g in enumerate(res.scores))
            self.events.append(Event(f"All chests are taken. Gold — {gold}. {res.reason}"))
        elif not self.hands[0]:
            self.phase = DEAL
            self.events.append(Event("Hands are empty and chests remain: the nap corner is shuffled."))

    # ---------------------------------------------------------------- end
    def is_over(self) -> bool:
        return self.phase is OVER

    def gold(self, seat: int) -> int:
        return sum(self.chests[i].gold for i in self.loot[seat])

    def result(self) -> Result | None:
        if self.phase is not OVER:
            return None
        scores = [self.gold(s) for s in range(self.num_seats)]
        res = scores_result(scores, "")
        who = " and ".join(f"player {w + 1}" for w in res.winners)
        reason = f"{who.capitalize()} {'share the win' if len(res.winners) > 1 else 'wins'} with {scores[res.winners[0]]} gold."
        return Result(res.winners, res.scores, reason)

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
        new.events = list(self.events)
        new.irreversible = self.irreversible
        new.trail = self.trail
        return new

    def to_dict(self) -> dict[str, Any]:
        names = lambda ids: [NAME[c] for c in ids]  # noqa: E731
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
            cards = lambda names: [CARD_OF_NAME[x] for x in names]  # noqa: E731
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
    def audience(self, seat: int, action: Any) -> frozenset[int] | None:
        """A kept or played card is its player's until the step reveals it
        (the reveal is in the log); shuffles are read by nobody."""
        return NOBODY if seat == CHANCE else ONLY[seat]

    def secrets(self) -> list[Slice]:
        """Hands, crews and face-down plays are their owner's; the nap corner
        is nobody's; a chest's gold is its taker's (the piles' nobody's) and
        every seat sees its colour. Once over, nothing is hidden."""
        if self.phase is OVER:
            return []
        out: list[Slice] = []
        for s in range(self.num_seats):
            out.append(Slice("hand", ONLY[s], self.hands[s], _refill(self.hands[s]), "adventurer"))
        for s in range(self.num_seats):
            out.append(Slice("ship", ONLY[s], self.ships[s], _refill(self.ships[s]), "adventurer"))
        for s in range(self.num_seats):
            played = [c for p in range(PILES) for who, c in self.beach[p] if who == s]
            out.append(Slice("play", ONLY[s], played, self._replay_cards(s), "adventurer"))
        out.append(Slice("nap", NOBODY, self.nap, _refill(self.nap), "adventurer"))
        for s in range(self.num_seats):
            out.append(self._gold_slice("loot", ONLY[s], self.loot[s]))
        for p in range(PILES):
            out.append(self._gold_slice("pile", NOBODY, self.piles[p]))
        return out

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        """Before which pile each other seat placed its face-down card is
        hidden (view, log and history): a sample draws it again among the
        piles that have chests, as the rules let that seat choose (its card
        was re-dealt by the "play" slice). (Samples kept the truth's pile: a
        search bot's samples knew where the others had played.)"""
        open_piles = [p for p in range(PILES) if self.piles[p]]
        if self.phase is not RUSH or len(open_piles) < 2:
            return
        beach: list[list[tuple[int, int]]] = [[] for _ in range(PILES)]
        for p, placed in enumerate(self.beach):
            for s, c in placed:
                beach[p if s == seat else rng.choice(open_piles)].append((s, c))
        self.beach = beach

    def _gold_slice(self, name: str, seen_by: frozenset[int], ids: list[int]) -> Slice:
        chests = self.chests

        def put(golds: list[int]) -> None:
            new = list(self.chests)
            for i, g in zip(ids, golds, strict=True):
                new[i] = Chest(new[i].color, g)
            self.chests = tuple(new)

        return Slice(name, seen_by, [chests[i].gold for i in ids], put, [chests[i].color for i in ids], backs)

    def _replay_cards(self, seat: int):  # noqa: ANN202 - a Slice.put
        def put(cards: list[int]) -> None:
            it = iter(cards)
            self.beach = [[(s, next(it) if s == seat else c) for s, c in b] for b in self.beach]
        return put

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


class LittleBattleView(View):
    """One player's picture: own hand, Ship and gold; others' only as counts
    and colours (derived from ``LittleBattleState.secrets``)."""

    _truth: LittleBattleState

    def to_dict(self) -> dict[str, Any]:
        t, me = self._truth, self.seat
        seated = 0 <= me < t.num_seats  # a spectator (``SPECTATOR``) holds no hand, Ship or play
        over = t.phase is OVER
        names = lambda ids: [NAME[c] for c in ids]  # noqa: E731
        mine = [(p, ADVENTURERS[c]) for p in range(PILES) for s, c in t.beach[p] if s == me]
        if over:
            loot = [[{"color": t.chests[i].color, "gold": t.chests[i].gold} for i in won] for won in t.loot]
            gold: list[int | None] = [t.gold(s) for s in range(t.num_seats)]
        else:
            seen = self.shown("loot")
            loot = [
                [{"color": t.chests[i].color, "gold": g} for i, g in zip(t.loot[s], seen[s], strict=True)] if s == me
                else [{"color": c} for c in seen[s]]
                for s in range(t.num_seats)
            ]
            gold = [sum(seen[s]) if s == me else None for s in range(t.num_seats)]
        return {
            "game": t.game,
            "seat": me,
            "players": t.num_seats,
            "chiefs": t.config.chiefs,
            "chest_gold": {c: list(v) for c, v in t.config.chest_gold.items()},  # the rules' coins, not where they lie
            "phase": t.phase,
            "deal": t.deals,
            "rush_turns": t.rush_turns,
            "to_act": t.to_act(),
            "hand": names(t.hands[me]) if seated else [],
            "hand_sizes": [len(h) for h in t.hands],
            "ship": names(t.ships[me]) if seated else [],
            "ship_sizes": [len(s) for s in t.ships],
            "committed": list(t.committed),
            "my_play": [{"pile": p, "card": str(a)} for p, a in mine],
            "beach": [[{"color": t.chests[i].color} for i in pile] for pile in t.piles],
            "loot": loot,
            "gold": gold,
            "nap": len(t.nap),
            "box": names(t.box),
            "last_key": list(t.last_key),
            "last_reveal": [{"pile": p, "seat": s, "card": NAME[c]} for p, s, c in t.last_reveal],
            "events": [e.text for e in self.events],
            "result": t.result().to_dict() if over else None,
        }


def _refill(stack: list[int]):  # noqa: ANN202 - a Slice.put
    def put(items: list[int]) -> None:
        stack[:] = items
    return put


def new_game(config: Config | None = None, seed: int | None = None) -> LittleBattleState:
    """A new game. With a seed, shuffles happen by themselves; without, the
    state waits at each shuffle for ``apply(CHANCE, Shuffle(...))``."""
    state = LittleBattleState(config or Config(), random.Random(seed) if seed is not None else None)
    chiefs = " with the Adventurer Chiefs" if state.config.chiefs else ""
    state.events.append(Event(f"Little Battle for {state.num_seats} players{chiefs}."))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state
