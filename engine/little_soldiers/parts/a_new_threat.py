"""A New Threat: the players together against the Threats on the box.

Every player's soldiers stand on one side. The Threats play automatically:
after each player's turn comes a Threats' turn made of engine steps, its
randomness being CHANCE steps (the Threat Action token flipped, the Attack
dice), so a seeded game plays itself and a test can force any outcome.

Scenery removal really removes the pieces: the state plays on the
battlefield without them (``Battlefield.without_scenery``) until the End of
the Turn, so line of sight (and any movement) ignores them. The game keeps
one Terrain per removed set, so it builds each variant's geometry once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Lead, Roll, ThreatAction
from engine.little_soldiers.chance import counted, dice_outcomes
from engine.little_soldiers.combat import hit, show_roll
from engine.little_soldiers.flow import DEPLOY_FROM_HQ, GAME_OVER, NEXT_TURN, START_ROUND, Frame, frame
from engine.little_soldiers.part import Mission, Target
from engine.little_soldiers.phases import CHANCE, PhaseSpec
from engine.little_soldiers.pieces import Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import SightReport, Spot, Terrain

LEAD = PhaseSpec("lead")
"""Modified Return the Star: the players agree on the first player."""
THREAT_ACTION = PhaseSpec("threat_action", CHANCE)
"""Chance: a face-down Threat Action token flipped."""
THREAT_ROLL = PhaseSpec("threat_roll", CHANCE)
"""Chance: the Threats' Attack dice."""


class Threat:
    """A mission's Threat (or part of Octocutie): its Profile and the tokens in front of it."""

    __slots__ = ("id", "name", "defense", "toughness", "switches", "target", "hearts", "shields", "broken")

    def __init__(self, ident: str, name: str, defense: int, toughness: int, switches: tuple[int, ...],
                 target: tuple[float, float, float]) -> None:
        self.id = ident
        self.name = name
        self.defense = defense
        self.toughness = toughness
        self.switches = switches
        self.target = target
        self.hearts = 0
        self.shields = 0
        self.broken = False  # an Ouch token next to its Profile

    @property
    def in_play(self) -> bool:
        return not self.broken

    @property
    def point(self) -> tuple[float, float, float]:
        """Where distances to the Threat are measured: its Target symbol."""
        return self.target

    def copy(self) -> Threat:
        new = Threat(self.id, self.name, self.defense, self.toughness, self.switches, self.target)
        new.hearts, new.shields, new.broken = self.hearts, self.shields, self.broken
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "defense": self.defense, "toughness": self.toughness,
                "switches": list(self.switches), "target": list(self.target), "hearts": self.hearts,
                "shields": self.shields, "broken": self.broken}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Threat:
        x, y, z = (float(v) for v in data["target"])
        new = cls(data["id"], data["name"], int(data["defense"]), int(data["toughness"]),
                  tuple(int(n) for n in data["switches"]), (x, y, z))
        new.hearts, new.shields, new.broken = int(data["hearts"]), int(data["shields"]), bool(data["broken"])
        return new


@dataclass
class Threats:
    """The co-op missions' slice: the Threats, the Force Field Switches, the
    Threat Action tokens, the Flag on the Threat track and the Threats' dice."""

    threats: dict[str, Threat] = field(default_factory=dict)
    ff_up: dict[int, bool] = field(default_factory=dict)
    """Switch number -> face up (its Force Field on)."""
    ff_at: Mapping[int, tuple[float, float]] = field(default_factory=dict)
    """Where each Switch lies (the battlefield's; shared by copies)."""
    ff_scenery: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """The scenery next to each Switch (the battlefield's; shared by copies)."""
    actions_down: list[int] = field(default_factory=list)
    track: int = 0
    """Breaks left before the Flag reaches the Threat Victory space."""
    removed: tuple[str, ...] = ()
    """Scenery a Threat Action took off the table until the End of the Turn."""
    threat_dice: list[str | None] = field(default_factory=list)
    threat_pending: tuple[int, ...] = ()
    threat_rerolled: bool = False
    threat_targets: list[str] = field(default_factory=list)

    def copy(self) -> Threats:
        return Threats({k: t.copy() for k, t in self.threats.items()}, dict(self.ff_up), self.ff_at, self.ff_scenery,
                       list(self.actions_down), self.track, self.removed, list(self.threat_dice),
                       self.threat_pending, self.threat_rerolled, list(self.threat_targets))


class ANewThreat(Mission[Threats]):
    key: ClassVar[str] = M.A_NEW_THREAT
    title: ClassVar[str] = "A New Threat"
    phases: ClassVar[tuple[PhaseSpec, ...]] = (LEAD, THREAT_ACTION, THREAT_ROLL)
    actions: ClassVar[tuple[type, ...]] = (Lead, ThreatAction, Roll)
    cooperative: ClassVar[bool] = True  # "join forces" against the Threats
    uses_star: ClassVar[bool] = False  # "The Star token is not used for this mission."
    any_deployment_token: ClassVar[bool] = True  # "the Deployment token of your choice"
    deploy_squad_at_once: ClassVar[bool] = True  # "Deploy all of your Little Soldiers from your HQ"
    deploy_without_blocks: ClassVar[bool] = True
    attacks_on_reset: ClassVar[bool] = False
    """Whether the Threats still Attack when the 4 (the reset) is revealed."""
    players: ClassVar[tuple[int, int] | None] = (1, 4)
    optional: ClassVar[tuple[str, ...]] = ("super_soldier",)
    level: ClassVar[str] = "levels/little_soldiers/a-new-threat.json"
    # Solo "any 4 Little Soldiers"; 3-4 players an Infantry and another type each.
    mission_squads: ClassVar[Mapping[int, tuple[tuple[str, ...], ...]]] = {
        1: (("infantry", "sniper", "grenadier", "operator"),),
        2: (("infantry", "grenadier"), ("infantry", "sniper")),
        3: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator")),
        4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator"), ("infantry", "operator")),
    }
    readings: ClassVar[tuple[str, ...]] = (
        "A New Threat: the first player is agreed by the players; the first seat says it (a Lead action).",
    )
    rules: ClassVar[tuple[str, ...]] = (
        "  a-new-threat (1-4, co-operative; solo with Reinforcements and 4 soldiers): Pinky 2/4,",
        "    Howdy 2/5, Bob 2/4 (Defense/Toughness, book); Force Field n is off while Switch n is face",
        "    down (a Move touching it flips it); after each player's turn the Threats flip a Threat",
        "    Action token: 1-3 remove the scenery next to that Switch until the end of the turn (from",
        "    sight and movement), 4 flips every Switch up, reshuffles, clears the Threats' Shields with",
        "    Super Soldiers and skips the Attack; the Attack: 5 dice on every soldier a Target sees,",
        "    non-hits rerolled once (lightning kept with Super Soldiers), lightning: 1 Shield each on",
        "    the targets, 3+: 2 Shields on every soldier; each broken soldier moves the Flag toward",
        "    Threat Victory; win by breaking every Threat by the end of round 3.",
    )

    @classmethod
    def required_for(cls, players: int) -> tuple[str, ...]:
        return ("reinforcements",) if players == 1 else ()  # "At 1 player, Reinforcements"

    @classmethod
    def mission_squad_reason(cls, index: int, squad: tuple[str, ...], generals: int) -> str | None:
        if generals == 1:
            return None if len(squad) == 4 else "squads[0]: solo, take any 4 Little Soldiers (Mission Book)"
        reason = super().mission_squad_reason(index, squad, generals)
        if reason is None and squad.count("infantry") > 1 and generals >= 3:
            # Setup F: "At 3 and 4 players ... one other different Little Soldier type".
            return f"squads[{index}]: 1 Infantry only and one other, different Little Soldier"
        return reason

    @classmethod
    def deployment_needed(cls, terrain: Terrain) -> tuple[int, ...]:
        return tuple(sorted(terrain.deployment)[:1]) or (1,)

    def side_of(self, general: int, team: str) -> str:
        return "players"  # "join forces"

    # ---------------------------------------------------------------- set-up and slice
    def setup(self, st: LittleSoldiersState) -> Threats:
        targets = {t.props.get("threat"): t for t in st.terrain.tokens_of("threat_target")}
        threats: dict[str, Threat] = {}
        for ident, switches in M.THREAT_SWITCHES[self.key].items():
            token = targets.get(ident)
            if token is None:
                raise ValueError(f"the battlefield {st.config.level!r} has no threat_target token for {ident!r}")
            z = token.props.get("z", 10.0)
            defense, toughness = st.chosen.threat_stats[ident]
            threats[ident] = Threat(ident, M.THREAT_TITLES.get(ident, ident), defense, toughness, switches,
                                    (token.at[0], token.at[1], float(z)))
        ff_up: dict[int, bool] = {}
        ff_at: dict[int, tuple[float, float]] = {}
        ff_scenery: dict[int, tuple[str, ...]] = {}
        pieces = {p.id for p in st.terrain.bf.scenery}
        for t in st.terrain.tokens_of("force_field_switch"):
            n = int(t.props["number"])
            ff_up[n] = True  # face up: the Force Field is on
            ff_at[n] = t.at
            listed = t.props.get("scenery")
            unknown = [p for p in listed if p not in pieces] if isinstance(listed, list) else []
            if unknown:  # the level file's types were checked when it was read; these ids name no piece here
                raise ValueError(f"{st.config.level}: tokens: Force Field Switch {n} names {unknown[0]!r}, "
                                 f"which is no scenery piece of this battlefield")
            ff_scenery[n] = (tuple(listed) if isinstance(listed, list) else
                             st.terrain.adjacent_scenery(t.at, st.chosen.adjacent_scenery))
        needed = sorted({n for th in threats.values() for n in th.switches})
        missing = [n for n in needed if n not in ff_up]
        if missing:
            raise ValueError(f"the battlefield {st.config.level!r} lacks Force Field Switch(es) {missing}")
        return Threats(threats, ff_up, ff_at, ff_scenery, list(M.THREAT_ACTION_TOKENS),
                       st.chosen.threat_track_spaces[st.config.players])

    def copy(self, data: Threats) -> Threats:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: Threats, out: dict[str, Any]) -> None:
        out.update({
            "threats": [t.to_dict() for t in data.threats.values()],
            "force_field_switches": {str(n): up for n, up in sorted(data.ff_up.items())},
            "threat_actions_face_down": sorted(data.actions_down),  # the face-up ones are public
            "threat_track_left": data.track,
            "removed_scenery": list(data.removed),
            "threat_dice": list(data.threat_dice),
            "threat_pending": list(data.threat_pending),
            "threat_rerolled": data.threat_rerolled,
            "threat_targets": list(data.threat_targets),
        })

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> Threats:
        fresh = self.data(st)  # the battlefield's facts, as set up
        out = Threats({t["id"]: Threat.from_dict(t) for t in data["threats"]},
                      {int(n): bool(up) for n, up in data["force_field_switches"].items()}, fresh.ff_at,
                      fresh.ff_scenery, [int(n) for n in data["threat_actions_face_down"]],
                      int(data["threat_track_left"]), (), list(data["threat_dice"]),
                      tuple(data.get("threat_pending", ())), bool(data.get("threat_rerolled", False)),
                      list(data.get("threat_targets", ())))
        removed = tuple(data.get("removed_scenery", ()))
        if removed:
            out.removed = tuple(sorted(removed))
            st.play_without(out.removed)
        return out

    # ---------------------------------------------------------------- questions
    def field_off(self, st: LittleSoldiersState, threat: Threat) -> bool:
        """A Force Field is off while all its switches are face down (the
        Head's needs switches 2 and 4 "at the same time")."""
        up = self.data(st).ff_up
        return all(not up[n] for n in threat.switches)

    def threats_in_play(self, st: LittleSoldiersState) -> list[Threat]:
        return [t for t in self.data(st).threats.values() if t.in_play]

    def targets(self, st: LittleSoldiersState) -> Mapping[str, Target]:
        return self.data(st).threats

    def valid_targets(self, st: LittleSoldiersState, attacker: str) -> list[str]:
        """Threats whose Force Field is off and whose whole Target the attacker sees."""
        a = st.soldiers[attacker]
        assert a.spot is not None
        radius = st.chosen.threat_target_radius
        return [t.id for t in self.threats_in_play(st) if self.field_off(st, t)
                and st.terrain.target_sights([a.spot], t.target, radius)[0].valid]

    def target_sight(self, st: LittleSoldiersState, attacker: str, target: str) -> SightReport:
        a = st.soldiers[attacker]
        assert a.spot is not None
        threat = self.data(st).threats[target]
        return st.terrain.target_sights([a.spot], threat.target, st.chosen.threat_target_radius)[0]

    def target_reason(self, st: LittleSoldiersState, attacker: str, target: str) -> str | None:
        th = self.data(st).threats[target]
        if not th.in_play:
            return f"{th.name} is broken: it can no longer be targeted."
        if not self.field_off(st, th):
            return f"{th.name}'s Force Field is on: switch {' and '.join(map(str, th.switches))} off first."
        sight = self.target_sight(st, attacker, target)
        if not sight.valid:
            return f"{th.name} is not a valid target: its whole Target must be visible ({sight.describe()})."
        return None

    def target_closed(self, st: LittleSoldiersState, target: str) -> dict[str, Any] | None:
        th = self.data(st).threats.get(target)
        if th is not None and not self.field_off(st, th):
            return {"force_field": "on"}
        return None

    def targets_in_blast(self, st: LittleSoldiersState, point: tuple[float, float, float],
                         cord: float) -> list[tuple[Target, float]]:
        """Distance from their Target; an active Force Field protects them."""
        out: list[tuple[Target, float]] = []
        for t in self.threats_in_play(st):
            d = math.dist(point, t.target)
            if d <= cord and self.field_off(st, t):
                out.append((t, d))
        return out

    def seen_by_threats(self, st: LittleSoldiersState, spots: Sequence[Spot]) -> list[int]:
        """For each spot, how many unbroken Threats see a head standing there."""
        terrain = st.terrain
        counts = [0] * len(spots)
        for t in self.threats_in_play(st):
            for i, r in enumerate(terrain.threat_sights(t.target, spots)):
                counts[i] += r.valid
        return counts

    # ---------------------------------------------------------------- rounds
    def first_round(self, st: LittleSoldiersState) -> None:
        st.first = 0
        st.then(Frame(START_ROUND))

    def start_round(self, st: LittleSoldiersState) -> None:
        """Modified Return the Star: the players agree on the first player."""
        st.current = st.first
        st.open(LEAD)

    def to_act(self, st: LittleSoldiersState) -> int | None:
        return 0 if st.phase is LEAD else None  # the players agree; the first seat says it

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        return [Lead(g) for g in range(len(st.generals))]

    def help(self, st: LittleSoldiersState) -> str:
        return "agree on the General who plays first this round."

    def on_lead(self, st: LittleSoldiersState, action: Lead) -> None:
        st.first = action.general
        st.log(f"The players agree: {st.gname(action.general)} plays first in round {st.round}.")
        st.then(frame(DEPLOY_FROM_HQ, st.first))

    # ---------------------------------------------------------------- moves
    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        """A Move whose base or cord touches a face-up Switch flips it."""
        data = self.data(st)
        for n, at in sorted(data.ff_at.items()):
            if path and data.ff_up[n] and st.terrain.swept_touch(path, at):
                data.ff_up[n] = False
                st.log(f"{soldier.id} touches Force Field Switch {n}: it is flipped to its brown side.")
                for t in self.threats_in_play(st):
                    if n in t.switches and self.field_off(st, t):
                        st.log(f"{t.name}'s Force Field is off!")

    # ---------------------------------------------------------------- the Threats' turn
    def before_end_of_turn(self, st: LittleSoldiersState, played: bool) -> None:
        """"Before moving on to the End of the Turn phase": the Threats' turn
        (none after a turn skipped, nor with no Threat left)."""
        if not played or not self.threats_in_play(st):
            return
        st.log("The Threats' turn.")
        st.open(THREAT_ACTION)

    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any:
        data = self.data(st)
        if st.phase is THREAT_ACTION:
            return ThreatAction(data.actions_down[rng.randrange(len(data.actions_down))])
        faces = st.chosen.attack_die_faces
        return Roll(tuple(faces[rng.randrange(len(faces))] for _ in data.threat_pending))

    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        data = self.data(st)
        if st.phase is THREAT_ACTION:
            return list(counted(ThreatAction, data.actions_down))
        if st.phase is THREAT_ROLL:
            outcomes = dice_outcomes([st.chosen.attack_die_faces] * len(data.threat_pending))
            return None if outcomes is None else list(outcomes)
        return None

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        data = self.data(st)
        if st.phase is THREAT_ACTION:
            if not isinstance(action, ThreatAction) or action.number not in data.actions_down:
                return f"A face-down Threat Action token is flipped now (face down: {sorted(data.actions_down)})."
            return None
        if not isinstance(action, Roll) or len(action.faces) != len(data.threat_pending):
            return f"{len(data.threat_pending)} Threat dice are being rolled."
        if any(f not in st.chosen.attack_die_faces for f in action.faces):
            return "That is not a face of the Attack die."
        return None

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        phase = st.phase
        if phase is LEAD:
            self.on_lead(st, action)
        elif phase is THREAT_ACTION:
            self.on_threat_action(st, action)
        else:
            self.on_threat_roll(st, action)

    def on_threat_action(self, st: LittleSoldiersState, action: ThreatAction) -> None:
        data = self.data(st)
        n = action.number
        data.actions_down.remove(n)
        attack = True
        if n == M.THREAT_RESET_TOKEN:
            for k in data.ff_up:
                data.ff_up[k] = True
            data.actions_down = list(M.THREAT_ACTION_TOKENS)
            st.log("Threat Action 4: every Force Field Switch is flipped face up and the Threat Action tokens "
                   "are shuffled face down.")
            if st.rules.lightning:
                for t in data.threats.values():
                    t.shields = 0
                st.log("Super Soldiers: the Threats' Shield tokens go back to the Reserve.")
            attack = self.attacks_on_reset
            if attack:
                st.log("Octocutie attacks even on a 4!")
            else:
                st.log("The Threats skip their Attack.")
        else:
            pieces = tuple(p for p in data.ff_scenery.get(n, ()) if p not in data.removed)
            if pieces:
                self.remove_scenery(st, data.removed + pieces)
                st.log(f"Threat Action {n}: {', '.join(pieces)} disappear(s) until the end of the turn.")
            else:
                st.log(f"Threat Action {n}: no scenery is next to Switch {n}.")
        if attack:
            self.threat_attack(st)

    def remove_scenery(self, st: LittleSoldiersState, pieces: tuple[str, ...]) -> None:
        data = self.data(st)
        data.removed = tuple(sorted(pieces))
        st.play_without(data.removed)

    def restore_scenery(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        if data.removed:
            st.log(f"{', '.join(data.removed)} {'is' if len(data.removed) == 1 else 'are'} put back.")
        data.removed = ()
        st.play_without(())

    def threat_attack(self, st: LittleSoldiersState) -> None:
        """The collective Attack: every soldier a Threat's Target sees."""
        data = self.data(st)
        in_play = [s for s in st.soldiers.values() if s.spot is not None]
        seen = self.seen_by_threats(st, [s.spot for s in in_play if s.spot is not None])
        data.threat_targets = [s.id for s, k in zip(in_play, seen, strict=True) if k]
        st.measured = {"threat_attack": list(data.threat_targets), "removed": list(data.removed)}
        if not data.threat_targets:
            st.log("No Little Soldier is a valid target for the Threats.")
            return
        st.log(f"The Threats attack {', '.join(data.threat_targets)}.")
        data.threat_dice = [None] * R.ATTACK_DICE
        data.threat_pending = tuple(range(R.ATTACK_DICE))
        data.threat_rerolled = False
        st.open(THREAT_ROLL)

    def on_threat_roll(self, st: LittleSoldiersState, action: Roll) -> None:
        data = self.data(st)
        for i, f in zip(data.threat_pending, action.faces, strict=True):
            data.threat_dice[i] = f
        show_roll(st, "threat", data.threat_dice, data.threat_pending)
        st.log(f"Threat dice: {', '.join(str(f) for f in data.threat_dice)}.")
        if not data.threat_rerolled:
            data.threat_rerolled = True
            keep = {"hit", "double_hit"} | ({"lightning"} if st.rules.lightning else set())
            again = tuple(i for i, f in enumerate(data.threat_dice) if f not in keep)
            if again:
                data.threat_pending = again
                st.log(f"The Threats reroll {len(again)} dice without a Hit.")
                st.open(THREAT_ROLL)
                return
        data.threat_pending = ()
        self.resolve_threat_attack(st)

    def resolve_threat_attack(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        faces = [f for f in data.threat_dice if f is not None]
        hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
        lightning = faces.count("lightning")
        for ident in data.threat_targets:
            s = st.soldiers[ident]
            if s.in_play:
                hit(st, s, hits, "The Threats' Attack")
        if lightning >= M.SUPER_SPECIAL_LIGHTNING:
            st.log(f"{lightning} lightning: the Threats' Super Special Ability! "
                   f"{M.SUPER_SPECIAL_SHIELDS} Shield tokens on every Little Soldier.")
            for s in st.soldiers.values():
                if s.in_play:
                    s.shields += M.SUPER_SPECIAL_SHIELDS
        elif lightning:
            struck = [st.soldiers[i] for i in data.threat_targets if st.soldiers[i].in_play]
            for s in struck:
                s.shields += lightning * M.SPECIAL_ABILITY_SHIELDS
            if struck:
                st.log(f"{lightning} lightning: {lightning} Shield token(s) on {', '.join(s.id for s in struck)}.")
        data.threat_dice = []
        data.threat_targets = []

    def break_target(self, st: LittleSoldiersState, target: Target) -> None:
        t = self.data(st).threats[target.id]
        t.broken = True
        t.hearts = t.toughness
        st.log(f"{t.name} is broken! An Ouch token goes next to its Profile.")

    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """Each time a Little Soldier gets broken, the Flag moves toward the Threat Victory space."""
        data = self.data(st)
        data.track = max(0, data.track - 1)
        st.log(f"{soldier.id} is broken!")
        st.log(f"The Flag moves toward the Threat Victory space ({data.track} space(s) left).")

    # ---------------------------------------------------------------- end of the turn and the game
    def end_turn(self, st: LittleSoldiersState) -> None:
        self.restore_scenery(st)
        if M.LAST_THREAT_ENDS_GAME and not self.threats_in_play(st):
            st.then(Frame(GAME_OVER))
        elif self.data(st).track <= 0:
            st.then(Frame(GAME_OVER))
        else:
            st.then(Frame(NEXT_TURN))

    def result(self, st: LittleSoldiersState) -> Result:
        data = self.data(st)
        beaten = [t for t in data.threats.values() if t.broken]
        scores = tuple(float(len(beaten)) for _ in range(st.num_seats))
        names = ", ".join(t.name for t in beaten) or "no Threat"
        if data.track <= 0:
            return Result((), scores, f"The Flag reaches the Threat Victory space: the Threats have beaten you "
                                      f"(you broke {names}).")
        if len(beaten) < len(data.threats):  # the Order tokens are spent ('you broke no Threat, not all of them')
            broke = f"you broke {names}, not all of them" if beaten else "you broke none of them"
            return Result((), scores, f"The Threats have the advantage: the Order tokens are spent and {broke}.")
        return Result(tuple(range(st.num_seats)), scores, f"Great teamwork! You broke every Threat ({names}).")

    # ---------------------------------------------------------------- bots
    def outlook(self, st: LittleSoldiersState, spots: Sequence[Spot]) -> list[tuple[int, int, float]]:
        """For each spot, how many Threats see a head there, how many open
        Threats' Targets it sees, and how far the nearest face-up Switch that
        still matters is (0 when none)."""
        data = self.data(st)
        seen = self.seen_by_threats(st, spots)
        open_ = [th for th in self.threats_in_play(st) if self.field_off(st, th)]
        radius = st.chosen.threat_target_radius
        sees = [0] * len(spots)
        for th in open_:
            for i, r in enumerate(st.terrain.target_sights(spots, th.target, radius)):
                sees[i] += r.valid
        wanted = [data.ff_at[n] for th in self.threats_in_play(st) for n in th.switches if data.ff_up[n]]
        gaps = [min((math.dist(sp.xy, w) for w in wanted), default=0.0) for sp in spots]
        return list(zip(seen, sees, gaps, strict=True))

    def move_goals(self, st: LittleSoldiersState, soldier: Soldier, cord: float) -> list[tuple[float, float]]:
        """Destinations whose Move touches a face-up Force Field Switch that
        still protects an unbroken Threat. Random samples rarely cross a token
        2.5 cm wide, and flipping one is the whole point of the Move: run
        straight through it (stopping at several distances past, to step out
        of cover toward the Threat) or stop in contact round it."""
        data = self.data(st)
        spot = soldier.spot
        assert spot is not None
        wanted = {n for t in self.threats_in_play(st) for n in t.switches if data.ff_up[n]}
        touch = st.terrain.base_radius + D.TOKEN_RADIUS
        out: list[tuple[float, float]] = []
        for n in sorted(wanted):
            at = data.ff_at[n]
            dx, dy = at[0] - spot.x, at[1] - spot.y
            dist = math.hypot(dx, dy)
            if spot.surface is not None or dist > cord + touch:
                continue
            if dist > 1e-6:
                ux, uy = dx / dist, dy / dist
                for extra in SWITCH_OVERSHOOT:
                    if dist + extra <= cord:
                        out.append((round(at[0] + extra * ux, 2), round(at[1] + extra * uy, 2)))
            for k in range(SWITCH_RING):
                a = 2 * math.pi * k / SWITCH_RING
                out.append((round(at[0] + touch * math.cos(a), 2), round(at[1] + touch * math.sin(a), 2)))
        if spot.surface is None:
            out += self.sweeps(st, spot.xy, touch)
        return out

    def sweeps(self, st: LittleSoldiersState, here: tuple[float, float], touch: float) -> list[tuple[float, float]]:
        """A Threat whose Force Field needs several switches down together
        (Octocutie's Head: 2 and 4): Moves that run through one switch and on
        to touch the next, flipping both in one go, when the first lies on the
        way (within touching distance of the straight line)."""
        data = self.data(st)
        out: list[tuple[float, float]] = []
        for t in self.threats_in_play(st):
            up = [n for n in t.switches if data.ff_up[n]]
            if len(t.switches) < 2 or len(up) < 2:
                continue
            for a in up:
                for b in up:
                    if a == b:
                        continue
                    ax, ay = data.ff_at[a]
                    bx, by = data.ff_at[b]
                    gap = math.hypot(bx - ax, by - ay)
                    if gap < 1e-6:
                        continue
                    ux, uy = (bx - ax) / gap, (by - ay) / gap
                    for back in SWEEP_STOPS:
                        dest = (bx - back * ux, by - back * uy)
                        if _segment_gap((ax, ay), here, dest) <= touch:
                            out.append((round(dest[0], 2), round(dest[1], 2)))
        return out


SWITCH_OVERSHOOT = (0.0, 5.0, 10.0, 15.0)
"""Bots: cm past a Force Field Switch, on the line from the soldier, that
switch-directed Moves end at (a Move flips the switches its path touches)."""

SWITCH_RING = 8
"""Bots: Moves ending in contact with a switch, spread round it."""

SWEEP_STOPS = (-3.0, 0.0, 1.0, 2.0)
"""Bots: cm short of the second switch (negative: past it) that a
two-switch sweep stops at (the base touches within about 2.45 cm)."""


def _segment_gap(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from point ``p`` to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)
