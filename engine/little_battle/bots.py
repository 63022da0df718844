"""A Little Battle bot that plays like a sensible child: keep strong cards of
rare colours, play a card where its key fits the top chest, dump the weakest
card where it can do no harm."""

from __future__ import annotations

import random
import time
from typing import Any

from engine.little_battle.belief import Belief
from engine.little_battle.cards import Adventurer
from engine.little_battle.data import CHEST_GOLD, KIND_COLOR, KIND_VALUES
from engine.little_battle.phases import RUSH
from engine.little_battle.policy import keep_table
from engine.little_battle.policy import strength as _strength
from engine.little_battle.state import Keep, LittleBattleState, LittleBattleView


class HeuristicBot:
    """Greedy, reads only its view: the legal action ``policy`` scores best,
    with a little jitter (``LittleBattleView.greedy_action`` draws it)."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: LittleBattleView) -> Any:
        action = view.greedy_action(self.rng)
        if action is None:
            raise RuntimeError("HeuristicBot was asked to act with no legal action.")
        return action


class ValueBot(HeuristicBot):
    """Little Battle's hard bot: the heuristic's sense of card strength,
    weighed by what a chest is worth.

    The greedy child plays any card that fits the top chest; this one asks
    how much gold it expects: the chance its card is the highest key of
    the chest's colour at that pile (counting the higher keys not yet seen
    this deal, as a player counts cards: every revealed card is public),
    times the mean gold of that colour (the data values: blue holds
    least), plus what it may still take from the chest below when the top
    one goes to a rival; less what the card would be worth kept for a
    later round (``patience``). Drafting keeps the card whose key is worth
    most in gold over the chests still on the beach. Reads only its view;
    ``patience`` and ``play`` were tuned on 400 seeded games against three
    heuristic bots, and measured again on others.
    """

    name = "value"

    def __init__(self, seed: int = 0, patience: float = 0.7, play: float = 1.0) -> None:
        super().__init__(seed)
        self.patience = patience
        self.play = play  # chance a rival holding a higher key of the top chest's colour plays it there now
        self._deal: int | None = None
        self._seen: set[str] = set()  # cards revealed this deal (public: played face up, then napped)

    def _remember(self, picture: dict[str, Any]) -> None:
        if picture.get("deal") != self._deal:
            self._deal = picture.get("deal")
            self._seen = set()
        self._seen.update(r["card"] for r in picture.get("last_reveal", ()))

    def _taken_chance(self, color: str | None, picture: dict[str, Any]) -> float:
        """Chance some rival plays a key of ``color`` at a pile whose top
        chest is that colour (and so takes it): any unseen card of the
        colour in a rival's hand, played there with ``self.play``."""
        if color is None:
            return 0.0
        known = self._seen | set(picture["hand"]) | set(picture["ship"])
        kind = next(k for k, c in KIND_COLOR.items() if c == color)
        keys = sum(1 for v in KIND_VALUES[kind] if f"{kind.capitalize()} {v}" not in known)
        unseen = max(1, sum(len(v) for v in KIND_VALUES.values()) - len(known))
        rivals: int = sum(picture["hand_sizes"]) - len(picture["hand"])
        p = min(1.0, rivals / unseen) * self.play
        return 1.0 - (1.0 - p) ** keys

    def _win_chance(self, card: Adventurer, picture: dict[str, Any]) -> float:
        """Chance no rival plays a higher key of ``card``'s colour here now:
        each higher card not seen this deal (nor in this bot's hand or Ship)
        is in a rival's hand with the share of unseen cards the rivals hold,
        and played here with ``self.play``."""
        mine = set(picture["hand"]) | set(picture["ship"])
        known = self._seen | mine
        names = [f"{card.kind.capitalize()} {v}" for v in KIND_VALUES[card.kind] if v > card.value]
        higher = sum(1 for n in names if n not in known)
        unseen = max(1, sum(len(v) for v in KIND_VALUES.values()) - len(known))
        rivals: int = sum(picture["hand_sizes"]) - len(picture["hand"])
        p = min(1.0, rivals / unseen) * self.play
        return (1.0 - p) ** higher

    def choose(self, view: LittleBattleView) -> Any:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        picture = view.to_dict()
        if picture.get("chiefs"):
            return super().choose(view)  # the Chiefs' tricks are the greedy bot's
        self._remember(picture)
        beach = picture["beach"]
        gold = {c: sum(v) / len(v) for c, v in CHEST_GOLD.items()}
        left = {c: sum(1 for pile in beach for ch in pile if ch["color"] == c) for c in gold}
        total = max(1, sum(left.values()))
        def noise() -> float:
            return self.rng.random() * 1e-3


        def worth(card: Adventurer) -> float:
            """A card's gold over the rest of the beach, as a key of its colour."""
            return _strength(card) * gold[card.color] * (0.5 + left[card.color] / total)

        def score(action: Any) -> float:
            card = action.card
            if isinstance(action, Keep):
                return worth(card) + noise()
            pile = beach[action.pile]
            s = self._win_chance(card, picture)
            top = pile[0]["color"] if pile else None
            below = pile[1]["color"] if len(pile) > 1 else None
            if card.color == top:
                ev = s * gold[top] + (1 - s) * (s * gold[below] if below == card.color else 0.0)
            elif below == card.color:
                # The top chest must go to a rival's key first; then ours tries the next.
                ev = self._taken_chance(top, picture) * s * gold[below]
            else:
                ev = 0.0
            return ev - self.patience * worth(card) + noise()

        return max(legal, key=score)


MIN_WORLDS = 4
"""Chosen: the fewest imagined games a decision weighs, however short its time budget."""


def play_greedy(state: LittleBattleState, rng: random.Random) -> None:
    """Play an imagined game to its end, every seat as the greedy child
    (``LittleBattleState.greedy_action``, jitter from ``rng``); ``state``
    deals with its own generator (the caller sets ``state.rng``). The
    keep scores are read once per draft: the beach does not change in it."""
    n = state.num_seats
    keeps: tuple[float, ...] | None = None
    while not state.is_over():
        if state.phase is RUSH:
            keeps = None
        elif keeps is None:
            keeps = keep_table(state.beach_counts())
        for s in range(n):
            state.apply(s, state.greedy_action(s, rng, keeps))


class ModelBot:
    """Little Battle's hard bot: it imagines the others' hands from what it has
    seen this deal (``belief``), lets them play as the greedy child would
    (``policy``), and plays each of its own choices forward to the end of the
    game on the engine itself (``play_greedy``), keeping the one that wins
    most often.

    ``samples`` imagined games per decision, each played out once for every
    legal choice with the same luck (the same chance draws), so choices are
    compared on equal footing. In the Gold Rush, ``draws`` imagined games
    are weighed by how well they explain the cards revealed this deal, and
    ``samples`` of them drawn by weight. Reads only its view.
    """

    name = "model"

    def __init__(self, seed: int = 0, samples: int = 16, draws: int = 48, margin: float = 0.02,
                 time_limit: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.draws = draws
        self.margin = margin  # reward per coin of lead, so a lost or won game still prefers more gold
        self.time_limit = time_limit  # seconds per decision: fewer imagined games on a slow machine
        self.belief = Belief()

    def choose(self, view: LittleBattleView) -> Any:
        picture = view.to_dict()
        self.belief.observe(picture)
        legal = view.legal_actions()
        action = legal[0] if len(legal) == 1 else self._search(picture, legal)
        if isinstance(action, Keep):
            self.belief.kept(picture, action.card_id)
        return action

    def watch(self, view: LittleBattleView, action: Any) -> None:
        """Remember a decision of this seat that someone else made (a person
        at the table, a script), so the bot knows the deal when it takes over."""
        picture = view.to_dict()
        self.belief.observe(picture)
        if isinstance(action, Keep):
            self.belief.kept(picture, action.card_id)

    def _imagine(self, picture: dict[str, Any]) -> list[LittleBattleState]:
        if picture["phase"] != "rush" or not self.belief.remembers(picture):
            return [self.belief.sample(picture, self.rng)[0] for _ in range(self.samples)]  # equal weights
        drawn = [self.belief.sample(picture, self.rng) for _ in range(self.draws)]
        total = sum(w for _, w in drawn)
        if total <= 0:
            return [p for p, _ in drawn[: self.samples]]
        # systematic resampling: each imagined game about as often as its weight says
        step = total / self.samples
        x = self.rng.random() * step
        out, acc, i = [], drawn[0][1], 0
        for _ in range(self.samples):
            while acc < x and i + 1 < len(drawn):
                i += 1
                acc += drawn[i][1]
            out.append(drawn[i][0])
            x += step
        return out

    def _search(self, picture: dict[str, Any], legal: list[Any]) -> Any:
        start = time.perf_counter()
        me = picture["seat"]
        worlds = self._imagine(picture)
        values = [0.0] * len(legal)
        for i, world in enumerate(worlds):
            if self.time_limit is not None and i >= MIN_WORLDS and time.perf_counter() - start > self.time_limit:
                break
            seed = self.rng.getrandbits(32)
            keeps = None if world.phase is RUSH else keep_table(world.beach_counts())
            n = world.num_seats
            for k, action in enumerate(legal):
                sim = world.clone()
                rng = sim.rng = random.Random(seed)  # the same luck for every choice: jitters and deals
                for s in range(n):
                    sim.apply(s, action if s == me else sim.greedy_action(s, rng, keeps))
                play_greedy(sim, rng)
                gold = [sim.gold(s) for s in range(n)]
                mine = gold[me]
                del gold[me]
                top = max(gold)
                reward = 0.0 if top > mine else 1.0 / (1 + gold.count(mine))  # Result.reward: ties share
                values[k] += reward + self.margin * (mine - top)
        best = max(range(len(legal)), key=lambda k: values[k])
        return legal[best]

