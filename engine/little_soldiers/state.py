"""Little Soldiers as a Toybox State: the Bootcamp and five modules.

The game is a small state machine over *phases*. A player's turn is
Move -> (Object) -> Order -> (Attack dice, rerolls, lightning | Special
Action | Move) -> End of Turn checks; rounds begin with Round Preparation
(deploy by revealed Block tokens, take Order tokens, return the star).
Dice, Block tokens, the star and throws are CHANCE steps, so a seeded game
rolls by itself and a test can force any outcome.

Generals, not seats, take turns: in 2 Against 2 with three players one seat
runs two Generals. Teams are colours; the Flag counts toward a colour.
Geometry questions go to ``Terrain`` and every answer that decides a rule
is written to the log with what was measured.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core.protocol import CHANCE, Event, IllegalAction, Result, State, View, inexact
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import (
    Activate, Block, CardAttack, Deal, Deploy, Draw, ExtraTarget, Jump, Landing, Lead, Move, Order, Parachute, Play,
    Redirect, Reroll, Roll, Shields, ShiftShield, Star, Swap, Teleport, Throw, ThreatAction,
)
from engine.little_soldiers.battle_royale import DEAL, PARA_LANDING, PARACHUTE, BattleRoyaleRules
from engine.little_soldiers.config import Config, chosen_values
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.king_of_the_hill import KingOfTheHillRules
from engine.little_soldiers.tactics import AFTER_CARD, CARD_ATTACK, DRAW, REACT, TacticsRules
from engine.little_soldiers.terrain import MoveReport, Spot, Terrain
from engine.little_soldiers.threats import LEAD, THREAT_ACTION, THREAT_ROLL, Threat, ThreatRules

# Phases. Chance phases: SETUP (star flip), REVEAL (Block token), ROLL (dice), LANDING (throw).
SETUP, REVEAL, DEPLOY, MOVE, OBJECT, TELEPORT, RADAR, SWAP, JUMP = (
    "setup", "reveal", "deploy", "move", "object", "teleport", "radar", "swap", "jump")
ORDER, ROLL, REROLL, SCOUT, SHIFT, EXTRA, THROW, LANDING, REDIRECT, OVER = (
    "order", "roll", "reroll", "scout", "shift", "extra", "throw", "landing", "redirect", "over")
CHANCE_PHASES = frozenset({SETUP, REVEAL, ROLL, LANDING, DRAW, DEAL, PARA_LANDING, THREAT_ACTION, THREAT_ROLL})
CONTINUOUS_PHASES = frozenset({DEPLOY, MOVE, TELEPORT, JUMP, THROW, PARACHUTE})
"""Phases whose choices carry coordinates: legal_actions is empty there and
bots sample ``candidate_actions``."""

# What happens when a Move (and any Object it triggers) is over.
AFTER_ORDER, AFTER_END, AFTER_LIGHTNING = "order", "end", "lightning"


class Soldier:
    """One Little Soldier: its card's tokens and, in play, where it stands."""

    __slots__ = ("id", "general", "team", "side", "kind", "hearts", "shields", "orders", "bonus", "spot",
                 "promoted", "out")

    def __init__(self, ident: str, general: int, team: str, kind: str, side: str | None = None) -> None:
        self.id = ident
        self.general = general
        self.team = team  # the figurine's colour
        self.side = side or team  # who its enemies are: a colour, a General (free-for-all) or "players" (co-op)
        self.kind = kind
        self.hearts = 0
        self.shields = 0
        self.orders = 0
        self.bonus = 0  # Bonus Order tokens (Advanced Tactics), gone at the end of the round
        self.spot: Spot | None = None  # None: on its card in the HQ
        self.promoted = False  # Battle Royale: flipped to its Super Soldier side by Supplies
        self.out = False  # Battle Royale: broken for good

    @property
    def in_play(self) -> bool:
        return self.spot is not None

    def copy(self) -> "Soldier":
        new = Soldier(self.id, self.general, self.team, self.kind, self.side)
        new.hearts, new.shields, new.orders, new.spot = self.hearts, self.shields, self.orders, self.spot
        new.bonus, new.promoted, new.out = self.bonus, self.promoted, self.out
        return new

    def to_dict(self) -> dict[str, Any]:
        spot = None if self.spot is None else {"x": self.spot.x, "y": self.spot.y, "surface": self.spot.surface}
        return {"id": self.id, "general": self.general, "team": self.team, "side": self.side, "kind": self.kind,
                "hearts": self.hearts, "shields": self.shields, "orders": self.orders, "bonus": self.bonus,
                "spot": spot}


class General:
    """A General card with its Chest: Order tokens on the lid, on the card,
    and at the bottom of the Chest."""

    __slots__ = ("index", "team", "seat", "name", "lid", "tokens", "bottom", "soldiers", "bonus", "hand", "played")

    def __init__(self, index: int, team: str, seat: int, name: str, soldiers: list[str]) -> None:
        self.index = index
        self.team = team
        self.seat = seat
        self.name = name
        self.lid = R.LID_ORDER_TOKENS
        self.tokens = 0
        self.bottom = 0
        self.soldiers = soldiers
        self.bonus = 0  # Bonus Order tokens on the card (Advanced Tactics)
        self.hand: list[str] = []  # Tactics cards, hidden from the other seats
        self.played: list[str] = []  # played Tactics cards face up in the HQ

    def copy(self) -> "General":
        new = General(self.index, self.team, self.seat, self.name, self.soldiers)
        new.lid, new.tokens, new.bottom, new.bonus = self.lid, self.tokens, self.bottom, self.bonus
        new.hand, new.played = list(self.hand), list(self.played)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "team": self.team, "seat": self.seat, "name": self.name,
                "lid": self.lid, "tokens": self.tokens, "bottom": self.bottom, "soldiers": list(self.soldiers),
                "bonus": self.bonus, "hand": sorted(self.hand), "played": list(self.played)}


@dataclass
class AttackDice:
    """An Attack in progress: the dice on the table and what is left to do."""

    attacker: str
    target: str
    risky: bool
    faces: list[str | None]
    rerolls: int
    pending: tuple[int, ...]
    hits: int = 0
    lightning: int = 0
    hit_targets: list[str] = field(default_factory=list)
    left: int = 0  # lightning uses left (Operator, Grenadier)
    dice: int = R.ATTACK_DICE  # Attack dice rolled (Camouflage takes one); the Sniper die comes after them

    def copy(self) -> "AttackDice":
        return AttackDice(self.attacker, self.target, self.risky, list(self.faces), self.rerolls, self.pending,
                          self.hits, self.lightning, list(self.hit_targets), self.left, self.dice)

    def to_dict(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "target": self.target, "risky": self.risky, "faces": list(self.faces),
                "rerolls": self.rerolls, "pending": list(self.pending), "hits": self.hits,
                "lightning": self.lightning, "hit_targets": list(self.hit_targets), "left": self.left,
                "dice": self.dice}


@dataclass(frozen=True)
class Shot:
    """A Grenade flick or Mortar launch being resolved."""

    kind: str  # "grenade" or "mortar"
    thrower: str
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)
    direction: float = 0.0
    strength: float = 0.0
    practice: bool = False
    landing: Landing | None = None
    hq: int | None = None  # Battle Royale: a broken player's Mortar Shot from their HQ

    def to_dict(self) -> dict[str, Any]:
        land = None if self.landing is None else {
            "x": self.landing.x, "y": self.landing.y, "z": self.landing.z, "face": self.landing.face,
            "teleporters": list(self.landing.teleporters)}
        return {"kind": self.kind, "thrower": self.thrower, "start": list(self.start), "direction": self.direction,
                "strength": self.strength, "practice": self.practice, "landing": land, "hq": self.hq}


@dataclass(frozen=True)
class LastRoll:
    """The dice on the table after the latest roll (public: everyone sees dice).

    ``serial`` counts rolls, so a viewer knows a new roll happened even when
    the faces repeat; ``rolled`` are the dice this roll threw (all on a first
    roll, the rerolled ones after)."""

    serial: int
    who: str  # "attack" or "threat"
    faces: tuple[str, ...]
    rolled: tuple[int, ...]
    risky: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"serial": self.serial, "who": self.who, "faces": list(self.faces), "rolled": list(self.rolled),
                "risky": self.risky}


@dataclass(frozen=True)
class LastThrow:
    """The latest Grenade flick or Mortar launch and where it landed; with the
    landing's scatter seed the physics redraws the same flight."""

    serial: int
    kind: str
    start: tuple[float, ...]
    direction: float
    strength: float
    landing: Landing

    def to_dict(self) -> dict[str, Any]:
        land = self.landing
        return {"serial": self.serial, "kind": self.kind, "start": list(self.start), "direction": self.direction,
                "strength": self.strength, "seed": land.seed, "landing": [land.x, land.y, land.z], "face": land.face}


class LittleSoldiersState(TacticsRules, KingOfTheHillRules, BattleRoyaleRules, ThreatRules, State):
    game = "little-soldiers"

    def __init__(self, config: Config, terrain: Terrain, rng: random.Random | None) -> None:
        self.config = config
        self.values, self.chosen = chosen_values(config.overrides)
        self.terrain = terrain
        self.rng = rng
        self.num_seats = config.players
        self.events: list[Event] = []
        self.irreversible = 0
        self.soldiers: dict[str, Soldier] = {}
        self.generals: list[General] = []
        teams = R.TEAMS
        seen: dict[tuple[str, str], int] = {}
        self.mission = config.mission
        for g, squad in enumerate(config.squads or ()):
            team = teams[g % len(teams)]
            name = (R.GENERALS if g < len(teams) else R.SECOND_GENERALS)[team] if g < 2 * len(teams) else ""
            if self.mission == M.BATTLE_ROYALE:
                name = f"Player {g + 1}"  # no General card in Battle Royale
            side = ("players" if self.mission in M.COOP_MISSIONS else f"general-{g}") if self.mission else team
            ids = []
            for kind in squad:
                n = seen.get((team, kind), 0) + 1
                seen[(team, kind)] = n
                ident = f"{team}-{kind}" + (f"-{n}" if n > 1 else "")
                self.soldiers[ident] = Soldier(ident, g, team, kind, side)
                ids.append(ident)
            general = General(g, team, config.seat_of(g), name, ids)
            # Reinforcements: 1 Order token straight onto the General per extra soldier.
            general.tokens = max(0, len(squad) - R.STARTING_SOLDIERS)
            self.generals.append(general)
        self.flag = 0  # > 0: toward green's Victory zone; < 0: toward yellow's
        self.round = 0
        self.phase = SETUP
        self.current = 0  # the General who acts now
        self.first = 0  # first player of this round
        self.star: int | None = None  # General holding the first player token; None: in the Reserve
        self.star_taken = False  # someone ran out of Order tokens first this round
        self.blocks: list[int] = list(R.BLOCK_TOKENS)
        self.block: int | None = None
        self.mover: str | None = None
        self.after: str = AFTER_ORDER
        self.moves_left = 0
        self.obj_user: str | None = None
        self.obj_choices: tuple[str, ...] = ()
        self.obj_active: str | None = None
        self.attack: AttackDice | None = None
        self.shot: Shot | None = None
        self.switches = {o.id: True for o in terrain.objects if o.kind == "switch"} if config.has("objects") else {}
        self.practice_left = [self.chosen.practice_shots] * self.num_seats
        self.wiped: set[str] = set()
        self.measured: dict[str, Any] = {}
        self.last_roll: LastRoll | None = None
        self.last_throw: LastThrow | None = None
        self.outcome: Result | None = None
        self.base_terrain = terrain
        self.terrains: dict[tuple[str, ...], Terrain] = {(): terrain}  # shared by clones: immutable terrains
        self.uses_star = self.mission in (None, M.KING_OF_THE_HILL)
        self.effect = None
        self.window = None
        self.threats: dict[str, Threat] = {}
        if self.mission == M.KING_OF_THE_HILL:
            self._setup_king_of_the_hill()
        elif self.mission == M.BATTLE_ROYALE:
            self._setup_battle_royale()
        elif self.mission in M.COOP_MISSIONS:
            self._setup_threats()
        if config.has("advanced_tactics"):
            self._setup_tactics()
        self._begin_game()

    def _begin_game(self) -> None:
        """After set-up (and the starting Tactics draws): the star flip, or
        the mission's own first step."""
        if self.config.has("advanced_tactics") and self._next_draw():
            return
        if self.mission in M.COOP_MISSIONS or self.mission == M.BATTLE_ROYALE:
            self.first = 0
            self._start_round()
        else:
            self.phase = SETUP

    def log_private(self, text: str, *seats: int) -> None:
        """An event only ``seats`` may read (a card drawn into a hand)."""
        self.events.append(Event(text, frozenset(seats)))

    # ================================================================ protocol
    def to_act(self) -> list[int]:
        if self.phase is OVER:
            return []
        if self.phase in CHANCE_PHASES:
            return [CHANCE]
        if self.phase is REACT:
            return [self.generals[self.reactor()].seat]
        if self.phase is LEAD:
            return [self.generals[0].seat]  # the players agree; the first seat says it
        return [self.generals[self.current].seat]

    def chance_pending(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase is OVER

    def result(self) -> Result | None:
        return self.outcome

    def legal_actions(self, seat: int) -> list[Any]:
        """The discrete choices; [] where the choice is continuous (see
        ``candidate_actions``) or ``seat`` need not act."""
        if self.phase is OVER or self.phase in CHANCE_PHASES or self.phase in CONTINUOUS_PHASES:
            return []
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase is REACT:
            return self._react_actions()
        if phase is LEAD:
            return [Lead(g) for g in range(len(self.generals))]
        if phase is CARD_ATTACK:
            return [CardAttack(t) for t in self.card_attack_targets()] + [CardAttack(None)]
        if phase is ORDER:
            return self._order_actions() + self._play_actions()
        if phase is REROLL:
            n = len(self.attack.faces)
            return [Reroll(tuple(c)) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
        if phase is SCOUT:
            enemies = self._enemies_in_play(self.current)
            return [Shields(c) for c in itertools.combinations_with_replacement(enemies, R.SCOUT_SHIELDS)]
        if phase is RADAR:
            enemies = self._enemies_in_play(self.current)
            return [Shields(c) for k in range(R.RADAR_SHIELDS + 1)
                    for c in itertools.combinations_with_replacement(enemies, k)]
        if phase is SHIFT:
            return self._shift_actions()
        if phase is EXTRA:
            return [ExtraTarget(t) for t in self._extra_targets()] + [ExtraTarget(None)]
        if phase is OBJECT:
            return [Activate(o) for o in self.obj_choices] + [Activate(None)]
        if phase is SWAP:
            ids = [s.id for s in self.soldiers.values() if s.in_play]
            return [Swap(a, b) for a, b in itertools.combinations(ids, 2)]
        if phase is REDIRECT:
            return [Redirect(d) for d in self._redirect_targets()] + [Redirect(None)]
        return []

    def candidate_actions(self, seat: int, n: int, rng: random.Random) -> list[Any]:
        """Legal actions sampled for bots, continuous choices included."""
        from engine.little_soldiers.candidates import candidates

        return candidates(self, seat, n, rng)

    def check(self, seat: int, action: Any) -> str | None:
        exact = inexact(seat, action)  # Lead(0.0) equals Lead(0): the types are held exactly first
        if exact is not None:
            return exact
        if self.phase is OVER:
            return "The game is over."
        if seat == CHANCE:
            return self._check_chance(action)
        if seat not in self.to_act():
            return f"It is not {self.seat_name(seat)}'s turn."
        phase = self.phase
        if isinstance(action, Play) and phase in (MOVE, ORDER):
            return self._check_play(action)
        if phase is PARACHUTE:
            return self._check_parachute(action)
        if phase is DEPLOY:
            return self._check_deploy(action)
        if phase is MOVE:
            return self._check_move(action)
        if phase is THROW:
            return self._check_throw(seat, action)
        if phase is TELEPORT:
            return self._check_teleport(action)
        if phase is JUMP:
            if not isinstance(action, Jump):
                return "Choose the direction of the Marshmallow's bounce."
            if not isinstance(action.direction, (int, float)) or not math.isfinite(action.direction):
                return "The direction must be a number of degrees."
            return None
        if phase is ORDER and isinstance(action, Order):
            return self._check_order(action)
        if action in self.legal_actions(seat):
            return None
        return f"{action} is not possible now: {self._phase_help()}"

    def _phase_help(self) -> str:
        return {
            ORDER: "give an Order to one of your Little Soldiers in play.",
            REROLL: "choose the dice to reroll, or keep them.",
            SCOUT: f"place {R.SCOUT_SHIELDS} Shield tokens on your opponents' Little Soldiers.",
            RADAR: "place up to two Shield tokens on your opponents' Little Soldiers.",
            SHIFT: "move a Shield from one of your soldiers' cards to another soldier, or keep them.",
            EXTRA: "choose another valid target for the Grenadier's hits, or stop.",
            OBJECT: "activate an Object your soldier touches, or not.",
            SWAP: "choose two Little Soldiers in play to swap.",
            REDIRECT: "teleport the shot to another Teleporter, or let it explode.",
        }.get(self.phase, f"the game is in its {self.phase} step.")

    # ================================================================ chance
    def sample_chance(self, rng: random.Random) -> Any:
        if self.phase is DRAW:
            pile = self.draw_pile()
            return Draw(pile[rng.randrange(len(pile))])
        if self.phase is DEAL:
            order = list(range(len(self.generals)))
            rng.shuffle(order)
            return Deal(tuple(order))
        if self.phase is PARA_LANDING:
            return self._sample_parachute(rng)
        if self.phase is THREAT_ACTION:
            return ThreatAction(self.actions_down[rng.randrange(len(self.actions_down))])
        if self.phase is THREAT_ROLL:
            faces = self.chosen.attack_die_faces
            return Roll(tuple(faces[rng.randrange(len(faces))] for _ in self.threat_pending))
        if self.phase is SETUP:
            return Star(rng.randrange(len(self.generals)) if len(self.generals) > 2 else rng.randrange(2))
        if self.phase is REVEAL:
            pile = self.blocks if self.blocks else list(R.BLOCK_TOKENS)
            return Block(pile[rng.randrange(len(pile))])
        if self.phase is ROLL:
            a = self.attack
            faces = []
            for i in a.pending:
                table = self.chosen.sniper_die_faces if (a.risky and i == a.dice) else self.chosen.attack_die_faces
                faces.append(table[rng.randrange(len(table))])
            return Roll(tuple(faces))
        shot = self.shot
        seed = rng.getrandbits(32)
        got = self.terrain.throw(shot.kind, shot.start, shot.direction, shot.strength, seed)
        return Landing(got.x, got.y, got.z, got.face, got.teleporters, seed)

    def _shot_faces(self, kind: str) -> tuple[str, ...]:
        return self.chosen.grenade_die_faces if kind == "grenade" else tuple(self.chosen.mortar_token_sides)

    def _check_chance(self, action: Any) -> str | None:
        phase = self.phase
        if phase is DRAW:
            if not isinstance(action, Draw) or action.card not in self.draw_pile():
                return "A Tactics card from the face-down pile is drawn now."
            return None
        if phase is DEAL:
            if not isinstance(action, Deal) or sorted(action.order) != list(range(len(self.generals))):
                return "The Numbered Block tokens are dealt: one to each player."
            return None
        if phase is PARA_LANDING:
            if not isinstance(action, Landing) or not _finite(action.x, action.y, action.z):
                return "The green Move token lands now."
            return None
        if phase is THREAT_ACTION:
            if not isinstance(action, ThreatAction) or action.number not in self.actions_down:
                return f"A face-down Threat Action token is flipped now (face down: {sorted(self.actions_down)})."
            return None
        if phase is THREAT_ROLL:
            if not isinstance(action, Roll) or len(action.faces) != len(self.threat_pending):
                return f"{len(self.threat_pending)} Threat dice are being rolled."
            if any(f not in self.chosen.attack_die_faces for f in action.faces):
                return "That is not a face of the Attack die."
            return None
        if phase is SETUP:
            if not isinstance(action, Star) or not 0 <= action.general < len(self.generals):
                return "The star flip names the General who plays first."
            return None
        if phase is REVEAL:
            pile = self.blocks if self.blocks else list(R.BLOCK_TOKENS)
            if not isinstance(action, Block) or action.number not in pile:
                return f"A Block token from the pile is revealed now (left: {sorted(pile)})."
            return None
        if phase is ROLL:
            a = self.attack
            if not isinstance(action, Roll) or len(action.faces) != len(a.pending):
                return f"{len(a.pending)} dice are being rolled."
            for i, f in zip(a.pending, action.faces):
                table = self.chosen.sniper_die_faces if (a.risky and i == a.dice) else self.chosen.attack_die_faces
                if f not in table:
                    return f"{f!r} is not a face of that die."
            return None
        if phase is LANDING:
            if not isinstance(action, Landing):
                return "The thrown die or token lands now."
            if action.face not in self._shot_faces(self.shot.kind):
                return f"{action.face!r} is not a face of the {self.shot.kind} die or token."
            for t in action.teleporters:
                if t not in {o.id for o in self.terrain.objects if o.kind == "teleporter"}:
                    return f"{t!r} is not a Teleporter."
            return None
        return "No chance step is due now."

    # ================================================================ apply
    def _apply(self, seat: int, action: Any) -> None:
        if seat == CHANCE:
            self.irreversible += 1
            chance = {
                SETUP: self._on_star, REVEAL: self._on_block, ROLL: self._on_roll, LANDING: self._on_landing,
                DRAW: self._on_draw, DEAL: self._on_deal, PARA_LANDING: self._on_para_landing,
                THREAT_ACTION: self._on_threat_action, THREAT_ROLL: self._on_threat_roll,
            }[self.phase]
            chance(action)
            return
        if isinstance(action, Play):
            (self._on_react if self.phase is REACT else self._on_play)(action)
            return
        handler = {
            Deploy: self._on_deploy, Move: self._on_move, Order: self._on_order, Reroll: self._on_reroll,
            Shields: self._on_shields, ShiftShield: self._on_shift, ExtraTarget: self._on_extra,
            Throw: self._on_throw, Activate: self._on_activate, Teleport: self._on_teleport,
            Redirect: self._on_redirect, Swap: self._on_swap, Jump: self._on_jump, Lead: self._on_lead,
            Parachute: self._on_parachute, CardAttack: self._on_card_attack,
        }[type(action)]
        handler(action)

    # ---------------------------------------------------------------- helpers
    def log(self, text: str) -> None:
        self.events.append(Event(text))

    def general_of(self, soldier: Soldier) -> General:
        return self.generals[soldier.general]

    def seat_of_soldier(self, ident: str) -> int:
        return self.generals[self.soldiers[ident].general].seat

    def _own(self, g: int) -> list[Soldier]:
        return [self.soldiers[i] for i in self.generals[g].soldiers]

    def _own_in_play(self, g: int) -> list[Soldier]:
        return [s for s in self._own(g) if s.in_play]

    def _side(self, g: int) -> str:
        return self.soldiers[self.generals[g].soldiers[0]].side

    def _enemies_in_play(self, g: int) -> list[str]:
        """Enemy soldiers in play, and the Threats still in play (co-op)."""
        side = self._side(g)
        return [s.id for s in self.soldiers.values() if s.in_play and s.side != side] + \
            [t.id for t in self.threats.values() if t.in_play]

    def target_of(self, ident: str) -> "Soldier | Threat":
        """A Little Soldier or a Threat, by id."""
        return self.soldiers[ident] if ident in self.soldiers else self.threats[ident]

    def is_super(self, s: Soldier) -> bool:
        """Whether the soldier's card shows its Super Soldier side (Battle
        Royale: only once Supplies flipped it)."""
        return self.config.has("super_soldier") and (self.mission != M.BATTLE_ROYALE or s.promoted)

    def _spots(self, exclude: str | None = None) -> list[Spot]:
        return [s.spot for s in self.soldiers.values() if s.in_play and s.id != exclude]

    def defense(self, s: "Soldier | Threat") -> int:
        """Base Defense minus 1 per Shield token, never below 0."""
        base = s.defense if isinstance(s, Threat) else self.chosen.defense[s.kind]
        return max(0, base - s.shields)

    def toughness(self, s: "Soldier | Threat") -> int:
        return s.toughness if isinstance(s, Threat) else self.chosen.toughness[s.kind]

    def sight(self, attacker: str, target: str):
        if target in self.threats:
            return self.threat_sight(attacker, target)
        a, t = self.soldiers[attacker], self.soldiers[target]
        return self.terrain.sight(a.spot, t.spot)

    def valid_targets(self, attacker: str) -> list[str]:
        """Enemies in play whose entire head the attacker sees; in the co-op
        missions, Threats whose Force Field is off and whose Target it sees."""
        a = self.soldiers[attacker]
        enemies = [s for s in self.soldiers.values() if s.in_play and s.side != a.side]
        reports = self.terrain.sights([(a.spot, e.spot) for e in enemies])
        out = [e.id for e, r in zip(enemies, reports) if r.valid]
        return out + (self.valid_threat_targets(attacker) if self.threats else [])

    def can_order(self, g: int) -> bool:
        """A General gives an Order while it holds tokens and has a soldier in play."""
        gen = self.generals[g]
        return gen.tokens + gen.bonus > 0 and bool(self._own_in_play(g))

    # ================================================================ setup and rounds
    def _on_star(self, action: Star) -> None:
        g = action.general if len(self.generals) > 2 else action.general % 2
        self.star = g
        self.first = g
        self.log(f"The sheriff's star: {self._gname(g)} plays first.")
        self._start_round()

    def _gname(self, g: int) -> str:
        gen = self.generals[g]
        return f"{gen.name} ({gen.team}, player {gen.seat + 1})"

    def _start_round(self) -> None:
        if self.round and self.config.has("advanced_tactics"):
            self._return_bonus_tokens()
        self.round += 1
        self.star_taken = False
        self.log(f"Round {self.round} begins.")
        if self.mission == M.BATTLE_ROYALE:
            self._br_start_round()
            return
        if self.mission in M.COOP_MISSIONS:
            self._coop_start_round()
            return
        if any(not s.in_play for s in self.soldiers.values()):
            self.blocks = list(R.BLOCK_TOKENS)  # shuffled face down: draws are chance steps
            self._next_deployer(self.first)
        else:
            self._after_deployment()

    def _deploy_order(self, start: int) -> list[int]:
        n = len(self.generals)
        return [(start + k) % n for k in range(n)]

    def _next_deployer(self, start: int) -> None:
        for g in self._deploy_order(start):
            if any(not s.in_play for s in self._own(g)):
                self.current = g
                # Advanced Tactics and the co-op missions deploy without Block tokens.
                free = self.config.has("advanced_tactics") or self.mission in M.COOP_MISSIONS
                self.phase = DEPLOY if free else REVEAL
                return
        self._after_deployment()

    def _on_block(self, action: Block) -> None:
        if not self.blocks:
            self.blocks = list(R.BLOCK_TOKENS)
            self.log("The Block tokens ran out and are shuffled again.")
        self.blocks.remove(action.number)
        self.block = action.number
        self.phase = DEPLOY
        self.log(f"{self._gname(self.current)} reveals Block token {action.number}.")

    def _check_deploy(self, action: Any) -> str | None:
        if not isinstance(action, Deploy):
            return "Deploy a Little Soldier from your HQ into the Play Zone."
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current:
            return f"{action.soldier} is not one of your Little Soldiers."
        if s.in_play or s.out:
            return f"{s.id} is {'already in play' if s.in_play else 'out of the game'}."
        if not _finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        if self.mission == M.BATTLE_ROYALE:
            return self._check_parachute_deploy(s, action.x, action.y)
        spot = Spot(action.x, action.y, None)
        if self.mission in M.COOP_MISSIONS or self.config.has("advanced_tactics"):
            return self._free_deploy_reason(s, spot)
        return self.terrain.deploy_reason(self.block, spot, self.chosen.green_length, self._spots())

    def deploy_anchors(self, s: Soldier) -> tuple[list[tuple[float, float]], list[Spot]]:
        """Where ``s`` may deploy at green distance from: Deployment tokens
        (any in the co-op missions; of your colour with Advanced Tactics)
        and, with Advanced Tactics, your other Little Soldiers in play."""
        tokens = [t.at for t in self.terrain.tokens_of("deployment")
                  if self.mission in M.COOP_MISSIONS or self.deploy_colour(t) == s.team]
        chain = [o.spot for o in self._own_in_play(s.general)] if self.config.has("advanced_tactics") else []
        return tokens, [sp for sp in chain if sp.surface is None]

    def deploy_colour(self, token: Any) -> str:
        colour = token.props.get("colour")
        if colour in R.TEAMS:
            return colour
        middle = self.terrain.bf.play_zone.centroid.y  # chosen: the side the token is nearer
        return R.TEAMS[0] if token.at[1] < middle else R.TEAMS[1]

    def deploy_discs(self, s: Soldier) -> list[tuple[tuple[float, float], float]]:
        """Where ``s`` may deploy now, as discs (centre, radius) for its base
        centre: green distance from the revealed Deployment token, or, with no
        Block token (co-op missions, Advanced Tactics), from any of its
        anchors. Free table and other figurines are checked apart."""
        green = self.chosen.green_length
        if self.block is not None:
            at = self.terrain.deployment.get(self.block)
            return [] if at is None else [(at, self.terrain.token_reach(green))]
        tokens, chain = self.deploy_anchors(s)
        return ([(at, self.terrain.token_reach(green)) for at in tokens]
                + [(o.xy, self.terrain.soldier_reach(green)) for o in chain])

    def _free_deploy_reason(self, s: Soldier, spot: Spot) -> str | None:
        if not any(math.dist(centre, spot.xy) <= reach for centre, reach in self.deploy_discs(s)):
            what = "a Deployment token" + (" of your colour or one of your soldiers in play"
                                           if self.config.has("advanced_tactics") else "")
            return f"Deploy at green distance ({self.chosen.green_length:g} cm) from {what}."
        return self.terrain.placement_reason(spot, self._spots())

    def _on_deploy(self, action: Deploy) -> None:
        s = self.soldiers[action.soldier]
        if self.mission == M.BATTLE_ROYALE:
            self._on_parachute_deploy(s, action.x, action.y)
            return
        if self.block is None:
            s.spot = Spot(float(action.x), float(action.y), None)
            self.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}).")
            nxt = self.current if self.mission in M.COOP_MISSIONS else (self.current + 1) % len(self.generals)
            self._next_deployer(nxt)
            return
        s.spot = Spot(float(action.x), float(action.y), None)
        at = self.terrain.deployment[self.block]
        gap = math.dist(at, s.spot.xy) - self.terrain.base_radius - D.TOKEN_RADIUS
        self.measured = {"deploy": s.id, "token": self.block, "gap_cm": round(gap, 2)}
        self.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}), {max(gap, 0):.1f} cm from Deployment token {self.block}.")
        self.block = None
        self._next_deployer((self.current + 1) % len(self.generals))

    def _after_deployment(self) -> None:
        """Round Preparation steps 2 and 3: take Order tokens, return the star."""
        self.blocks = list(R.BLOCK_TOKENS)
        for gen in self.generals:
            took = 0
            if gen.lid > 0:
                gen.lid -= 1
                took += 1
            for s in self._own(gen.index):
                if s.in_play and s.orders > 0:
                    s.orders -= 1
                    took += 1
            took += gen.bottom
            gen.bottom = 0
            gen.tokens += took
            self.log(f"{self._gname(gen.index)} takes {took} Order token{'s' * (took != 1)} "
                     f"({gen.tokens} on the General, {gen.lid} left on the lid).")
        if self.uses_star:
            if self.star is not None:
                self.first = self.star
            self.star = None
            self.log(f"{self._gname(self.first)} returns the star and begins round {self.round}.")
        for g in self._deploy_order(self.first):
            if self._own_in_play(g):
                self._begin_turn(g)
                return
        self._begin_turn(self.first)

    def _begin_turn(self, g: int) -> None:
        self.current = g
        self.mover = None
        self.after = AFTER_ORDER
        self.attack = None
        self.shot = None
        self.threat_done = False
        if not self._own_in_play(g):
            self.threat_done = True  # no turn, so no Threats' turn after it
            self._end_turn()  # 2 Against 2: nothing of this General's left in play
            return
        self.phase = MOVE

    # ================================================================ movement
    def _check_move(self, action: Any) -> str | None:
        retreat = self.effect is not None and self.effect.kind == "retreat"
        if isinstance(action, Activate) and action.obj is None and (self.after == AFTER_LIGHTNING or retreat):
            return None  # stop making the Infantry's lightning Moves, or Strategic Retreat's
        if not isinstance(action, Move):
            return "Make a yellow Move with one of your Little Soldiers (it may be zero)."
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current or not s.in_play:
            return f"{action.soldier} is not one of your Little Soldiers in play."
        if self.mover is not None and action.soldier != self.mover:
            return f"This Move is {self.mover}'s."
        if retreat and action.soldier in self.effect.used:
            return f"{action.soldier} has already made its Strategic Retreat Move."
        if not _finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        if action.climb and not self.config.has("levels"):
            return "Climbing needs the Levels module."
        report = self._move_report(action)
        if report.reason is None and action.climb and self.mission == M.KING_OF_THE_HILL and \
                not self.may_climb(s.id) and self.terrain.level(report.end.surface) > self.terrain.level(s.spot.surface):
            return f"Only a Little Soldier with a Level token on its card can climb up; {s.id} has none."
        return report.reason

    def _move_report(self, action: Move) -> MoveReport:
        s = self.soldiers[action.soldier]
        others = self._spots(exclude=s.id)
        cord = self.chosen.yellow_length
        if action.climb:
            return self.terrain.climb(s.spot, (action.x, action.y), cord, others)
        return self.terrain.move(s.spot, (action.x, action.y), cord, others)

    def _on_move(self, action: Move | Activate) -> None:
        if isinstance(action, Activate):  # declined the rest of the lightning Moves
            self.moves_left = 0
            self._continue_after_move()
            return
        s = self.soldiers[action.soldier]
        if (action.x, action.y) != s.spot.xy or action.climb:
            if self._open_window("move", action):  # Chewed by the Dog may cancel it
                return
        self._do_move(action)

    def _do_move(self, action: Move) -> None:
        report = self._move_report(action)
        s = self.soldiers[action.soldier]
        before = s.spot
        s.spot = report.end
        path = report.path if action.climb else self.terrain.path(before, (report.end.x, report.end.y))
        self.measured = {"move": s.id, "path": [list(p) for p in path], "length_cm": round(report.length, 2),
                         "cord_cm": self.chosen.yellow_length}
        if report.end == before:
            self.log(f"{s.id} does not move.")
        elif action.climb:
            where = report.end.surface or "the table"
            self.log(f"{s.id} climbs onto {where} at ({report.end.x:.1f}, {report.end.y:.1f}) "
                     f"(cord used {report.length:.1f} cm); the Move ends.")
        else:
            self.log(f"{s.id} moves {report.length:.1f} cm to ({report.end.x:.1f}, {report.end.y:.1f}).")
        if self.effect is not None and self.effect.kind == "retreat":
            self.effect.used.append(s.id)
        # Tokens on the table are touched by the part of the Move made on the table.
        if before.surface is None:
            touched = list(path[:2]) if action.climb else list(path)
        else:
            touched = [report.end.xy] if report.end.surface is None else []
        self._after_move(s, touched)

    def _after_move(self, s: Soldier, path: list[tuple[float, float]]) -> None:
        """Super Soldier: remove 1 Shield per Move; the missions' tokens the
        Move touched (Supplies, Force Field Switches, Crates); Objects."""
        if self.is_super(s) and s.shields > 0:
            s.shields -= 1
            self.log(f"{s.id} removes 1 Shield token after its Move.")
        if path:
            if self.mission == M.BATTLE_ROYALE:
                self._supplies_after_move(s, path)
            elif self.mission in M.COOP_MISSIONS:
                self._flip_switches(s, path)
            if self.config.has("advanced_tactics") and self._crates_after_move(s, path):
                return  # the Crate's cards are drawn first
        self._objects_after_move(s)

    def _objects_after_move(self, s: Soldier) -> None:
        if self.config.has("objects"):
            choices = self._touched_objects(s)
            if choices:
                self.obj_user = s.id
                self.obj_choices = choices
                self.phase = OBJECT
                return
        self._continue_after_move()

    def _touched_objects(self, s: Soldier) -> tuple[str, ...]:
        """Objects the soldier touches that no opponent also touches."""
        out = []
        enemies = [e for e in self.soldiers.values() if e.in_play and e.team != s.team]
        for obj in self.terrain.objects:
            if not self.terrain.touches(s.spot, obj):
                continue
            if any(self.terrain.touches(e.spot, obj) for e in enemies):
                continue
            out.append(obj.id)
        return tuple(out)

    def _continue_after_move(self) -> None:
        self.obj_user = None
        self.obj_choices = ()
        self.obj_active = None
        if self.wiped:
            self._end_round_now()
            return
        if self.after == AFTER_ORDER:
            self.mover = None
            if self.can_order(self.current):
                self.phase = ORDER
            else:
                self._end_turn()
        elif self.after == AFTER_LIGHTNING:
            self.moves_left -= 1
            attacker = self.soldiers[self.mover]
            if self.moves_left > 0 and attacker.in_play:
                self.phase = MOVE
            else:
                self._action_done()
        elif self.after == AFTER_CARD:
            self._effect_step()
        else:
            self._action_done()

    def _action_done(self) -> None:
        """An Action is over: a Tactics card's next Action, or the End of Turn."""
        if self.effect is not None:
            self._effect_step()
        else:
            self._end_turn()

    # ================================================================ objects
    def _on_activate(self, action: Activate) -> None:
        if self.phase is MOVE:
            self._on_move(action)
            return
        if self.phase in (TELEPORT, JUMP) or action.obj is None:
            if action.obj is None and self.phase is OBJECT:
                self.log("No Object is activated.")
            self._continue_after_move()
            return
        obj = self.terrain.object(action.obj)
        self.obj_active = obj.id
        user = self.obj_user
        self.log(f"{user} activates the {obj.kind} {obj.id}.")
        if obj.kind == "teleporter":
            self.phase = TELEPORT
        elif obj.kind == "radar":
            self.phase = RADAR
        elif obj.kind == "transmogrifier":
            self.phase = SWAP
        elif obj.kind == "marshmallow":
            self.phase = JUMP
        else:  # switch
            self.switches[obj.id] = not self.switches.get(obj.id, True)
            side = "switch side" if self.switches[obj.id] else "other side"
            self.log(f"The switch {obj.id} is flipped to its {side}: {self.switches_showing()} switch(es) now showing.")
            self._continue_after_move()

    def switches_showing(self) -> int:
        return sum(1 for on in self.switches.values() if on) if R.SWITCH_SIDE_COUNTS else 0

    def teleporters(self) -> list[str]:
        return [o.id for o in self.terrain.objects if o.kind == "teleporter"]

    def _check_teleport(self, action: Any) -> str | None:
        if isinstance(action, Activate) and action.obj is None:
            return None
        if not isinstance(action, Teleport):
            return "Choose the Teleporter to arrive at and where your soldier stands."
        if action.dest not in self.teleporters() or action.dest == self.obj_active:
            return f"{action.dest} is not another Teleporter in play."
        if not _finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        spot = self._arrival_spot(action)
        reason = self.terrain.placement_reason(spot, self._spots(exclude=self.obj_user))
        if reason:
            return reason
        if not self.terrain.touches(spot, self.terrain.object(action.dest)):
            return f"Your soldier must stand in contact with {action.dest}."
        return None

    def _arrival_spot(self, action: Teleport) -> Spot:
        surface = self.terrain.bf.surface_at(action.x, action.y) if self.config.has("levels") else None
        return Spot(float(action.x), float(action.y), surface)

    def _on_teleport(self, action: Teleport) -> None:
        s = self.soldiers[self.obj_user]
        s.spot = self._arrival_spot(action)
        self.log(f"{s.id} teleports to {action.dest} at ({s.spot.x:.1f}, {s.spot.y:.1f}); the Move ends.")
        self._continue_after_move()

    def _on_swap(self, action: Swap) -> None:
        a, b = self.soldiers[action.first], self.soldiers[action.second]
        a.spot, b.spot = b.spot, a.spot
        self.log(f"Zap! {a.id} and {b.id} swap places (with their Order tokens).")
        self._continue_after_move()

    def _on_jump(self, action: Jump) -> None:
        s = self.soldiers[self.obj_user]
        report = self.terrain.jump(s.spot, float(action.direction), self.chosen.yellow_length,
                                   self._spots(exclude=s.id))
        s.spot = report.end
        self.measured = {"jump": s.id, "path": [list(p) for p in report.path], "length_cm": round(report.length, 2)}
        where = f" onto {s.spot.surface}" if s.spot.surface else ""
        self.log(f"Boing! {s.id} bounces {report.length:.1f} cm in a straight line{where}.")
        if self.is_super(s) and s.shields > 0:
            s.shields -= 1
            self.log(f"{s.id} removes 1 Shield token after its Move.")
        self._continue_after_move()

    # ================================================================ orders
    def _order_actions(self) -> list[Order]:
        g = self.current
        out: list[Order] = []
        for s in self._own_in_play(g):
            out.append(Order(s.id, "move"))
            targets = self.valid_targets(s.id)
            out.extend(Order(s.id, "attack", t) for t in targets)
            if s.kind == "sniper":
                out.extend(Order(s.id, "special", t) for t in targets)
            else:
                out.append(Order(s.id, "special"))
        return out

    def _check_order(self, action: Order) -> str | None:
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current or not s.in_play:
            return f"{action.soldier} is not one of your Little Soldiers in play."
        if action.kind not in ("attack", "move", "special"):
            return "An Order is an Attack, a Move or a Special Action."
        needs_target = action.kind == "attack" or (action.kind == "special" and s.kind == "sniper")
        if not needs_target:
            return None if action.target is None else "That Action has no target."
        if action.target in self.threats:
            th = self.threats[action.target]
            if not th.in_play:
                return f"{th.name} is broken: it can no longer be targeted."
            if not self.field_off(th):
                return f"{th.name}'s Force Field is on: switch {' and '.join(map(str, th.switches))} off first."
            sight = self.threat_sight(s.id, th.id)
            if not sight.valid:
                return f"{th.name} is not a valid target: its whole Target must be visible ({sight.describe()})."
            return None
        t = self.soldiers.get(action.target or "")
        if t is None or not t.in_play:
            return f"{action.target} is not a Little Soldier in play (broken soldiers cannot be targeted)."
        if t.side == s.side:
            return f"{t.id} is on your side."
        sight = self.sight(s.id, t.id)
        if not sight.valid:
            return f"{t.id} is not a valid target: its entire head must be visible ({sight.describe()})."
        return None

    def _on_order(self, action: Order) -> None:
        g = self.generals[self.current]
        s = self.soldiers[action.soldier]
        if g.bonus > 0:  # chosen: a Bonus Order token is given first, as it leaves at the round's end
            g.bonus -= 1
            s.bonus += 1
        else:
            g.tokens -= 1
            s.orders += 1
        if g.tokens + g.bonus == 0 and not self.star_taken and self.uses_star:
            self.star_taken = True
            self.star = g.index
            self.log(f"{self._gname(g.index)} is the first to spend all Order tokens and takes the star.")
        self.log(f"{g.name} gives {s.id} an Order: {action.kind}{' on ' + action.target if action.target else ''}.")
        if action.kind == "move":
            self.mover = s.id
            self.after = AFTER_END
            self.phase = MOVE
        elif action.kind == "attack":
            self._start_attack(s, self.target_of(action.target), risky=False)
        elif s.kind == "sniper":
            self._start_attack(s, self.target_of(action.target), risky=True)
        elif s.kind == "infantry":
            self.phase = SCOUT
        else:
            self.shot = Shot("mortar" if s.kind == "operator" else "grenade", s.id)
            self.phase = THROW

    # ================================================================ attacks
    def reroll_allowance(self, attacker: str, target: str) -> tuple[int, dict[str, Any]]:
        """Rerolls for this Attack and why: 1, +1 within red Range, +1 from a
        higher Level, -1 per switch showing; never below 0."""
        a = self.soldiers[attacker]
        if target in self.threats:  # distance to the Target symbol; a Threat stands on no Level
            dist = self.terrain.point_distance(self.threats[target].target, a.spot)
            high = False
        else:
            t = self.soldiers[target]
            dist = self.terrain.figure_distance(a.spot, t.spot)
            high = self.config.has("levels") and self.terrain.level(a.spot.surface) > self.terrain.level(t.spot.surface)
        red = dist <= self.chosen.red_length
        switches = self.switches_showing()
        n = R.BASE_REROLLS + (R.RED_RANGE_REROLLS if red else 0) + (R.HEIGHT_REROLLS if high else 0) - switches
        return max(0, n), {"distance_cm": round(dist, 2), "red_range": red, "higher_level": high,
                           "switches": switches}

    def _start_attack(self, a: Soldier, t: "Soldier | Threat", risky: bool) -> None:
        sight = self.sight(a.id, t.id)
        rerolls, why = self.reroll_allowance(a.id, t.id)
        n = R.ATTACK_DICE + (1 if risky else 0)
        self.attack = AttackDice(a.id, t.id, risky, [None] * n, rerolls, tuple(range(n)))
        self.measured = {"attack": a.id, "target": t.id, "sight": sight.describe(),
                         "visible_fraction": sight.visible_fraction, **why, "rerolls": rerolls}
        bits = [f"{why['distance_cm']:.1f} cm apart"]
        if why["red_range"]:
            bits.append("within red Range: +1 reroll")
        if why["higher_level"]:
            bits.append("from a higher Level: +1 reroll")
        if why["switches"]:
            bits.append(f"{why['switches']} switch(es) showing: -{why['switches']}")
        self.log(f"{a.id} {'takes a Risky Shot at' if risky else 'attacks'} {t.id}: {sight.describe()}; "
                 f"{', '.join(bits)}; {rerolls} reroll{'s' * (rerolls != 1)}.")
        self.phase = ROLL
        self._open_window("attack")  # Camouflage: one fewer Attack die

    def _on_roll(self, action: Roll) -> None:
        a = self.attack
        for i, f in zip(a.pending, action.faces):
            a.faces[i] = f
        self.show_roll("attack", a.faces, a.pending, a.risky)
        self.log(f"Dice: {', '.join(a.faces)}.")
        a.pending = ()
        if a.rerolls > 0:
            self.phase = REROLL
        else:
            self._resolve_attack()

    def _on_reroll(self, action: Reroll) -> None:
        a = self.attack
        if not action.dice:
            self._resolve_attack()
            return
        a.rerolls -= 1
        a.pending = tuple(action.dice)
        self.phase = ROLL

    def _hits(self, faces: list[str]) -> int:
        return sum(R.FACE_HITS.get(f, 0) for f in faces)

    def _resolve_attack(self) -> None:
        a = self.attack
        attacker, target = self.soldiers[a.attacker], self.target_of(a.target)
        faces = [f for f in a.faces if f is not None]
        a.hits = self._hits(faces)
        a.lightning = faces.count("lightning") if self.is_super(attacker) else 0
        self._hit(target, a.hits, f"{attacker.id}'s Attack")
        a.hit_targets.append(target.id)
        if a.risky:
            sniper_face = a.faces[a.dice]
            if sniper_face == "shield" and attacker.in_play:
                attacker.shields += R.SNIPER_SHIELD_FACE_SHIELDS
                self.log(f"The Sniper die shows a shield: {attacker.id} adds {R.SNIPER_SHIELD_FACE_SHIELDS} Shield tokens to its card.")
            elif sniper_face == "heart" and attacker.in_play:
                self.log(f"The Sniper die shows a heart: {attacker.id} adds {R.SNIPER_HEART_FACE_HEARTS} Heart token to its card.")
                self._add_hearts(attacker, R.SNIPER_HEART_FACE_HEARTS)
        if self.wiped:
            self._end_round_now()
            return
        if a.lightning and attacker.in_play:
            self.log(f"{a.lightning} lightning: {attacker.id}'s Special Ability.")
            if attacker.kind == "infantry":
                self.mover = attacker.id
                self.after = AFTER_LIGHTNING
                self.moves_left = a.lightning
                self.phase = MOVE
                return
            if attacker.kind == "sniper":
                if target.in_play:
                    target.shields += a.lightning
                    self.log(f"{attacker.id} places {a.lightning} Shield token(s) on {target.id}.")
            elif attacker.kind == "operator":
                a.left = a.lightning
                if self._shift_actions()[:-1]:
                    self.phase = SHIFT
                    return
            elif attacker.kind == "grenadier":
                a.left = a.lightning
                if self._extra_targets():
                    self.phase = EXTRA
                    return
        self._action_done()

    def _hit(self, target: "Soldier | Threat", hits: int, source: str) -> None:
        """An attack of ``hits`` hits: one Heart per hit above the Defense."""
        defense = self.defense(target)
        damage = max(0, hits - defense)
        if damage == 0:
            self.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {defense}: the attack misses.")
            return
        self.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {defense}: {damage} Heart token(s).")
        self._add_hearts(target, damage)

    def _add_hearts(self, s: "Soldier | Threat", n: int) -> None:
        s.hearts += n
        if s.hearts >= self.toughness(s):
            if isinstance(s, Threat):
                self._break_threat(s)
            else:
                self._break(s)

    def _break(self, s: Soldier) -> None:
        """Broken: back to its card in the HQ, its Order tokens to the Chest's
        bottom, its tokens to the Reserve, the Flag one step; Wipeout when it
        was the last of its colour in the Play Zone. The missions change the
        last part (see their modules)."""
        gen = self.general_of(s)
        if self.mission == M.KING_OF_THE_HILL:
            self._koth_break(s)
        if self.mission == M.BATTLE_ROYALE:
            gen.tokens += s.orders  # "Remove your figurine ... along with its Order token. Place them on your card"
        else:
            gen.bottom += s.orders
        s.orders = 0
        if s.bonus:
            self.bonus_reserve += s.bonus
            s.bonus = 0
        s.hearts = 0
        s.shields = 0
        s.spot = None
        if self.mission is not None:
            self.log(f"{s.id} is broken!")
            if self.mission == M.BATTLE_ROYALE:
                self._br_break(s)
            elif self.mission in M.COOP_MISSIONS:
                self._coop_break(s)
            else:
                self.log(f"{s.id} returns to the HQ.")
            return
        self._flag_step(s.team)
        self.log(f"{s.id} is broken! It returns to the HQ; the Flag moves to {self.flag:+d}.")
        if not any(o.in_play and o.team == s.team for o in self.soldiers.values()) and s.team not in self.wiped:
            self.wiped.add(s.team)
            self._flag_step(s.team)
            self.log(f"Wipeout: no {s.team} soldier is left in the Play Zone; the Flag moves again to {self.flag:+d} "
                     "and the round ends.")

    def _flag_step(self, broken_team: str) -> None:
        n = self.chosen.flag_steps_to_victory
        step = -1 if broken_team == R.TEAMS[0] else 1
        self.flag = max(-n, min(n, self.flag + step))

    # ---------------------------------------------------------------- lightning
    def _shift_actions(self) -> list[ShiftShield]:
        mine = [s for s in self._own_in_play(self.current) if s.shields > 0]
        everyone = [s.id for s in self.soldiers.values() if s.in_play] + [t.id for t in self.threats_in_play()] \
            if self.threats else [s.id for s in self.soldiers.values() if s.in_play]
        out = [ShiftShield(src.id, dst) for src in mine for dst in everyone if dst != src.id]
        return out + [ShiftShield(None)]

    def _on_shift(self, action: ShiftShield) -> None:
        a = self.attack
        if action.source is None:
            a.left = 0
        else:
            self.soldiers[action.source].shields -= 1
            self.target_of(action.target).shields += 1
            self.log(f"{a.attacker} moves a Shield token from {action.source} to {action.target}.")
            a.left -= 1
        if a.left > 0 and self._shift_actions()[:-1]:
            return
        self._action_done()

    def _extra_targets(self) -> list[str]:
        a = self.attack
        return [t for t in self.valid_targets(a.attacker) if t not in a.hit_targets]

    def _on_extra(self, action: ExtraTarget) -> None:
        a = self.attack
        if action.target is None:
            a.left = 0
        else:
            t = self.target_of(action.target)
            a.hit_targets.append(t.id)
            self._hit(t, a.hits, f"{a.attacker}'s Attack (lightning, extra target)")
            a.left -= 1
            if self.wiped:
                self._end_round_now()
                return
        if a.left > 0 and self._extra_targets():
            return
        self._action_done()

    # ================================================================ special actions
    def _on_shields(self, action: Shields) -> None:
        who = "Scout" if self.phase is SCOUT else "Radar"
        for t in action.targets:
            self.target_of(t).shields += 1
        self.log(f"{who}: Shield tokens on {', '.join(action.targets) or 'nobody'}.")
        if self.phase is SCOUT:
            self._action_done()
        else:
            self._continue_after_move()

    def _check_throw(self, seat: int, action: Any) -> str | None:
        if not isinstance(action, Throw):
            what = "Mortar Shot" if self.shot.kind == "mortar" else "Grenade"
            return f"Aim the {what}: a direction in degrees and a strength from 0 to 1."
        if not _finite(action.direction, action.strength):
            return "Direction and strength must be numbers."
        if not 0.0 <= action.strength <= 1.0:
            return "The strength is between 0 and 1."
        if action.practice and self.practice_left[seat] <= 0:
            return "You have used your practice shot this game."
        return None

    def shot_start(self, thrower: str, kind: str, direction: float) -> tuple[float, float, float]:
        """Grenade: on a green Move token in contact with the Grenadier, in the
        throw's direction. Mortar: the catapult on the Play Zone's edge
        closest to the Operator."""
        if self.shot is not None and self.shot.hq is not None:
            return self.hq_catapult(self.shot.hq)
        s = self.soldiers[thrower]
        z = self.terrain.z(s.spot.surface)
        if kind == "mortar":
            x, y = self.terrain.edge_point(s.spot.xy)
            return (x, y, 0.0)
        a = math.radians(direction)
        d = self.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
        return (s.spot.x + d * math.cos(a), s.spot.y + d * math.sin(a), z)

    def _on_throw(self, action: Throw) -> None:
        shot = self.shot
        start = self.shot_start(shot.thrower, shot.kind, action.direction)
        self.shot = Shot(shot.kind, shot.thrower, start, float(action.direction), float(action.strength),
                         bool(action.practice), hq=shot.hq)
        if action.practice:
            self.practice_left[self.generals[self.current].seat] -= 1
        where = "from the catapult" if shot.kind == "mortar" else "from the Move token"
        self.log(f"{shot.thrower} {'takes a practice shot' if action.practice else 'fires'} {where} at "
                 f"({start[0]:.1f}, {start[1]:.1f}), {action.direction:.0f} degrees, strength {action.strength:.2f}.")
        self.phase = LANDING

    def show_roll(self, who: str, faces: Any, rolled: tuple[int, ...], risky: bool = False) -> None:
        """Remember the dice on the table after a roll, for views (the app tumbles them)."""
        self.last_roll = LastRoll(self.last_roll.serial + 1 if self.last_roll else 1, who,
                                  tuple(str(f) for f in faces), tuple(rolled), risky)

    def show_throw(self, kind: str, start: Any, direction: float, strength: float, landing: Landing) -> None:
        """Remember the last throw with its seed, so its flight can be redrawn."""
        self.last_throw = LastThrow(self.last_throw.serial + 1 if self.last_throw else 1, kind,
                                    tuple(float(v) for v in start), float(direction), float(strength), landing)

    def _on_landing(self, action: Landing) -> None:
        shot = self.shot
        self.show_throw(shot.kind, shot.start, shot.direction, shot.strength, action)
        self.shot = Shot(shot.kind, shot.thrower, shot.start, shot.direction, shot.strength, shot.practice, action,
                         shot.hq)
        what = "Grenade die" if shot.kind == "grenade" else "Mortar token"
        self.log(f"The {what} lands at ({action.x:.1f}, {action.y:.1f}) showing {action.face}.")
        if shot.practice:
            self.log("Just practice: the result is ignored. Now for real.")
            self.shot = Shot(shot.kind, shot.thrower, hq=shot.hq)
            self.phase = THROW
            return
        if self.config.has("objects") and action.teleporters:
            self.phase = REDIRECT
            return
        self._explode()

    def _redirect_targets(self) -> list[str]:
        touched = set(self.shot.landing.teleporters)
        return [t for t in self.teleporters() if t not in touched]

    def _on_redirect(self, action: Redirect) -> None:
        if action.dest is not None:
            x, y, z = self.terrain.object_spot(self.terrain.object(action.dest))
            land = self.shot.landing
            moved = Landing(x, y, z, land.face, (action.dest,))
            shot = self.shot
            self.shot = Shot(shot.kind, shot.thrower, shot.start, shot.direction, shot.strength, False, moved, shot.hq)
            self.log(f"The shot is teleported to {action.dest} just before it explodes.")
        self._explode()

    def _explode(self) -> None:
        shot = self.shot
        land = shot.landing
        point = (land.x, land.y, land.z)
        thrower = self.soldiers[shot.thrower]
        cord = self.chosen.yellow_length
        in_range = []
        for s in self.soldiers.values():
            if s.in_play:
                d = self.terrain.point_distance(point, s.spot)
                if d <= cord:
                    in_range.append((s, d))
        # Threats: distance from their Target; an active Force Field protects them.
        for t in self.threats_in_play() if self.threats else []:
            d = math.dist(point, t.target)
            if d <= cord and self.field_off(t):
                in_range.append((t, d))
        self.measured = {"shot": shot.kind, "landing": list(point), "face": land.face,
                         "in_range": {s.id: round(d, 2) for s, d in in_range}, "range_cm": cord}
        if shot.kind == "grenade":
            value = self.chosen.grenade_face_values[land.face]
            if land.face == "boom":
                self.log(f"Boom! Only {thrower.id} is hit, by an attack of {value}.")
                if thrower.in_play:
                    self._hit(thrower, value, "The grenade")
            else:
                names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
                self.log(f"The grenade explodes for {value}: within yellow range: {names}.")
                for s, _ in in_range:
                    if s.in_play:
                        self._hit(s, value, "The grenade")
        else:
            hearts = self.chosen.mortar_token_sides[land.face]
            names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
            self.log(f"The mortar hits for {hearts} Heart(s): within range: {names}.")
            for s, _ in in_range:
                if s.in_play:
                    self._add_hearts(s, hearts)
        self.shot = None
        if self.wiped:
            self._end_round_now()
            return
        self._action_done()

    # ================================================================ end of turn, round, game
    def _active_tokens(self) -> int:
        """Order tokens that can still be given (see ORPHAN_GENERAL_PASSES)."""
        return sum(g.tokens + g.bonus for g in self.generals if self.can_order(g.index))

    def _end_turn(self) -> None:
        self.attack = None
        self.shot = None
        self.mover = None
        self.effect = None
        if self.mission in M.COOP_MISSIONS and not self.threat_done:
            self._threat_turn()  # "Before moving on to the End of the Turn phase"
            return
        if self.config.has("advanced_tactics"):
            self._discard_played(self.current)
        if self.mission == M.KING_OF_THE_HILL:
            self._koth_end_turn()
            return
        if self.mission == M.BATTLE_ROYALE:
            self._br_end_turn()
            return
        if self.mission in M.COOP_MISSIONS:
            self._coop_end_turn()
            return
        n = self.chosen.flag_steps_to_victory
        if abs(self.flag) >= n:
            self._game_over()
            return
        if self._round_spent(self._next_round):
            return
        order = self._deploy_order((self.current + 1) % len(self.generals))
        for g in order:
            if self._own_in_play(g):
                self._begin_turn(g)
                return
        self._game_over()  # pragma: no cover - a wipeout ends the round first

    def _end_round_now(self) -> None:
        """Wipeout: the round ends at once; the Flag may have won already."""
        self.wiped.clear()
        self.attack = None
        self.shot = None
        self.mover = None
        self.effect = None
        self.window = None
        if self.config.has("advanced_tactics"):
            self._discard_played(self.current)
        if abs(self.flag) >= self.chosen.flag_steps_to_victory or all(g.lid == 0 for g in self.generals):
            self._game_over()
            return
        self._next_round()

    def _round_spent(self, next_round: Callable[[], None]) -> bool:
        """End of Turn: "no Order tokens left on the Generals" ends the round
        (``next_round``), or the game when the lids are empty too. True when
        that settled the turn."""
        if self._active_tokens() != 0:
            return False
        if all(g.lid == 0 for g in self.generals):
            self._game_over()
        else:
            self.log(f"No Order tokens left on the Generals: round {self.round} is over.")
            next_round()
        return True

    def _next_round(self) -> None:
        if self.star is not None:
            self.first = self.star
        self._start_round()

    def _game_over(self) -> None:
        self.phase = OVER
        self.outcome = self._final_result()
        self.log(self.outcome.reason)

    def _final_result(self) -> Result:
        if self.mission == M.KING_OF_THE_HILL:
            return self._koth_result()
        if self.mission == M.BATTLE_ROYALE:
            return self._br_result()
        if self.mission in M.COOP_MISSIONS:
            return self._coop_result()
        n = self.chosen.flag_steps_to_victory
        teams = R.TEAMS
        scores_by_team = {teams[0]: float(self.flag), teams[1]: float(-self.flag)}
        if self.flag >= n or self.flag <= -n:
            team = teams[0] if self.flag > 0 else teams[1]
            return self._team_result([team], scores_by_team, f"The Flag reaches {team}'s Victory zone: {team} wins!")
        if self.flag != 0:
            team = teams[0] if self.flag > 0 else teams[1]
            return self._team_result([team], scores_by_team,
                                     f"End of round 3: {team} has the advantage on the Battle Track and wins.")
        in_play = {t: sum(1 for s in self.soldiers.values() if s.in_play and s.team == t) for t in teams}
        fewest = min(in_play.values())
        tied = [t for t in teams if in_play[t] == fewest]
        if len(tied) == 1:
            return self._team_result(tied, scores_by_team,
                                     f"The Flag is in the middle: {tied[0]} has the fewest soldiers in play and wins.")
        hearts = {t: sum(s.hearts for s in self.soldiers.values() if s.in_play and s.team == t) for t in teams}
        least = min(hearts.values())
        tied = [t for t in teams if hearts[t] == least]
        if len(tied) == 1:
            return self._team_result(tied, scores_by_team,
                                     f"The Flag is in the middle and soldiers are level: {tied[0]} has the fewest Hearts and wins.")
        return self._team_result(list(teams), scores_by_team, "A perfect draw: the players share the win.")

    def _team_result(self, teams: list[str], by_team: dict[str, float], reason: str) -> Result:
        winners = sorted({g.seat for g in self.generals if g.team in teams})
        scores = [0.0] * self.num_seats
        for g in self.generals:
            scores[g.seat] = by_team[g.team]
        return Result(tuple(winners), tuple(scores), reason)

    # ================================================================ copies, data
    def clone(self) -> "LittleSoldiersState":
        new = LittleSoldiersState.__new__(LittleSoldiersState)
        new.__dict__.update(self.__dict__)
        new.rng = self._clone_rng()
        new.events = list(self.events)
        new.soldiers = {k: s.copy() for k, s in self.soldiers.items()}
        new.generals = [g.copy() for g in self.generals]
        new.blocks = list(self.blocks)
        new.attack = self.attack.copy() if self.attack is not None else None
        new.switches = dict(self.switches)
        new.practice_left = list(self.practice_left)
        new.wiped = set(self.wiped)
        new.measured = dict(self.measured)
        if self.mission == M.KING_OF_THE_HILL:
            new.candy = list(self.candy)
            new.level_token = dict(self.level_token)
        elif self.mission == M.BATTLE_ROYALE:
            new.turn_order = list(self.turn_order)
        elif self.mission in M.COOP_MISSIONS:
            new.threats = {k: t.copy() for k, t in self.threats.items()}
            new.ff_up = dict(self.ff_up)
            new.actions_down = list(self.actions_down)
            new.threat_dice = list(self.threat_dice)
            new.threat_targets = list(self.threat_targets)
        if self.config.has("advanced_tactics"):
            new.deck = list(self.deck)
            new.discard = list(self.discard)
            new.crates = list(self.crates)
            new.draws = [list(d) for d in self.draws]
            new.effect = self.effect.copy() if self.effect else None
            new.window = self.window.copy() if self.window else None
        return new

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "config": self.config.to_dict(),
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "first": self.first,
            "star": self.star,
            "star_taken": self.star_taken,
            "flag": self.flag,
            "generals": [g.to_dict() for g in self.generals],
            "soldiers": [s.to_dict() for s in self.soldiers.values()],
            "blocks_left": sorted(self.blocks),
            "block": self.block,
            "mover": self.mover,
            "after": self.after,
            "moves_left": self.moves_left,
            "object_user": self.obj_user,
            "object_choices": list(self.obj_choices),
            "object_active": self.obj_active,
            "attack": self.attack.to_dict() if self.attack else None,
            "shot": self.shot.to_dict() if self.shot else None,
            "switches": dict(self.switches),
            "practice_left": list(self.practice_left),
            "measured": self.measured,
            "last_roll": self.last_roll.to_dict() if self.last_roll else None,
            "last_throw": self.last_throw.to_dict() if self.last_throw else None,
            "result": self.outcome.to_dict() if self.outcome else None,
            "mission": self.mission,
            **(self._koth_to_dict() if self.mission == M.KING_OF_THE_HILL else {}),
            **(self._br_to_dict() if self.mission == M.BATTLE_ROYALE else {}),
            **(self._threats_to_dict() if self.mission in M.COOP_MISSIONS else {}),
            **(self._tactics_to_dict() if self.config.has("advanced_tactics") else {}),
        }

    def view(self, seat: int) -> "LittleSoldiersView":
        return LittleSoldiersView(self, seat)

    # ---------------------------------------------------------------- invariants
    def order_tokens(self, g: int) -> int:
        """Every Order token of General ``g``: lid, card, Chest bottom, soldiers
        (Bonus Order tokens are counted apart, see ``bonus_total``)."""
        gen = self.generals[g]
        return gen.lid + gen.tokens + gen.bottom + sum(self.soldiers[i].orders for i in gen.soldiers)

    def explain_target(self, attacker: str, target: str) -> dict[str, Any]:
        """For the app: whether ``target`` is valid for ``attacker`` and why,
        with the rays' count, the range and the rerolls it would get."""
        sight = self.sight(attacker, target)
        rerolls, why = self.reroll_allowance(attacker, target)
        if target in self.threats and not self.field_off(self.threats[target]):
            why = {**why, "force_field": "on"}
            return {"valid": False, "sight": sight.describe(), "visible_fraction": sight.visible_fraction,
                    "blockers": list(sight.blockers), "rerolls": rerolls, **why}
        return {"valid": sight.valid, "sight": sight.describe(), "visible_fraction": sight.visible_fraction,
                "blockers": list(sight.blockers), "rerolls": rerolls, **why}


class LittleSoldiersView(View):
    """What one seat sees: the whole table but the other players' Tactics
    hands and the pile (Advanced Tactics) and the Numbered Block tokens not
    yet revealed (Battle Royale)."""

    _truth: LittleSoldiersState

    def to_dict(self) -> dict[str, Any]:
        t = self._truth
        out = t.to_dict()
        out["seat"] = self.seat
        out["to_act"] = t.to_act()
        out["my_generals"] = [g.index for g in t.generals if g.seat == self.seat]
        out["events"] = [e.text for e in self.events]
        if t.config.has("advanced_tactics"):
            t._hide_hands(out, self.seat)
        if t.mission == M.BATTLE_ROYALE:
            mine = [i for i, g in enumerate(out["turn_order"]) if t.generals[g].seat == self.seat]
            shown = out["turn_order"][:out["turn_pos"] + 1]
            out["turn_order"] = shown
            out["my_numbers"] = [i + 1 for i in mine]
        return out

    def threats(self) -> list[Threat]:
        """Copies of the Threats (co-op missions)."""
        return [th.copy() for th in self._truth.threats.values()]

    def field_off(self, threat: str) -> bool:
        return self._truth.field_off(self._truth.threats[threat])

    def hand(self) -> list[str]:
        """This seat's Tactics cards (every General it plays)."""
        t = self._truth
        return sorted(c for g in t.generals if g.seat == self.seat for c in g.hand)

    def tactics_cards(self):
        """The Tactics cards' data by name (public: the card list)."""
        from engine.little_soldiers.tactics import load_cards

        return load_cards()

    def threat_outlook(self, spots: list[Spot]) -> list[tuple[int, int, float]]:
        """Co-op bots: for each spot, how many Threats see a head there, how
        many open Threats' Targets it sees, and how far the nearest face-up
        Switch that still matters is (0 when none)."""
        t = self._truth
        seen = t.seen_by_threats(spots)
        open_ = [th for th in t.threats_in_play() if t.field_off(th)]
        radius = t.chosen.threat_target_radius
        sees = [0] * len(spots)
        for th in open_:
            for i, r in enumerate(t.terrain.target_sights(spots, th.target, radius)):
                sees[i] += r.valid
        wanted = [t.ff_at[n] for th in t.threats_in_play() for n in th.switches if t.ff_up[n]]
        gaps = [min((math.dist(sp.xy, w) for w in wanted), default=0.0) for sp in spots]
        return list(zip(seen, sees, gaps))

    def is_enemy(self, a: str, b: str) -> bool:
        """Whether ``b`` is an enemy of soldier ``a`` (Threats are everyone's)."""
        t = self._truth
        return b in t.threats or t.soldiers[a].side != t.soldiers[b].side

    def candidate_actions(self, n: int, rng: random.Random) -> list[Any]:
        return self._truth.candidate_actions(self.seat, n, rng)

    # Read-only helpers for bots and the app; nothing here is hidden.
    @property
    def terrain(self) -> Terrain:
        return self._truth.terrain

    @property
    def config(self) -> Config:
        return self._truth.config

    @property
    def phase(self) -> str:
        return self._truth.phase

    @property
    def chosen(self):
        """The chosen values in use (cords, dice faces, ...)."""
        return self._truth.chosen

    @property
    def move_leads_to_order(self) -> bool:
        """Whether the Move being made is the turn's Move, before the Order."""
        return self._truth.phase == MOVE and self._truth.after == AFTER_ORDER

    def my_general(self) -> int:
        return self._truth.current if self._truth.generals[self._truth.current].seat == self.seat else -1

    def soldiers(self) -> list[Soldier]:
        """Copies of every soldier (changing them changes nothing)."""
        return [s.copy() for s in self._truth.soldiers.values()]

    def general(self, g: int) -> General:
        return self._truth.generals[g].copy()

    def defense(self, soldier: str) -> int:
        return self._truth.defense(self._truth.target_of(soldier))

    def toughness(self, soldier: str) -> int:
        return self._truth.toughness(self._truth.target_of(soldier))

    def valid_targets(self, soldier: str) -> list[str]:
        return self._truth.valid_targets(soldier)

    def reroll_allowance(self, attacker: str, target: str) -> int:
        return self._truth.reroll_allowance(attacker, target)[0]

    def attack(self) -> AttackDice | None:
        a = self._truth.attack
        return a.copy() if a is not None else None

    def shot(self) -> Shot | None:
        return self._truth.shot

    def move_destination(self, action: Move) -> Spot | None:
        """Where a legal Move (or climb) would put the soldier."""
        if self._truth.check(self.seat, action) is not None:
            return None
        return self._truth._move_report(action).end

    def shot_start(self, direction: float) -> tuple[float, float, float]:
        t = self._truth
        return t.shot_start(t.shot.thrower, t.shot.kind, direction)

    def determinize(self, rng: random.Random) -> LittleSoldiersState:
        s = self._truth.clone()
        s.rng = random.Random(rng.getrandbits(64))
        if s.config.has("advanced_tactics"):
            s._deal_unseen(self.seat, rng)
        return s


def _finite(*values: Any) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


def new_game(config: Config | None = None, seed: int | None = None,
             battlefield: Any | None = None) -> LittleSoldiersState:
    """A new game on ``config.level`` (or the given Battlefield). With a seed
    chance resolves itself; without, the state waits at each chance step."""
    config = config or Config()
    bf = battlefield if battlefield is not None else config.battlefield()
    values, chosen = chosen_values(config.overrides)
    terrain = Terrain(bf, config.has("levels"), config.has("objects"), chosen.contact_tolerance)
    needed = R.DEPLOYMENT_NUMBERS if config.mission in (None, M.KING_OF_THE_HILL) else ()
    if config.mission in M.COOP_MISSIONS:
        needed = tuple(sorted(terrain.deployment)[:1]) or (1,)
    missing = [n for n in needed if n not in terrain.deployment]
    if missing:
        raise ValueError(f"the battlefield {bf.name or config.level!r} lacks Deployment token(s) {missing}")
    state = LittleSoldiersState(config, terrain, random.Random(seed) if seed is not None else None)
    mods = ", ".join(config.modules) or "Bootcamp rules"
    if config.mission:
        mods = f"{config.mission.replace('_', ' ')}; {mods}"
    state.events.insert(0, Event(f"Little Soldiers on {bf.name or config.level} ({mods}), {config.players} players."))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state
