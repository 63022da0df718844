"""`toybox los`: the command-line form, its JSON, and the debugger's state."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.editor.los_session import LosSession, parse_point
from app.shell.cli import main
from engine.geometry import Battlefield
from engine.little_soldiers.table.figures import head_center

ROOT = Path(__file__).resolve().parents[2]
LEVELS = "levels/little_soldiers/levels.json"


def test_json_is_one_object_with_the_four_keys(capsys):
    # across the table, the cereal box stands in the way
    assert main(["los", LEVELS, "--from", "60,5", "--to", "60,75", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"valid", "visible_fraction", "blocked_by", "rays"}
    assert out["valid"] is False and out["visible_fraction"] == 0.0
    assert out["blocked_by"] == ["cereal-box-east"]
    assert len(out["rays"]) == 64
    ray = out["rays"][0]
    assert set(ray) == {"start", "end", "blocked", "blocker"}
    assert ray["start"] == [60.0, 5.0, 4.2] and ray["blocker"] == "cereal-box-east"


def test_json_agrees_with_the_engine_and_the_level_puts_the_figurine_on_top(capsys):
    main(["los", LEVELS, "--from", "20,26,1", "--to", "100,60", "--attacker", "sniper", "--target", "grenadier",
          "--json"])
    out = json.loads(capsys.readouterr().out)
    bf = Battlefield.load(ROOT / LEVELS)
    eye = head_center("sniper", (20, 26), 10.0)  # shoebox-west's top is 10 cm up
    sight = bf.line_of_sight(eye, head_center("grenadier", (100, 60), 0.0), 0.8)
    assert out["rays"][0]["start"] == list(eye)
    assert out["valid"] == sight.valid
    assert out["visible_fraction"] == pytest.approx(sight.visible_fraction)
    assert out["blocked_by"] == sorted(sight.blockers)
    assert [r["blocked"] for r in out["rays"]] == [bool(b) for b in sight.blocked]


def test_clear_line_prints_the_verdict(capsys):
    assert main(["los", LEVELS, "--from", "10,40", "--to", "110,40"]) == 0
    text = capsys.readouterr().out
    assert "VALID TARGET: 100% of the head visible (64 of 64 rays clear)" in text
    assert "attacker: infantry at (10, 40) on the table" in text


def test_bad_questions_are_one_sentence(capsys):
    assert main(["los", LEVELS, "--from", "60,5,2", "--to", "60,75"]) == 2
    assert capsys.readouterr().err.strip() == "toybox: there is no Level 2 scenery top at (60, 5)"
    assert main(["los", LEVELS, "--from", "60", "--to", "60,75"]) == 2
    assert main(["los", "nowhere.json", "--from", "1,1", "--to", "2,2"]) == 2
    assert main(["los", LEVELS, "--from", "1,1", "--to", "2,2", "--attacker", "tank"]) == 2


def test_the_console_script_prints_json():
    out = subprocess.run([sys.executable, "-m", "app.shell.cli", "los", LEVELS, "--from", "10,40", "--to", "110,40",
                          "--json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and json.loads(out.stdout)["valid"] is True


def test_parse_point():
    assert parse_point("1.5, 2") == (1.5, 2.0, None)
    assert parse_point("3,4,1") == (3.0, 4.0, 1)
    with pytest.raises(ValueError):
        parse_point("3,4,5")


def test_session_drag_pick_swap_and_table_map():
    s = LosSession.open(ROOT / LEVELS, "60,5", "60,75")
    assert not s.sight().valid
    assert s.pick(60.5, 75) == "target"
    s.place("target", 40, 75)
    assert s.sight().valid  # beside the cereal box now
    xs, ys, grid = s.target_map(cell=4.0)
    i, j = int(abs(xs - 60).argmin()), int(abs(ys - 74).argmin())
    assert grid[j, i] == 0.0  # behind the cereal box
    i = int(abs(xs - 40).argmin())
    assert grid[j, i] == 1.0
    s.swap()
    assert s.figurines["attacker"].spot.x == 40


@pytest.mark.parametrize("level", sorted(p.name for p in (ROOT / "levels" / "little_soldiers").glob("*.json")))
def test_the_default_figurines_stand_clear_of_the_scenery(level):
    """With no --from/--to the debugger opens with both figurines where a base
    really stands (Bootcamp's default attacker stood inside the cereal box)."""
    session = LosSession.open(ROOT / "levels" / "little_soldiers" / level)
    for role in ("attacker", "target"):
        assert session.placement_note(role) is None, f"{level}: {role} {session.placement_note(role)}"


def test_without_a_file_the_debugger_measures_on_the_bootcamp(capsys):
    """`toybox los` with no file named (it needed one, a first thing a player tries without one):
    the Bootcamp's table, the same answer as naming its file."""
    assert main(["los", "--from", "10,10", "--to", "100,70", "--json"]) == 0
    bare = json.loads(capsys.readouterr().out)
    assert main(["los", str(ROOT / "levels/little_soldiers/bootcamp.json"), "--from", "10,10", "--to", "100,70",
                 "--json"]) == 0
    named = json.loads(capsys.readouterr().out)
    assert bare == named and bare["blocked_by"] == ["game-box-bottom"]
