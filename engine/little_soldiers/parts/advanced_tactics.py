"""The "Advanced Tactics" module: Tactics cards, Crates and Bonus Order tokens.

Draws are CHANCE steps (one card each). A player's hand and the pile are
hidden from the other seats: a draw is logged to its owner only, views show
the other hands and the pile as counts, and ``resample`` deals the cards a
seat has not seen anew. Cards are played at the decision points of your own
turn between Actions (before the turn's Move and before the Order);
Reactions in a window opened when an opponent declares a valid target
(Camouflage) or makes a Move (Chewed by the Dog), and only when someone
could play one, so games without those cards never stop there.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar

from engine.core.secrecy import NOBODY, Slice
from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import Activate, CardAttack, Draw, Move, Play
from engine.little_soldiers.parts.base import Part
from engine.little_soldiers.phases import After, Phase
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.tactics import REACTION_TRIGGERS, Effect, Window, load_cards


class AdvancedTactics(Part):
    key: ClassVar[str] = "advanced_tactics"
    title: ClassVar[str] = "Advanced Tactics"
    phases: ClassVar[frozenset[Phase]] = frozenset({Phase.DRAW, Phase.REACT, Phase.CARD_ATTACK, Phase.CRATE})
    action_types: ClassVar[tuple[type, ...]] = (Play,)
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

    # ---------------------------------------------------------------- set-up and slice
    def setup(self) -> None:
        st = self.state
        self.cards = load_cards()
        self.deck: list[str] = sorted(n for n, c in self.cards.items() for _ in range(c.copies))
        self.discard: list[str] = []
        self.bonus_reserve = M.BONUS_ORDER_TOKENS
        self.draws: list[list[int]] = []
        self.after_draw: tuple[str, str | None] = ("begin", None)
        self.crate_offer: tuple[int, ...] = ()  # Crates the last Move may activate
        self.crate_mover: str | None = None
        self.crate_draws = 0  # cards owed for the Crates activated so far
        crates = st.terrain.tokens_of("crate")
        self.crates: list[tuple[tuple[float, float], str]] = [
            (t.at, str(t.props.get("colour") or ("green", "yellow")[i % 2])) for i, t in enumerate(crates)]
        for gen in st.generals:
            own = [n for n, c in self.cards.items() if c.general == gen.name]
            if own:
                for n in own:
                    self.deck.remove(n)
                    gen.hand.append(n)
                st.log(f"{gen.name} starts with {', '.join(own)}.")
            else:
                # chosen: the starting cards of Generals other than Dinosaur are not
                # known; they draw 3 from the pile instead.
                self.draws.append([gen.index, M.STARTING_TACTICS])

    def copy_slice(self) -> None:
        self.deck = list(self.deck)
        self.discard = list(self.discard)
        self.crates = list(self.crates)
        self.draws = [list(d) for d in self.draws]

    def to_dict(self) -> dict[str, Any]:
        return {"deck": sorted(self.deck), "discard": list(self.discard), "bonus_reserve": self.bonus_reserve,
                "crates": [{"at": list(at), "colour": c} for at, c in self.crates],
                "draws": [list(d) for d in self.draws], "after_draw": list(self.after_draw),
                "crate_offer": list(self.crate_offer), "crate_mover": self.crate_mover,
                "crate_draws": self.crate_draws}

    def load(self, data: dict[str, Any]) -> None:
        self.deck = list(data["deck"])
        self.discard = list(data["discard"])
        self.bonus_reserve = int(data["bonus_reserve"])
        self.crates = [((float(c["at"][0]), float(c["at"][1])), c["colour"]) for c in data["crates"]]
        self.draws = [list(d) for d in data["draws"]]
        what, who = data.get("after_draw", ("begin", None))
        self.after_draw = (what, who)
        self.crate_offer = tuple(data.get("crate_offer", ()))
        self.crate_mover = data.get("crate_mover")
        self.crate_draws = int(data.get("crate_draws", 0))

    def secrets(self) -> list[Slice]:
        """Each General's hand, read by its seat only; the pile, by nobody."""
        out = [Slice("hand", frozenset({gen.seat}), gen.hand, put=partial(_set_hand, gen))
               for gen in self.state.generals]
        out.append(Slice("deck", NOBODY, self.deck, put=self._set_deck))
        return out

    def _set_deck(self, cards: list[str]) -> None:
        self.deck = sorted(cards)

    def hide(self, data: dict[str, Any], seat: int) -> None:
        """Another seat's hand and the pile show their sizes only."""
        hands = [part.shown(seat) for part in self.secrets() if part.name == "hand"]
        for g, shown_hand in zip(data["generals"], hands, strict=True):
            g["hand"] = sorted(shown_hand) if isinstance(shown_hand, list) else shown_hand
        data["deck"] = len(self.deck)

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:
        """The other hands and the pile, dealt from every card less those the
        seat sees (its hands, the discard, the cards played in the HQs)."""
        from collections import Counter

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
    def begin_game(self) -> bool:
        return self.next_draw()

    def next_draw(self) -> bool:
        """Enter the next pending draw; False when none is left."""
        st = self.state
        while self.draws:
            g, n = self.draws[0]
            if n > 0 and (self.deck or self.discard):
                st.phase = Phase.DRAW
                return True
            if n > 0:
                st.log(f"No Tactics card is left to draw for {st.generals[g].name}.")
            self.draws.pop(0)
        return False

    def audience(self, action: Any) -> frozenset[int] | None:
        """A card drawn is read by the seat that draws it, in the history as in the log."""
        if self.state.phase is Phase.DRAW and self.draws:
            return frozenset({self.state.generals[self.draws[0][0]].seat})
        return frozenset()

    def draw_pile(self) -> list[str]:
        """The face-down pile a card is drawn from (the discard, reshuffled, when empty)."""
        return self.deck if self.deck else self.discard

    def sample_chance(self, rng: random.Random) -> Any:
        pile = self.draw_pile()
        return Draw(pile[rng.randrange(len(pile))])

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        if self.state.phase is not Phase.DRAW:
            return None
        from engine.little_soldiers.state import counted

        return counted(Draw, self.draw_pile())

    def check_chance(self, action: Any) -> str | None:
        if not isinstance(action, Draw) or action.card not in self.draw_pile():
            return "A Tactics card from the face-down pile is drawn now."
        return None

    def on_draw(self, action: Draw) -> None:
        st = self.state
        if not self.deck:
            self.deck, self.discard = sorted(self.discard), []
            st.log("The Tactics pile is empty: the discard pile is shuffled into a new pile.")
        g = self.draws[0][0]
        gen = st.generals[g]
        self.deck.remove(action.card)
        gen.hand.append(action.card)
        self.draws[0][1] -= 1
        st.log_private(f"{gen.name} draws {action.card}.", gen.seat)
        st.log(f"{gen.name} draws a Tactics card ({len(gen.hand)} in hand).")
        if self.next_draw():
            return
        what, who = self.after_draw
        if what == "begin":
            st.begin_game()
        else:
            st.resume_after_move(self, st.soldiers[who])

    # ---------------------------------------------------------------- Crates
    def activatable_crates(self, s: Soldier, path: list[tuple[float, float]]) -> list[int]:
        """Crates of the mover's colour the Move touched that no opponent (by side) touches."""
        st = self.state
        out = []
        for i, (at, colour) in enumerate(self.crates):
            if colour != s.team or not st.terrain.swept_touch(path, at):
                continue
            if any(st.terrain.base_touches_token(o.spot, at) for o in st.soldiers.values()
                   if o.in_play and st.is_enemy(s, o)):
                st.log(f"{s.id} reaches a {colour} Crate, but an opponent is in contact with it.")
                continue
            out.append(i)
        return out

    def after_move(self, s: Soldier, path: list[tuple[float, float]]) -> bool:
        if self.effect_kind() == "retreat":
            self.state.effect.used.append(s.id)
        if not path:
            return False
        offer = self.activatable_crates(s, path)
        if not offer:
            return False
        self.crate_offer = tuple(offer)
        self.crate_mover = s.id
        self.state.phase = Phase.CRATE
        return True

    def crate_actions(self) -> list[Activate]:
        return [Activate(f"crate-{i}") for i in self.crate_offer] + [Activate(None)]

    def on_crate(self, action: Activate) -> None:
        st = self.state
        s = st.soldiers[self.crate_mover]
        if action.obj is not None:
            i = int(action.obj.split("-")[1])
            at, colour = self.crates[i]
            other = "yellow" if colour == "green" else "green"
            self.crates[i] = (at, other)
            st.log(f"{s.id} activates a Crate: it is flipped to {other}.")
            self.crate_offer = tuple(k for k in self.crate_offer if k != i)
            self.crate_draws += M.CRATE_DRAW
            if self.crate_offer:
                return
        elif self.crate_offer:
            st.log(f"{s.id} does not activate the Crate(s) it reached.")
        self.crate_offer = ()
        self.crate_mover = None
        if self.crate_draws:
            self.draws.append([s.general, self.crate_draws])
            self.crate_draws = 0
            self.after_draw = ("move", s.id)
            if self.next_draw():
                return
        st.resume_after_move(self, s)

    # ---------------------------------------------------------------- playing cards
    def effect_kind(self) -> str | None:
        e = self.state.effect
        return None if e is None else e.kind

    def cards_room(self, g: int) -> bool:
        """At most 3 cards per turn and 3 played cards in the HQ (Reactions count)."""
        return len(self.state.generals[g].played) < min(M.TACTICS_CARDS_PER_TURN, M.TACTICS_HQ_LIMIT)

    def can_play_now(self) -> bool:
        st = self.state
        if st.effect is not None or st.window is not None:
            return False
        return st.phase is Phase.ORDER or (st.phase is Phase.MOVE and st.after == After.ORDER and st.mover is None)

    def extra_actions(self) -> list[Play]:
        if not self.can_play_now():
            return []
        st = self.state
        g = st.current
        out = []
        for name in sorted(set(st.generals[g].hand)):
            card = self.cards[name]
            if card.type == "soldier":
                out += [Play(name, s.id) for s in st.own_in_play(g) if self.check_extra(Play(name, s.id)) is None]
            elif card.type == "general" and self.check_extra(Play(name)) is None:
                out.append(Play(name))
        return out

    def check_extra(self, action: Any) -> str | None:
        st = self.state
        if not self.can_play_now():
            return "Tactics cards are played before your Move or before your Order."
        gen = st.generals[st.current]
        card = self.cards.get(action.card or "")
        if card is None or action.card not in gen.hand:
            return f"{action.card} is not in your hand."
        if card.type == "reaction":
            return f"{card.name} is a Reaction: it is played during an opponent's turn."
        if not self.cards_room(gen.index):
            return "You have already played 3 Tactics cards (they stay in your HQ until the end of your turn)."
        if card.type == "general":
            if action.soldier is not None:
                return f"{card.name} is a General card: it is played on your General."
            have = gen.tokens + gen.bonus
            if have < card.condition:
                return f"{card.name} needs {card.condition} Order token(s) on your General; it has {have}."
        else:
            s = st.soldiers.get(action.soldier or "")
            if s is None or s.general != gen.index or not s.in_play:
                return f"{card.name} is played on one of your own Little Soldiers in play."
            if s.orders + s.bonus < card.condition:
                return (f"{card.name} needs {card.condition} Order token(s) on {s.id}; it has "
                        f"{s.orders + s.bonus}. (They are a condition, not a cost.)")
        if card.effect == "attacks" and not st.valid_targets(action.soldier):
            return f"{action.soldier} has no valid target to attack."
        if card.effect == "bonus_orders" and self.bonus_reserve == 0:
            return "No Bonus Order token is left in the Reserve."
        return None

    def apply_extra(self, action: Play) -> None:
        st = self.state
        gen = st.generals[st.current]
        card = self.cards[action.card]
        gen.hand.remove(card.name)
        gen.played.append(card.name)
        on = f" on {action.soldier}" if action.soldier else ""
        st.log(f"{gen.name} plays {card.name}{on}: {card.text}")
        resume = (st.phase, st.after, st.mover, st.moves_left)
        if card.effect == "bonus_orders":
            n = min(st.chosen.generals_orders_bonus, self.bonus_reserve)
            self.bonus_reserve -= n
            gen.bonus += n
            st.log(f"{gen.name} takes {n} Bonus Order token(s) from the Reserve.")
            return
        st.effect = Effect(card.name, action.soldier, card.effect, card.amount, resume)
        if card.effect == "moves":
            st.mover, st.after, st.phase = action.soldier, After.CARD, Phase.MOVE
        elif card.effect == "retreat":
            st.mover, st.after, st.phase = None, After.CARD, Phase.MOVE
        else:
            st.phase = Phase.CARD_ATTACK

    def card_attack_targets(self) -> list[str]:
        st = self.state
        e = st.effect
        targets = st.valid_targets(e.soldier)
        distinct = self.cards[e.card].distinct_targets
        return [t for t in targets if not (distinct and t in e.used)]

    def on_card_attack(self, action: CardAttack) -> None:
        st = self.state
        e = st.effect
        if action.target is None:
            self.effect_done()
            return
        e.left -= 1
        e.used.append(action.target)
        st.start_attack(st.soldiers[e.soldier], st.target_of(action.target), risky=False)

    def action_done(self) -> bool:
        """An Action made by a card is over: the card's next one, or resume."""
        st = self.state
        e = st.effect
        if e is None:
            return False
        st.attack = None
        st.shot = None
        if e.kind == "attacks":
            s = st.soldiers[e.soldier]
            if e.left > 0 and s.in_play and self.card_attack_targets():
                st.phase = Phase.CARD_ATTACK
                return True
        elif e.kind == "moves":
            e.left -= 1
            if e.left > 0 and st.soldiers[e.soldier].in_play:
                st.phase = Phase.MOVE
                return True
        elif e.kind == "retreat":
            e.left -= 1
            if e.left > 0 and self.retreat_movers():
                st.mover = None
                st.phase = Phase.MOVE
                return True
        self.effect_done()
        return True

    def retreat_movers(self) -> list[Soldier]:
        st = self.state
        return [s for s in st.own_in_play(st.current) if s.id not in st.effect.used]

    def may_stop_moves(self) -> bool:
        return self.effect_kind() == "retreat"

    def check_move(self, s: Soldier, action: Any, end_level_up: bool) -> str | None:
        if not end_level_up and self.effect_kind() == "retreat" and s.id in self.state.effect.used:
            return f"{s.id} has already made its Strategic Retreat Move."
        return None

    def effect_done(self) -> None:
        st = self.state
        e = st.effect
        st.effect = None
        st.attack = None
        phase, after, mover, moves_left = e.resume
        st.after, st.mover, st.moves_left = after, mover, moves_left
        st.log(f"{e.card} is resolved.")
        if phase == Phase.ORDER and st.can_order(st.current):
            st.phase = Phase.ORDER
        elif phase == Phase.MOVE and st.own_in_play(st.current):
            st.phase = Phase.MOVE
        else:
            st.end_turn()

    # ---------------------------------------------------------------- reactions
    def open_window(self, trigger: str, move: Any = None) -> bool:
        """Open a Reaction window when an opponent (by side) could play a Reaction for it."""
        st = self.state
        me = st.generals[st.current]
        my_side = st.soldiers[me.soldiers[0]].side
        queue = []
        for g in st.deploy_order((st.current + 1) % len(st.generals)):
            gen = st.generals[g]
            if st.soldiers[gen.soldiers[0]].side == my_side or not self.cards_room(g):
                continue
            if any(self.reaction_ok(g, n, trigger) for n in gen.hand):
                queue.append(g)
        if not queue:
            return False
        st.window = Window(trigger, queue, move)
        st.phase = Phase.REACT
        return True

    def before_move(self, action: Move) -> bool:
        return self.open_window("move", action)

    def before_roll(self) -> bool:
        return self.open_window("attack")

    def reaction_ok(self, g: int, name: str, trigger: str) -> bool:
        card = self.cards[name]
        gen = self.state.generals[g]
        return (card.type == "reaction" and REACTION_TRIGGERS.get(card.effect) == trigger
                and gen.tokens + gen.bonus >= card.condition)

    def reactor(self) -> int:
        return self.state.window.queue[0]

    def react_actions(self) -> list[Play]:
        g = self.reactor()
        names = sorted({n for n in self.state.generals[g].hand if self.reaction_ok(g, n, self.state.window.trigger)})
        return [Play(n) for n in names] + [Play(None)]

    def on_react(self, action: Play) -> None:
        st = self.state
        w = st.window
        g = w.queue.pop(0)
        gen = st.generals[g]
        if action.card is not None:
            card = self.cards[action.card]
            gen.hand.remove(card.name)
            gen.played.append(card.name)
            st.log(f"{gen.name} reacts with {card.name}: {card.text}")
            if card.effect == "camouflage":
                a = st.attack
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
            return
        st.window = None
        if w.trigger == "attack":
            st.phase = Phase.ROLL
            return
        st.phase = Phase.MOVE
        if w.cancelled:
            s = st.soldiers[w.move.soldier]
            st.log(f"{s.id}'s Move is cancelled: it stays where it is.")
            st.continue_after_move()
        else:
            st.do_move(w.move)

    # ---------------------------------------------------------------- the part's steps
    def to_act(self) -> int | None:
        return self.reactor() if self.state.phase is Phase.REACT else None

    def legal(self, seat: int) -> list[Any]:
        phase = self.state.phase
        if phase is Phase.REACT:
            return self.react_actions()
        if phase is Phase.CRATE:
            return self.crate_actions()
        return [CardAttack(t) for t in self.card_attack_targets()] + [CardAttack(None)]

    def apply(self, seat: int, action: Any) -> None:
        phase = self.state.phase
        if phase is Phase.DRAW:
            self.on_draw(action)
        elif phase is Phase.REACT:
            self.on_react(action)
        elif phase is Phase.CRATE:
            self.on_crate(action)
        else:
            self.on_card_attack(action)

    def help(self) -> str:
        phase = self.state.phase
        if phase is Phase.REACT:
            return "play a Reaction card, or let the opponent go on."
        if phase is Phase.CRATE:
            return "activate a Crate of your colour your soldier reached (draw 2 Tactics cards), or not."
        return "choose a target for the card's Attack, or stop."

    # ---------------------------------------------------------------- turn and round ends
    def before_break(self, s: Soldier) -> None:
        if s.bonus:
            self.bonus_reserve += s.bonus
            s.bonus = 0

    def turn_ends(self) -> None:
        """At the end of your turn, and only then, discard your played cards."""
        st = self.state
        gen = st.generals[st.current]
        if gen.played:
            self.discard += gen.played
            st.log(f"{gen.name} discards {', '.join(gen.played)} from the HQ.")
            gen.played = []

    def round_begins(self) -> None:
        """Bonus Order tokens are removed from everyone at the end of the round."""
        st = self.state
        back = 0
        for gen in st.generals:
            back += gen.bonus
            gen.bonus = 0
        for s in st.soldiers.values():
            back += s.bonus
            s.bonus = 0
        if back:
            self.bonus_reserve += back
            st.log(f"{back} Bonus Order token(s) go back to the Reserve.")

    def tactics_cards_total(self) -> int:
        """Every Tactics card: pile, hands, HQs and discard (a conservation check)."""
        return len(self.deck) + len(self.discard) + sum(len(g.hand) + len(g.played) for g in self.state.generals)

    def bonus_total(self) -> int:
        st = self.state
        return self.bonus_reserve + sum(g.bonus for g in st.generals) + sum(s.bonus for s in st.soldiers.values())


def _set_hand(general: Any, cards: list[str]) -> None:
    general.hand = list(cards)
