"""Battle Royale: one Little Soldier each, every other soldier an enemy.

Soldiers parachute in with the catapult, turns follow Numbered Block tokens
dealt face down each round, Supplies promote a soldier to its Super Soldier
side once per game, a broken soldier is out for good and its player fires a
Mortar Shot from the HQ on each later turn. The last soldier standing wins.
"""

from __future__ import annotations

from engine.little_soldiers.phases import After, Phase

import math
from typing import Any

from engine.core.protocol import Result
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Deal, Landing, Parachute
from engine.little_soldiers.terrain import Spot

DEAL, PARACHUTE, PARA_LANDING = Phase.DEAL, Phase.PARACHUTE, Phase.PARA_LANDING


class BattleRoyaleRules:
    """Mixin of LittleSoldiersState: the Battle Royale mission."""

    def _setup_battle_royale(self) -> None:
        for gen in self.generals:
            gen.lid = 0
            gen.tokens = M.BR_ORDER_TOKENS
        self.supplies = [t.at for t in self.terrain.tokens_of("supplies")]
        self.turn_order: list[int] = []
        self.turn_pos = 0
        self.deal_for = "deploy"
        self.landing_at: tuple[float, float, float] | None = None

    # ------------------------------------------------------------------ dealing and deploying
    def _br_start_round(self) -> None:
        if self.round > 1:
            for gen in self.generals:  # Take Your Order Tokens, from the figurine back onto the card
                s = self.soldiers[gen.soldiers[0]]
                if s.in_play and s.orders:
                    gen.tokens += s.orders
                    s.orders = 0
        self.deal_for = "deploy" if any(not s.in_play and not s.out for s in self.soldiers.values()) else "turns"
        self.phase = DEAL

    def _on_deal(self, action: Deal) -> None:
        self.turn_order = list(action.order)
        self.turn_pos = 0
        if self.deal_for == "deploy":
            self.log("The Numbered Block tokens are drawn for the Parachute Deployment.")
            self._next_parachute()
        else:
            self.log(f"Round {self.round}: the Numbered Block tokens are dealt face down.")
            self._br_next_turn()

    def _next_parachute(self) -> None:
        while self.turn_pos < len(self.turn_order):
            g = self.turn_order[self.turn_pos]
            s = self.soldiers[self.generals[g].soldiers[0]]
            if not s.in_play and not s.out:
                self.current = g
                self.log(f"{self._gname(g)} reveals Numbered Block token {self.turn_pos + 1}.")
                self.phase = PARACHUTE
                return
            self.turn_pos += 1
        self.deal_for = "turns"
        self.phase = DEAL

    def _check_parachute(self, action: Any) -> str | None:
        if not isinstance(action, Parachute):
            return "Fire the green Move token with the catapult from an edge of the Play Zone."
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                   for v in (action.x, action.y, action.direction, action.strength)):
            return "The catapult's place, direction and strength must be numbers."
        if not 0.0 <= action.strength <= 1.0:
            return "The strength is between 0 and 1."
        return None

    def _on_parachute(self, action: Parachute) -> None:
        x, y = self.terrain.edge_point((action.x, action.y))
        self.shot_aim = ((x, y, 0.0), float(action.direction), float(action.strength))
        self.log(f"{self._gname(self.current)} sets the catapult at ({x:.1f}, {y:.1f}) and fires the green "
                 f"Move token at {action.direction:.0f} degrees, strength {action.strength:.2f}.")
        self.phase = PARA_LANDING

    def _sample_parachute(self, rng) -> Landing:
        start, direction, strength = self.shot_aim
        seed = rng.getrandbits(32)
        got = self.terrain.throw("mortar", start, direction, strength, seed)
        return Landing(got.x, got.y, got.z, "token", (), seed)

    def _on_para_landing(self, action: Landing) -> None:
        start, direction, strength = self.shot_aim
        self.show_throw("mortar", start, direction, strength, action)
        self.landing_at = (float(action.x), float(action.y), float(action.z))
        self.log(f"The green Move token lands at ({action.x:.1f}, {action.y:.1f}).")
        self.phase = Phase.DEPLOY

    def parachute_surface(self, x: float, y: float) -> str | None:
        return self.terrain.bf.surface_at(x, y) if self.config.has("levels") else None

    def parachute_spot(self) -> Spot | None:
        """The spot nearest the landed token where the base fits."""
        lx, ly, _ = self.landing_at
        return self.terrain.nearest_fit((lx, ly), self.parachute_surface(lx, ly), self._spots(), limit=60.0) or \
            self.terrain.nearest_fit((lx, ly), None, self._spots(), limit=200.0)

    def _check_parachute_deploy(self, s: Any, x: float, y: float) -> str | None:
        spot = Spot(x, y, self.parachute_surface(x, y))
        reason = self.terrain.placement_reason(spot, self._spots())
        if reason:
            return reason
        lx, ly, _ = self.landing_at
        reach = self.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2 + self.terrain.contact
        if math.dist((lx, ly), (x, y)) <= reach:
            return None
        nearest = self.parachute_spot()
        if nearest is not None and math.dist(nearest.xy, (x, y)) <= math.dist(nearest.xy, (lx, ly)) + 1e-6 and \
                math.dist((lx, ly), (x, y)) <= math.dist((lx, ly), nearest.xy) + 0.5:
            return None  # no room beside the token: as close as the base fits
        return f"Place your figurine in contact with the green Move token at ({lx:.1f}, {ly:.1f})."

    def _on_parachute_deploy(self, s: Any, x: float, y: float) -> None:
        s.spot = Spot(float(x), float(y), self.parachute_surface(x, y))
        self.log(f"{s.id} parachutes in at ({s.spot.x:.1f}, {s.spot.y:.1f}).")
        self.landing_at = None
        self.turn_pos += 1
        self._next_parachute()

    # ------------------------------------------------------------------ turns
    def _br_next_turn(self) -> None:
        if self.turn_pos >= len(self.turn_order):
            limit = self.chosen.battle_royale_round_limit
            if limit and self.round >= limit:
                self._game_over()
                return
            self._start_round()
            return
        g = self.turn_order[self.turn_pos]
        self.current = g
        self.log(f"{self._gname(g)} reveals Numbered Block token {self.turn_pos + 1}.")
        s = self.soldiers[self.generals[g].soldiers[0]]
        self.mover = None
        self.after = After.ORDER
        self.attack = None
        self.shot = None
        if s.in_play:
            self.phase = Phase.MOVE
        else:
            from engine.little_soldiers.state import Shot

            self.log(f"{s.id} is out: {self._gname(g)} fires a Mortar Shot from the HQ.")
            self.shot = Shot("mortar", s.id, hq=g)
            self.phase = Phase.THROW

    def hq_catapult(self, g: int) -> tuple[float, float, float]:
        """Where a player's HQ is: chosen as the Play Zone's edge in front of
        their seat, the seats spread evenly around the table from green's side."""
        c = self.terrain.bf.play_zone.centroid
        a = math.radians(-90 + 360 * g / len(self.generals))
        x, y = self.terrain.edge_point((c.x + 500 * math.cos(a), c.y + 500 * math.sin(a)))
        return (x, y, 0.0)

    def _supplies_after_move(self, s: Any, path: list[tuple[float, float]]) -> None:
        if s.promoted:
            return
        for at in self.supplies:
            if not self.terrain.swept_touch(path, at):
                continue
            if any(self.terrain.base_touches_token(o.spot, at) for o in self.soldiers.values()
                   if o.in_play and o.side != s.side):
                self.log(f"{s.id} touches Supplies, but an opponent is in contact with them.")
                continue
            s.promoted = True
            self.log(f"{s.id} activates Supplies: its card flips to its Super Soldier side "
                     f"({s.hearts} Heart and {s.shields} Shield token(s) go back to the Reserve).")
            s.hearts = 0
            s.shields = 0
            return

    def _br_break(self, s: Any) -> None:
        """Broken Little Soldiers leave the game for good."""
        s.out = True
        self.log(f"{s.id} leaves the game for good.")

    def _br_end_turn(self) -> None:
        standing = [s for s in self.soldiers.values() if s.in_play]
        if len(standing) <= 1:
            self._game_over()
            return
        self.turn_pos += 1
        self._br_next_turn()

    def _br_result(self) -> Result:
        standing = [s for s in self.soldiers.values() if s.in_play]
        scores = [0.0] * self.num_seats
        for s in standing:
            scores[self.generals[s.general].seat] = 1.0
        if len(standing) == 1:
            g = standing[0].general
            return Result((self.generals[g].seat,), tuple(scores),
                          f"{standing[0].id} is the last Little Soldier standing: {self._gname(g)} is General of "
                          "the Toy Box!")
        if not standing:
            seat = self.generals[self.current].seat
            scores[seat] = 1.0
            return Result((seat,), tuple(scores), f"No Little Soldier is left in play: {self._gname(self.current)}, "
                                                 "who just played, is General of the Toy Box!")
        seats = tuple(sorted({self.generals[s.general].seat for s in standing}))
        return Result(seats, tuple(scores), f"The round limit ({self.chosen.battle_royale_round_limit}) is reached: "
                                            "the players still in play share the win.")

    def _br_to_dict(self) -> dict[str, Any]:
        return {"turn_order": list(self.turn_order), "turn_pos": self.turn_pos, "deal_for": self.deal_for,
                "landing_at": list(self.landing_at) if self.landing_at else None,
                "promoted": sorted(s.id for s in self.soldiers.values() if s.promoted),
                "out": sorted(s.id for s in self.soldiers.values() if s.out)}
