"""The "Super Soldier" module: lightning counts, and a Move sheds a Shield.

Each lightning rolled activates the attacker's Special Ability once:
Infantry a Move each, Sniper a Shield on its target, Operator a Shield
moved from one of its side's cards to any other, Grenadier an extra valid
target hit with the same result. A Move removes 1 Shield from the mover.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.little_soldiers.actions import ExtraTarget, ShiftShield
from engine.little_soldiers.combat import hit, target_of
from engine.little_soldiers.movement import grant_moves
from engine.little_soldiers.part import Part, Target
from engine.little_soldiers.phases import PhaseSpec
from engine.little_soldiers.pieces import AttackDice, Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

SHIFT = PhaseSpec("shift")
"""The Operator's lightning: move Shields."""
EXTRA = PhaseSpec("extra")
"""The Grenadier's lightning: more targets for the same hits."""


class SuperSoldier(Part[None]):
    key: ClassVar[str] = "super_soldier"
    title: ClassVar[str] = "Super Soldier"
    listing: ClassVar[int] = 1
    phases: ClassVar[tuple[PhaseSpec, ...]] = (SHIFT, EXTRA)
    actions: ClassVar[tuple[type, ...]] = (ShiftShield, ExtraTarget)
    lightning: ClassVar[bool] = True
    readings: ClassVar[tuple[str, ...]] = (
        "Super Soldier, Move: \"you can remove 1 Shield token\" is always taken (a Shield only lowers your "
        "own Defense, so keeping it is never better).",
    )

    def on_moved(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        if soldier.shields > 0 and st.lightning_counts(soldier):
            soldier.shields -= 1
            st.log(f"{soldier.id} removes 1 Shield token after its Move.")

    def on_lightning(self, st: LittleSoldiersState, attacker: Soldier, target: Soldier | Target) -> None:
        a = st.current_attack()
        st.log(f"{a.lightning} lightning: {attacker.id}'s Special Ability.")
        if attacker.kind == "infantry":
            grant_moves(st, attacker.id, a.lightning)
        elif attacker.kind == "sniper":
            if target.in_play:
                target.shields += a.lightning
                st.log(f"{attacker.id} places {a.lightning} Shield token(s) on {target.id}.")
        elif attacker.kind == "operator":
            a.left = a.lightning
            if self.shift_actions(st)[:-1]:
                st.open(SHIFT)
        elif attacker.kind == "grenadier":
            a.left = a.lightning
            if self.extra_targets(st, a):
                st.open(EXTRA)

    # ---------------------------------------------------------------- the Operator
    def shift_actions(self, st: LittleSoldiersState) -> list[ShiftShield]:
        mine = [s for s in st.own_in_play(st.current) if s.shields > 0]
        everyone = [s.id for s in st.soldiers.values() if s.in_play] + \
            [t.id for t in st.rules.mission.targets(st).values() if t.in_play]
        out = [ShiftShield(src.id, dst) for src in mine for dst in everyone if dst != src.id]
        return out + [ShiftShield(None)]

    def on_shift(self, st: LittleSoldiersState, action: ShiftShield) -> None:
        a = st.current_attack()
        if action.source is None:
            a.left = 0
        else:
            st.soldiers[action.source].shields -= 1
            target_of(st, action.target or "").shields += 1
            st.log(f"{a.attacker} moves a Shield token from {action.source} to {action.target}.")
            a.left -= 1
        if a.left > 0 and self.shift_actions(st)[:-1]:
            st.open(SHIFT)

    # ---------------------------------------------------------------- the Grenadier
    def extra_targets(self, st: LittleSoldiersState, a: AttackDice) -> list[str]:
        return [t for t in st.valid_targets(a.attacker) if t not in a.hit_targets]

    def on_extra(self, st: LittleSoldiersState, action: ExtraTarget) -> None:
        a = st.current_attack()
        if action.target is None:
            a.left = 0
        else:
            t = target_of(st, action.target)
            a.hit_targets.append(t.id)
            hit(st, t, a.hits, f"{a.attacker}'s Attack (lightning, extra target)")
            a.left -= 1
            if st.round_cut_pending():
                return  # a Wipeout: the round ends now
        if a.left > 0 and self.extra_targets(st, a):
            st.open(EXTRA)

    # ---------------------------------------------------------------- steps
    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        if st.phase is SHIFT:
            return list(self.shift_actions(st))
        return [ExtraTarget(t) for t in self.extra_targets(st, st.current_attack())] + [ExtraTarget(None)]

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        if st.phase is SHIFT:
            self.on_shift(st, action)
        else:
            self.on_extra(st, action)

    def help(self, st: LittleSoldiersState) -> str:
        if st.phase is SHIFT:
            return "move a Shield from one of your soldiers' cards to another soldier, or keep them."
        return "choose another valid target for the Grenadier's hits, or stop."
