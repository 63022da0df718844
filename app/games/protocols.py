"""Where a game meets the app's generic code: the game screen, the animator,
the HUD and the tooltip card ask these, and never which game they show.

- :class:`GameScene`: a game's 3D view of the table. The screen frames it
  (``home``), waits on its own animations, asks it what the pointer rests on
  (the tooltip card) and destroys it; ``shows`` animates one action.
- :class:`ActionShows`: how one action of a game is shown on top of the
  redrawn table (a figurine walks, a tile slides), at the screen's pace.
- :class:`GameTips`: a game's tooltip texts (a module: ``app.games.<game>.tips``).
- :class:`Motions`: what the shows get from the animator: a motion list, a
  floating label, the pace.
- :class:`TableControl`: what the animator, the tooltip card and the
  tooltips read of a game's controller (``app.games.controller.GameController``
  has it all; each game's controller adds its own clicks).

A scene may subclass :class:`GameScene` to take its defaults (no animation
of its own, nothing to point at).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from app.animation import Motion
    from app.games.controller import GameController
    from app.table import Table
    from app.tips.tip import Tip

Point = tuple[float, float, float]
Snapshot = dict[str, Any]


class TableControl(Protocol):
    """A game's controller as the generic code reads it."""

    viewer: int
    handover_to: int | None
    selected: str | None
    listeners: list[Callable[[], None]]

    @property
    def game(self) -> str:
        ...

    def match_key(self) -> tuple[int, int]:
        """Changes whenever the match does (an action, an undo, a load)."""
        ...

    def view_dict(self) -> dict[str, Any]:
        ...

    def choices(self) -> list[tuple[str, Any]]:
        ...


class Motions(Protocol):
    """The animator as the shows see it."""

    root: Any
    """Where a show may parent what it draws when the scene has no table yet."""

    def add(self, motion: Motion) -> None:
        """Run ``motion`` from the next frame, at the screen's pace."""
        ...

    def float_label(self, text: str, at: Point, rgba: tuple[float, float, float, float], seconds: float = ...) -> None:
        """A label that rises and fades at ``at`` (engine cm)."""
        ...

    def sound(self, name: str) -> None:
        """Play a toy sound (app.sounds) with what is shown: dice rattling, a tile sliding."""
        ...


class ActionShows(Protocol):
    """One game's animations of the one action just played."""

    def take(self, picture: dict[str, Any]) -> Snapshot:
        """What the show compares after the next action, read from the shown seat's view."""
        ...

    def show(self, before: Snapshot, after: Snapshot, motions: Motions) -> None:
        """Animate what changed from ``before`` to ``after`` (one action)."""
        ...


class GameScene(Protocol):
    """A game drawn on the table (see the module's docstring)."""

    table: Table
    shows: ActionShows | None
    """Animates one action on top of the redraw; None: nothing to animate."""

    def home(self) -> None:
        """Frame the whole table (the 'h' key)."""
        self.table.home()

    def animating(self) -> bool:
        """Whether an animation the scene runs itself is still playing."""
        return False

    def finish_animations(self) -> None:
        """Space: the scene's own animations jump to their end."""
        return None

    def set_pace(self, factor: float) -> None:
        """The screen's speed factor on the scene's own animations (0: instant)."""
        return None

    def thing_for(self, name: str) -> str | None:
        """The tooltip key of a picker entity the scene drew, by its name."""
        return None

    def thing_at(self, a: Point, b: Point) -> str | None:
        """The tooltip key of what the pointer's ray from ``a`` through ``b`` meets first."""
        return None

    def thing_points(self, thing: str) -> list[Point]:
        """Points (engine cm) whose box on screen the tooltip keeps clear of."""
        return []

    def keep_clear(self) -> list[Any]:
        """Entities a tooltip should leave uncovered beside the thing it tells of: the dice,
        the cards in hand, the rack's tiles (it covered the fifth die)."""
        return []

    def destroy(self) -> None:
        ...


class GameTips(Protocol):
    """A game's tooltips (``app.games.<game>.tips``): what a hovered thing is."""

    def tip(self, controller: Any, thing: str, /) -> Tip | None:
        ...

    def things(self, controller: Any, /) -> list[str]:
        ...

    def card_of_action(self, controller: Any, action: Any, /) -> Tip | None:
        """The card a choice button plays, shown as its tip; None: no card."""
        ...


SceneFactory = Callable[["GameController"], GameScene]

__all__ = ["ActionShows", "GameScene", "GameTips", "Motions", "Point", "SceneFactory", "Snapshot", "TableControl"]
