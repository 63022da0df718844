"""Review mode on the 3D table: the game's own screen with a bar to step through it.

:class:`ReviewScreen` is a :class:`app.game_screen.GameScreen` on a review
controller (:mod:`app.review.controller`): the same table, log, tooltips,
camera and sounds, nothing played. Its bar steps one action back or
forwards, jumps to the start or the end, plays the game on at the chosen
speed (F2), and a click on its track jumps to any action. Keys: Left and
Right step, Page Up / Page Down jump a turn, Home / End, Space plays or
pauses. Close review (top right) returns to where the review was opened from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.game_screen import SPEEDS, GameScreen

PLAY_GAP_S = 0.6
"""Seconds between two steps when the review plays on, at normal speed, after the last one was shown (chosen)."""
BAR_W = 1.0
"""camera.ui width of the review bar's track (chosen)."""
BAR_FILM_TOP = -0.6
"""The film height (-1 bottom, 1 top) the bar reaches: the table is framed above it."""


class ReviewScreen(GameScreen):
    def __init__(self, controller: Any, on_back: Callable[[], None] | None = None) -> None:
        super().__init__(controller, on_menu=on_back)
        self._room_for_the_bar()
        self.playing = False
        self._gap = 0.0
        self.bar = ReviewBar(self)
        controller.listeners.append(self.bar.refresh)
        self.bar.refresh()

    @property
    def review(self) -> Any:
        """The review controller (app.review.controller: the game's controller with Reviewing in front)."""
        return self.controller

    def _room_for_the_bar(self, view: Any = None) -> None:
        """The table framed above the bar (it covered the near HQ cards and dice)."""
        view = view or self.view
        x0, x1, y0, y1 = getattr(view, "FREE_FILM", (-0.96, 0.42, -0.84, 0.5))
        view.FREE_FILM = (x0, x1, max(y0, BAR_FILM_TOP), y1)
        view.home()

    def _make_view(self) -> Any:
        view = super()._make_view()
        if hasattr(self, "bar"):  # rebuilt (a relayout): the bar still stands under it
            self._room_for_the_bar(view)
        return view

    # ------------------------------------------------------------ stepping
    def go(self, step: int) -> None:
        self.sounds.cancel()
        self.review.go(step)

    def forward(self) -> None:
        self.go(self.review.step + 1)

    def back(self) -> None:
        self.playing = False
        self.go(self.review.step - 1)

    def step_on(self) -> None:
        """One action on (the bar's Next, the Right key): stops a review playing on."""
        self.playing = False
        self.bar.refresh()
        self.forward()

    def toggle_play(self) -> None:
        """Play the game on from here at the chosen speed (from the start when at the end)."""
        if not self.playing and self.review.step >= self.review.track.last:
            self.go(0)
        self.playing = not self.playing
        self._gap = 0.0
        self.bar.refresh()

    def update(self) -> None:
        from ursina import time

        super().update()
        if not self.playing:
            return
        if self.review.step >= self.review.track.last:
            self.playing = False
            self.bar.refresh()
            return
        factor = SPEEDS[self.speed][1]
        if factor > 0 and self.animating():
            return  # the step before is still being shown
        self._gap -= time.dt
        if self._gap > 0:
            return
        self._gap = PLAY_GAP_S * factor
        self.forward()

    def input(self, key: str) -> None:
        c = self.review
        if self.help.input(key):
            return
        if key == "right arrow":
            self.step_on()
        elif key == "left arrow":
            self.back()
        elif key == "page down":
            self.playing = False
            c.next_turn()
        elif key == "page up":
            self.playing = False
            c.previous_turn()
        elif key == "home":
            self.playing = False
            self.go(0)
        elif key == "end":
            self.playing = False
            self.go(c.track.last)
        elif key == "space":
            if self.animating():
                self.skip()
            else:
                self.toggle_play()
        elif key == "escape":
            self.hud.menu()
        else:
            super().input(key)

    def destroy(self) -> None:
        if self.bar.refresh in self.controller.listeners:
            self.controller.listeners.remove(self.bar.refresh)
        self.bar.destroy()
        super().destroy()


class ReviewBar:
    """The bar at the bottom of a review: |< < play > >|, the track (click to jump) and where it is."""

    def __init__(self, screen: ReviewScreen) -> None:
        from ursina import Button, Entity, Text, camera, color, window

        from app.hud import LAYER_LOAD, on_top

        self.screen = screen
        self.root = Entity(parent=camera.ui, name="review-bar", z=-4)
        on_top(self.root, LAYER_LOAD - 1)
        y = window.bottom[1] + 0.075
        x0 = window.left[0] + 0.03 + (window.aspect_ratio - 0.5 - BAR_W) / 2  # centred left of the Events log
        self.x0 = x0
        Entity(parent=self.root, model="quad", color=color.rgba(0.05, 0.06, 0.09, 0.92), origin=(-0.5, 0),
               position=(x0 - 0.02, y + 0.005), scale=(BAR_W + 0.04, 0.11), z=0.2)
        self.buttons: dict[str, Any] = {}
        # words, not arrows: Ursina's text reads "<" as the start of a colour tag
        row = [("Start", lambda: screen.go(0)), ("Back", screen.back), ("Play", screen.toggle_play),
               ("Next", screen.step_on), ("End", lambda: screen.go(screen.review.track.last))]
        for i, (text, action) in enumerate(row):
            b = Button(parent=self.root, text=text, scale=(0.09, 0.04), text_size=0.75,
                       position=(x0 + 0.045 + i * 0.1, y + 0.027),
                       color=color.rgb(0.2, 0.45, 0.3) if text == "Play" else color.rgb(0.25, 0.3, 0.38),
                       name=f"review-{text}")
            b.on_click = action
            self.buttons[text] = b
        self.where = Text(parent=self.root, text="", origin=(-0.5, 0), position=(x0 + 0.52, y + 0.027), scale=0.8,
                          color=color.rgb(1, 0.95, 0.6), name="review-where")
        self.track = Entity(parent=self.root, model="quad", color=color.rgb(0.3, 0.32, 0.38), origin=(-0.5, 0),
                            position=(x0, y - 0.022), scale=(BAR_W, 0.018), collider="box", name="review-track")
        self.track.on_click = self._jump
        self.fill = Entity(parent=self.root, model="quad", color=color.rgb(0.95, 0.78, 0.25), origin=(-0.5, 0),
                           position=(x0, y - 0.022), scale=(0.001, 0.018), z=-0.01)
        self.ticks = Entity(parent=self.root)

    def fraction(self) -> float:
        c = self.screen.review
        return c.step / max(1, c.track.last)

    def _jump(self) -> None:
        """A click on the track: to the action under the pointer."""
        from ursina import mouse

        c = self.screen.review
        x = mouse.point[0] if mouse.point is not None else 0.5  # the quad's own units: 0 at its left, 1 at its right
        self.screen.playing = False
        self.screen.go(round(max(0.0, min(1.0, float(x))) * c.track.last))

    def refresh(self) -> None:
        from ursina import Entity, color, destroy

        c = self.screen.review
        last = c.track.last
        self.fill.scale_x = max(0.001, BAR_W * self.fraction())
        self.buttons["Play"].text = "Pause" if self.screen.playing else "Play"
        self.where.text = f"Action {c.step} of {last}" if c.step else f"The set-up (0 of {last})"
        destroy(self.ticks)
        self.ticks = Entity(parent=self.root)
        starts = c.track.turn_starts()
        if len(starts) <= 60:  # a tick at each turn's start (too many would be a grey smear)
            for s in starts[1:]:
                Entity(parent=self.ticks, model="quad", color=color.rgb(0.55, 0.58, 0.66), origin=(0, 0),
                       position=(self.x0 + BAR_W * s / max(1, last), self.track.y), scale=(0.002, 0.018), z=-0.02)

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)


__all__ = ["ReviewBar", "ReviewScreen"]
