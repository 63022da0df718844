"""Little Battle's reveal shown as it happens: cards flip, then every taken
chest travels from the beach to the Ship of the player who took it (issue
12, item 3), in the order and to the seats the loot rule gives."""

from __future__ import annotations

import random

import pytest

from app.games.little_battle.loot_show import travels, view_after_last_action
from tests.app.features import run_feature_probe


def _controller(players: int, seed: int, chiefs: bool):
    from app.games.little_battle.controller import LittleBattleController
    from app.seats import Seats

    return LittleBattleController.new("little-battle", {"players": players, "chiefs": chiefs},
                                      Seats(("human",) * players), seed=seed)


@pytest.mark.parametrize("players,chiefs", [(3, False), (4, True), (5, True)])
def test_each_taken_chest_travels_to_the_ship_of_its_taker(players, chiefs):
    """Sharing the Loot (rulebook, Step 2 Phase 2): the journeys are the loot
    rule's answer on public facts, and match the Ships' chests after it,
    the last turn of a deal (whose reveal the next deal shuffles away) included."""
    from engine.bots import make_bot

    checked = deal_ends = 0
    for seed in range(6):
        c = _controller(players, seed, chiefs)
        rng = random.Random(seed)
        bot = make_bot("random", "little-battle", seed)
        while not c.is_over():
            if c.handover_to is not None:
                c.acknowledge_handover()
            before = c.view_dict()
            c.play(bot.choose(c.view()))
            after = c.view_dict()
            mid = view_after_last_action(c)
            trips = travels(before, mid)
            won = [[w["color"] for w in a[len(b):]] for a, b in zip(after["loot"], before["loot"], strict=True)]
            got = [[] for _ in won]
            for t in trips:
                got[t.seat].append(t.color)
                assert t.slot == len(before["loot"][t.seat]) + len(got[t.seat]) - 1
                assert (t.gold is not None) == (t.seat == mid["seat"] or mid["result"] is not None)  # yours, or all at the end
            assert got == won
            checked += sum(map(len, won))
            deal_ends += bool(trips) and not after["last_reveal"]
            if rng.random() < 0.1 and c.match.can_undo():
                c.undo()
    assert checked > 20 and deal_ends > 0


def test_no_journey_without_a_reveal():
    c = _controller(3, 1, False)
    v = c.view_dict()
    assert travels(v, v) == []


def _share(t) -> float:
    """How far along its way (by the table's plane) a travelling chest is."""
    (x0, y0, _), (x1, y1, _), (x, y, _) = t["from"], t["to"], t["at"]
    return ((x - x0) * (x1 - x0) + (y - y0) * (y1 - y0)) / ((x1 - x0) ** 2 + (y1 - y0) ** 2)


def test_chests_travel_paced_and_skippable(tmp_path):
    normal, slow = run_feature_probe("chests_travel", tmp_path, str(tmp_path / "travel.png"), "1,0")["runs"]
    for facts in (normal, slow):
        wanted = sorted((s, colour) for s, colours in enumerate(facts["colours"]) for colour in colours)
        assert wanted, "the scenario reaches a turn where chests are taken"
        assert sorted((t["seat"], t["color"]) for t in facts["start"]) == wanted
        assert not any(t["started"] for t in facts["start"])  # the cards flip first
        assert facts["arriving"] == sorted([t["seat"], t["slot"]] for t in facts["start"])  # not at the Ship yet
        assert facts["animating"], "a bot waits for the journey"
        assert facts["after_skip"] == [] and facts["arriving_after"] == [] and not facts["animating_after"]
    first = normal["mid"][0]
    assert all(normal["faces_mid"])
    assert 0.3 < _share(first) < 0.95, _share(first)  # on its way, half the time gone (eased)
    (_, _, z0), (_, _, z1), (_, _, z) = first["from"], first["to"], first["at"]
    assert z > max(z0, z1) + 2.0, "it arcs over the sea"
    px, under = normal["mid_pixel"], normal["under_pixel"]
    assert px is not None and under is not None
    assert sum((a - b) ** 2 for a, b in zip(px, under, strict=True)) > 50 ** 2, (px, under)  # the chest is drawn where it is
    # the slow setting: the same time carries the chest less far (or it has not left yet)
    slow_first = slow["mid"][0] if slow["mid"] else None
    assert slow_first is not None and (not slow_first["started"] or _share(slow_first) < _share(first) - 0.1)
