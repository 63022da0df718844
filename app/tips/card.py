"""The tooltip card on screen: what the pointer rests on, after a short delay.

Every frame the card asks what is under the pointer: a HUD button that
names a card, a picker the view drew (its name says what it is, see the
views' ``thing_for``), else the view's own hit test of the pointer's ray
(``thing_at``: scenery, Threats, tokens, regions, Ships, chests ...). When
the pointer has rested on one thing for :data:`TIP_DELAY_S`, the card shows
:func:`app.tips.tip`'s text, placed by :func:`app.tips.place.place` beside
the pointer, inside the window and off the hovered thing's box on screen.
It hides while a mouse button is held (a drag, a camera move) and while the
help is open. Nothing here decides a rule.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app import frames, tips
from app.tips.place import Rect, overlap, place

if TYPE_CHECKING:
    from app.games.protocols import GameScene, TableControl

TIP_DELAY_S = 0.45
"""Seconds the pointer rests before the card shows (chosen: desktop tooltips take 0.4-0.7 s)."""
TEXT_SCALE = 0.72
"""Text size in the UI's units (the HUD's log uses about 0.7)."""
WRAP = 48
"""Characters per line (chosen: the card stays under a third of a 16:10 window wide)."""
PAD = 0.012
TITLE_RGB = (1.0, 0.88, 0.45)
NOW_RGB = (0.6, 0.95, 0.65)
BACK_RGBA = (0.05, 0.06, 0.09, 1.0)
"""Opaque: at 0.94 the Events log's lines read through the card (blended in linear light)."""


def tip_text(tip: tips.Tip) -> str:
    """The card's text with Ursina colour tags: title, facts, what to do now."""
    def tag_(rgb: tuple[float, float, float]) -> str:
        return "rgb(" + ",".join(f"{c:.3f}" for c in rgb) + ",1)"

    out = [f"<{tag_(TITLE_RGB)}>{line}" for line in textwrap.wrap(tip.title, WRAP)]
    out += [f"<default>{line}" for fact in tip.facts for line in textwrap.wrap(fact, WRAP)]
    out += [f"<{tag_(NOW_RGB)}>{line}" for fact in tip.now for line in textwrap.wrap(fact, WRAP)]
    return "\n".join(out)


def ui_to_window(x: float, y: float, aspect: float) -> tuple[float, float]:
    """camera.ui (origin at the centre, y up, height 1) -> the placing frame (origin top left, y down)."""
    return (x + aspect / 2, 0.5 - y)


def screen_rect(points: list[Any]) -> Rect | None:
    """The box on screen (placing frame) of render-space points; None if none is in front of the camera."""
    from panda3d.core import Point2
    from ursina import camera, scene, window

    aspect = window.aspect_ratio
    xs, ys = [], []
    for p in points:
        film = Point2()
        if camera.lens.project(camera.getRelativePoint(scene, p), film):
            x, y = ui_to_window(film.x * aspect / 2, film.y / 2, aspect)
            xs.append(x)
            ys.append(y)
    if not xs:
        return None
    return (min(xs), min(ys), max(xs), max(ys))


def entity_rect(entity: Any) -> Rect | None:
    """The on-screen box of an entity (a picker's box, a HUD button)."""
    from panda3d.core import Point3
    from ursina import camera, scene, window

    try:
        if entity.has_ancestor(camera.ui):
            lo, hi = entity.getTightBounds(camera.ui)
            aspect = window.aspect_ratio
            x0, y0 = ui_to_window(lo[0], hi[1], aspect)
            x1, y1 = ui_to_window(hi[0], lo[1], aspect)
            return (x0, y0, x1, y1)
        lo, hi = entity.getTightBounds(scene)
    except (TypeError, AttributeError, AssertionError):
        return None
    if lo is None:
        return None
    return screen_rect([Point3(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])


def engine_rect(points: list[tuple[float, float, float]]) -> Rect | None:
    from panda3d.core import Point3

    return screen_rect([Point3(*frames.to_ursina(p)) for p in points])


def _pointer() -> tuple[float, float] | None:
    """The pointer in camera.ui, or None where the window has none (an offscreen buffer: renders, tests)."""
    from ursina import mouse

    try:
        return (float(mouse.x), float(mouse.y))
    except AttributeError:
        return None


class TipCard:
    """One game screen's tooltip (see the module's docstring)."""

    def __init__(self, controller: TableControl, view: Callable[[], GameScene],
                 blocked: Callable[[], bool] = lambda: False, clear: Callable[[], list[Any]] | None = None) -> None:
        from ursina import Entity, Quad, Text, camera, color

        from app.hud import LAYER_TIP, on_top

        self.controller = controller
        self.view = view
        self.blocked = blocked
        self.clear = clear or (lambda: [])
        """What the card should leave uncovered: entities of the HUD and the table (the Events
        panel, the choice buttons, the dice), asked when the card is placed."""
        """True while something covers the table (the help): no tips then."""
        self.root = Entity(parent=camera.ui, z=-20, name="tooltip", enabled=False)
        on_top(self.root, LAYER_TIP)
        self.back = Entity(parent=self.root, model=Quad(radius=0.008, segments=3), color=color.rgba(*BACK_RGBA),
                           z=0.01, name="tooltip-back")
        self.text = Text(parent=self.root, text="", origin=(-0.5, 0.5), scale=TEXT_SCALE, name="tooltip-text")
        self.thing: str | None = None
        self.rested = 0.0
        self.tip: tips.Tip | None = None
        self.rect: Rect | None = None
        """Where the card is now (placing frame), for tests."""
        self.avoid: Rect | None = None
        self._key: Any = None

    # ------------------------------------------------------------ what is under the pointer
    def hovered(self) -> tuple[str | None, Rect | None]:
        """The thing under the pointer and its box on screen; asked again only
        when the pointer, the camera, the game or the entity under it changed
        (the scenery hit test samples the ray)."""
        from ursina import camera, mouse

        pointer = _pointer()
        if pointer is None:
            return None, None
        key = (round(pointer[0], 5), round(pointer[1], 5), tuple(round(c, 4) for c in camera.world_position),
               tuple(round(c, 3) for c in camera.world_rotation), self.controller.match_key(),
               id(mouse.hovered_entity), id(self.view()))
        if key != getattr(self, "_hover_key", None):
            self._hover_key, self._hovered = key, self._hovered_now()
        return self._hovered

    def _hovered_now(self) -> tuple[str | None, Rect | None]:
        from ursina import Button, mouse

        e = mouse.hovered_entity
        try:
            empty = e is None or e.is_empty()
        except AssertionError:
            empty = True
        from ursina import camera

        view = self.view()
        if not empty:
            if isinstance(e, Button) and e.text:
                return f"button:{e.text}", entity_rect(e)
            thing = view.thing_for(e.name or "")
            if thing is not None:
                return thing, entity_rect(e)
            if e.has_ancestor(camera.ui):
                return None, None  # a HUD panel: not the table under it
        from app.pointer import mouse_ray

        ray = mouse_ray()
        if ray is None:
            return None, None
        thing = view.thing_at(*ray)
        if thing is None:
            return None, None
        points = view.thing_points(thing)
        return thing, engine_rect(points) if points else None

    # ------------------------------------------------------------ frames
    def update(self, dt: float) -> None:
        from ursina import mouse

        if self.blocked() or mouse.left or mouse.right or mouse.middle:
            self.hide()
            self.thing = None
            return
        thing, avoid = self.hovered()
        if thing != self.thing:
            self.thing, self.rested = thing, 0.0
            self.hide()
            return
        if thing is None:
            return
        self.rested += dt
        if self.rested < TIP_DELAY_S:
            return
        key = (thing, self.controller.match_key(), self.controller.selected,
               self.controller.handover_to, self.controller.viewer)
        if key != self._key or self.tip is None:  # what it says changes with the game, not every frame
            self._key = key
            self.tip = tips.tip(self.controller, thing)
            if self.tip is None:
                self.hide()
                return
            self.text.text = tip_text(self.tip)
        pointer = _pointer()
        if pointer is not None:
            self.show_at(pointer, avoid)

    def show_at(self, cursor_ui: tuple[float, float], avoid: Rect | None) -> None:
        """Put the card (its text set) beside ``cursor_ui`` (camera.ui), off ``avoid``."""
        from ursina import Vec3, window

        aspect = window.aspect_ratio
        self.root.enabled = True
        self.text.position = Vec3(0, 0, 0)
        bounds = self.text.getTightBounds(self.root)
        lo, hi = bounds if bounds is not None and bounds[0] is not None else ((0, -0.05, 0), (0.2, 0, 0))
        w, h = (hi[0] - lo[0]) + 2 * PAD, (hi[1] - lo[1]) + 2 * PAD
        cursor = ui_to_window(cursor_ui[0], cursor_ui[1], aspect)
        keep = []
        for entity in self.clear():
            try:
                box = entity_rect(entity) if entity is not None and entity.enabled else None
            except AssertionError:  # destroyed by a redraw this frame
                box = None
            if box is not None and (avoid is None or overlap(box, avoid) <= 0.0):
                keep.append(box)
        r = place(cursor, (w, h), avoid, (aspect, 1.0), keep)
        self.rect, self.avoid = r, avoid
        left, top = r[0] - aspect / 2, 0.5 - r[1]
        self.root.position = Vec3(left, top, -20)
        self.text.position = Vec3(PAD - lo[0], -PAD - hi[1], 0)
        self.back.scale = Vec3(r[2] - r[0], r[3] - r[1], 1)
        self.back.position = Vec3((r[2] - r[0]) / 2, -(r[3] - r[1]) / 2, 0.01)

    def hide(self) -> None:
        self.root.enabled = False
        self.tip = None
        self.rect = None

    def shown(self) -> bool:
        return bool(self.root.enabled and self.tip is not None)

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)


__all__ = ["TIP_DELAY_S", "TipCard", "tip_text"]
