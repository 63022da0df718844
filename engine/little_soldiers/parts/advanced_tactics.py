"""The "Advanced Tactics" module: Tactics cards, Crates and Bonus Order tokens.

Draws are CHANCE steps (one card each). A player's hand and the pile are
hidden from the other seats: a draw is logged to its owner only, views show
the other hands and the pile as counts, and ``determinize`` deals the cards
a seat has not seen anew. Cards are played at the decision points of your
own turn between Actions (before the turn's Move and before the Order);
Reactions in a window opened when an opponent declares a valid target
(Camouflage) or makes a Move (Chewed by the Dog), and only when someone
could play one, so games without those cards never stop there.

A card's Actions run in the continuation: the card's next Action
(``card_next``) and the return to the step it was played in
(``card_done``) are this part's own frames.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.secrecy import NOBODY, Slice
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Activate, CardAttack, Draw, Move, Play
from engine.little_soldiers.chance import counted
from engine.little_soldiers.flow import ATTACK, DO_MOVE, END_TURN, MOVE_STEP, Frame, frame, open_frame
from engine.little_soldiers.part import Part
from engine.little_soldiers.phases import CHANCE, MOVE, ORDER, After, Audience, PhaseSpec
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.tactics import REACTION_TRIGGERS, Card, Effect, Window, load_cards

if TYPE_CHECKING:
    from engine.little_soldiers.state import LittleSoldiersState

DRAW = PhaseSpec("draw", CHANCE, Audience.SECRET)
"""Chance: a Tactics card drawn into a hand (read by the drawer)."""
REACT = PhaseSpec("react")
CARD_ATTACK = PhaseSpec("card_attack")
CRATE = PhaseSpec("crate")

CARD_NEXT = "card_next"
"""This part's frame after one of a card's Actions: the card's next, or done."""
CARD_DONE = "card_done"
"""(step, After, mover): the card is resolved; back to the step it was played in."""


@dataclass
class Tactics:
    """Advanced Tactics' slice: the pile, the hands, the Crates, the Bonus
    Order tokens, and a card or Reaction window being resolved."""

    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    """Per General: the Tactics cards in hand (secret to the other seats)."""
    played: list[list[str]] = field(default_factory=list)
    """Per General: the cards played this turn, face up in the HQ."""
    bonus_reserve: int = M.BONUS_ORDER_TOKENS
    general_bonus: list[int] = field(default_factory=list)
    """Per General: Bonus Order tokens on the card (gone at the round's end)."""
    soldier_bonus: dict[str, int] = field(default_factory=dict)
    """Bonus Order tokens given to soldiers."""
    draws: list[list[int]] = field(default_factory=list)
    """[General, cards] still to draw, first first."""
    crates: list[tuple[tuple[float, float], str]] = field(default_factory=list)
    crate_offer: tuple[int, ...] = ()
    """Crates the last Move may activate."""
    crate_mover: str | None = None
    crate_draws: int = 0
    """Cards owed for the Crates activated so far."""
    effect: Effect | None = None
    window: Window | None = None

    def copy(self) -> Tactics:
        return Tactics(list(self.deck), list(self.discard), [list(h) for h in self.hands],
                       [list(p) for p in self.played], self.bonus_reserve, list(self.general_bonus),
                       dict(self.soldier_bonus), [list(d) for d in self.draws], list(self.crates), self.crate_offer,
                       self.crate_mover, self.crate_draws, self.effect.copy() if self.effect else None,
                       self.window.copy() if self.window else None)


class AdvancedTactics(Part[Tactics]):
    key: ClassVar[str] = "advanced_tactics"
    title: ClassVar[str] = "Advanced Tactics"
    listing: ClassVar[int] = 6
    requires: ClassVar[tuple[str, ...]] = ("super_soldier",)  # "must be played with the Super Soldier module"
    phases: ClassVar[tuple[PhaseSpec, ...]] = (DRAW, REACT, CARD_ATTACK, CRATE)
    actions: ClassVar[tuple[type, ...]] = (Draw, Play, CardAttack, Activate)
    extra_types: ClassVar[tuple[type, ...]] = (Play,)
    free_deploy: ClassVar[bool] = True
    deploy_chain: ClassVar[bool] = True
    setup_order: ClassVar[int] = 90  # the starting hands come after every other set-up
    readings: ClassVar[tuple[str, ...]] = (
        "Advanced Tactics: Tactics cards are played \"at any time during your turn\" read as at each decision "
        "point of your turn between Actions - before the turn's Move and before the Order. A card played in the "
        "middle of an Action (dice on the table, a throw aimed) would have to suspend that Action, which no "
        "card text describes; so that narrower reading is kept.",
        "Advanced Tactics, Crates: activating a Crate of your colour that the Move touched is the mover's "
        "choice (\"you can now activate a Crate\"); an opponent (by side) in contact with it forbids it.",
        "Advanced Tactics: which Generals may answer with a Reaction is decided by side: every General that is "
        "not on the acting General's side.",
    )

    @property
    def cards(self) -> Mapping[str, Card]:
        return load_cards()

    def catalog(self) -> Mapping[str, Any]:
        return self.cards

    # ---------------------------------------------------------------- set-up and slice
    def setup(self, st: LittleSoldiersState) -> Tactics:
        cards = self.cards
        n = len(st.generals)
        data = Tactics(sorted(name for name, c in cards.items() for _ in range(c.copies)), [],
                       [[] for _ in range(n)], [[] for _ in range(n)], M.BONUS_ORDER_TOKENS, [0] * n)
        crates = st.terrain.tokens_of("crate")
        data.crates = [(t.at, str(t.props.get("colour") or ("green", "yellow")[i % 2])) for i, t in enumerate(crates)]
        for gen in st.generals:
            own = [name for name, c in cards.items() if c.general == gen.name]
            if own:
                for name in own:
                    data.deck.remove(name)
                    data.hands[gen.index].append(name)
                st.log(f"{gen.name} starts with {', '.join(own)}.")
            else:
                # chosen: the starting cards of Generals other than Dinosaur are not
                # known; they draw 3 from the pile instead.
                data.draws.append([gen.index, M.STARTING_TACTICS])
        return data

    def copy(self, data: Tactics) -> Tactics:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: Tactics, out: dict[str, Any]) -> None:
        out.update({"discard": list(data.discard), "bonus_reserve": data.bonus_reserve,
                    "crates": [{"at": list(at), "colour": c} for at, c in data.crates],
                    "draws": [list(d) for d in data.draws], "crate_offer": list(data.crate_offer),
                    "crate_mover": data.crate_mover, "crate_draws": data.crate_draws,
                    "effect": data.effect.to_dict() if data.effect else None,
                    "window": data.window.to_dict() if data.window else None})
        for g in out["generals"]:
            g["bonus"] = data.general_bonus[g["index"]]
            g["played"] = list(data.played[g["index"]])
        for s in out["soldiers"]:
            s["bonus"] = data.soldier_bonus.get(s["id"], 0)

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> Tactics:
        generals = data["generals"]
        effect, window = data.get("effect"), data.get("window")
        return Tactics(
            list(data["deck"]), list(data["discard"]), [list(g.get("hand", [])) for g in generals],
            [list(g.get("played", [])) for g in generals], int(data["bonus_reserve"]),
            [int(g.get("bonus", 0)) for g in generals],
            {s["id"]: int(s["bonus"]) for s in data["soldiers"] if s.get("bonus")},
            [list(d) for d in data["draws"]],
            [((float(c["at"][0]), float(c["at"][1])), str(c["colour"])) for c in data["crates"]],
            tuple(data.get("crate_offer", ())), data.get("crate_mover"), int(data.get("crate_draws", 0)),
            Effect.from_dict(effect) if effect else None, Window.from_dict(window) if window else None)

    def secrets(self, st: LittleSoldiersState, data: Tactics) -> list[Slice]:
        """Each General's hand, read by its seat only; the pile, by nobody."""
        out = [Slice("hand", frozenset({gen.seat}), data.hands[gen.index], put=partial(_set_hand, data, gen.index))
               for gen in st.generals]
        out.append(Slice("deck", NOBODY, data.deck, put=partial(_set_deck, data)))
        return out

    def place(self, st: LittleSoldiersState, data: Tactics, out: dict[str, Any], shown: Mapping[str, list[Any]],
              seat: int | None) -> None:
        """A hand a seat may read shows its cards; another's, and the pile, their sizes."""
        for g, hand in zip(out["generals"], shown["hand"], strict=True):
            g["hand"] = sorted(hand) if isinstance(hand, list) else hand
        deck = shown["deck"][0]
        out["deck"] = sorted(deck) if isinstance(deck, list) else deck

    def audience(self, st: LittleSoldiersState, action: Any) -> frozenset[int] | None:
        """A card drawn is read by whoever may read the hand it goes into."""
        data = self.data(st)
        if st.phase is DRAW and data.draws:
            hands = [sl for sl in self.secrets(st, data) if sl.name == "hand"]
            return hands[data.draws[0][0]].seen_by
        return frozenset()

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:
        """The other hands and the pile, dealt from every card less those the
        seat sees (its hands, the discard, the cards played in the HQs)."""
        unseen = Counter({n: c.copies for n, c in load_cards().items()})
        for g in data["generals"]:
            unseen.subtract(g["played"])
            if isinstance(g["hand"], list):
                unseen.subtract(g["hand"])
        unseen.subtract(data["discard"])
        if any(v < 0 for v in unseen.values()):
            raise ValueError("the picture shows more Tactics cards than the box holds")
        cards = sorted(unseen.elements())
        for g in data["generals"]:
            if not isinstance(g["hand"], list):
                g["hand"], cards = cards[:g["hand"]], cards[g["hand"]:]
        if len(cards) != data["deck"]:
            raise ValueError("the picture's Tactics cards do not add up to the box")
        data["deck"] = cards

    # ---------------------------------------------------------------- draws
    def begin_game(self, st: LittleSoldiersState) -> None:
        self.next_draw(st)

    def next_draw(self, st: LittleSoldiersState) -> bool:
        """Open the next pending draw; False when none is left."""
        data = self.data(st)
        while data.draws:
            g, n = data.draws[0]
            if n > 0 and (data.deck or data.discard):
                st.open(DRAW)
                return True
            if n > 0:
                st.log(f"No Tactics card is left to draw for {st.generals[g].name}.")
            data.draws.pop(0)
        return False

    def draw_pile(self, st: LittleSoldiersState) -> list[str]:
        """The face-down pile a card is drawn from (the discard, reshuffled, when empty)."""
        data = self.data(st)
        return data.deck if data.deck else data.discard

    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any:
        pile = self.draw_pile(st)
        return Draw(pile[rng.randrange(len(pile))])

    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        if st.phase is not DRAW:
            return None
        return list(counted(Draw, self.draw_pile(st)))

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        if not isinstance(action, Draw) or action.card not in self.draw_pile(st):
            return "A Tactics card from the face-down pile is drawn now."
        return None

    def on_draw(self, st: LittleSoldiersState, action: Draw) -> None:
        data = self.data(st)
        if not data.deck:
            data.deck, data.discard = sorted(data.discard), []
            st.log("The Tactics pile is empty: the discard pile is shuffled into a new pile.")
        g = data.draws[0][0]
        gen = st.generals[g]
        data.deck.remove(action.card)
        data.hands[g].append(action.card)
        data.draws[0][1] -= 1
        st.log_private(f"{gen.name} draws {action.card}.", gen.seat)
        st.log(f"{gen.name} draws a Tactics card ({len(data.hands[g])} in hand).")
        self.next_draw(st)  # none left: what the draws interrupted goes on

    # ---------------------------------------------------------------- Crates
    def activatable_crates(self, st: LittleSoldiersState, s: Soldier, path: Sequence[tuple[float, float]]) -> list[int]:
        """Crates of the mover's colour the Move touched that no opponent (by side) touches."""
        out = []
        for i, (at, colour) in enumerate(self.data(st).crates):
            if colour != s.team or not st.terrain.swept_touch(path, at):
                continue
            if any(o.spot is not None and st.terrain.base_touches_token(o.spot, at) for o in st.soldiers.values()
                   if st.is_enemy(s, o)):
                st.log(f"{s.id} reaches a {colour} Crate, but an opponent is in contact with it.")
                continue
            out.append(i)
        return out

    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        data = self.data(st)
        if data.effect is not None and data.effect.kind == "retreat":
            data.effect.used.append(soldier.id)
        if not path:
            return
        offer = self.activatable_crates(st, soldier, path)
        if offer:
            data.crate_offer = tuple(offer)
            data.crate_mover = soldier.id
            st.open(CRATE)

    def crate_actions(self, st: LittleSoldiersState) -> list[Activate]:
        return [Activate(f"crate-{i}") for i in self.data(st).crate_offer] + [Activate(None)]

    def on_crate(self, st: LittleSoldiersState, action: Activate) -> None:
        data = self.data(st)
        s = st.soldiers[data.crate_mover or ""]
        if action.obj is not None:
            i = int(action.obj.split("-")[1])
            at, colour = data.crates[i]
            other = "yellow" if colour == "green" else "green"
            data.crates[i] = (at, other)
            st.log(f"{s.id} activates a Crate: it is flipped to {other}.")
            data.crate_offer = tuple(k for k in data.crate_offer if k != i)
            data.crate_draws += M.CRATE_DRAW
            if data.crate_offer:
                st.open(CRATE)
                return
        elif data.crate_offer:
            st.log(f"{s.id} does not activate the Crate(s) it reached.")
        data.crate_offer = ()
        data.crate_mover = None
        if data.crate_draws:
            data.draws.append([s.general, data.crate_draws])
            data.crate_draws = 0
            self.next_draw(st)

    # ---------------------------------------------------------------- playing cards
    def effect_kind(self, st: LittleSoldiersState) -> str | None:
        e = self.data(st).effect
        return None if e is None else e.kind

    def cards_room(self, st: LittleSoldiersState, g: int) -> bool:
        """At most 3 cards per turn and 3 played cards in the HQ (Reactions count)."""
        return len(self.data(st).played[g]) < min(M.TACTICS_CARDS_PER_TURN, M.TACTICS_HQ_LIMIT)

    def can_play_now(self, st: LittleSoldiersState) -> bool:
        data = self.data(st)
        if data.effect is not None or data.window is not None:
            return False
        return st.phase is ORDER or (st.phase is MOVE and st.after == After.ORDER and st.mover is None)

    def extra_actions(self, st: LittleSoldiersState) -> list[Any]:
        if not self.can_play_now(st):
            return []
        g = st.current
        out: list[Any] = []
        for name in sorted(set(self.data(st).hands[g])):
            card = self.cards[name]
            if card.type == "soldier":
                out += [Play(name, s.id) for s in st.own_in_play(g) if self.check_extra(st, Play(name, s.id)) is None]
            elif card.type == "general" and self.check_extra(st, Play(name)) is None:
                out.append(Play(name))
        return out

    def check_extra(self, st: LittleSoldiersState, action: Any) -> str | None:
        if not self.can_play_now(st):
            return "Tactics cards are played before your Move or before your Order."
        data = self.data(st)
        gen = st.generals[st.current]
        card = self.cards.get(action.card or "")
        if card is None or action.card not in data.hands[gen.index]:
            return f"{action.card} is not in your hand."
        if card.type == "reaction":
            return f"{card.name} is a Reaction: it is played during an opponent's turn."
        if not self.cards_room(st, gen.index):
            return "You have already played 3 Tactics cards (they stay in your HQ until the end of your turn)."
        if card.type == "general":
            if action.soldier is not None:
                return f"{card.name} is a General card: it is played on your General."
            have = st.tokens_on(gen.index)
            if have < card.condition:
                return f"{card.name} needs {card.condition} Order token(s) on your General; it has {have}."
        else:
            s = st.soldiers.get(action.soldier or "")
            if s is None or s.general != gen.index or not s.in_play:
                return f"{card.name} is played on one of your own Little Soldiers in play."
            on = s.orders + data.soldier_bonus.get(s.id, 0)
            if on < card.condition:
                return (f"{card.name} needs {card.condition} Order token(s) on {s.id}; it has "
                        f"{on}. (They are a condition, not a cost.)")
        if card.effect == "attacks" and not st.valid_targets(action.soldier or ""):
            return f"{action.soldier} has no valid target to attack."
        if card.effect == "bonus_orders" and data.bonus_reserve == 0:
            return "No Bonus Order token is left in the Reserve."
        return None

    def apply_extra(self, st: LittleSoldiersState, action: Play) -> None:
        data = self.data(st)
        gen = st.generals[st.current]
        card = self.cards[action.card or ""]
        data.hands[gen.index].remove(card.name)
        data.played[gen.index].append(card.name)
        on = f" on {action.soldier}" if action.soldier else ""
        st.log(f"{gen.name} plays {card.name}{on}: {card.text}")
        if card.effect == "bonus_orders":
            n = min(st.chosen.generals_orders_bonus, data.bonus_reserve)
            data.bonus_reserve -= n
            data.general_bonus[gen.index] += n
            st.log(f"{gen.name} takes {n} Bonus Order token(s) from the Reserve.")
            st.open(st.phase)  # the same decision point, with more tokens
            return
        data.effect = Effect(card.name, action.soldier, card.effect, card.amount)
        done = Frame(CARD_DONE, self.key, (str(st.phase), st.after.value, st.mover))
        if card.effect == "moves":
            st.then(frame(MOVE_STEP, After.CARD.value, action.soldier), Frame(CARD_NEXT, self.key), done)
        elif card.effect == "retreat":
            st.then(frame(MOVE_STEP, After.CARD.value, None), Frame(CARD_NEXT, self.key), done)
        else:
            st.then(open_frame(CARD_ATTACK), done)

    def card_attack_targets(self, st: LittleSoldiersState) -> list[str]:
        e = self.data(st).effect
        assert e is not None and e.soldier is not None
        targets = st.valid_targets(e.soldier)
        distinct = self.cards[e.card].distinct_targets
        return [t for t in targets if not (distinct and t in e.used)]

    def on_card_attack(self, st: LittleSoldiersState, action: CardAttack) -> None:
        e = self.data(st).effect
        assert e is not None and e.soldier is not None
        if action.target is None:
            return  # the card is resolved (its CARD_DONE frame is next)
        e.left -= 1
        e.used.append(action.target)
        st.then(frame(ATTACK, e.soldier, action.target, False), Frame(CARD_NEXT, self.key))

    def resume(self, st: LittleSoldiersState, f: Frame) -> None:
        if f.do == CARD_NEXT:
            self.card_next(st)
        elif f.do == CARD_DONE:
            self.card_done(st, str(f.args[0]), str(f.args[1]), f.args[2])
        else:
            super().resume(st, f)

    def card_next(self, st: LittleSoldiersState) -> None:
        """One of the card's Actions is over: its next, or the card is resolved."""
        e = self.data(st).effect
        assert e is not None
        st.action_over()
        if e.kind == "attacks":
            s = st.soldiers[e.soldier or ""]
            if e.left > 0 and s.in_play and self.card_attack_targets(st):
                st.open(CARD_ATTACK)
        elif e.kind == "moves":
            e.left -= 1
            if e.left > 0 and st.soldiers[e.soldier or ""].in_play:
                st.then(frame(MOVE_STEP, After.CARD.value, e.soldier), Frame(CARD_NEXT, self.key))
        elif e.kind == "retreat":
            e.left -= 1
            if e.left > 0 and self.retreat_movers(st):
                st.then(frame(MOVE_STEP, After.CARD.value, None), Frame(CARD_NEXT, self.key))

    def card_done(self, st: LittleSoldiersState, phase: str, after: str, mover: Any) -> None:
        """The card is resolved: back to the decision point it was played at,
        or the End of the Turn when nothing is left to do there."""
        data = self.data(st)
        e = data.effect
        data.effect = None
        st.action_over()
        st.after, st.mover = After(after), None if mover is None else str(mover)
        if e is not None:
            st.log(f"{e.card} is resolved.")
        if phase == ORDER and st.can_order(st.current):
            st.open(ORDER)
        elif phase == MOVE and st.own_in_play(st.current):
            st.open(MOVE)
        else:
            st.then(frame(END_TURN, True))

    def retreat_movers(self, st: LittleSoldiersState) -> list[Soldier]:
        e = self.data(st).effect
        used = e.used if e is not None else []
        return [s for s in st.own_in_play(st.current) if s.id not in used]

    def movers(self, st: LittleSoldiersState) -> list[Soldier] | None:
        return self.retreat_movers(st) if self.effect_kind(st) == "retreat" else None

    def may_stop_moves(self, st: LittleSoldiersState) -> bool:
        return self.effect_kind(st) == "retreat"

    def check_move(self, st: LittleSoldiersState, soldier: Soldier, action: Move, end_level_up: bool) -> str | None:
        e = self.data(st).effect
        if not end_level_up and e is not None and e.kind == "retreat" and soldier.id in e.used:
            return f"{soldier.id} has already made its Strategic Retreat Move."
        return None

    # ---------------------------------------------------------------- reactions
    def open_window(self, st: LittleSoldiersState, trigger: str, move: Move | None = None) -> None:
        """Open a Reaction window when an opponent (by side) could play a Reaction for it."""
        data = self.data(st)
        me = st.generals[st.current]
        my_side = st.soldiers[me.soldiers[0]].side
        queue = []
        for g in st.deploy_order((st.current + 1) % len(st.generals)):
            gen = st.generals[g]
            if st.soldiers[gen.soldiers[0]].side == my_side or not self.cards_room(st, g):
                continue
            if any(self.reaction_ok(st, g, n, trigger) for n in data.hands[g]):
                queue.append(g)
        if queue:
            data.window = Window(trigger, queue, move)
            st.open(REACT)

    def before_move(self, st: LittleSoldiersState, move: Move) -> None:
        self.open_window(st, "move", move)

    def before_roll(self, st: LittleSoldiersState) -> None:
        self.open_window(st, "attack")

    def reaction_ok(self, st: LittleSoldiersState, g: int, name: str, trigger: str) -> bool:
        card = self.cards[name]
        return (card.type == "reaction" and REACTION_TRIGGERS.get(card.effect) == trigger
                and st.tokens_on(g) >= card.condition)

    def reactor(self, st: LittleSoldiersState) -> int:
        w = self.data(st).window
        assert w is not None
        return w.queue[0]

    def react_actions(self, st: LittleSoldiersState) -> list[Play]:
        data = self.data(st)
        g = self.reactor(st)
        assert data.window is not None
        names = sorted({n for n in data.hands[g] if self.reaction_ok(st, g, n, data.window.trigger)})
        return [Play(n) for n in names] + [Play(None)]

    def on_react(self, st: LittleSoldiersState, action: Play) -> None:
        data = self.data(st)
        w = data.window
        assert w is not None
        g = w.queue.pop(0)
        gen = st.generals[g]
        if action.card is not None:
            card = self.cards[action.card]
            data.hands[g].remove(card.name)
            data.played[g].append(card.name)
            st.log(f"{gen.name} reacts with {card.name}: {card.text}")
            if card.effect == "camouflage":
                a = st.current_attack()
                if a.dice > 0:
                    a.dice -= 1
                    n = a.dice + (1 if a.risky else 0)
                    a.faces = [None] * n
                    a.pending = tuple(range(n))
                    st.log(f"{a.attacker} rolls {a.dice} Attack dice.")
            elif card.effect == "cancel_move":
                w.cancelled = True
                w.queue.clear()
        if w.queue:
            st.open(REACT)
            return
        data.window = None
        if w.trigger == "move" and w.cancelled and w.move is not None:
            st.drop(DO_MOVE)
            st.log(f"{w.move.soldier}'s Move is cancelled: it stays where it is.")
        # else the dice (ROLL) or the Move (DO_MOVE) held by the window are next

    # ---------------------------------------------------------------- the part's steps
    def to_act(self, st: LittleSoldiersState) -> int | None:
        return self.reactor(st) if st.phase is REACT else None

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        phase = st.phase
        if phase is REACT:
            return list(self.react_actions(st))
        if phase is CRATE:
            return list(self.crate_actions(st))
        return [CardAttack(t) for t in self.card_attack_targets(st)] + [CardAttack(None)]

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        phase = st.phase
        if phase is DRAW:
            self.on_draw(st, action)
        elif phase is REACT:
            self.on_react(st, action)
        elif phase is CRATE:
            self.on_crate(st, action)
        else:
            self.on_card_attack(st, action)

    def help(self, st: LittleSoldiersState) -> str:
        phase = st.phase
        if phase is REACT:
            return "play a Reaction card, or let the opponent go on."
        if phase is CRATE:
            return "activate a Crate of your colour your soldier reached (draw 2 Tactics cards), or not."
        return "choose a target for the card's Attack, or stop."

    # ---------------------------------------------------------------- tokens, turn and round ends
    def spare_tokens(self, st: LittleSoldiersState, general: int | None, soldier: str | None) -> int:
        data = self.data(st)
        if soldier is not None:
            return data.soldier_bonus.get(soldier, 0)
        return data.general_bonus[general] if general is not None else 0

    def pay_order(self, st: LittleSoldiersState, general: int, soldier: Soldier) -> bool:
        """A Bonus Order token is given first (chosen: it leaves at the round's end)."""
        data = self.data(st)
        if data.general_bonus[general] <= 0:
            return False
        data.general_bonus[general] -= 1
        data.soldier_bonus[soldier.id] = data.soldier_bonus.get(soldier.id, 0) + 1
        return True

    def before_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        data = self.data(st)
        bonus = data.soldier_bonus.pop(soldier.id, 0)
        data.bonus_reserve += bonus

    def clear_action(self, st: LittleSoldiersState) -> None:
        data = self.data(st)
        data.effect = None
        data.window = None

    def turn_ends(self, st: LittleSoldiersState) -> None:
        """At the end of your turn, and only then, discard your played cards."""
        data = self.data(st)
        gen = st.generals[st.current]
        played = data.played[gen.index]
        if played:
            data.discard += played
            st.log(f"{gen.name} discards {', '.join(played)} from the HQ.")
            data.played[gen.index] = []

    def round_begins(self, st: LittleSoldiersState) -> None:
        """Bonus Order tokens are removed from everyone at the end of the round."""
        data = self.data(st)
        back = sum(data.general_bonus) + sum(data.soldier_bonus.values())
        data.general_bonus = [0] * len(data.general_bonus)
        data.soldier_bonus = {}
        if back:
            data.bonus_reserve += back
            st.log(f"{back} Bonus Order token(s) go back to the Reserve.")

    def tactics_cards_total(self, st: LittleSoldiersState) -> int:
        """Every Tactics card: pile, hands, HQs and discard (a conservation check)."""
        data = self.data(st)
        return len(data.deck) + len(data.discard) + sum(len(h) for h in data.hands) + sum(len(p) for p in data.played)

    def bonus_total(self, st: LittleSoldiersState) -> int:
        data = self.data(st)
        return data.bonus_reserve + sum(data.general_bonus) + sum(data.soldier_bonus.values())


def _set_hand(data: Tactics, general: int, cards: list[str]) -> None:
    data.hands[general] = list(cards)


def _set_deck(data: Tactics, cards: list[str]) -> None:
    data.deck = sorted(cards)


__all__ = ["CARD_ATTACK", "CRATE", "DRAW", "REACT", "AdvancedTactics", "Tactics"]
