"""The editor and debugger windows, rendered offscreen in a fresh process,
and the cross-check of the engine's sight against Ursina's own raycast."""

from __future__ import annotations

import json
from pathlib import Path

from tests.app.probe_runner import run_script

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("editor_probe.py")


def run(tmp_path: Path, scenario: str, *args: str, timeout: int = 180) -> dict:
    return run_script(PROBE, scenario, tmp_path, *args, timeout=timeout)


def _png_ok(path: Path) -> None:
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 20_000


def test_editor_screenshot_shows_the_selection_gizmo_and_balance(tmp_path):
    png = tmp_path / "editor.png"
    facts = run(tmp_path, "editor", str(png), "levels/little_soldiers/levels.json")
    _png_ok(png)
    assert facts["tools"][:3] == ["select", "play-zone", "box"] and {"mesh", "hill"} <= set(facts["tools"])
    assert facts["problems"] == "none: the level can be saved"
    assert "fairness 1.00, even" in facts["balance"] and "[map: green sees]" in facts["balance"]
    r, g, b = facts["gizmo_x"]
    assert r > 150 and g < 110 and b < 110, facts["gizmo_x"]  # the red x arrow
    _between_the_panels(facts)


def _between_the_panels(facts: dict) -> None:
    """The panels covered the table's sides: the home view frames it between them."""
    x0, x1, y0, y1 = facts["free"]
    for fx, fy in facts["corners"]:
        assert x0 - 0.01 <= fx <= x1 + 0.01 and y0 - 0.01 <= fy <= y1 + 0.01, (fx, fy, facts["free"])


def test_editor_lists_problems_and_refuses_to_save(tmp_path):
    facts = run(tmp_path, "editor_invalid", str(tmp_path / "bad.png"))
    # the pieces by name, as the status line names them (live3); the file keeps the ids
    assert facts["problems"].replace("\n  ", " ") == "- Scenery 'box 1 (block)' overlaps scenery 'box 2 (block)'."
    assert facts["status"] == "Not saved: 1 problem (listed on the right)."
    assert facts["saved"] is False


def test_terrain_opens_in_board_mode(tmp_path):
    png = tmp_path / "terrain.png"
    facts = run(tmp_path, "terrain", str(png))
    _png_ok(png)
    assert facts["mode"] == "terrain" and "connect" in facts["tools"] and "region" in facts["tools"]
    _between_the_panels(facts)
    assert facts["problems"] == "none: the level can be saved"


def test_los_screenshot_shows_the_verdict_and_the_blocker_in_red(tmp_path):
    png = tmp_path / "los.png"
    facts = run(tmp_path, "los", str(png), "rays")
    _png_ok(png)
    assert facts["verdict"] == "NOT A VALID TARGET"
    assert facts["blockers"] == ["cereal-box-east"] and 0.3 < facts["fraction"] < 0.6
    assert "visible fraction  45%  (29 of 64 rays clear)" in facts["details"]
    r, g, b = facts["blocker_pixel"]
    assert r > 150 and g < 100 and b < 100, facts["blocker_pixel"]


def test_ursina_raycast_agrees_with_the_engine(tmp_path):
    facts = run(tmp_path, "crosscheck", "120", timeout=300)
    print(json.dumps(facts, indent=1))
    assert facts["pairs"] == 480
    for name, level in facts["levels"].items():
        assert level["engine_blocked"] > 20, name  # the grid really tests blocked lines
    assert facts["unexplained"] == []  # disagreements only on grazing rays
    assert facts["rate"] >= 0.98


def test_editor_fields_keys_handles_and_picker_in_the_window(tmp_path):
    png = tmp_path / "typing.png"
    facts = run(tmp_path, "editor_typing", str(png))
    _png_ok(png)
    assert facts["inputs"] == ["x", "y", "z", "rotation", "width", "depth", "height", "scale"]
    assert facts["rotation_while_typing"] == 0.0  # R typed into a field does not turn the piece
    assert facts["height"] == 12.0 and facts["status_after_enter"] == "Height set to 12."
    assert facts["status_after_typo"] == "'abc' is not a number; type the x (cm) as digits, e.g. 12.5."
    # Backspace with the mouse over a number field is the field's, never "delete the piece"
    assert facts["piece_after_backspace_on_field"] == "shoebox-west" and "shoebox-west" in facts["pieces_after_backspace"]
    assert facts["legend"][0].startswith("Heat map: Green sees") and facts["legend_swatches"] >= 8
    assert "sees little" in facts["legend"] and "sees most of the table" in facts["legend"]
    for a in facts["legend_boxes"]:  # the legend lay over the last tool buttons
        for b in facts["tool_boxes"]:
            assert not (a[0] < b[2] - 0.002 and b[0] < a[2] - 0.002 and a[1] < b[3] - 0.002 and b[1] < a[3] - 0.002), (a, b)
    assert "Ctrl+Z: undo" in facts["help"] and "G: grid snap" in facts["help"] and "B: balance map" in facts["help"]
    assert facts["status_after_g"] == "Grid snap 1 cm: off."
    r, g, b = facts["handle_pixel"]
    assert r > 180 and g > 150 and b < 110, facts["handle_pixel"]  # a yellow corner handle
    assert facts["picker_buttons"] == ["..", "tower.stl", "previous page", "next page", "Cancel"]
    assert facts["imported"] == "tower-1" and facts["picker_after"] == []
    assert facts["inputs_after"] == ["x", "y", "z", "rotation", "height", "scale"]  # a mesh: no width or depth


def test_the_editor_never_draws_a_blank_table_and_marks_problems(tmp_path):
    """Issue 27, live in an offscreen window: blocks clicked onto the standing
    cereal box land on its top, Undo and Redo keep the table, Save on a
    battlefield that comes with Toybox asks for a name and writes the
    player's folder (Enter in the name field no longer kills the window), a
    piece dragged into another is red on the table and listed, and its line
    selects it."""
    png = tmp_path / "never-blank.png"
    facts = run(tmp_path, "editor_never_blank", str(png), timeout=240)
    _png_ok(png)
    assert facts["read_only"] and "read-only" in facts["title"]
    assert facts["blocks"][2] == 27.0
    (without, top_pixel), (with_, _) = facts["after"]
    assert with_ == without + 1 and without > 5  # every piece drawn, both ways
    assert facts["asked"] and facts["prompt_closed"]
    assert facts["saved_to"] == str(tmp_path / "home" / "levels" / "battlefield" / "my-kitchen.json")
    assert json.loads(Path(facts["saved_to"]).read_text())["name"] == "My kitchen"
    assert "soda can" in facts["problems"] and "overlaps" in facts["problems"] and facts["rows"] == 1
    assert set(facts["marked"]) == {"soda-can", "game-box-bottom"}
    r, g, b = facts["can_pixel"]
    assert r > 150 and g < 110 and b < 110, facts["can_pixel"]  # the can drawn red
    assert facts["selected"] in ("soda-can", "game-box-bottom")
