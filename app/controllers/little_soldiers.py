"""Little Soldiers at the table: select a soldier, click the table to deploy
or move it there, choose orders and rerolls from the engine's list.

Little Soldiers has continuous choices: the controller turns a click on the
table into the engine's ``Deploy``/``Move`` at that point and lets the
engine's ``check`` say whether it is legal. Discrete choices (orders,
rerolls, shields) are the engine's legal actions, offered as buttons.
"""

from __future__ import annotations

from typing import Any

from engine.little_soldiers.actions import Deploy, Move

from app.controllers.base import GameController


class LittleSoldiersController(GameController):
    selected: str | None = None
    """The id of the selected soldier ("green-infantry")."""

    def soldiers(self) -> list[dict[str, Any]]:
        return list(self.view_dict()["soldiers"])

    def my_teams(self) -> set[str]:
        v = self.view_dict()
        return {g["team"] for g in v["generals"] if g["seat"] == self.viewer}

    def phase(self) -> str:
        return str(self.view_dict()["phase"])

    def targets(self) -> list[str]:
        """Enemies the selected soldier can see whole (the engine's line of sight)."""
        if self.selected is None:
            return []
        state = self.view().state  # type: ignore[attr-defined]  # Little Soldiers hides nothing
        try:
            return list(state.valid_targets(self.selected))
        except (KeyError, ValueError, AttributeError):
            return []

    def choices(self) -> list[tuple[str, Any]]:
        return [(str(a), a) for a in self.legal()]

    def click_soldier(self, ident: str) -> bool:
        self.selected = ident
        self.message = ""
        self._changed()
        return True

    def click_table(self, x: float, y: float) -> bool:
        """Deploy or move the selected soldier to the table point (x, y) in cm."""
        if self.selected is None:
            self.message = "Select one of your soldiers first."
            self._changed()
            return False
        kind = Deploy if self.phase() == "deploy" else Move
        return self.play(kind(self.selected, float(x), float(y)))
