"""Advanced Tactics: Tactics cards, Crates and Bonus Order tokens.

The deck is ``tactics_cards.json``: only the cards whose effects are known,
each with its type (General, Soldier, Reaction), Order condition and effect
id. Draws are CHANCE steps (one card each), and a player's hand is hidden
from the other seats: the draw is logged to its owner only, views show the
other hands as counts, and ``determinize`` deals the unseen cards anew.

Cards are played at the player's decision points of their own turn (before
the turn's Move and before the Order); Reactions in a window the engine
opens when an opponent declares a valid target (Camouflage) or makes a Move
(Chewed by the Dog), and only when someone could play one, so games without
those cards never stop there.
"""

from __future__ import annotations

from engine.little_soldiers.phases import After, Phase

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from engine.little_soldiers import mission_data as M
from engine.little_soldiers.actions import CardAttack, Draw, Play

CARDS_FILE = Path(__file__).with_name("tactics_cards.json")
CARD_TYPES = ("general", "soldier", "reaction")
EFFECTS = ("moves", "attacks", "retreat", "camouflage", "cancel_move", "bonus_orders")
REACTION_TRIGGERS: Mapping[str, str] = {"camouflage": "attack", "cancel_move": "move"}

DRAW, REACT, CARD_ATTACK = Phase.DRAW, Phase.REACT, Phase.CARD_ATTACK
AFTER_CARD = After.CARD


@dataclass(frozen=True)
class Card:
    """One Tactics card as the data file gives it."""

    name: str
    type: str
    condition: int
    effect: str
    amount: int
    copies: int
    text: str
    general: str | None = None
    distinct_targets: bool = False
    chosen: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def load_cards(path: str = str(CARDS_FILE)) -> Mapping[str, Card]:
    """The known Tactics cards by name; a bad file is refused with the field's path."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    out: dict[str, Card] = {}
    for i, raw in enumerate(data["cards"]):
        where = f"{path}: cards[{i}]"
        if raw.get("type") not in CARD_TYPES:
            raise ValueError(f"{where}.type must be one of {', '.join(CARD_TYPES)}")
        if raw.get("effect") not in EFFECTS:
            raise ValueError(f"{where}.effect must be one of {', '.join(EFFECTS)}")
        for key in ("condition", "amount", "copies"):
            if not isinstance(raw.get(key), int) or raw[key] < 0:
                raise ValueError(f"{where}.{key} must be a whole number 0 or more")
        out[raw["name"]] = Card(raw["name"], raw["type"], raw["condition"], raw["effect"], raw["amount"],
                                raw["copies"], raw["text"], raw.get("general"), bool(raw.get("distinct_targets")),
                                tuple(raw.get("chosen", ())))
    return out


@dataclass
class Effect:
    """A card being resolved, and where the turn resumes once it is done."""

    card: str
    soldier: str | None
    kind: str
    left: int
    resume: tuple[str, str, str | None, int]
    used: list[str] = field(default_factory=list)

    def copy(self) -> "Effect":
        return Effect(self.card, self.soldier, self.kind, self.left, self.resume, list(self.used))

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "soldier": self.soldier, "kind": self.kind, "left": self.left,
                "used": list(self.used), "resume": list(self.resume)}


@dataclass
class Window:
    """A Reaction window: who may still react, and the Move waiting on it."""

    trigger: str
    queue: list[int]
    move: Any = None
    cancelled: bool = False

    def copy(self) -> "Window":
        return Window(self.trigger, list(self.queue), self.move, self.cancelled)

    def to_dict(self) -> dict[str, Any]:
        return {"trigger": self.trigger, "queue": list(self.queue), "move": str(self.move) if self.move else None,
                "cancelled": self.cancelled}


class TacticsRules:
    """Mixin of LittleSoldiersState: the Advanced Tactics module."""

    # ------------------------------------------------------------------ set-up
    def _setup_tactics(self) -> None:
        self.cards = load_cards()
        self.deck: list[str] = sorted(n for n, c in self.cards.items() for _ in range(c.copies))
        self.discard: list[str] = []
        self.bonus_reserve = M.BONUS_ORDER_TOKENS
        self.effect: Effect | None = None
        self.window: Window | None = None
        self.draws: list[list[int]] = []
        self.after_draw: tuple[str, str | None] = ("begin", None)
        crates = self.terrain.tokens_of("crate")
        self.crates: list[tuple[tuple[float, float], str]] = [
            (t.at, str(t.props.get("colour") or ("green", "yellow")[i % 2])) for i, t in enumerate(crates)]
        for gen in self.generals:
            own = [n for n, c in self.cards.items() if c.general == gen.name]
            if own:
                for n in own:
                    self.deck.remove(n)
                    gen.hand.append(n)
                self.log(f"{gen.name} starts with {', '.join(own)}.")
            else:
                # chosen: the starting cards of Generals other than Dinosaur are not
                # known; they draw 3 from the pile instead.
                self.draws.append([gen.index, M.STARTING_TACTICS])

    # ------------------------------------------------------------------ draws
    def _next_draw(self) -> bool:
        """Enter the next pending draw; False when none is left."""
        while self.draws:
            g, n = self.draws[0]
            if n > 0 and (self.deck or self.discard):
                self.phase = DRAW
                return True
            if n > 0:
                self.log(f"No Tactics card is left to draw for {self.generals[g].name}.")
            self.draws.pop(0)
        return False

    def draw_pile(self) -> list[str]:
        """The face-down pile a card is drawn from (the discard, reshuffled, when empty)."""
        return self.deck if self.deck else self.discard

    def _on_draw(self, action: Draw) -> None:
        if not self.deck:
            self.deck, self.discard = sorted(self.discard), []
            self.log("The Tactics pile is empty: the discard pile is shuffled into a new pile.")
        g = self.draws[0][0]
        gen = self.generals[g]
        self.deck.remove(action.card)
        gen.hand.append(action.card)
        self.draws[0][1] -= 1
        self.log_private(f"{gen.name} draws {action.card}.", gen.seat)
        self.log(f"{gen.name} draws a Tactics card ({len(gen.hand)} in hand).")
        if self._next_draw():
            return
        what, who = self.after_draw
        if what == "begin":
            self._begin_game()
        else:
            self._objects_after_move(self.soldiers[who])

    def _crates_after_move(self, s: Any, path: list[tuple[float, float]]) -> bool:
        """Activate the Crates of your colour the Move touched; True when a draw is due."""
        drew = 0
        for i, (at, colour) in enumerate(self.crates):
            if colour != s.team or not self.terrain.swept_touch(path, at):
                continue
            if any(self.terrain.base_touches_token(o.spot, at) for o in self.soldiers.values()
                   if o.in_play and o.side != s.side):
                self.log(f"{s.id} reaches a {colour} Crate, but an opponent is in contact with it.")
                continue
            other = "yellow" if colour == "green" else "green"
            self.crates[i] = (at, other)
            drew += M.CRATE_DRAW
            self.log(f"{s.id} activates a Crate: it is flipped to {other}.")
        if not drew:
            return False
        self.draws.append([s.general, drew])
        self.after_draw = ("move", s.id)
        return self._next_draw()

    # ------------------------------------------------------------------ playing cards
    def cards_room(self, g: int) -> bool:
        """At most 3 cards per turn and 3 played cards in the HQ (Reactions count)."""
        return len(self.generals[g].played) < min(M.TACTICS_CARDS_PER_TURN, M.TACTICS_HQ_LIMIT)

    def _can_play_now(self) -> bool:
        from engine.little_soldiers.state import AFTER_ORDER, MOVE, ORDER

        if not self.config.has("advanced_tactics") or self.effect is not None or self.window is not None:
            return False
        return self.phase == ORDER or (self.phase == MOVE and self.after == AFTER_ORDER and self.mover is None)

    def _play_actions(self) -> list[Play]:
        if not self._can_play_now():
            return []
        g = self.current
        out = []
        for name in sorted(set(self.generals[g].hand)):
            card = self.cards[name]
            if card.type == "soldier":
                out += [Play(name, s.id) for s in self._own_in_play(g) if self._check_play(Play(name, s.id)) is None]
            elif card.type == "general" and self._check_play(Play(name)) is None:
                out.append(Play(name))
        return out

    def _check_play(self, action: Play) -> str | None:
        if not self._can_play_now():
            return "Tactics cards are played before your Move or before your Order."
        gen = self.generals[self.current]
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
            s = self.soldiers.get(action.soldier or "")
            if s is None or s.general != gen.index or not s.in_play:
                return f"{card.name} is played on one of your own Little Soldiers in play."
            if s.orders + s.bonus < card.condition:
                return (f"{card.name} needs {card.condition} Order token(s) on {s.id}; it has "
                        f"{s.orders + s.bonus}. (They are a condition, not a cost.)")
        if card.effect == "attacks" and not self.valid_targets(action.soldier):
            return f"{action.soldier} has no valid target to attack."
        if card.effect == "bonus_orders" and self.bonus_reserve == 0:
            return "No Bonus Order token is left in the Reserve."
        return None

    def _on_play(self, action: Play) -> None:
        gen = self.generals[self.current]
        card = self.cards[action.card]
        gen.hand.remove(card.name)
        gen.played.append(card.name)
        on = f" on {action.soldier}" if action.soldier else ""
        self.log(f"{gen.name} plays {card.name}{on}: {card.text}")
        resume = (self.phase, self.after, self.mover, self.moves_left)
        if card.effect == "bonus_orders":
            n = min(self.chosen.generals_orders_bonus, self.bonus_reserve)
            self.bonus_reserve -= n
            gen.bonus += n
            self.log(f"{gen.name} takes {n} Bonus Order token(s) from the Reserve.")
            return
        self.effect = Effect(card.name, action.soldier, card.effect, card.amount, resume)
        if card.effect == "moves":
            self.mover, self.after, self.phase = action.soldier, AFTER_CARD, Phase.MOVE
        elif card.effect == "retreat":
            self.mover, self.after, self.phase = None, AFTER_CARD, Phase.MOVE
        else:
            self.phase = CARD_ATTACK

    def card_attack_targets(self) -> list[str]:
        e = self.effect
        targets = self.valid_targets(e.soldier)
        distinct = self.cards[e.card].distinct_targets
        return [t for t in targets if not (distinct and t in e.used)]

    def _on_card_attack(self, action: CardAttack) -> None:
        e = self.effect
        if action.target is None:
            self._effect_done()
            return
        e.left -= 1
        e.used.append(action.target)
        self._start_attack(self.soldiers[e.soldier], self.target_of(action.target), risky=False)

    def _effect_step(self) -> None:
        """An Action made by a card is over: the card's next one, or resume."""
        e = self.effect
        self.attack = None
        self.shot = None
        if e.kind == "attacks":
            s = self.soldiers[e.soldier]
            if e.left > 0 and s.in_play and self.card_attack_targets():
                self.phase = CARD_ATTACK
                return
        elif e.kind == "moves":
            e.left -= 1
            if e.left > 0 and self.soldiers[e.soldier].in_play:
                self.phase = Phase.MOVE
                return
        elif e.kind == "retreat":
            e.left -= 1
            if e.left > 0 and self.retreat_movers():
                self.mover = None
                self.phase = Phase.MOVE
                return
        self._effect_done()

    def retreat_movers(self) -> list[Any]:
        return [s for s in self._own_in_play(self.current) if s.id not in self.effect.used]

    def _effect_done(self) -> None:
        e = self.effect
        self.effect = None
        self.attack = None
        phase, after, mover, moves_left = e.resume
        self.after, self.mover, self.moves_left = after, mover, moves_left
        self.log(f"{e.card} is resolved.")
        if phase == "order" and self.can_order(self.current):
            self.phase = Phase.ORDER
        elif phase == "move" and self._own_in_play(self.current):
            self.phase = Phase.MOVE
        else:
            self._end_turn()

    # ------------------------------------------------------------------ reactions
    def _open_window(self, trigger: str, move: Any = None) -> bool:
        """Open a Reaction window when an opponent could play a Reaction for it."""
        if not self.config.has("advanced_tactics"):
            return False
        me = self.generals[self.current]
        queue = []
        for g in self._deploy_order((self.current + 1) % len(self.generals)):
            gen = self.generals[g]
            if gen.team == me.team or not self.cards_room(g):
                continue
            if any(self._reaction_ok(g, n, trigger) for n in gen.hand):
                queue.append(g)
        if not queue:
            return False
        self.window = Window(trigger, queue, move)
        self.phase = REACT
        return True

    def _reaction_ok(self, g: int, name: str, trigger: str) -> bool:
        card = self.cards[name]
        gen = self.generals[g]
        return (card.type == "reaction" and REACTION_TRIGGERS.get(card.effect) == trigger
                and gen.tokens + gen.bonus >= card.condition)

    def reactor(self) -> int:
        return self.window.queue[0]

    def _react_actions(self) -> list[Play]:
        g = self.reactor()
        names = sorted({n for n in self.generals[g].hand if self._reaction_ok(g, n, self.window.trigger)})
        return [Play(n) for n in names] + [Play(None)]

    def _on_react(self, action: Play) -> None:
        w = self.window
        g = w.queue.pop(0)
        gen = self.generals[g]
        if action.card is not None:
            card = self.cards[action.card]
            gen.hand.remove(card.name)
            gen.played.append(card.name)
            self.log(f"{gen.name} reacts with {card.name}: {card.text}")
            if card.effect == "camouflage":
                a = self.attack
                if a.dice > 0:
                    a.dice -= 1
                    n = a.dice + (1 if a.risky else 0)
                    a.faces = [None] * n
                    a.pending = tuple(range(n))
                    self.log(f"{a.attacker} rolls {a.dice} Attack dice.")
            elif card.effect == "cancel_move":
                w.cancelled = True
                w.queue.clear()
        if w.queue:
            return
        self.window = None
        if w.trigger == "attack":
            self.phase = Phase.ROLL
            return
        self.phase = Phase.MOVE
        if w.cancelled:
            s = self.soldiers[w.move.soldier]
            self.log(f"{s.id}'s Move is cancelled: it stays where it is.")
            self._continue_after_move()
        else:
            self._do_move(w.move)

    # ------------------------------------------------------------------ turn and round ends
    def _discard_played(self, g: int) -> None:
        gen = self.generals[g]
        if gen.played:
            self.discard += gen.played
            self.log(f"{gen.name} discards {', '.join(gen.played)} from the HQ.")
            gen.played = []

    def _return_bonus_tokens(self) -> None:
        """Bonus Order tokens are removed from everyone at the end of the round."""
        back = 0
        for gen in self.generals:
            back += gen.bonus
            gen.bonus = 0
        for s in self.soldiers.values():
            back += s.bonus
            s.bonus = 0
        if back:
            self.bonus_reserve += back
            self.log(f"{back} Bonus Order token(s) go back to the Reserve.")

    def tactics_cards_total(self) -> int:
        """Every Tactics card: pile, hands, HQs and discard (a conservation check)."""
        return len(self.deck) + len(self.discard) + sum(len(g.hand) + len(g.played) for g in self.generals)

    def bonus_total(self) -> int:
        return self.bonus_reserve + sum(g.bonus for g in self.generals) + sum(s.bonus for s in self.soldiers.values())

    def _tactics_to_dict(self) -> dict[str, Any]:
        return {"deck": sorted(self.deck), "discard": list(self.discard), "bonus_reserve": self.bonus_reserve,
                "crates": [{"at": list(at), "colour": c} for at, c in self.crates],
                "effect": self.effect.to_dict() if self.effect else None,
                "window": self.window.to_dict() if self.window else None,
                "draws": [list(d) for d in self.draws]}

    def _hide_hands(self, out: dict[str, Any], seat: int) -> None:
        """Another seat's hand and the pile's content are not this seat's to see."""
        for g in out["generals"]:
            if g["seat"] != seat:
                g["hand"] = len(g["hand"])
        out["deck"] = len(out["deck"])

    def _deal_unseen(self, seat: int, rng: random.Random) -> None:
        """Determinize: the cards this seat has not seen, dealt anew."""
        others = [g for g in self.generals if g.seat != seat]
        pool = list(self.deck) + [c for g in others for c in g.hand]
        rng.shuffle(pool)
        for g in others:
            k = len(g.hand)
            g.hand, pool = pool[:k], pool[k:]
        self.deck = sorted(pool)
