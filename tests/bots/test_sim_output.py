"""`toybox sim` reports win rates with their 95% intervals, per seat or, with
--swap, per bot over every seat, plus each bot's seconds per decision."""

from __future__ import annotations

import re

from app.shell.cli import main


def test_sim_table_has_intervals_per_seat(capsys):
    assert main(["sim", "toy-battle", "--terrain", "castle-field", "--games", "4", "--bots", "heuristic,random",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out
    assert re.search(r"^seat 1 \(heuristic\)\s+[0-9.]+\s+4\s+[0-9.]+%\s+[0-9.]+–[0-9.]+%$", out, re.M)
    assert re.search(r"heuristic: [0-9.]+ s per decision", out)


def test_sim_swap_reports_each_bot_over_all_seats(capsys):
    assert main(["sim", "toy-battle", "--terrain", "castle-field", "--games", "4", "--bots", "easy,random",
                 "--swap", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^easy \(all seats\)\s+[0-9.]+\s+4\s", out, re.M)
    assert re.search(r"^random \(all seats\)\s+[0-9.]+\s+4\s", out, re.M)


def test_sim_counts_a_coop_team_win_once(capsys):
    """A co-op mission: one row, the team's; every seat wins or loses with it
    (a row per seat counted a shared win as half a win and read 0.333 where
    the team had won 2 of 3)."""
    assert main(["sim", "little-soldiers", "--mission", "a_new_threat", "--players", "2", "--games", "2",
                 "--bots", "random", "--quiet", "--seed", "1000"]) == 0  # the row is the point, not the bot: random is quick
    out = capsys.readouterr().out
    team = re.search(r"^team \(all seats win together\)\s+([0-9.]+)\s+2\s", out, re.M)
    assert team and float(team.group(1)) in (0.0, 1.0, 2.0)
    assert not re.search(r"^seat \d \(random\)\s+[0-9.]+\s+2\s", out, re.M)
    assert "win rate 0." not in out


def test_only_the_coop_missions_play_as_one_team():
    """A team row means one side against the game: the co-op missions, not a
    competitive game whose seats all tied (Little Battle's shared gold)."""
    from engine.core.games import get_game

    def cooperative(game: str, config: dict) -> bool:
        info = get_game(game)
        return info.new_game(info.config_from_dict(config), 0).cooperative

    assert cooperative("little-soldiers", {"mission": "a_new_threat", "players": 2})
    assert cooperative("little-soldiers", {"mission": "another_new_threat", "players": 2})
    assert not cooperative("little-soldiers", {})
    assert not cooperative("little-soldiers", {"mission": "battle_royale", "players": 3})
    assert not cooperative("little-battle", {"players": 3})
    assert not cooperative("toy-battle", {"terrain": "castle-field"})

