"""The core's Attack and Special Action rules: targets, dice, hits, breaks, throws.

Functions of a state (``LittleSoldiersState``), kept apart from the rounds
and turns so each module stays readable. They know the Bootcamp's Attack and
the four Special Actions; a part changes them only through its hooks
(``reroll_bonus``, ``before_roll``, ``on_lightning``, ``on_landing``, the
mission's ``on_break``) and a mission's own targets (``Mission.targets``).
What follows an Attack or a throw is the continuation: these functions add
frames (``state.then``) or open steps, and the core runs what is pending.
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import data as D
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Landing, Reroll, Roll, Shields, Throw
from engine.little_soldiers.flow import EXPLODE, LIGHTNING, Frame, frame, open_frame
from engine.little_soldiers.phases import LANDING, REROLL, ROLL, THROW
from engine.little_soldiers.pieces import AttackDice, Break, LastRoll, LastThrow, Shot, Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.part import Target
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import SightReport


def finite(*values: Any) -> bool:
    """Every value a real, finite number (not a bool)."""
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values)


TABLE_REACH_CM = 2000.0
"""A place an action names lies within this many cm of the table's origin (the
battlefield loader's own bound on coordinates: no table reaches past it)."""
TURNS_DEGREES = 3600.0
"""A direction an action names lies within ten turns either way (the loader's
bound on a piece's rotation); the app and bots give -360 to 360."""


def on_table(*values: Any) -> bool:
    """Finite coordinates within :data:`TABLE_REACH_CM` of the origin: a forged
    1e308 is refused with a sentence, not carried into the geometry (an empty
    edge point, a 309-digit distance in the refusal)."""
    return finite(*values) and all(abs(v) <= TABLE_REACH_CM for v in values)


def a_direction(value: Any) -> bool:
    """A finite number of degrees within :data:`TURNS_DEGREES` either way."""
    return finite(value) and abs(value) <= TURNS_DEGREES


@functools.cache
def _rerolls(n: int) -> tuple[Reroll, ...]:
    """Every choice of dice to reroll among ``n`` (immutable: made once per n)."""
    return tuple(Reroll(tuple(c)) for k in range(n + 1) for c in itertools.combinations(range(n), k))


# ================================================================ targets
def target_of(st: LittleSoldiersState, ident: str) -> Soldier | Target:
    """A Little Soldier or one of the mission's other targets, by id."""
    s = st.soldiers.get(ident)
    return s if s is not None else st.rules.mission.targets(st)[ident]


def defense(st: LittleSoldiersState, t: Soldier | Target) -> int:
    """Base Defense minus 1 per Shield token, never below 0."""
    base = st.chosen.defense[t.kind] if isinstance(t, Soldier) else t.defense
    return max(0, base - t.shields)


def toughness(st: LittleSoldiersState, t: Soldier | Target) -> int:
    return st.chosen.toughness[t.kind] if isinstance(t, Soldier) else t.toughness


def sight(st: LittleSoldiersState, attacker: str, target: str) -> SightReport:
    t = st.soldiers.get(target)
    if t is None:
        return st.rules.mission.target_sight(st, attacker, target)
    a = st.soldiers[attacker]
    assert a.spot is not None and t.spot is not None
    return st.terrain.sight(a.spot, t.spot)


def valid_targets_of(st: LittleSoldiersState, attackers: list[str]) -> dict[str, list[str]]:
    """Enemies in play whose entire head each attacker sees, and the mission's
    targets it may attack; the sight lines asked in one batch (a General's
    Orders name every soldier's targets)."""
    pairs = []
    for ident in attackers:
        a = st.soldiers[ident]
        pairs += [(ident, e) for e in st.soldiers.values() if e.in_play and e.side != a.side]
    reports = st.terrain.sights([(_spot(st.soldiers[i]), _spot(e)) for i, e in pairs])
    out: dict[str, list[str]] = {i: [] for i in attackers}
    for (i, e), r in zip(pairs, reports, strict=True):
        if r.valid:
            out[i].append(e.id)
    mission = st.rules.mission
    for i in attackers:
        out[i] += mission.valid_targets(st, i)
    return out


def enemies_in_play(st: LittleSoldiersState, g: int) -> list[str]:
    """Enemy soldiers in play, and the mission's targets still in play."""
    side = st.side_of_general(g)
    return [s.id for s in st.soldiers.values() if s.in_play and s.side != side] + \
        [t.id for t in st.rules.mission.targets(st).values() if t.in_play]


def reroll_allowance(st: LittleSoldiersState, attacker: str, target: str) -> tuple[int, dict[str, Any]]:
    """Rerolls for this Attack and why: 1, +1 within red Range, and what the
    parts add (a higher Level, switches showing); never below 0."""
    a = st.soldiers[attacker]
    t = target_of(st, target)
    if isinstance(t, Soldier):
        dist = st.terrain.figure_distance(_spot(a), _spot(t))
    else:  # distance to the target's point (a Threat's Target symbol)
        dist = st.terrain.point_distance(t.point, _spot(a))
    red = dist <= st.chosen.red_length
    why: dict[str, Any] = {"distance_cm": round(dist, 2), "red_range": red, "higher_level": False, "switches": 0}
    n = R.BASE_REROLLS + (R.RED_RANGE_REROLLS if red else 0)
    for p in st.rules.hooks["reroll_bonus"]:
        n += p.reroll_bonus(st, a, t, why)
    return max(0, n), why


def explain_target(st: LittleSoldiersState, attacker: str, target: str) -> dict[str, Any]:
    """Whether ``target`` is valid for ``attacker`` and why, with the rays'
    count, the range and the rerolls it would get."""
    seen = sight(st, attacker, target)
    rerolls, why = reroll_allowance(st, attacker, target)
    blocked = st.rules.mission.target_closed(st, target)
    if blocked:
        why = {**why, **blocked}
    return {"valid": seen.valid and not blocked, "sight": seen.describe(), "visible_fraction": seen.visible_fraction,
            "blockers": list(seen.blockers), "rerolls": rerolls, **why}


def _spot(s: Soldier) -> Any:
    assert s.spot is not None, f"{s.id} is not in play"
    return s.spot


# ================================================================ attacks
def start_attack(st: LittleSoldiersState, attacker: str, target: str, risky: bool) -> None:
    """The ATTACK frame: the Attack is declared and measured, then the parts
    may hold it (a Reaction window) before the dice are rolled."""
    a = st.soldiers[attacker]
    seen = sight(st, attacker, target)
    rerolls, why = reroll_allowance(st, attacker, target)
    n = R.ATTACK_DICE + (1 if risky else 0)
    st.attack = AttackDice(attacker, target, risky, [None] * n, rerolls, tuple(range(n)))
    st.measured = {"attack": attacker, "target": target, "sight": seen.describe(),
                   "visible_fraction": seen.visible_fraction, **why, "rerolls": rerolls}
    bits = [f"{why['distance_cm']:.1f} cm apart"]
    if why["red_range"]:
        bits.append("within red Range: +1 reroll")
    if why["higher_level"]:
        bits.append("from a higher Level: +1 reroll")
    if why["switches"]:
        bits.append(f"{why['switches']} switch(es) showing: -{why['switches']}")
    st.log(f"{a.id} {'takes a Risky Shot at' if risky else 'attacks'} {target}: {seen.describe()}; "
           f"{', '.join(bits)}; {rerolls} reroll{'s' * (rerolls != 1)}.")
    st.then(*st.hook_frames("before_roll"), open_frame(ROLL))


def roll_tables(st: LittleSoldiersState, a: AttackDice) -> list[tuple[str, ...]]:
    """The faces of each die being rolled now (the Sniper die after the Attack dice)."""
    return [st.chosen.sniper_die_faces if (a.risky and i == a.dice) else st.chosen.attack_die_faces for i in a.pending]


def on_roll(st: LittleSoldiersState, action: Roll) -> None:
    a = st.current_attack()
    for i, f in zip(a.pending, action.faces, strict=True):
        a.faces[i] = f
    show_roll(st, "attack", a.faces, a.pending, a.risky)
    st.log(f"Dice: {', '.join(str(f) for f in a.faces)}.")
    a.pending = ()
    if a.rerolls > 0:
        st.open(REROLL)
    else:
        resolve_attack(st)


def on_reroll(st: LittleSoldiersState, action: Reroll) -> None:
    a = st.current_attack()
    if not action.dice:
        resolve_attack(st)
        return
    a.rerolls -= 1
    a.pending = tuple(action.dice)
    st.open(ROLL)


def reroll_actions(st: LittleSoldiersState) -> list[Reroll]:
    return list(_rerolls(len(st.current_attack().faces)))


def resolve_attack(st: LittleSoldiersState) -> None:
    """Hits, then the Sniper die's own faces; the lightning (for the parts
    that count it) comes next, unless a Wipeout cut the round."""
    a = st.current_attack()
    attacker, target = st.soldiers[a.attacker], target_of(st, a.target)
    faces = [f for f in a.faces if f is not None]
    a.hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
    a.lightning = faces.count("lightning") if st.lightning_counts(attacker) else 0
    if a.lightning:
        st.then(frame(LIGHTNING, attacker.id, target.id))  # before the hits: a Wipeout replaces it
    hit(st, target, a.hits, f"{attacker.id}'s Attack")
    a.hit_targets.append(target.id)
    if a.risky:
        sniper_face = a.faces[a.dice]
        if sniper_face == "shield" and attacker.in_play:
            attacker.shields += R.SNIPER_SHIELD_FACE_SHIELDS
            st.log(f"The Sniper die shows a shield: {attacker.id} adds {R.SNIPER_SHIELD_FACE_SHIELDS} "
                   "Shield tokens to its card.")
        elif sniper_face == "heart" and attacker.in_play:
            st.log(f"The Sniper die shows a heart: {attacker.id} adds {R.SNIPER_HEART_FACE_HEARTS} Heart "
                   "token to its card.")
            add_hearts(st, attacker, R.SNIPER_HEART_FACE_HEARTS)


def lightning(st: LittleSoldiersState, attacker: str, target: str) -> None:
    """The LIGHTNING frame: the parts that count lightning (Super Soldier)."""
    a = st.soldiers[attacker]
    if a.in_play:
        st.then(*st.hook_frames("on_lightning", attacker, target))


def hit(st: LittleSoldiersState, target: Soldier | Target, hits: int, source: str) -> None:
    """An attack of ``hits`` hits: one Heart per hit above the Defense."""
    d = defense(st, target)
    damage = max(0, hits - d)
    if damage == 0:
        st.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {d}: the attack misses.")
        return
    st.log(f"{source}: {hits} hit(s) against {target.id}'s Defense {d}: {damage} Heart token(s).")
    add_hearts(st, target, damage)


def add_hearts(st: LittleSoldiersState, s: Soldier | Target, n: int) -> None:
    s.hearts += n
    if s.hearts >= toughness(st, s):
        if isinstance(s, Soldier):
            break_soldier(st, s)
        else:
            st.rules.mission.break_target(st, s)


def break_soldier(st: LittleSoldiersState, s: Soldier) -> None:
    """Broken: back to its card in the HQ, its Order tokens to the Chest's
    bottom (or the card, as the mission says), its tokens to the Reserve;
    then what the mission does with a break (the Flag, Candy, ...)."""
    gen = st.generals[s.general]
    for p in st.rules.hooks["before_break"]:
        p.before_break(st, s)
    mission = st.rules.mission
    if mission.orders_back_to_card():
        gen.tokens += s.orders
    else:
        gen.bottom += s.orders
    if s.spot is not None:
        st.breaks += (Break(s.id, s.team, s.spot),)
    s.orders = 0
    s.hearts = 0
    s.shields = 0
    s.spot = None
    mission.on_break(st, s)


# ================================================================ special actions
def scout_actions(st: LittleSoldiersState) -> list[Shields]:
    enemies = enemies_in_play(st, st.current)
    return [Shields(c) for c in itertools.combinations_with_replacement(enemies, R.SCOUT_SHIELDS)]


def place_shields(st: LittleSoldiersState, action: Shields, who: str) -> None:
    for t in action.targets:
        target_of(st, t).shields += 1
    counts: dict[str, int] = {}
    for t in action.targets:  # "Shield tokens on yellow-sniper, yellow-sniper" read as a list of ids
        counts[t] = counts.get(t, 0) + 1
    total = len(action.targets)
    tokens = f"{total} Shield token{'s' * (total != 1)}"
    if not counts:
        st.log(f"{who}: no Shield tokens placed.")
    elif len(counts) == 1:
        st.log(f"{who}: {tokens} on {action.targets[0]}.")
    else:
        st.log(f"{who}: {tokens}, " + " and ".join(f"{n} on {t}" for t, n in counts.items()) + ".")


def on_scout(st: LittleSoldiersState, action: Shields) -> None:
    place_shields(st, action, "Scout")


def check_throw(st: LittleSoldiersState, seat: int, action: Any) -> str | None:
    shot = st.current_shot()
    if not isinstance(action, Throw):
        what = "Mortar Shot" if shot.kind == "mortar" else "Grenade"
        return f"Aim the {what}: a direction in degrees and a strength from 0 to 1."
    if not finite(action.direction, action.strength):
        return "Direction and strength must be numbers."
    if not a_direction(action.direction):
        return f"The direction is a number of degrees within {TURNS_DEGREES:g} either way."
    if not 0.0 <= action.strength <= 1.0:
        return "The strength is between 0 and 1."
    if action.practice and st.practice_left[seat] <= 0:
        return "You have used your practice shot this game."
    return None


def shot_start(st: LittleSoldiersState, thrower: str, kind: str, direction: float) -> tuple[float, float, float]:
    """Grenade: on a green Move token in contact with the Grenadier, in the
    throw's direction. Mortar: the catapult on the Play Zone's edge closest
    to the Operator (or the shot's own catapult, ``Shot.origin``)."""
    if st.shot is not None and st.shot.origin is not None:
        return st.shot.origin
    s = st.soldiers[thrower]
    spot = _spot(s)
    z = st.terrain.z(spot.surface)
    if kind == "mortar":
        x, y = st.terrain.edge_point(spot.xy)
        return (x, y, 0.0)
    a = math.radians(direction)
    d = st.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
    return (spot.x + d * math.cos(a), spot.y + d * math.sin(a), z)


def on_throw(st: LittleSoldiersState, action: Throw) -> None:
    shot = st.current_shot()
    start = shot_start(st, shot.thrower, shot.kind, action.direction)
    st.shot = Shot(shot.kind, shot.thrower, start, float(action.direction), float(action.strength),
                   bool(action.practice), origin=shot.origin)
    if action.practice:
        st.practice_left[st.generals[st.current].seat] -= 1
    where = "from the catapult" if shot.kind == "mortar" else "from the Move token"
    st.log(f"{shot.thrower} {'takes a practice shot' if action.practice else 'fires'} {where} at "
           f"({start[0]:.1f}, {start[1]:.1f}), {action.direction:.0f} degrees, strength {action.strength:.2f}.")
    st.open(LANDING)


def shot_faces(st: LittleSoldiersState, kind: str) -> tuple[str, ...]:
    return st.chosen.grenade_die_faces if kind == "grenade" else tuple(st.chosen.mortar_token_sides)


def show_roll(st: LittleSoldiersState, who: str, faces: Any, rolled: tuple[int, ...], risky: bool = False) -> None:
    """Remember the dice on the table after a roll, for views (the app tumbles them)."""
    st.last_roll = LastRoll(st.last_roll.serial + 1 if st.last_roll else 1, who, tuple(str(f) for f in faces),
                            tuple(rolled), risky)


def show_throw(st: LittleSoldiersState, kind: str, start: Any, direction: float, strength: float,
               landing: Landing) -> None:
    """Remember the last throw with its seed, so its flight can be redrawn."""
    st.last_throw = LastThrow(st.last_throw.serial + 1 if st.last_throw else 1, kind,
                              tuple(float(v) for v in start), float(direction), float(strength), landing)


def on_landing(st: LittleSoldiersState, action: Landing) -> None:
    shot = st.current_shot()
    show_throw(st, shot.kind, shot.start, shot.direction, shot.strength, action)
    st.shot = Shot(shot.kind, shot.thrower, shot.start, shot.direction, shot.strength, shot.practice, action,
                   shot.origin)
    what = "Grenade die" if shot.kind == "grenade" else "Mortar token"
    st.log(f"The {what} lands at ({action.x:.1f}, {action.y:.1f}) showing {action.face}.")
    if shot.practice:
        st.log("Just practice: the result is ignored. Now for real.")
        st.shot = Shot(shot.kind, shot.thrower, origin=shot.origin)
        st.open(THROW)
        return
    st.then(*st.hook_frames("on_landing"), Frame(EXPLODE))


def explode(st: LittleSoldiersState) -> None:
    """The EXPLODE frame: everyone within the yellow cord of the landing."""
    shot = st.current_shot()
    land = shot.landing
    assert land is not None
    point = (land.x, land.y, land.z)
    thrower = st.soldiers[shot.thrower]
    cord = st.chosen.yellow_length
    in_range: list[tuple[Soldier | Target, float]] = []
    for soldier in st.soldiers.values():
        if soldier.spot is not None:
            d = st.terrain.point_distance(point, soldier.spot)
            if d <= cord:
                in_range.append((soldier, d))
    in_range += st.rules.mission.targets_in_blast(st, point, cord)
    st.measured = {"shot": shot.kind, "landing": list(point), "face": land.face,
                   "in_range": {s.id: round(d, 2) for s, d in in_range}, "range_cm": cord}
    if shot.kind == "grenade":
        value = st.chosen.grenade_face_values[land.face]
        if land.face == "boom":
            st.log(f"Boom! Only {thrower.id} is hit, by an attack of {value}.")
            if thrower.in_play:
                hit(st, thrower, value, "The grenade")
        else:
            names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
            st.log(f"The grenade explodes for {value}: within yellow range: {names}.")
            for t, _ in in_range:
                if t.in_play:
                    hit(st, t, value, "The grenade")
    else:
        hearts = st.chosen.mortar_token_sides[land.face]
        names = ", ".join(f"{s.id} ({d:.1f} cm)" for s, d in in_range) or "nobody"
        st.log(f"The mortar hits for {hearts} Heart(s): within range: {names}.")
        for t, _ in in_range:
            if t.in_play:
                add_hearts(st, t, hearts)
    st.shot = None
