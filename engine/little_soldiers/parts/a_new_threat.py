"""A New Threat: the players together against the Threats on the box.

Every player's soldiers stand on one side. The Threats play automatically:
after each player's turn comes a Threats' turn made of engine steps, its
randomness being CHANCE steps (the Threat Action token flipped, the Attack
dice), so a seeded game plays itself and a test can force any outcome.

Scenery removal really removes the pieces: the state swaps its Terrain for
one built on ``Battlefield.without_scenery`` until the End of the Turn, so
line of sight (and any movement) ignores them. Terrains are kept per removed
set (shared by copies), so a game builds each variant's geometry once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Lead, Roll, ThreatAction
from engine.little_soldiers.parts.base import Mission
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.pieces import Soldier, Threat

if TYPE_CHECKING:
    from engine.little_soldiers.terrain import Spot, Terrain


class ANewThreat(Mission):
    key: ClassVar[str] = M.A_NEW_THREAT
    title: ClassVar[str] = "A New Threat"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.LEAD, Phase.THREAT_ACTION, Phase.THREAT_ROLL})
    cooperative: ClassVar[bool] = True  # "join forces" against the Threats
    uses_star: ClassVar[bool] = False  # "The Star token is not used for this mission."
    any_deployment_token: ClassVar[bool] = True  # "the Deployment token of your choice"
    deploy_squad_at_once: ClassVar[bool] = True  # "Deploy all of your Little Soldiers from your HQ"
    deploy_without_blocks: ClassVar[bool] = True
    attacks_on_reset: ClassVar[bool] = False
    """Whether the Threats still Attack when the 4 (the reset) is revealed."""
    readings: ClassVar[tuple[str, ...]] = (
        "A New Threat: the first player is agreed by the players; the first seat says it (a Lead action).",
    )

    @classmethod
    def deployment_needed(cls, terrain: Terrain) -> tuple[int, ...]:
        return tuple(sorted(terrain.deployment)[:1]) or (1,)

    def side_of(self, general: int, team: str) -> str:
        return "players"  # "join forces"

    # ---------------------------------------------------------------- set-up and slice
    def setup(self) -> None:
        st = self.state
        targets = {t.props.get("threat"): t for t in st.terrain.tokens_of("threat_target")}
        self.threats: dict[str, Threat] = {}
        for ident, switches in M.THREAT_SWITCHES[self.key].items():
            token = targets.get(ident)
            if token is None:
                raise ValueError(f"the battlefield {st.config.level!r} has no threat_target token for {ident!r}")
            z = token.props.get("z", 10.0)
            defense, toughness = st.chosen.threat_stats[ident]
            self.threats[ident] = Threat(ident, M.THREAT_TITLES.get(ident, ident), defense, toughness, switches,
                                         (token.at[0], token.at[1], float(z)))
        self.ff_up: dict[int, bool] = {}
        self.ff_at: dict[int, tuple[float, float]] = {}
        self.ff_scenery: dict[int, tuple[str, ...]] = {}
        for t in st.terrain.tokens_of("force_field_switch"):
            n = int(t.props["number"])
            self.ff_up[n] = True  # face up: the Force Field is on
            self.ff_at[n] = t.at
            listed = t.props.get("scenery")
            self.ff_scenery[n] = (tuple(listed) if isinstance(listed, list) else
                                  st.terrain.adjacent_scenery(t.at, st.chosen.adjacent_scenery))
        needed = sorted({n for th in self.threats.values() for n in th.switches})
        missing = [n for n in needed if n not in self.ff_up]
        if missing:
            raise ValueError(f"the battlefield {st.config.level!r} lacks Force Field Switch(es) {missing}")
        self.actions_down: list[int] = list(M.THREAT_ACTION_TOKENS)
        self.track = st.chosen.threat_track_spaces[st.config.players]
        self.removed: tuple[str, ...] = ()
        self.threat_dice: list[str | None] = []
        self.threat_pending: tuple[int, ...] = ()
        self.threat_rerolled = False
        self.threat_targets: list[str] = []
        self.threat_done = False

    def copy_slice(self) -> None:
        self.threats = {k: t.copy() for k, t in self.threats.items()}
        self.ff_up = dict(self.ff_up)
        self.actions_down = list(self.actions_down)
        self.threat_dice = list(self.threat_dice)
        self.threat_targets = list(self.threat_targets)

    def to_dict(self) -> dict[str, Any]:
        return {
            "threats": [t.to_dict() for t in self.threats.values()],
            "force_field_switches": {str(n): up for n, up in sorted(self.ff_up.items())},
            "threat_actions_face_down": sorted(self.actions_down),  # the face-up ones are public
            "threat_track_left": self.track,
            "removed_scenery": list(self.removed),
            "threat_dice": list(self.threat_dice),
            "threat_pending": list(self.threat_pending),
            "threat_rerolled": self.threat_rerolled,
            "threat_targets": list(self.threat_targets),
            "threat_done": self.threat_done,
        }

    def load(self, data: dict[str, Any]) -> None:
        self.threats = {t["id"]: Threat.from_dict(t) for t in data["threats"]}
        self.ff_up = {int(n): bool(up) for n, up in data["force_field_switches"].items()}
        self.actions_down = [int(n) for n in data["threat_actions_face_down"]]
        self.track = int(data["threat_track_left"])
        self.threat_dice = list(data["threat_dice"])
        self.threat_pending = tuple(data.get("threat_pending", ()))
        self.threat_rerolled = bool(data.get("threat_rerolled", False))
        self.threat_targets = list(data.get("threat_targets", ()))
        self.threat_done = bool(data.get("threat_done", False))
        removed = tuple(data.get("removed_scenery", ()))
        if removed:
            self.remove_scenery(removed)

    # ---------------------------------------------------------------- questions
    def field_off(self, threat: Threat) -> bool:
        """A Force Field is off while all its switches are face down (the
        Head's needs switches 2 and 4 "at the same time")."""
        return all(not self.ff_up[n] for n in threat.switches)

    def threats_in_play(self) -> list[Threat]:
        return [t for t in self.threats.values() if t.in_play]

    def valid_threat_targets(self, attacker: str) -> list[str]:
        """Threats whose Force Field is off and whose whole Target the attacker sees."""
        st = self.state
        a = st.soldiers[attacker]
        radius = st.chosen.threat_target_radius
        return [t.id for t in self.threats_in_play() if self.field_off(t)
                and st.terrain.target_sights([a.spot], t.target, radius)[0].valid]

    def threat_sight(self, attacker: str, threat: str) -> Any:
        st = self.state
        a = st.soldiers[attacker]
        return st.terrain.target_sights([a.spot], self.threats[threat].target, st.chosen.threat_target_radius)[0]

    def threat_target_reason(self, attacker: str, threat: str) -> str | None:
        th = self.threats[threat]
        if not th.in_play:
            return f"{th.name} is broken: it can no longer be targeted."
        if not self.field_off(th):
            return f"{th.name}'s Force Field is on: switch {' and '.join(map(str, th.switches))} off first."
        sight = self.threat_sight(attacker, threat)
        if not sight.valid:
            return f"{th.name} is not a valid target: its whole Target must be visible ({sight.describe()})."
        return None

    def target_closed(self, target: str) -> dict[str, Any] | None:
        th = self.threats.get(target)
        if th is not None and not self.field_off(th):
            return {"force_field": "on"}
        return None

    def threats_in_blast(self, point: tuple[float, float, float], cord: float) -> list[tuple[Threat, float]]:
        """Distance from their Target; an active Force Field protects them."""
        import math

        out = []
        for t in self.threats_in_play():
            d = math.dist(point, t.target)
            if d <= cord and self.field_off(t):
                out.append((t, d))
        return out

    def seen_by_threats(self, spots: list[Spot]) -> list[int]:
        """For each spot, how many unbroken Threats see a head standing there."""
        terrain = self.state.terrain
        counts = [0] * len(spots)
        for t in self.threats_in_play():
            for i, r in enumerate(terrain.threat_sights(t.target, spots)):
                counts[i] += r.valid
        return counts

    # ---------------------------------------------------------------- rounds
    def first_round(self) -> None:
        self.state.first = 0
        self.state.start_round()

    def start_round(self) -> None:
        """Modified Return the Star: the players agree on the first player."""
        self.state.phase = Phase.LEAD
        self.state.current = self.state.first

    def to_act(self) -> int | None:
        return 0 if self.state.phase is Phase.LEAD else None  # the players agree; the first seat says it

    def legal(self, seat: int) -> list[Any]:
        return [Lead(g) for g in range(len(self.state.generals))]

    def help(self) -> str:
        return "agree on the General who plays first this round."

    def on_lead(self, action: Lead) -> None:
        st = self.state
        st.first = action.general
        st.log(f"The players agree: {st.gname(action.general)} plays first in round {st.round}.")
        st.deploy_from_hq(st.first)

    def turn_begins(self) -> bool:
        self.threat_done = False
        return False

    def turn_skipped(self) -> None:
        self.threat_done = True  # no turn, so no Threats' turn after it

    # ---------------------------------------------------------------- moves
    def after_move(self, s: Soldier, path: list[tuple[float, float]]) -> bool:
        """A Move whose base or cord touches a face-up Switch flips it."""
        st = self.state
        for n, at in sorted(self.ff_at.items()):
            if path and self.ff_up[n] and st.terrain.swept_touch(path, at):
                self.ff_up[n] = False
                st.log(f"{s.id} touches Force Field Switch {n}: it is flipped to its brown side.")
                for t in self.threats_in_play():
                    if n in t.switches and self.field_off(t):
                        st.log(f"{t.name}'s Force Field is off!")
        return False

    # ---------------------------------------------------------------- the Threats' turn
    def before_end_of_turn(self) -> bool:
        """"Before moving on to the End of the Turn phase": the Threats' turn."""
        if self.threat_done:
            return False
        st = self.state
        if not self.threats_in_play():
            self.threat_done = True
            return False
        st.log("The Threats' turn.")
        st.phase = Phase.THREAT_ACTION
        return True

    def sample_chance(self, rng: random.Random) -> Any:
        if self.state.phase is Phase.THREAT_ACTION:
            return ThreatAction(self.actions_down[rng.randrange(len(self.actions_down))])
        faces = self.state.chosen.attack_die_faces
        return Roll(tuple(faces[rng.randrange(len(faces))] for _ in self.threat_pending))

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        from engine.little_soldiers.state import counted, dice_outcomes

        if self.state.phase is Phase.THREAT_ACTION:
            return counted(ThreatAction, self.actions_down)
        if self.state.phase is Phase.THREAT_ROLL:
            return dice_outcomes([self.state.chosen.attack_die_faces] * len(self.threat_pending))
        return None

    def check_chance(self, action: Any) -> str | None:
        if self.state.phase is Phase.THREAT_ACTION:
            if not isinstance(action, ThreatAction) or action.number not in self.actions_down:
                return f"A face-down Threat Action token is flipped now (face down: {sorted(self.actions_down)})."
            return None
        if not isinstance(action, Roll) or len(action.faces) != len(self.threat_pending):
            return f"{len(self.threat_pending)} Threat dice are being rolled."
        if any(f not in self.state.chosen.attack_die_faces for f in action.faces):
            return "That is not a face of the Attack die."
        return None

    def apply(self, seat: int, action: Any) -> None:
        phase = self.state.phase
        if phase is Phase.LEAD:
            self.on_lead(action)
        elif phase is Phase.THREAT_ACTION:
            self.on_threat_action(action)
        else:
            self.on_threat_roll(action)

    def on_threat_action(self, action: ThreatAction) -> None:
        st = self.state
        n = action.number
        self.actions_down.remove(n)
        attack = True
        if n == M.THREAT_RESET_TOKEN:
            for k in self.ff_up:
                self.ff_up[k] = True
            self.actions_down = list(M.THREAT_ACTION_TOKENS)
            st.log("Threat Action 4: every Force Field Switch is flipped face up and the Threat Action tokens "
                   "are shuffled face down.")
            if st.super_soldiers:
                for t in self.threats.values():
                    t.shields = 0
                st.log("Super Soldiers: the Threats' Shield tokens go back to the Reserve.")
            attack = self.attacks_on_reset
            if attack:
                st.log("Octocutie attacks even on a 4!")
            else:
                st.log("The Threats skip their Attack.")
        else:
            pieces = tuple(p for p in self.ff_scenery.get(n, ()) if p not in self.removed)
            if pieces:
                self.remove_scenery(self.removed + pieces)
                st.log(f"Threat Action {n}: {', '.join(pieces)} disappear(s) until the end of the turn.")
            else:
                st.log(f"Threat Action {n}: no scenery is next to Switch {n}.")
        if attack:
            self.threat_attack()
        else:
            self.finish_threat_turn()

    def remove_scenery(self, pieces: tuple[str, ...]) -> None:
        st = self.state
        key = tuple(sorted(pieces))
        if key not in st.terrains:
            st.terrains[key] = st.base_terrain.without(key)
        self.removed = key
        st.terrain = st.terrains[key]

    def restore_scenery(self) -> None:
        st = self.state
        if self.removed:
            st.log(f"{', '.join(self.removed)} {'is' if len(self.removed) == 1 else 'are'} put back.")
        self.removed = ()
        st.terrain = st.base_terrain

    def threat_attack(self) -> None:
        """The collective Attack: every soldier a Threat's Target sees."""
        st = self.state
        in_play = [s for s in st.soldiers.values() if s.in_play]
        seen = self.seen_by_threats([s.spot for s in in_play])
        self.threat_targets = [s.id for s, k in zip(in_play, seen, strict=True) if k]
        st.measured = {"threat_attack": list(self.threat_targets), "removed": list(self.removed)}
        if not self.threat_targets:
            st.log("No Little Soldier is a valid target for the Threats.")
            self.finish_threat_turn()
            return
        st.log(f"The Threats attack {', '.join(self.threat_targets)}.")
        self.threat_dice = [None] * R.ATTACK_DICE
        self.threat_pending = tuple(range(R.ATTACK_DICE))
        self.threat_rerolled = False
        st.phase = Phase.THREAT_ROLL

    def on_threat_roll(self, action: Roll) -> None:
        st = self.state
        for i, f in zip(self.threat_pending, action.faces, strict=True):
            self.threat_dice[i] = f
        st.show_roll("threat", self.threat_dice, self.threat_pending)
        st.log(f"Threat dice: {', '.join(str(f) for f in self.threat_dice)}.")
        if not self.threat_rerolled:
            self.threat_rerolled = True
            keep = {"hit", "double_hit"} | ({"lightning"} if st.super_soldiers else set())
            again = tuple(i for i, f in enumerate(self.threat_dice) if f not in keep)
            if again:
                self.threat_pending = again
                st.log(f"The Threats reroll {len(again)} dice without a Hit.")
                return
        self.threat_pending = ()
        self.resolve_threat_attack()

    def resolve_threat_attack(self) -> None:
        st = self.state
        faces = [f for f in self.threat_dice if f is not None]
        hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
        lightning = faces.count("lightning")
        for ident in self.threat_targets:
            s = st.soldiers[ident]
            if s.in_play:
                st.hit(s, hits, "The Threats' Attack")
        if lightning >= M.SUPER_SPECIAL_LIGHTNING:
            st.log(f"{lightning} lightning: the Threats' Super Special Ability! "
                   f"{M.SUPER_SPECIAL_SHIELDS} Shield tokens on every Little Soldier.")
            for s in st.soldiers.values():
                if s.in_play:
                    s.shields += M.SUPER_SPECIAL_SHIELDS
        elif lightning:
            hit = [st.soldiers[i] for i in self.threat_targets if st.soldiers[i].in_play]
            for s in hit:
                s.shields += lightning * M.SPECIAL_ABILITY_SHIELDS
            if hit:
                st.log(f"{lightning} lightning: {lightning} Shield token(s) on {', '.join(s.id for s in hit)}.")
        self.threat_dice = []
        self.threat_targets = []
        self.finish_threat_turn()

    def finish_threat_turn(self) -> None:
        self.threat_done = True
        self.state.end_turn()

    def break_threat(self, t: Threat) -> None:
        t.broken = True
        t.hearts = t.toughness
        self.state.log(f"{t.name} is broken! An Ouch token goes next to its Profile.")

    def on_break(self, s: Soldier) -> None:
        """Each time a Little Soldier gets broken, the Flag moves toward the Threat Victory space."""
        self.track = max(0, self.track - 1)
        self.state.log(f"{s.id} is broken!")
        self.state.log(f"The Flag moves toward the Threat Victory space ({self.track} space(s) left).")

    # ---------------------------------------------------------------- end of the turn and the game
    def end_turn(self) -> None:
        st = self.state
        self.restore_scenery()
        if M.LAST_THREAT_ENDS_GAME and not self.threats_in_play():
            st.game_over()
            return
        if self.track <= 0:
            st.game_over()
            return
        st.next_turn_or_round()

    def result(self) -> Result:
        st = self.state
        beaten = [t for t in self.threats.values() if t.broken]
        scores = tuple(float(len(beaten)) for _ in range(st.num_seats))
        names = ", ".join(t.name for t in beaten) or "no Threat"
        if self.track <= 0:
            return Result((), scores, f"The Flag reaches the Threat Victory space: the Threats have beaten you "
                                      f"(you broke {names}).")
        if len(beaten) < len(self.threats):  # the Order tokens are spent ('you broke no Threat, not all of them')
            broke = f"you broke {names}, not all of them" if beaten else "you broke none of them"
            return Result((), scores, f"The Threats have the advantage: the Order tokens are spent and {broke}.")
        return Result(tuple(range(st.num_seats)), scores, f"Great teamwork! You broke every Threat ({names}).")
