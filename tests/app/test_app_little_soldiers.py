"""Little Soldiers on the table: figurines where the engine puts them, heads
drawn in their team's colour (the frame conversion and mesh rotation agree)."""

from __future__ import annotations

from engine.little_soldiers.actions import Deploy

from app.controllers.little_soldiers import LittleSoldiersController
from app.seats import Seats


def test_a_click_on_the_table_deploys_through_the_engine():
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=2)
    c.run_bots()
    assert c.my_turn() and c.phase() == "deploy"
    assert not c.click_table(50.0, 50.0)
    assert "select" in c.message.lower()
    mine = [s["id"] for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"] is None]
    c.click_soldier(mine[0])
    assert not c.click_table(-500.0, -500.0)  # off the table: the engine's sentence
    assert c.message == c.explain(Deploy(mine[0], -500.0, -500.0)) != ""


def _close(rgb, team):
    want = {"green": (0.20, 0.62, 0.25), "yellow": (0.95, 0.80, 0.15)}[team]
    return all(abs(c - 255 * w) < 90 for c, w in zip(rgb, want))


def test_heads_are_drawn_in_team_colour(probe, tmp_path):
    facts = probe("little_soldiers", str(tmp_path / "ls.png"), timeout=240)
    assert facts["colours"] > 30
    placed = {k: h for k, h in facts["heads"].items() if h["at"] is not None}
    assert len(placed) >= 2
    for ident, head in placed.items():
        assert _close(head["rgb"], head["team"]), (ident, head)
