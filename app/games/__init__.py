"""Controllers: what the mouse and the tests drive, one per game."""

from __future__ import annotations

from app.games.controller import GameController


def controller_class(game: str) -> type[GameController]:
    """The controller for ``game`` (imported lazily: Little Soldiers pulls in geometry)."""
    if game == "little-battle":
        from app.games.little_battle.controller import LittleBattleController

        return LittleBattleController
    if game == "toy-battle":
        from app.games.toy_battle.controller import ToyBattleController

        return ToyBattleController
    if game == "little-soldiers":
        from app.games.little_soldiers.controller import LittleSoldiersController

        return LittleSoldiersController
    raise ValueError(f"no controller for {game!r}")


__all__ = ["GameController", "controller_class"]
