"""The "Objects" module: Teleporters, Radar, Transmogrifier, Marshmallow, Switch.

At the end of a Move a soldier in contact with an Object may activate it,
unless an opponent's soldier (by side) touches it too. A thrown die or
token that touches a Teleporter may be teleported before it explodes. Each
switch showing costs every Attack a reroll.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Activate, Jump, Landing, Redirect, Shields, Swap, Teleport
from engine.little_soldiers.combat import TABLE_REACH_CM, TURNS_DEGREES, a_direction, finite, on_table, place_shields
from engine.little_soldiers.movement import moved
from engine.little_soldiers.part import Part, Target
from engine.little_soldiers.phases import CONTINUOUS, PhaseSpec
from engine.little_soldiers.pieces import Shot, Soldier
from engine.little_soldiers.terrain import Spot

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

OBJECT = PhaseSpec("object")
TELEPORT = PhaseSpec("teleport", CONTINUOUS)
RADAR = PhaseSpec("radar")
SWAP = PhaseSpec("swap")
JUMP = PhaseSpec("jump", CONTINUOUS)
REDIRECT = PhaseSpec("redirect")

HELP = {
    OBJECT: "activate an Object your soldier touches, or not.",
    RADAR: "place up to two Shield tokens on your opponents' Little Soldiers.",
    SWAP: "choose two Little Soldiers in play to swap.",
    REDIRECT: "teleport the shot to another Teleporter, or let it explode.",
    TELEPORT: "choose the Teleporter to arrive at, or stay.",
    JUMP: "choose the direction of the Marshmallow's bounce.",
}

TELEPORT_ROOM = 15.0
"""cm from a Teleporter within which bots look for room to arrive (chosen)."""


@dataclass
class ObjectState:
    """The Objects' slice: the switches' sides, and the Object being used."""

    switches: dict[str, bool] = field(default_factory=dict)
    """Switch id -> showing its switch side (each showing costs a reroll)."""
    user: str | None = None
    """The soldier whose Move ended touching Objects (while one may be used)."""
    choices: tuple[str, ...] = ()
    active: str | None = None
    """The Object activated now."""

    def copy(self) -> ObjectState:
        return ObjectState(dict(self.switches), self.user, self.choices, self.active)


class Objects(Part[ObjectState]):
    key: ClassVar[str] = "objects"
    title: ClassVar[str] = "Objects"
    listing: ClassVar[int] = 3
    phases: ClassVar[tuple[PhaseSpec, ...]] = tuple(HELP)
    actions: ClassVar[tuple[type, ...]] = (Activate, Teleport, Redirect, Swap, Jump, Shields)
    table_objects: ClassVar[bool] = True
    readings: ClassVar[tuple[str, ...]] = (
        "Objects, Transmogrifier: it swaps \"any 2 Little Soldiers ... in play\", so it is offered only while "
        "two are in play; with fewer there is nothing to swap and it cannot be activated.",
        "Objects: \"an opponent's Little Soldier also in contact\" is decided by side (the General or team that "
        "owns the soldier), never by colour.",
    )

    # ---------------------------------------------------------------- the slice
    def setup(self, st: LittleSoldiersState) -> ObjectState:
        return ObjectState({o.id: True for o in st.terrain.objects if o.kind == "switch"})

    def copy(self, data: ObjectState) -> ObjectState:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: ObjectState, out: dict[str, Any]) -> None:
        out.update({"switches": dict(data.switches), "object_user": data.user, "object_choices": list(data.choices),
                    "object_active": data.active})

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> ObjectState:
        return ObjectState({str(k): bool(v) for k, v in data.get("switches", {}).items()}, data.get("object_user"),
                           tuple(data.get("object_choices", ())), data.get("object_active"))

    # ---------------------------------------------------------------- questions
    def switches_showing(self, st: LittleSoldiersState) -> int:
        return sum(1 for on in self.data(st).switches.values() if on) if R.SWITCH_SIDE_COUNTS else 0

    def teleporters(self, st: LittleSoldiersState) -> list[str]:
        return [o.id for o in st.terrain.objects if o.kind == "teleporter"]

    def reroll_bonus(self, st: LittleSoldiersState, attacker: Soldier, target: Soldier | Target,
                     why: dict[str, Any]) -> int:
        n = self.switches_showing(st)
        why["switches"] = n
        return -n

    def touched_objects(self, st: LittleSoldiersState, s: Soldier) -> tuple[str, ...]:
        """Objects the soldier touches that no opponent also touches, and that
        can do something now (a Transmogrifier needs two soldiers in play)."""
        terrain = st.terrain
        assert s.spot is not None
        enemies = [e.spot for e in st.soldiers.values() if e.spot is not None and st.is_enemy(s, e)]
        in_play = sum(1 for o in st.soldiers.values() if o.in_play)
        out = []
        for obj in terrain.objects:
            if not terrain.touches(s.spot, obj):
                continue
            if any(terrain.touches(e, obj) for e in enemies):
                continue
            if obj.kind == "transmogrifier" and in_play < 2:
                continue
            out.append(obj.id)
        return tuple(out)

    # ---------------------------------------------------------------- hooks
    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        choices = self.touched_objects(st, soldier)
        if choices:
            data = self.data(st)
            data.user = soldier.id
            data.choices = choices
            st.open(OBJECT)

    def on_landing(self, st: LittleSoldiersState) -> None:
        landing = st.current_shot().landing
        if landing is not None and landing.teleporters:
            st.open(REDIRECT)

    def check_landing(self, st: LittleSoldiersState, landing: Landing) -> str | None:
        """A Teleporter the landing names is one of this battlefield's, and
        one the throw could reach on its way (a record is a claim: a weak
        throw does not touch a Teleporter across the table)."""
        from shapely.geometry import Point

        from engine.little_soldiers import data as D
        from engine.little_soldiers.table.landings import touch_problem

        known = {o.id: o for o in st.terrain.objects if o.kind == "teleporter"}
        shot = st.current_shot()
        for t in landing.teleporters:
            obj = known.get(t)
            if obj is None:
                return f"{t!r} is not a Teleporter."
            where = Point(obj.at).buffer(D.TOKEN_RADIUS) if obj.piece is None else st.terrain.bf.solid(obj.piece).footprint
            problem = touch_problem(st.terrain, shot.kind, shot.start, shot.strength, t, where)
            if problem is not None:
                return problem
        return None

    def done(self, st: LittleSoldiersState) -> None:
        """The Object's effect is over: the Move's end goes on."""
        data = self.data(st)
        data.user = None
        data.choices = ()
        data.active = None

    # ---------------------------------------------------------------- steps
    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        phase = st.phase
        if phase is OBJECT:
            return [Activate(o) for o in self.data(st).choices] + [Activate(None)]
        if phase is RADAR:
            enemies = st.enemies_in_play(st.current)
            return [Shields(c) for k in range(R.RADAR_SHIELDS + 1)
                    for c in itertools.combinations_with_replacement(enemies, k)]
        if phase is SWAP:
            ids = [s.id for s in st.soldiers.values() if s.in_play]
            return [Swap(a, b) for a, b in itertools.combinations(ids, 2)]
        if phase is REDIRECT:
            landing = st.current_shot().landing
            touched = set(landing.teleporters if landing is not None else ())
            return [Redirect(t) for t in self.teleporters(st) if t not in touched] + [Redirect(None)]
        return []

    def check(self, st: LittleSoldiersState, seat: int, action: Any) -> str | None:
        phase = st.phase
        if phase is TELEPORT:
            return self.check_teleport(st, action)
        if phase is JUMP:  # activated, the Marshmallow must bounce ("You must move as far as ...")
            if not isinstance(action, Jump):
                return "Choose the direction of the Marshmallow's bounce."
            if not a_direction(action.direction):
                return f"The direction must be a number of degrees within {TURNS_DEGREES:g} either way."
            return None
        return super().check(st, seat, action)

    def help(self, st: LittleSoldiersState) -> str:
        return HELP[st.phase]

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        phase = st.phase
        data = self.data(st)
        if isinstance(action, Activate):
            if action.obj is None or phase is not OBJECT:
                if phase is OBJECT:
                    st.log("No Object is activated.")
                self.done(st)
                return
            self.activate(st, action.obj)
        elif isinstance(action, Teleport):
            s = st.soldiers[data.user or ""]
            s.spot = self.arrival_spot(st, action)
            st.log(f"{s.id} teleports to {action.dest} at ({s.spot.x:.1f}, {s.spot.y:.1f}); the Move ends.")
            self.done(st)
        elif isinstance(action, Shields):
            place_shields(st, action, "Radar")
            self.done(st)
        elif isinstance(action, Swap):
            a, b = st.soldiers[action.first], st.soldiers[action.second]
            a.spot, b.spot = b.spot, a.spot
            st.log(f"Zap! {a.id} and {b.id} swap places (with their Order tokens).")
            self.done(st)
        elif isinstance(action, Jump):
            self.jump(st, action)
        elif isinstance(action, Redirect):
            self.redirect(st, action)

    def activate(self, st: LittleSoldiersState, ident: str) -> None:
        data = self.data(st)
        obj = st.terrain.object(ident)
        data.active = obj.id
        st.log(f"{data.user} activates the {obj.kind} {obj.id}.")
        kind = obj.kind
        if kind == "teleporter":
            st.open(TELEPORT)
        elif kind == "radar":
            st.open(RADAR)
        elif kind == "transmogrifier":
            st.open(SWAP)
        elif kind == "marshmallow":
            st.open(JUMP)
        else:  # switch
            data.switches[obj.id] = not data.switches.get(obj.id, True)
            side = "switch side" if data.switches[obj.id] else "other side"
            st.log(f"The switch {obj.id} is flipped to its {side}: {self.switches_showing(st)} switch(es) now "
                   "showing.")
            self.done(st)

    def check_teleport(self, st: LittleSoldiersState, action: Any) -> str | None:
        data = self.data(st)
        if isinstance(action, Activate) and action.obj is None:
            return None
        if not isinstance(action, Teleport):
            return "Choose the Teleporter to arrive at and where your soldier stands."
        if action.dest not in self.teleporters(st) or action.dest == data.active:
            return f"{action.dest} is not another Teleporter in play."
        if not finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        if not on_table(action.x, action.y):
            return f"The position lies off any table (each coordinate within {TABLE_REACH_CM:g} cm)."
        spot = self.arrival_spot(st, action)
        reason = st.terrain.placement_reason(spot, st.spots(exclude=data.user))
        if reason:
            return reason
        if not st.terrain.touches(spot, st.terrain.object(action.dest)):
            return f"Your soldier must stand in contact with {action.dest}."
        return None

    def arrival_spot(self, st: LittleSoldiersState, action: Teleport) -> Spot:
        surface = st.terrain.bf.surface_at(action.x, action.y) if st.rules.climbing else None
        return Spot(float(action.x), float(action.y), surface)

    def jump(self, st: LittleSoldiersState, action: Jump) -> None:
        data = self.data(st)
        s = st.soldiers[data.user or ""]
        assert s.spot is not None
        report = st.terrain.jump(s.spot, float(action.direction), st.chosen.yellow_length, st.spots(exclude=s.id))
        s.spot = report.end
        st.measured = {"jump": s.id, "path": [list(p) for p in report.path], "length_cm": round(report.length, 2)}
        where = f" onto {s.spot.surface}" if s.spot is not None and s.spot.surface else ""
        st.log(f"Boing! {s.id} bounces {report.length:.1f} cm in a straight line{where}.")
        moved(st, s)
        self.done(st)

    def redirect(self, st: LittleSoldiersState, action: Redirect) -> None:
        if action.dest is not None:
            x, y, z = st.terrain.object_spot(st.terrain.object(action.dest))
            shot = st.current_shot()
            face = shot.landing.face if shot.landing is not None else ""
            moved_to = Landing(x, y, z, face, (action.dest,))
            st.shot = Shot(shot.kind, shot.thrower, shot.start, shot.direction, shot.strength, False, moved_to,
                           shot.origin)
            st.log(f"The shot is teleported to {action.dest} just before it explodes.")
        # the EXPLODE frame is pending already: the landing's hooks came first

    # ---------------------------------------------------------------- bots
    def candidates(self, st: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any]:
        if st.phase is TELEPORT:
            return [*self.teleports(st, seat), Activate(None)]
        k = max(4, min(n, 12))
        start = rng.uniform(0, 360)
        return [Jump(round((start + 360 * i / k) % 360, 2)) for i in range(k)]

    def teleports(self, st: LittleSoldiersState, seat: int) -> list[Teleport]:
        """A legal arrival at each other Teleporter, where the base fits nearest it."""
        data = self.data(st)
        terrain = st.terrain
        out: list[Teleport] = []
        others = st.spots(exclude=data.user)
        for dest in self.teleporters(st):
            if dest == data.active:
                continue
            spot = terrain.nearest_fit(terrain.object(dest).at, None, others, limit=TELEPORT_ROOM)
            if spot is None:
                continue
            act = Teleport(dest, spot.x, spot.y)
            if st.check(seat, act) is None:
                out.append(act)
        return out

    def random_action(self, st: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
        """Teleport: uniform over the other Teleporters to arrive at (beside it,
        at the nearest fit) and declining; a Teleporter with no room is dropped
        and the draw made again. The Marshmallow: a direction uniform over [0, 360)."""
        if st.phase is JUMP:
            return Jump(round(rng.random() * 360.0, 2))
        data = self.data(st)
        terrain = st.terrain
        others = st.spots(exclude=data.user)
        pool: list[str | None] = [d for d in self.teleporters(st) if d != data.active] + [None]
        while pool:
            i = int(rng.random() * len(pool))
            dest = pool[i]
            act: Any = None
            if dest is None:
                act = Activate(None)
            else:
                spot = terrain.nearest_fit(terrain.object(dest).at, None, others, limit=TELEPORT_ROOM)
                act = Teleport(dest, spot.x, spot.y) if spot is not None else None
            if act is not None and st.check(seat, act) is None:
                return act
            pool[i] = pool[-1]
            pool.pop()
        return None

