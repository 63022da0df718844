"""Issue 12, found playing in the live window (helper live2): what a player
saw that the earlier tests did not hold."""

from __future__ import annotations

import math

import pytest

from tests.app.test_qa_layout import overlaps


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 3), (5, 2)])
def test_little_battle_chests_and_revealed_cards_leave_every_label_readable(probe, players, seed):
    """Issue 12, layout ('nothing overlaps'): the chests a player won stood on the
    name plate beside its Ship (purple's red chest on 'Player 5 (purple) ready'), and
    the last reveal's cards lay on the far players' plates (yellow's at 5 players)."""
    f = probe("little_battle_clutter", str(players), str(seed), timeout=300)
    assert sum(f["loot"]) > 0 and f["cards"], f["loot"]
    plates = {n: b for n, b in f["labels"].items()}
    assert len([n for n in plates if n.startswith("ship-label-")]) == players
    for thing in f["chests"] + f["cards"]:
        for name, plate in plates.items():
            assert not overlaps(thing["box"], plate), (name, thing)
    # no name plate lies under the beach's sand (at 4 and 5 players their counts were hidden)
    bx, by, radius, top = f["beach"]
    for name, (x0, y0, z0, x1, y1, _z1) in f["plates"].items():
        near = math.dist((min(max(bx, x0), x1), min(max(by, y0), y1)), (bx, by))
        assert near > radius or z0 >= top, (name, near, z0)


@pytest.mark.parametrize("game,players", [("toy-battle", 2), ("little-battle", 3)])
def test_the_result_panel_names_the_players_as_the_log_does_hides_what_is_under_it_and_can_be_put_aside(
        probe, tmp_path, game, players):
    """Issue 12, clarity and layout: the end screen said 'Player 3 wins with 23 gold.' over
    scores listed as 'Player 3 (green): 23' (numbers with no unit); the turn line and the
    table's name plates read through its backdrop; the log's 'scrolled back' title ran past
    its panel. Issue 27: the players are named as the log names them (Toy Battle's 'Blue',
    'Red'), each score says what it counts, and the panel can be put aside to look at the
    final table ("Look at the table"), and brought back ("Show the result")."""
    from app.seats import seat_label

    f = probe("end_screen", game, str(players), str(tmp_path / "end.png"), timeout=300)
    lines = f["end"].splitlines()
    names = {w: (("Blue", "Red")[w] if game == "toy-battle" else seat_label(game, w)) for w in f["winners"]}
    for w in f["winners"]:
        assert any(line.startswith(f"{names[w]}, winner: ") for line in lines), lines
    unit = "medal" if game == "toy-battle" else "gold"
    assert all(unit in line for line in lines if ", winner: " in line or line.startswith(("Player ", "Blue:", "Red:"))), lines
    if game == "little-battle":
        assert seat_label(game, f["winners"][0]) in lines[1], lines[1]  # the reason names the colour
        assert seat_label(game, f["winners"][0]) in f["status"]
    assert f["buttons"] == ["end-Look at the table", "end-Menu", "end-Play again", "end-Review the game"]
    # nothing under the panel shows through: its margin is the backdrop's colour
    assert f["margin"], f
    for rgb in f["margin"]:
        assert max(abs(a - b) for a, b in zip(rgb, f["backdrop"], strict=True)) <= 2, (rgb, f["backdrop"])
    t, p = f["title_box"], f["panel_box"]
    assert "back" in f["log_title"] and p[0] <= t[0] and t[2] <= p[2] + 0.002, (f["log_title"], t, p)
    assert f["dismissed"] == [False, True] and f["shown_again"] == [True, False]


def test_little_battle_texts_name_each_player_with_its_colour_and_other_games_are_left_alone():
    """The engine's 'player 2' gets the colour the name plates and turn line use; a
    Little Soldiers line that already names the army is not doubled."""
    from app.seats import with_seat_names

    assert with_seat_names("little-battle", "Player 3 wins with 23 gold.") == "Player 3 (green) wins with 23 gold."
    assert with_seat_names("little-battle", "Rhino 9 (player 2) takes a red chest.") == \
        "Rhino 9 (player 2, blue) takes a red chest."
    assert with_seat_names("little-battle", "Pile 2: player 2: Parrot 3, player 5: Rhino 8.") == \
        "Pile 2: player 2 (blue): Parrot 3, player 5 (purple): Rhino 8."
    assert with_seat_names("little-battle", "Player 2 (blue) is thinking.") == "Player 2 (blue) is thinking."
    line = "Dinosaur (green, player 1) moves."
    assert with_seat_names("little-soldiers", line) == line


def test_little_battle_log_and_turn_line_name_the_colours_at_the_end():
    """Played to the end: the log's gold line and the turn line name each player's colour."""
    from app.games.little_battle.controller import LittleBattleController
    from app.seats import Seats, seat_label

    c = LittleBattleController.new("little-battle", {"players": 3}, seed=4)
    c = LittleBattleController(c.match, Seats(("heuristic",) * 3), bot_seed=4)
    c.run_bots()
    assert c.is_over()
    winner = c.match.state.result().winners[0]
    assert seat_label("little-battle", winner) in c.status()
    last = c.events()[-1]
    assert "player 1 (red): " in last and "player 3 (green): " in last, last


def test_deleting_a_piece_says_what_went_with_it(tmp_path):
    """Issue 12, editor (played live): deleting a book stack took the domino lying on
    it too, without a word; the message line names both and the way back."""
    from app.editor.session import EditorSession

    s = EditorSession.open(tmp_path / "new.json")
    s.tool = "box"
    s.click(30, 40)  # box-1
    s.tool = "box"
    s.click(30, 40)  # box-2, on top of it
    s.tool = "select"
    s.click(30, 40, ((30.0, 0.0, 6.0), (30.0, 36.0, 3.0)))  # a ray down through box-1's side
    assert s.selection.key == "box-1"
    s.key("delete")
    assert s.data["scenery"] == []
    assert "box 1" in s.message and "box 2" in s.message and "Ctrl+Z" in s.message, s.message  # by name (live3)
    s.key("ctrl+z")
    assert [p["id"] for p in s.data["scenery"]] == ["box-1", "box-2"]


def test_the_household_kit_names_lie_under_their_pictures_on_a_panel(tmp_path):
    """Issue 13 ('the editor shows the kit with thumbnails'), played live: the names lay on the
    pictures (white on the white ball) and the table showed between the thumbnails."""
    from tests.app.test_editor_window import run

    f = run(tmp_path, "editor_kit", str(tmp_path / "kit.png"))
    assert len(f["thumbs"]) >= 10 and f["panel"] is not None
    boxes = list(f["thumbs"].items())
    for kind, thumb in boxes:
        name = f["names"][kind]
        assert name[3] <= thumb[1] + 0.002, (kind, name, thumb)  # under its picture, not on it
        for box in (thumb, name):
            assert overlaps(box, f["panel"]) and f["panel"][0] <= box[0] and box[2] <= f["panel"][2], (kind, box)
            assert f["panel"][1] <= box[1] and box[3] <= f["panel"][3], (kind, box)
    assert not overlaps(f["panel"], f["title"]), (f["panel"], f["title"])  # it lay on the file's name
    assert "a blocks" not in f["picked"] and "blocks" in f["picked"], f["picked"]
    allboxes = [box for kind, thumb in boxes for box in (thumb, f["names"][kind])]
    for i, a in enumerate(allboxes):
        for b in allboxes[i + 1:]:
            assert not overlaps(a, b), (a, b)
