"""What one seat of Little Soldiers sees, and full states sampled from it.

Fail-closed: a picture of the game (``picture``) is built from public data
only (the core's table, which hides nothing, and each part's ``dump``, which
may write only what every seat may see), plus, for each secret a part
declares (``Part.secrets``, ``engine.core.secrecy.Slice`` values), what the
seat may see of it: its items for the seats that may read it, its cover for
the others. A part gets those shown values, never the seat's right to read
them, when it places them (``Part.place``). The state's own ``to_dict`` is
the same picture with every secret shown, so the two cannot drift apart;
``determinize`` re-deals the same declarations, and the history's audiences
are the steps' declared ones (``PhaseSpec.audience``).

The questions the app and bots ask (targets, previews, the step's help) are
public methods here; nothing outside the engine reads the truth.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.protocol import View
from engine.little_soldiers.actions import Move
from engine.little_soldiers.flow import frames_to_data
from engine.little_soldiers.phases import DEPLOY, MOVE, THROW, After, PhaseSpec
from engine.little_soldiers.pieces import AttackDice, General, LastThrow, Shot, Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.game import LittleSoldiersGame
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import Spot, Terrain


def picture(st: LittleSoldiersState, seat: int | None) -> dict[str, Any]:
    """The game as plain JSON data, as ``seat`` may see it (None: the whole truth)."""
    mission = st.rules.mission
    soldiers = []
    for s in st.soldiers.values():
        d = s.to_dict()
        d["out"] = not s.in_play and not mission.may_redeploy(st, s)
        soldiers.append(d)
    out: dict[str, Any] = {
        "game": st.game,
        "config": st.config.to_dict(),
        "round": st.round,
        "phase": st.phase,
        "current": st.current,
        "first": st.first,
        "star": st.star,
        "star_taken": st.star_taken,
        "generals": [g.to_dict() for g in st.generals],
        "soldiers": soldiers,
        "blocks_left": sorted(st.blocks),
        "block": st.block,
        "mover": st.mover,
        "after": st.after,
        "moves_left": st.moves_left,
        "attack": st.attack.to_dict() if st.attack else None,
        "shot": st.shot.to_dict() if st.shot else None,
        "practice_left": list(st.practice_left),
        "round_over_now": st.round_cut_pending(),
        "measured": st.measured,
        "last_roll": st.last_roll.to_dict() if st.last_roll else None,
        "last_throw": st.last_throw.to_dict() if st.last_throw else None,
        "result": st.outcome.to_dict() if st.outcome else None,
        "mission": st.mission,
        "pending": frames_to_data(st.pending),
    }
    for p in st.rules.parts:
        data = p.data(st)
        p.dump(st, data, out)
        shown: dict[str, list[Any]] = {}
        for sl in p.secrets(st, data):
            shown.setdefault(sl.name, []).append(list(sl.items) if seat is None else sl.shown(seat))
        p.place(st, data, out, shown, seat)
    return out


class LittleSoldiersView(View):
    """One seat's window onto a live game (see the module's docstring)."""

    _truth: LittleSoldiersState

    def to_dict(self) -> dict[str, Any]:
        t = self._truth
        out = picture(t, self.seat)
        out["battle_track"] = "flag" in out  # only the Bootcamp's rules play on it (King of the Hill: "no Battle Track")
        out.setdefault("flag", 0)  # the Battle Track's Flag stays in the middle where a mission leaves it in the box
        out["seat"] = self.seat
        out["to_act"] = t.to_act()
        out["my_generals"] = [g.index for g in t.generals if g.seat == self.seat]
        out["events"] = [e.text for e in self.events]
        return out

    # ``determinize`` is the core's (``engine.core.secrecy.determinize``): the
    # parts' secrets hidden from this seat are re-dealt, the log keeps only the
    # events this seat read, and chance from there on is drawn afresh.

    # ---------------------------------------------------------------- public state (nothing here is hidden)
    @property
    def rules(self) -> LittleSoldiersGame:
        """The ruleset (public: the config, the parts, their steps)."""
        return self._truth.rules

    @property
    def terrain(self) -> Terrain:
        return self._truth.terrain

    @property
    def base_terrain(self) -> Terrain:
        """The battlefield as set up, with every piece a mission may take off the table."""
        return self._truth.base_terrain

    @property
    def config(self) -> Config:
        return self._truth.config

    @property
    def phase(self) -> PhaseSpec:
        return self._truth.phase

    @property
    def chosen(self) -> Any:
        """The chosen values in use (cords, dice faces, ...)."""
        return self._truth.chosen

    @property
    def current(self) -> int:
        """The General acting now."""
        return self._truth.current

    @property
    def mover(self) -> str | None:
        return self._truth.mover

    @property
    def after(self) -> After:
        return self._truth.after

    @property
    def move_leads_to_order(self) -> bool:
        """Whether the Move being made is the turn's Move, before the Order."""
        return self._truth.phase is MOVE and self._truth.after == After.ORDER

    @property
    def climbing(self) -> bool:
        """Whether Little Soldiers may climb in this game (a module lets them)."""
        return self._truth.rules.climbing

    @property
    def lightning(self) -> bool:
        """Whether lightning results may count in this game (a module makes them)."""
        return self._truth.rules.lightning

    @property
    def last_throw(self) -> LastThrow | None:
        return self._truth.last_throw

    def my_general(self) -> int:
        return self._truth.current if self._truth.generals[self._truth.current].seat == self.seat else -1

    def soldiers(self) -> list[Soldier]:
        """Copies of every soldier (changing them changes nothing)."""
        return [s.copy() for s in self._truth.soldiers.values()]

    def soldier(self, ident: str) -> Soldier:
        return self._truth.soldiers[ident].copy()

    def general(self, g: int) -> General:
        """A copy of General ``g``'s card (what a part adds to it, a hand, is in ``to_dict``)."""
        return self._truth.generals[g].copy()

    def tokens_on(self, g: int) -> int:
        """Order tokens General ``g`` can give now (its own and the parts' spare ones)."""
        return self._truth.tokens_on(g)

    def threats(self) -> list[Any]:
        """Copies of the mission's targets that are not Little Soldiers (a co-op mission's Threats)."""
        return [t.copy() for t in self._truth.targets.values()]

    def field_off(self, threat: str) -> bool:
        """Whether nothing (a Force Field) closes the mission's target ``threat`` to Attacks."""
        t = self._truth
        return t.rules.mission.target_closed(t, threat) is None

    def hand(self) -> list[str]:
        """This seat's cards: every secret called "hand" it may read."""
        return sorted(c for shown in self.shown("hand") if isinstance(shown, list) for c in shown)

    def tactics_cards(self) -> Mapping[str, Any]:
        """The parts' public reference data (the Tactics cards by name)."""
        return self._truth.rules.catalog()

    def is_enemy(self, a: str, b: str) -> bool:
        """Whether ``b`` is an enemy of soldier ``a`` (by side; the mission's targets are everyone's)."""
        t = self._truth
        return b in t.targets or t.soldiers[a].side != t.soldiers[b].side

    def defense(self, soldier: str) -> int:
        return self._truth.defense(self._truth.target_of(soldier))

    def toughness(self, soldier: str) -> int:
        return self._truth.toughness(self._truth.target_of(soldier))

    def valid_targets(self, soldier: str) -> list[str]:
        return self._truth.valid_targets(soldier)

    def reroll_allowance(self, attacker: str, target: str) -> int:
        return self._truth.reroll_allowance(attacker, target)[0]

    def explain_target(self, attacker: str, target: str) -> dict[str, Any]:
        """Whether ``target`` is valid for ``attacker`` and why: the sight, the
        blockers, the distance and the rerolls it would get."""
        return self._truth.explain_target(attacker, target)

    def phase_help(self) -> str:
        """What the player to act does in this step, as a sentence."""
        return self._truth.phase_help()

    def attack(self) -> AttackDice | None:
        a = self._truth.attack
        return a.copy() if a is not None else None

    def shot(self) -> Shot | None:
        return self._truth.shot

    def deploy_discs(self, soldier: str) -> list[tuple[tuple[float, float], float]]:
        t = self._truth
        return t.deploy_discs(t.soldiers[soldier])

    def deploying_soldier(self, soldier: str | None = None) -> str | None:
        """The soldier a deployment would place now: ``soldier`` when it may,
        else the acting General's first one in the HQ; None when none deploys
        or a mission places soldiers its own way (Battle Royale's parachute)."""
        t = self._truth
        mission = t.rules.mission
        if t.phase is not DEPLOY or not mission.deploys_by_area():
            return None
        s = t.soldiers.get(soldier) if soldier else None
        if s is None or s.in_play or not mission.may_redeploy(t, s):  # one on the table may not (its tooltip said so)
            s = next((x for x in t.soldiers.values()
                      if x.general == t.current and not x.in_play and mission.may_redeploy(t, x)), None)
        return s.id if s is not None else None

    def move_destination(self, action: Move) -> Spot | None:
        """Where a legal Move (or climb) would put the soldier."""
        if self._truth.check(self.seat, action) is not None:
            return None
        return self._truth.move_report(action).end

    def throw_origin(self) -> tuple[float, float, float] | None:
        """Where the throw being aimed is measured from, for the app's aiming
        preview: the Grenadier (its Move token lies against the base, in the
        throw's direction, see ``shot_start``), the catapult on the Play Zone's
        edge nearest the Operator, or the shot's own catapult. None when no
        throw is being aimed."""
        t = self._truth
        shot = t.shot
        if shot is None or t.phase is not THROW:
            return None
        if shot.origin is not None or shot.kind == "mortar":
            return t.shot_start(shot.thrower, shot.kind, 0.0)
        spot = t.soldiers[shot.thrower].spot
        assert spot is not None
        return (spot.x, spot.y, t.terrain.z(spot.surface))

    def shot_start(self, direction: float) -> tuple[float, float, float]:
        t = self._truth
        shot = t.current_shot()
        return t.shot_start(shot.thrower, shot.kind, direction)

    def threat_outlook(self, spots: Sequence[Spot]) -> list[tuple[int, int, float]]:
        """Bots: for each spot, what the mission's targets make of it (the co-op
        missions: how many Threats see a head there, how many open Threats'
        Targets it sees, and how far the nearest face-up Switch that still
        matters is, 0 when none)."""
        t = self._truth
        return t.rules.mission.outlook(t, spots)

    def candidate_actions(self, n: int, rng: random.Random) -> list[Any]:
        return self._truth.candidate_actions(self.seat, n, rng)

    def random_action(self, rng: random.Random) -> Any | None:
        """One legal action of this seat drawn cheaply from ``rng`` (the
        random playout policy: see ``engine.little_soldiers.random_action``;
        it reads nothing this seat may not see); None when it need not act."""
        return self._truth.random_action(self.seat, rng)

