"""The app's read-only queries answer what the rules decide (engine/little_soldiers/queries.py)."""

from __future__ import annotations

import math

import shapely
from ls_helpers import battlefield, box, position

from engine.little_soldiers.actions import Move, Order, Throw
from engine.little_soldiers.config import Config
from engine.little_soldiers.queries import flight, move_preview, range_band, reach, sight_rays
from engine.little_soldiers.state import new_game

SPOTS = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
         "yellow-sniper": (80, 45)}


def seeded(scenery=(), spots=None, seed=5):
    st = new_game(Config(level="t"), seed, battlefield=battlefield(scenery))
    return position(st, spots or SPOTS)


def stay(s, soldier):
    sp = s.soldiers[soldier].spot
    s.apply(s.to_act()[0], Move(soldier, sp.x, sp.y))


def test_reach_is_where_the_engine_allows_a_move():
    s = seeded([box("wall", 30, 30, 2, 30, 10)])
    region = reach(s.view(0), "green-infantry")
    assert not region.is_empty
    for x, y in [(30, 48), (25, 30), (38, 30), (22, 12), (36, 40), (45, 30), (20, 52)]:
        inside = shapely.intersects_xy(region.buffer(-0.05), x, y)
        outside = not shapely.intersects_xy(region.buffer(0.05), x, y)
        legal = s.check(0, Move("green-infantry", x, y)) is None
        if inside:
            assert legal, (x, y)
        elif outside:
            assert not legal, (x, y)


def test_move_preview_bends_around_scenery_and_gives_the_engines_reason():
    s = seeded([box("wall", 30, 30, 2, 8, 10)])
    p = move_preview(s.view(0), 0, "green-infantry", 34.0, 30.0)
    assert p.reason is None and len(p.path) > 2  # around the wall, not through it
    assert p.path[0] == (20.0, 30.0) and p.path[-1] == (34.0, 30.0)
    assert 14.0 < p.length <= 20.0
    far = move_preview(s.view(0), 0, "green-infantry", 60.0, 30.0)
    assert far.reason == s.check(0, Move("green-infantry", 60.0, 30.0)) and "cord" in far.reason


def test_sight_rays_agree_with_the_rules_line_of_sight():
    s = seeded([box("wall", 50, 30, 2, 6, 4.4)])
    sight = sight_rays(s, "green-infantry", "yellow-infantry")
    facts = s.explain_target("green-infantry", "yellow-infantry")
    assert sight.valid == facts["valid"]
    blocked = sum(r.blocked for r in sight.rays)
    assert 0 < blocked < len(sight.rays)  # partly hidden: some rays of each kind
    assert facts["sight"] == f"{blocked} of {len(sight.rays)} rays blocked by wall"
    clear = sight_rays(s, "green-grenadier", "yellow-sniper")
    assert clear.valid and not any(r.blocked for r in clear.rays)


def test_range_band_uses_the_games_cords():
    s = seeded()
    c = s.chosen
    gap = 2 * s.terrain.base_radius  # figure distance is base edge to base edge on the table
    for name, d in [("green", c.green_length - 0.5), ("red", (c.green_length + c.red_length) / 2),
                    ("yellow", (c.red_length + c.yellow_length) / 2), (None, c.yellow_length + 1)]:
        s.soldiers["yellow-infantry"].spot = type(s.soldiers["green-infantry"].spot)(20 + gap + d, 30.0)
        assert range_band(s, "green-infantry", "yellow-infantry") == name, (name, d)


def test_the_view_shows_the_dice_of_the_last_roll():
    s = seeded()
    stay(s, "green-infantry")
    assert s.view(1).to_dict()["last_roll"] is None
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    shown = s.view(1).to_dict()["last_roll"]  # dice are public: the opponent sees them too
    assert shown["serial"] == 1 and shown["who"] == "attack" and shown["rolled"] == [0, 1, 2, 3, 4]
    assert shown["faces"] == s.to_dict()["attack"]["faces"]
    assert any(e.text == f"Dice: {', '.join(shown['faces'])}." for e in s.events)


def test_flight_redraws_the_last_throw_ending_where_the_engine_landed_it():
    s = seeded([box("wall", 40, 30, 2, 14, 20)], spots={**SPOTS, "yellow-infantry": (46, 30)})
    stay(s, "green-infantry")
    s.apply(0, Order("green-grenadier", "special"))
    assert flight(s) is None
    s.apply(0, Throw(-20.0, 0.25))
    last = s.view(0).to_dict()["last_throw"]
    assert last["kind"] == "grenade" and last["direction"] == -20.0 and last["strength"] == 0.25
    path = flight(s.view(1))
    assert path is not None and len(path.trajectory) > 5
    assert math.dist(path.trajectory[-1][1], last["landing"]) < 1e-3
    assert s.measured["landing"] == last["landing"]


def test_deploy_area_is_where_the_engine_accepts_a_deployment():
    from engine.little_soldiers.actions import Deploy
    from engine.little_soldiers.queries import deploy_area

    s = new_game(Config.from_dict({}), 2)
    assert s.phase == "deploy"
    seat = s.to_act()[0]
    soldier = next(i for g in s.generals if g.seat == seat for i in g.soldiers if s.soldiers[i].spot is None)
    area = deploy_area(s.view(seat))
    assert area.area > 0
    inside = area.representative_point()
    assert s.check(seat, Deploy(soldier, inside.x, inside.y)) is None
    token = s.terrain.deployment[s.block]
    far = (token[0] + 40.0, token[1]) if token[0] < 60 else (token[0] - 40.0, token[1])
    assert not area.contains(shapely.Point(far))
    assert s.check(seat, Deploy(soldier, far[0], far[1])) is not None


def test_deploy_area_without_a_block_token_follows_the_free_deployment():
    """The co-op missions deploy at green distance from any Deployment token;
    the area was empty there (it only knew the revealed Block token), so the
    app shaded nothing and said 'beside Deployment token None'."""
    import random

    from engine.little_soldiers.actions import Deploy, Lead
    from engine.little_soldiers.queries import deploy_area

    s = new_game(Config.from_dict({"mission": "a_new_threat", "players": 1}), 1)
    s.apply(0, Lead(0)) if s.phase == "lead" else None
    assert s.phase == "deploy" and s.block is None
    area = deploy_area(s.view(0), "green-infantry")
    assert area.area > 0
    rng = random.Random(2)
    minx, miny, maxx, maxy = area.bounds
    for _ in range(60):
        x, y = rng.uniform(minx - 10, maxx + 10), rng.uniform(miny - 10, maxy + 10)
        p = shapely.Point(x, y)
        if area.buffer(-0.3).contains(p):
            assert s.check(0, Deploy("green-infantry", x, y)) is None, (x, y)
        elif not area.buffer(0.3).contains(p):
            assert s.check(0, Deploy("green-infantry", x, y)) is not None, (x, y)


def test_the_view_says_where_a_throw_is_aimed_from():
    """The app's aiming preview: from the Grenadier, or the catapult on the edge nearest the Operator."""
    from ls_helpers import game, position

    from engine.little_soldiers.actions import Move, Order

    s = position(game(squads=(("infantry", "grenadier"), ("infantry", "operator"))),
                 {"green-infantry": (20, 30), "green-grenadier": (30, 40), "yellow-infantry": (80, 30),
                  "yellow-operator": (90, 50)}, general=0)
    assert s.view(0).throw_origin() is None
    s.apply(0, Move("green-grenadier", 30, 40))
    s.apply(0, Order("green-grenadier", "special"))
    assert s.view(0).throw_origin() == (30.0, 40.0, 0.0)
    t = position(game(squads=(("infantry", "grenadier"), ("infantry", "operator"))),
                 {"green-infantry": (20, 30), "yellow-infantry": (80, 30), "yellow-operator": (90, 50)}, general=1)
    t.apply(1, Move("yellow-operator", 90, 50))
    t.apply(1, Order("yellow-operator", "special"))
    assert t.view(1).throw_origin() == t.shot_start("yellow-operator", "mortar", 0.0)
    assert t.view(1).throw_origin()[:2] == t.terrain.edge_point((90, 50))
