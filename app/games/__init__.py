"""Controllers: what the mouse and the tests drive, one per game."""

from __future__ import annotations

from app.controllers.base import GameController


def controller_class(game: str) -> type[GameController]:
    """The controller for ``game`` (imported lazily: Little Soldiers pulls in geometry)."""
    if game == "little-battle":
        from app.controllers.little_battle import LittleBattleController

        return LittleBattleController
    if game == "toy-battle":
        from app.controllers.toy_battle import ToyBattleController

        return ToyBattleController
    if game == "little-soldiers":
        from app.controllers.little_soldiers import LittleSoldiersController

        return LittleSoldiersController
    raise ValueError(f"no controller for {game!r}")


__all__ = ["GameController", "controller_class"]
