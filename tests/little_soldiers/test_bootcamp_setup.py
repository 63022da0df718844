"""Bootcamp Book, Set Up and Round Preparation, paragraph by paragraph."""

from __future__ import annotations

import pytest
from ls_helpers import battlefield, game, position, run

from engine.core.protocol import CHANCE, IllegalAction
from engine.little_soldiers.actions import Block, Deploy, Order, Star
from engine.little_soldiers.config import Config
from engine.little_soldiers.flow import AFTER_DEPLOYMENT, START_ROUND
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.state import DEPLOY, MOVE, REVEAL, SETUP, new_game


def test_deployment_tokens_numbered_1_to_4_must_be_on_the_battlefield():
    bf = battlefield()
    from engine.geometry.battlefield import Battlefield

    data = bf.to_dict()
    data["tokens"] = [t for t in data["tokens"] if t["number"] != 3]
    with pytest.raises(ValueError, match=r"Deployment token\(s\) \[3\]"):
        new_game(Config(level="x"), None, battlefield=Battlefield.from_dict(data))


def test_battle_track_flag_starts_in_the_middle():
    s = game()
    assert s.slice_of(Bootcamp).flag == 0
    assert s.chosen.flag_steps_to_victory == 3


def test_hq_zone_chest_lid_holds_three_order_tokens_and_infantry_plus_one_other():
    s = game()
    for g in s.generals:
        assert (g.lid, g.tokens, g.bottom) == (3, 0, 0)
        kinds = [s.soldiers[i].kind for i in g.soldiers]
        assert kinds[0] == "infantry" and len(kinds) == 2
        assert all(not s.soldiers[i].in_play for i in g.soldiers)  # on their cards in the HQ
    assert [g.team for g in s.generals] == ["green", "yellow"]


def test_hq_zone_refuses_a_squad_without_infantry_or_with_three_soldiers():
    with pytest.raises(ValueError, match="Infantry"):
        Config(squads=(("sniper", "grenadier"), ("infantry", "sniper")))
    with pytest.raises(ValueError, match="Reinforcements"):
        Config(squads=(("infantry", "sniper", "operator"), ("infantry", "sniper")))


def test_first_player_flip_the_sheriffs_star():
    s = game()
    assert s.phase == SETUP and s.to_act() == [CHANCE]
    s.apply(CHANCE, Star(1))
    assert s.first == 1 and s.star == 1
    # The first player starts the deployment.
    assert s.phase == REVEAL and s.current == 1


def test_deploy_your_little_soldiers_by_block_token_at_green_distance():
    s = game()
    s.apply(CHANCE, Star(0))
    s.apply(CHANCE, Block(1))  # token 1 at (10, 10)
    assert s.phase == DEPLOY and s.to_act() == [0]
    # Too far: 20 cm from the token.
    far = Deploy("green-infantry", 30.0, 10.0)
    assert "green distance" in s.check(0, far)
    with pytest.raises(IllegalAction):
        s.apply(0, far)
    # In contact with a Move token laid against the Deployment token (gap <= 6 cm).
    s.apply(0, Deploy("green-infantry", 10.0 + 1.2 + 1.25 + 5.0, 10.0))
    assert s.soldiers["green-infantry"].in_play
    # Then the second player, then back to the first.
    assert s.phase == REVEAL and s.current == 1
    s.apply(CHANCE, Block(3))
    assert "not one of your" in s.check(1, Deploy("green-grenadier", 85, 10))
    s.apply(1, Deploy("yellow-sniper", 85.0, 10.0))
    s.apply(CHANCE, Block(1))
    assert "Another figurine" in s.check(0, Deploy("green-grenadier", 16.45, 10.0))
    s.apply(0, Deploy("green-grenadier", 10.0, 16.0))
    s.apply(CHANCE, Block(4))
    s.apply(1, Deploy("yellow-infantry", 90.0, 45.0))
    assert s.phase == MOVE and s.round == 1


def test_block_tokens_two_of_each_number_are_drawn_without_replacement():
    s = game()
    s.apply(CHANCE, Star(0))
    s.apply(CHANCE, Block(2))
    s.apply(0, Deploy("green-infantry", 10, 44))
    s.apply(CHANCE, Block(2))
    s.apply(1, Deploy("yellow-infantry", 16, 50))
    assert "from the pile" in s.check(CHANCE, Block(2))


def deploy_all(s):
    import random

    rng = random.Random(0)
    while s.phase == DEPLOY:
        seat = s.to_act()[0]
        s.apply(seat, s.candidate_actions(seat, 4, rng)[0])


def test_take_your_order_tokens_first_round_only_the_lid():
    s = new_game(Config(), 3)
    deploy_all(s)
    assert s.phase == MOVE
    for g in s.generals:
        assert (g.lid, g.tokens) == (2, 1)


def test_take_your_order_tokens_later_rounds_lid_soldiers_and_chest_bottom():
    s = game()
    position(s, {"green-infantry": (20, 20), "green-grenadier": (20, 40), "yellow-infantry": (80, 20),
                 "yellow-sniper": (80, 40)}, tokens={0: 0, 1: 0})
    s.soldiers["green-infantry"].orders = 2  # only 1 is taken back, 1 stays in play
    s.soldiers["green-grenadier"].orders = 1
    s.generals[0].bottom = 1
    s.generals[0].lid = 2
    run(s, AFTER_DEPLOYMENT)
    g = s.generals[0]
    assert g.tokens == 1 + 2 + 1 and g.lid == 1 and g.bottom == 0
    assert s.soldiers["green-infantry"].orders == 1 and s.soldiers["green-grenadier"].orders == 0


def test_deploy_step_only_when_a_soldier_is_in_the_hq():
    s = game()
    position(s, {"green-infantry": (20, 20), "green-grenadier": (20, 40), "yellow-infantry": (80, 20),
                 "yellow-sniper": (80, 40)}, tokens={0: 0, 1: 0})
    run(s, START_ROUND)
    assert s.phase == MOVE  # nobody in an HQ: straight to the Order tokens and the turn


def test_return_the_star_then_the_first_player_begins():
    s = game()
    s.apply(CHANCE, Star(1))
    for block, who, soldier, at in [(3, 1, "yellow-infantry", (85, 10)), (1, 0, "green-infantry", (15, 10)),
                                    (4, 1, "yellow-sniper", (85, 50)), (2, 0, "green-grenadier", (15, 50))]:
        s.apply(CHANCE, Block(block))
        s.apply(who, Deploy(soldier, *at))
    assert s.star is None  # back in the Reserve
    assert s.current == 1 and s.phase == MOVE and s.to_act() == [1]


def test_order_tokens_are_conserved_through_preparation():
    s = new_game(Config(), 11)
    deploy_all(s)
    assert all(s.order_tokens(g) == 3 for g in range(2))
    assert isinstance(s.legal_actions(0) + s.legal_actions(1), list)
    _ = Order  # the Order action exists for the turn's phase 2
