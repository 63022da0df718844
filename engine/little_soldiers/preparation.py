"""The core's Round Preparation: the star, deploying from the HQ, Order tokens.

Part of ``LittleSoldiersState``, kept apart so each class stays readable.
Deploying follows the Bootcamp (a revealed Block token) unless a part says
otherwise (``Mission.deploy_without_blocks``, ``Part.free_deploy``,
``Part.deploy_chain``, ``Mission.check_deploy``/``deploy``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import data as D
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Block, Deploy, Star
from engine.little_soldiers.combat import finite
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.terrain import Spot

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

    _Base = LittleSoldiersState
else:
    _Base = object


class RoundPreparation(_Base):
    """Round Preparation of LittleSoldiersState (the core)."""

    # ================================================================ rounds and deployment
    def _on_star(self, action: Star) -> None:
        g = action.general if len(self.generals) > 2 else action.general % 2
        self.star = g
        self.first = g
        self.log(f"The sheriff's star: {self.gname(g)} plays first.")
        self.start_round()

    def start_round(self) -> None:
        if self.round:
            for p in self.hooks["round_begins"]:
                p.round_begins()
        self.round += 1
        self.star_taken = False
        self.log(f"Round {self.round} begins.")
        self.mission_part.start_round()

    def deploy_from_hq(self, start: int) -> None:
        """Round Preparation step 1: soldiers in the HQ deploy, ``start`` first."""
        if any(not s.in_play and self.mission_part.may_redeploy(s) for s in self.soldiers.values()):
            self.blocks = list(R.BLOCK_TOKENS)  # shuffled face down: draws are chance steps
            self.block = None
            self._next_deployer(start)
        else:
            self.after_deployment()

    def _next_deployer(self, start: int) -> None:
        for g in self.deploy_order(start):
            if any(not s.in_play and self.mission_part.may_redeploy(s) for s in self._own(g)):
                self.current = g
                self.phase = Phase.DEPLOY if self.free_deploy else Phase.REVEAL
                return
        self.after_deployment()

    def _on_block(self, action: Block) -> None:
        if not self.blocks:
            self.blocks = list(R.BLOCK_TOKENS)
            self.log("The Block tokens ran out and are shuffled again.")
        self.blocks.remove(action.number)
        self.block = action.number
        self.phase = Phase.DEPLOY
        self.log(f"{self.gname(self.current)} reveals Block token {action.number}.")

    def _check_deploy(self, action: Any) -> str | None:
        if not isinstance(action, Deploy):
            return "Deploy a Little Soldier from your HQ into the Play Zone."
        s = self.soldiers.get(action.soldier)
        if s is None or s.general != self.current:
            return f"{action.soldier} is not one of your Little Soldiers."
        if s.in_play or s.out:
            return f"{s.id} is {'already in play' if s.in_play else 'out of the game'}."
        if not finite(action.x, action.y):
            return "The position must be two numbers (cm)."
        return self.mission_part.check_deploy(s, float(action.x), float(action.y))

    def deploy_reason(self, s: Soldier, x: float, y: float) -> str | None:
        """Why ``s`` may not deploy at (x, y): beside the revealed Block
        token's Deployment token, or (no Block token) at green distance from
        one of its anchors."""
        spot = Spot(x, y, None)
        if self.block is None:
            return self._free_deploy_reason(s, spot)
        return self.terrain.deploy_reason(self.block, spot, self.chosen.green_length, self._spots())

    def deploy_anchors(self, s: Soldier) -> tuple[list[tuple[float, float]], list[Spot]]:
        """Where ``s`` may deploy at green distance from: Deployment tokens
        (any, when the mission says so; else of your colour) and, when a part
        chains deployments (Advanced Tactics), your other soldiers in play."""
        anyone = self.mission_part.any_deployment_token
        tokens = [t.at for t in self.terrain.tokens_of("deployment") if anyone or self.deploy_colour(t) == s.team]
        chain = [o.spot for o in self._own_in_play(s.general)] if self.deploy_chain else []
        return tokens, [sp for sp in chain if sp.surface is None]

    def deploy_colour(self, token: Any) -> str:
        colour = token.props.get("colour")
        if colour in R.TEAMS:
            return colour
        middle = self.terrain.bf.play_zone.centroid.y  # chosen: the side the token is nearer
        return R.TEAMS[0] if token.at[1] < middle else R.TEAMS[1]

    def deploy_discs(self, s: Soldier) -> list[tuple[tuple[float, float], float]]:
        """Where ``s`` may deploy now, as discs (centre, radius) for its base
        centre: green distance from the revealed Deployment token, or, with no
        Block token, from any of its anchors. Free table and other figurines
        are checked apart."""
        green = self.chosen.green_length
        if self.block is not None:
            at = self.terrain.deployment.get(self.block)
            return [] if at is None else [(at, self.terrain.token_reach(green))]
        tokens, chain = self.deploy_anchors(s)
        return ([(at, self.terrain.token_reach(green)) for at in tokens]
                + [(o.xy, self.terrain.soldier_reach(green)) for o in chain])

    def _free_deploy_reason(self, s: Soldier, spot: Spot) -> str | None:
        if not any(math.dist(centre, spot.xy) <= reach for centre, reach in self.deploy_discs(s)):
            what = "a Deployment token" + (" of your colour or one of your soldiers in play"
                                           if self.deploy_chain else "")
            return f"Deploy at green distance ({self.chosen.green_length:g} cm) from {what}."
        return self.terrain.placement_reason(spot, self._spots())

    def _on_deploy(self, action: Deploy) -> None:
        self.mission_part.deploy(self.soldiers[action.soldier], float(action.x), float(action.y))

    def place_deployed(self, s: Soldier, x: float, y: float) -> None:
        """Round Preparation: the soldier stands at (x, y); the next deploys."""
        s.spot = Spot(x, y, None)
        if self.block is None:
            self.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}).")
            same = self.mission_part.deploy_squad_at_once
            self._next_deployer(self.current if same else (self.current + 1) % len(self.generals))
            return
        at = self.terrain.deployment[self.block]
        gap = math.dist(at, s.spot.xy) - self.terrain.base_radius - D.TOKEN_RADIUS
        self.measured = {"deploy": s.id, "token": self.block, "gap_cm": round(gap, 2)}
        self.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}), {max(gap, 0):.1f} cm from Deployment "
                 f"token {self.block}.")
        self.block = None
        self._next_deployer((self.current + 1) % len(self.generals))

    def after_deployment(self) -> None:
        """Round Preparation steps 2 and 3: take Order tokens, return the star."""
        self.blocks = list(R.BLOCK_TOKENS)
        for gen in self.generals:
            took = 0
            if gen.lid > 0:
                gen.lid -= 1
                took += 1
            for s in self._own(gen.index):
                if s.in_play and s.orders > 0:
                    s.orders -= 1
                    took += 1
            took += gen.bottom
            gen.bottom = 0
            gen.tokens += took
            self.log(f"{self.gname(gen.index)} takes {took} Order token{'s' * (took != 1)} "
                     f"({gen.tokens} on the General, {gen.lid} left on the lid).")
        if self.uses_star:
            if self.star is not None:
                self.first = self.star
            self.star = None
            self.log(f"{self.gname(self.first)} returns the star and begins round {self.round}.")
        for g in self.deploy_order(self.first):
            if self._own_in_play(g):
                self.begin_turn(g)
                return
        self.begin_turn(self.first)
