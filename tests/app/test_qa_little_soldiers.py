"""Little Soldiers decisions a mouse could not make, found by playing live."""

from __future__ import annotations

import random

from shapely.geometry import Point

from app.games.little_soldiers.controller import LittleSoldiersController
from app.seats import Seats
from engine.little_soldiers.actions import Deploy, Move


def _to_green_move(c: LittleSoldiersController, rng: random.Random) -> None:
    """Bots and legal clicks until the human (green) must Move."""
    for _ in range(200):
        c.run_bots()
        if c.phase() == "move" and c.my_turn():
            return
        acts = c.view().candidate_actions(20, rng)
        deploys = [a for a in acts if isinstance(a, Deploy)]
        assert deploys or acts, c.phase()
        a = (deploys or acts)[0]
        if isinstance(a, Deploy):
            c.click_soldier(a.soldier)
            assert c.click_table(a.x, a.y)
        else:
            assert c.play(a)
    raise AssertionError("never reached green's Move")


def test_a_click_on_a_level_top_climbs_and_the_mouse_ray_finds_the_top():
    """Levels: the app only ever sent plain Moves, so nobody could climb."""
    c = LittleSoldiersController.new("little-soldiers", {"level": "levels/little_soldiers/levels.json", "modules": ["levels"]},
                                     Seats(("human", "random")), seed=3)
    rng = random.Random(5)
    for _ in range(6):
        _to_green_move(c, rng)
        climbs = [a for a in c.view().candidate_actions(200, rng)
                  if isinstance(a, Move) and a.climb and not c.explain(a)]
        terrain = c.view().terrain
        ups = [a for a in climbs if c.soldier(a.soldier)["spot"]["surface"] is None]
        if ups:
            break
        c.play(next(a for a in c.view().candidate_actions(50, rng) if isinstance(a, Move)))
    else:
        raise AssertionError("no climb offered to green")
    a = ups[0]
    piece = next(p for p in terrain.level_pieces()
                 if terrain.bf.solid(p).footprint.exterior.distance(Point(a.x, a.y)) < 1.0)
    inside = terrain.bf.solid(piece).footprint
    centre = inside.centroid
    # a point on the top, 1 cm in from where the engine says the cord touches
    d = Point(a.x, a.y).distance(centre)
    k = min(1.0, 1.0 / d)
    px, py = a.x + (centre.x - a.x) * k, a.y + (centre.y - a.y) * k
    top = terrain.z(piece)
    # the mouse ray from a camera above passes the top first: that is what is picked
    t = (top + 80.25) / 80.0  # where the same ray meets the table picker at z = -0.25
    x, y, surface = c.pick_surface((px, py - 60.0, top + 80.0), (px, py - 60.0 + 60.0 * t, -0.25))
    assert surface == piece and abs(x - px) < 0.5 and abs(y - py) < 0.5
    c.click_soldier(a.soldier)
    assert c.click_table(x, y, surface), c.message
    assert c.soldier(a.soldier)["spot"]["surface"] == piece


def test_a_new_roll_while_dice_tumble_does_not_crash_the_window(probe, tmp_path):
    facts = probe("little_soldiers_dice_reroll_mid_tumble", str(tmp_path), timeout=240)
    assert facts["tumbling"] > 0


def test_staying_put_is_a_button():
    """The zero Move needed a click exactly on the soldier's spot, where its figurine only selects it."""
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=2)
    _to_green_move(c, random.Random(1))
    stays = [(label, a) for label, a in c.choices() if "stays" in label]
    assert stays
    label, stay = stays[0]
    before = c.soldier(stay.soldier)["spot"]
    c.click_soldier(stay.soldier)
    assert [lbl for lbl, _ in c.choices()] == [f"{c.name(stay.soldier)} stays where it is"]
    assert c.choose(stay), c.message
    assert c.soldier(stay.soldier)["spot"] == before and c.phase() != "move"


def test_the_log_names_die_faces_and_order_kinds_as_a_player_reads_them():
    """Played live: the log said 'gives Green Grenadier an Order: special.' and
    'Dice: hit, blank, double_hit.' (the engine's ids, not words)."""
    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=3)
    line = c.named("Dinosaur gives green-grenadier an Order: special on yellow-sniper.")
    assert line == "Dinosaur gives Green Grenadier an Order: Special Action on Yellow Sniper."
    assert c.named("Dice: hit, lightning, double_hit.") == "Dice: hit, lightning, double hit."
    assert "an Order: Attack" in c.named("Brick gives yellow-sniper an Order: attack on green-grenadier.")
