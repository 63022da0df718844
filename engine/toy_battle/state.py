"""Toy Battle on the shared protocol: the state, its view, and new_game.

The whole truth lives in plain lists of small ints (``seat << 3 | kind`` for
a troop on the board, counts per kind for racks) so that ``clone`` is a
handful of list copies and a random game runs in about a millisecond.

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
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.core.actions import EXACT
from engine.core.protocol import CHANCE, Event, Result, State, View, inexact
from engine.core.secrecy import NOBODY, Slice
from engine.toy_battle.actions import (
    DRAW,
    SKIP,
    Draw,
    FirstPlayer,
    Pick,
    Place,
    Shuffle,
    Skip,
    UseEffect,
)
from engine.toy_battle.data import (
    BLOCK,
    CAPN,
    COLOURS,
    COPIES_PER_KIND,
    DEFAULT_TERRAIN,
    DRAW_COUNT,
    DRAW_ONE,
    HOOK,
    JUMBO,
    PUSH,
    RACK_MAX,
    RAISE,
    REMOVED_UNSEEN,
    RETURN,
    SKULLY,
    SKULLY_DRAW,
    SPECIAL_EFFECTS,
    STAR,
    STAR_DRAW,
    START_RACK_FIRST,
    START_RACK_SECOND,
    TROOP_NAMES,
    TROOP_TITLES,
    TROOPS_PER_COLOUR,
    XB42,
)
from engine.toy_battle.rules import Layout, frontier, layout, region_owner, slot_open
from engine.toy_battle.terrain import Terrain, TerrainError
from engine.toy_battle.troops import KIND_OF_NAME, covers, label

# Phases
SETUP_BLUE, SETUP_RED, SETUP_FIRST, TURN, CHANCE_PICK, OVER = range(6)

# Pending decisions after a placement: (code, node).
_TROOP_EFFECT = {SKULLY: "skully", CAPN: "capn", JUMBO: "jumbo", XB42: "xb42", STAR: "star"}
_BASE_CHOICES = frozenset({RETURN, DRAW_ONE, PUSH, RAISE})
_PRIVATE = (frozenset({0}), frozenset({1}))
_COLOUR = ("Blue", "Red")
_FULL_SET = tuple(sorted(TROOP_NAMES * COPIES_PER_KIND))
_LABELS = tuple(label(k) for k in range(8))


@dataclass(frozen=True)
class Config:
    """How a game of Toy Battle is set up.

    ``terrain`` is a file stem of the box ("castle-field") or a path to a
    terrain file. ``first_games`` plays every special base as a plain base
    (rulebook's suggestion for first games). ``first_player`` (0 blue, 1 red)
    skips the random draw. ``objective`` overrides the terrain's printed
    medals objective (for custom games and tests).
    """

    terrain: str = DEFAULT_TERRAIN
    first_games: bool = False
    first_player: int | None = None
    objective: int | None = None
    terrain_data: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The terrain itself, as a saved game embeds it: when given, ``terrain`` is
    only its label and no file is read."""

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, str) or not self.terrain:
            raise ValueError(f"terrain: expected a terrain name or path, not {self.terrain!r}.")
        if not isinstance(self.first_games, bool):
            raise ValueError(f"first_games: expected true or false, not {self.first_games!r}.")
        if self.first_player is not None and (
            type(self.first_player) is not int or self.first_player not in (0, 1)  # 1.0 and true are not 1
        ):
            raise ValueError(f"first_player: expected 0 (blue), 1 (red) or null, not {self.first_player!r}.")
        if self.objective is not None and (
            not isinstance(self.objective, int) or isinstance(self.objective, bool) or self.objective < 1
        ):
            raise ValueError(f"objective: expected a whole number >= 1 or null, not {self.objective!r}.")
        if self.terrain_data is not None:
            try:
                built = Terrain.from_dict(self.terrain_data)
            except TerrainError as err:
                field_error = " " not in str(err).split(":", 1)[0]  # "bases.1.pos: ..." names a field
                raise TerrainError(f"terrain_data{'.' if field_error else ': '}{err}") from None
            object.__setattr__(self, "embedded_terrain", built)
        else:
            Terrain.named(self.terrain)  # refuses an unknown or broken terrain now, naming the field

    def load_terrain(self) -> Terrain:
        if self.terrain_data is not None:
            return self.embedded_terrain  # type: ignore[attr-defined,no-any-return]
        return Terrain.named(self.terrain)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "terrain_data"}

    def embedded(self) -> dict[str, Any]:
        """What a saved game carries besides the config: the terrain played on."""
        return {"terrain_data": self.load_terrain().to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> Config:
        if not isinstance(data, dict):
            raise ValueError("a Toy Battle config must be a JSON object.")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise ValueError(f"unknown config field {key!r}; Toy Battle knows {', '.join(sorted(known))}.")
        return cls(**data)


def new_game(config: Config | None = None, seed: int | None = None) -> ToyBattleState:
    """A new game. With a seed the state owns ``random.Random(seed)`` and
    resolves chance itself; without one it stops at each chance step."""
    state = ToyBattleState(config or Config(), None if seed is None else random.Random(seed))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state


class ToyBattleState(State):
    """A game of Toy Battle: the whole truth, hidden tiles included."""

    game = "toy-battle"
    num_seats = 2

    def __init__(self, config: Config, rng: random.Random | None) -> None:
        self.config = config
        self.terrain = config.load_terrain()
        self.lay: Layout = layout(self.terrain, not config.first_games)
        self.objective = config.objective or self.terrain.objective
        self.rng = rng
        self.events = []
        self.irreversible = 0
        n = len(self.terrain.ids)
        self.stacks: list[tuple[int, ...]] = [()] * n
        self.tops: list[int] = [-1] * n
        self.racks: list[list[int]] = [[0] * 8, [0] * 8]
        self.rack_n: list[int] = [0, 0]
        self.reserve: list[list[int]] = [[], []]  # drawn from the end
        self.box: list[list[int]] = [[], []]
        self.discard: list[int] = []  # troop codes, oldest first
        self.medals: list[int] = [0, 0]
        self.claimed: list[int] = [-1] * len(self.terrain.regions)
        self.blocked: list[list[int]] = [[0] * 8, [0] * 8]  # face down until the end of their owner's turn
        self.known: list[list[int]] = [[0] * 8, [0] * 8]  # rack tiles the opponent has seen arrive
        self.phase = SETUP_BLUE
        self.seat = -1  # the player whose turn it is
        self.pending: tuple[str, int] | None = None
        self.todo_troops: list[tuple[int, int]] = []
        self.todo_bases: list[int] = []
        self.winner = -1
        self.reason = ""
        self._front: list[list[int] | None] = [None, None]
        self._acts: list[Any] | None = None

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
        return Result((self.winner,), (float(self.medals[0]), float(self.medals[1])), self.reason)

    def seat_name(self, seat: int) -> str:
        return "chance" if seat == CHANCE else COLOURS[seat] if seat in (0, 1) else f"seat {seat}"

    def legal_actions(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase == TURN:
            if seat != self.seat:
                return []
            acts = self._acts
            if acts is None:
                acts = self._acts = self._turn_actions()
            return list(acts)
        if phase == OVER or seat != CHANCE:
            return []
        if phase == SETUP_FIRST:
            return [FirstPlayer(0), FirstPlayer(1)]
        if phase == CHANCE_PICK:
            return self._pick_outcomes()
        return []  # a shuffle has too many outcomes to list: check() validates one

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
            return self._check_chance(action)
        pending = self.pending
        kind = type(action)
        if kind is Place:
            if (pending is None or pending[0] == "capn") and self._place_ok(seat, action):
                return None
        elif kind is Draw:
            if pending is None and self.rack_n[seat] < RACK_MAX and self.reserve[seat]:
                return None
        elif pending is not None:
            acts = self._acts
            if acts is None:
                acts = self._acts = self._turn_actions()
            if action in acts:
                return None
        return self._why_not(seat, action)

    def _place_ok(self, seat: int, action: Place) -> bool:
        """Whether a placement is legal, without listing every other one."""
        kind = KIND_OF_NAME[action.troop]
        n = self.terrain.index.get(action.node)
        if n is None or self.racks[seat][kind] <= self.blocked[seat][kind]:
            return False
        lay = self.lay
        if not slot_open(lay, self.tops, seat, kind, n):
            return False
        return n in self._frontier(seat) or (kind == HOOK and lay.hook_free[n])

    def _apply(self, seat: int, action: Any) -> None:
        self._acts = None
        if seat == CHANCE:
            self._apply_chance(action)
            return
        kind = type(action)
        pending = self.pending
        if pending is None:
            if kind is Draw:
                self._draw(seat, min(DRAW_COUNT, RACK_MAX - self.rack_n[seat], len(self.reserve[seat])), "draws")
                self._end_turn()
                return
            self._place(seat, KIND_OF_NAME[action.troop], self.terrain.index[action.node])
            self._advance()
            return
        self.pending = None
        if kind is Skip:
            self._log(f"{_COLOUR[seat]} does not use {self._pending_title(pending)}.")
            self._advance()
            return
        code, node = pending
        if code == "capn":
            self._place(seat, KIND_OF_NAME[action.troop], self.terrain.index[action.node])
        elif code in ("skully", "star", DRAW_ONE):
            n = SKULLY_DRAW if code == "skully" else STAR_DRAW
            self._draw(seat, min(n, RACK_MAX - self.rack_n[seat], len(self.reserve[seat])), "takes")
        elif code == "jumbo":
            self._jumbo(seat, self.terrain.index[action.target])
        elif code == "xb42":
            self._log(f"{_COLOUR[seat]}'s XB-42 takes a troop at random from {_COLOUR[1 - seat]}'s rack.")
            self.pending = ("xb42-pick", node)
            self.phase = CHANCE_PICK
            return
        elif code == RETURN:
            self._return(seat, self.terrain.index[action.target])
        elif code == PUSH:
            self._push(seat, self.terrain.index[action.target], self.terrain.index[action.to])
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
            tiles = self._pick_tiles(1 - self.seat, include_face_down=self.pending[0] == "xb42-pick")  # type: ignore[index]
            counts: dict[tuple[int, bool], int] = {}
            for tile in tiles:
                counts[tile] = counts.get(tile, 0) + 1
            return [(Pick(TROOP_NAMES[k], d), n / len(tiles)) for (k, d), n in sorted(counts.items())]
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        if phase in (SETUP_BLUE, SETUP_RED):
            order = list(_FULL_SET)
            rng.shuffle(order)
            return Shuffle(COLOURS[phase - SETUP_BLUE], tuple(order))
        if phase == SETUP_FIRST:
            return FirstPlayer(rng.randrange(2))
        if phase == CHANCE_PICK:
            victim = 1 - self.seat
            tiles = self._pick_tiles(victim, include_face_down=self.pending[0] == "xb42-pick")  # type: ignore[index]
            kind, face_down = tiles[rng.randrange(len(tiles))]
            return Pick(TROOP_NAMES[kind], face_down)
        raise ValueError("No chance step is pending.")

    def view(self, seat: int) -> ToyBattleView:
        return ToyBattleView(self, seat)

    # ============================================================== secrets
    def audience(self, seat: int, action: Any) -> frozenset[int] | None:
        """Turns and the first player are public; a shuffle is read by
        nobody; a blind Block pick by its victim only (XB-42's goes face up)."""
        if seat != CHANCE or type(action) is FirstPlayer:
            return None
        if type(action) is Pick:
            return None if self.pending is not None and self.pending[0] == "xb42-pick" else _PRIVATE[1 - self.seat]
        return NOBODY

    def secrets(self) -> list[Slice]:
        """Reserves and the box are nobody's (their order is unknown even to
        their owner); a rack is its owner's except the tiles the opponent saw
        arrive (``known``, public); which tiles lie face down is the owner's.
        A colour's tiles are interchangeable among its hidden places."""
        out: list[Slice] = []
        for s in (0, 1):
            pool = COLOURS[s]
            out.append(Slice("reserve", NOBODY, self.reserve[s], _refill(self.reserve[s]), pool))
            out.append(Slice("box", NOBODY, self.box[s], _refill(self.box[s]), pool))
            rack, known = self.racks[s], self.known[s]
            unseen = [k for k in range(8) for _ in range(rack[k] - known[k])]
            out.append(Slice("rack", _PRIVATE[s], unseen, self._rack_put(s), pool))
            out.append(Slice("face_down", _PRIVATE[s], _counts_kinds(self.blocked[s])))
        return out

    def _rack_put(self, seat: int):  # noqa: ANN202 - a Slice.put
        def put(kinds: list[int]) -> None:
            rack = list(self.known[seat])
            for k in kinds:
                rack[k] += 1
            self.racks[seat] = rack
        return put

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        """The opponent's face-down tiles: as many as the view counts, drawn
        from the re-dealt rack."""
        opp = 1 - seat
        down = sum(self.blocked[opp])
        if down:
            tiles = _counts_kinds(self.racks[opp])
            blocked = [0] * 8
            for kind in rng.sample(tiles, down):
                blocked[kind] += 1
            self.blocked[opp] = blocked
        self._acts = None
        self._front = [None, None]

    def evaluate(self, seat: int) -> float:
        """The heuristic bot's score as a win probability in [0, 1], so that
        search bots can cut playouts short (``engine.toy_battle.evaluation``)."""
        from engine.toy_battle.evaluation import win_probability

        return win_probability(self, seat)

    def clone(self) -> ToyBattleState:
        new = object.__new__(ToyBattleState)
        d = self.__dict__.copy()
        new.__dict__ = d
        d["rng"] = self._clone_rng()
        d["events"] = list(self.events)
        d["stacks"] = list(self.stacks)
        d["tops"] = list(self.tops)
        d["racks"] = [list(self.racks[0]), list(self.racks[1])]
        d["rack_n"] = list(self.rack_n)
        d["reserve"] = [list(self.reserve[0]), list(self.reserve[1])]
        d["box"] = [list(self.box[0]), list(self.box[1])]
        d["discard"] = list(self.discard)
        d["medals"] = list(self.medals)
        d["claimed"] = list(self.claimed)
        d["blocked"] = [list(self.blocked[0]), list(self.blocked[1])]
        d["known"] = [list(self.known[0]), list(self.known[1])]
        d["todo_troops"] = list(self.todo_troops)
        d["todo_bases"] = list(self.todo_bases)
        d["_front"] = [None, None]
        d["_acts"] = None
        return new

    def to_dict(self) -> dict[str, Any]:
        ids = self.terrain.ids
        return {
            "config": self.config.to_dict(),
            "board": {ids[i]: [_code_str(c) for c in s] for i, s in enumerate(self.stacks) if s},
            "racks": [_counts_list(r) for r in self.racks],
            "reserves": [[TROOP_NAMES[k] for k in reversed(r)] for r in self.reserve],
            "box": [sorted(TROOP_NAMES[k] for k in b) for b in self.box],
            "discard": [_code_str(c) for c in self.discard],
            "medals": list(self.medals),
            "claimed": list(self.claimed),
            "face_down": [_counts_list(b) for b in self.blocked],
            "known": [_counts_list(k) for k in self.known],
            "phase": self.phase,
            "turn": self.seat,
            "pending": None if self.pending is None else [self.pending[0], ids[self.pending[1]]],
            "todo_troops": [[TROOP_NAMES[k], ids[n]] for k, n in self.todo_troops],
            "todo_bases": [ids[n] for n in self.todo_bases],
            "winner": self.winner,
            "reason": self.reason,
            "events": [[e.text, None if e.seats is None else sorted(e.seats)] for e in self.events],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random | None = None) -> ToyBattleState:
        """The state ``to_dict`` wrote, so tests build positions from data;
        a bad field raises ValueError naming it."""
        try:
            state = cls(Config.from_dict(data["config"]), rng)
            t = state.terrain
            kind = KIND_OF_NAME.__getitem__
            for nid, stack in data["board"].items():
                n = t.index[nid]
                state.stacks[n] = tuple(_str_code(c) for c in stack)
                state.tops[n] = state.stacks[n][-1] if stack else -1
            state.racks = [_list_counts(r) for r in data["racks"]]
            state.rack_n = [sum(r) for r in state.racks]
            state.reserve = [[kind(x) for x in reversed(r)] for r in data["reserves"]]
            state.box = [[kind(x) for x in b] for b in data["box"]]
            state.discard = [_str_code(c) for c in data["discard"]]
            state.medals = [int(m) for m in data["medals"]]
            state.claimed = [int(c) for c in data["claimed"]]
            state.blocked = [_list_counts(b) for b in data["face_down"]]
            state.known = [_list_counts(k) for k in data["known"]]
            state.phase = int(data["phase"])
            state.seat = int(data["turn"])
            pending = data["pending"]
            state.pending = None if pending is None else (pending[0], t.index[pending[1]])
            state.todo_troops = [(kind(x), t.index[nid]) for x, nid in data["todo_troops"]]
            state.todo_bases = [t.index[nid] for nid in data["todo_bases"]]
            state.winner = int(data["winner"])
            state.reason = str(data["reason"])
            state.events = [Event(text, None if seats is None else frozenset(seats)) for text, seats in data["events"]]
        except KeyError as err:
            raise ValueError(f"a Toy Battle state needs {err.args[0]!r}: missing field or unknown name") from None
        except (TypeError, ValueError, IndexError) as err:
            raise ValueError(f"not a Toy Battle state: {err}") from None
        for seat in (0, 1):
            census = state.troop_census(seat)
            if sum(census.values()) != TROOPS_PER_COLOUR:
                raise ValueError(f"{COLOURS[seat]} has {sum(census.values())} troops in all, not {TROOPS_PER_COLOUR}")
        return state

    # ============================================================ accessors
    def top(self, node: str) -> tuple[str, str] | None:
        """(colour, troop name) of the visible troop on ``node``, or None."""
        c = self.tops[self.terrain.node(node)]
        return None if c < 0 else (COLOURS[c >> 3], TROOP_NAMES[c & 7])

    def rack(self, seat: int) -> list[str]:
        return _counts_list(self.racks[seat])

    def troop_census(self, seat: int) -> dict[str, int]:
        """Where ``seat``'s 24 troops are: reserve, rack, board, discard, box."""
        board = sum(1 for s in self.stacks for c in s if c >> 3 == seat)
        return {
            "reserve": len(self.reserve[seat]),
            "rack": self.rack_n[seat],
            "board": board,
            "discard": sum(1 for c in self.discard if c >> 3 == seat),
            "box": len(self.box[seat]),
        }

    # ======================================================== legal actions
    def _frontier(self, seat: int) -> list[int]:
        front = self._front[seat]
        if front is None:
            front = self._front[seat] = frontier(self.lay, self.tops, seat)
        return front

    def _placements(self, seat: int) -> list[Any]:
        rack = self.racks[seat]
        blocked = self.blocked[seat]
        lay = self.lay
        tops = self.tops
        mask = lay.mask
        owner = lay.hq_owner
        front = self._frontier(seat)
        table = lay.places
        out: list[Any] = []
        for kind in range(8):
            if rack[kind] <= blocked[kind]:
                continue
            row = table[kind]
            bit = 1 << kind
            for n in front:
                # slot_open, inlined: this loop is the engine's hot path
                o = owner[n]
                if o == seat or not mask[n] & bit:
                    continue
                if o < 0:
                    c = tops[n]
                    if c >= 0 and c >> 3 != seat:
                        under = c & 7
                        if not (kind == 0 or under == 0 or kind > under):
                            continue
                out.append(row[n])
            if kind == HOOK:
                inside = set(front)
                hook_free = lay.hook_free
                for n in lay.bases:
                    if n not in inside and hook_free[n] and slot_open(lay, tops, seat, kind, n):
                        out.append(row[n])
        return out

    def _turn_actions(self) -> list[Any]:
        seat = self.seat
        pending = self.pending
        if pending is None:
            acts = self._placements(seat)
            if self.rack_n[seat] < RACK_MAX and self.reserve[seat]:
                acts.insert(0, DRAW)
            return acts
        code, node = pending
        ids = self.terrain.ids
        if code == "capn":
            acts = self._placements(seat)
        elif code in ("skully", "star", DRAW_ONE, "xb42"):
            acts = [_use()]
        elif code == "jumbo":
            acts = [_use(ids[m]) for m in self._enemy_tops_next_to(seat, node)]
        elif code == RETURN:
            tops = self.tops
            acts = [_use(ids[m]) for m in self.lay.bases if m != node and tops[m] >= 0 and tops[m] >> 3 == seat]
        elif code == PUSH:
            adj = self.lay.adj
            is_base = self.lay.is_base
            acts = [
                _use(ids[m], ids[b])
                for m in self._enemy_tops_next_to(seat, node)
                for b in adj[m]
                if is_base[b]
            ]
        elif code == RAISE:
            kinds = sorted({c & 7 for c in self.discard if c >> 3 == seat})
            acts = [_use(TROOP_NAMES[k]) for k in kinds]
        else:  # pragma: no cover - every pending code is listed above
            raise AssertionError(code)
        acts.append(SKIP)
        return acts

    def _enemy_tops_next_to(self, seat: int, node: int) -> list[int]:
        tops = self.tops
        return [m for m in self.lay.adj[node] if tops[m] >= 0 and tops[m] >> 3 != seat]

    def _effect_available(self, seat: int, code: str, node: int) -> bool:
        """Whether an optional effect has anything to offer (else it is passed silently)."""
        if code in ("skully", "star", DRAW_ONE):
            return self.rack_n[seat] < RACK_MAX and bool(self.reserve[seat])
        if code == "capn":
            return bool(self._placements(seat))
        if code in ("jumbo", PUSH):
            if code == PUSH:
                return any(self.lay.is_base[b] for m in self._enemy_tops_next_to(seat, node) for b in self.lay.adj[m])
            return bool(self._enemy_tops_next_to(seat, node))
        if code == "xb42":
            return self.rack_n[1 - seat] > 0
        if code == RETURN:
            tops = self.tops
            return self.rack_n[seat] < RACK_MAX and any(
                m != node and tops[m] >= 0 and tops[m] >> 3 == seat for m in self.lay.bases
            )
        if code == RAISE:
            return self.rack_n[seat] < RACK_MAX and any(c >> 3 == seat for c in self.discard)
        return False

    def _can_act(self, seat: int) -> bool:
        if self.rack_n[seat] < RACK_MAX and self.reserve[seat]:
            return True
        return bool(self._placements(seat))

    # ============================================================== checks
    def _why_not(self, seat: int, action: Any) -> str:
        """A player's sentence for an action that is not in the legal list."""
        pending = self.pending
        kind = type(action)
        if kind not in (Draw, Place, UseEffect, Skip):
            return f"{action!r} is not a Toy Battle action."
        if pending is not None and not (kind is Place and pending[0] == "capn") and kind not in (UseEffect, Skip):
            return f"First resolve {self._pending_title(pending)}: use it or skip it."
        if pending is None and kind in (UseEffect, Skip):
            return "There is no effect to use or skip now."
        if kind is Draw:
            if self.rack_n[seat] >= RACK_MAX:
                return f"You cannot draw: your rack already holds {RACK_MAX} Troops."
            return "You cannot draw: your reserve is empty."
        if kind is Place:
            return self._place_error(seat, action)
        code = pending[0]  # type: ignore[index]
        if code == "capn":
            return "Cap'n's effect places another Troop: play Place(...) or Skip()."
        return f"{action!r} is not a way to use {self._pending_title(pending)} now."  # type: ignore[arg-type]

    def _place_error(self, seat: int, action: Place) -> str:
        t = self.terrain
        kind = KIND_OF_NAME[action.troop]
        name = label(kind)
        if self.racks[seat][kind] == 0:
            return f"You have no {TROOP_TITLES[kind]} on your rack."
        if self.racks[seat][kind] <= self.blocked[seat][kind]:
            return f"Your {TROOP_TITLES[kind]} lies face down this turn: you cannot place it."
        n = t.index.get(action.node)
        if n is None:
            return f"There is no base or H.Q. {action.node!r} on {t.name}."
        owner = t.hq_owner[n]
        where = t.node_words(action.node)
        if owner == seat:
            return f"{name} cannot go on {where}: you can never place a Troop on your own H.Q."
        if not self.lay.mask[n] >> kind & 1:
            limit = SPECIAL_EFFECTS[self.lay.special[n]].rstrip(".").replace(" here", " there")  # type: ignore[index]
            return f"{name} cannot go on {where}: {limit[0].lower()}{limit[1:]}."
        c = self.tops[n]
        if owner < 0 and c >= 0 and c >> 3 != seat and not covers(kind, c & 7):
            return f"{name} cannot go on {where}: {_COLOUR[c >> 3]}'s {label(c & 7)} there is not weaker."
        if kind == HOOK and owner < 0 and not self.lay.hook_free[n]:
            return (
                f"{name} cannot go on {where}: it is not connected to your H.Q., and Hook cannot "
                "ignore the connection to reach a base whose special cancels troop effects."
            )
        return f"{name} cannot go on {where}: it is not connected to your H.Q."

    def _check_chance(self, action: Any) -> str | None:
        phase = self.phase
        if phase in (SETUP_BLUE, SETUP_RED):
            colour = COLOURS[phase - SETUP_BLUE]
            if type(action) is not Shuffle or action.color != colour:
                return f"The pending chance step is the shuffle of {colour}'s troops."
            if tuple(sorted(action.order)) != _FULL_SET:
                return f"A shuffle must order all {TROOPS_PER_COLOUR} troops: 3 of each kind."
            return None
        if phase == SETUP_FIRST:
            if type(action) is not FirstPlayer or action.seat not in (0, 1):
                return "The pending chance step is the choice of the first player: FirstPlayer(0) or FirstPlayer(1)."
            return None
        if type(action) is not Pick:
            return "The pending chance step is a blind pick from a rack: Pick(troop)."
        if action not in self._pick_outcomes():
            return f"{action!r} cannot be picked: no such tile on {COLOURS[1 - self.seat]}'s rack."
        return None

    def _pick_tiles(self, victim: int, include_face_down: bool) -> list[tuple[int, bool]]:
        rack = self.racks[victim]
        down = self.blocked[victim]
        tiles: list[tuple[int, bool]] = []
        for kind in range(8):
            tiles += [(kind, False)] * (rack[kind] - down[kind])
            if include_face_down:
                tiles += [(kind, True)] * down[kind]
        return tiles

    def _pick_outcomes(self) -> list[Pick]:
        include = self.pending is not None and self.pending[0] == "xb42-pick"
        tiles = sorted(set(self._pick_tiles(1 - self.seat, include)))
        return [Pick(TROOP_NAMES[k], d) for k, d in tiles]

    # ============================================================= changes
    def _log(self, text: str, seats: frozenset[int] | None = None) -> None:
        self.events.append(Event(text, seats))

    def _board_changed(self) -> None:
        self._front[0] = self._front[1] = None

    def _draw(self, seat: int, n: int, verb: str) -> None:
        reserve = self.reserve[seat]
        rack = self.racks[seat]
        got = []
        for _ in range(n):
            kind = reserve.pop()
            rack[kind] += 1
            got.append(TROOP_TITLES[kind])
        self.rack_n[seat] += n
        self.irreversible += 1
        what = "a troop" if n == 1 else f"{n} troops"
        events = self.events
        events.append(Event(f"{_COLOUR[seat]} {verb} {what} from their reserve."))
        events.append(Event(f"You draw {', '.join(got)}.", _PRIVATE[seat]))

    def _place(self, seat: int, kind: int, node: int) -> None:
        """Put a checked troop on the board, then score and queue its effects."""
        self.racks[seat][kind] -= 1
        self.rack_n[seat] -= 1
        if self.known[seat][kind]:
            self.known[seat][kind] -= 1
        code = seat << 3 | kind
        self.stacks[node] += (code,)
        under = self.tops[node]
        self.tops[node] = code
        self._front[0] = self._front[1] = None  # _board_changed(), inlined: this is every placement
        lay = self.lay
        nid = self.terrain.ids[node]
        if lay.hq_owner[node] >= 0:
            hq = self.terrain.node_words(nid)
            end = "" if hq.endswith(".") else "."  # "Red's H.Q." ends the sentence already
            self._log(f"{_COLOUR[seat]} places {label(kind)} on {hq}{end}")
            self._finish(seat, f"{_COLOUR[seat]} captures {hq}{end}")
            return
        cover = "" if under < 0 else f", covering {_COLOUR[under >> 3]}'s {_LABELS[under & 7]}"
        self.events.append(Event(f"{_COLOUR[seat]} places {_LABELS[kind]} on base {nid}{cover}."))
        self._claim((node,), (seat,))
        if self.phase == OVER:
            return
        if not lay.no_effects[node] and kind in _TROOP_EFFECT:
            self.todo_troops.append((kind, node))
        special = lay.special[node]
        if special == BLOCK or special in _BASE_CHOICES:
            self.todo_bases.append(node)

    def _claim(self, nodes: tuple[int, ...], seats: tuple[int, ...]) -> None:
        """Give ``seats`` (in order) every region these nodes complete; check the objective."""
        t = self.terrain
        claimed = self.claimed
        for seat in seats:
            for node in nodes:
                for r in t.regions_of[node]:
                    if claimed[r] < 0 and region_owner(self.lay, self.tops, r) == seat:
                        claimed[r] = seat
                        medals = t.regions[r].medals
                        self.medals[seat] += medals
                        self._log(
                            f"{_COLOUR[seat]} takes {t.region_words(r)}: "
                            f"{medals} medal{'s' if medals != 1 else ''}, {self.medals[seat]} in all."
                        )
        for seat in seats:
            if self.medals[seat] >= self.objective:
                self._finish(seat, f"{_COLOUR[seat]} reaches the medals objective ({self.objective}).")
                return

    def _jumbo(self, seat: int, target: int) -> None:
        code = self._pop_top(target)
        self.discard.append(code)
        victim = f"{_COLOUR[code >> 3]}'s {label(code & 7)}"
        self._log(f"{_COLOUR[seat]}'s Jumbo sends {victim} on base {self.terrain.ids[target]} to the discard.")
        self._claim((target,), (seat, 1 - seat))

    def _return(self, seat: int, target: int) -> None:
        code = self._pop_top(target)
        kind = code & 7
        self.racks[seat][kind] += 1
        self.rack_n[seat] += 1
        self.known[seat][kind] += 1
        self._log(f"{_COLOUR[seat]} returns {label(kind)} from base {self.terrain.ids[target]} to their rack.")
        self._claim((target,), (seat, 1 - seat))

    def _push(self, seat: int, source: int, dest: int) -> None:
        code = self._pop_top(source)
        self.stacks[dest] += (code,)
        self.tops[dest] = code
        ids = self.terrain.ids
        self._log(f"{_COLOUR[seat]} pushes {_COLOUR[code >> 3]}'s {label(code & 7)} from base {ids[source]} to base {ids[dest]}.")
        self._claim((source, dest), (seat, 1 - seat))

    def _raise(self, seat: int, kind: int) -> None:
        code = seat << 3 | kind
        i = len(self.discard) - 1 - self.discard[::-1].index(code)
        del self.discard[i]
        self.racks[seat][kind] += 1
        self.rack_n[seat] += 1
        self.known[seat][kind] += 1
        self._log(f"{_COLOUR[seat]} takes {label(kind)} back from the discard to their rack.")

    def _pop_top(self, node: int) -> int:
        stack = self.stacks[node]
        code = stack[-1]
        self.stacks[node] = stack = stack[:-1]
        self.tops[node] = stack[-1] if stack else -1
        self._board_changed()
        return code

    def _advance(self) -> None:
        """Offer the next pending effect, or end the turn when none is left."""
        seat = self.seat
        while self.phase == TURN:
            if self.todo_troops:
                kind, node = self.todo_troops.pop()
                code = _TROOP_EFFECT[kind]
                if self._effect_available(seat, code, node):
                    self.pending = (code, node)
                    return
                continue
            if self.todo_bases:
                node = self.todo_bases.pop(0)
                code = self.lay.special[node]
                if code == BLOCK:
                    if self.rack_n[1 - seat] > sum(self.blocked[1 - seat]):
                        self._log(f"{_COLOUR[seat]} points blind at a troop on {_COLOUR[1 - seat]}'s rack.")
                        self.pending = ("block-pick", node)
                        self.phase = CHANCE_PICK
                        return
                    continue
                if self._effect_available(seat, code, node):  # type: ignore[arg-type]
                    self.pending = (code, node)  # type: ignore[assignment]
                    return
                continue
            self._end_turn()
            return

    def _end_turn(self) -> None:
        seat = self.seat
        self.pending = None
        if any(self.blocked[seat]):
            self.blocked[seat] = [0] * 8
            self._log(f"{_COLOUR[seat]}'s face-down troop stands up again.")
        self.seat = nxt = 1 - seat
        if not self._can_act(nxt):
            a, b = self.medals[nxt], self.medals[seat]
            if a > b:
                self._finish(
                    nxt, f"{_COLOUR[nxt]} cannot draw or place: the game ends, {_COLOUR[nxt]} wins on medals {a} to {b}."
                )
            elif b > a:
                self._finish(
                    seat, f"{_COLOUR[nxt]} cannot draw or place: the game ends, {_COLOUR[seat]} wins on medals {b} to {a}."
                )
            else:
                self._finish(
                    seat,
                    f"{_COLOUR[nxt]} cannot draw or place and ends the game on a tie ({a}-{b} in medals): {_COLOUR[nxt]} loses.",
                )

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
        if phase in (SETUP_BLUE, SETUP_RED):
            seat = phase - SETUP_BLUE
            kinds = [KIND_OF_NAME[name] for name in action.order]
            keep = TROOPS_PER_COLOUR - REMOVED_UNSEEN
            self.reserve[seat] = kinds[:keep][::-1]
            self.box[seat] = kinds[keep:]
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
        # CHANCE_PICK
        code, node = self.pending  # type: ignore[misc]
        seat = self.seat
        victim = 1 - seat
        kind = KIND_OF_NAME[action.troop]
        self.phase = TURN
        self.pending = None
        if code == "xb42-pick":
            self.racks[victim][kind] -= 1
            self.rack_n[victim] -= 1
            if action.face_down:
                self.blocked[victim][kind] -= 1
            if self.known[victim][kind]:
                self.known[victim][kind] -= 1
            self.discard.append(victim << 3 | kind)
            self._log(f"{_COLOUR[seat]}'s XB-42 discards {_COLOUR[victim]}'s {label(kind)} from their rack.")
        else:
            self.blocked[victim][kind] += 1
            self._log(f"A troop on {_COLOUR[victim]}'s rack lies face down until the end of their next turn.")
            self._log(f"Your {label(kind)} lies face down: you cannot place it on your next turn.", _PRIVATE[victim])
        self._advance()

    def _deal(self, first: int) -> None:
        self._log(f"{_COLOUR[first]} starts.")
        self.seat = first
        self.phase = TURN
        for seat, n in ((first, START_RACK_FIRST), (1 - first, START_RACK_SECOND)):
            self._draw(seat, n, "takes")

    # ============================================================ helpers
    def _pending_title(self, pending: tuple[str, int]) -> str:
        code, node = pending
        names = {
            "skully": "Skully's draw",
            "capn": "Cap'n's extra placement",
            "jumbo": "Jumbo's attack",
            "xb42": "XB-42's raid",
            "star": "Star's draw",
            RETURN: "the base's return",
            DRAW_ONE: "the base's draw",
            PUSH: "the base's push",
            RAISE: "the base's raise",
        }
        return f"{names.get(code, code)} (base {self.terrain.ids[node]})"

    def pending_effect(self) -> str | None:
        """Readable name of the effect awaiting the current player's decision."""
        return None if self.pending is None else self._pending_title(self.pending)


class ToyBattleView(View):
    """What one seat sees: the board, the discard, the medals, its own rack;
    of the opponent's rack only its size, the tiles seen arriving there and
    how many lie face down; of the reserves and the box only their sizes."""

    _truth: ToyBattleState

    @property
    def terrain(self) -> Terrain:
        return self._truth.terrain

    def to_dict(self) -> dict[str, Any]:
        s = self._truth
        me, opp = self.seat, 1 - self.seat
        ids = s.terrain.ids
        return {
            "game": "toy-battle",
            "terrain": s.terrain.name,
            "seat": me,
            "colour": COLOURS[me],
            "to_act": s.to_act(),
            "turn": s.seat,
            "board": {ids[i]: [_code_str(c) for c in st] for i, st in enumerate(s.stacks) if st},
            "rack": sorted(_counts_list(s.known[me]) + [TROOP_NAMES[k] for k in self.shown("rack")[me]], key=TROOP_NAMES.index),
            "face_down": [TROOP_NAMES[k] for k in self.shown("face_down")[me]],
            "opponent_rack": {
                "size": s.rack_n[opp],
                "seen": _counts_list(s.known[opp]),
                "face_down": self.shown("face_down")[opp],
            },
            "reserve_sizes": [len(s.reserve[0]), len(s.reserve[1])],
            "box_sizes": [len(s.box[0]), len(s.box[1])],
            "discard": [_code_str(c) for c in s.discard],
            "medals": list(s.medals),
            "objective": s.objective,
            "claimed": list(s.claimed),
            "pending": s.pending_effect(),
            "events": [e.text for e in s.events if e.visible_to(me)],
            "result": None if s.result() is None else s.result().to_dict(),  # type: ignore[union-attr]
        }


# ----------------------------------------------------------------- helpers
def _code_str(code: int) -> str:
    return f"{COLOURS[code >> 3]} {TROOP_NAMES[code & 7]}"


def _counts_list(counts: list[int]) -> list[str]:
    return [TROOP_NAMES[k] for k in range(8) for _ in range(counts[k])]


_USES: dict[tuple[str | None, str | None], UseEffect] = {}
"""UseEffect values made once (node ids and troop names are few), so the
legal lists reuse them and their exactness is checked once."""


def _use(target: str | None = None, to: str | None = None) -> UseEffect:
    use = _USES.get((target, to))
    if use is None:
        use = _USES[(target, to)] = UseEffect(target, to)
    return use


def _str_code(text: str) -> int:
    colour, name = text.split(" ")
    return COLOURS.index(colour) << 3 | KIND_OF_NAME[name]


def _list_counts(names: list[str]) -> list[int]:
    counts = [0] * 8
    for name in names:
        counts[KIND_OF_NAME[name]] += 1
    return counts


def _counts_kinds(counts: list[int]) -> list[int]:
    return [k for k in range(8) for _ in range(counts[k])]


def _refill(stack: list[int]):  # noqa: ANN202 - a Slice.put
    def put(items: list[int]) -> None:
        stack[:] = items

    return put
