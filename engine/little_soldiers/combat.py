"""The core's Attack and Special Action flow: targets, dice, hits, breaks, throws.

Half of the core, kept apart from the rounds and turns in ``state`` so each
class stays readable. It knows the Bootcamp's Attack and the four Special
Actions; a part changes them only through its hooks (``reroll_bonus``,
``on_lightning``, ``on_landing``, ``before_roll``, the mission's
``on_break``) and a mission's own targets (``Mission.threats``).
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import data as D
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Landing, Reroll, Roll, Shields, Throw
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.pieces import AttackDice, Break, LastRoll, LastThrow, Shot, Soldier, Threat

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

    _Base = LittleSoldiersState
else:
    _Base = object


@functools.cache
def _rerolls(n: int) -> tuple[Reroll, ...]:
    """Every choice of dice to reroll among ``n`` (immutable: made once per n)."""
    return tuple(Reroll(tuple(c)) for k in range(n + 1) for c in itertools.combinations(range(n), k))


class Combat(_Base):
    """Attacks and Special Actions of LittleSoldiersState (the core)."""

    # ================================================================ targets
    def target_of(self, ident: str) -> Soldier | Threat:
        """A Little Soldier or a mission's Threat, by id."""
        return self.soldiers[ident] if ident in self.soldiers else self.mission_part.threats[ident]

    def defense(self, s: Soldier | Threat) -> int:
        """Base Defense minus 1 per Shield token, never below 0."""
        base = s.defense if isinstance(s, Threat) else self.chosen.defense[s.kind]
        return max(0, base - s.shields)

    def toughness(self, s: Soldier | Threat) -> int:
        return s.toughness if isinstance(s, Threat) else self.chosen.toughness[s.kind]

    def is_enemy(self, a: Soldier, b: Soldier) -> bool:
        """Opponents are decided by side (the General or team that owns a
        soldier), never by colour: free-for-all games share colours."""
        return a.side != b.side

    def sight(self, attacker: str, target: str):
        if target in self.mission_part.threats:
            return self.mission_part.threat_sight(attacker, target)
        a, t = self.soldiers[attacker], self.soldiers[target]
        return self.terrain.sight(a.spot, t.spot)

    def valid_targets(self, attacker: str) -> list[str]:
        """Enemies in play whose entire head the attacker sees, and the
        mission's Threats it may attack."""
        return self.valid_targets_of([attacker])[attacker]

    def valid_targets_of(self, attackers: list[str]) -> dict[str, list[str]]:
        """``valid_targets`` of several attackers, their sight lines asked
        in one batch (a General's Orders name every soldier's targets)."""
        pairs = []
        for ident in attackers:
            a = self.soldiers[ident]
            pairs += [(ident, e) for e in self.soldiers.values() if e.in_play and e.side != a.side]
        reports = self.terrain.sights([(self.soldiers[i].spot, e.spot) for i, e in pairs])
        out: dict[str, list[str]] = {i: [] for i in attackers}
        for (i, e), r in zip(pairs, reports, strict=True):
            if r.valid:
                out[i].append(e.id)
        for i in attackers:
            out[i] += self.mission_part.valid_threat_targets(i)
        return out

    def enemies_in_play(self, g: int) -> list[str]:
        """Enemy soldiers in play, and the mission's Threats still in play."""
        side = self._side(g)
        return [s.id for s in self.soldiers.values() if s.in_play and s.side != side] + \
            [t.id for t in self.mission_part.threats.values() if t.in_play]

    def reroll_allowance(self, attacker: str, target: str) -> tuple[int, dict[str, Any]]:
        """Rerolls for this Attack and why: 1, +1 within red Range, and what
        the parts add (Levels: +1 from higher; Objects: -1 per switch showing);
        never below 0."""
        a = self.soldiers[attacker]
        t = self.target_of(target)
        if isinstance(t, Threat):  # distance to the Target symbol
            dist = self.terrain.point_distance(t.target, a.spot)
        else:
            dist = self.terrain.figure_distance(a.spot, t.spot)
        red = dist <= self.chosen.red_length
        why: dict[str, Any] = {"distance_cm": round(dist, 2), "red_range": red, "higher_level": False, "switches": 0}
        n = R.BASE_REROLLS + (R.RED_RANGE_REROLLS if red else 0)
        for p in self.hooks["reroll_bonus"]:
            n += p.reroll_bonus(a, t, why)
        return max(0, n), why

    def explain_target(self, attacker: str, target: str) -> dict[str, Any]:
        """Whether ``target`` is valid for ``attacker`` and why, with the rays'
        count, the range and the rerolls it would get."""
        sight = self.sight(attacker, target)
        rerolls, why = self.reroll_allowance(attacker, target)
        blocked = self.mission_part.target_closed(target)
        if blocked:
            why = {**why, **blocked}
        return {"valid": sight.valid and not blocked, "sight": sight.describe(),
                "visible_fraction": sight.visible_fraction, "blockers": list(sight.blockers), "rerolls": rerolls,
                **why}

    # ================================================================ attacks
    def start_attack(self, a: Soldier, t: Soldier | Threat, risky: bool) -> None:
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
        self.phase = Phase.ROLL
        for p in self.hooks["before_roll"]:
            if p.before_roll():
                return

    def _on_roll(self, action: Roll) -> None:
        a = self.attack
        for i, f in zip(a.pending, action.faces, strict=True):
            a.faces[i] = f
        self.show_roll("attack", a.faces, a.pending, a.risky)
        self.log(f"Dice: {', '.join(a.faces)}.")
        a.pending = ()
        if a.rerolls > 0:
            self.phase = Phase.REROLL
        else:
            self._resolve_attack()

    def _on_reroll(self, action: Reroll) -> None:
        a = self.attack
        if not action.dice:
            self._resolve_attack()
            return
        a.rerolls -= 1
        a.pending = tuple(action.dice)
        self.phase = Phase.ROLL

    def _reroll_actions(self) -> list[Reroll]:
        return list(_rerolls(len(self.attack.faces)))

    def _resolve_attack(self) -> None:
        a = self.attack
        attacker, target = self.soldiers[a.attacker], self.target_of(a.target)
        faces = [f for f in a.faces if f is not None]
        a.hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
        a.lightning = faces.count("lightning") if self.is_super(attacker) else 0
        self.hit(target, a.hits, f"{attacker.id}'s Attack")
        a.hit_targets.append(target.id)
        if a.risky:
            sniper_face = a.faces[a.dice]
            if sniper_face == "shield" and attacker.in_play:
                attacker.shields += R.SNIPER_SHIELD_FACE_SHIELDS
                self.log(f"The Sniper die shows a shield: {attacker.id} adds {R.SNIPER_SHIELD_FACE_SHIELDS} "
                         "Shield tokens to its card.")
            elif sniper_face == "heart" and attacker.in_play:
                self.log(f"The Sniper die shows a heart: {attacker.id} adds {R.SNIPER_HEART_FACE_HEARTS} Heart "
                         "token to its card.")
                self.add_hearts(attacker, R.SNIPER_HEART_FACE_HEARTS)
        if self.round_over_now:
            self.end_round_now()
            return
        if a.lightning and attacker.in_play:
            for p in self.hooks["on_lightning"]:
                if p.on_lightning(attacker, target):
                    return
        self.action_done()

    def hit(self, target: Soldier | Threat, hits: int, source: str) -> None:
        """An attack of ``hits`` hits: one Heart per hit above the Defense."""
        defense = self.defense(target)
        damage = max(0, hits - defense)
        if damage == 0:
            self.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {defense}: the attack misses.")
            return
        self.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {defense}: {damage} Heart token(s).")
        self.add_hearts(target, damage)

    def add_hearts(self, s: Soldier | Threat, n: int) -> None:
        s.hearts += n
        if s.hearts >= self.toughness(s):
            if isinstance(s, Threat):
                self.mission_part.break_threat(s)
            else:
                self.break_soldier(s)

    def break_soldier(self, s: Soldier) -> None:
        """Broken: back to its card in the HQ, its Order tokens to the Chest's
        bottom (or the card, as the mission says), its tokens to the Reserve;
        then what the mission does with a break (the Flag, Candy, ...)."""
        gen = self.general_of(s)
        for p in self.hooks["before_break"]:
            p.before_break(s)
        if self.mission_part.orders_back_to_card():
            gen.tokens += s.orders
        else:
            gen.bottom += s.orders
        if s.spot is not None:
            self.breaks += (Break(s.id, s.team, s.spot),)
        s.orders = 0
        s.hearts = 0
        s.shields = 0
        s.spot = None
        self.mission_part.on_break(s)

    # ================================================================ special actions
    def _scout_actions(self) -> list[Shields]:
        enemies = self.enemies_in_play(self.current)
        return [Shields(c) for c in itertools.combinations_with_replacement(enemies, R.SCOUT_SHIELDS)]

    def place_shields(self, action: Shields, who: str) -> None:
        for t in action.targets:
            self.target_of(t).shields += 1
        counts: dict[str, int] = {}
        for t in action.targets:  # "Shield tokens on yellow-sniper, yellow-sniper" read as a list of ids
            counts[t] = counts.get(t, 0) + 1
        total = len(action.targets)
        tokens = f"{total} Shield token{'s' * (total != 1)}"
        if not counts:
            self.log(f"{who}: no Shield tokens placed.")
        elif len(counts) == 1:
            self.log(f"{who}: {tokens} on {action.targets[0]}.")
        else:
            self.log(f"{who}: {tokens}, " + " and ".join(f"{n} on {t}" for t, n in counts.items()) + ".")

    def _on_scout(self, action: Shields) -> None:
        self.place_shields(action, "Scout")
        self.action_done()

    def _check_throw(self, seat: int, action: Any) -> str | None:
        if not isinstance(action, Throw):
            what = "Mortar Shot" if self.shot.kind == "mortar" else "Grenade"
            return f"Aim the {what}: a direction in degrees and a strength from 0 to 1."
        if not finite(action.direction, action.strength):
            return "Direction and strength must be numbers."
        if not 0.0 <= action.strength <= 1.0:
            return "The strength is between 0 and 1."
        if action.practice and self.practice_left[seat] <= 0:
            return "You have used your practice shot this game."
        return None

    def shot_start(self, thrower: str, kind: str, direction: float) -> tuple[float, float, float]:
        """Grenade: on a green Move token in contact with the Grenadier, in the
        throw's direction. Mortar: the catapult on the Play Zone's edge
        closest to the Operator (or the mission's HQ catapult)."""
        if self.shot is not None and self.shot.hq is not None:
            return self.mission_part.hq_catapult(self.shot.hq)
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
        self.phase = Phase.LANDING

    def shot_faces(self, kind: str) -> tuple[str, ...]:
        return self.chosen.grenade_die_faces if kind == "grenade" else tuple(self.chosen.mortar_token_sides)

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
            self.phase = Phase.THROW
            return
        for p in self.hooks["on_landing"]:
            if p.on_landing():
                return
        self.explode()

    def explode(self) -> None:
        shot = self.shot
        land = shot.landing
        point = (land.x, land.y, land.z)
        thrower = self.soldiers[shot.thrower]
        cord = self.chosen.yellow_length
        in_range: list[tuple[Any, float]] = []
        for s in self.soldiers.values():
            if s.in_play:
                d = self.terrain.point_distance(point, s.spot)
                if d <= cord:
                    in_range.append((s, d))
        in_range += self.mission_part.threats_in_blast(point, cord)
        self.measured = {"shot": shot.kind, "landing": list(point), "face": land.face,
                         "in_range": {s.id: round(d, 2) for s, d in in_range}, "range_cm": cord}
        if shot.kind == "grenade":
            value = self.chosen.grenade_face_values[land.face]
            if land.face == "boom":
                self.log(f"Boom! Only {thrower.id} is hit, by an attack of {value}.")
                if thrower.in_play:
                    self.hit(thrower, value, "The grenade")
            else:
                names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
                self.log(f"The grenade explodes for {value}: within yellow range: {names}.")
                for s, _ in in_range:
                    if s.in_play:
                        self.hit(s, value, "The grenade")
        else:
            hearts = self.chosen.mortar_token_sides[land.face]
            names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
            self.log(f"The mortar hits for {hearts} Heart(s): within range: {names}.")
            for s, _ in in_range:
                if s.in_play:
                    self.add_hearts(s, hearts)
        self.shot = None
        if self.round_over_now:
            self.end_round_now()
            return
        self.action_done()


def finite(*values: Any) -> bool:
    """Every value a real, finite number (not a bool)."""
    for v in values:
        t = type(v)
        if t is not float and t is not int and (not isinstance(v, (int, float)) or isinstance(v, bool)):
            return False
        if not math.isfinite(v):
            return False
    return True
