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
