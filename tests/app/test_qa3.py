"""Third live QA round (issue 12's done-when, as a player finds it)."""

from __future__ import annotations

import random
import re

import pytest


def _play_randomly(match, steps: int, seed: int = 1) -> None:
    """Seeded random players (candidate actions where the game is continuous)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.result() is not None:
            return
        seat = match.state.to_act()[0]
        acts = match.state.legal_actions(seat) or match.state.view(seat).candidate_actions(8, rng)
        match.play(seat, rng.choice(acts))


@pytest.mark.parametrize("config", [{}, {"mission": "a_new_threat", "players": 2}])
def test_replay_names_soldiers_and_scenery_as_printed(tmp_path, capsys, config):
    """`toybox replay` printed "green-infantry deploys", "shoebox-west": the
    ids the app's log already turns into names."""
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    from app.cli import main

    info = get_game("little-soldiers")
    match = Match(info, info.config_from_dict(config), 3)
    _play_randomly(match, 60)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("{")]
    soldiers = [s["id"] for s in match.state.to_dict()["soldiers"]]
    pieces = [p.id for p in match.state.base_terrain.bf.scenery if "-" in p.id or "_" in p.id]
    ids = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, soldiers + pieces)) + r")(?![\w-])")
    text = "\n".join(lines)
    assert any(" deploys at " in line for line in lines), text[:2000]
    assert not ids.search(text), ids.search(text)
    assert "Green Infantry" in text or "Yellow Infantry" in text


def test_replay_says_whose_private_line_it_is(tmp_path, capsys):
    """A replay shows every seat's log: four "You are dealt ..." lines read as one player's."""
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    from app.cli import main

    info = get_game("little-battle")
    match = Match(info, info.config_from_dict({"players": 4}), 3)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    dealt = [line for line in capsys.readouterr().out.splitlines() if "You are dealt" in line]
    assert len(dealt) == 4 and dealt[1].startswith("[seen by Player 2 (blue)] You are dealt"), dealt
