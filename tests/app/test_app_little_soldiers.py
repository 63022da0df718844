"""Little Soldiers on the table: figurines where the engine puts them, heads
drawn in their team's colour (the frame conversion and mesh rotation agree)."""

from __future__ import annotations

import pytest

from app.games.little_soldiers.controller import LittleSoldiersController
from app.seats import Seats
from engine.little_soldiers.actions import Deploy


def test_a_click_on_the_table_deploys_through_the_engine():
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=2)
    c.run_bots()
    assert c.my_turn() and c.phase() == "deploy"
    assert not c.click_table(50.0, 50.0)
    assert "card of a soldier in your hq" in c.message.lower()
    assert c.status() == "Your turn: deploy a soldier from your HQ beside Deployment token 1."
    mine = [s["id"] for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"] is None]
    c.click_soldier(mine[0])
    assert not c.click_table(-500.0, -500.0)  # off the table: the engine's sentence
    assert c.message == c.explain(Deploy(mine[0], -500.0, -500.0)) != ""


TEAM_RGB = {"green": (0.20, 0.62, 0.25), "yellow": (0.95, 0.80, 0.15)}


def _chroma(rgb):
    total = sum(rgb) or 1
    return [c / total for c in rgb]


def _close(rgb, team):
    """The head reads as its team's plastic under the key light and shadows:
    saturated, and nearer its team's hue than the other team's (brightness
    varies with the lighting, so it is compared as chromaticity)."""
    if max(rgb) - min(rgb) < 40:  # grey: not coloured plastic
        return False
    mine = _chroma(rgb)
    dist = {t: sum((a - b) ** 2 for a, b in zip(mine, _chroma(want), strict=True)) for t, want in TEAM_RGB.items()}
    return min(dist, key=dist.get) == team


def test_heads_are_drawn_in_team_colour(probe, tmp_path):
    facts = probe("little_soldiers", str(tmp_path / "ls.png"), timeout=240)
    assert facts["colours"] > 30
    placed = {k: h for k, h in facts["heads"].items() if h["at"] is not None}
    assert len(placed) >= 2
    for ident, head in placed.items():
        assert _close(head["rgb"], head["team"]), (ident, head)


@pytest.fixture(scope="module")
def overlays(tmp_path_factory):
    """One offscreen run: reach, an attack's dice, the rays to a half-hidden enemy."""
    from tests.app.conftest import run_probe

    tmp = tmp_path_factory.mktemp("ls-overlays")
    return run_probe("little_soldiers_overlays", tmp, str(tmp), timeout=300)


def _greenish(rgb):
    return rgb[1] > rgb[0] + 80 and rgb[1] > rgb[2] + 80


def _reddish(rgb):
    return rgb[0] > rgb[1] + 80 and rgb[0] > rgb[2] + 80


def test_hovered_enemy_rays_are_drawn_with_the_engines_blocked_flags(overlays):
    hover = overlays["hover"]
    assert hover["valid"] == hover["explain"]
    rays = [r for r in overlays["rays"] if r["separated"] and r["at"] is not None]
    blocked = [r for r in rays if r["blocked"]]
    clear = [r for r in rays if not r["blocked"]]
    assert len(blocked) >= 5 and len(clear) >= 5, "the set-up hides part of the head"
    right = [r for r in rays if (_reddish(r["rgb"]) if r["blocked"] else _greenish(r["rgb"]))]
    wrong = [r for r in rays if (_greenish(r["rgb"]) if r["blocked"] else _reddish(r["rgb"]))]
    assert len(right) >= 0.85 * len(rays), (len(right), len(rays))
    assert not wrong, wrong[:3]  # never a blocked ray drawn green or a clear one red
    assert ("Not a valid target" in hover["text"]) == (not hover["valid"])


def test_reach_is_drawn_where_the_engine_says(overlays):
    pts = overlays["reach"]
    inside = [p for p in pts if p["kind"] == "inside"]
    outside = [p for p in pts if p["kind"] == "outside"]
    assert inside and outside
    for p in inside:  # tinted yellow: more red, less blue than the bare table
        b, a = p["before"], p["after"]
        assert a[0] > b[0] + 10 and a[2] < b[2] - 20, p
    for p in outside:
        assert p["after"] == p["before"], p


def test_the_dice_show_the_engines_roll(overlays):
    rolled = overlays["engine_dice"][-1].removeprefix("Dice: ").rstrip(".").split(", ")
    assert [f.replace("_", " ") for f in overlays["dice"]] == rolled  # the log reads "double hit"
    assert [f.replace("_", " ") for f in overlays["dice_shown"]] == rolled
    from app.games.little_soldiers.dice_tray import FACE_RGB

    for die in overlays["die_pixels"]:
        want = [255 * c for c in FACE_RGB[die["face"]][:3]]
        assert all(abs(a - w) < 80 for a, w in zip(die["rgb"], want, strict=True)), die


def test_a_finished_coop_mission_is_written_to_the_mission_report(toybox_home):
    from engine.little_soldiers.mission_report import mission_report

    c = LittleSoldiersController.new(
        "little-soldiers", {"mission": "a-new-threat", "players": 1}, Seats(("random",)), seed=3
    )
    c.run_bots()
    assert c.is_over()
    report = mission_report()
    cell = report[c.match.state.mission]["easy"]["1"]
    result = c.match.state.result()
    assert cell["won"] == bool(result.winners)
    assert c.message.startswith("Mission Report updated")
    c.run_bots()  # nothing more to play, and the game is not counted twice
    assert mission_report() == report


def test_advanced_tactics_crates_are_drawn_in_the_colour_they_show_now(probe):
    """Module Book, Advanced Tactics, Activating a Crate: "Flip over the Crate token (so that it is now
    your opponent's color)". The table printed the Crates once, from the file, so a flipped Crate kept
    its old colour there: they are now drawn with the pieces in play, as the view has them."""
    f = probe("crates_as_they_stand")
    assert f["static"] == [] and set(f["colours"]) == {"green", "yellow"}
    assert f["before"] == ["crate:green", "crate:yellow"] and f["after"] == ["crate:yellow"]
    assert f["without"] == ["crate:green", "crate:yellow"]  # no Advanced Tactics: the file's Crates, printed


def test_a_pin_stands_over_the_deploy_area_above_the_scenery(probe, tmp_path):
    """Seen live: at the Bootcamp's home view Deployment token 1 and most of its green area lay behind
    the cereal box; a pin now stands in the area with its head above the scenery round it."""
    f = probe("deploy_pin", str(tmp_path / "pin.png"))
    assert f["before"] and f["pin"], f
    assert f["top_cm"] > f["cereal_box_top_cm"], f
