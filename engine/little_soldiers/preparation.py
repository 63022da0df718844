"""The core's Round Preparation: the star, deploying from the HQ, Order tokens.

Functions of a state, kept apart so each module stays readable. Deploying
follows the Bootcamp (a revealed Block token) unless a part says otherwise
(``Mission.deploy_without_blocks``, ``Part.free_deploy``,
``Part.deploy_chain``, ``Mission.check_deploy``/``deploy``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import data as D
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Block, Deploy, Star
from engine.little_soldiers.combat import TABLE_REACH_CM, finite, on_table
from engine.little_soldiers.flow import AFTER_DEPLOYMENT, BEGIN_TURN, NEXT_DEPLOYER, START_ROUND, frame
from engine.little_soldiers.phases import DEPLOY, REVEAL
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.terrain import Spot, Terrain

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState


def on_star(st: LittleSoldiersState, action: Star) -> None:
    g = action.general if len(st.generals) > 2 else action.general % 2
    st.star = g
    st.first = g
    st.log(f"The sheriff's star: {st.gname(g)} plays first.")
    st.then(frame(START_ROUND))


def start_round(st: LittleSoldiersState) -> None:
    """The START_ROUND frame: the round's number, then the mission's Round Preparation."""
    if st.round:
        for p in st.rules.hooks["round_begins"]:
            p.round_begins(st)
    st.round += 1
    st.star_taken = False
    st.log(f"Round {st.round} begins.")
    st.rules.mission.start_round(st)


def deploy_from_hq(st: LittleSoldiersState, start: int) -> None:
    """Round Preparation step 1: soldiers in the HQ deploy, ``start`` first."""
    mission = st.rules.mission
    if any(not s.in_play and mission.may_redeploy(st, s) for s in st.soldiers.values()):
        st.blocks = list(R.BLOCK_TOKENS)  # shuffled face down: draws are chance steps
        st.block = None
        st.then(frame(NEXT_DEPLOYER, start))
    else:
        st.then(frame(AFTER_DEPLOYMENT))


def next_deployer(st: LittleSoldiersState, start: int) -> None:
    """The NEXT_DEPLOYER frame: the next General, from ``start``, with a soldier to deploy."""
    mission = st.rules.mission
    for g in st.deploy_order(start):
        if any(not s.in_play and mission.may_redeploy(st, s) for s in st.own(g)):
            st.current = g
            st.open(DEPLOY if st.rules.free_deploy else REVEAL)
            return
    st.then(frame(AFTER_DEPLOYMENT))


def block_pile(st: LittleSoldiersState) -> list[int]:
    """The Block tokens a reveal draws from (all of them again once they ran out)."""
    return st.blocks if st.blocks else list(R.BLOCK_TOKENS)


def on_block(st: LittleSoldiersState, action: Block) -> None:
    if not st.blocks:
        st.blocks = list(R.BLOCK_TOKENS)
        st.log("The Block tokens ran out and are shuffled again.")
    st.blocks.remove(action.number)
    st.block = action.number
    st.log(f"{st.gname(st.current)} reveals Block token {action.number}.")
    st.open(DEPLOY)


def check_deploy(st: LittleSoldiersState, action: Any) -> str | None:
    if not isinstance(action, Deploy):
        return "Deploy a Little Soldier from your HQ into the Play Zone."
    s = st.soldiers.get(action.soldier)
    if s is None or s.general != st.current:
        return f"{action.soldier} is not one of your Little Soldiers."
    mission = st.rules.mission
    if s.in_play or not mission.may_redeploy(st, s):
        return f"{s.id} is {'already in play' if s.in_play else 'out of the game'}."
    if not finite(action.x, action.y):
        return "The position must be two numbers (cm)."
    if not on_table(action.x, action.y):
        return f"The position lies off any table (each coordinate within {TABLE_REACH_CM:g} cm)."
    return mission.check_deploy(st, s, float(action.x), float(action.y))


def deploy_reason(st: LittleSoldiersState, s: Soldier, x: float, y: float) -> str | None:
    """Why ``s`` may not deploy at (x, y): beside the revealed Block token's
    Deployment token, or (no Block token) at green distance from one of its
    anchors."""
    spot = Spot(x, y, None)
    if st.block is None:
        return _free_deploy_reason(st, s, spot)
    return st.terrain.deploy_reason(st.block, spot, st.chosen.green_length, st.spots())


def deploy_anchors(st: LittleSoldiersState, s: Soldier) -> tuple[list[tuple[float, float]], list[Spot]]:
    """Where ``s`` may deploy at green distance from: Deployment tokens (any,
    when the mission says so; else of your colour) and, when a part chains
    deployments, your other soldiers in play."""
    anyone = st.rules.mission.any_deployment_token
    tokens = [t.at for t in st.terrain.tokens_of("deployment") if anyone or deploy_colour(st, t) == s.team]
    chain = [o.spot for o in st.own_in_play(s.general) if o.spot is not None] if st.rules.deploy_chain else []
    return tokens, [sp for sp in chain if sp.surface is None]


def deploy_colour(st: LittleSoldiersState, token: Any) -> str:
    colour = token.props.get("colour")
    if colour in R.TEAMS:
        return str(colour)
    middle = st.terrain.bf.play_zone.centroid.y  # chosen: the side the token is nearer
    return R.TEAMS[0] if token.at[1] < middle else R.TEAMS[1]


def no_room_to_deploy(terrain: Terrain, needed: Sequence[int], green: float) -> str | None:
    """Why no figurine could ever be deployed at one of the Deployment tokens
    ``needed`` (every spot within green distance of it is off the play zone
    or under scenery), or None. A game on such a battlefield could never
    start: a hand-made level the editor would refuse to save (issue 22's
    hostile levels: a play zone 1e-9 cm wide, a 10 m box over the table)
    stuck its first Deploy, and a bot asked to act had no action."""
    from shapely.geometry import Point

    reach = terrain.token_reach(green)

    def look() -> str | None:
        free = terrain.bf.free_space(terrain.base_radius, None)  # deployed onto the table (Level 0)
        for n in needed:
            at = terrain.deployment[n]
            room = Point(at).buffer(reach, quad_segs=16).intersection(free)
            if room.is_empty or room.area <= 1e-9:
                return (f"no figurine can be deployed at Deployment token {n} at ({at[0]:g}, {at[1]:g}): every spot "
                        f"within green distance of it is off the play zone or under scenery")
        return None

    # once per battlefield, tokens and reach: a run of games on one battlefield looks once
    answer: str | None = terrain.bf.derived(("no room to deploy", tuple(needed), round(reach, 9),
                                             tuple(sorted(terrain.deployment.items()))), look)
    return answer


def deploy_discs(st: LittleSoldiersState, s: Soldier) -> list[tuple[tuple[float, float], float]]:
    """Where ``s`` may deploy now, as discs (centre, radius) for its base
    centre: green distance from the revealed Deployment token, or, with no
    Block token, from any of its anchors. Free table and other figurines are
    checked apart."""
    green = st.chosen.green_length
    if st.block is not None:
        at = st.terrain.deployment.get(st.block)
        return [] if at is None else [(at, st.terrain.token_reach(green))]
    tokens, chain = deploy_anchors(st, s)
    return ([(at, st.terrain.token_reach(green)) for at in tokens]
            + [(o.xy, st.terrain.soldier_reach(green)) for o in chain])


def _free_deploy_reason(st: LittleSoldiersState, s: Soldier, spot: Spot) -> str | None:
    if not any(math.dist(centre, spot.xy) <= reach for centre, reach in deploy_discs(st, s)):
        what = "a Deployment token" + (" of your colour or one of your soldiers in play"
                                       if st.rules.deploy_chain else "")
        return f"Deploy at green distance ({st.chosen.green_length:g} cm) from {what}."
    return st.terrain.placement_reason(spot, st.spots())


def on_deploy(st: LittleSoldiersState, action: Deploy) -> None:
    st.rules.mission.deploy(st, st.soldiers[action.soldier], float(action.x), float(action.y))


def place_deployed(st: LittleSoldiersState, s: Soldier, x: float, y: float) -> None:
    """Round Preparation: the soldier stands at (x, y); the next deploys."""
    s.spot = Spot(x, y, None)
    n = len(st.generals)
    if st.block is None:
        st.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}).")
        same = st.rules.mission.deploy_squad_at_once
        st.then(frame(NEXT_DEPLOYER, st.current if same else (st.current + 1) % n))
        return
    at = st.terrain.deployment[st.block]
    gap = math.dist(at, s.spot.xy) - st.terrain.base_radius - D.TOKEN_RADIUS
    st.measured = {"deploy": s.id, "token": st.block, "gap_cm": round(gap, 2)}
    st.log(f"{s.id} deploys at ({s.spot.x:.1f}, {s.spot.y:.1f}), {max(gap, 0):.1f} cm from Deployment "
           f"token {st.block}.")
    st.block = None
    st.then(frame(NEXT_DEPLOYER, (st.current + 1) % n))


def after_deployment(st: LittleSoldiersState) -> None:
    """Round Preparation steps 2 and 3: take Order tokens, return the star."""
    st.blocks = list(R.BLOCK_TOKENS)
    for gen in st.generals:
        took = 0
        if gen.lid > 0:
            gen.lid -= 1
            took += 1
        for s in st.own(gen.index):
            if s.in_play and s.orders > 0:
                s.orders -= 1
                took += 1
        took += gen.bottom
        gen.bottom = 0
        gen.tokens += took
        st.log(f"{st.gname(gen.index)} takes {took} Order token{'s' * (took != 1)} "
               f"({gen.tokens} on the General, {gen.lid} left on the lid).")
    if st.rules.mission.uses_star:
        if st.star is not None:
            st.first = st.star
        st.star = None
        st.log(f"{st.gname(st.first)} returns the star and begins round {st.round}.")
    for g in st.deploy_order(st.first):
        if st.own_in_play(g):
            st.then(frame(BEGIN_TURN, g))
            return
    st.then(frame(BEGIN_TURN, st.first))
