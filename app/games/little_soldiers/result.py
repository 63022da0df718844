"""Little Soldiers' result in the game's own words, for the result panel.

The engine says why the game ended (``Result.reason``) and scores each seat
with a number (the Flag's step, Candy, standing or not); a bare number read
as nothing ("Player 1 (green), winner: 3"). These lines say what the numbers
count, naming the players as the log does ("Dinosaur (green)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.games.little_soldiers.controller import LittleSoldiersController


def score_lines(c: LittleSoldiersController) -> list[str]:
    """The result in the game's own words: where the Flag stands and each side's soldiers
    (the Bootcamp), each General's Candy (King of the Hill), who is still standing (Battle
    Royale), the Threats broken (the co-op missions); the winners marked."""
    result = c.match.state.result() if c.is_over() else None
    if result is None:
        return []
    v = c.view_dict()
    seats = sorted({g["seat"] for g in v["generals"]})

    def won(seat: int) -> str:
        return ", winner" if seat in result.winners and len(result.winners) < len(seats) else ""

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'s' if n != 1 else ''}"

    standing = [s for s in v["soldiers"] if s["spot"] is not None]
    by_seat = {g["index"]: g["seat"] for g in v["generals"]}
    if v.get("threats"):
        broken = [t["name"] for t in v["threats"] if t.get("broken")]
        head = [f"Threats broken: {len(broken)} of {len(v['threats'])}" + (f" ({', '.join(broken)})." if broken else ".")]
        left = v.get("threat_track_left")
        if isinstance(left, int):
            head.append("The Flag reached the Threat Victory space." if left <= 0 else
                        f"The Flag stopped {plural(left, 'space')} from the Threat Victory space.")
        together = ", ".join(c.seat_title(s) for s in seats)
        return head + [f"{'Won' if result.winners else 'Played'} together: {together}."]
    if v.get("candy") is not None:
        candy = {s: sum(v["candy"][g["index"]] for g in v["generals"] if g["seat"] == s) for s in seats}
        return [f"{c.seat_title(s)}{won(s)}: {candy[s]} Candy" for s in seats]
    if not v.get("battle_track"):  # Battle Royale: the last one standing
        up = {by_seat[s["general"]] for s in standing}
        return [f"{c.seat_title(s)}{won(s)}: " + ("still standing" if s in up else "broken, out of the game")
                for s in seats]
    flag = int(v.get("flag") or 0)
    n = c.view().chosen.flag_steps_to_victory
    if flag == 0:
        out = ["The Flag stands in the middle of the Battle Track."]
    else:
        team = "green" if flag > 0 else "yellow"
        out = [f"The Flag stands {plural(abs(flag), 'space')} toward {team}'s Victory zone ({n} reach it)."]
    for s in seats:
        mine = [x for x in standing if by_seat.get(x["general"]) == s]
        hearts = sum(x["hearts"] for x in mine)
        out.append(f"{c.seat_title(s)}{won(s)}: {plural(len(mine), 'soldier')} in play, "
                   f"{plural(hearts, 'Heart')} on them")
    return out


__all__ = ["score_lines"]
