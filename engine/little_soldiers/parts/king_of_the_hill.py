"""King of the Hill: hold the stacked hill and collect the most Candy.

Every player for themself (each General is its own side); Level tokens on
the soldiers' cards decide who may climb; rounds end in a Candy
Distribution instead of the Battle Track, which stays in the box.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.protocol import Result, scores_result
from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Transfer
from engine.little_soldiers.parts.base import Mission
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.pieces import Soldier


class KingOfTheHill(Mission):
    key: ClassVar[str] = M.KING_OF_THE_HILL
    title: ClassVar[str] = "King of the Hill"
    deployment_numbers: ClassVar[tuple[int, ...]] = R.DEPLOYMENT_NUMBERS
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.TRANSFER})
    readings: ClassVar[tuple[str, ...]] = (
        "King of the Hill, Level tokens: \"you can transfer their Level token\" is the player's choice (any of "
        "their other soldiers still in play, or keep it on the broken soldier's card). It is made at the start "
        "of that player's next turn, before its Move: a break happens in the middle of another player's Action, "
        "and until your own turn nothing depends on who holds the token (only climbing does).",
        "King of the Hill, Candy Distribution: a lone soldier that cannot get all the Candy it should have "
        "takes what is left (the book cancels the distribution only for a tie of equal Toughness).",
    )

    def side_of(self, general: int, team: str) -> str:
        return f"general-{general}"  # "It's every man for himself!"

    def setup(self) -> None:
        st = self.state
        self.candy_reserve = M.CANDY_BY_PLAYERS[st.config.players]
        self.candy_discarded = 0
        self.candy = [0] * len(st.generals)
        self.level_token: dict[int, str | None] = {}
        self.transfer: dict[int, str] = {}  # General -> its broken soldier whose Level token may pass on
        for gen in st.generals:
            gen.tokens += gen.lid - M.KOTH_LID_TOKENS  # Setup F: all 3 straight onto the General
            gen.lid = M.KOTH_LID_TOKENS
            infantry = next((i for i in gen.soldiers if st.soldiers[i].kind == "infantry"), gen.soldiers[0])
            self.level_token[gen.index] = infantry  # Setup E: a Level 1 token on your Infantry's card

    def copy_slice(self) -> None:
        self.candy = list(self.candy)
        self.level_token = dict(self.level_token)
        self.transfer = dict(self.transfer)

    def to_dict(self) -> dict[str, Any]:
        return {"candy": list(self.candy), "candy_reserve": self.candy_reserve,
                "candy_discarded": self.candy_discarded,
                "level_tokens": {str(g): s for g, s in sorted(self.level_token.items())},
                "level_token_transfers": {str(g): s for g, s in sorted(self.transfer.items())}}

    def load(self, data: dict[str, Any]) -> None:
        self.candy = [int(c) for c in data["candy"]]
        self.candy_reserve = int(data["candy_reserve"])
        self.candy_discarded = int(data["candy_discarded"])
        self.level_token = {int(g): s for g, s in data["level_tokens"].items()}
        self.transfer = {int(g): s for g, s in data.get("level_token_transfers", {}).items()}

    # ---------------------------------------------------------------- Level tokens
    def may_climb(self, soldier: str) -> bool:
        """Only Little Soldiers with a Level token on their card climb up."""
        return self.level_token.get(self.state.soldiers[soldier].general) == soldier

    def check_move(self, s: Soldier, action: Any, end_level_up: bool) -> str | None:
        if end_level_up and not self.may_climb(s.id):
            return f"Only a Little Soldier with a Level token on its card can climb up; {s.id} has none."
        return None

    def before_break(self, s: Soldier) -> None:
        """"You can transfer their Level token to one of your other Little
        Soldiers still in play": offered at the start of your next turn."""
        st = self.state
        if self.level_token.get(s.general) != s.id:
            return
        if any(o.id != s.id for o in st.own_in_play(s.general)):
            self.transfer[s.general] = s.id
            st.log(f"{s.id} held a Level token: {st.gname(s.general)} may transfer it at the start of their "
                   "next turn.")

    def heirs(self, g: int) -> list[Soldier]:
        broken = self.transfer.get(g)
        return [o for o in self.state.own_in_play(g) if o.id != broken]

    def turn_begins(self) -> bool:
        g = self.state.current
        if g not in self.transfer:
            return False
        if not self.heirs(g) or self.level_token.get(g) != self.transfer[g]:
            del self.transfer[g]
            return False
        self.state.phase = Phase.TRANSFER
        return True

    def legal(self, seat: int) -> list[Any]:
        return [Transfer(o.id) for o in self.heirs(self.state.current)] + [Transfer(None)]

    def help(self) -> str:
        return "transfer your broken soldier's Level token to another of your soldiers in play, or keep it."

    def apply(self, seat: int, action: Transfer) -> None:
        st = self.state
        g = st.current
        broken = self.transfer.pop(g)
        if action.soldier is None:
            st.log(f"{st.gname(g)} keeps the Level token on {broken}'s card.")
        else:
            self.level_token[g] = action.soldier
            st.log(f"{broken}'s Level token is transferred to {action.soldier}.")
        st.phase = Phase.MOVE

    def on_break(self, s: Soldier) -> None:
        self.state.log(f"{s.id} is broken!")
        self.state.log(f"{s.id} returns to the HQ.")

    # ---------------------------------------------------------------- rounds
    def end_turn(self) -> None:
        st = self.state
        if st.active_tokens() > 0:
            for g in st.deploy_order((st.current + 1) % len(st.generals)):
                if st.own_in_play(g):
                    st.begin_turn(g)
                    return
        st.log(f"No Order tokens left on the Generals: round {st.round} is over.")
        self.distribute_candy()
        if self.candy_reserve == 0:
            st.game_over()
        else:
            st.start_next_round()

    def distribute_candy(self) -> None:
        """Level 2 first, then Level 1; within a Level the toughest (most
        Hearts left) first; a tie that cannot all be served cancels the
        whole distribution. With none given, 1 Candy goes to the box."""
        st = self.state
        claims: dict[tuple[int, int], list[Soldier]] = {}
        for s in st.soldiers.values():
            if not s.in_play:
                continue
            level = st.terrain.level(s.spot.surface)
            if level in M.CANDY_PER_LEVEL:
                claims.setdefault((level, st.toughness(s) - s.hearts), []).append(s)
        left = self.candy_reserve
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
            self.candy[s.general] += n
            self.candy_reserve -= n
            st.log(f"{s.id} holds Level {st.terrain.level(s.spot.surface)}: {n} Candy for {st.gname(s.general)}.")
        if not gifts:
            self.candy_reserve -= 1
            self.candy_discarded += 1
            st.log("No Candy was distributed: 1 Candy from the Reserve goes back to the box.")
        # each General's Candy by name ("Candy: 3, 2" named nobody)
        held = ", ".join(f"{g.name} {self.candy[g.index]}" for g in st.generals)
        st.log(f"Candy: {held}; {self.candy_reserve} left in the Reserve.")

    _distribute_candy = distribute_candy

    def result(self) -> Result:
        st = self.state
        scores = [0.0] * st.num_seats
        for g in st.generals:
            scores[g.seat] += self.candy[g.index]
        top = max(scores)
        kings = [g.name for g in st.generals if scores[g.seat] == top]  # by the names the log gives them
        who = ", ".join(kings[:-1]) + f" and {kings[-1]}" if len(kings) > 1 else kings[0]
        return scores_result(scores, f"The Candy Reserve is empty: {who} with {top:g} Candy "
                                     f"{'is' if len(kings) == 1 else 'are'} King of the Hill!")
