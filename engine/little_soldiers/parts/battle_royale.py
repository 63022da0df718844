"""Battle Royale: one Little Soldier each, every other soldier an enemy.

Soldiers parachute in with the catapult, turns follow Numbered Block tokens
dealt face down each round, Supplies promote a soldier to its Super Soldier
side once per game, a broken soldier is out for good and its player fires a
Mortar Shot from the HQ on each later turn. The last soldier standing wins.

Secret: the Numbered Block tokens not yet revealed. A seat sees the order up
to the token just revealed and its own numbers; ``determinize`` deals the
other players' unrevealed numbers anew.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result
from engine.core.secrecy import Slice
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Deal, Deploy, Landing, Parachute
from engine.little_soldiers.combat import TABLE_REACH_CM, TURNS_DEGREES, a_direction, finite, on_table, show_throw
from engine.little_soldiers.flow import END_TURN, GAME_OVER, MOVE_STEP, START_ROUND, TURN_MOVE, Frame, frame, open_frame
from engine.little_soldiers.part import Mission
from engine.little_soldiers.phases import CHANCE, CONTINUOUS, DEPLOY, THROW, After, Audience, PhaseSpec
from engine.little_soldiers.pieces import Shot, Soldier
from engine.little_soldiers.table.landings import landing_problem
from engine.little_soldiers.terrain import MORTAR_REACH, Spot

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

DEAL = PhaseSpec("deal", CHANCE, Audience.NOBODY)
"""Chance: the Numbered Block tokens dealt face down (read by nobody: each
seat learns its own numbers through the secrets)."""
PARACHUTE = PhaseSpec("parachute", CONTINUOUS)
PARA_LANDING = PhaseSpec("para_landing", CHANCE)
"""Chance: where the green Move token lands."""

DEPLOY_TRIES = 12
"""Spots drawn round the landed token before the nearest fit (random policy; chosen, as the core's)."""


@dataclass
class Royale:
    """Battle Royale's slice: the Numbered Block tokens, the parachute, who is out."""

    supplies: tuple[tuple[float, float], ...] = ()
    """Where the Supplies tokens lie (the battlefield's; shared by copies)."""
    turn_order: list[int] = field(default_factory=list)
    """The dealt Numbered Block tokens: General per number, from the 1 up."""
    turn_pos: int = 0
    deal_for: str = "deploy"
    landing_at: tuple[float, float, float] | None = None
    shot_aim: tuple[tuple[float, float, float], float, float] | None = None
    promoted: set[str] = field(default_factory=set)
    """Soldiers flipped to their Super Soldier side by Supplies."""
    out: set[str] = field(default_factory=set)
    """Soldiers broken for good."""

    def copy(self) -> Royale:
        return Royale(self.supplies, list(self.turn_order), self.turn_pos, self.deal_for, self.landing_at,
                      self.shot_aim, set(self.promoted), set(self.out))


class BattleRoyale(Mission[Royale]):
    key: ClassVar[str] = M.BATTLE_ROYALE
    title: ClassVar[str] = "Battle Royale"
    phases: ClassVar[tuple[PhaseSpec, ...]] = (DEAL, PARACHUTE, PARA_LANDING)
    actions: ClassVar[tuple[type, ...]] = (Deal, Parachute, Landing)
    uses_star: ClassVar[bool] = False  # "The 3 Return the Star phase does not exist for this mission."
    players: ClassVar[tuple[int, int] | None] = (2, 6)
    required: ClassVar[tuple[str, ...]] = ("super_soldier",)
    optional: ClassVar[tuple[str, ...]] = ("levels", "objects")
    level: ClassVar[str] = "levels/little_soldiers/battle-royale.json"
    # One large Little Soldier card each, green or yellow.
    mission_squads: ClassVar[Mapping[int, tuple[tuple[str, ...], ...]]] = {
        n: (("infantry",), ("infantry",), ("sniper",), ("sniper",), ("grenadier",), ("operator",))[:n]
        for n in range(2, 7)}
    readings: ClassVar[tuple[str, ...]] = (
        "Battle Royale: Setup C lays the card \"on its Rank side\" while Supplies later flip it \"over to its "
        "Rank side to unlock their abilities\": read as starting on the New Recruit side, so lightning counts "
        "only once Supplies flipped the card.",
        "Battle Royale: the Parachute Deployment places the figurine on the surface under the landed Move "
        "token (Levels), or, with no room beside the token, as close to it as the base fits.",
        "Battle Royale, Supplies: \"an opponent's figurine in contact\" means any other player's soldier "
        "(decided by side, never by colour).",
    )
    rules: ClassVar[tuple[str, ...]] = (
        "  battle-royale (2-6, Super Soldier): one soldier each; Numbered Block tokens dealt face down",
        "    decide the parachute order (catapult on any edge) and each round's turns; 1 Order token;",
        "    Supplies flip the card to Super Soldier once per game and clear its tokens (not while an",
        "    opponent touches them); a broken soldier is out for good and its player fires a Mortar",
        "    Shot from the HQ each turn; last soldier standing wins, or whoever just played.",
    )

    @classmethod
    def mission_squad_reason(cls, index: int, squad: tuple[str, ...], generals: int) -> str | None:
        if len(squad) != 1:
            return f"squads[{index}]: in Battle Royale each player has one Little Soldier"
        return None

    def side_of(self, general: int, team: str) -> str:
        return f"general-{general}"  # "There are no sides here!"

    def general_name(self, general: int, default: str) -> str:
        return f"Player {general + 1}"  # no General card in Battle Royale

    # ---------------------------------------------------------------- the slice
    def setup(self, st: LittleSoldiersState) -> Royale:
        for gen in st.generals:
            gen.lid = 0
            gen.tokens = M.BR_ORDER_TOKENS
        return Royale(tuple(t.at for t in st.terrain.tokens_of("supplies")))

    def copy(self, data: Royale) -> Royale:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: Royale, out: dict[str, Any]) -> None:
        aim = data.shot_aim
        out.update({"turn_order": list(data.turn_order[:self.revealed(data)]), "turn_pos": data.turn_pos,
                    "deal_for": data.deal_for, "landing_at": list(data.landing_at) if data.landing_at else None,
                    "shot_aim": [list(aim[0]), aim[1], aim[2]] if aim else None,
                    "promoted": sorted(data.promoted), "out": sorted(data.out)})
        for s in out["soldiers"]:
            s["promoted"] = s["id"] in data.promoted

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> Royale:
        aim = data.get("shot_aim")
        landing = data.get("landing_at")
        return Royale(tuple(t.at for t in st.terrain.tokens_of("supplies")), [int(g) for g in data["turn_order"]],
                      int(data["turn_pos"]), str(data["deal_for"]),
                      (float(landing[0]), float(landing[1]), float(landing[2])) if landing else None,
                      ((float(aim[0][0]), float(aim[0][1]), float(aim[0][2])), float(aim[1]), float(aim[2]))
                      if aim else None,
                      set(data.get("promoted", ())), set(data.get("out", ())))

    # ---------------------------------------------------------------- secrecy
    @staticmethod
    def revealed(data: Royale) -> int:
        """How many Numbered Block tokens of the current deal are face up."""
        return min(len(data.turn_order), data.turn_pos + 1)

    def secrets(self, st: LittleSoldiersState, data: Royale) -> list[Slice]:
        """Each Numbered Block token not yet revealed, read by the player who
        holds it: a face-down number (position) holding a General."""
        gens = st.generals
        return [Slice("numbered_block", frozenset({gens[g].seat}), (g,), put=partial(_set_holder, data, i))
                for i, g in enumerate(data.turn_order) if i >= self.revealed(data)]

    def place(self, st: LittleSoldiersState, data: Royale, out: dict[str, Any], shown: Mapping[str, list[Any]],
              seat: int | None) -> None:
        """The truth: the whole deal. A seat: the order up to the token just
        revealed (public) and its own numbers, revealed or not."""
        hidden = shown.get("numbered_block", [])
        if seat is None:
            out["turn_order"] = out["turn_order"] + [items[0] for items in hidden]
            return
        first = self.revealed(data)
        mine = [i + 1 for i, g in enumerate(out["turn_order"]) if st.generals[g].seat == seat]
        mine += [first + k + 1 for k, items in enumerate(hidden) if isinstance(items, list)]
        out["my_numbers"] = mine
        out["my_blocks"] = {str(first + k + 1): items[0] for k, items in enumerate(hidden) if isinstance(items, list)}

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:
        """The Numbered Block tokens not revealed: the seat's own where it
        holds them, the other Generals in index order on the rest (no token
        is dealt before the first deal, and a deal reveals the first)."""
        order = list(data["turn_order"])
        if not order:
            return
        mine = {int(k) - 1: g for k, g in data.get("my_blocks", {}).items()}
        rest = sorted(set(range(len(data["generals"]))) - set(order) - set(mine.values()))
        for i in range(len(order), len(data["generals"])):
            order.append(mine[i] if i in mine else rest.pop(0))
        data["turn_order"] = order

    # ---------------------------------------------------------------- dealing and deploying
    def first_round(self, st: LittleSoldiersState) -> None:
        st.first = 0
        st.then(Frame(START_ROUND))

    def start_round(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        if st.round > 1:
            for gen in st.generals:  # Take Your Order Tokens, from the figurine back onto the card
                s = st.soldiers[gen.soldiers[0]]
                if s.in_play and s.orders:
                    gen.tokens += s.orders
                    s.orders = 0
        data.deal_for = "deploy" if any(not s.in_play and s.id not in data.out for s in st.soldiers.values()) \
            else "turns"
        st.open(DEAL)

    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any:
        if st.phase is DEAL:
            order = list(range(len(st.generals)))
            rng.shuffle(order)
            return Deal(tuple(order))
        aim = self.data(st).shot_aim
        assert aim is not None
        start, direction, strength = aim
        seed = rng.getrandbits(32)
        got = st.terrain.throw("mortar", start, direction, strength, seed, st.chosen)
        return Landing(got.x, got.y, got.z, "token", (), seed)

    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        """Every deal of the Numbered Block tokens, up to 6 players (720 deals)."""
        if st.phase is not DEAL:
            return None  # the parachute's landing is continuous
        orders = list(itertools.permutations(range(len(st.generals))))
        return [(Deal(order), 1.0 / len(orders)) for order in orders]

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        if st.phase is DEAL:
            if not isinstance(action, Deal) or sorted(action.order) != list(range(len(st.generals))):
                return "The Numbered Block tokens are dealt: one to each player."
            return None
        if not isinstance(action, Landing):
            return "The green Move token lands now."
        aim = self.data(st).shot_aim
        if aim is None:
            return "No parachute is in the air."
        start, _, strength = aim
        # A landing is a claim: checked like a die face (reach, rest, seed).
        return landing_problem(st.terrain, "mortar", start, strength, action, ("token",), (), "parachute")

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        phase = st.phase
        if phase is DEAL:
            self.on_deal(st, action)
        elif phase is PARACHUTE:
            self.on_parachute(st, action)
        else:
            self.on_para_landing(st, action)

    def on_deal(self, st: LittleSoldiersState, action: Deal) -> None:
        data = self.data(st)
        data.turn_order = list(action.order)
        data.turn_pos = 0
        if data.deal_for == "deploy":
            st.log("The Numbered Block tokens are drawn for the Parachute Deployment.")
            self.next_parachute(st)
        else:
            st.log(f"Round {st.round}: the Numbered Block tokens are dealt face down.")
            self.next_turn(st)

    def next_parachute(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        while data.turn_pos < len(data.turn_order):
            g = data.turn_order[data.turn_pos]
            s = st.soldiers[st.generals[g].soldiers[0]]
            if not s.in_play and s.id not in data.out:
                st.current = g
                st.log(f"{st.gname(g)} reveals Numbered Block token {data.turn_pos + 1}.")
                st.open(PARACHUTE)
                return
            data.turn_pos += 1
        data.deal_for = "turns"
        st.open(DEAL)

    def check(self, st: LittleSoldiersState, seat: int, action: Any) -> str | None:
        if not isinstance(action, Parachute):
            return "Fire the green Move token with the catapult from an edge of the Play Zone."
        if not finite(action.x, action.y, action.direction, action.strength):
            return "The catapult's place, direction and strength must be numbers."
        if not on_table(action.x, action.y) or not a_direction(action.direction):
            return (f"The catapult stands at an edge of the Play Zone (each coordinate within {TABLE_REACH_CM:g} cm) "
                    f"and fires within {TURNS_DEGREES:g} degrees either way.")
        if not 0.0 <= action.strength <= 1.0:
            return "The strength is between 0 and 1."
        return None

    def help(self, st: LittleSoldiersState) -> str:
        return "fire the green Move token with the catapult from an edge of the Play Zone."

    def on_parachute(self, st: LittleSoldiersState, action: Parachute) -> None:
        x, y = st.terrain.edge_point((action.x, action.y))
        self.data(st).shot_aim = ((x, y, 0.0), float(action.direction), float(action.strength))
        st.log(f"{st.gname(st.current)} sets the catapult at ({x:.1f}, {y:.1f}) and fires the green "
               f"Move token at {action.direction:.0f} degrees, strength {action.strength:.2f}.")
        st.open(PARA_LANDING)

    def on_para_landing(self, st: LittleSoldiersState, action: Landing) -> None:
        data = self.data(st)
        assert data.shot_aim is not None
        start, direction, strength = data.shot_aim
        show_throw(st, "mortar", start, direction, strength, action)
        data.landing_at = (float(action.x), float(action.y), float(action.z))
        st.log(f"The green Move token lands at ({action.x:.1f}, {action.y:.1f}).")
        st.open(DEPLOY)

    def parachute_surface(self, st: LittleSoldiersState, x: float, y: float) -> str | None:
        return st.terrain.bf.surface_at(x, y) if st.rules.climbing else None

    def parachute_spot(self, st: LittleSoldiersState) -> Spot | None:
        """The spot nearest the landed token where the base fits."""
        landing = self.data(st).landing_at
        assert landing is not None
        lx, ly, _ = landing
        return st.terrain.nearest_fit((lx, ly), self.parachute_surface(st, lx, ly), st.spots(), limit=60.0) or \
            st.terrain.nearest_fit((lx, ly), None, st.spots(), limit=200.0)

    def check_deploy(self, st: LittleSoldiersState, soldier: Soldier, x: float, y: float) -> str | None:
        spot = Spot(x, y, self.parachute_surface(st, x, y))
        reason = st.terrain.placement_reason(spot, st.spots())
        if reason:
            return reason
        landing = self.data(st).landing_at
        assert landing is not None
        lx, ly, _ = landing
        reach = st.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2 + st.terrain.contact
        if math.dist((lx, ly), (x, y)) <= reach:
            return None
        nearest = self.parachute_spot(st)
        if nearest is not None and math.dist(nearest.xy, (x, y)) <= math.dist(nearest.xy, (lx, ly)) + 1e-6 and \
                math.dist((lx, ly), (x, y)) <= math.dist((lx, ly), nearest.xy) + 0.5:
            return None  # no room beside the token: as close as the base fits
        return f"Place your figurine in contact with the green Move token at ({lx:.1f}, {ly:.1f})."

    def deploys_by_area(self) -> bool:
        return False  # parachuted in beside where the token landed

    def may_redeploy(self, st: LittleSoldiersState, soldier: Soldier) -> bool:
        return soldier.id not in self.data(st).out

    def deploy(self, st: LittleSoldiersState, soldier: Soldier, x: float, y: float) -> None:
        data = self.data(st)
        soldier.spot = Spot(x, y, self.parachute_surface(st, x, y))
        st.log(f"{soldier.id} parachutes in at ({soldier.spot.x:.1f}, {soldier.spot.y:.1f}).")
        data.landing_at = None
        data.turn_pos += 1
        self.next_parachute(st)

    # ---------------------------------------------------------------- turns
    def next_turn(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        if data.turn_pos >= len(data.turn_order):
            limit = st.chosen.battle_royale_round_limit
            st.then(Frame(GAME_OVER if limit and st.round >= limit else START_ROUND))
            return
        g = data.turn_order[data.turn_pos]
        st.current = g
        st.log(f"{st.gname(g)} reveals Numbered Block token {data.turn_pos + 1}.")
        s = st.soldiers[st.generals[g].soldiers[0]]
        st.clear_action()
        st.after = After.ORDER
        if s.in_play:
            st.then(frame(MOVE_STEP, After.ORDER.value, None), Frame(TURN_MOVE))
        else:
            st.log(f"{s.id} is out: {st.gname(g)} fires a Mortar Shot from the HQ.")
            st.shot = Shot("mortar", s.id, origin=self.hq_catapult(st, g))
            st.then(open_frame(THROW), frame(END_TURN, True))

    def hq_catapult(self, st: LittleSoldiersState, general: int) -> tuple[float, float, float]:
        """Where a player's HQ is: chosen as the Play Zone's edge in front of
        their seat, the seats spread evenly around the table from green's side."""
        c = st.terrain.bf.play_zone.centroid
        a = math.radians(-90 + 360 * general / len(st.generals))
        x, y = st.terrain.edge_point((c.x + 500 * math.cos(a), c.y + 500 * math.sin(a)))
        return (x, y, 0.0)

    def rank_side(self, st: LittleSoldiersState, soldier: Soldier) -> bool:
        return soldier.id in self.data(st).promoted  # flipped to its Super Soldier side by Supplies

    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        """Activating Supplies: once per game, unless another player's soldier touches them."""
        data = self.data(st)
        if soldier.id in data.promoted or not path:
            return
        for at in data.supplies:
            if not st.terrain.swept_touch(path, at):
                continue
            if any(o.spot is not None and st.terrain.base_touches_token(o.spot, at) for o in st.soldiers.values()
                   if st.is_enemy(soldier, o)):
                st.log(f"{soldier.id} touches Supplies, but an opponent is in contact with them.")
                continue
            data.promoted.add(soldier.id)
            st.log(f"{soldier.id} activates Supplies: its card flips to its Super Soldier side "
                   f"({soldier.hearts} Heart and {soldier.shields} Shield token(s) go back to the Reserve).")
            soldier.hearts = 0
            soldier.shields = 0
            return

    def orders_back_to_card(self) -> bool:
        return True  # "Remove your figurine ... along with its Order token. Place them on your card"

    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """Broken Little Soldiers leave the game for good."""
        self.data(st).out.add(soldier.id)
        st.log(f"{soldier.id} is broken!")
        st.log(f"{soldier.id} leaves the game for good.")

    def end_turn(self, st: LittleSoldiersState) -> None:
        standing = [s for s in st.soldiers.values() if s.in_play]
        if len(standing) <= 1:
            st.then(Frame(GAME_OVER))
            return
        self.data(st).turn_pos += 1
        self.next_turn(st)

    def result(self, st: LittleSoldiersState) -> Result:
        standing = [s for s in st.soldiers.values() if s.in_play]
        scores = [0.0] * st.num_seats
        for s in standing:
            scores[st.generals[s.general].seat] = 1.0
        if len(standing) == 1:
            g = standing[0].general
            return Result((st.generals[g].seat,), tuple(scores),
                          f"{standing[0].id} is the last Little Soldier standing: {st.gname(g)} is General of "
                          "the Toy Box!")
        if not standing:
            seat = st.generals[st.current].seat
            scores[seat] = 1.0
            return Result((seat,), tuple(scores), f"No Little Soldier is left in play: {st.gname(st.current)}, "
                                                  "who just played, is General of the Toy Box!")
        seats = tuple(sorted({st.generals[s.general].seat for s in standing}))
        return Result(seats, tuple(scores), f"The round limit ({st.chosen.battle_royale_round_limit}) is reached: "
                                            "the players still in play share the win.")

    # ---------------------------------------------------------------- bots
    def candidates(self, st: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any]:
        """Catapult shots from edge points toward the middle and the Supplies."""
        zone = st.terrain.bf.play_zone
        ring = zone.exterior
        c = zone.centroid
        goals = [(c.x, c.y), *self.data(st).supplies]
        out = []
        for _ in range(max(4, n // 2)):
            p = ring.interpolate(rng.uniform(0, ring.length))
            gx, gy = goals[rng.randrange(len(goals))]
            dist = math.hypot(gx - p.x, gy - p.y)
            a = math.degrees(math.atan2(gy - p.y, gx - p.x)) + rng.gauss(0, 5)
            strength = min(1.0, max(0.05, dist / MORTAR_REACH + rng.gauss(0, 0.05)))
            out.append(Parachute(round(p.x, 2), round(p.y, 2), round(a % 360, 2), round(strength, 3)))
        return out

    def random_action(self, st: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
        """One catapult shot as the candidates draw each (an edge point, aimed at the middle or a Supply)."""
        zone = st.terrain.bf.play_zone
        ring = zone.exterior
        c = zone.centroid
        goals = [(c.x, c.y), *self.data(st).supplies]
        p = ring.interpolate(rng.random() * ring.length)
        gx, gy = goals[int(rng.random() * len(goals))]
        dist = math.hypot(gx - p.x, gy - p.y)
        a = math.degrees(math.atan2(gy - p.y, gx - p.x)) + rng.gauss(0, 5)
        strength = min(1.0, max(0.05, dist / MORTAR_REACH + rng.gauss(0, 0.05)))
        act = Parachute(round(p.x, 2), round(p.y, 2), round(a % 360, 2), round(strength, 3))
        return act if st.check(seat, act) is None else None

    def deploy_candidates(self, st: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any] | None:
        """Spots in contact with the landed token, checked; the nearest fit when none passes."""
        s = next(x for x in st.own(st.current) if not x.in_play and self.may_redeploy(st, x))
        landing = self.data(st).landing_at
        assert landing is not None
        lx, ly, _ = landing
        out: list[Any] = []
        reach = st.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
        for _ in range(n):
            a = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0, reach)
            act = Deploy(s.id, round(lx + d * math.cos(a), 2), round(ly + d * math.sin(a), 2))
            if st.check(seat, act) is None:
                out.append(act)
        if not out:
            spot = self.parachute_spot(st)
            if spot is not None:
                out.append(Deploy(s.id, spot.x, spot.y))
        return out

    def random_deploy(self, st: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
        """A spot uniform in the disc of contact round the landed token, checked,
        at most DEPLOY_TRIES draws; then the nearest fit."""
        s = next((x for x in st.own(st.current) if not x.in_play and self.may_redeploy(st, x)), None)
        if s is None:
            return None
        landing = self.data(st).landing_at
        assert landing is not None
        lx, ly, _ = landing
        reach = st.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2
        for _ in range(DEPLOY_TRIES):
            a = 2 * math.pi * rng.random()
            d = reach * math.sqrt(rng.random())
            act = Deploy(s.id, round(lx + d * math.cos(a), 2), round(ly + d * math.sin(a), 2))
            if st.check(seat, act) is None:
                return act
        spot = self.parachute_spot(st)
        if spot is not None and st.check(seat, Deploy(s.id, spot.x, spot.y)) is None:
            return Deploy(s.id, spot.x, spot.y)
        return None


def _set_holder(data: Royale, position: int, holder: list[int]) -> None:
    data.turn_order[position] = holder[0]
