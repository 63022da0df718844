"""The hard bot: the whole-turn duel planner and its Battle Track outlook.

The outlook is a model of the Bootcamp's arithmetic inside a bot; these
tests hold it to the engine on forced dice (Bootcamp: Damaging your
opponent, Broken Little Soldiers, Wipeout, Round Preparation, End of the
Game), then check the planner's choices in hand-built positions: the
Attack that breaks over more Hearts elsewhere, cover when out of Order
tokens, the Order token on the soldier that gives it back, the time
budget, and that it plans on samples of its view, never on the truth.
"""

from __future__ import annotations

import random

import pytest
from ls_helpers import box, game, position

from engine.bots import make_bot
from engine.bots.levels import Difficulty, level
from engine.core.protocol import CHANCE
from engine.little_soldiers import outlook as O
from engine.little_soldiers.actions import Move, Order, Reroll, Roll
from engine.little_soldiers.bots import HeuristicBot
from engine.little_soldiers.config import Config
from engine.little_soldiers.duel import DuelBot, Plan
from engine.little_soldiers.parts.bootcamp import Bootcamp
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import new_game

OPEN = {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (80, 30),
        "yellow-sniper": (80, 45)}


def stay(s, soldier):
    sp = s.soldiers[soldier].spot
    s.apply(s.to_act()[0], Move(soldier, sp.x, sp.y))


def settle(s, rng):
    """Play Round Preparation's deployments (any legal spot) up to the next Move."""
    while s.phase in (Phase.REVEAL, Phase.DEPLOY):
        seat = s.to_act()[0]
        if seat == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
        else:
            s.apply(seat, s.candidate_actions(seat, 4, rng)[0])


def outlook_of(s):
    ids = sorted(s.soldiers)
    return O.Outlook(O.roster_of(s, ids)), ids


def force_attack(s, attacker, target, hits):
    """An Attack of ``attacker`` on ``target`` with exactly ``hits`` hits kept."""
    s.apply(s.to_act()[0], Order(attacker, "attack", target))
    s.apply(CHANCE, Roll(("hit",) * hits + ("blank",) * (5 - hits)))
    if s.phase is Phase.REROLL:
        s.apply(s.to_act()[0], Reroll(()))


# --- the outlook against the engine ---------------------------------------------------------

@pytest.mark.parametrize("hits, hearts_before", [(2, 0), (4, 0), (5, 2), (4, 4)])
def test_outlook_follows_the_engine_through_damage_breaks_and_the_next_turn(hits, hearts_before):
    """Damaging your opponent (Hearts above the Defense), Broken Little Soldiers
    (the Order tokens to the Chest's bottom, the Flag), End of the Turn."""
    s = position(game(), OPEN, tokens={0: 2, 1: 2}, round_=2)
    s.soldiers["yellow-infantry"].hearts = hearts_before
    s.soldiers["yellow-infantry"].orders = 1
    stay(s, "green-infantry")
    o, ids = outlook_of(s)
    pos = O.position_of(s, ids)
    a, t = ids.index("green-infantry"), ids.index("yellow-infantry")
    model = o.after(o.hit(pos, a, t, False, max(0, hits - 2), O.NO_EFFECT))
    force_attack(s, "green-infantry", "yellow-infantry", hits)
    assert model == O.position_of(s, ids)


def test_outlook_follows_the_engine_through_a_wipeout_into_round_preparation():
    """Wipeout: the Flag moves twice and the round ends; Round Preparation
    deploys the broken, gives a lid token, one back from each soldier in play
    holding any, and the Chest's bottom."""
    spots = {k: v for k, v in OPEN.items() if k != "yellow-infantry"}
    s = position(game(), spots, tokens={0: 2, 1: 1}, round_=2)
    s.soldiers["yellow-sniper"].hearts = 1
    s.soldiers["yellow-sniper"].orders = 2
    s.soldiers["green-grenadier"].orders = 1
    stay(s, "green-infantry")
    o, ids = outlook_of(s)
    pos = O.position_of(s, ids)
    model = o.after(o.hit(pos, ids.index("green-infantry"), ids.index("yellow-sniper"), False, 2, O.NO_EFFECT))
    force_attack(s, "green-infantry", "yellow-sniper", 5)
    settle(s, random.Random(1))
    assert s.slice_of(Bootcamp).flag == 2 and s.round == 3
    assert model == O.position_of(s, ids)


def test_outlook_end_of_round_3_goes_to_the_flag_then_fewest_soldiers_then_fewest_hearts():
    """End of the Game: the Flag's side; in the middle, the fewest soldiers
    in play (yes, the fewest), then the fewest Hearts, else a shared win."""
    s = position(game(), OPEN, tokens={0: 0, 1: 0}, round_=3)
    o, ids = outlook_of(s)
    pos = O.position_of(s, ids)
    assert o.result(pos._replace(flag=1)) == 1.0 and o.result(pos._replace(flag=-1)) == 0.0
    assert o.result(pos) == 0.5
    gone = list(pos.soldiers)
    gone[ids.index("green-infantry")] = (False, 0, 0, 0)
    assert o.result(pos._replace(soldiers=tuple(gone))) == 1.0
    hurt = list(pos.soldiers)
    hurt[ids.index("green-grenadier")] = (True, 2, 0, 0)
    assert o.result(pos._replace(soldiers=tuple(hurt))) == 0.0


def test_attack_outcomes_sum_to_one_and_the_risky_shot_adds_the_sniper_die():
    for rerolls in (0, 1, 2):
        plain = O.attack_outcomes(0.5, rerolls, False)
        risky = O.attack_outcomes(0.5, rerolls, True)
        assert sum(x.p for x in plain) == pytest.approx(1.0)
        assert sum(x.p for x in risky) == pytest.approx(1.0)
        assert sum(x.p * x.hits for x in risky) > sum(x.p * x.hits for x in plain)
    # every die rerolled until a hit: 1 - 0.5 ** 2 a die with one reroll
    assert sum(x.p * x.hits for x in O.attack_outcomes(0.5, 1, False)) == pytest.approx(5 * 0.75)


# --- the planner's choices ------------------------------------------------------------------

def test_planner_takes_the_break_over_more_hearts_on_another_target():
    """Broken Little Soldiers move the Flag: with its last Order token of
    round 3 against two of the opponent's, a 63% break of the Sniper beats
    3.4 expected Hearts on the Infantry in red Range, which the heuristic's
    greedy score takes. (With one token each the Hearts win: the Flag in the
    middle, the fewest Hearts decide, and the planner knows it.)"""
    spots = {"green-grenadier": (20, 30), "green-infantry": (20, 50), "yellow-infantry": (28, 30),
             "yellow-sniper": (80, 45)}

    def ready(tokens):
        s = position(game(), spots, tokens=tokens, round_=3)
        s.soldiers["yellow-sniper"].hearts = 2  # one from breaking; Defense 3
        s.soldiers["yellow-infantry"].shields = 1  # Defense 1: more Hearts, no break
        stay(s, "green-grenadier")
        return s.view(0)

    view = ready({0: 1, 1: 2})
    assert set(view.valid_targets("green-grenadier")) == {"yellow-infantry", "yellow-sniper"}
    assert HeuristicBot(0).choose(view) == Order("green-grenadier", "attack", "yellow-infantry")
    chosen = DuelBot(0, time_limit=None).choose(view)
    assert chosen.kind == "attack" and chosen.target == "yellow-sniper"
    level = DuelBot(0, time_limit=None).choose(ready({0: 1, 1: 1}))
    assert level.kind == "attack" and level.target == "yellow-infantry"


def test_planner_hides_when_out_of_order_tokens():
    """End of the Turn: with no Order token left a player only Moves: into
    cover, out of every enemy's sight."""
    wall = box("wall", 30, 30, 2, 16, 10)
    spots = {"green-infantry": (20, 45), "yellow-infantry": (80, 30)}
    s = position(game([wall]), spots, tokens={0: 0, 1: 1}, round_=2)
    view = s.view(0)
    assert s.sight("yellow-infantry", "green-infantry").valid  # seen where it stands
    m = DuelBot(0, time_limit=None).choose(view)
    assert isinstance(m, Move) and m.soldier == "green-infantry"
    s.apply(0, m)
    assert not s.sight("yellow-infantry", "green-infantry").valid


def test_planner_puts_the_order_token_on_the_soldier_that_gives_it_back():
    """Round Preparation B: one token comes back from each soldier in play
    holding any, so a second token on the same soldier is lost for next round."""
    spots = {"green-infantry": (20, 25), "green-grenadier": (20, 35), "yellow-infantry": (80, 30)}
    s = position(game(), spots, tokens={0: 1, 1: 1}, round_=2)
    s.soldiers["green-infantry"].orders = 1
    stay(s, "green-infantry")
    chosen = DuelBot(0, time_limit=None).choose(s.view(0))
    assert chosen.soldier == "green-grenadier" and chosen.target == "yellow-infantry"


def test_planner_keeps_to_its_time_budget_by_leaving_the_outlook_unfinished():
    """With no time the planner answers the heuristic's choice and the
    outlook's chain stops early (what it valued is kept for later)."""
    s = position(game(), OPEN, tokens={0: 1, 1: 1}, round_=1)
    view = s.view(0)
    O._OUTLOOKS.clear()
    chosen = DuelBot(0, time_limit=0.0).choose(view)
    assert view.check(chosen) is None
    (rushed,) = O._OUTLOOKS.values()
    assert len(rushed.memo) < 500
    O._OUTLOOKS.clear()
    DuelBot(0, time_limit=None).choose(view)
    (full,) = O._OUTLOOKS.values()
    assert len(full.memo) > 10 * len(rushed.memo)


def test_planner_plans_on_samples_of_its_view_never_the_truth():
    """Secrecy: the copy it plans on agrees with its view and its chance is
    its own; two truths that differ only in the dice to come get the same
    choices."""
    s = new_game(Config(), 7)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while not (s.round == 2 and s.phase is Phase.MOVE):
        seat = s.to_act()[0]
        s.apply(seat, bots[seat].choose(s.view(seat)))
    seat = s.to_act()[0]
    view = s.view(seat)
    plan = Plan(DuelBot(3), view)
    assert plan.world.view(seat).to_dict() == view.to_dict()
    assert plan.world.rng is None and s.rng is not None
    other = s.clone()
    other.rng = random.Random(99)  # other dice to come
    for k in range(3):
        a = DuelBot(k, time_limit=None).choose(s.view(seat))
        b = DuelBot(k, time_limit=None).choose(other.view(seat))
        assert a == b


def test_hard_level_is_the_duel_planner_within_two_seconds():
    spec = level("little-soldiers", Difficulty.HARD)
    assert spec.kind == "duel" and spec.time_limit == 2.0
    bot = make_bot("hard", "little-soldiers", 1)
    assert isinstance(bot, DuelBot) and bot.time_limit == 2.0


@pytest.mark.parametrize("kw", [{"mission": "king_of_the_hill"}, {"modules": ("super_soldier", "advanced_tactics")}])
def test_planner_leaves_games_it_does_not_model_to_the_heuristic(kw):
    s = new_game(Config(**kw), 5)
    bot = DuelBot(0)
    for _ in range(12):
        if s.is_over():
            break
        seat = s.to_act()[0]
        view = s.view(seat)
        assert not DuelBot.plays(view)
        action = bot.choose(view)
        assert view.check(action) is None
        s.apply(seat, action)
