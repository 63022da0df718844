"""Little Battle's hard bot remembers the deal from its own views, imagines
the others' hands and greedy plays, and plays its choices forward.

The deal below is built so that the reason shows: seat 1 (player 2) keeps
the Parrot 10 that seat 0 (player 1) passed it in the first draft round.
The greedy child sends its Parrot 9 at the blue chest anyway; the hard bot,
which remembers whom it passed the 10 to, does not throw its 9 away."""

from __future__ import annotations

import copy
import random

import pytest

from engine.bots import make_bot, play_out
from engine.core.games import get_game
from engine.little_battle import Attack, Config, HeuristicBot, Keep, new_game
from engine.little_battle.bots import ModelBot, play_greedy
from engine.little_battle.policy import NOISE, attack_score, keep_score
from engine.little_battle.state import CARD_ID
from tests.little_battle.helpers import L, P, R, forced_game

HANDS = [
    [P(10), P(9), L(1), P(1), R(1)],
    [L(8), L(7), P(8), P(4), R(3)],
    [R(7), R(6), P(3), L(4), R(2)],
    [R(8), R(5), L(2), P(2), L(3)],
]
"""Dealt to players 1-4; the nap corner keeps Parrots 5-7, Rhinos 4 and 9, Leopards 5 and 6."""
PILES = [[0, 14, 1, 8, 2, 15, 3, 9, 4], [10, 11, 5, 16, 6, 12, 7, 17, 13]]
"""Pile 1 shows a blue chest with a yellow one below; pile 2 two red ones."""
KEEPS = [P(9), R(5), L(4), R(3)]
"""What player 1 keeps in draft rounds 1-4 (a person playing the seat; the bot watches)."""


def drafted(bot: ModelBot | None = None):
    """The deal above drafted: player 1 by ``KEEPS`` (watched by ``bot``), the others greedy."""
    state = forced_game(HANDS, PILES)
    others = [HeuristicBot(s) for s in range(4)]
    while state.phase == "draft":
        for seat in state.to_act():
            view = state.view(seat)
            if seat == 0:
                action = Keep(KEEPS[len(view.to_dict()["ship"])])
                if bot is not None:
                    bot.watch(view, action)
            else:
                action = others[seat].choose(view)
            state.apply(seat, action)
    return state


def holders(bot: ModelBot, view, card, n: int = 200) -> list[int]:
    """How many of ``n`` imagined games put ``card`` in each seat's hand."""
    picture = view.to_dict()
    rng = random.Random(0)
    out = [0] * picture["players"]
    for _ in range(n):
        world, _ = bot.belief.sample(picture, rng)
        for s, hand in enumerate(world.hands):
            out[s] += CARD_ID[card] in hand
    return out


def test_the_card_passed_left_is_imagined_in_the_left_neighbours_hand():
    bot = ModelBot(0)
    state = drafted(bot)
    assert CARD_ID[P(10)] in state.hands[1]  # the deal works as built
    view = state.view(0)
    bot.belief.observe(view.to_dict())
    assert holders(bot, view, P(10))[1] >= 190
    # A bot that did not watch the draft can only spread the card over the others' hands and the nap.
    stranger = ModelBot(0)
    stranger.belief.observe(view.to_dict())
    assert holders(stranger, view, P(10))[1] <= 120


def test_a_bot_that_joins_midway_or_comes_from_another_game_does_not_trust_its_memory():
    bot = ModelBot(0)
    drafted(bot)  # bot's memory: this deal, from its first pick
    other = forced_game([HANDS[1], HANDS[2], HANDS[3], HANDS[0]], PILES)  # another game, also at deal 1
    while other.phase == "draft":
        for seat in other.to_act():
            other.apply(seat, HeuristicBot(seat).choose(other.view(seat)))
    picture = other.view(0).to_dict()
    bot.belief.observe(picture)
    assert not bot.belief.remembers(picture)
    assert ModelBot(0).choose(other.view(0)) is not None  # and it still plays, from a uniform guess
    # A new game's first pick starts a fresh memory.
    fresh = forced_game([HANDS[1], HANDS[2], HANDS[3], HANDS[0]], PILES)
    picture = fresh.view(0).to_dict()
    bot.belief.observe(picture)
    assert bot.belief.remembers(picture) and bot.belief.memory.seen == {0: tuple(CARD_ID[c] for c in HANDS[1])}


def test_a_rival_that_played_its_rhino_8_is_imagined_without_the_rhino_9():
    """The greedy child plays its strongest key that fits: player 4, who sent
    Rhino 8 at the red chest, would have sent a Rhino 9 had it held one."""
    bot = ModelBot(0)
    state = drafted(bot)
    others = [HeuristicBot(s) for s in range(4)]
    for seat in state.to_act():
        view = state.view(seat)
        action = bot.choose(view) if seat == 0 else others[seat].choose(view)
        state.apply(seat, action)
        if seat == 3:
            assert action == Attack(R(8), 1)  # the deal works as built
    picture = state.view(0).to_dict()
    bot.belief.observe(picture)
    assert bot.belief.remembers(picture)
    rng = random.Random(0)
    total = with_nine = drawn = 0.0
    for _ in range(300):
        world, weight = bot.belief.sample(picture, rng)
        has = CARD_ID[R(9)] in world.hands[3]
        total += weight
        with_nine += weight * has
        drawn += has
    assert drawn / 300 > 0.05  # the draft alone leaves it possible
    assert with_nine / total < 0.01  # the reveal rules it out


def test_rulebook_chest_attack_hard_keeps_its_nine_from_the_ten_it_passed():
    """Phase 2: the highest Parrot takes the blue chest; the next one down
    the pile is yellow, so a second Parrot there takes nothing."""
    heuristic_choice = HeuristicBot(0).choose(drafted().view(0))
    assert heuristic_choice == Attack(P(9), 0)
    for seed in range(4):
        bot = ModelBot(seed)
        state = drafted(bot)
        assert bot.choose(state.view(0)) != Attack(P(9), 0)


def test_hard_chooses_alike_on_two_truths_its_seat_cannot_tell_apart():
    """It reads its view only: the others' hands re-dealt behind its back change nothing."""
    bot = ModelBot(3)
    state = drafted(bot)
    view = state.view(0)
    other = view.determinize(random.Random(5))
    assert other.view(0).to_dict() == view.to_dict()
    assert [sorted(h) for h in other.hands[1:]] != [sorted(h) for h in state.hands[1:]]
    first, second = copy.deepcopy(bot), copy.deepcopy(bot)
    assert first.choose(view) == second.choose(other.view(0))


@pytest.mark.parametrize(("players", "chiefs"), [(3, False), (4, True), (5, True)])
def test_the_greedy_draw_is_the_best_legal_action_by_the_policy_scores(players, chiefs):
    """``greedy_action`` (what the heuristic plays and the hard bot imagines)
    is the plain definition, drawn faster: every legal action scored by
    ``policy`` plus one jitter each in the legal list's order, the first
    best kept; the same jitters drawn, so a seed's games stay the same."""
    compared = 0
    for seed in range(12):
        state = new_game(Config(players=players, chiefs=chiefs), seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in state.to_act():
                counts = state.beach_counts()
                tops = [state.chests[pile[0]].color if pile else None for pile in state.piles]
                plain = random.Random(rng.getrandbits(32))
                fast = random.Random()
                fast.setstate(plain.getstate())

                def score(action, counts=counts, tops=tops, jitter=plain):
                    base = (keep_score(action.card, counts) if isinstance(action, Keep)
                            else attack_score(action.card, tops[action.pile]))
                    return base + jitter.random() * NOISE

                expected = max(state.legal_actions(seat), key=score)
                drawn = state.greedy_action(seat, fast)
                assert drawn == expected and fast.getstate() == plain.getstate(), (seed, seat)
                compared += 1
                state.apply(seat, drawn if rng.random() < 0.5 else random.choice(state.legal_actions(seat)))
    assert compared > 12 * 60


def test_an_imagined_game_is_a_whole_game_the_engine_plays_to_the_end():
    """The hard bot imagines engine states (no second copy of the rules):
    every card and chest somewhere once, the seat's own hand and gold as it
    knows them, the others' hands of the sizes it sees, and the engine plays
    them out, dealing again with the generator it is given."""
    bot = ModelBot(0)
    state = drafted(bot)
    for seat in state.to_act():  # one Gold Rush turn, so the sample also weighs a reveal
        state.apply(seat, HeuristicBot(seat).choose(state.view(seat)))
    picture = state.view(0).to_dict()
    bot.belief.observe(picture)
    rng = random.Random(3)
    for _ in range(20):
        world, _ = bot.belief.sample(picture, rng)
        assert world.card_count() == 30 and world.chest_count() == 18
        assert sorted(world.hands[0]) == sorted(CARD_ID[_card(n)] for n in picture["hand"])
        assert [len(h) for h in world.hands] == picture["hand_sizes"]
        assert world.gold(0) == picture["gold"][0] and world.history() == [] and world.events == []
        assert [[world.chests[i].color for i in pile] for pile in world.piles] == \
            [[c["color"] for c in pile] for pile in picture["beach"]]
        world.rng = random.Random(1)
        play_greedy(world, world.rng)
        assert world.is_over() and world.result() is not None


def _card(name):
    from engine.little_battle.state import ADVENTURERS, CARD_OF_NAME

    return ADVENTURERS[CARD_OF_NAME[name]]


@pytest.mark.parametrize("players,chiefs", [(3, False), (4, False), (5, False), (5, True)])
def test_hard_is_the_model_bot_and_plays_to_the_end(players, chiefs):
    info = get_game("little-battle")
    state = info.new_game(info.config_from_dict({"players": players, "chiefs": chiefs}), 7)
    bots = [make_bot("hard", "little-battle", 0)] + [make_bot("heuristic", "little-battle", s) for s in range(1, players)]
    assert isinstance(bots[0], ModelBot)
    play_out(state, bots)
    assert state.is_over()


def test_a_time_budget_bounds_the_imagined_games():
    """With no time to spare the bot still weighs a few imagined games, and answers legally."""
    bot = ModelBot(0, samples=64, time_limit=0.0)
    state = drafted(bot)
    view = state.view(0)
    assert view.check(bot.choose(view)) is None
