"""The editor's document model: edits, undo/redo, validation, atomic save."""

from __future__ import annotations

import json

import pytest

from app.editor.document import Batch, Delete, Insert, LevelDocument, LevelInvalid, SetValue


def _no_negative_heights(data):
    return [f"scenery[{i}] has a negative height" for i, s in enumerate(data["scenery"]) if s["h"] < 0]


def _doc():
    return LevelDocument({"name": "t", "scenery": [{"id": "a", "h": 3}]}, _no_negative_heights)


def test_set_undo_redo():
    doc = _doc()
    doc.apply(SetValue(("scenery", 0, "h"), 7))
    assert doc.data["scenery"][0]["h"] == 7
    assert doc.undo() and doc.data["scenery"][0]["h"] == 3
    assert doc.redo() and doc.data["scenery"][0]["h"] == 7
    assert not doc.redo()


def test_new_key_undo_removes_it():
    doc = _doc()
    doc.apply(SetValue(("scenery", 0, "level"), 1))
    doc.undo()
    assert "level" not in doc.data["scenery"][0]


def test_insert_delete_and_batch_undo_as_one():
    doc = _doc()
    doc.apply(Batch((Insert(("scenery", -1), {"id": "b", "h": 1}), SetValue(("name",), "two"))))
    assert [s["id"] for s in doc.data["scenery"]] == ["a", "b"] and doc.data["name"] == "two"
    doc.apply(Delete(("scenery", 0)))
    assert [s["id"] for s in doc.data["scenery"]] == ["b"]
    doc.undo()
    assert [s["id"] for s in doc.data["scenery"]] == ["a", "b"]
    doc.undo()
    assert doc.data == {"name": "t", "scenery": [{"id": "a", "h": 3}]}
    doc.redo()
    assert doc.data["name"] == "two"


def test_a_new_edit_clears_redo():
    doc = _doc()
    doc.apply(SetValue(("name",), "x"))
    doc.undo()
    doc.apply(SetValue(("name",), "y"))
    assert not doc.can_redo()


def test_a_failing_batch_changes_nothing():
    doc = _doc()
    with pytest.raises(IndexError):
        doc.apply(Batch((SetValue(("name",), "x"), Delete(("scenery", 5)))))
    assert doc.data["name"] == "t" and not doc.can_undo()


def test_saving_an_invalid_level_is_refused_with_the_list(tmp_path):
    doc = _doc()
    doc.apply(SetValue(("scenery", 0, "h"), -1))
    with pytest.raises(LevelInvalid) as err:
        doc.save(tmp_path / "x.json")
    assert err.value.problems == ["scenery[0] has a negative height"]
    assert not (tmp_path / "x.json").exists()


def test_save_and_reopen_compare(tmp_path):
    doc = _doc()
    doc.apply(SetValue(("scenery", 0, "h"), 9))
    path = doc.save(tmp_path / "x.json")
    again = LevelDocument.open(path, _no_negative_heights)
    assert again.data == doc.data and not doc.dirty
    assert json.loads(path.read_text())["scenery"][0]["h"] == 9
