"""Little Soldiers as a Toybox State: plain data over a ruleset built once.

The rules of one game are its ``LittleSoldiersGame`` (``game``: the config,
the parts loaded, their steps and hooks); a ``LittleSoldiersState`` is the
table, the round and the turn as plain data, one *slice* per part
(``slices``) and the continuation (``pending``: what is left to do once the
step the game waits in is resolved, see ``flow``). Copies share the Game and
copy the data; nothing in a state refers back to a state.

The core owns the table, rounds, turns and the Move/Order/Attack flow of the
Bootcamp Book (``preparation``, ``turns``, ``movement``, ``combat``, run
through ``steps``); it never asks which module or mission is played. Each
module and mission is a part (``engine.little_soldiers.parts``) that owns
its slice and hooks into the flow. Dice, Block tokens, the star and throws
are CHANCE steps, so a seeded game rolls by itself and a test can force any
outcome.

Generals, not seats, take turns: in 2 Against 2 with three players one seat
runs two Generals. Opponents are decided by *side* (the team in the
Bootcamp, the General in a free-for-all, everyone in the co-op missions),
never by colour. Geometry questions go to ``Terrain`` and every answer that
decides a rule is written to the log with what was measured.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeVar

from engine.core.actions import inexact
from engine.core.protocol import CHANCE, Event, Result, State
from engine.core.secrecy import Slice
from engine.little_soldiers import candidates as candidate_sampling
from engine.little_soldiers import combat, movement, preparation, steps
from engine.little_soldiers import random_action as random_policy
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.config import Chosen, Config, chosen_values, mission_class
from engine.little_soldiers.flow import BEGIN_GAME, OPEN, ROUND_CUT, Frame, moves_left, open_frame
from engine.little_soldiers.game import LittleSoldiersGame, make_terrain
from engine.little_soldiers.part import Part, Target
from engine.little_soldiers.phases import MOVE, ORDER, OVER, After, Phase, PhaseKind, PhaseSpec
from engine.little_soldiers.pieces import AttackDice, Break, General, LastRoll, LastThrow, Shot, Soldier
from engine.little_soldiers.state_data import load_state
from engine.little_soldiers.terrain import MoveReport, SightReport, Spot, Terrain
from engine.little_soldiers.view import LittleSoldiersView, picture

S = TypeVar("S")

# Phase names as module attributes, for the callers written before ``Phase``.
SETUP, REVEAL, DEPLOY, ROLL, REROLL, SCOUT, THROW, LANDING = (
    Phase.SETUP, Phase.REVEAL, Phase.DEPLOY, Phase.ROLL, Phase.REROLL, Phase.SCOUT, Phase.THROW, Phase.LANDING)

__all__ = ["AttackDice", "Break", "General", "LastRoll", "LastThrow", "LittleSoldiersState", "Shot", "Soldier",
           "new_game", "make_terrain", "Phase", "After", "MOVE", "ORDER", "OVER", "SETUP", "REVEAL", "DEPLOY",
           "ROLL", "REROLL", "SCOUT", "THROW", "LANDING"]


class LittleSoldiersState(State):
    game = "little-soldiers"
    rules: LittleSoldiersGame
    """The ruleset this game is played by (built once, shared by copies)."""
    landing_model = False
    """Whether throws land by the landing model measured from the physics
    (``table.landing_model``) instead of Bullet: only in a bot's imagined
    game (``for_rollouts``); every real game, replay and ``--verify`` throws
    with the physics."""
    passed: tuple[int, Any] | None = None
    """The seat and action ``check`` last accepted in this very position:
    ``apply`` asks again (the protocol validates first), and the answer
    cannot change until an action applies, so it is read back, not measured
    again (a random playout's every action was checked before it was
    chosen). Cleared by every apply and by ``clone``."""

    def __init__(self, rules: LittleSoldiersGame, rng: random.Random | None) -> None:
        config = rules.config
        self.rules = rules
        self.config: Config = config
        """The options played (the ruleset's; kept here too, as every rule reads it)."""
        self.chosen: Chosen = rules.chosen
        """The chosen values in use (the ruleset's; kept here too, as every rule reads it)."""
        self.terrain = rules.terrain
        """The battlefield played on now (a mission may take scenery off for a while)."""
        self.rng = rng
        self.num_seats = config.players
        self.events: list[Event] = []
        self.irreversible = 0
        self.cooperative = rules.cooperative
        mission = rules.mission
        self.soldiers: dict[str, Soldier] = {}
        self.generals: list[General] = []
        teams = R.TEAMS
        seen: dict[tuple[str, str], int] = {}
        for g, squad in enumerate(config.squads or ()):
            team = teams[g % len(teams)]
            name = (R.GENERALS if g < len(teams) else R.SECOND_GENERALS)[team] if g < 2 * len(teams) else ""
            name = mission.general_name(g, name)
            side = mission.side_of(g, team)
            ids = []
            for kind in squad:
                n = seen.get((team, kind), 0) + 1
                seen[(team, kind)] = n
                ident = f"{team}-{kind}" + (f"-{n}" if n > 1 else "")
                self.soldiers[ident] = Soldier(ident, g, team, kind, side)
                ids.append(ident)
            self.generals.append(General(g, team, config.seat_of(g), name, ids))
        self.round = 0
        self.phase: PhaseSpec = SETUP
        self.current = 0  # the General who acts now
        self.first = 0  # first player of this round
        self.star: int | None = None  # General holding the first player token; None: in the Reserve
        self.star_taken = False  # someone ran out of Order tokens first this round
        self.blocks: list[int] = list(R.BLOCK_TOKENS)
        self.block: int | None = None
        self.mover: str | None = None
        """The soldier the MOVE step's Move is for (None: any of the General's)."""
        self.after = After.ORDER
        """The kind of Move the MOVE step is for (what follows it is ``pending``)."""
        self.attack: AttackDice | None = None
        self.shot: Shot | None = None
        self.practice_left = [rules.chosen.practice_shots] * self.num_seats
        self.measured: dict[str, Any] = {}
        self.breaks: tuple[Break, ...] = ()  # a tuple, so clones share it until one grows
        self.last_roll: LastRoll | None = None
        self.last_throw: LastThrow | None = None
        self.outcome: Result | None = None
        self.pending: tuple[Frame, ...] = ()
        """The continuation: what the game does once the step it waits in is resolved (``flow``)."""
        self.slices: list[Any] = [None] * len(rules.parts)
        """Each part's slice of the state, in the game's order of parts."""
        for p in sorted(rules.parts, key=lambda p: p.setup_order):
            self.slices[p.index] = p.setup(self)
        self.then(Frame(BEGIN_GAME))
        self.proceed()

    # ================================================================ the ruleset, the parts
    @property
    def values(self) -> Mapping[str, Any]:
        return self.rules.values

    @property
    def base_terrain(self) -> Terrain:
        """The battlefield as set up, with every piece a mission may take off the table."""
        return self.rules.terrain

    @property
    def mission(self) -> str | None:
        return self.rules.config.mission

    def slice_of(self, part: type[Part[S]]) -> S:
        """The slice of the part of class ``part`` (typed as that part's slice);
        a LookupError when no such part is played."""
        found = self.rules.part(part)
        if found is None:
            raise LookupError(f"{part.title or part.__name__} is not played in this game")
        return found.data(self)

    def slice_or_none(self, part: type[Part[S]]) -> S | None:
        """``slice_of``, or None when no such part is played."""
        found = self.rules.part(part)
        return None if found is None else found.data(self)

    @property
    def targets(self) -> Mapping[str, Target]:
        """The mission's targets that are not Little Soldiers, by id (a co-op mission's Threats)."""
        return self.rules.mission.targets(self)

    def play_without(self, pieces: tuple[str, ...]) -> None:
        """Play on the battlefield without these scenery pieces (none: as set up)."""
        self.terrain = self.rules.terrain_without(pieces)

    # ================================================================ the continuation
    def then(self, *frames: Frame) -> None:
        """These frames run next, in this order, before what was pending."""
        if frames:
            self.pending = (*frames, *self.pending)

    def open(self, phase: str) -> None:
        """The game waits in ``phase`` next (before anything pending)."""
        self.pending = (open_frame(phase), *self.pending)

    def cut(self, *frames: Frame) -> None:
        """What was pending is dropped: these frames follow instead (a Wipeout ends the round)."""
        self.pending = tuple(frames)

    def drop(self, do: str, part: str = "") -> Frame | None:
        """Take the first pending frame ``do`` (of ``part``) out; None when none is pending."""
        for i, f in enumerate(self.pending):
            if f.do == do and f.part == part:
                self.pending = self.pending[:i] + self.pending[i + 1:]
                return f
        return None

    def hook_frames(self, hook: str, *args: Any) -> list[Frame]:
        """A frame for each part that defines ``hook``, in the game's order."""
        parts = self.rules.hooks[hook]
        return [Frame(hook, p.key, args) for p in parts] if parts else []

    def round_cut_pending(self) -> bool:
        """Whether the round is being cut short (a Wipeout) once the current effect is done."""
        return bool(self.pending) and self.pending[0].do == ROUND_CUT and not self.pending[0].part

    def proceed(self) -> None:
        """Run the continuation until a step opens (or the game is over)."""
        while self.pending:
            f = self.pending[0]
            self.pending = self.pending[1:]
            if f.do == OPEN and not f.part:
                self.phase = self.rules.phases.get(f.args[0]) or self.rules.step(str(f.args[0]))
                return
            steps.run(self, f)
        if self.phase is not OVER:
            raise RuntimeError(f"Little Soldiers: nothing follows the {self.phase} step")

    @property
    def moves_left(self) -> int:
        """The granted Moves left, the one being made included (0 when none)."""
        return moves_left(self.pending)

    # ================================================================ the log
    def log(self, text: str) -> None:
        self.events.append(Event(text))

    def log_private(self, text: str, *seats: int) -> None:
        """An event only ``seats`` may read (a card drawn into a hand)."""
        self.events.append(Event(text, frozenset(seats)))

    # ================================================================ protocol
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is OVER:
            return []
        if phase.kind is PhaseKind.CHANCE:
            return [CHANCE]
        g = self.rules.owners[phase].to_act(self)
        return [self.generals[self.current if g is None else g].seat]

    def chance_pending(self) -> bool:
        return self.phase.kind is PhaseKind.CHANCE

    def is_over(self) -> bool:
        return self.phase is OVER

    def result(self) -> Result | None:
        return self.outcome

    def legal_actions(self, seat: int) -> list[Any]:
        """The discrete choices; [] where the choice is continuous (see
        ``candidate_actions``) or ``seat`` need not act."""
        if self.phase.kind is not PhaseKind.PLAYER or seat not in self.to_act():
            return []
        return self.rules.owners[self.phase].legal(self, seat)

    def card_plays(self) -> list[Any]:
        """What the parts add to the Move and Order steps (Tactics cards): public,
        as the bots' samplers (candidates, random_action) offer them too."""
        return [a for p in self.rules.extra for a in p.extra_actions(self)]

    def candidate_actions(self, seat: int, n: int, rng: random.Random) -> list[Any]:
        """Legal actions sampled for bots, continuous choices included."""
        return candidate_sampling.candidates(self, seat, n, rng)

    def random_action(self, seat: int, rng: random.Random) -> Any | None:
        """One legal action for ``seat``, drawn from ``rng`` alone and measured
        only as far as that action needs (the random playout policy; its
        distribution is in ``engine.little_soldiers.random_action``); None
        when ``seat`` need not act."""
        return random_policy.random_action(self, seat, rng)

    def check(self, seat: int, action: Any) -> str | None:
        passed = self.passed
        if passed is not None and passed[1] is action and passed[0] == seat and type(seat) is int:
            return None
        reason = self._check(seat, action)
        if reason is None:
            self.passed = (seat, action)
        return reason

    def _check(self, seat: int, action: Any) -> str | None:
        exact = inexact(seat, action)  # Lead(0.0) equals Lead(0): the types are held exactly first
        if exact is not None:
            return exact
        phase = self.phase
        if phase is OVER:
            return "The game is over."
        if seat == CHANCE:
            if phase.kind is not PhaseKind.CHANCE:
                return "No chance step is due now."
            return self.rules.owners[phase].check_chance(self, action)
        if seat not in self.to_act():
            return f"It is not {self.seat_name(seat)}'s turn."
        extra = self._extra_part(action)
        if extra is not None:
            return extra.check_extra(self, action)
        return self.rules.owners[phase].check(self, seat, action)

    def _extra_part(self, action: Any) -> Part[Any] | None:
        """The part that adds ``action`` to the core's Move or Order step, if it does."""
        rules = self.rules
        if rules.extra_types and isinstance(action, rules.extra_types) and (self.phase is MOVE or self.phase is ORDER):
            return next(p for p in rules.extra if isinstance(action, p.extra_types))
        return None

    def phase_help(self) -> str:
        """What the player to act does now, as a sentence (for the app's turn line)."""
        return self.rules.owners[self.phase].help(self)

    def _apply(self, seat: int, action: Any) -> None:
        self.passed = None
        if seat == CHANCE:
            self.irreversible += 1
        extra = self._extra_part(action) if seat != CHANCE else None
        if extra is not None:
            extra.apply_extra(self, action)
        else:
            self.rules.owners[self.phase].apply(self, seat, action)
        self.proceed()

    # ---------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """The pending chance step's outcomes and probabilities (OpenSpiel's
        ``chance_outcomes``); None for a throw's landing (continuous) and for
        steps with too many outcomes to list (``sample_chance`` draws those)."""
        if self.phase.kind is not PhaseKind.CHANCE:
            return None
        return self.rules.owners[self.phase].chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Any:
        return self.rules.owners[self.phase].sample_chance(self, rng)

    def throw(self, kind: str, start: Any, direction: float, strength: float, seed: int) -> Any:
        """Where a ``kind`` throw lands (``Terrain.throw``'s landing): by the
        physics, or by the landing model in a bot's imagined game."""
        terrain = self.terrain
        throw = terrain.model_throw if self.landing_model else terrain.throw
        return throw(kind, start, direction, strength, seed, self.chosen)

    def for_rollouts(self) -> LittleSoldiersState:
        """Throws land by the measured landing model from now on (this state
        and its clones): a bot's imagined game, where a likely landing in
        microseconds beats the exact one in milliseconds. The draw takes the
        same seed from the generator as the physics would, so every other
        chance step and rule goes exactly as in the engine (a test plays
        both side by side)."""
        self.landing_model = True
        return self

    # ---------------------------------------------------------------- secrecy
    def secrets(self) -> list[Slice]:
        """Every part's secrets (``engine.core.secrecy``): the view and
        ``determinize`` derive from them."""
        return [sl for p in self.rules.parts for sl in p.secrets(self, p.data(self))]

    def audience(self, seat: int, action: Any) -> frozenset[int] | None:
        """Players' actions are public; a chance outcome is read by whom its
        step declares (``PhaseSpec.audience``; a Tactics card drawn: whoever
        may read the hand it goes into)."""
        if seat != CHANCE:
            return None
        return self.rules.owners[self.phase].audience(self, action)

    def settle_unseen(self, seat: int, rng: random.Random) -> None:
        for p in self.rules.parts:
            p.resample(self, p.data(self), seat, rng)

    def view(self, seat: int) -> LittleSoldiersView:
        return LittleSoldiersView(self, seat)

    # ================================================================ copies, data
    def clone(self) -> LittleSoldiersState:
        new = LittleSoldiersState.__new__(LittleSoldiersState)
        new.__dict__.update(self.__dict__)
        new.passed = None  # a copy may be changed outside apply (determinize re-deals it)
        new.rng = self._clone_rng()
        new.events = list(self.events)
        new.soldiers = {k: s.copy() for k, s in self.soldiers.items()}
        new.generals = [g.copy() for g in self.generals]
        new.blocks = list(self.blocks)
        new.attack = self.attack.copy() if self.attack is not None else None
        new.practice_left = list(self.practice_left)
        new.measured = dict(self.measured)
        new.slices = [p.copy(d) for p, d in zip(self.rules.parts, self.slices, strict=True)]
        return new

    def to_dict(self) -> dict[str, Any]:
        """The whole truth as plain JSON data: the public picture with every secret shown."""
        return picture(self, None)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], battlefield: Any | None = None) -> LittleSoldiersState:
        """A state built from ``to_dict`` output (its events are not kept:
        a position, not a history). ``battlefield`` replaces the config's level."""
        return load_state(cls, data, battlefield)

    # ================================================================ table questions (the core's answers)
    def own(self, g: int) -> list[Soldier]:
        return [self.soldiers[i] for i in self.generals[g].soldiers]

    def own_in_play(self, g: int) -> list[Soldier]:
        soldiers = self.soldiers
        return [s for s in map(soldiers.__getitem__, self.generals[g].soldiers) if s.spot is not None]

    def spots(self, exclude: str | None = None) -> list[Spot]:
        return [s.spot for s in self.soldiers.values() if s.spot is not None and s.id != exclude]

    def side_of_general(self, g: int) -> str:
        return self.soldiers[self.generals[g].soldiers[0]].side

    def general_of(self, soldier: Soldier) -> General:
        return self.generals[soldier.general]

    def seat_of_soldier(self, ident: str) -> int:
        return self.generals[self.soldiers[ident].general].seat

    def gname(self, g: int) -> str:
        gen = self.generals[g]
        if gen.name.lower() == f"player {gen.seat + 1}":  # Battle Royale's Generals: "Player 1 (green, player 1)"
            return f"{gen.name} ({gen.team})"
        return f"{gen.name} ({gen.team}, player {gen.seat + 1})"

    def deploy_order(self, start: int) -> list[int]:
        n = len(self.generals)
        return [(start + k) % n for k in range(n)]

    def is_enemy(self, a: Soldier, b: Soldier) -> bool:
        """Opponents are decided by side (the General or team that owns a
        soldier), never by colour: free-for-all games share colours."""
        return a.side != b.side

    def lightning_counts(self, s: Soldier) -> bool:
        """Whether the soldier's lightning results count: a part makes them
        count and the mission shows its Super Soldier side."""
        return self.rules.lightning and self.rules.mission.rank_side(self, s)


    def spare_tokens(self, general: int | None = None, soldier: str | None = None) -> int:
        """Order tokens the parts keep on a General (or a soldier) besides its own (Bonus Order tokens)."""
        return sum(p.spare_tokens(self, general, soldier) for p in self.rules.hooks["spare_tokens"])

    def tokens_on(self, g: int) -> int:
        """Order tokens General ``g`` can give now: its own and the parts' spare ones."""
        return self.generals[g].tokens + self.spare_tokens(g)

    def can_order(self, g: int) -> bool:
        """A General gives an Order while it holds tokens and has a soldier in play."""
        return self.tokens_on(g) > 0 and bool(self.own_in_play(g))

    def active_tokens(self) -> int:
        """Order tokens that can still be given (see ORPHAN_GENERAL_PASSES)."""
        return sum(self.tokens_on(g.index) for g in self.generals if self.can_order(g.index))

    def order_tokens(self, g: int) -> int:
        """Every Order token of General ``g``: lid, card, Chest bottom, soldiers
        (the parts' spare tokens are counted apart)."""
        gen = self.generals[g]
        return gen.lid + gen.tokens + gen.bottom + sum(self.soldiers[i].orders for i in gen.soldiers)

    def clear_action(self) -> None:
        """The current Action is over or cut short: no dice, no shot, no mover,
        and the parts forget what they kept of it (a card, a Reaction window)."""
        self.action_over()
        self.mover = None
        for p in self.rules.hooks["clear_action"]:
            p.clear_action(self)

    def action_over(self) -> None:
        """The dice and the throw of an Action are off the table."""
        self.attack = None
        self.shot = None

    def current_attack(self) -> AttackDice:
        if self.attack is None:
            raise RuntimeError("no Attack is being made")
        return self.attack

    def current_shot(self) -> Shot:
        if self.shot is None:
            raise RuntimeError("no throw is being made")
        return self.shot

    # the rules' questions, for views, bots and the app
    def target_of(self, ident: str) -> Soldier | Target:
        return combat.target_of(self, ident)

    def defense(self, t: Soldier | Target) -> int:
        return combat.defense(self, t)

    def toughness(self, t: Soldier | Target) -> int:
        return combat.toughness(self, t)

    def sight(self, attacker: str, target: str) -> SightReport:
        return combat.sight(self, attacker, target)

    def valid_targets(self, attacker: str) -> list[str]:
        """Enemies in play whose entire head the attacker sees, and the mission's targets it may attack."""
        return combat.valid_targets_of(self, [attacker])[attacker]

    def valid_targets_of(self, attackers: list[str]) -> dict[str, list[str]]:
        return combat.valid_targets_of(self, attackers)

    def enemies_in_play(self, g: int) -> list[str]:
        return combat.enemies_in_play(self, g)

    def reroll_allowance(self, attacker: str, target: str) -> tuple[int, dict[str, Any]]:
        return combat.reroll_allowance(self, attacker, target)

    def explain_target(self, attacker: str, target: str) -> dict[str, Any]:
        return combat.explain_target(self, attacker, target)

    def shot_start(self, thrower: str, kind: str, direction: float) -> tuple[float, float, float]:
        return combat.shot_start(self, thrower, kind, direction)

    def shot_faces(self, kind: str) -> tuple[str, ...]:
        return combat.shot_faces(self, kind)

    def move_report(self, action: Any) -> MoveReport:
        return movement.move_report(self, action)

    def deploy_discs(self, s: Soldier) -> list[tuple[tuple[float, float], float]]:
        return preparation.deploy_discs(self, s)

    def deploy_anchors(self, s: Soldier) -> tuple[list[tuple[float, float]], list[Spot]]:
        return preparation.deploy_anchors(self, s)


def opening_line(config: Config, battlefield_name: str | None) -> str:
    """The log's first line, in the names the rules print ("Little Soldiers: the Battle
    Royale mission (Super Soldier), 3 players."; it read "Little Soldiers on Battle
    Royale (battle royale; super_soldier)")."""
    from pathlib import Path

    from engine.little_soldiers.registry import REGISTRY

    def title(m: str) -> str:
        part = REGISTRY.modules.get(m)
        return part.title if part is not None and part.title else m.replace("_", " ")

    mods = ", ".join(title(m) for m in config.modules)
    where = battlefield_name or Path(str(config.level)).stem.replace("-", " ")
    players = f"{config.players} player{'' if config.players == 1 else 's'}"
    if config.mission:
        mission = mission_class(config.mission).title
        head = f"Little Soldiers: the {mission} mission" + ("" if where == mission else f" on {where}")
        return f"{head}{f' ({mods})' if mods else ''}, {players}."
    return f"Little Soldiers on {where} ({mods or 'Bootcamp rules'}), {players}."


def new_game(config: Config | None = None, seed: int | None = None, battlefield: Any | None = None,
             ) -> LittleSoldiersState:
    """A new game on ``config.level`` (or the given Battlefield). With a seed
    chance resolves itself; without, the state waits at each chance step."""
    config = config or Config()
    terrain = make_terrain(config, battlefield)
    bf = terrain.bf
    needed = mission_class(config.mission).deployment_needed(terrain)
    missing = [n for n in needed if n not in terrain.deployment]
    # named as the file holds it: the level file, or a saved game's battlefield_data
    where = "" if battlefield is not None else "battlefield_data: " if config.battlefield_data is not None \
        else f"{config.level}: "
    if missing:
        raise ValueError(f"{where}tokens: the battlefield {bf.name or config.level!r} lacks Deployment token(s) "
                         f"{missing}")
    crowded = preparation.no_room_to_deploy(terrain, needed, chosen_values(config.overrides)[1].green_length)
    if crowded is not None:
        raise ValueError(f"{where}tokens: the battlefield {bf.name or config.level!r}: {crowded}")
    state = LittleSoldiersState(LittleSoldiersGame.build(config, terrain), random.Random(seed) if seed is not None
                                else None)
    state.events.insert(0, Event(opening_line(config, bf.name)))
    if state.rng is not None:
        state._settle_chance(state.rng)
    return state

