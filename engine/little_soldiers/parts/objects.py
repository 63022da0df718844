"""The "Objects" module: Teleporters, Radar, Transmogrifier, Marshmallow, Switch.

At the end of a Move a soldier in contact with an Object may activate it,
unless an opponent's soldier (by side) touches it too. A thrown die or
token that touches a Teleporter may be teleported before it explodes. Each
switch showing costs every Attack a reroll.
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Activate, Jump, Landing, Redirect, Shields, Swap, Teleport
from engine.little_soldiers.combat import finite
from engine.little_soldiers.parts.base import Part
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.pieces import Shot, Soldier
from engine.little_soldiers.terrain import Spot

HELP = {
    Phase.OBJECT: "activate an Object your soldier touches, or not.",
    Phase.RADAR: "place up to two Shield tokens on your opponents' Little Soldiers.",
    Phase.SWAP: "choose two Little Soldiers in play to swap.",
    Phase.REDIRECT: "teleport the shot to another Teleporter, or let it explode.",
    Phase.TELEPORT: "choose the Teleporter to arrive at, or stay.",
    Phase.JUMP: "choose the direction of the Marshmallow's bounce.",
}


class Objects(Part):
    key: ClassVar[str] = "objects"
    title: ClassVar[str] = "Objects"
    phases: ClassVar[frozenset[Phase]] = frozenset(HELP)
    table_objects: ClassVar[bool] = True
    readings: ClassVar[tuple[str, ...]] = (
        "Objects, Transmogrifier: it swaps \"any 2 Little Soldiers ... in play\", so it is offered only while "
        "two are in play; with fewer there is nothing to swap and it cannot be activated.",
        "Objects: \"an opponent's Little Soldier also in contact\" is decided by side (the General or team that "
        "owns the soldier), never by colour.",
    )

    def setup(self) -> None:
        self.switches = {o.id: True for o in self.state.terrain.objects if o.kind == "switch"}
        self.user: str | None = None
        self.choices: tuple[str, ...] = ()
        self.active: str | None = None

    def copy_slice(self) -> None:
        self.switches = dict(self.switches)

    def to_dict(self) -> dict[str, Any]:
        return {"switches": dict(self.switches), "object_user": self.user, "object_choices": list(self.choices),
                "object_active": self.active}

    def load(self, data: dict[str, Any]) -> None:
        self.switches = {str(k): bool(v) for k, v in data.get("switches", {}).items()}
        self.user, self.active = data.get("object_user"), data.get("object_active")
        self.choices = tuple(data.get("object_choices", ()))

    # Older callers read these through the state.
    @property
    def obj_user(self) -> str | None:
        return self.user

    @property
    def obj_active(self) -> str | None:
        return self.active

    # ---------------------------------------------------------------- questions
    def switches_showing(self) -> int:
        return sum(1 for on in self.switches.values() if on) if R.SWITCH_SIDE_COUNTS else 0

    def teleporters(self) -> list[str]:
        return [o.id for o in self.state.terrain.objects if o.kind == "teleporter"]

    def reroll_bonus(self, attacker: Soldier, target: Any, why: dict[str, Any]) -> int:
        n = self.switches_showing()
        why["switches"] = n
        return -n

    def touched_objects(self, s: Soldier) -> tuple[str, ...]:
        """Objects the soldier touches that no opponent also touches, and that
        can do something now (a Transmogrifier needs two soldiers in play)."""
        st = self.state
        terrain = st.terrain
        enemies = [e for e in st.soldiers.values() if e.in_play and st.is_enemy(s, e)]
        in_play = sum(1 for o in st.soldiers.values() if o.in_play)
        out = []
        for obj in terrain.objects:
            if not terrain.touches(s.spot, obj):
                continue
            if any(terrain.touches(e.spot, obj) for e in enemies):
                continue
            if obj.kind == "transmogrifier" and in_play < 2:
                continue
            out.append(obj.id)
        return tuple(out)

    # ---------------------------------------------------------------- hooks
    def after_move(self, s: Soldier, path: list[tuple[float, float]]) -> bool:
        choices = self.touched_objects(s)
        if not choices:
            return False
        self.user = s.id
        self.choices = choices
        self.state.phase = Phase.OBJECT
        return True

    def on_landing(self) -> bool:
        if self.state.shot.landing.teleporters:
            self.state.phase = Phase.REDIRECT
            return True
        return False

    def done(self) -> None:
        """The Object's effect is over: the Move's end continues."""
        self.user = None
        self.choices = ()
        self.active = None
        self.state.continue_after_move()

    # ---------------------------------------------------------------- steps
    def legal(self, seat: int) -> list[Any]:
        st = self.state
        phase = st.phase
        if phase is Phase.OBJECT:
            return [Activate(o) for o in self.choices] + [Activate(None)]
        if phase is Phase.RADAR:
            enemies = st.enemies_in_play(st.current)
            return [Shields(c) for k in range(R.RADAR_SHIELDS + 1)
                    for c in itertools.combinations_with_replacement(enemies, k)]
        if phase is Phase.SWAP:
            ids = [s.id for s in st.soldiers.values() if s.in_play]
            return [Swap(a, b) for a, b in itertools.combinations(ids, 2)]
        if phase is Phase.REDIRECT:
            touched = set(st.shot.landing.teleporters)
            return [Redirect(t) for t in self.teleporters() if t not in touched] + [Redirect(None)]
        return []

    def check(self, seat: int, action: Any) -> str | None:
        phase = self.state.phase
        if phase is Phase.TELEPORT:
            return self.check_teleport(action)
        if phase is Phase.JUMP:  # activated, the Marshmallow must bounce ("You must move as far as ...")
            if not isinstance(action, Jump):
                return "Choose the direction of the Marshmallow's bounce."
            if not finite(action.direction):
                return "The direction must be a number of degrees."
            return None
        return super().check(seat, action)

    def help(self) -> str:
        return HELP[self.state.phase]

    def apply(self, seat: int, action: Any) -> None:
        st = self.state
        phase = st.phase
        if isinstance(action, Activate):
            if action.obj is None or phase is not Phase.OBJECT:
                if phase is Phase.OBJECT:
                    st.log("No Object is activated.")
                self.done()
                return
            self.activate(action.obj)
        elif isinstance(action, Teleport):
            s = st.soldiers[self.user]
            s.spot = self.arrival_spot(action)
            st.log(f"{s.id} teleports to {action.dest} at ({s.spot.x:.1f}, {s.spot.y:.1f}); the Move ends.")
            self.done()
        elif isinstance(action, Shields):
            st.place_shields(action, "Radar")
            self.done()
        elif isinstance(action, Swap):
            a, b = st.soldiers[action.first], st.soldiers[action.second]
            a.spot, b.spot = b.spot, a.spot
            st.log(f"Zap! {a.id} and {b.id} swap places (with their Order tokens).")
            self.done()
        elif isinstance(action, Jump):
            self.jump(action)
        elif isinstance(action, Redirect):
            self.redirect(action)

    def activate(self, ident: str) -> None:
        st = self.state
        obj = st.terrain.object(ident)
        self.active = obj.id
        st.log(f"{self.user} activates the {obj.kind} {obj.id}.")
        kind = obj.kind
        if kind == "teleporter":
            st.phase = Phase.TELEPORT
        elif kind == "radar":
            st.phase = Phase.RADAR
        elif kind == "transmogrifier":
            st.phase = Phase.SWAP
        elif kind == "marshmallow":
            st.phase = Phase.JUMP
        else:  # switch
            self.switches[obj.id] = not self.switches.get(obj.id, True)
            side = "switch side" if self.switches[obj.id] else "other side"
            st.log(f"The switch {obj.id} is flipped to its {side}: {self.switches_showing()} switch(es) now showing.")
            self.done()

    def check_teleport(self, action: Any) -> str | None:
        st = self.state
        if isinstance(action, Activate) and action.obj is None:
            return None
        if not isinstance(action, Teleport):
            return "Choose the Teleporter to arrive at and where your soldier stands."
        if action.dest not in self.teleporters() or action.dest == self.active:
            return f"{action.dest} is not another Teleporter in play."
        if not finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        spot = self.arrival_spot(action)
        reason = st.terrain.placement_reason(spot, st.spots(exclude=self.user))
        if reason:
            return reason
        if not st.terrain.touches(spot, st.terrain.object(action.dest)):
            return f"Your soldier must stand in contact with {action.dest}."
        return None

    def arrival_spot(self, action: Teleport) -> Spot:
        st = self.state
        surface = st.terrain.bf.surface_at(action.x, action.y) if st.climbing else None
        return Spot(float(action.x), float(action.y), surface)

    def jump(self, action: Jump) -> None:
        st = self.state
        s = st.soldiers[self.user]
        report = st.terrain.jump(s.spot, float(action.direction), st.chosen.yellow_length, st.spots(exclude=s.id))
        s.spot = report.end
        st.measured = {"jump": s.id, "path": [list(p) for p in report.path], "length_cm": round(report.length, 2)}
        where = f" onto {s.spot.surface}" if s.spot.surface else ""
        st.log(f"Boing! {s.id} bounces {report.length:.1f} cm in a straight line{where}.")
        st.moved(s)
        self.done()

    def redirect(self, action: Redirect) -> None:
        st = self.state
        if action.dest is not None:
            x, y, z = st.terrain.object_spot(st.terrain.object(action.dest))
            shot = st.shot
            moved = Landing(x, y, z, shot.landing.face, (action.dest,))
            st.shot = Shot(shot.kind, shot.thrower, shot.start, shot.direction, shot.strength, False, moved, shot.hq)
            st.log(f"The shot is teleported to {action.dest} just before it explodes.")
        st.explode()
