"""Found by a QA pass in the live window (live3): the start screen had no way
into the editor, Toy Battle hot-seat showed one seat's board and "You draw"
lines without saying whose, and the editor's sentences named pieces by id."""

from __future__ import annotations

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
    from app.shell.start_screen import editor_choices, level_file_title

    facts = probe("start_screen_editor", str(tmp_path))
    assert "Level editor" in facts["tabs"]
    for kind, paths in editor_choices().items():
        assert paths, kind
        for p in paths:
            assert level_file_title(p) in facts["files"], p  # every battlefield and terrain, missions' too
    assert "A New Threat" in facts["files"] and "Castle Field" in facts["files"]
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


# --- 2. Toy Battle hot-seat: whose draw, whose board ----------------------------------------


def _toy_battle(seats: tuple[str, ...]):
    from app.games.toy_battle.controller import ToyBattleController
    from app.seats import Seats

    return ToyBattleController.new("toy-battle", {}, Seats(seats), seed=4)


def _draw_as_shown(c) -> None:
    from engine.toy_battle import Draw

    draw = next(a for a in c.legal() if isinstance(a, Draw))
    assert c.play(draw), c.message


def test_hot_seat_log_names_the_seat_that_drew():
    """Hot-seat: the log said "You draw ..." on either player's turn; a shared
    screen has no one "you", so the line names the seat as the table does."""
    from app.seats import seat_label

    c = _toy_battle(("human", "human"))
    first = c.viewer
    _draw_as_shown(c)
    for _ in range(10):  # the other player's turn, then back to the first
        if c.handover_to is not None:
            c.acknowledge_handover()
        if c.viewer == first:
            break
        _draw_as_shown(c)
    assert c.viewer == first
    lines = c.events()
    assert not [e for e in lines if e.startswith(("You ", "Your "))], lines
    # named as the rest of Toy Battle's log names the sides ("Blue draws ..."; issue 27)
    assert any(e.startswith(f"{c.seat_title(first)} draws ") for e in lines), lines
    assert c.status().startswith(seat_label("toy-battle", first) + ", your turn"), c.status()


def test_one_human_seat_keeps_you():
    """Against a bot there is one person at the table: "You draw" is right."""
    c = _toy_battle(("human", "heuristic"))
    _draw_as_shown(c)
    assert any(e.startswith("You draw ") for e in c.events()), c.events()
    assert c.status().startswith("Your turn") or not c.my_turn()


def test_every_private_line_of_the_engines_is_told_about_its_seat():
    """Each second-person line the engines write (Toy Battle's draws and face-down
    tiles, Little Battle's deals, keeps and plays) reads in the third person."""
    from app.seats import about_seat

    cases = {
        "You draw Roxy 7, Hook 4.": "Player 2 (red) draws Roxy 7, Hook 4.",
        "Your Star 6 lies face down: you cannot place it on your next turn.":
            "Player 2 (red)'s Star 6 lies face down: they cannot place it on their next turn.",
    }
    for text, told in cases.items():
        assert about_seat("toy-battle", text, 1) == told
    assert about_seat("little-battle", "You are dealt Bard, Monk.", 0) == "Player 1 (red) is dealt Bard, Monk."
    assert about_seat("little-battle", "You keep Bard.", 2) == "Player 3 (green) keeps Bard."
    assert about_seat("little-battle", "You play Bard at pile 2.", 4) == "Player 5 (purple) plays Bard at pile 2."
    assert about_seat("toy-battle", "You win nothing.", 0) == "Player 1 (blue): You win nothing."


def test_little_battle_hot_seat_deal_names_the_seat():
    from app.games.little_battle.controller import LittleBattleController
    from app.seats import Seats

    c = LittleBattleController.new("little-battle", {"players": 3}, Seats(("human", "human", "heuristic")), seed=2)
    if c.handover_to is not None:
        c.acknowledge_handover()
    lines = c.events()
    assert any(" is dealt " in e for e in lines) and not [e for e in lines if e.startswith("You ")], lines


def test_the_board_turns_to_the_seat_whose_turn_it_is(probe):
    """Hot-seat: red played on blue's board (its H.Q. far away, its rack
    drawn in front of blue's side). The camera now looks from the side of
    the seat shown: its own H.Q. nearer the bottom of the window."""
    facts = probe("toy_battle_hot_seat_facing", timeout=180)
    blue, red = facts["blue"], facts["red"]
    # film y: -1 bottom, 1 top. Blue's H.Q. is near blue, red's near red.
    assert blue["hq_blue"] < blue["hq_red"], blue
    assert red["hq_red"] < red["hq_blue"], red
    assert red["rack_below_board"], red  # red's rack in front of red, below the board
    assert red["clicked"], red  # a rack tile and a lit base still answer the mouse
