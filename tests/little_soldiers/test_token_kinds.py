"""One name for a Threat Target token: the engine's ("threat_target").

The level editor placed "threat" markers that the A New Threat missions
never read (they look for "threat_target" tokens naming their Threat). The
editor now places the engine's kind; a file that still says "threat" loads
as a Threat Target everywhere (the engine, the checks, the editor, which
saves it under the engine's name)."""

from __future__ import annotations

import json
from pathlib import Path

from app.editor import battlefield_tools as bt
from app.editor.session import EditorSession
from engine.little_soldiers.table import vocabulary
from engine.little_soldiers.table.validation import check

ROOT = Path(__file__).resolve().parents[2]
THREAT_LEVEL = ROOT / "levels" / "little_soldiers" / "a-new-threat.json"


def _old_file(tmp_path: Path) -> Path:
    """A New Threat's battlefield as an older editor wrote it: its Threat Targets as "threat" markers."""
    data = json.loads(THREAT_LEVEL.read_text())
    for token in data["tokens"]:
        if token["kind"] == "threat_target":
            token["kind"] = "threat"
    path = tmp_path / "old-threat.json"
    path.write_text(json.dumps(data))
    return path


def test_the_engine_reads_one_kind_and_old_files_still_load(tmp_path: Path) -> None:
    assert "threat" not in vocabulary.TOKENS and "threat_target" in vocabulary.TOKENS
    old = _old_file(tmp_path)
    new = vocabulary.load(THREAT_LEVEL)
    bf = vocabulary.load(old, allow_outside=True)
    assert [t.kind for t in bf.tokens] == [t.kind for t in new.tokens]
    assert {t.props["threat"] for t in bf.tokens if t.kind == "threat_target"} == {"pinky", "howdy", "bob"}
    assert [str(p) for p in check(json.loads(old.read_text()), ROOT)] == [str(p) for p in check(
        json.loads(THREAT_LEVEL.read_text()), ROOT)]


def test_a_mission_plays_on_an_old_file(tmp_path: Path) -> None:
    """The mission finds its Threats' targets in a file that names them the old way."""
    from engine.core.games import get_game

    old = json.loads(_old_file(tmp_path).read_text())
    info = get_game("little-soldiers")
    config = info.config_from_dict({"mission": "a_new_threat", "level": "a-new-threat", "players": 1,
                                    "battlefield_data": old})
    state = info.new_game(config, 3)
    assert {t["id"] for t in state.view(0).to_dict()["threats"]} == {"pinky", "howdy", "bob"}


def test_the_editor_places_the_engine_s_kind_and_saves_old_files_under_it(tmp_path: Path) -> None:
    session = EditorSession.open(_old_file(tmp_path))
    kinds = [t["kind"] for t in session.doc.data["tokens"]]
    assert "threat" not in kinds and kinds.count("threat_target") == 3
    assert bt.next_threat(session.doc.data) == "octocutie-tentacle-1"  # Pinky, Howdy and Bob have theirs
    session.doc.apply(bt.add_threat(session.doc.data, (30.0, 30.0)))
    placed = session.doc.data["tokens"][-1]
    assert placed["kind"] == "threat_target" and placed["threat"] == "octocutie-tentacle-1"
    saved = session.doc.save(tmp_path / "saved.json")
    assert "\"threat\"," not in Path(saved).read_text().replace(" ", "")  # no token of the old kind is written
    assert all(t["kind"] != "threat" for t in json.loads(Path(saved).read_text())["tokens"])
    again = bt.open_battlefield(_old_file(tmp_path))  # the editor's other way in
    assert [t["kind"] for t in again.data["tokens"]] == kinds
