"""Tooltips on pieces and cards (issue 12, item 6): names as printed, the
view's numbers, what can be done now as the engine says, and a card that
stays in the window and off the thing it describes."""

from __future__ import annotations

import random
import re

import pytest

from app import tips
from app.tips.place import inside, overlap, place
from tests.app import monkey as M


def _controller(game: str, config: dict, seed: int, hot: bool = False):
    from engine.core.games import get_game
    from engine.core.match import Match

    info = get_game(game)
    seats = Match(info, info.config_from_dict(dict(config)), seed).state.num_seats
    return M.new_controller(game, config, M.seat_kinds(seats, random.Random(seed), hot), seed, None)


def _ids(c) -> set[str]:
    """Every internal id of this game that a player should never read."""
    if c.game != "little-soldiers":
        return set()
    v = c.view_dict()
    out = {s["id"] for s in v["soldiers"]} | {t["id"] for t in v.get("threats") or []}
    from app.games.little_soldiers.tips import object_name, piece_name

    terrain = c.view().terrain
    out |= {p.id for p in terrain.bf.scenery if p.id != piece_name(p).lower()}  # a 'mug' is one
    out |= {o.id for o in terrain.objects if o.id != object_name(o.kind).lower()}
    return {i for i in out if not i[:1].isupper()}


CASES = [(g, i) for g, configs in M.CONFIGS.items() for i in range(len(configs))]


@pytest.mark.parametrize("game,index", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_every_tip_names_things_as_printed(game, index, tmp_path):
    """A monkey game; after every few inputs every hoverable thing is asked:
    no exception, a title, and no internal id in any line."""
    c = _controller(game, M.CONFIGS[game][index], index, hot=bool(index % 2))
    monkey = M.Monkey(c, index, tmp_path)
    ids = _ids(c)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-])") \
        if ids else None
    asked = 0
    for step in range(60):
        monkey.step()
        if step % 6:
            continue
        for thing in tips.things(c):
            tip = tips.tip(c, thing)
            asked += 1
            if tip is None:
                continue
            assert tip.title.strip(), thing
            for line in tip.lines():
                assert "_" not in line, (thing, line)
                assert pattern is None or not pattern.search(line), (thing, line)
    assert asked > 20


def _ls_at_move(config: dict, seed: int = 3):
    from tests.app.feature_probe import ls_to_green_move

    c = _controller("little-soldiers", config, seed)
    ls_to_green_move(c)
    return c


def test_a_soldiers_numbers_are_the_views_and_an_enemy_says_the_engines_verdict():
    c = _ls_at_move({})
    v = c.view()
    for s in c.soldiers():
        tip = tips.tip(c, f"soldier:{s['id']}")
        assert f"Defense {v.defense(s['id'])} · Toughness {v.toughness(s['id'])}" in tip.facts
        assert f"Hearts {s['hearts']} · Shields {s['shields']} · Orders {s['orders']}" in tip.facts
    mine = [s["id"] for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"]]
    foes = [s["id"] for s in c.soldiers() if s["team"] not in c.my_teams() and s["spot"]]
    c.click_soldier(mine[0])
    for foe in foes:
        valid = v.explain_target(mine[0], foe)["valid"]
        said = " ".join(tips.tip(c, f"soldier:{foe}").now)
        assert said.startswith("Valid target" if valid else "Not a valid target"), said
    said = tips.tip(c, f"soldier:{mine[0]}").now
    assert said and "yellow cord" in said[0]  # the engine lets it move now


def test_a_threat_shows_its_health_and_force_field_as_the_view_has_them():
    c = _controller("little-soldiers", {"mission": "a_new_threat", "players": 1}, 2)
    for th in c.view_dict()["threats"]:
        tip = tips.tip(c, f"threat:{th['id']}")
        assert tip.title == th["name"]
        assert f"Hearts {th['hearts']} of {th['toughness']} · Shields {th['shields']}" in tip.facts
        down = c.view().field_off(th["id"])
        assert any(f.startswith(f"Force Field {'down' if down else 'up'}") for f in tip.facts), tip.facts


def test_a_rack_troop_and_a_base_say_where_the_engine_lets_it_go():
    from engine.toy_battle import Place

    c = _controller("toy-battle", {"terrain": "castle-field"}, 1)
    while not c.my_turn():
        c.bot_step()
    for name in c.rack():
        n = len({a.node for a in c.legal() if isinstance(a, Place) and a.troop == name})
        now = tips.tip(c, f"troop:{name}").now
        assert (f"Can go on {n} base" in now[0]) if n else now == ("Cannot be placed now.",)
    c.click_troop(c.rack()[0])
    for node in c.view().terrain.ids:
        now = " ".join(tips.tip(c, f"base:{node}").now)
        why = c.explain(Place(c.selected, node))
        assert ("Click to place" in now) == (not why) and (not why or why in now), (node, now, why)


def test_a_little_battle_card_and_chest_say_what_the_view_and_the_rules_allow():
    from engine.little_battle import Attack, Keep

    c = _controller("little-battle", {"players": 4}, 5)
    rng = random.Random(5)
    seen_gold = hidden = 0
    while not c.is_over():
        if c.my_turn():
            for name in c.hand():
                now = " ".join(tips.tip(c, f"card:{name}").now)
                legal = [a for a in c.legal() if str(a.card) == name]
                assert ("Keep it" in now) == any(isinstance(a, Keep) for a in legal)
                assert ("Play it before pile" in now) == any(isinstance(a, Attack) for a in legal)
            c.play(rng.choice(c.legal()))
        else:
            c.bot_step()
        v = c.view_dict()
        for s, won in enumerate(v["loot"]):
            for i, w in enumerate(won):
                tip = tips.tip(c, f"chest:{s}:{i}")
                if w.get("gold") is not None:
                    assert f"Gold: {w['gold']}" in tip.facts
                    seen_gold += 1
                else:
                    assert any("hidden" in f for f in tip.facts)
                    hidden += 1
    assert seen_gold and hidden


def test_a_tactics_button_shows_its_card():
    from engine.little_soldiers.actions import Play

    c = _controller("little-soldiers", {"modules": ["super_soldier", "advanced_tactics"]}, 2)
    rng = random.Random(2)
    for _ in range(400):
        plays = [(label, a) for label, a in c.choices() if isinstance(a, Play) and a.card]
        if plays and c.my_turn():
            label, action = plays[0]
            tip = tips.tip(c, f"button:{label}")
            card = c.view().tactics_cards()[action.card]
            assert tip.title == card.name and card.text in tip.facts
            assert tips.tip(c, f"button:{label[:8]}...") == tip  # a label the HUD shortened
            return
        if c.my_turn():
            c.play(c.view().candidate_actions(1, rng)[0])
        else:
            c.bot_step()
    pytest.fail("no Tactics card was offered in 400 steps")


SIZES = [(1024, 640), (1280, 720), (1440, 900), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES)
def test_the_card_stays_in_the_window_and_off_the_thing(size):
    """The placing frame is the UI's: height 1, width the window's aspect."""
    rng = random.Random(size[0])
    w, h = size[0] / size[1], 1.0
    for _ in range(3000):
        card = (rng.uniform(0.15, 0.6), rng.uniform(0.05, 0.3))
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        half = (rng.uniform(0.005, 0.2), rng.uniform(0.005, 0.2))
        avoid = (cx - half[0] * rng.random(), cy - half[1] * rng.random(), cx + half[0], cy + half[1])
        r = place((cx, cy), card, avoid, (w, h))
        assert inside(r, w, h), (r, size)
        assert abs((r[2] - r[0]) - card[0]) < 1e-9 and abs((r[3] - r[1]) - card[1]) < 1e-9
        room = (avoid[0] >= card[0] + 0.04 or w - avoid[2] >= card[0] + 0.04 or avoid[1] >= card[1] + 0.04
                or h - avoid[3] >= card[1] + 0.04)
        if room:
            assert overlap(r, avoid) == 0.0, (r, avoid, size)


def test_a_thing_filling_the_window_is_covered_as_little_as_can_be():
    r = place((0.5, 0.5), (0.4, 0.2), (0.0, 0.0, 1.6, 0.95), (1.6, 1.0))
    assert inside(r, 1.6, 1.0) and overlap(r, (0.0, 0.0, 1.6, 0.95)) <= 0.4 * 0.15 + 1e-9


def test_a_soldiers_tip_lists_every_order_its_buttons_offer():
    """Seen live: the tip of a soldier able to attack listed "Move, Scout" while the buttons below also
    offered an Attack on each valid target. Every Order button of the soldier is in its tip now, the
    attacks by their targets' printed names."""
    from engine.little_soldiers.actions import Order
    from engine.little_soldiers.state import Phase

    seen = 0
    for seed in range(1, 60):
        c = _controller("little-soldiers", {}, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if c.is_over():
                break
            if c.bot_pending():
                c.bot_step()
                continue
            if c.my_turn() and c.phase() is Phase.ORDER:
                for ident in {a.soldier for a in c.legal() if isinstance(a, Order) and a.target is not None}:
                    said = " ".join(tips.tip(c, f"soldier:{ident}").now)
                    buttons = [c.label(a).split(": ", 1)[-1] for a in c.legal() if isinstance(a, Order) and a.soldier == ident]
                    assert buttons and all(any(part in said for part in b.split(" ", 1)) for b in buttons), (said, buttons)
                    targets = [c.name(a.target) for a in c.legal() if isinstance(a, Order) and a.soldier == ident and a.target]
                    assert all(t in said for t in targets), (said, targets)
                    seen += 1
            c.play(rng.choice(c.view().candidate_actions(12, rng)))
        if seen >= 3:
            break
    assert seen >= 3, "no Order phase with a target was reached"
