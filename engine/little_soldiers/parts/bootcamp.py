"""The Bootcamp Book's game: two colours, the Battle Track and its Flag.

Sides are the colours (green and yellow; in 2 Against 2 two Generals share
one). A broken soldier moves the Flag a step toward its own side; the last
of a colour in the Play Zone is a Wipeout (one more step, the round ends at
once). The game ends when the Flag reaches a Victory zone or the lids are
empty; then the Flag's side wins, else fewest soldiers in play, then fewest
Hearts, else a shared win.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.protocol import Result
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.parts.base import Mission
from engine.little_soldiers.pieces import Soldier


class Bootcamp(Mission):
    key: ClassVar[str] = ""
    title: ClassVar[str] = "Bootcamp"
    deployment_numbers: ClassVar[tuple[int, ...]] = R.DEPLOYMENT_NUMBERS

    def setup(self) -> None:
        self.flag = 0  # > 0: toward green's Victory zone; < 0: toward yellow's

    def to_dict(self) -> dict[str, Any]:
        return {"flag": self.flag}

    def load(self, data: dict[str, Any]) -> None:
        self.flag = int(data.get("flag", 0))

    def flag_step(self, broken_team: str) -> None:
        n = self.state.chosen.flag_steps_to_victory
        step = -1 if broken_team == R.TEAMS[0] else 1
        self.flag = max(-n, min(n, self.flag + step))

    def on_break(self, s: Soldier) -> None:
        st = self.state
        self.flag_step(s.team)
        st.log(f"{s.id} is broken! It returns to the HQ; the Flag moves to {self.flag:+d}.")
        if not any(o.in_play and o.side == s.side for o in st.soldiers.values()):
            self.flag_step(s.team)
            st.round_over_now = True
            st.log(f"Wipeout: no {s.team} soldier is left in the Play Zone; the Flag moves again to {self.flag:+d} "
                   "and the round ends.")

    def won(self) -> bool:
        return abs(self.flag) >= self.state.chosen.flag_steps_to_victory

    def end_turn(self) -> None:
        if self.won():
            self.state.game_over()
            return
        self.state.next_turn_or_round()

    def round_cut(self) -> None:
        st = self.state
        if self.won() or all(g.lid == 0 for g in st.generals):
            st.game_over()
            return
        st.start_next_round()

    def result(self) -> Result:
        st = self.state
        n = st.chosen.flag_steps_to_victory
        teams = R.TEAMS
        flag = self.flag
        scores_by_team = {teams[0]: float(flag), teams[1]: float(-flag)}
        if flag >= n or flag <= -n:
            team = teams[0] if flag > 0 else teams[1]
            return st.team_result([team], scores_by_team, f"The Flag reaches {team}'s Victory zone: {team} wins!")
        if flag != 0:
            team = teams[0] if flag > 0 else teams[1]
            return st.team_result([team], scores_by_team,
                                  f"End of round 3: {team} has the advantage on the Battle Track and wins.")
        in_play = {t: sum(1 for s in st.soldiers.values() if s.in_play and s.team == t) for t in teams}
        fewest = min(in_play.values())
        tied = [t for t in teams if in_play[t] == fewest]
        if len(tied) == 1:
            return st.team_result(tied, scores_by_team,
                                  f"The Flag is in the middle: {tied[0]} has the fewest soldiers in play and wins.")
        hearts = {t: sum(s.hearts for s in st.soldiers.values() if s.in_play and s.team == t) for t in teams}
        least = min(hearts.values())
        tied = [t for t in teams if hearts[t] == least]
        if len(tied) == 1:
            return st.team_result(tied, scores_by_team, "The Flag is in the middle and soldiers are level: "
                                                        f"{tied[0]} has the fewest Hearts and wins.")
        return st.team_result(list(teams), scores_by_team, "A perfect draw: the players share the win.")
