"""A New Threat and Another New Threat: the co-operative missions.

Every player's soldiers stand on one side against the Threats printed on
the bottom of the box. The Threats play automatically: after each player's
turn comes a Threats' turn made of engine steps, its randomness being
CHANCE steps (the Threat Action token flipped, the Attack dice), so a seeded
game plays itself and a test can force any outcome.

Scenery removal really removes the pieces: the state swaps its Terrain for
one built on ``Battlefield.without_scenery`` until the End of the Turn, so
line of sight (and any movement) ignores them. Terrains are kept per removed
set, so a game builds each variant's geometry once.
"""

from __future__ import annotations

from engine.little_soldiers.phases import After, Phase

from typing import TYPE_CHECKING, Any

from engine.core.protocol import Result
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Lead, Roll, ThreatAction

if TYPE_CHECKING:
    from engine.little_soldiers.terrain import Spot

LEAD, THREAT_ACTION, THREAT_ROLL = Phase.LEAD, Phase.THREAT_ACTION, Phase.THREAT_ROLL


class Threat:
    """One Threat (or part of Octocutie): its Profile and the tokens in front of it."""

    __slots__ = ("id", "name", "defense", "toughness", "switches", "target", "hearts", "shields", "broken")

    def __init__(self, ident: str, defense: int, toughness: int, switches: tuple[int, ...],
                 target: tuple[float, float, float]) -> None:
        self.id = ident
        self.name = M.THREAT_TITLES.get(ident, ident)
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

    def copy(self) -> "Threat":
        new = Threat(self.id, self.defense, self.toughness, self.switches, self.target)
        new.hearts, new.shields, new.broken = self.hearts, self.shields, self.broken
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "defense": self.defense, "toughness": self.toughness,
                "switches": list(self.switches), "target": list(self.target), "hearts": self.hearts,
                "shields": self.shields, "broken": self.broken}


class ThreatRules:
    """Mixin of LittleSoldiersState: the co-operative missions' rules."""

    # ------------------------------------------------------------------ set-up
    def _setup_threats(self) -> None:
        mission = self.config.mission
        targets = {t.props.get("threat"): t for t in self.terrain.tokens_of("threat_target")}
        self.threats: dict[str, Threat] = {}
        for ident, switches in M.THREAT_SWITCHES[mission].items():
            token = targets.get(ident)
            if token is None:
                raise ValueError(f"the battlefield {self.config.level!r} has no threat_target token for {ident!r}")
            z = token.props.get("z", 10.0)
            defense, toughness = self.chosen.threat_stats[ident]
            self.threats[ident] = Threat(ident, defense, toughness, switches, (token.at[0], token.at[1], float(z)))
        self.ff_up: dict[int, bool] = {}
        self.ff_at: dict[int, tuple[float, float]] = {}
        self.ff_scenery: dict[int, tuple[str, ...]] = {}
        for t in self.terrain.tokens_of("force_field_switch"):
            n = int(t.props["number"])
            self.ff_up[n] = True  # face up: the Force Field is on
            self.ff_at[n] = t.at
            listed = t.props.get("scenery")
            self.ff_scenery[n] = (tuple(listed) if isinstance(listed, list) else
                                  self.terrain.adjacent_scenery(t.at, self.chosen.adjacent_scenery))
        needed = sorted({n for th in self.threats.values() for n in th.switches})
        missing = [n for n in needed if n not in self.ff_up]
        if missing:
            raise ValueError(f"the battlefield {self.config.level!r} lacks Force Field Switch(es) {missing}")
        self.actions_down: list[int] = list(M.THREAT_ACTION_TOKENS)
        self.track = self.chosen.threat_track_spaces[self.config.players]
        self.removed: tuple[str, ...] = ()
        self.threat_dice: list[str | None] = []
        self.threat_pending: tuple[int, ...] = ()
        self.threat_rerolled = False
        self.threat_targets: list[str] = []
        self.threat_done = False

    # ------------------------------------------------------------------ questions
    def field_off(self, threat: Threat) -> bool:
        """A Force Field is off while all its switches are face down (the
        Head's needs switches 2 and 4 "at the same time")."""
        return all(not self.ff_up[n] for n in threat.switches)

    def threats_in_play(self) -> list[Threat]:
        return [t for t in self.threats.values() if t.in_play]

    def valid_threat_targets(self, attacker: str) -> list[str]:
        """Threats whose Force Field is off and whose whole Target the attacker sees."""
        a = self.soldiers[attacker]
        open_ = [t for t in self.threats_in_play() if self.field_off(t)]
        out = []
        for t in open_:
            if self.terrain.target_sights([a.spot], t.target, self.chosen.threat_target_radius)[0].valid:
                out.append(t.id)
        return out

    def threat_sight(self, attacker: str, threat: str):
        a = self.soldiers[attacker]
        return self.terrain.target_sights([a.spot], self.threats[threat].target, self.chosen.threat_target_radius)[0]

    def seen_by_threats(self, spots: list["Spot"]) -> list[int]:
        """For each spot, how many unbroken Threats see a head standing there."""
        counts = [0] * len(spots)
        for t in self.threats_in_play():
            for i, r in enumerate(self.terrain.threat_sights(t.target, spots)):
                counts[i] += r.valid
        return counts

    # ------------------------------------------------------------------ rounds
    def _coop_start_round(self) -> None:
        """Modified Return the Star: the players agree on the first player."""
        self.phase = LEAD
        self.current = self.first

    def _on_lead(self, action: Lead) -> None:
        self.first = action.general
        self.log(f"The players agree: {self._gname(action.general)} plays first in round {self.round}.")
        if any(not s.in_play for s in self.soldiers.values()):
            self.block = None
            self._next_deployer(self.first)
        else:
            self._after_deployment()

    # ------------------------------------------------------------------ moves
    def _flip_switches(self, s: Any, path: list[tuple[float, float]]) -> None:
        """A Move whose base or cord touches a face-up Switch flips it."""
        for n, at in sorted(self.ff_at.items()):
            if self.ff_up[n] and self.terrain.swept_touch(path, at):
                self.ff_up[n] = False
                self.log(f"{s.id} touches Force Field Switch {n}: it is flipped to its brown side.")
                for t in self.threats_in_play():
                    if n in t.switches and self.field_off(t):
                        self.log(f"{t.name}'s Force Field is off!")

    # ------------------------------------------------------------------ the Threats' turn
    def _threat_turn(self) -> None:
        self.attack = None
        self.shot = None
        self.mover = None
        if not self.threats_in_play():
            self.threat_done = True
            self._end_turn()
            return
        self.log("The Threats' turn.")
        self.phase = THREAT_ACTION

    def _on_threat_action(self, action: ThreatAction) -> None:
        n = action.number
        self.actions_down.remove(n)
        attack = True
        if n == M.THREAT_RESET_TOKEN:
            for k in self.ff_up:
                self.ff_up[k] = True
            self.actions_down = list(M.THREAT_ACTION_TOKENS)
            self.log("Threat Action 4: every Force Field Switch is flipped face up and the Threat Action tokens "
                     "are shuffled face down.")
            if self.config.has("super_soldier"):
                for t in self.threats.values():
                    t.shields = 0
                self.log("Super Soldiers: the Threats' Shield tokens go back to the Reserve.")
            attack = self.config.mission == M.ANOTHER_NEW_THREAT
            if attack:
                self.log("Octocutie attacks even on a 4!")
            else:
                self.log("The Threats skip their Attack.")
        else:
            pieces = tuple(p for p in self.ff_scenery.get(n, ()) if p not in self.removed)
            if pieces:
                self._remove_scenery(self.removed + pieces)
                self.log(f"Threat Action {n}: {', '.join(pieces)} disappear(s) until the end of the turn.")
            else:
                self.log(f"Threat Action {n}: no scenery is next to Switch {n}.")
        if attack:
            self._threat_attack()
        else:
            self._finish_threat_turn()

    def _remove_scenery(self, pieces: tuple[str, ...]) -> None:
        key = tuple(sorted(pieces))
        if key not in self.terrains:
            self.terrains[key] = self.base_terrain.without(key)
        self.removed = key
        self.terrain = self.terrains[key]

    def _restore_scenery(self) -> None:
        if self.removed:
            self.log(f"{', '.join(self.removed)} {'is' if len(self.removed) == 1 else 'are'} put back.")
        self.removed = ()
        self.terrain = self.base_terrain

    def _threat_attack(self) -> None:
        """The collective Attack: every soldier a Threat's Target sees."""
        in_play = [s for s in self.soldiers.values() if s.in_play]
        seen = self.seen_by_threats([s.spot for s in in_play])
        self.threat_targets = [s.id for s, k in zip(in_play, seen) if k]
        self.measured = {"threat_attack": list(self.threat_targets), "removed": list(self.removed)}
        if not self.threat_targets:
            self.log("No Little Soldier is a valid target for the Threats.")
            self._finish_threat_turn()
            return
        self.log(f"The Threats attack {', '.join(self.threat_targets)}.")
        self.threat_dice = [None] * R.ATTACK_DICE
        self.threat_pending = tuple(range(R.ATTACK_DICE))
        self.threat_rerolled = False
        self.phase = THREAT_ROLL

    def _on_threat_roll(self, action: Roll) -> None:
        for i, f in zip(self.threat_pending, action.faces):
            self.threat_dice[i] = f
        self.show_roll("threat", self.threat_dice, self.threat_pending)
        self.log(f"Threat dice: {', '.join(str(f) for f in self.threat_dice)}.")
        if not self.threat_rerolled:
            self.threat_rerolled = True
            keep = {"hit", "double_hit"} | ({"lightning"} if self.config.has("super_soldier") else set())
            again = tuple(i for i, f in enumerate(self.threat_dice) if f not in keep)
            if again:
                self.threat_pending = again
                self.log(f"The Threats reroll {len(again)} dice without a Hit.")
                return
        self.threat_pending = ()
        self._resolve_threat_attack()

    def _resolve_threat_attack(self) -> None:
        faces = [f for f in self.threat_dice if f is not None]
        hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
        lightning = faces.count("lightning")
        for ident in self.threat_targets:
            s = self.soldiers[ident]
            if s.in_play:
                self._hit(s, hits, "The Threats' Attack")
        if lightning >= M.SUPER_SPECIAL_LIGHTNING:
            self.log(f"{lightning} lightning: the Threats' Super Special Ability! "
                     f"{M.SUPER_SPECIAL_SHIELDS} Shield tokens on every Little Soldier.")
            for s in self.soldiers.values():
                if s.in_play:
                    s.shields += M.SUPER_SPECIAL_SHIELDS
        elif lightning:
            hit = [self.soldiers[i] for i in self.threat_targets if self.soldiers[i].in_play]
            for s in hit:
                s.shields += lightning * M.SPECIAL_ABILITY_SHIELDS
            if hit:
                self.log(f"{lightning} lightning: {lightning} Shield token(s) on {', '.join(s.id for s in hit)}.")
        self.threat_dice = []
        self.threat_targets = []
        self._finish_threat_turn()

    def _finish_threat_turn(self) -> None:
        self.threat_done = True
        self._end_turn()

    def _break_threat(self, t: Threat) -> None:
        t.broken = True
        t.hearts = t.toughness
        self.log(f"{t.name} is broken! An Ouch token goes next to its Profile.")

    def _coop_break(self, s: Any) -> None:
        """Each time a Little Soldier gets broken, the Flag moves toward the Threat Victory space."""
        self.track = max(0, self.track - 1)
        self.log(f"The Flag moves toward the Threat Victory space ({self.track} space(s) left).")

    # ------------------------------------------------------------------ end of the turn and the game
    def _coop_end_turn(self) -> None:
        self._restore_scenery()
        if M.LAST_THREAT_ENDS_GAME and not self.threats_in_play():
            self._game_over()
            return
        if self.track <= 0:
            self._game_over()
            return
        if self._round_spent(self._start_round):
            return
        for g in self._deploy_order((self.current + 1) % len(self.generals)):
            if self._own_in_play(g):
                self._begin_turn(g)
                return
        self._start_round()  # pragma: no cover - nobody in play means no active tokens

    def _coop_result(self) -> Result:
        beaten = [t for t in self.threats.values() if t.broken]
        scores = tuple(float(len(beaten)) for _ in range(self.num_seats))
        names = ", ".join(t.name for t in beaten) or "no Threat"
        if self.track <= 0:
            return Result((), scores, f"The Flag reaches the Threat Victory space: the Threats have beaten you "
                                      f"(you broke {names}).")
        if len(beaten) < len(self.threats):
            return Result((), scores, f"The Threats have the advantage: you broke {names}, not all of them.")
        return Result(tuple(range(self.num_seats)), scores, f"Great teamwork! You broke every Threat ({names}).")

    def _threats_to_dict(self) -> dict[str, Any]:
        return {
            "threats": [t.to_dict() for t in self.threats.values()],
            "force_field_switches": {str(n): up for n, up in sorted(self.ff_up.items())},
            "threat_actions_face_down": sorted(self.actions_down),  # the face-up ones are public
            "threat_track_left": self.track,
            "removed_scenery": list(self.removed),
            "threat_dice": list(self.threat_dice),
        }
