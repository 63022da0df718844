"""Toy Battle in the app: its scene (``view``), controller and tooltips, as
:mod:`app.games` registers them (imported when first asked for)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.games.controller import GameController
    from app.games.protocols import GameScene, GameTips


def controller_class() -> type[GameController]:
    from app.games.toy_battle.controller import ToyBattleController

    return ToyBattleController


def make_scene(table: GameController) -> GameScene:
    from app.games.toy_battle.controller import ToyBattleController
    from app.games.toy_battle.view import ToyBattleView

    assert isinstance(table, ToyBattleController), type(table)
    return ToyBattleView(table)


def tips_module() -> GameTips:
    import app.games.toy_battle.tips as module

    return module
