"""The "Super Soldier" module: lightning counts, and a Move sheds a Shield.

Each lightning rolled activates the attacker's Special Ability once:
Infantry a Move each, Sniper a Shield on its target, Operator a Shield
moved from one of its side's cards to any other, Grenadier an extra valid
target hit with the same result. A Move removes 1 Shield from the mover.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.little_soldiers.actions import ExtraTarget, ShiftShield
from engine.little_soldiers.parts.base import Part
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import Soldier


class SuperSoldier(Part):
    key: ClassVar[str] = "super_soldier"
    title: ClassVar[str] = "Super Soldier"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.SHIFT, Phase.EXTRA})
    lightning: ClassVar[bool] = True
    readings: ClassVar[tuple[str, ...]] = (
        "Super Soldier, Move: \"you can remove 1 Shield token\" is always taken (a Shield only lowers your "
        "own Defense, so keeping it is never better).",
    )

    def on_moved(self, s: Soldier) -> None:
        if s.shields > 0 and self.state.is_super(s):
            s.shields -= 1
            self.state.log(f"{s.id} removes 1 Shield token after its Move.")

    def on_lightning(self, attacker: Soldier, target: Any) -> bool:
        st = self.state
        a = st.attack
        st.log(f"{a.lightning} lightning: {attacker.id}'s Special Ability.")
        if attacker.kind == "infantry":
            st.mover = attacker.id
            st.after = After.LIGHTNING
            st.moves_left = a.lightning
            st.phase = Phase.MOVE
            return True
        if attacker.kind == "sniper":
            if target.in_play:
                target.shields += a.lightning
                st.log(f"{attacker.id} places {a.lightning} Shield token(s) on {target.id}.")
        elif attacker.kind == "operator":
            a.left = a.lightning
            if self.shift_actions()[:-1]:
                st.phase = Phase.SHIFT
                return True
        elif attacker.kind == "grenadier":
            a.left = a.lightning
            if self.extra_targets():
                st.phase = Phase.EXTRA
                return True
        return False

    # ---------------------------------------------------------------- the Operator
    def shift_actions(self) -> list[ShiftShield]:
        st = self.state
        mine = [s for s in st.own_in_play(st.current) if s.shields > 0]
        everyone = [s.id for s in st.soldiers.values() if s.in_play] + \
            [t.id for t in st.threats.values() if t.in_play]
        out = [ShiftShield(src.id, dst) for src in mine for dst in everyone if dst != src.id]
        return out + [ShiftShield(None)]

    def on_shift(self, action: ShiftShield) -> None:
        st = self.state
        a = st.attack
        if action.source is None:
            a.left = 0
        else:
            st.soldiers[action.source].shields -= 1
            st.target_of(action.target).shields += 1
            st.log(f"{a.attacker} moves a Shield token from {action.source} to {action.target}.")
            a.left -= 1
        if a.left > 0 and self.shift_actions()[:-1]:
            return
        st.action_done()

    # ---------------------------------------------------------------- the Grenadier
    def extra_targets(self) -> list[str]:
        a = self.state.attack
        return [t for t in self.state.valid_targets(a.attacker) if t not in a.hit_targets]

    def on_extra(self, action: ExtraTarget) -> None:
        st = self.state
        a = st.attack
        if action.target is None:
            a.left = 0
        else:
            t = st.target_of(action.target)
            a.hit_targets.append(t.id)
            st.hit(t, a.hits, f"{a.attacker}'s Attack (lightning, extra target)")
            a.left -= 1
            if st.round_over_now:
                st.end_round_now()
                return
        if a.left > 0 and self.extra_targets():
            return
        st.action_done()

    # ---------------------------------------------------------------- steps
    def legal(self, seat: int) -> list[Any]:
        if self.state.phase is Phase.SHIFT:
            return self.shift_actions()
        return [ExtraTarget(t) for t in self.extra_targets()] + [ExtraTarget(None)]

    def apply(self, seat: int, action: Any) -> None:
        if self.state.phase is Phase.SHIFT:
            self.on_shift(action)
        else:
            self.on_extra(action)

    def help(self) -> str:
        if self.state.phase is Phase.SHIFT:
            return "move a Shield from one of your soldiers' cards to another soldier, or keep them."
        return "choose another valid target for the Grenadier's hits, or stop."
