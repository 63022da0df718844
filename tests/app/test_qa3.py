"""Third live QA round (issue 12's done-when, as a player finds it)."""

from __future__ import annotations

import random
import re

import pytest


def _play_randomly(match, steps: int, seed: int = 1) -> None:
    """Seeded random players (candidate actions where the game is continuous)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.result() is not None:
            return
        seat = match.state.to_act()[0]
        acts = match.state.legal_actions(seat) or match.state.view(seat).candidate_actions(8, rng)
        match.play(seat, rng.choice(acts))


@pytest.mark.parametrize("config", [{}, {"mission": "a_new_threat", "players": 2}])
def test_replay_names_soldiers_and_scenery_as_printed(tmp_path, capsys, config):
    """`toybox replay` printed "green-infantry deploys", "shoebox-west": the
    ids the app's log already turns into names."""
    from app.shell.cli import main
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    info = get_game("little-soldiers")
    match = Match(info, info.config_from_dict(config), 3)
    _play_randomly(match, 60)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("{")]
    soldiers = [s["id"] for s in match.state.to_dict()["soldiers"]]
    pieces = [p.id for p in match.state.base_terrain.bf.scenery if "-" in p.id or "_" in p.id]
    ids = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, soldiers + pieces)) + r")(?![\w-])")
    text = "\n".join(lines)
    assert any(" deploys at " in line for line in lines), text[:2000]
    assert not ids.search(text), ids.search(text)
    assert "Green Infantry" in text or "Yellow Infantry" in text


def test_replay_says_whose_private_line_it_is(tmp_path, capsys):
    """A replay shows every seat's log: four "You are dealt ..." lines read as one player's."""
    from app.shell.cli import main
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    info = get_game("little-battle")
    match = Match(info, info.config_from_dict({"players": 4}), 3)
    path = tmp_path / "r.json"
    save_record(match.record(), path)
    assert main(["replay", str(path)]) == 0
    dealt = [line for line in capsys.readouterr().out.splitlines() if "You are dealt" in line]
    assert len(dealt) == 4 and dealt[1].startswith("[seen by Player 2 (blue)] You are dealt"), dealt


def test_play_again_autosaves_in_another_slot_and_keeps_the_finished_game(toybox_home):
    """"Play again" kept writing the same slot: the finished game's autosave
    was overwritten by the first action of the next."""
    from app import userdir
    from app.games.toy_battle.controller import ToyBattleController
    from app.seats import Seats

    first = userdir.autosave_path("toy-battle", {})
    c = ToyBattleController.new("toy-battle", {}, Seats(("human", "random")), seed=1, autosave=first)
    rng = random.Random(0)
    while not c.is_over():
        c.run_bots()
        if not c.is_over() and c.my_turn():
            assert c.play(rng.choice(c.legal()))
    finished = first.read_text()
    c.restart(seed=2)
    c.run_bots()
    assert c.play(c.legal()[0])
    assert c.autosave != first and c.autosave.parent == first.parent
    assert first.read_text() == finished
    assert c.autosave.exists() and c.autosave.name.startswith("toy-battle-castle-field-")


def test_a_bootcamp_autosave_is_named_for_bootcamp_not_default(toybox_home):
    """The start screen's Little Soldiers config names no battlefield, so its
    autosave was little-soldiers-default-1.json and the Load list said 'default'."""
    from app import userdir
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.seats import Seats

    assert userdir.autosave_path("little-soldiers", {}).name == "little-soldiers-bootcamp-1.json"
    assert userdir.where_key("little-soldiers", {"mission": "king_of_the_hill"}) == "king-of-the-hill"
    assert userdir.where_key("little-battle", {}) == "4-players"
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=1)
    assert c.summary()["where"] == "Bootcamp"  # the battlefield as printed (the autosave file keeps the stem)


def test_loading_a_save_mid_game_autosaves_it_in_its_own_slot(toybox_home):
    """Load kept the autosave slot of the game before: a Bootcamp save loaded
    over a mission wrote into the mission's autosave."""
    from app import userdir
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.seats import Seats

    saved = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=1)
    path = userdir.new_save_path("little-soldiers", "camp")
    assert saved.save(path, "camp")
    mission = {"mission": "king_of_the_hill"}
    slot = userdir.autosave_path("little-soldiers", mission)
    c = LittleSoldiersController.new("little-soldiers", mission, Seats(("human", "random")), seed=1, autosave=slot)
    c.run_bots()
    c.play(c.view().candidate_actions(4, random.Random(0))[0])
    before = slot.read_text()
    assert c.load(path)
    assert c.autosave.name == "little-soldiers-bootcamp-1.json"
    c.run_bots()
    c.play(c.view().candidate_actions(4, random.Random(0))[0])
    assert slot.read_text() == before and c.autosave.exists()
    assert c.load(slot) and c.autosave == slot  # an autosave goes on in its own slot


def _ls(seed: int = 2, seats=("human", "random"), **config):
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.seats import Seats

    return LittleSoldiersController.new("little-soldiers", dict(config), Seats(tuple(seats)), seed=seed)


def _deploy_all(c) -> None:
    """Deploy the player's soldiers by clicking their card, then the deploy area's middle."""
    from engine.little_soldiers import queries

    while True:
        c.run_bots()
        if c.phase() != "deploy":
            return
        if c.selected not in c.in_hq():
            c.click_soldier(c.in_hq()[0])
        point = queries.deploy_area(c.view(), c.selected).representative_point()
        assert c.click_table(point.x, point.y), c.message


def test_a_deployed_soldier_does_not_stay_selected_for_deployment():
    """After a deploy the soldier stayed selected: its green area was drawn at
    the next token and a click there said "Green Infantry is already in play"."""
    c = _ls()
    c.run_bots()
    first, second = c.in_hq()
    c.click_soldier(first)
    from engine.little_soldiers import queries

    point = queries.deploy_area(c.view(), first).representative_point()
    assert c.click_table(point.x, point.y)
    assert c.selected == second  # the one card left in the HQ is chosen for the next deploy
    c.run_bots()
    assert c.phase() == "deploy" and c.my_turn()
    point = queries.deploy_area(c.view(), second).representative_point()
    assert c.click_table(point.x, point.y), c.message
    assert c.in_hq() == [] and c.selected == second  # none left to deploy: the one just placed stays selected


def test_no_cord_is_left_drawn_after_your_own_move():
    """After a Move the bent cord stayed drawn into the Order step: the preview
    was cleared only after the redraw, and the Move's measured path was drawn
    from the old spot through the whole Order."""

    c = _ls()
    _deploy_all(c)
    c.run_bots()
    assert c.phase() == "move" and c.my_turn()
    ident = next(s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"]))
    c.click_soldier(ident)
    spot = c.spot(ident)
    target = (spot["x"] + 6.0, spot["y"] + 6.0)
    assert c.hover_table(*target) is not None and c.preview is not None
    seen = []
    c.listeners.append(lambda: seen.append((c.preview, c.last_path())))
    assert c.click_table(*target), c.message
    assert c.phase() == "order"
    assert seen and all(p is None and not path for p, path in seen)
    assert len(c.move_path()) >= 2  # the walk's animation still follows the cord


def test_the_other_sides_move_is_drawn_for_you_to_follow():
    c = _ls(seed=5, seats=("human", "heuristic"))
    _deploy_all(c)
    rng = random.Random(0)
    for _ in range(200):
        assert not c.is_over()
        if c.my_turn():
            assert c.play(rng.choice(c.view().candidate_actions(4, rng)))
            continue
        c.bot_step()
        m = c.view_dict().get("measured") or {}
        if "move" in m and len(m["path"]) >= 2:
            assert c.last_path() == c.move_path() != []
            return
    pytest.fail("the bot never moved")


def test_the_cord_line_says_the_lengths_once():
    """Hovering too far said "Path 48.4 cm of 20 cm cord: The path is 48.4 cm;
    the cord is 20 cm."."""
    c = _ls()
    _deploy_all(c)
    c.run_bots()
    ident = next(s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"]))
    c.click_soldier(ident)
    spot = c.spot(ident)
    far = (spot["x"] + 40.0 if spot["x"] < 60 else spot["x"] - 40.0, spot["y"])
    p = c.hover_table(*far)
    assert p is not None and p.reason and p.length > p.cord
    line = c.cord_line()
    assert line == f"Path {p.length:.1f} cm of {p.cord:.0f} cm cord: too far for the cord.", line
    assert line.count(f"{p.length:.1f}") == 1
    near = (spot["x"] + 5.0 if spot["x"] < 60 else spot["x"] - 5.0, spot["y"])
    c.hover_table(*near)
    assert c.cord_line() == f"Path {c.preview.length:.1f} cm of {c.preview.cord:.0f} cm cord."


def test_the_event_log_never_starts_mid_event_and_fills_its_panel():
    """The log's top line was the tail of a wrapped event ("2."), and it showed
    13 lines in a panel with room for twice as many."""
    from app.hud import LOG_LINES, log_window

    events = [f"Dinosaur (green, player 1) reveals Block token {n} and the log goes on a while." for n in range(40)]
    shown, offset = log_window(events, 0)
    assert offset == 0 and LOG_LINES >= 20
    assert not shown[0].startswith(" ") and shown[-1].strip().endswith("while.")
    assert len(shown) >= LOG_LINES - 2
    assert all(line.startswith("   ") or line.startswith("Dinosaur") for line in shown)
    back, offset = log_window(events, 7)
    assert offset == 7 and not back[0].startswith(" ")
    oldest = log_window(events, 10_000)[0]  # scrolled back all the way: the first event, from its start
    assert oldest[0].endswith("Block token") and oldest[1].startswith("   0 and")
    assert log_window([], 3) == ([], 0)


def test_the_start_screen_opens_on_the_game_last_played(toybox_home):
    """It opened on Little Battle after a Little Soldiers game, with no
    "Resume the last game" in sight."""
    import os

    from app import userdir
    from app.shell.start_screen import opening_choice

    assert opening_choice().game == "little-battle"
    for n, game in enumerate(("toy-battle", "little-soldiers")):
        path = userdir.autosave_path(game, {})
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}")
        os.utime(path, (1000 + n, 1000 + n))
    assert opening_choice().game == "little-soldiers"


def test_the_scout_log_counts_shields_per_soldier():
    """'Scout: Shield tokens on Yellow Sniper, Yellow Sniper.' read as a list of ids."""
    from engine.little_soldiers.actions import Order, Shields

    c = _ls(seed=5)
    _deploy_all(c)
    rng = random.Random(3)
    for _ in range(300):
        c.run_bots()
        if c.is_over():
            break
        scouts = [a for a in c.legal() if isinstance(a, Order) and a.kind == "special"
                  and c.soldier(a.soldier)["kind"] == "infantry"] if c.phase() == "order" else []
        if scouts:
            assert c.play(scouts[0]) and c.phase() == "scout"
            double = next(a for a in c.legal() if isinstance(a, Shields) and len(set(a.targets)) == 1)
            assert c.play(double)
            line = next(e for e in reversed(c.events()) if e.startswith("Scout:"))
            assert line == f"Scout: 2 Shield tokens on {c.name(double.targets[0])}.", line
            return
        c.play(rng.choice(c.view().candidate_actions(4, rng)))
    pytest.fail("no Scout was possible")


def _to_order_with_one_soldier_left(seed: int):
    """A game where it is your Order step with one soldier on the table and
    another in the HQ (broken), the bot and you playing at random."""
    from engine.little_soldiers.actions import Order

    c = _ls(seed=seed, seats=("human", "heuristic"))
    rng = random.Random(seed)
    for _ in range(400):
        c.run_bots()
        if c.is_over():
            return None
        if c.phase() == "order":
            movers = [s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"])]
            broken = [s["id"] for s in c.soldiers() if s["spot"] is None and c.is_mine(s["id"])]
            attacks = [a for a in c.legal() if isinstance(a, Order) and a.kind == "attack"]
            if len(movers) == 1 and broken and attacks:
                return c, broken[0], attacks[0]
        c.play(rng.choice(c.legal() or c.view().candidate_actions(4, rng)))
    return None


def test_a_broken_soldiers_card_selected_does_not_take_the_attack_click():
    """With a broken soldier's card selected, clicking a valid target said
    "Green Infantry is not one of your Little Soldiers in play."; the soldier
    on the table that can attack it does."""
    for seed in range(1, 30):
        found = _to_order_with_one_soldier_left(seed)
        if found:
            break
    else:
        pytest.fail("no Order step with a broken soldier in the HQ")
    c, broken, attack = found
    c.click_soldier(broken)  # its HQ card
    assert c.selected == broken
    before = len(c.match.actions)
    assert c.click_soldier(attack.target), c.message
    assert c.match.actions[before][1] == attack


def test_a_soldier_broken_on_the_other_turn_is_not_left_selected():
    from engine.little_soldiers.actions import Order

    c = _ls(seed=4, seats=("human", "heuristic"))
    rng = random.Random(4)
    for _ in range(600):
        c.run_bots()
        if c.is_over():
            break
        assert c.selected is None or c.phase() == "deploy" or c.spot(c.selected) is not None, c.selected
        movers = [s["id"] for s in c.soldiers() if s["spot"] is not None and c.is_mine(s["id"])]
        if movers:
            c.click_soldier(movers[0])  # keep a soldier selected through the bot's turns
        act = rng.choice(c.legal() or c.view().candidate_actions(4, rng))
        if isinstance(act, Order) or c.phase() != "order":
            c.play(act)


def test_a_new_threats_monsters_are_framed_clear_of_the_hud(probe, tmp_path):
    """The Threats stand past the far edge and were left out of the home view:
    Pinky's head lay under the hint box."""
    facts = probe("little_soldiers_framing", str(tmp_path / "ant.png"), "mission=a_new_threat")
    w, h = facts["size"]
    x0, x1, y0, y1 = facts["free"]
    tops = {k: v for k, v in facts["at"].items() if k.startswith("threats")}
    assert len(tops) == 4
    for name, at in tops.items():
        assert at is not None, f"{name} is off screen"
        fx, fy = at[0] / (w - 1) * 2 - 1, 1 - at[1] / (h - 1) * 2
        assert x0 - 0.02 <= fx <= x1 + 0.02 and y0 - 0.02 <= fy <= y1 + 0.02, (name, fx, fy)


def test_the_log_names_cover_pieces_by_what_they_look_like_and_threats_by_name():
    """'cover 3 is put back.' named a piece nobody sees as 'cover 3' (it is the
    green book), and 'Scout: 2 Shield tokens on bob.' a Threat by its id."""
    from engine.core.games import get_game
    from engine.little_soldiers.names import log_namer

    info = get_game("little-soldiers")
    state = info.new_game(info.config_from_dict({"mission": "a_new_threat", "players": 2}), 1)
    named = log_namer(state)
    assert named("cover-3 is put back.") == "Cover 3 (green book) is put back."
    assert named("Threat Action 3: cover-3 disappear(s).") == "Threat Action 3: cover 3 (green book) disappear(s)."
    assert named("Scout: 2 Shield tokens on bob.") == "Scout: 2 Shield tokens on Bob."
    assert named("green-infantry climbs onto cereal-box-west.") == "Green Infantry climbs onto cereal box west."
    objects = info.new_game(info.config_from_dict({"level": "levels/little_soldiers/objects.json",
                                                   "modules": ["objects"]}), 1)
    assert log_namer(objects)("Green Infantry activates the marshmallow phone.") == \
        "Green Infantry activates the marshmallow phone."  # an Object's piece keeps its name


def test_a_press_on_a_piece_on_top_of_another_selects_it_not_the_zone_behind(tmp_path):
    """Live in the editor a press on the books lying on the blue shoebox
    selected the yellow hatched zone: the press (which starts a drag) picked
    by the table point behind, and only a plain click used the mouse's ray."""
    import shutil

    from app.editor.session import EditorSession

    path = tmp_path / "levels.json"
    shutil.copy("levels/little_soldiers/levels.json", path)
    s = EditorSession.open(path)
    bf = s.battlefield()
    top = next(solid for solid in bf.solids if solid.bottom > 1.0)  # a piece standing on another
    c = top.footprint.centroid
    eye = (c.x, c.y - 120.0, 110.0)  # the camera in front of the table, above it
    aim = (c.x, c.y, top.top)
    t = eye[2] / (eye[2] - aim[2])  # where that ray meets the table plane: behind the piece
    table = (eye[0] + t * (aim[0] - eye[0]), eye[1] + t * (aim[1] - eye[1]))
    assert s.begin_drag(*table, (eye, aim))
    assert s.selection.kind == "piece" and s.selection.key == top.id, s.selection
    s.end_drag()
    assert s.data == EditorSession.open(path).data  # a press without a move changes nothing


def test_editor_undo_and_redo_say_so(tmp_path):
    """After Ctrl+Z the message still read "Placed box-1; the tool is back to Select."."""
    from app.editor.session import EditorSession

    s = EditorSession.open(tmp_path / "new.json")
    s.tool = "box"
    s.click(30, 40)
    assert "Placed box 1" in s.message
    s.key("ctrl+z")
    assert s.message == "Undone." and not s.data["scenery"]
    s.key("ctrl+y")
    assert s.message == "Redone." and s.data["scenery"]
    s.key("ctrl+y")
    assert s.message == "Nothing to redo."
