"""Little Battle at the table: pick a card, then a Ship (keep) or a pile (attack).

The clicks map onto the engine's own actions: a card is selected by its
name as the view prints it, and the action played is the legal one with
that card (and pile). When no legal action matches, the controller still
hands the engine the action the player meant, so the refusal is the
engine's sentence.
"""

from __future__ import annotations

from typing import Any

from app.games.controller import GAME_OVER_PICK, GameController
from engine.little_battle import Attack, Keep


class LittleBattleController(GameController):
    selected: str | None = None
    """The name of the hand card the player picked up ("Parrot 7")."""

    picked_in: tuple[int, str] | None = None
    """The deal and phase the selected card was picked in."""

    def _changed(self) -> None:
        # a card picked in the draft is not a card picked for the Gold Rush: the last one kept came back
        # to the hand with the crew and stayed selected, lit, into the rush
        if self.selected is not None and (self.selected not in self.hand() or self.picked_in != self._when()):
            self.selected = None
        super()._changed()

    def _when(self) -> tuple[int, str]:
        v = self.view_dict()
        return (int(v["deal"]), str(v["phase"]))

    # ------------------------------------------------------------ reading
    def hand(self) -> list[str]:
        if self.handover_to is not None:
            return []
        return list(self.view_dict()["hand"])

    def score_lines(self) -> list[str]:
        """Each player's gold and chests, the winners marked ("Player 4 (yellow), winner: 15 gold in 5 chests")."""
        result = self.match.state.result() if self.is_over() else None
        if result is None:
            return []
        v = self.view_dict()
        out = []
        for s, gold in enumerate(result.scores):
            won = ", winner" if s in result.winners and len(result.winners) < len(result.scores) else ""
            chests = len(v["loot"][s])
            out.append(f"{self.seat_label(s)}{won}: {gold:g} gold in {chests} chest{'s' if chests != 1 else ''}")
        return out

    def scoreline(self) -> str:
        if self.handover_to is not None:  # the gold is the last player's
            return ""
        v = self.view_dict()
        chests = sum(len(won) for won in v["loot"])
        left = sum(len(p) for p in v["beach"])
        whose = "Your" if not self.shared_screen() else f"{self.seat_label(int(v['seat']))}'s"  # a review: nobody is "you"
        gold = "" if self.spectating else f" {whose} gold: {v['gold'][v['seat']]}."  # a spectator sees no one's gold
        return f"Deal {v['deal']}, {v['phase']}.{gold} Chests on the beach: {left}, won: {chests}."

    def status(self) -> str:
        """Whose turn, and on your turn what to click ("Your turn" alone left new players guessing)."""
        line = super().status()
        if not self.my_turn():
            return line
        legal = self.legal()
        keep, attack = any(isinstance(a, Keep) for a in legal), any(isinstance(a, Attack) for a in legal)
        if self.selected is None:
            hint = "pick a card from your hand" if (keep or attack) else ""
        elif keep and attack:
            hint = f"click your Ship to keep {self.selected}, or a lit pile to attack it"
        elif keep:
            hint = f"click your Ship (lit) to keep {self.selected}"
        elif attack:
            hint = f"click a lit pile to attack it with {self.selected}"
        else:
            hint = f"{self.selected} cannot be played now: pick another card"
        return f"{line[:-1]}: {hint}." if hint and line.endswith(".") else line

    def phase(self) -> str:
        return str(self.view_dict()["phase"])

    def highlighted_piles(self) -> list[int]:
        """Piles where the engine lets the selected card attack now."""
        if self.selected is None:
            return []
        return sorted({a.pile for a in self.legal() if isinstance(a, Attack) and str(a.card) == self.selected})

    def ship_highlighted(self) -> bool:
        """Whether the selected card may be kept on the Ship now (the draft)."""
        return self.selected is not None and any(
            isinstance(a, Keep) and str(a.card) == self.selected for a in self.legal()
        )

    # ------------------------------------------------------------ clicks
    def click_card(self, name: str) -> bool:
        """Pick up a hand card; clicking the picked card again keeps it in the draft."""
        if self.is_over():  # live, a click on the hand after the end lit a card, as if it could still be played
            self.selected = None
            self.message = GAME_OVER_PICK
            self._changed()
            return False
        if name not in self.hand():
            self.message = f"{name} is not in your hand."
            self._changed()
            return False
        if self.selected == name and self.ship_highlighted():
            return self.click_ship()
        self.selected = name
        self.picked_in = self._when()
        self.message = ""
        self._changed()
        return True

    def click_ship(self) -> bool:
        """Keep the selected card on your Ship (the draft)."""
        if self.selected is None:
            self.message = "Pick a card from your hand first."
            self._changed()
            return False
        return self.play(self._match_action(Keep, lambda a: True))

    def click_pile(self, pile: int) -> bool:
        """Play the selected card before pile ``pile`` (0 or 1)."""
        if self.selected is None:
            self.message = "Pick a card from your hand first."
            self._changed()
            return False
        return self.play(self._match_action(Attack, lambda a: a.pile == pile, pile=pile))

    def _match_action(self, kind: type, fits: Any, **fields: Any) -> Any:
        """The legal action of ``kind`` with the selected card, or the one the
        player meant (built from any action naming that card) for the engine to refuse."""
        legal = self.view().legal_actions()
        for a in legal:
            if isinstance(a, kind) and str(getattr(a, "card", "")) == self.selected and fits(a):  # Keep and Attack name a card
                return a
        card = next((a.card for a in legal if str(getattr(a, "card", "")) == self.selected), None)
        if card is None:
            from engine.little_battle.state import ADVENTURERS

            card = next(c for c in ADVENTURERS if str(c) == self.selected)
        return kind(card=card, **fields)
