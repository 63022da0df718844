"""A game on the table: controller, 3D view and HUD together, with bots
moving at a readable pace in the frame loop."""

from __future__ import annotations

from typing import Any, Callable

from app.controllers.base import GameController

BOT_DELAY = 0.45
"""Seconds between bot moves in a live window, so people can follow them."""


def make_view(controller: GameController) -> Any:
    game = controller.game
    if game == "little-battle":
        from app.little_battle_view import LittleBattleView

        return LittleBattleView(controller)  # type: ignore[arg-type]
    if game == "toy-battle":
        from app.toy_battle_view import ToyBattleView

        return ToyBattleView(controller)  # type: ignore[arg-type]
    if game == "little-soldiers":
        from app.little_soldiers_view import LittleSoldiersView

        return LittleSoldiersView(controller)  # type: ignore[arg-type]
    raise ValueError(f"no view for {game!r}")


class GameScreen:
    def __init__(self, controller: GameController, on_menu: Callable[[], None] | None = None) -> None:
        from ursina import Entity

        from app.hud import Hud

        self.controller = controller
        self.view = make_view(controller)
        self._shown = self._what_is_drawn()
        controller.replaced_listeners.append(self._replaced)
        self.hud = Hud(controller, on_menu)
        self._wait = BOT_DELAY
        self.ticker = Entity(name="game-ticker")
        self.ticker.update = self.update
        self.ticker.input = self.input

    def _what_is_drawn(self) -> Any:
        return (repr(self.controller.match.config), self.controller.match.state.num_seats)

    def _replaced(self) -> None:
        """A loaded save on another battlefield/terrain or with other players:
        the table was still drawn for the old one (the wrong scenery, and
        clicks measured against it)."""
        if self._what_is_drawn() == self._shown:
            return
        self.view.destroy()
        self.view = make_view(self.controller)
        self._shown = self._what_is_drawn()

    def update(self) -> None:
        from ursina import time

        if not self.controller.bot_pending():
            self._wait = BOT_DELAY
            return
        self._wait -= time.dt
        if self._wait <= 0:
            self._wait = BOT_DELAY
            self.controller.bot_step()

    def input(self, key: str) -> None:
        if key in ("control+z", "u"):
            self.controller.undo()
        elif key == "h":
            getattr(self.view, "home", self.view.table.home)()

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.ticker)
        if self._replaced in self.controller.replaced_listeners:
            self.controller.replaced_listeners.remove(self._replaced)
        self.hud.destroy()
        self.view.destroy()
