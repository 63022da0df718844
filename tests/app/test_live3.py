"""Found by a QA pass in the live window (live3): the start screen had no way
into the editor, Toy Battle hot-seat showed one seat's board and "You draw"
lines without saying whose, and the editor's sentences named pieces by id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# --- 3. the editor names pieces as the game does --------------------------------------------


def test_editor_sentences_name_pieces_as_the_game_does(tmp_path):
    """'Placed ball-1', 'Deleted cover-3': a designer reads the names the game
    prints ('ball 1', 'cover 3 (green book)'); the id field keeps the id."""
    from app.editor.session import EditorSession, Selection

    s = EditorSession.open(tmp_path / "new.json")
    s.set_tool("household")
    s.kit_kind = "ball"
    s.click(30, 40)
    assert s.message == "Placed ball 1; the tool is back to Select.", s.message
    assert s.fields()["id"] == "ball-1"  # the file's own id stays in its field
    s.key("delete")
    assert s.message == "Deleted ball 1 (Ctrl+Z brings it back).", s.message

    path = tmp_path / "threat.json"
    shutil.copy(ROOT / "levels/little_soldiers/a-new-threat.json", path)
    s = EditorSession.open(path)
    s.selection = Selection("piece", "cover-3")
    s.key("delete")
    assert s.message.startswith("Deleted cover 3 (green book)"), s.message
    assert "cover-3" not in s.message


def test_editor_refusals_name_pieces_too(tmp_path):
    """A typed radius on a kit can: "'soda-can' is not a cylinder" named the id."""
    from app.editor.session import EditorSession, Selection

    path = tmp_path / "bootcamp.json"
    shutil.copy(ROOT / "levels/little_soldiers/bootcamp.json", path)
    s = EditorSession.open(path)
    can = next(p for p in s.data["scenery"] if p["id"] == "soda-can")
    assert "cylinder" not in can["shape"], can["shape"]
    s.selection = Selection("piece", "soda-can")
    assert not s.type_field("radius", "5")
    assert "soda can" in s.message and "soda-can" not in s.message, s.message


# --- 1. the level editor from the start screen ---------------------------------------------


def test_the_start_screen_opens_the_editor_and_the_editor_comes_back(probe, tmp_path):
    """Only `toybox edit FILE` opened the editor; the start screen now has a
    "Level editor" tab with every shipped battlefield and terrain, and the
    editor's Menu comes back, asking first when there are unsaved changes."""
    from app.start_screen import editor_choices

    facts = probe("start_screen_editor", str(tmp_path))
    assert "Level editor" in facts["tabs"]
    for kind, paths in editor_choices().items():
        assert paths, kind
        for p in paths:
            assert p.stem.replace("-", " ") in facts["files"], p  # every battlefield and terrain, missions' too
    assert "a new threat" in facts["files"] and "castle field" in facts["files"]
    assert facts["picked"] == "levels/toy_battle/castle-field.json"
    assert facts["opened"] == "EditorWindow" and facts["mode"] == "terrain" and "Menu" in facts["bar"]
    assert facts["back_clean"] == ["StartScreen", True, "castle-field.json"]
    assert facts["asked"] is not None and facts["asked_on_top"]
    assert "bootcamp.json has unsaved changes." in facts["asked"]
    assert {"Save and leave", "Leave without saving", "Keep editing"} <= set(facts["asked"])
    assert facts["kept"][:2] == [True, True]
    assert facts["left"] == ["StartScreen", True]  # left as it was on disk
    assert facts["saved"] == ["StartScreen", True]
    screen, had_problems, message, _ = facts["refused"]
    assert had_problems and screen == "EditorWindow", facts["refused"]
    assert message.startswith("Not saved") and "leave without saving" in message, message


def test_undoing_back_to_the_saved_level_is_not_an_unsaved_change(tmp_path):
    """The editor asks before leaving with unsaved changes; an edit undone is none."""
    from app.editor.session import EditorSession

    s = EditorSession.open(tmp_path / "new.json")
    assert not s.doc.dirty
    s.set_tool("box")
    s.click(30, 40)
    assert s.doc.dirty
    s.undo()
    assert not s.doc.dirty
    s.redo()
    assert s.doc.dirty
