"""A level file saved again is read again (the editor saves it while Toybox
runs, then the designer starts a game on it), while a game already made
keeps the table it began on, and its save embeds that table."""

from __future__ import annotations

import json
import shutil

from engine.little_soldiers.battlefields import load_battlefield
from engine.little_soldiers.config import Config
from tests.conftest import ROOT


def _moved_cereal_box(path, x: float) -> None:
    data = json.loads(path.read_text())
    data["scenery"][0]["at"][0] = x  # the cereal box, along the table
    tmp = path.with_suffix(".new")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)  # as the editor saves: a new file put in place


def _cereal_x(bf) -> float:
    return next(s for s in bf.scenery if s.id == "cereal-box").at[0]


def test_a_level_saved_again_is_read_again_and_a_game_keeps_its_table(tmp_path):
    level = tmp_path / "bootcamp.json"
    shutil.copy(ROOT / "levels/little_soldiers/bootcamp.json", level)
    before = load_battlefield(str(level))
    assert load_battlefield(str(level)) is before  # read once while the file stands
    game = Config(level=str(level))
    assert _cereal_x(game.battlefield()) == _cereal_x(before) == 28
    _moved_cereal_box(level, 40)
    assert _cereal_x(load_battlefield(str(level))) == 40  # read again: the stale one was served before
    assert _cereal_x(Config(level=str(level)).battlefield()) == 40  # a new game plays the file as saved
    assert _cereal_x(game.battlefield()) == 28  # the game made before keeps its table ...
    assert game.embedded()["battlefield_data"]["scenery"][0]["at"][0] == 28  # ... and its save embeds that one
