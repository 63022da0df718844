"""The ceiling of the duel planner: the same planner told its own dice.

A diagnostic, never a level a player meets: ``ClairvoyantBot`` reads the
truth, chance generator included, which no bot may (DESIGN.md, "the
protocol"). It answers the question an honest bot cannot: how much does
the duel planner (``engine.little_soldiers.duel``) lose to not knowing how
its dice will fall? It plans every decision as the duel planner does, with
one difference: an Attack or Risky Shot it weighs is played out on a copy
of the truth, whose generator rolls exactly the dice the game will roll
(rerolling as the heuristic rerolls, as this bot then does), so the Attack
is valued by the Hearts it will really do; an aimed Grenade or Mortar Shot
by where the physics will really land it. The opponent's replies, the
deployments and the Battle Track outlook are the planner's own.

``--bots clairvoyant`` names it (``bots.EXTRA_BOTS``); ``bot_names`` does not
list it, and no difficulty level uses it.
"""

from __future__ import annotations

from typing import Any

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Order
from engine.little_soldiers.duel import DuelBot, Plan, Position, Spot
from engine.little_soldiers.outlook import HEART_FACE, NO_EFFECT, SHIELD_FACE
from engine.little_soldiers.phases import Phase


class ForeseenPlan(Plan):
    """A plan on the truth, with its generator: the dice to come are known."""

    def order_value(self, state: Any, order: Order, pos: Position, spots: dict[int, Spot], exact: bool = False,
                    others: dict[int, list[Spot]] | None = None) -> float:
        if order.target is None or order.target not in self.index:
            return super().order_value(state, order, pos, spots, exact, others)
        a, t = self.index[order.soldier], self.index[order.target]
        risky = order.kind == "special"
        damage, effect = self.foresee(state, order, pos, t)
        return self.leaf(self.outlook.hit(pos, a, t, risky, damage, effect), spots)

    def foresee(self, state: Any, order: Order, pos: Position, t: int) -> tuple[int, int]:
        """The Hearts ``order`` will do to soldier ``t`` and the Sniper die's
        effect, played on a copy of ``state`` whose generator is the game's:
        the dice rolled are the dice the game will roll."""
        sim = state.clone()
        sim.apply(self.seat, order)
        base = self.bot.base
        while sim.phase is Phase.REROLL and sim.to_act() == [self.seat]:
            sim.apply(self.seat, base.choose(sim.view(self.seat)))
        faces = sim.last_roll.faces
        hits = sum(R.FACE_HITS.get(f, 0) for f in faces)
        left = self.outlook.roster.toughness[t] - pos.soldiers[t][1]
        damage = min(left, max(0, hits - self.outlook.defense_of(pos, t)))
        effect = NO_EFFECT
        if order.kind == "special" and len(faces) > R.ATTACK_DICE:
            face = faces[R.ATTACK_DICE]
            effect = SHIELD_FACE if face == "shield" else HEART_FACE if face == "heart" else NO_EFFECT
        return damage, effect

    def throws(self, state: Any, order: Order | None, given: Position, spots: dict[int, Spot]) -> list[tuple[Any, float]]:
        """Each aimed throw valued by its one true landing (the game's
        generator draws the physics' seed next)."""
        c, aims = self.aims(state, order)
        out = []
        for aim in aims:
            flight = c.clone()
            rng, flight.rng = flight.rng, None  # the landing waits, then is drawn as the game will draw it
            flight.apply(self.seat, aim)
            landing = flight.sample_chance(rng)
            out.append((aim, self.leaf(self.blast(flight, given, landing), spots)))
        return out


class ClairvoyantBot(DuelBot):
    """The duel planner told its own dice (see the module's docstring)."""

    name = "clairvoyant"

    def __init__(self, seed: int = 0, search_plans: int = 0, **kw: Any) -> None:
        # The ceiling as measured: the planner on its model, no searched reply (``SEARCH_PLANS``).
        super().__init__(seed, search_plans=search_plans, **kw)

    def plan(self, view: Any) -> Plan:
        truth = view._truth  # the diagnostic's one licence: the truth and its generator (never a level)
        world = truth.clone()
        world.landing_model = False  # the game's own landings
        return ForeseenPlan(self, view, world)
