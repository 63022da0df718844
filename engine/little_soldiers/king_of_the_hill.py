"""King of the Hill: hold the stacked hill and collect the most Candy.

Every player for themself (each General is its own side); Level tokens on
the Infantry's card decide who may climb; rounds end in a Candy
Distribution instead of the Battle Track, which stays in the box.
"""

from __future__ import annotations

from typing import Any

from engine.core.protocol import Result, scores_result
from engine.little_soldiers import mission_data as M


class KingOfTheHillRules:
    """Mixin of LittleSoldiersState: the King of the Hill mission."""

    def _setup_king_of_the_hill(self) -> None:
        self.candy_reserve = M.CANDY_BY_PLAYERS[self.config.players]
        self.candy_discarded = 0
        self.candy = [0] * len(self.generals)
        self.level_token: dict[int, str | None] = {}
        for gen in self.generals:
            gen.tokens += gen.lid - M.KOTH_LID_TOKENS  # Setup F: all 3 straight onto the General
            gen.lid = M.KOTH_LID_TOKENS
            infantry = next((i for i in gen.soldiers if self.soldiers[i].kind == "infantry"), gen.soldiers[0])
            self.level_token[gen.index] = infantry  # Setup E: a Level 1 token on your Infantry's card

    def may_climb(self, soldier: str) -> bool:
        """Only Little Soldiers with a Level token on their card climb up."""
        return self.level_token.get(self.soldiers[soldier].general) == soldier

    def _koth_break(self, s: Any) -> None:
        """The Level token may pass to another of your soldiers still in play."""
        if self.level_token.get(s.general) != s.id:
            return
        heirs = [o for o in self._own_in_play(s.general) if o.id != s.id]
        if heirs:
            heir = max(heirs, key=lambda o: (self.toughness(o) - o.hearts, o.id))
            self.level_token[s.general] = heir.id
            self.log(f"{s.id}'s Level token is transferred to {heir.id}.")

    def _koth_end_turn(self) -> None:
        if self._active_tokens() > 0:
            for g in self._deploy_order((self.current + 1) % len(self.generals)):
                if self._own_in_play(g):
                    self._begin_turn(g)
                    return
        self.log(f"No Order tokens left on the Generals: round {self.round} is over.")
        self._distribute_candy()
        if self.candy_reserve == 0:
            self._game_over()
        else:
            self._next_round()

    def _distribute_candy(self) -> None:
        """Level 2 first, then Level 1; within a Level the toughest (most
        Hearts left) first; a tie that cannot all be served cancels the
        whole distribution. With none given, 1 Candy goes to the box."""
        claims: dict[tuple[int, int], list[Any]] = {}
        for s in self.soldiers.values():
            if not s.in_play:
                continue
            level = self.terrain.level(s.spot.surface)
            if level in M.CANDY_PER_LEVEL:
                claims.setdefault((level, self.toughness(s) - s.hearts), []).append(s)
        left = self.candy_reserve
        gifts: list[tuple[Any, int]] = []
        cancelled = False
        for key in sorted(claims, reverse=True):
            group = sorted(claims[key], key=lambda s: s.id)
            want = M.CANDY_PER_LEVEL[key[0]]
            if want * len(group) <= left:
                gifts += [(s, want) for s in group]
                left -= want * len(group)
            elif len(group) > 1:
                cancelled = True
                self.log(f"Not enough Candy for the {len(group)} equally tough soldiers on Level {key[0]}: "
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
            self.log(f"{s.id} holds Level {self.terrain.level(s.spot.surface)}: {n} Candy for "
                     f"{self._gname(s.general)}.")
        if not gifts:
            self.candy_reserve -= 1
            self.candy_discarded += 1
            self.log("No Candy was distributed: 1 Candy from the Reserve goes back to the box.")
        self.log(f"Candy: {', '.join(str(c) for c in self.candy)}; {self.candy_reserve} left in the Reserve.")

    def _koth_result(self) -> Result:
        scores = [0.0] * self.num_seats
        for g in self.generals:
            scores[g.seat] += self.candy[g.index]
        top = max(scores)
        who = ", ".join(f"player {i + 1}" for i, v in enumerate(scores) if v == top)
        return scores_result(scores, f"The Candy Reserve is empty: {who} with {top:g} Candy "
                                     f"{'is' if ',' not in who else 'are'} King of the Hill!")

    def _koth_to_dict(self) -> dict[str, Any]:
        return {"candy": list(self.candy), "candy_reserve": self.candy_reserve,
                "candy_discarded": self.candy_discarded,
                "level_tokens": {str(g): s for g, s in sorted(self.level_token.items())}}
