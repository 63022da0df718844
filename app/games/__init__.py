"""The games the app plays, each registered once here.

``app/games/<game>/`` holds a game's scene (its 3D view, ``view.py``), its
controller (what the mouse and the tests drive, ``controller.py``), its
tooltips (``tips.py``) and whatever else only that game draws. The generic
code (the game screen, the animator, the HUD, the tooltip card) meets them
through :mod:`app.games.protocols` and asks :func:`plug` for a game's parts,
never which game it is. A game's modules are imported when first asked for
(Little Soldiers pulls in the geometry).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.games import little_battle, little_soldiers, toy_battle
from app.games.controller import GameController
from app.games.protocols import GameScene, GameTips


@dataclass(frozen=True)
class GamePlug:
    """One game's parts, each loaded when asked for."""

    game: str
    """The engine's name of the game ("little-soldiers")."""
    controller: Callable[[], type[GameController]]
    scene: Callable[[GameController], GameScene]
    """Builds the game's scene for a controller (it draws at once)."""
    tips: Callable[[], GameTips]


GAMES: dict[str, GamePlug] = {p.game: p for p in (
    GamePlug("little-soldiers", little_soldiers.controller_class, little_soldiers.make_scene, little_soldiers.tips_module),
    GamePlug("toy-battle", toy_battle.controller_class, toy_battle.make_scene, toy_battle.tips_module),
    GamePlug("little-battle", little_battle.controller_class, little_battle.make_scene, little_battle.tips_module),
)}


def plug(game: str) -> GamePlug:
    """The registered parts of ``game``."""
    try:
        return GAMES[game]
    except KeyError:
        raise ValueError(f"no game {game!r} in the app (games: {', '.join(GAMES)})") from None


def controller_class(game: str) -> type[GameController]:
    """The controller for ``game``."""
    return plug(game).controller()


__all__ = ["GAMES", "GameController", "GamePlug", "controller_class", "plug"]
