"""Battle Royale: one Little Soldier each, every other soldier an enemy.

Soldiers parachute in with the catapult, turns follow Numbered Block tokens
dealt face down each round, Supplies promote a soldier to its Super Soldier
side once per game, a broken soldier is out for good and its player fires a
Mortar Shot from the HQ on each later turn. The last soldier standing wins.

Secret: the Numbered Block tokens not yet revealed. A seat sees the order up
to the token just revealed and its own numbers; ``resample`` deals the other
players' unrevealed numbers anew.
"""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Any, ClassVar

from engine.core.protocol import Result
from engine.core.secrecy import Slice
from engine.little_soldiers import data as D
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Deal, Landing, Parachute
from engine.little_soldiers.combat import finite
from engine.little_soldiers.parts.base import Mission
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import Shot, Soldier
from engine.little_soldiers.terrain import Spot


class BattleRoyale(Mission):
    key: ClassVar[str] = M.BATTLE_ROYALE
    title: ClassVar[str] = "Battle Royale"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.DEAL, Phase.PARACHUTE, Phase.PARA_LANDING})
    uses_star: ClassVar[bool] = False  # "The 3 Return the Star phase does not exist for this mission."
    readings: ClassVar[tuple[str, ...]] = (
        "Battle Royale: Setup C lays the card \"on its Rank side\" while Supplies later flip it \"over to its "
        "Rank side to unlock their abilities\": read as starting on the New Recruit side, so lightning counts "
        "only once Supplies flipped the card.",
        "Battle Royale: the Parachute Deployment places the figurine on the surface under the landed Move "
        "token (Levels), or, with no room beside the token, as close to it as the base fits.",
        "Battle Royale, Supplies: \"an opponent's figurine in contact\" means any other player's soldier "
        "(decided by side, never by colour).",
    )

    def side_of(self, general: int, team: str) -> str:
        return f"general-{general}"  # "There are no sides here!"

    def general_name(self, general: int, default: str) -> str:
        return f"Player {general + 1}"  # no General card in Battle Royale

    def setup(self) -> None:
        st = self.state
        for gen in st.generals:
            gen.lid = 0
            gen.tokens = M.BR_ORDER_TOKENS
        self.supplies = [t.at for t in st.terrain.tokens_of("supplies")]
        self.turn_order: list[int] = []
        self.turn_pos = 0
        self.deal_for = "deploy"
        self.landing_at: tuple[float, float, float] | None = None
        self.shot_aim: tuple[tuple[float, float, float], float, float] | None = None

    def copy_slice(self) -> None:
        self.turn_order = list(self.turn_order)

    def to_dict(self) -> dict[str, Any]:
        st = self.state
        return {"turn_order": list(self.turn_order), "turn_pos": self.turn_pos, "deal_for": self.deal_for,
                "landing_at": list(self.landing_at) if self.landing_at else None,
                "shot_aim": [list(self.shot_aim[0]), self.shot_aim[1], self.shot_aim[2]] if self.shot_aim else None,
                "promoted": sorted(s.id for s in st.soldiers.values() if s.promoted),
                "out": sorted(s.id for s in st.soldiers.values() if s.out)}

    def load(self, data: dict[str, Any]) -> None:
        self.turn_order = [int(g) for g in data["turn_order"]]
        self.turn_pos = int(data["turn_pos"])
        self.deal_for = data["deal_for"]
        self.landing_at = tuple(data["landing_at"]) if data.get("landing_at") else None
        aim = data.get("shot_aim")
        self.shot_aim = (tuple(aim[0]), float(aim[1]), float(aim[2])) if aim else None

    # ---------------------------------------------------------------- secrecy
    def revealed(self) -> int:
        """How many Numbered Block tokens of the current deal are face up."""
        return min(len(self.turn_order), self.turn_pos + 1)

    def secrets(self) -> list[Slice]:
        """Each Numbered Block token not yet revealed, read by the player who
        holds it: a face-down number (position) holding a General."""
        gens = self.state.generals
        return [Slice("numbered_block", frozenset({gens[g].seat}), (g,), put=partial(self._set_holder, i))
                for i, g in enumerate(self.turn_order) if i >= self.revealed()]

    def _set_holder(self, position: int, holder: list[int]) -> None:
        self.turn_order[position] = holder[0]

    def hide(self, data: dict[str, Any], seat: int) -> None:
        """The order up to the token just revealed, and this seat's own numbers."""
        shown = self.revealed()
        data["turn_order"] = list(self.turn_order[:shown])
        data["my_numbers"] = [i + 1 for i, g in enumerate(self.turn_order)
                              if self.state.generals[g].seat == seat]
        data["my_blocks"] = {str(i + 1): g for i, g in enumerate(self.turn_order)
                             if i >= shown and self.state.generals[g].seat == seat}

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:
        """The Numbered Block tokens not revealed: the seat's own where it
        holds them, the other Generals in index order on the rest (no token
        is dealt before the first deal, and a deal reveals the first)."""
        order = list(data["turn_order"])
        if not order:
            return
        mine = {int(k) - 1: g for k, g in data["my_blocks"].items()}
        rest = sorted(set(range(len(data["generals"]))) - set(order) - set(mine.values()))
        for i in range(len(order), len(data["generals"])):
            order.append(mine[i] if i in mine else rest.pop(0))
        data["turn_order"] = order

    # ---------------------------------------------------------------- dealing and deploying
    def first_round(self) -> None:
        self.state.first = 0
        self.state.start_round()

    def start_round(self) -> None:
        st = self.state
        if st.round > 1:
            for gen in st.generals:  # Take Your Order Tokens, from the figurine back onto the card
                s = st.soldiers[gen.soldiers[0]]
                if s.in_play and s.orders:
                    gen.tokens += s.orders
                    s.orders = 0
        self.deal_for = "deploy" if any(not s.in_play and not s.out for s in st.soldiers.values()) else "turns"
        st.phase = Phase.DEAL

    def sample_chance(self, rng: random.Random) -> Any:
        if self.state.phase is Phase.DEAL:
            order = list(range(len(self.state.generals)))
            rng.shuffle(order)
            return Deal(tuple(order))
        start, direction, strength = self.shot_aim
        seed = rng.getrandbits(32)
        got = self.state.terrain.throw("mortar", start, direction, strength, seed, self.state.chosen)
        return Landing(got.x, got.y, got.z, "token", (), seed)

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """Every deal of the Numbered Block tokens, up to 6 players (720 deals)."""
        if self.state.phase is not Phase.DEAL:
            return None  # the parachute's landing is continuous
        import itertools

        orders = list(itertools.permutations(range(len(self.state.generals))))
        return [(Deal(order), 1.0 / len(orders)) for order in orders]

    def check_chance(self, action: Any) -> str | None:
        if self.state.phase is Phase.DEAL:
            if not isinstance(action, Deal) or sorted(action.order) != list(range(len(self.state.generals))):
                return "The Numbered Block tokens are dealt: one to each player."
            return None
        if not isinstance(action, Landing):
            return "The green Move token lands now."
        from engine.little_soldiers.table.landings import landing_problem  # a landing is a claim: checked

        start, _, strength = self.shot_aim
        return landing_problem(self.state.terrain, "mortar", start, strength, action, ("token",), (), "parachute")

    def apply(self, seat: int, action: Any) -> None:
        phase = self.state.phase
        if phase is Phase.DEAL:
            self.on_deal(action)
        elif phase is Phase.PARACHUTE:
            self.on_parachute(action)
        else:
            self.on_para_landing(action)

    def on_deal(self, action: Deal) -> None:
        st = self.state
        self.turn_order = list(action.order)
        self.turn_pos = 0
        if self.deal_for == "deploy":
            st.log("The Numbered Block tokens are drawn for the Parachute Deployment.")
            self.next_parachute()
        else:
            st.log(f"Round {st.round}: the Numbered Block tokens are dealt face down.")
            self.next_turn()

    def next_parachute(self) -> None:
        st = self.state
        while self.turn_pos < len(self.turn_order):
            g = self.turn_order[self.turn_pos]
            s = st.soldiers[st.generals[g].soldiers[0]]
            if not s.in_play and not s.out:
                st.current = g
                st.log(f"{st.gname(g)} reveals Numbered Block token {self.turn_pos + 1}.")
                st.phase = Phase.PARACHUTE
                return
            self.turn_pos += 1
        self.deal_for = "turns"
        st.phase = Phase.DEAL

    def check(self, seat: int, action: Any) -> str | None:
        if not isinstance(action, Parachute):
            return "Fire the green Move token with the catapult from an edge of the Play Zone."
        if not finite(action.x, action.y, action.direction, action.strength):
            return "The catapult's place, direction and strength must be numbers."
        if not 0.0 <= action.strength <= 1.0:
            return "The strength is between 0 and 1."
        return None

    def help(self) -> str:
        return "fire the green Move token with the catapult from an edge of the Play Zone."

    def on_parachute(self, action: Parachute) -> None:
        st = self.state
        x, y = st.terrain.edge_point((action.x, action.y))
        self.shot_aim = ((x, y, 0.0), float(action.direction), float(action.strength))
        st.log(f"{st.gname(st.current)} sets the catapult at ({x:.1f}, {y:.1f}) and fires the green "
               f"Move token at {action.direction:.0f} degrees, strength {action.strength:.2f}.")
        st.phase = Phase.PARA_LANDING

    def on_para_landing(self, action: Landing) -> None:
        st = self.state
        start, direction, strength = self.shot_aim
        st.show_throw("mortar", start, direction, strength, action)
        self.landing_at = (float(action.x), float(action.y), float(action.z))
        st.log(f"The green Move token lands at ({action.x:.1f}, {action.y:.1f}).")
        st.phase = Phase.DEPLOY

    def parachute_surface(self, x: float, y: float) -> str | None:
        st = self.state
        return st.terrain.bf.surface_at(x, y) if st.climbing else None

    def parachute_spot(self) -> Spot | None:
        """The spot nearest the landed token where the base fits."""
        st = self.state
        lx, ly, _ = self.landing_at
        return st.terrain.nearest_fit((lx, ly), self.parachute_surface(lx, ly), st.spots(), limit=60.0) or \
            st.terrain.nearest_fit((lx, ly), None, st.spots(), limit=200.0)

    def check_deploy(self, s: Soldier, x: float, y: float) -> str | None:
        st = self.state
        spot = Spot(x, y, self.parachute_surface(x, y))
        reason = st.terrain.placement_reason(spot, st.spots())
        if reason:
            return reason
        lx, ly, _ = self.landing_at
        reach = st.terrain.base_radius + D.GREEN_MOVE_TOKEN_LENGTH / 2 + st.terrain.contact
        if math.dist((lx, ly), (x, y)) <= reach:
            return None
        nearest = self.parachute_spot()
        if nearest is not None and math.dist(nearest.xy, (x, y)) <= math.dist(nearest.xy, (lx, ly)) + 1e-6 and \
                math.dist((lx, ly), (x, y)) <= math.dist((lx, ly), nearest.xy) + 0.5:
            return None  # no room beside the token: as close as the base fits
        return f"Place your figurine in contact with the green Move token at ({lx:.1f}, {ly:.1f})."

    def deploys_by_area(self) -> bool:
        return False  # parachuted in beside where the token landed

    def deploy(self, s: Soldier, x: float, y: float) -> None:
        st = self.state
        s.spot = Spot(x, y, self.parachute_surface(x, y))
        st.log(f"{s.id} parachutes in at ({s.spot.x:.1f}, {s.spot.y:.1f}).")
        self.landing_at = None
        self.turn_pos += 1
        self.next_parachute()

    # ---------------------------------------------------------------- turns
    def next_turn(self) -> None:
        st = self.state
        if self.turn_pos >= len(self.turn_order):
            limit = st.chosen.battle_royale_round_limit
            if limit and st.round >= limit:
                st.game_over()
                return
            st.start_round()
            return
        g = self.turn_order[self.turn_pos]
        st.current = g
        st.log(f"{st.gname(g)} reveals Numbered Block token {self.turn_pos + 1}.")
        s = st.soldiers[st.generals[g].soldiers[0]]
        st.mover = None
        st.after = After.ORDER
        st.attack = None
        st.shot = None
        if s.in_play:
            st.phase = Phase.MOVE
        else:
            st.log(f"{s.id} is out: {st.gname(g)} fires a Mortar Shot from the HQ.")
            st.shot = Shot("mortar", s.id, hq=g)
            st.phase = Phase.THROW

    def hq_catapult(self, general: int) -> tuple[float, float, float]:
        """Where a player's HQ is: chosen as the Play Zone's edge in front of
        their seat, the seats spread evenly around the table from green's side."""
        st = self.state
        c = st.terrain.bf.play_zone.centroid
        a = math.radians(-90 + 360 * general / len(st.generals))
        x, y = st.terrain.edge_point((c.x + 500 * math.cos(a), c.y + 500 * math.sin(a)))
        return (x, y, 0.0)

    def rank_side(self, s: Soldier) -> bool:
        return s.promoted  # flipped to its Super Soldier side by Supplies

    def after_move(self, s: Soldier, path: list[tuple[float, float]]) -> bool:
        """Activating Supplies: once per game, unless another player's soldier touches them."""
        st = self.state
        if s.promoted or not path:
            return False
        for at in self.supplies:
            if not st.terrain.swept_touch(path, at):
                continue
            if any(st.terrain.base_touches_token(o.spot, at) for o in st.soldiers.values()
                   if o.in_play and st.is_enemy(s, o)):
                st.log(f"{s.id} touches Supplies, but an opponent is in contact with them.")
                continue
            s.promoted = True
            st.log(f"{s.id} activates Supplies: its card flips to its Super Soldier side "
                   f"({s.hearts} Heart and {s.shields} Shield token(s) go back to the Reserve).")
            s.hearts = 0
            s.shields = 0
            return False
        return False

    def orders_back_to_card(self) -> bool:
        return True  # "Remove your figurine ... along with its Order token. Place them on your card"

    def on_break(self, s: Soldier) -> None:
        """Broken Little Soldiers leave the game for good."""
        s.out = True
        self.state.log(f"{s.id} is broken!")
        self.state.log(f"{s.id} leaves the game for good.")

    def end_turn(self) -> None:
        standing = [s for s in self.state.soldiers.values() if s.in_play]
        if len(standing) <= 1:
            self.state.game_over()
            return
        self.turn_pos += 1
        self.next_turn()

    def result(self) -> Result:
        st = self.state
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
