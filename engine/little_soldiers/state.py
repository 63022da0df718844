"""Little Soldiers as a Toybox State: the core, with the modules and missions as parts.

The core owns the table, rounds, turns and the Move/Order/Attack flow of
the Bootcamp Book; it never asks which module or mission is played. Each
module and mission is a part (``engine.little_soldiers.parts``) that owns its
slice of the state and hooks into the flow (see ``parts.base``). Dice, Block
tokens, the star and throws are CHANCE steps, so a seeded game rolls by
itself and a test can force any outcome.

Generals, not seats, take turns: in 2 Against 2 with three players one seat
runs two Generals. Opponents are decided by *side* (the team in the
Bootcamp, the General in a free-for-all, everyone in the co-op missions),
never by colour. Geometry questions go to ``Terrain`` and every answer that
decides a rule is written to the log with what was measured.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.core.protocol import CHANCE, Event, Result, State, inexact
from engine.core.secrecy import Slice
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Block, Order, Roll, Star
from engine.little_soldiers.combat import Combat
from engine.little_soldiers.config import Config, chosen_values
from engine.little_soldiers.movement import Movement
from engine.little_soldiers.parts import make_parts
from engine.little_soldiers.parts.base import HOOKS, Mission, Part
from engine.little_soldiers.phases import CHANCE_PHASES, CONTINUOUS_PHASES, After, Phase
from engine.little_soldiers.pieces import AttackDice, Break, General, LastRoll, LastThrow, Shot, Soldier, Threat
from engine.little_soldiers.preparation import RoundPreparation
from engine.little_soldiers.terrain import Spot, Terrain

# Phase names as module attributes, for the callers written before ``Phase``.
SETUP, REVEAL, DEPLOY, MOVE, OBJECT, TELEPORT, RADAR, SWAP, JUMP = (
    Phase.SETUP, Phase.REVEAL, Phase.DEPLOY, Phase.MOVE, Phase.OBJECT, Phase.TELEPORT, Phase.RADAR, Phase.SWAP,
    Phase.JUMP)
ORDER, ROLL, REROLL, SCOUT, SHIFT, EXTRA, THROW, LANDING, REDIRECT, OVER = (
    Phase.ORDER, Phase.ROLL, Phase.REROLL, Phase.SCOUT, Phase.SHIFT, Phase.EXTRA, Phase.THROW, Phase.LANDING,
    Phase.REDIRECT, Phase.OVER)
PARACHUTE = Phase.PARACHUTE
AFTER_ORDER, AFTER_END, AFTER_LIGHTNING = After.ORDER, After.END, After.LIGHTNING

__all__ = ["AttackDice", "Break", "General", "LastRoll", "LastThrow", "LittleSoldiersState", "Shot", "Soldier", "Threat",
           "new_game", "CHANCE_PHASES", "CONTINUOUS_PHASES", "Phase", "After"]

CORE_HELP = {
    Phase.ORDER: "give an Order to one of your Little Soldiers in play.",
    Phase.REROLL: "choose the dice to reroll, or keep them.",
    Phase.SCOUT: f"place {R.SCOUT_SHIELDS} Shield tokens on your opponents' Little Soldiers.",
}


class LittleSoldiersState(RoundPreparation, Movement, Combat, State):
    game = "little-soldiers"

    def __init__(self, config: Config, terrain: Terrain, rng: random.Random | None) -> None:
        self.config = config
        self.values, self.chosen = chosen_values(config.overrides)
        self.terrain = terrain
        self.base_terrain = terrain
        self.rng = rng
        self.num_seats = config.players
        self.events: list[Event] = []
        self.irreversible = 0
        self.mission = config.mission
        self.parts: list[Part] = make_parts(self)
        self.mission_part: Mission = self.parts[0]  # type: ignore[assignment]
        self.cooperative = self.mission_part.cooperative
        self._bind_parts()
        self.soldiers: dict[str, Soldier] = {}
        self.generals: list[General] = []
        teams = R.TEAMS
        seen: dict[tuple[str, str], int] = {}
        for g, squad in enumerate(config.squads or ()):
            team = teams[g % len(teams)]
            name = (R.GENERALS if g < len(teams) else R.SECOND_GENERALS)[team] if g < 2 * len(teams) else ""
            name = self.mission_part.general_name(g, name)
            side = self.mission_part.side_of(g, team)
            ids = []
            for kind in squad:
                n = seen.get((team, kind), 0) + 1
                seen[(team, kind)] = n
                ident = f"{team}-{kind}" + (f"-{n}" if n > 1 else "")
                self.soldiers[ident] = Soldier(ident, g, team, kind, side)
                ids.append(ident)
            self.generals.append(General(g, team, config.seat_of(g), name, ids))
        self.round = 0
        self.phase = Phase.SETUP
        self.current = 0  # the General who acts now
        self.first = 0  # first player of this round
        self.star: int | None = None  # General holding the first player token; None: in the Reserve
        self.star_taken = False  # someone ran out of Order tokens first this round
        self.blocks: list[int] = list(R.BLOCK_TOKENS)
        self.block: int | None = None
        self.mover: str | None = None
        self.after = After.ORDER
        self.moves_left = 0
        self.attack: AttackDice | None = None
        self.shot: Shot | None = None
        self.effect: Any = None  # a Tactics card being resolved (Advanced Tactics fills it)
        self.window: Any = None  # a Reaction window (Advanced Tactics fills it)
        self.practice_left = [self.chosen.practice_shots] * self.num_seats
        self.round_over_now = False  # a Wipeout: the round ends once the Action is resolved
        self.measured: dict[str, Any] = {}
        self.breaks: tuple[Break, ...] = ()  # a tuple, so clones share it until one grows
        self.last_roll: LastRoll | None = None
        self.last_throw: LastThrow | None = None
        self.outcome: Result | None = None
        self.terrains: dict[tuple[str, ...], Terrain] = {(): terrain}  # shared by clones: immutable terrains
        for p in sorted(self.parts, key=lambda p: p.setup_order):
            p.setup()
        self.begin_game()

    def _bind_parts(self) -> None:
        """What the core reads of its parts, gathered once (and again on copies)."""
        self._owner: dict[Phase, Part] = {ph: p for p in self.parts for ph in p.phases}
        self.hooks: dict[str, tuple[Part, ...]] = {name: tuple(p for p in self.parts if name in p.overrides)
                                                   for name in HOOKS}
        """The parts that define each hook, in order: the core calls only those."""
        self._extra: tuple[Part, ...] = tuple(p for p in self.parts if "extra_actions" in p.overrides)
        self._extra_types: tuple[type, ...] = tuple(t for p in self._extra for t in p.action_types)
        self.uses_star = self.mission_part.uses_star
        self.free_deploy = self.mission_part.deploy_without_blocks or any(p.free_deploy for p in self.parts)
        self.deploy_chain = any(p.deploy_chain for p in self.parts)
        self.climbing = any(p.climbing for p in self.parts)
        self.super_soldiers = any(p.lightning for p in self.parts)

    def part(self, key: str) -> Part | None:
        """The module or mission part named ``key`` in the config, if played."""
        return next((p for p in self.parts if p.key == key), None)

    def __getattr__(self, name: str) -> Any:
        """A part's own attribute read through the state (``state.candy`` is
        King of the Hill's), so callers written before the parts keep working.
        Only reached when the core has no such attribute."""
        parts = self.__dict__.get("parts")
        if parts is not None and not name.startswith("__"):
            for p in parts:
                if name in p.__dict__:
                    return p.__dict__[name]
                own = getattr(type(p), name, None)
                if own is not None and own is not getattr(Mission if isinstance(p, Mission) else Part, name, None):
                    return getattr(p, name)
        raise AttributeError(f"{type(self).__name__!s} has no attribute {name!r}")

    @property
    def threats(self) -> Mapping[str, Threat]:
        """The mission's Threats by id (empty unless a co-op mission)."""
        return self.mission_part.threats

    def begin_game(self) -> None:
        """After set-up: a part's first step (the starting Tactics draws), then
        the mission's way into the first round."""
        for p in self.hooks["begin_game"]:
            if p.begin_game():
                return
        self.mission_part.first_round()

    def log(self, text: str) -> None:
        self.events.append(Event(text))

    def log_private(self, text: str, *seats: int) -> None:
        """An event only ``seats`` may read (a card drawn into a hand)."""
        self.events.append(Event(text, frozenset(seats)))

    # ================================================================ protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is Phase.OVER:
            return []
        if phase in CHANCE_PHASES:
            return [CHANCE]
        owner = self._owner.get(phase)
        if owner is not None:
            g = owner.to_act()
            if g is not None:
                return [self.generals[g].seat]
        return [self.generals[self.current].seat]

    def chance_pending(self) -> bool:
        return self.phase in CHANCE_PHASES

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> Result | None:
        return self.outcome

    def legal_actions(self, seat: int) -> list[Any]:
        """The discrete choices; [] where the choice is continuous (see
        ``candidate_actions``) or ``seat`` need not act."""
        phase = self.phase
        if phase is Phase.OVER or phase in CHANCE_PHASES or phase in CONTINUOUS_PHASES:
            return []
        if seat not in self.to_act():
            return []
        owner = self._owner.get(phase)
        if owner is not None:
            return owner.legal(seat)
        if phase is Phase.ORDER:
            return self._order_actions() + self.card_plays()
        if phase is Phase.REROLL:
            return self._reroll_actions()
        if phase is Phase.SCOUT:
            return self._scout_actions()
        return []

    def card_plays(self) -> list[Any]:
        """What the parts add to the Move and Order steps (Tactics cards): public,
        as the bots' samplers (candidates, random_action) offer them too."""
        return [a for p in self._extra for a in p.extra_actions()]

    def candidate_actions(self, seat: int, n: int, rng: random.Random) -> list[Any]:
        """Legal actions sampled for bots, continuous choices included."""
        from engine.little_soldiers.candidates import candidates

        return candidates(self, seat, n, rng)

    def random_action(self, seat: int, rng: random.Random) -> Any | None:
        """One legal action for ``seat``, drawn from ``rng`` alone and measured
        only as far as that action needs (the random playout policy; its
        distribution is in ``engine.little_soldiers.random_action``); None
        when ``seat`` need not act."""
        from engine.little_soldiers.random_action import random_action

        return random_action(self, seat, rng)

    def check(self, seat: int, action: Any) -> str | None:
        exact = inexact(seat, action)  # Lead(0.0) equals Lead(0): the types are held exactly first
        if exact is not None:
            return exact
        phase = self.phase
        if phase is Phase.OVER:
            return "The game is over."
        if seat == CHANCE:
            return self._check_chance(action)
        if seat not in self.to_act():
            return f"It is not {self.seat_name(seat)}'s turn."
        if self._extra_types and isinstance(action, self._extra_types) and phase in (Phase.MOVE, Phase.ORDER):
            return next(p for p in self._extra if isinstance(action, p.action_types)).check_extra(action)
        owner = self._owner.get(phase)
        if owner is not None:
            return owner.check(seat, action)
        if phase is Phase.DEPLOY:
            return self._check_deploy(action)
        if phase is Phase.MOVE:
            return self._check_move(action)
        if phase is Phase.THROW:
            return self._check_throw(seat, action)
        if phase is Phase.ORDER and isinstance(action, Order):
            return self._check_order(action)
        if action in self.legal_actions(seat):
            return None
        return f"{action} is not possible now: {self.phase_help()}"

    def phase_help(self) -> str:
        """What the player to act does now, as a sentence (for the app's turn line)."""
        owner = self._owner.get(self.phase)
        if owner is not None:
            return owner.help()
        return CORE_HELP.get(self.phase, f"the game is in its {self.phase} step.")

    # ================================================================ chance
    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """The pending chance step's outcomes and probabilities (OpenSpiel's
        ``chance_outcomes``): the star flip, a Block token, a few dice, and
        the parts' steps; None for a throw's landing (continuous) and for
        steps with too many outcomes to list (``sample_chance`` draws those)."""
        phase = self.phase
        owner = self._owner.get(phase)
        if owner is not None:
            return owner.chance_outcomes()
        if phase is Phase.SETUP:
            n = len(self.generals) if len(self.generals) > 2 else 2
            return [(Star(g), 1.0 / n) for g in range(n)]
        if phase is Phase.REVEAL:
            return counted(Block, self.blocks if self.blocks else list(R.BLOCK_TOKENS))
        if phase is Phase.ROLL:
            a = self.attack
            tables = [self.chosen.sniper_die_faces if (a.risky and i == a.dice) else self.chosen.attack_die_faces
                      for i in a.pending]
            return dice_outcomes(tables)
        return None

    def sample_chance(self, rng: random.Random) -> Any:
        phase = self.phase
        owner = self._owner.get(phase)
        if owner is not None:
            return owner.sample_chance(rng)
        if phase is Phase.SETUP:
            return Star(rng.randrange(len(self.generals)) if len(self.generals) > 2 else rng.randrange(2))
        if phase is Phase.REVEAL:
            pile = self.blocks if self.blocks else list(R.BLOCK_TOKENS)
            return Block(pile[rng.randrange(len(pile))])
        if phase is Phase.ROLL:
            a = self.attack
            faces = []
            for i in a.pending:
                table = self.chosen.sniper_die_faces if (a.risky and i == a.dice) else self.chosen.attack_die_faces
                faces.append(table[rng.randrange(len(table))])
            return Roll(tuple(faces))
        from engine.little_soldiers.actions import Landing

        shot = self.shot
        seed = rng.getrandbits(32)
        got = self.terrain.throw(shot.kind, shot.start, shot.direction, shot.strength, seed, self.chosen)
        return Landing(got.x, got.y, got.z, got.face, got.teleporters, seed)

    def _check_chance(self, action: Any) -> str | None:
        phase = self.phase
        owner = self._owner.get(phase)
        if owner is not None:
            return owner.check_chance(action)
        if phase is Phase.SETUP:
            if not isinstance(action, Star) or not 0 <= action.general < len(self.generals):
                return "The star flip names the General who plays first."
            return None
        if phase is Phase.REVEAL:
            pile = self.blocks if self.blocks else list(R.BLOCK_TOKENS)
            if not isinstance(action, Block) or action.number not in pile:
                return f"A Block token from the pile is revealed now (left: {sorted(pile)})."
            return None
        if phase is Phase.ROLL:
            a = self.attack
            if not isinstance(action, Roll) or len(action.faces) != len(a.pending):
                return f"{len(a.pending)} dice are being rolled."
            for i, f in zip(a.pending, action.faces, strict=True):
                table = self.chosen.sniper_die_faces if (a.risky and i == a.dice) else self.chosen.attack_die_faces
                if f not in table:
                    return f"{f!r} is not a face of that die."
            return None
        if phase is Phase.LANDING:
            from engine.little_soldiers.actions import Landing

            if not isinstance(action, Landing):
                return "The thrown die or token lands now."
            from engine.little_soldiers.table.landings import landing_problem  # a landing is a claim: checked

            shot = self.shot
            return landing_problem(self.terrain, shot.kind, shot.start, shot.strength, action, self.shot_faces(shot.kind),
                                   {o.id for o in self.terrain.objects if o.kind == "teleporter"})
        return "No chance step is due now."

    # ================================================================ apply
    def _apply(self, seat: int, action: Any) -> None:
        phase = self.phase
        if seat == CHANCE:
            self.irreversible += 1
        if self._extra_types and seat != CHANCE and isinstance(action, self._extra_types) and \
                phase in (Phase.MOVE, Phase.ORDER):
            next(p for p in self._extra if isinstance(action, p.action_types)).apply_extra(action)
            return
        owner = self._owner.get(phase)
        if owner is not None:
            owner.apply(seat, action)
            return
        handler = {
            Phase.SETUP: self._on_star, Phase.REVEAL: self._on_block, Phase.ROLL: self._on_roll,
            Phase.LANDING: self._on_landing, Phase.DEPLOY: self._on_deploy, Phase.MOVE: self._on_move,
            Phase.ORDER: self._on_order, Phase.REROLL: self._on_reroll, Phase.SCOUT: self._on_scout,
            Phase.THROW: self._on_throw,
        }[phase]
        handler(action)

    # ---------------------------------------------------------------- helpers
    def general_of(self, soldier: Soldier) -> General:
        return self.generals[soldier.general]

    def seat_of_soldier(self, ident: str) -> int:
        return self.generals[self.soldiers[ident].general].seat

    def _own(self, g: int) -> list[Soldier]:
        return [self.soldiers[i] for i in self.generals[g].soldiers]

    def _own_in_play(self, g: int) -> list[Soldier]:
        return [s for s in self._own(g) if s.in_play]

    own = _own
    own_in_play = _own_in_play

    def _side(self, g: int) -> str:
        return self.soldiers[self.generals[g].soldiers[0]].side

    def is_super(self, s: Soldier) -> bool:
        """Whether the soldier's card shows its Super Soldier side (a mission
        may flip it later: Battle Royale's Supplies)."""
        return self.super_soldiers and self.mission_part.rank_side(s)

    def _spots(self, exclude: str | None = None) -> list[Spot]:
        return [s.spot for s in self.soldiers.values() if s.in_play and s.id != exclude]

    spots = _spots

    def can_order(self, g: int) -> bool:
        """A General gives an Order while it holds tokens and has a soldier in play."""
        gen = self.generals[g]
        return gen.tokens + gen.bonus > 0 and bool(self._own_in_play(g))

    def gname(self, g: int) -> str:
        gen = self.generals[g]
        if gen.name.lower() == f"player {gen.seat + 1}":  # Battle Royale's Generals: "Player 1 (green, player 1)"
            return f"{gen.name} ({gen.team})"
        return f"{gen.name} ({gen.team}, player {gen.seat + 1})"

    def deploy_order(self, start: int) -> list[int]:
        n = len(self.generals)
        return [(start + k) % n for k in range(n)]

    def begin_turn(self, g: int) -> None:
        self.current = g
        self.mover = None
        self.after = After.ORDER
        self.attack = None
        self.shot = None
        self.phase = Phase.MOVE
        if not self._own_in_play(g):
            for p in self.hooks["turn_skipped"]:
                p.turn_skipped()
            self.end_turn()  # 2 Against 2: nothing of this General's left in play
            return
        for p in self.hooks["turn_begins"]:
            if p.turn_begins():
                return

    # ================================================================ orders
    def _order_actions(self) -> list[Order]:
        out: list[Order] = []
        mine = self._own_in_play(self.current)
        every = self.valid_targets_of([s.id for s in mine])
        for s in mine:
            out.append(Order(s.id, "move"))
            targets = every[s.id]
            out.extend(Order(s.id, "attack", t) for t in targets)
            if s.kind == "sniper":
                out.extend(Order(s.id, "special", t) for t in targets)
            elif s.kind != "infantry" or self.enemies_in_play(self.current):
                out.append(Order(s.id, "special"))  # Scout needs an opponent in play to put Shields on
        return out

    def _check_order(self, action: Order) -> str | None:
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current or not s.in_play:
            return f"{action.soldier} is not one of your Little Soldiers in play."
        if action.kind not in ("attack", "move", "special"):
            return "An Order is an Attack, a Move or a Special Action."
        needs_target = action.kind == "attack" or (action.kind == "special" and s.kind == "sniper")
        if not needs_target:
            if action.target is not None:
                return "That Action has no target."
            if action.kind == "special" and s.kind == "infantry" and not self.enemies_in_play(self.current):
                return "Scout places Shield tokens on your opponents' Little Soldiers: none is in play."
            return None
        if action.target in self.mission_part.threats:
            return self.mission_part.threat_target_reason(s.id, action.target)
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
            self.log(f"{self.gname(g.index)} is the first to spend all Order tokens and takes the star.")
        self.log(f"{g.name} gives {s.id} an Order: {action.kind}{' on ' + action.target if action.target else ''}.")
        if action.kind == "move":
            self.mover = s.id
            self.after = After.END
            self.phase = Phase.MOVE
        elif action.kind == "attack":
            self.start_attack(s, self.target_of(action.target), risky=False)
        elif s.kind == "sniper":
            self.start_attack(s, self.target_of(action.target), risky=True)
        elif s.kind == "infantry":
            self.phase = Phase.SCOUT
        else:
            self.shot = Shot("mortar" if s.kind == "operator" else "grenade", s.id)
            self.phase = Phase.THROW

    # ================================================================ end of turn, round, game
    def active_tokens(self) -> int:
        """Order tokens that can still be given (see ORPHAN_GENERAL_PASSES)."""
        return sum(g.tokens + g.bonus for g in self.generals if self.can_order(g.index))

    def end_turn(self) -> None:
        self.attack = None
        self.shot = None
        self.mover = None
        self.effect = None
        if self.mission_part.before_end_of_turn():
            return
        for p in self.hooks["turn_ends"]:
            p.turn_ends()
        self.mission_part.end_turn()

    def next_turn_or_round(self) -> None:
        """End of Turn in the Bootcamp's order: no Order tokens left on the
        Generals ends the round (the game when the lids are empty too), else
        the next player with a soldier in play."""
        if self.round_spent():
            return
        for g in self.deploy_order((self.current + 1) % len(self.generals)):
            if self._own_in_play(g):
                self.begin_turn(g)
                return
        self.game_over()  # pragma: no cover - no soldier in play means no active tokens

    def round_spent(self) -> bool:
        """End of Turn: "no Order tokens left on the Generals" ends the round,
        or the game when the lids are empty too. True when that settled the turn."""
        if self.active_tokens() != 0:
            return False
        if all(g.lid == 0 for g in self.generals):
            self.game_over()
        else:
            self.log(f"No Order tokens left on the Generals: round {self.round} is over.")
            self.start_next_round()
        return True

    def end_round_now(self) -> None:
        """The round ends at once (a Wipeout); the mission says what follows."""
        self.round_over_now = False
        self.attack = None
        self.shot = None
        self.mover = None
        self.effect = None
        self.window = None
        for p in self.hooks["turn_ends"]:
            p.turn_ends()
        self.mission_part.round_cut()

    def start_next_round(self) -> None:
        if self.star is not None:
            self.first = self.star
        self.start_round()

    def game_over(self) -> None:
        self.phase = Phase.OVER
        self.outcome = self.mission_part.result()
        self.log(self.outcome.reason)

    def team_result(self, teams: list[str], by_team: dict[str, float], reason: str) -> Result:
        winners = sorted({g.seat for g in self.generals if g.team in teams})
        scores = [0.0] * self.num_seats
        for g in self.generals:
            scores[g.seat] = by_team[g.team]
        return Result(tuple(winners), tuple(scores), reason)

    # ================================================================ copies, data
    def clone(self) -> LittleSoldiersState:
        new = LittleSoldiersState.__new__(LittleSoldiersState)
        new.__dict__.update(self.__dict__)
        new.rng = self._clone_rng()
        new.events = list(self.events)
        new.soldiers = {k: s.copy() for k, s in self.soldiers.items()}
        new.generals = [g.copy() for g in self.generals]
        new.blocks = list(self.blocks)
        new.attack = self.attack.copy() if self.attack is not None else None
        new.effect = self.effect.copy() if self.effect is not None else None
        new.window = self.window.copy() if self.window is not None else None
        new.practice_left = list(self.practice_left)
        new.measured = dict(self.measured)
        new.parts = [p.copy(new) for p in self.parts]  # each part copies its own slice
        new.mission_part = new.parts[0]  # type: ignore[assignment]
        new._bind_parts()
        return new

    def to_dict(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "config": self.config.to_dict(),
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "first": self.first,
            "star": self.star,
            "star_taken": self.star_taken,
            "generals": [g.to_dict() for g in self.generals],
            "soldiers": [s.to_dict() for s in self.soldiers.values()],
            "blocks_left": sorted(self.blocks),
            "block": self.block,
            "mover": self.mover,
            "after": self.after,
            "moves_left": self.moves_left,
            "attack": self.attack.to_dict() if self.attack else None,
            "shot": self.shot.to_dict() if self.shot else None,
            "effect": self.effect.to_dict() if self.effect else None,
            "window": self.window.to_dict() if self.window else None,
            "practice_left": list(self.practice_left),
            "round_over_now": self.round_over_now,
            "measured": self.measured,
            "last_roll": self.last_roll.to_dict() if self.last_roll else None,
            "last_throw": self.last_throw.to_dict() if self.last_throw else None,
            "result": self.outcome.to_dict() if self.outcome else None,
            "mission": self.mission,
        }
        for p in self.parts:
            out.update(p.to_dict())
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], battlefield: Any | None = None) -> LittleSoldiersState:
        """A state built from ``to_dict`` output (its events are not kept:
        a position, not a history). ``battlefield`` replaces the config's level."""
        from engine.little_soldiers.state_data import load_state

        return load_state(cls, data, battlefield)

    # ---------------------------------------------------------------- secrecy
    def secrets(self) -> list[Slice]:
        """Every part's secrets (``engine.core.secrecy``): the view and
        ``determinize`` derive from them."""
        return [sl for p in self.parts for sl in p.secrets()]

    def audience(self, seat: int, action: Any) -> frozenset[int] | None:
        """Players' actions are public; a chance outcome is read by whom its
        part says (a Tactics card drawn: its drawer), else by nobody."""
        if seat != CHANCE:
            return None
        owner = self._owner.get(self.phase)
        return owner.audience(action) if owner is not None else frozenset()

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        for p in self.parts:
            p.resample(seat, rng)

    def view(self, seat: int):
        from engine.little_soldiers.view import LittleSoldiersView

        return LittleSoldiersView(self, seat)

    # ---------------------------------------------------------------- invariants
    def order_tokens(self, g: int) -> int:
        """Every Order token of General ``g``: lid, card, Chest bottom, soldiers
        (Bonus Order tokens are counted apart, see ``bonus_total``)."""
        gen = self.generals[g]
        return gen.lid + gen.tokens + gen.bottom + sum(self.soldiers[i].orders for i in gen.soldiers)


MAX_LISTED_OUTCOMES = 1296
"""Chance steps with more outcomes than this are drawn, not listed (four dice list 1,296)."""


def counted(kind: type, pile: list[Any]) -> list[tuple[Any, float]]:
    """Outcomes of drawing one item from ``pile``, equal items merged."""
    counts: dict[Any, int] = {}
    for item in pile:
        counts[item] = counts.get(item, 0) + 1
    return [(kind(item), n / len(pile)) for item, n in sorted(counts.items())]


def dice_outcomes(tables: list[tuple[str, ...]]) -> list[tuple[Roll, float]] | None:
    """Every ordered result of rolling dice with these faces (a face printed
    twice is twice as likely); None when too many to list."""
    import itertools

    size = 1
    for t in tables:
        size *= len(set(t))
        if size > MAX_LISTED_OUTCOMES:
            return None
    per_die = [[(f, t.count(f) / len(t)) for f in sorted(set(t))] for t in tables]
    out = []
    for combo in itertools.product(*per_die):
        p = 1.0
        for _, q in combo:
            p *= q
        out.append((Roll(tuple(f for f, _ in combo)), p))
    return out


def make_terrain(config: Config, battlefield: Any | None = None) -> Terrain:
    from engine.little_soldiers.parts import MODULES

    bf = battlefield if battlefield is not None else config.battlefield()
    _, chosen = chosen_values(config.overrides)
    parts = [MODULES[m] for m in config.modules]
    return Terrain(bf, any(p.climbing for p in parts), any(p.table_objects for p in parts), chosen.contact_tolerance)


def opening_line(config: Config, battlefield_name: str | None) -> str:
    """The log's first line, in the names the rules print ("Little Soldiers: the Battle
    Royale mission (Super Soldier), 3 players."; it read "Little Soldiers on Battle
    Royale (battle royale; super_soldier)")."""
    from pathlib import Path

    from engine.little_soldiers.config import MISSIONS
    from engine.little_soldiers.parts import MODULES as MODULE_PARTS

    mods = ", ".join(MODULE_PARTS[m].title if m in MODULE_PARTS else m.replace("_", " ") for m in config.modules)
    where = battlefield_name or Path(str(config.level)).stem.replace("-", " ")
    players = f"{config.players} player{'' if config.players == 1 else 's'}"
    if config.mission in MISSIONS:
        title = MISSIONS[config.mission].title
        head = f"Little Soldiers: the {title} mission" + ("" if where == title else f" on {where}")
        return f"{head}{f' ({mods})' if mods else ''}, {players}."
    return f"Little Soldiers on {where} ({mods or 'Bootcamp rules'}), {players}."


def new_game(config: Config | None = None, seed: int | None = None,
             battlefield: Any | None = None) -> LittleSoldiersState:
    """A new game on ``config.level`` (or the given Battlefield). With a seed
    chance resolves itself; without, the state waits at each chance step."""
    from engine.little_soldiers.parts import mission_class

    config = config or Config()
    terrain = make_terrain(config, battlefield)
    bf = terrain.bf
    needed = mission_class(config.mission).deployment_needed(terrain)
    missing = [n for n in needed if n not in terrain.deployment]
    if missing:
        raise ValueError(f"the battlefield {bf.name or config.level!r} lacks Deployment token(s) {missing}")
    state = LittleSoldiersState(config, terrain, random.Random(seed) if seed is not None else None)
    state.events.insert(0, Event(opening_line(config, bf.name)))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state
