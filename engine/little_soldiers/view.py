"""What one seat of Little Soldiers sees, and full states sampled from it.

The secrets are declared by the parts that own them (``Part.secrets``,
the core mechanism's ``Slice`` values): the other players' Tactics hands and the pile
(Advanced Tactics), the Numbered Block tokens not yet revealed (Battle
Royale), and any event logged to other seats only. ``to_dict`` and
``determinize`` are both derived from those declarations, so a sample never
holds what its view hides. The questions the app and bots ask (targets,
previews, the step's help) are public methods here; nothing outside the
engine reads the truth.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from engine.core.protocol import View
from engine.little_soldiers.actions import Move
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import AttackDice, General, LastThrow, Shot, Soldier, Threat

if TYPE_CHECKING:
    from engine.little_soldiers.config import Config
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import Spot, Terrain


class LittleSoldiersView(View):
    """One seat's window onto a live game (see the module's docstring)."""

    _truth: LittleSoldiersState

    def to_dict(self) -> dict[str, Any]:
        t = self._truth
        out = t.to_dict()
        out["battle_track"] = "flag" in out  # only the Bootcamp's rules play on it (King of the Hill: "no Battle Track")
        out.setdefault("flag", 0)  # the Battle Track's Flag stays in the middle where a mission leaves it in the box
        out["seat"] = self.seat
        out["to_act"] = t.to_act()
        out["my_generals"] = [g.index for g in t.generals if g.seat == self.seat]
        out["events"] = [e.text for e in self.events]
        for p in t.parts:
            p.hide(out, self.seat)
        return out

    # ``determinize`` is the core's (``engine.core.secrecy.determinize``): the
    # parts' secrets hidden from this seat are re-dealt, the log keeps only the
    # events this seat read, and chance from there on is drawn afresh.

    # ---------------------------------------------------------------- public state (nothing here is hidden)
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
    def phase(self) -> Phase:
        return self._truth.phase

    @property
    def chosen(self):
        """The chosen values in use (cords, dice faces, ...)."""
        return self._truth.chosen

    @property
    def current(self) -> int:
        """The General acting now."""
        return self._truth.current

    @property
    def move_leads_to_order(self) -> bool:
        """Whether the Move being made is the turn's Move, before the Order."""
        return self._truth.phase is Phase.MOVE and self._truth.after == After.ORDER

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
        gen = self._truth.generals[g].copy()
        if gen.seat != self.seat:
            gen.hand = []  # another seat's hand is secret (its size is in ``to_dict``)
        return gen

    def threats(self) -> list[Threat]:
        """Copies of the mission's Threats (co-op missions)."""
        return [th.copy() for th in self._truth.threats.values()]

    def field_off(self, threat: str) -> bool:
        t = self._truth
        return t.mission_part.field_off(t.threats[threat])

    def hand(self) -> list[str]:
        """This seat's Tactics cards (every General it plays)."""
        t = self._truth
        return sorted(c for g in t.generals if g.seat == self.seat for c in g.hand)

    def tactics_cards(self):
        """The Tactics cards' data by name (public: the card list)."""
        from engine.little_soldiers.tactics import load_cards

        return load_cards()

    def is_enemy(self, a: str, b: str) -> bool:
        """Whether ``b`` is an enemy of soldier ``a`` (by side; Threats are everyone's)."""
        t = self._truth
        return b in t.threats or t.soldiers[a].side != t.soldiers[b].side

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
        if t.phase is not Phase.DEPLOY or not t.mission_part.deploys_by_area():
            return None
        s = t.soldiers.get(soldier) if soldier else None
        if s is None or s.in_play or s.out:  # one already on the table may not (its tooltip said to deploy it)
            s = next((x for x in t.soldiers.values() if x.general == t.current and not x.in_play and not x.out), None)
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
        edge nearest the Operator, or a Battle Royale HQ's catapult. None when
        no throw is being aimed."""
        t = self._truth
        shot = t.shot
        if shot is None or t.phase is not Phase.THROW:
            return None
        if shot.hq is not None or shot.kind == "mortar":
            return t.shot_start(shot.thrower, shot.kind, 0.0)
        spot = t.soldiers[shot.thrower].spot
        return (spot.x, spot.y, t.terrain.z(spot.surface))

    def shot_start(self, direction: float) -> tuple[float, float, float]:
        t = self._truth
        return t.shot_start(t.shot.thrower, t.shot.kind, direction)

    def threat_outlook(self, spots: list[Spot]) -> list[tuple[int, int, float]]:
        """Co-op bots: for each spot, how many Threats see a head there, how
        many open Threats' Targets it sees, and how far the nearest face-up
        Switch that still matters is (0 when none)."""
        t = self._truth
        m = t.mission_part
        seen = m.seen_by_threats(spots)
        open_ = [th for th in m.threats_in_play() if m.field_off(th)]
        radius = t.chosen.threat_target_radius
        sees = [0] * len(spots)
        for th in open_:
            for i, r in enumerate(t.terrain.target_sights(spots, th.target, radius)):
                sees[i] += r.valid
        wanted = [m.ff_at[n] for th in m.threats_in_play() for n in th.switches if m.ff_up[n]]
        gaps = [min((math.dist(sp.xy, w) for w in wanted), default=0.0) for sp in spots]
        return list(zip(seen, sees, gaps, strict=True))

    def candidate_actions(self, n: int, rng: random.Random) -> list[Any]:
        return self._truth.candidate_actions(self.seat, n, rng)

    def random_action(self, rng: random.Random) -> Any | None:
        """One legal action of this seat drawn cheaply from ``rng`` (the
        random playout policy: see ``engine.little_soldiers.random_action``;
        it reads nothing this seat may not see); None when it need not act."""
        return self._truth.random_action(self.seat, rng)
