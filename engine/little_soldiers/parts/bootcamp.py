"""The Bootcamp Book's game: two colours, the Battle Track and its Flag.

Sides are the colours (green and yellow; in 2 Against 2 two Generals share
one). A broken soldier moves the Flag a step toward its own side; the last
of a colour in the Play Zone is a Wipeout (one more step, the round ends at
once). The game ends when the Flag reaches a Victory zone or the lids are
empty; then the Flag's side wins, else fewest soldiers in play, then fewest
Hearts, else a shared win.

It is the game played when the config names no mission, so it also answers
for the Module Book's player counts and squads (each module declares its
own: 2 Against 2's four Generals, Reinforcements' larger squads).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.flow import GAME_OVER, NEXT_ROUND, NEXT_TURN, ROUND_CUT, Frame
from engine.little_soldiers.part import Mission, Part
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.registry import REGISTRY

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

DEFAULT_SQUADS: Mapping[int, tuple[tuple[str, ...], ...]] = {
    # per General, in seating order; Generals alternate green, yellow, ...
    2: (("infantry", "grenadier"), ("infantry", "sniper")),
    4: (("infantry", "grenadier"), ("infantry", "sniper"), ("infantry", "sniper"), ("infantry", "operator")),
}


@dataclass
class BattleTrack:
    """The Bootcamp's slice: where the Flag stands on the Battle Track."""

    flag: int = 0
    """> 0: toward green's Victory zone; < 0: toward yellow's."""

    def copy(self) -> BattleTrack:
        return BattleTrack(self.flag)

    def where(self) -> str:
        """Where the Flag stands, as the printed track shows it: its squares are numbered
        from the middle out on each colour's side (a log's "-1" was printed nowhere)."""
        if self.flag == 0:
            return "the middle of the Battle Track"
        steps = abs(self.flag)
        team = R.TEAMS[0] if self.flag > 0 else R.TEAMS[1]
        return f"{steps} space{'s' if steps != 1 else ''} toward {team}'s Victory zone"


class Bootcamp(Mission[BattleTrack]):
    key: ClassVar[str] = "bootcamp"
    title: ClassVar[str] = "Bootcamp"
    deployment_numbers: ClassVar[tuple[int, ...]] = R.DEPLOYMENT_NUMBERS
    level: ClassVar[str] = "levels/little_soldiers/bootcamp.json"

    # ------------------------------------------------------------ the config (the Module Book's counts)
    @classmethod
    def player_range(cls, modules: Sequence[type[Part[Any]]]) -> tuple[int, int]:
        return next((m.players for m in modules if m.players), (2, 2))

    @classmethod
    def players_reason(cls, players: int, modules: Sequence[type[Part[Any]]]) -> str | None:
        lo, hi = cls.player_range(modules)
        if lo <= players <= hi:
            return None
        sets = next((m for m in modules if m.players), None)
        if sets is not None:
            return f"{sets.title} is for {_counts(lo, hi)} players, not {players}"
        more = [f"{m.players[0]}-{m.players[1]} with the {m.key} module" for m in REGISTRY.modules.values()
                if m.players]
        return f"Little Soldiers is for 2 players{' (' + ', '.join(more) + ')' if more else ''}, not {players}"

    @classmethod
    def generals_for(cls, players: int, modules: Sequence[type[Part[Any]]]) -> int:
        return next((m.generals for m in modules if m.generals), 2)

    @classmethod
    def default_squads(cls, players: int, modules: Sequence[type[Part[Any]]]) -> tuple[tuple[str, ...], ...]:
        own = next((m.squads for m in modules if m.squads), None)
        return own if own is not None else DEFAULT_SQUADS[cls.generals_for(players, modules)]

    @classmethod
    def squads_error(cls, squads: tuple[tuple[str, ...], ...], players: int,
                     modules: Sequence[type[Part[Any]]]) -> str | None:
        generals = cls.generals_for(players, modules)
        if len(squads) != generals:
            return f"squads needs one squad per General ({generals}), got {len(squads)}"
        sized = next((m for m in modules if m.squad_sizes), None)
        for i, squad in enumerate(squads):
            for t in squad:
                if t not in R.SOLDIER_TYPES:
                    return f"squads[{i}]: unknown soldier type {t!r} (types: {', '.join(R.SOLDIER_TYPES)})"
            if "infantry" not in squad:
                return f"squads[{i}]: every squad starts with an Infantry (Bootcamp, HQ Zone)"
            if sized is not None and sized.squad_sizes is not None:
                lo, hi = sized.squad_sizes
                if not lo <= len(squad) <= hi:
                    return f"squads[{i}]: with {sized.title} a squad has {lo} to {hi} soldiers"
            elif len(squad) != R.STARTING_SOLDIERS:
                more = " or ".join(m.title for m in REGISTRY.modules.values() if m.squad_sizes)
                return (f"squads[{i}]: a squad is an Infantry and one other soldier"
                        + (f" (add {more} for more)" if more else ""))
            for m in modules:
                reason = m.squad_reason(i, squad)
                if reason:
                    return reason
        for m in modules:
            reason = m.squads_reason(squads)
            if reason:
                return reason
        return None

    @classmethod
    def seat_of(cls, general: int, players: int, modules: Sequence[type[Part[Any]]]) -> int:
        for m in modules:
            seats = m.seats.get(players)
            if seats is not None:
                return seats[general]
        return general

    # ------------------------------------------------------------ the slice
    def setup(self, st: LittleSoldiersState) -> BattleTrack:
        return BattleTrack()

    def copy(self, data: BattleTrack) -> BattleTrack:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: BattleTrack, out: dict[str, Any]) -> None:
        out["flag"] = data.flag

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> BattleTrack:
        return BattleTrack(int(data.get("flag", 0)))

    # ------------------------------------------------------------ the Battle Track
    def flag_step(self, st: LittleSoldiersState, broken_team: str) -> None:
        track = self.data(st)
        n = st.chosen.flag_steps_to_victory
        step = -1 if broken_team == R.TEAMS[0] else 1
        track.flag = max(-n, min(n, track.flag + step))

    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        track = self.data(st)
        self.flag_step(st, soldier.team)
        st.log(f"{soldier.id} is broken! It returns to the HQ; the Flag moves to {track.where()}.")
        if not any(o.in_play and o.side == soldier.side for o in st.soldiers.values()):
            self.flag_step(st, soldier.team)
            st.cut(Frame(ROUND_CUT))  # the round ends once this Action's hits are resolved
            st.log(f"Wipeout: no {soldier.team} soldier is left in the Play Zone; the Flag moves again to "
                   f"{track.where()} and the round ends.")

    def won(self, st: LittleSoldiersState) -> bool:
        return abs(self.data(st).flag) >= st.chosen.flag_steps_to_victory

    def end_turn(self, st: LittleSoldiersState) -> None:
        st.then(Frame(GAME_OVER if self.won(st) else NEXT_TURN))

    def round_cut(self, st: LittleSoldiersState) -> None:
        if self.won(st) or all(g.lid == 0 for g in st.generals):
            st.then(Frame(GAME_OVER))
        else:
            st.then(Frame(NEXT_ROUND))

    def result(self, st: LittleSoldiersState) -> Result:
        n = st.chosen.flag_steps_to_victory
        teams = R.TEAMS
        flag = self.data(st).flag
        scores_by_team = {teams[0]: float(flag), teams[1]: float(-flag)}
        if flag >= n or flag <= -n:
            team = teams[0] if flag > 0 else teams[1]
            return team_result(st, [team], scores_by_team, f"The Flag reaches {team}'s Victory zone: {team} wins!")
        if flag != 0:
            team = teams[0] if flag > 0 else teams[1]
            return team_result(st, [team], scores_by_team,
                               f"End of round 3: {team} has the advantage on the Battle Track and wins.")
        in_play = {t: sum(1 for s in st.soldiers.values() if s.in_play and s.team == t) for t in teams}
        fewest = min(in_play.values())
        tied = [t for t in teams if in_play[t] == fewest]
        if len(tied) == 1:
            return team_result(st, tied, scores_by_team,
                               f"The Flag is in the middle: {tied[0]} has the fewest soldiers in play and wins.")
        hearts = {t: sum(s.hearts for s in st.soldiers.values() if s.in_play and s.team == t) for t in teams}
        least = min(hearts.values())
        tied = [t for t in teams if hearts[t] == least]
        if len(tied) == 1:
            return team_result(st, tied, scores_by_team, "The Flag is in the middle and soldiers are level: "
                                                         f"{tied[0]} has the fewest Hearts and wins.")
        return team_result(st, list(teams), scores_by_team, "A perfect draw: the players share the win.")


def team_result(st: LittleSoldiersState, teams: list[str], by_team: dict[str, float], reason: str) -> Result:
    """The result of a game by colours: every seat of the winning colours wins."""
    winners = sorted({g.seat for g in st.generals if g.team in teams})
    scores = [0.0] * st.num_seats
    for g in st.generals:
        scores[g.seat] = by_team[g.team]
    return Result(tuple(winners), tuple(scores), reason)


def _counts(lo: int, hi: int) -> str:
    return f"{lo} or {hi}" if hi == lo + 1 else f"{lo} to {hi}"
