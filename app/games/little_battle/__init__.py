"""Little Battle in the app: its scene (``view``), controller and tooltips, as
:mod:`app.games` registers them (imported when first asked for)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.games.controller import GameController
    from app.games.protocols import GameScene, GameTips


def controller_class() -> type[GameController]:
    from app.games.little_battle.controller import LittleBattleController

    return LittleBattleController


def make_scene(table: GameController) -> GameScene:
    from app.games.little_battle.controller import LittleBattleController
    from app.games.little_battle.view import LittleBattleView

    assert isinstance(table, LittleBattleController), type(table)
    return LittleBattleView(table)


def tips_module() -> GameTips:
    import app.games.little_battle.tips as module

    return module
