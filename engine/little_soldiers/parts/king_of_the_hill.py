"""King of the Hill: hold the stacked hill and collect the most Candy.

Every player for themself (each General is its own side); Level tokens on
the soldiers' cards decide who may climb; rounds end in a Candy
Distribution instead of the Battle Track, which stays in the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result, scores_result
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Move, Transfer
from engine.little_soldiers.combat import toughness
from engine.little_soldiers.flow import BEGIN_TURN, GAME_OVER, NEXT_ROUND, Frame, frame
from engine.little_soldiers.part import Mission
from engine.little_soldiers.phases import PhaseSpec
from engine.little_soldiers.pieces import Soldier

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

TRANSFER = PhaseSpec("transfer")
"""Before a player's Move: pass a broken soldier's Level token on."""


@dataclass
class Hill:
    """King of the Hill's slice: the Candy and the Level tokens."""

    candy_reserve: int = 0
    candy_discarded: int = 0
    candy: list[int] = field(default_factory=list)
    """Candy won per General."""
    level_token: dict[int, str | None] = field(default_factory=dict)
    """General -> the soldier whose card holds its Level token."""
    transfer: dict[int, str] = field(default_factory=dict)
    """General -> its broken soldier whose Level token may pass on."""

    def copy(self) -> Hill:
        return Hill(self.candy_reserve, self.candy_discarded, list(self.candy), dict(self.level_token),
                    dict(self.transfer))


class KingOfTheHill(Mission[Hill]):
    key: ClassVar[str] = M.KING_OF_THE_HILL
    title: ClassVar[str] = "King of the Hill"
    deployment_numbers: ClassVar[tuple[int, ...]] = R.DEPLOYMENT_NUMBERS
    phases: ClassVar[tuple[PhaseSpec, ...]] = (TRANSFER,)
    actions: ClassVar[tuple[type, ...]] = (Transfer,)
    players: ClassVar[tuple[int, int] | None] = (2, 4)
    required: ClassVar[tuple[str, ...]] = ("levels",)
    optional: ClassVar[tuple[str, ...]] = ("super_soldier", "objects", "advanced_tactics")
    level: ClassVar[str] = "levels/little_soldiers/king-of-the-hill.json"
    # "1 Infantry only and 1 other Little Soldier of their choice".
    mission_squads: ClassVar[Mapping[int, tuple[tuple[str, ...], ...]]] = {
        2: (("infantry", "grenadier"), ("infantry", "sniper")),
        3: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator")),
        4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "operator"), ("infantry", "operator")),
    }
    readings: ClassVar[tuple[str, ...]] = (
        "King of the Hill, Level tokens: \"you can transfer their Level token\" is the player's choice (any of "
        "their other soldiers still in play, or keep it on the broken soldier's card). It is made at the start "
        "of that player's next turn, before its Move: a break happens in the middle of another player's Action, "
        "and until your own turn nothing depends on who holds the token (only climbing does).",
        "King of the Hill, Candy Distribution: a lone soldier that cannot get all the Candy it should have "
        "takes what is left (the book cancels the distribution only for a tie of equal Toughness).",
    )
    rules: ClassVar[tuple[str, ...]] = (
        "  king-of-the-hill (2-4, Levels; every player for themself): all 3 Order tokens on the General,",
        "    a Level token on the Infantry (only its holder climbs up; when the holder breaks its",
        "    player may pass it on to another of their soldiers in play); no Battle Track; when the",
        "    Generals are out of tokens, Candy: 2 per soldier on Level 2, 1 on Level 1; short of Candy,",
        "    Level 2 first, the toughest first, and a tie that cannot all be served cancels it all, even",
        "    on lower Levels; none given: 1 Candy to the box; an empty Reserve ends it: most Candy wins.",
    )

    @classmethod
    def mission_squad_reason(cls, index: int, squad: tuple[str, ...], generals: int) -> str | None:
        reason = super().mission_squad_reason(index, squad, generals)
        if reason is None and squad.count("infantry") > 1:  # Setup E: "1 Infantry only and 1 other Little Soldier"
            return f"squads[{index}]: 1 Infantry only and one other, different Little Soldier"
        return reason

    def side_of(self, general: int, team: str) -> str:
        return f"general-{general}"  # "It's every man for himself!"

    # ---------------------------------------------------------------- the slice
    def setup(self, st: LittleSoldiersState) -> Hill:
        hill = Hill(M.CANDY_BY_PLAYERS[st.config.players], 0, [0] * len(st.generals))
        for gen in st.generals:
            gen.tokens += gen.lid - M.KOTH_LID_TOKENS  # Setup F: all 3 straight onto the General
            gen.lid = M.KOTH_LID_TOKENS
            infantry = next((i for i in gen.soldiers if st.soldiers[i].kind == "infantry"), gen.soldiers[0])
            hill.level_token[gen.index] = infantry  # Setup E: a Level 1 token on your Infantry's card
        return hill

    def copy(self, data: Hill) -> Hill:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: Hill, out: dict[str, Any]) -> None:
        out.update({"candy": list(data.candy), "candy_reserve": data.candy_reserve,
                    "candy_discarded": data.candy_discarded,
                    "level_tokens": {str(g): s for g, s in sorted(data.level_token.items())},
                    "level_token_transfers": {str(g): s for g, s in sorted(data.transfer.items())}})

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> Hill:
        return Hill(int(data["candy_reserve"]), int(data["candy_discarded"]), [int(c) for c in data["candy"]],
                    {int(g): s for g, s in data["level_tokens"].items()},
                    {int(g): s for g, s in data.get("level_token_transfers", {}).items()})

    # ---------------------------------------------------------------- Level tokens
    def may_climb(self, st: LittleSoldiersState, soldier: str) -> bool:
        """Only Little Soldiers with a Level token on their card climb up."""
        return self.data(st).level_token.get(st.soldiers[soldier].general) == soldier

    def check_move(self, st: LittleSoldiersState, soldier: Soldier, action: Move, end_level_up: bool) -> str | None:
        if end_level_up and not self.may_climb(st, soldier.id):
            return f"Only a Little Soldier with a Level token on its card can climb up; {soldier.id} has none."
        return None

    def before_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """"You can transfer their Level token to one of your other Little
        Soldiers still in play": offered at the start of your next turn."""
        hill = self.data(st)
        if hill.level_token.get(soldier.general) != soldier.id:
            return
        if any(o.id != soldier.id for o in st.own_in_play(soldier.general)):
            hill.transfer[soldier.general] = soldier.id
            st.log(f"{soldier.id} held a Level token: {st.gname(soldier.general)} may transfer it at the start of "
                   "their next turn.")

    def heirs(self, st: LittleSoldiersState, g: int) -> list[Soldier]:
        broken = self.data(st).transfer.get(g)
        return [o for o in st.own_in_play(g) if o.id != broken]

    def turn_begins(self, st: LittleSoldiersState) -> None:
        hill = self.data(st)
        g = st.current
        if g not in hill.transfer:
            return
        if not self.heirs(st, g) or hill.level_token.get(g) != hill.transfer[g]:
            del hill.transfer[g]
            return
        st.open(TRANSFER)

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        return [Transfer(o.id) for o in self.heirs(st, st.current)] + [Transfer(None)]

    def help(self, st: LittleSoldiersState) -> str:
        return "transfer your broken soldier's Level token to another of your soldiers in play, or keep it."

    def apply(self, st: LittleSoldiersState, seat: int, action: Transfer) -> None:
        hill = self.data(st)
        g = st.current
        broken = hill.transfer.pop(g)
        if action.soldier is None:
            st.log(f"{st.gname(g)} keeps the Level token on {broken}'s card.")
        else:
            hill.level_token[g] = action.soldier
            st.log(f"{broken}'s Level token is transferred to {action.soldier}.")

    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        st.log(f"{soldier.id} is broken!")
        st.log(f"{soldier.id} returns to the HQ.")

    # ---------------------------------------------------------------- rounds
    def end_turn(self, st: LittleSoldiersState) -> None:
        if st.active_tokens() > 0:
            for g in st.deploy_order((st.current + 1) % len(st.generals)):
                if st.own_in_play(g):
                    st.then(frame(BEGIN_TURN, g))
                    return
        st.log(f"No Order tokens left on the Generals: round {st.round} is over.")
        self.distribute_candy(st)
        st.then(Frame(GAME_OVER if self.data(st).candy_reserve == 0 else NEXT_ROUND))

    def distribute_candy(self, st: LittleSoldiersState) -> None:
        """Level 2 first, then Level 1; within a Level the toughest (most
        Hearts left) first; a tie that cannot all be served cancels the
        whole distribution. With none given, 1 Candy goes to the box."""
        hill = self.data(st)
        claims: dict[tuple[int, int], list[Soldier]] = {}
        for s in st.soldiers.values():
            if s.spot is None:
                continue
            level = st.terrain.level(s.spot.surface)
            if level in M.CANDY_PER_LEVEL:
                claims.setdefault((level, toughness(st, s) - s.hearts), []).append(s)
        left = hill.candy_reserve
        gifts: list[tuple[Soldier, int]] = []
        cancelled = False
        for key in sorted(claims, reverse=True):
            group = sorted(claims[key], key=lambda s: s.id)
            want = M.CANDY_PER_LEVEL[key[0]]
            if want * len(group) <= left:
                gifts += [(s, want) for s in group]
                left -= want * len(group)
            elif len(group) > 1:
                cancelled = True
                st.log(f"Not enough Candy for the {len(group)} equally tough soldiers on Level {key[0]}: "
                       "no Candy is distributed at all.")
                break
            elif left > 0:
                gifts.append((group[0], left))  # chosen: a lone soldier takes what is left
                left = 0
        if cancelled:
            gifts = []
        for s, n in gifts:
            hill.candy[s.general] += n
            hill.candy_reserve -= n
            level = st.terrain.level(s.spot.surface if s.spot is not None else None)
            st.log(f"{s.id} holds Level {level}: {n} Candy for {st.gname(s.general)}.")
        if not gifts:
            hill.candy_reserve -= 1
            hill.candy_discarded += 1
            st.log("No Candy was distributed: 1 Candy from the Reserve goes back to the box.")
        # each General's Candy by name ("Candy: 3, 2" named nobody)
        held = ", ".join(f"{g.name} {hill.candy[g.index]}" for g in st.generals)
        st.log(f"Candy: {held}; {hill.candy_reserve} left in the Reserve.")

    def result(self, st: LittleSoldiersState) -> Result:
        hill = self.data(st)
        scores = [0.0] * st.num_seats
        for g in st.generals:
            scores[g.seat] += hill.candy[g.index]
        top = max(scores)
        kings = [g.name for g in st.generals if scores[g.seat] == top]  # by the names the log gives them
        who = ", ".join(kings[:-1]) + f" and {kings[-1]}" if len(kings) > 1 else kings[0]
        return scores_result(scores, f"The Candy Reserve is empty: {who} with {top:g} Candy "
                                     f"{'is' if len(kings) == 1 else 'are'} King of the Hill!")
