"""Little Soldiers in the app: its scene (``view``), controller and tooltips, as
:mod:`app.games` registers them (imported when first asked for)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.games.controller import GameController
    from app.games.protocols import GameScene, GameTips


def controller_class() -> type[GameController]:
    from app.games.little_soldiers.controller import LittleSoldiersController

    return LittleSoldiersController


def make_scene(table: GameController) -> GameScene:
    from app.games.little_soldiers.controller import LittleSoldiersController
    from app.games.little_soldiers.view import LittleSoldiersView

    assert isinstance(table, LittleSoldiersController), type(table)
    return LittleSoldiersView(table)


def tips_module() -> GameTips:
    import app.games.little_soldiers.tips as module

    return module
