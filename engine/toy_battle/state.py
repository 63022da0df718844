"""Toy Battle on the shared protocol: the turn, its effects, and new_game.

The state holds what the turn is doing (phase, whose turn, the effect
awaiting a decision) and two parts that hold the rest: the ``Board``
(``engine.toy_battle.board``: stacks, discard, regions, medals) and the
``Supply`` (``engine.toy_battle.supply``: reserves, boxes, racks). What a
player may do now is ``moves``, why an action is refused ``reasons``, who
reads what ``secrecy``, the state as data ``snapshot``, a seat's picture
``view``.

Turn structure (rulebook "Turn Overview" and the player aid):

1. ``Draw()`` or ``Place(troop, node)``.
2. After a placement, the troop's effect (a ``UseEffect``/``Skip`` decision
   of the same player; Cap'n's is another ``Place``, whose troop effect
   resolves too), then the effect of each special base placed on this turn,
   in order (facts: "Cap'n: after all placed Troops' effects").
3. Regions are claimed the moment a board change completes them, for
   either player; an H.Q. capture or the medals objective ends the game at
   once. The next player who can neither draw nor place ends the game.
"""

from __future__ import annotations

import random
from typing import Any

import engine.toy_battle.moves as moves
import engine.toy_battle.reasons as reasons
import engine.toy_battle.secrecy as secrecy
import engine.toy_battle.snapshot as snapshot
from engine.core.actions import EXACT, inexact
from engine.core.draws import shuffle
from engine.core.protocol import CHANCE, DeferredLog, Event, Result, State
from engine.core.secrecy import Slice
from engine.toy_battle.actions import FirstPlayer, Pick, Place, Shuffle, Skip
from engine.toy_battle.board import Board
from engine.toy_battle.config import Config
from engine.toy_battle.data import (
    BLOCK,
    COLOURS,
    COPIES_PER_KIND,
    DRAW_COUNT,
    DRAW_ONE,
    PUSH,
    RACK_MAX,
    RAISE,
    REMOVED_UNSEEN,
    RETURN,
    SKULLY_DRAW,
    STAR_DRAW,
    START_RACK_FIRST,
    START_RACK_SECOND,
    TROOP_NAMES,
    TROOP_TITLES,
    TROOPS_PER_COLOUR,
)
from engine.toy_battle.evaluation import win_probability
from engine.toy_battle.moves import BASE_CHOICES, TROOP_EFFECT, pending_title
from engine.toy_battle.phases import CHANCE_PICK, OVER, SETUP_BLUE, SETUP_FIRST, SETUP_RED, TURN
from engine.toy_battle.rules import Layout, layout
from engine.toy_battle.supply import Supply
from engine.toy_battle.terrain import Terrain
from engine.toy_battle.troops import KIND_OF_NAME, label
from engine.toy_battle.view import ToyBattleView

_COLOUR = ("Blue", "Red")
_PLACED: dict[Terrain, dict[int, Event]] = {}
"""Each terrain's placement log lines (node, troop and what it covers), made once."""
_DRAWN: dict[tuple[int, str, int], Event] = {}
"""The log's public draw lines, made once."""
_FULL_SET = tuple(sorted(TROOP_NAMES * COPIES_PER_KIND))
_LABELS = tuple(label(k) for k in range(8))
_STANDS_UP = tuple(Event(f"{_COLOUR[seat]}'s face-down troop stands up again.") for seat in (0, 1))


def new_game(config: Config | None = None, seed: int | None = None) -> ToyBattleState:
    """A new game. With a seed the state owns ``random.Random(seed)`` and
    resolves chance itself; without one it stops at each chance step."""
    state = ToyBattleState(config or Config(), None if seed is None else random.Random(seed))
    if state.rng is not None:
        state.resolve_chance(state.rng)
    return state


class ToyBattleState(DeferredLog, State):
    """A game of Toy Battle: the whole truth, hidden tiles included."""

    game = "toy-battle"
    num_seats = 2
    secrecy = secrecy.SECRECY

    def __init__(self, config: Config, rng: random.Random | None) -> None:
        self.config = config
        self.terrain = config.load_terrain()
        self.lay: Layout = layout(self.terrain, not config.first_games)
        self.objective = config.objective or self.terrain.objective
        self.rng = rng
        self._lines: list[Any] = []  # the log (``DeferredLog``): Events, and lines kept as their facts
        self._written = 0
        self.irreversible = 0
        self.board = Board(self.lay)
        self.supply = Supply()
        self.phase = SETUP_BLUE
        self.seat = -1  # the player whose turn it is
        self.pending: tuple[str, int] | None = None
        """The effect awaiting the current player's decision: (code, node)."""
        self.todo_troops: list[tuple[int, int]] = []  # (kind, node) of troop effects still to offer
        self.todo_bases: list[int] = []  # special bases placed this turn, effects still to offer
        self.winner = -1
        self.reason = ""
        self._placed = _PLACED.setdefault(self.terrain, {})  # the log's placement lines, made once per terrain
        self._acts: list[Any] | None = None  # the legal actions, until the next change

    # ================================================================ protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return [self.seat]
        if phase == OVER:
            return []
        return [CHANCE]

    def is_over(self) -> bool:
        return self.phase == OVER

    def chance_pending(self) -> bool:
        phase = self.phase
        return phase != TURN and phase != OVER

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return Result((self.winner,), (float(self.board.medals[0]), float(self.board.medals[1])), self.reason)

    def seat_name(self, seat: int) -> str:
        return "chance" if seat == CHANCE else COLOURS[seat] if seat in (0, 1) else f"seat {seat}"

    def legal_actions(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase == TURN:
            if seat != self.seat:
                return []
            return list(self.turn_actions())
        if phase == OVER or seat != CHANCE:
            return []
        if phase == SETUP_FIRST:
            return [FirstPlayer(0), FirstPlayer(1)]
        if phase == CHANCE_PICK:
            return moves.pick_outcomes(self)
        return []  # a shuffle has too many outcomes to list: check() validates one

    def turn_actions(self) -> list[Any]:
        """The current player's legal actions, made once per change: do not modify."""
        acts = self._acts
        if acts is None:
            acts = self._acts = moves.turn_actions(self)
        return acts

    def random_action(self, seat: int, rng: random.Random) -> Any:
        """One of ``seat``'s legal actions drawn uniformly (as the random bot
        draws from the list), or None when ``seat`` has none now."""
        if self.phase != TURN or self.seat != seat:
            return None
        acts = self._acts
        if acts is None:
            acts = self._acts = moves.turn_actions(self)
        if not acts:
            return None
        drawn = self._drawn = acts[int(rng.random() * len(acts))]
        self._drawn_by = seat
        return drawn

    def check(self, seat: int, action: Any) -> str | None:
        if type(seat) is not int or EXACT.get(id(action)) is not action:  # inexact()'s fast path, inlined
            exact = inexact(seat, action)  # Lead(0.0) equals Lead(0): the types are held exactly first
            if exact is not None:
                return exact
        if self.phase == OVER:
            return "The game is over."
        if seat != (self.seat if self.phase == TURN else CHANCE):  # seat not in to_act(), without the list
            if seat == CHANCE:
                return "No chance step is pending."
            return f"It is not {COLOURS[seat] if seat in (0, 1) else 'that seat'}'s turn."
        if seat == CHANCE:
            return reasons.chance_error(self, action)
        pending = self.pending
        kind = type(action)
        if kind is Place:
            if pending is None or pending[0] == "capn":
                n = self.terrain.index.get(action.node)
                k = KIND_OF_NAME[action.troop]
                if n is not None and self.supply.standing(seat) >> k & 1 and self.board.can_place(seat, k, n):
                    return None
        elif action in self.turn_actions():
            return None
        return reasons.why_not(self, seat, action)

    def _apply(self, seat: int, action: Any) -> None:
        self._acts = self._drawn = None
        if seat == CHANCE:
            self._apply_chance(action)
            return
        kind = type(action)
        pending = self.pending
        if pending is None:
            if kind is Place:
                self._place(seat, KIND_OF_NAME[action.troop], self.terrain.index[action.node])
                if self.todo_troops or self.todo_bases:
                    self._advance()
                elif self.phase == TURN:  # nothing queued: what _advance would do at once
                    self._end_turn()
            else:  # Draw
                self._draw(seat, self.supply.room(seat, DRAW_COUNT), "draws")
                self._end_turn()
            return
        self.pending = None
        if kind is Skip:
            self._lines.append((_skip_line, seat, self.terrain, pending))
            self._advance()
            return
        code, node = pending
        index = self.terrain.index
        if code == "capn":
            self._place(seat, KIND_OF_NAME[action.troop], index[action.node])
        elif code in ("skully", "star", DRAW_ONE):
            self._draw(seat, self.supply.room(seat, SKULLY_DRAW if code == "skully" else STAR_DRAW), "takes")
        elif code == "jumbo":
            self._jumbo(seat, index[action.target])
        elif code == "xb42":
            self._log(f"{_COLOUR[seat]}'s XB-42 takes a troop at random from {_COLOUR[1 - seat]}'s rack.")
            self.pending = ("xb42-pick", node)
            self.phase = CHANCE_PICK
            return
        elif code == RETURN:
            self._return(seat, index[action.target])
        elif code == PUSH:
            self._push(seat, index[action.target], index[action.to])
        elif code == RAISE:
            self._raise(seat, KIND_OF_NAME[action.target])
        self._advance()

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """The first player (even odds) and a blind pick (a tile's odds are
        its share of the rack); a shuffle's orders are too many to list."""
        phase = self.phase
        if phase == SETUP_FIRST:
            return [(FirstPlayer(0), 0.5), (FirstPlayer(1), 0.5)]
        if phase == CHANCE_PICK:
            tiles = moves.pick_tiles(self)
            counts: dict[tuple[int, bool], int] = {}
            for tile in tiles:
                counts[tile] = counts.get(tile, 0) + 1
            return [(Pick(TROOP_NAMES[k], d), n / len(tiles)) for (k, d), n in sorted(counts.items())]
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        if phase == SETUP_BLUE or phase == SETUP_RED:
            order = list(_FULL_SET)
            shuffle(rng, order)  # exactly rng.shuffle's order, faster
            return Shuffle(COLOURS[phase - SETUP_BLUE], tuple(order))
        if phase == SETUP_FIRST:
            return FirstPlayer(rng.randrange(2))
        if phase == CHANCE_PICK:
            tiles = moves.pick_tiles(self)
            kind, face_down = tiles[rng.randrange(len(tiles))]
            return Pick(TROOP_NAMES[kind], face_down)
        raise ValueError("No chance step is pending.")

    def view(self, seat: int) -> ToyBattleView:
        return ToyBattleView(self, seat)

    # ============================================================ secrecy
    def secrets(self) -> list[Slice]:
        return secrecy.secrets(self)

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        secrecy.settle_unseen(self, seat, rng)
        self.changed()

    def evaluate(self, seat: int) -> float:
        """The heuristic bot's score as a win probability in [0, 1], so that
        search bots can cut playouts short (``engine.toy_battle.evaluation``)."""
        return win_probability(self, seat)

    # ======================================================= copies, data
    def clone(self) -> ToyBattleState:
        new = object.__new__(ToyBattleState)
        d = self.__dict__.copy()
        new.__dict__ = d
        d["rng"] = self._clone_rng()
        d["_lines"] = list(self._lines)  # a line kept as facts is a tuple: shared, written out by each copy itself
        d["board"] = self.board.copy()
        d["supply"] = self.supply.copy()
        d["todo_troops"] = list(self.todo_troops)
        d["todo_bases"] = list(self.todo_bases)
        d["_acts"] = d["_drawn"] = None  # a copy may be dealt other tiles (determinize): its lists start afresh
        return new

    def changed(self) -> None:
        """Forget what was derived from the position (after it was written directly)."""
        self._acts = self._drawn = None
        self.board.fronts = [None, None]

    def to_dict(self) -> dict[str, Any]:
        return snapshot.to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random | None = None,
                  config: Config | None = None) -> ToyBattleState:
        """The state ``to_dict`` wrote, so tests build positions from data;
        a bad field raises ValueError naming it. ``config``, when given, is
        used for ``data["config"]`` (a client rebuilding many states of one
        game reads its terrain once)."""
        state = cls(config if config is not None else snapshot.config_of(data), rng)
        snapshot.load(state, data)
        return state

    # ============================================================ accessors
    def top(self, node: str) -> tuple[str, str] | None:
        """(colour, troop name) of the visible troop on ``node``, or None."""
        c = self.board.tops[self.terrain.node(node)]
        return None if c < 0 else (COLOURS[c >> 3], TROOP_NAMES[c & 7])

    def rack(self, seat: int) -> list[str]:
        return [TROOP_NAMES[k] for k in range(8) for _ in range(self.supply.racks[seat][k])]

    def troop_census(self, seat: int) -> dict[str, int]:
        """Where ``seat``'s 24 troops are: reserve, rack, board, discard, box."""
        return {
            "reserve": len(self.supply.reserve[seat]),
            "rack": self.supply.rack_n[seat],
            "board": sum(1 for s in self.board.stacks for c in s if c >> 3 == seat),
            "discard": sum(1 for c in self.board.discard if c >> 3 == seat),
            "box": len(self.supply.box[seat]),
        }

    def pending_effect(self) -> str | None:
        """Readable name of the effect awaiting the current player's decision."""
        return None if self.pending is None else pending_title(self.terrain, self.pending)

    # ============================================================= changes
    def _log(self, text: str, seats: frozenset[int] | None = None) -> None:
        self._lines.append(Event(text, seats))

    def _draw(self, seat: int, n: int, verb: str) -> None:
        got = self.supply.draw(seat, n)
        self.irreversible += 1
        lines = self._lines
        event = _DRAWN.get((seat, verb, n))
        if event is None:
            what = "a troop" if n == 1 else f"{n} troops"
            event = _DRAWN[(seat, verb, n)] = Event(f"{_COLOUR[seat]} {verb} {what} from their reserve.")
        lines.append(event)
        lines.append((_drew_line, seat, got))  # ``got`` is a new list, kept only here

    def _place(self, seat: int, kind: int, node: int) -> None:
        """Put a checked troop on the board, then score and queue its effects."""
        self.supply.take(seat, kind)
        under = self.board.put(node, seat << 3 | kind)
        lay = self.lay
        nid = self.terrain.ids[node]
        if lay.hq_owner[node] >= 0:
            hq = self.terrain.node_words(nid)
            end = "" if hq.endswith(".") else "."  # "Red's H.Q." ends the sentence already
            self._log(f"{_COLOUR[seat]} places {label(kind)} on {hq}{end}")
            self._finish(seat, f"{_COLOUR[seat]} captures {hq}{end}")
            return
        key = node << 9 | seat << 8 | kind << 5 | under + 1
        event = self._placed.get(key)
        if event is None:
            cover = "" if under < 0 else f", covering {_COLOUR[under >> 3]}'s {_LABELS[under & 7]}"
            event = self._placed[key] = Event(f"{_COLOUR[seat]} places {_LABELS[kind]} on base {nid}{cover}.")
        self._lines.append(event)
        board = self.board
        held, claimed, masks = board.held[seat], board.claimed, lay.region_mask
        for r in self.terrain.regions_of[node]:  # Board.completed, asked inline: most placements close none
            if claimed[r] < 0 and held & masks[r] == masks[r]:
                self._claim((node,), (seat,))
                if self.phase == OVER:
                    return
                break
        if not lay.no_effects[node] and kind in TROOP_EFFECT:
            self.todo_troops.append((kind, node))
        special = lay.special[node]
        if special == BLOCK or special in BASE_CHOICES:
            self.todo_bases.append(node)

    def _claim(self, nodes: tuple[int, ...], seats: tuple[int, ...]) -> None:
        """Give ``seats`` (in order) every region these nodes complete; check the objective."""
        board = self.board
        medals = board.medals
        for seat in seats:
            for node in nodes:
                for r in board.completed(node, seat):
                    board.claimed[r] = seat
                    region = self.terrain.regions[r]
                    medals[seat] += region.medals
                    self._lines.append((_region_line, seat, self.terrain, r, medals[seat]))
        for seat in seats:
            if medals[seat] >= self.objective:
                self._finish(seat, f"{_COLOUR[seat]} reaches the medals objective ({self.objective}).")
                return

    def _jumbo(self, seat: int, target: int) -> None:
        code = self.board.pop(target)
        self.board.discard.append(code)
        self._lines.append((_jumbo_line, seat, code, self.terrain.ids[target]))
        self._claim((target,), (seat, 1 - seat))

    def _return(self, seat: int, target: int) -> None:
        kind = self.board.pop(target) & 7
        self.supply.give(seat, kind)
        self._lines.append((_return_line, seat, kind, self.terrain.ids[target]))
        self._claim((target,), (seat, 1 - seat))

    def _push(self, seat: int, source: int, dest: int) -> None:
        code = self.board.pop(source)
        self.board.put(dest, code)
        ids = self.terrain.ids
        self._lines.append((_push_line, seat, code, ids[source], ids[dest]))
        self._claim((source, dest), (seat, 1 - seat))

    def _raise(self, seat: int, kind: int) -> None:
        discard = self.board.discard
        code = seat << 3 | kind
        del discard[len(discard) - 1 - discard[::-1].index(code)]
        self.supply.give(seat, kind)
        self._lines.append((_raise_line, seat, kind))

    def _advance(self) -> None:
        """Offer the next pending effect, or end the turn when none is left."""
        seat = self.seat
        while self.phase == TURN:
            if self.todo_troops:
                kind, node = self.todo_troops.pop()
                code = TROOP_EFFECT[kind]
                if moves.effect_available(self, seat, code, node):
                    self.pending = (code, node)
                    return
                continue
            if self.todo_bases:
                node = self.todo_bases.pop(0)
                special = self.lay.special[node]
                assert special is not None  # only special bases are queued
                if special == BLOCK:
                    if self.supply.rack_n[1 - seat] > self.supply.down[1 - seat]:
                        self._log(f"{_COLOUR[seat]} points blind at a troop on {_COLOUR[1 - seat]}'s rack.")
                        self.pending = ("block-pick", node)
                        self.phase = CHANCE_PICK
                        return
                    continue
                if moves.effect_available(self, seat, special, node):
                    self.pending = (special, node)
                    return
                continue
            self._end_turn()
            return

    def _end_turn(self) -> None:
        seat = self.seat
        self.pending = None
        supply = self.supply
        if supply.down[seat] and supply.stand_up(seat):
            self._lines.append(_STANDS_UP[seat])
        self.seat = nxt = 1 - seat
        if supply.rack_n[nxt] < RACK_MAX and supply.reserve[nxt]:  # Supply.can_draw, inline
            return
        acts = moves.turn_actions(self)  # moves.can_act: no draw, so any placement; the list is nxt's legal actions now
        if acts:
            self._acts = acts
            return
        a, b = self.board.medals[nxt], self.board.medals[seat]
        ends = f"{_COLOUR[nxt]} cannot draw or place"
        if a > b:
            self._finish(nxt, f"{ends}: the game ends, {_COLOUR[nxt]} wins on medals {a} to {b}.")
        elif b > a:
            self._finish(seat, f"{ends}: the game ends, {_COLOUR[seat]} wins on medals {b} to {a}.")
        else:
            self._finish(seat, f"{ends} and ends the game on a tie ({a}-{b} in medals): {_COLOUR[nxt]} loses.")

    def _finish(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.reason = reason
        self.pending = None
        self.todo_troops = []
        self.todo_bases = []
        self._log(reason)

    def _apply_chance(self, action: Any) -> None:
        phase = self.phase
        if phase == SETUP_BLUE or phase == SETUP_RED:
            seat = phase - SETUP_BLUE
            kinds = [KIND_OF_NAME[name] for name in action.order]
            keep = TROOPS_PER_COLOUR - REMOVED_UNSEEN
            self.supply.reserve[seat] = kinds[:keep][::-1]
            self.supply.box[seat] = kinds[keep:]
            self._log(f"{_COLOUR[seat]} shuffles their troops face down and returns {REMOVED_UNSEEN} to the box unseen.")
            if phase == SETUP_BLUE:
                self.phase = SETUP_RED
            elif self.config.first_player is None:
                self.phase = SETUP_FIRST
            else:
                self._deal(self.config.first_player)
            return
        if phase == SETUP_FIRST:
            self._deal(action.seat)
            return
        assert self.pending is not None  # CHANCE_PICK: XB-42's or the Battlefield's blind pick
        code = self.pending[0]
        seat = self.seat
        victim = 1 - seat
        kind = KIND_OF_NAME[action.troop]
        self.phase = TURN
        self.pending = None
        if code == "xb42-pick":
            self.supply.lose(victim, kind, action.face_down)
            self.board.discard.append(victim << 3 | kind)
            self._log(f"{_COLOUR[seat]}'s XB-42 discards {_COLOUR[victim]}'s {label(kind)} from their rack.")
        else:
            self.supply.block(victim, kind)
            self._log(f"A troop on {_COLOUR[victim]}'s rack lies face down until the end of their next turn.")
            self._log(f"Your {label(kind)} lies face down: you cannot place it on your next turn.",
                      secrecy.FACE_DOWN.seen_by(victim))
        self._advance()

    def _deal(self, first: int) -> None:
        self._log(f"{_COLOUR[first]} starts.")
        self.seat = first
        self.phase = TURN
        for seat, n in ((first, START_RACK_FIRST), (1 - first, START_RACK_SECOND)):
            self._draw(seat, n, "takes")


def _drew_line(seat: int, kinds: list[int]) -> Event:
    return Event(f"You draw {', '.join([TROOP_TITLES[k] for k in kinds])}.", secrecy.RACK.seen_by(seat))


def _skip_line(seat: int, terrain: Terrain, pending: tuple[str, int]) -> Event:
    return Event(f"{_COLOUR[seat]} does not use {pending_title(terrain, pending)}.")


def _region_line(seat: int, terrain: Terrain, r: int, total: int) -> Event:
    """A region by what the board prints ("the 3-medal region of bases 18, 22, 23, 24 and 25"):
    "region 8 (18-22-23-24-25)" named a number printed nowhere."""
    medals = terrain.regions[r].medals
    return Event(f"{_COLOUR[seat]} takes {terrain.region_words(r)}: "
                 f"{medals} medal{'s' if medals != 1 else ''}, {total} in all.")


def _jumbo_line(seat: int, code: int, base: str) -> Event:
    return Event(f"{_COLOUR[seat]}'s Jumbo sends {_COLOUR[code >> 3]}'s {label(code & 7)} on base {base} to the discard.")


def _return_line(seat: int, kind: int, base: str) -> Event:
    return Event(f"{_COLOUR[seat]} returns {label(kind)} from base {base} to their rack.")


def _push_line(seat: int, code: int, source: str, dest: str) -> Event:
    return Event(f"{_COLOUR[seat]} pushes {_COLOUR[code >> 3]}'s {label(code & 7)} from base {source} to base {dest}.")


def _raise_line(seat: int, kind: int) -> Event:
    return Event(f"{_COLOUR[seat]} takes {label(kind)} back from the discard to their rack.")


__all__ = ["Config", "ToyBattleState", "ToyBattleView", "new_game", "pending_title"]
