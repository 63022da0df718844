"""Second live QA round: what confused a player at the table."""

from __future__ import annotations


def test_little_soldiers_home_view_frames_track_and_both_hqs_clear_of_the_hud(probe, tmp_path):
    """The Battle Track ran off the left edge, the far HQ cards sat under the
    hint box, and the General's card text ran past the card."""
    facts = probe("little_soldiers_framing", str(tmp_path / "ls.png"))
    w, h = facts["size"]
    x0, x1, y0, y1 = facts["free"]
    for name, at in facts["at"].items():
        assert at is not None, f"{name} is off screen"
        fx, fy = at[0] / (w - 1) * 2 - 1, 1 - at[1] / (h - 1) * 2
        assert x0 - 0.02 <= fx <= x1 + 0.02 and y0 - 0.02 <= fy <= y1 + 0.02, (name, fx, fy)
    assert any(k.startswith("card-label-") and "-" not in k[len("card-label-"):] for k in facts["labels"])
    for name, width in facts["labels"].items():
        assert 0 < width <= facts["card_w"] - 1.0, (name, width)


def test_little_soldiers_choices_read_as_names_not_engine_ids():
    """Buttons said "order green-grenadier: special"; a player reads
    "Green Grenadier: Throw a Grenade". The actions stay the engine's."""
    import random

    from engine.little_soldiers.actions import Order, Reroll

    from app.controllers.little_soldiers import LittleSoldiersController
    from app.seats import Seats

    c = LittleSoldiersController.new("little-soldiers", {}, Seats(("human", "random")), seed=4)
    assert c.label(Order("green-grenadier", "special")) == "Green Grenadier: Throw a Grenade"
    assert c.label(Order("green-infantry", "attack", "yellow-sniper")) == "Green Infantry: Attack Yellow Sniper"
    assert c.label(Reroll(())) == "Keep the dice"
    rng = random.Random(1)
    seen = 0
    for _ in range(120):
        c.run_bots()
        if c.is_over():
            break
        for text, action in c.choices():
            assert action in c.legal() or c.phase() in ("reroll", "move"), (text, action)
            assert not any(s["id"] in text for s in c.soldiers()), text
            seen += 1
        acts = c.view().candidate_actions(8, rng)  # type: ignore[attr-defined]
        c.play(rng.choice(acts))
    assert seen
    log = " ".join(c.events())
    assert "Green " in log and not any(s["id"] in log for s in c.soldiers()), log


def test_toy_battle_rack_troops_say_what_they_do_and_the_racks_are_framed(probe, tmp_path):
    """The rack showed 'Skully 1' and nothing of its effect; the opponent's
    rack sat under the turn line."""
    from engine.toy_battle.data import TROOP_EFFECTS, TROOP_NAMES

    facts = probe("toy_battle_framing", str(tmp_path / "tb.png"))
    effect = TROOP_EFFECTS[TROOP_NAMES.index(facts["troop"])]
    assert " ".join(facts["help"].split()) .endswith(" ".join(effect.split())), facts["help"]
    x0, x1, y0, y1 = facts["free"]
    for f in facts["film"]:
        assert f is not None and x0 - 0.02 <= f[0] <= x1 + 0.02 and y0 - 0.02 <= f[1] <= y1 + 0.02, f


def test_little_battle_ship_labels_clear_the_flags_and_all_ships_are_framed(probe, tmp_path):
    """Ship labels floated at the sail's height and covered the flags; at 5
    players the far ships sat under the turn line."""
    facts = probe("little_battle_ship_labels", str(tmp_path / "lb.png"))
    x0, x1, y0, y1 = facts["free"]
    others = [name for name in facts["labels"] if name != f"ship-label-{facts['seat']}"]
    assert len(others) == 4
    for ship in facts["ships"]:
        fx, fy = ship["film"]
        assert x0 - 0.02 <= fx <= x1 + 0.02 and y0 - 0.02 <= fy <= y1 + 0.02, ship
        assert all(p is not None for p in ship["sail"])
    rows = sorted(facts["labels"][n][1] for n in others)
    sails = sorted(max(p[1] for p in ship["sail"]) for ship in facts["ships"])
    # each label's centre is well below (nearer the player than) the bottom of the sail it names
    for label_row, sail_bottom in zip(rows, sails):
        assert label_row > sail_bottom + 12, (rows, sails)


def test_a_throw_is_aimed_by_drag_and_flies_before_its_trail_shows(probe, tmp_path):
    """The flight's whole trail was drawn at the release, giving the landing
    away before the piece had flown."""
    import math

    f = probe("little_soldiers_throw", str(tmp_path))
    assert f["arrow"] and 0 < f["aim"][1] <= 1 and abs(f["aim"][0] - math.degrees(math.atan2(5, 30))) < 0.5
    assert not f["mid_trail"] and f["end_trail"]
    assert math.dist(f["end"], f["landing"]) < 0.5
    assert math.dist(f["mid"], f["landing"]) > 0.5 and math.dist(f["mid"], f["start"]) > 0.5
