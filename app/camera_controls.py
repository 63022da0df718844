"""The camera controls of a 3D tabletop, as Tabletop Simulator players know them.

- right-drag rotates the view around the table;
- middle-drag, or shift + right-drag, pans;
- the wheel zooms toward the point under the cursor;
- the left button is only for game actions (select, move, aim, press).

:data:`CONTROLS` is the one text of these controls: the README quotes it
and the in-app help (F1) shows it, and a test checks both agree.
"""

from __future__ import annotations

from typing import Any

CONTROLS: tuple[tuple[str, str], ...] = (
    ("Right-drag", "rotate the view around the table"),
    ("Middle-drag or Shift + right-drag", "pan"),
    ("Wheel", "zoom toward the point under the cursor"),
    ("Left click / left-drag", "game actions only: select, move, aim a throw, press a card or button"),
    ("H", "camera back home"),
    ("F1", "help: these controls and the game's rules summary"),
    ("Space", "skip the animation playing now"),
    ("F2", "animation speed: slow, normal, fast, instant"),
    ("Ctrl+Z or U", "undo (never across a roll or a reveal)"),
    ("F", "frame the selected soldier (Little Soldiers)"),
    ("C", "the camera follows the play, or stays put"),
    ("M", "sound on or off"),
    ("E", "fold or open the Events panel"),
    ("Left / Right, Page Up / Down", "in a Review: an action back or on, a turn back or on"),
    ("Tab", "a served table: fold its panel (bottom left) to a tab, or open it again"),
    ("Enter", "a served table: chat (Enter sends the line, Escape closes it)"),
)
"""(input, what it does), in the order the help lists them."""

ZOOM_TOWARD_CURSOR = 0.12
"""Share of the way the pivot moves toward the point under the cursor per wheel
step (chosen: close to the zoom's own 10 % step, so the point stays put on screen)."""


def controls_text() -> str:
    return "\n".join(f"{key}: {what}" for key, what in CONTROLS)


def typing() -> bool:
    """Whether a text field has the keyboard (a save's name, an editor field):
    its keys are text then, not the camera's shortcuts."""
    from ursina import TextField, scene

    return any(isinstance(e, TextField) and e.active for e in scene.entities)


def make_camera(**kwargs: Any) -> Any:
    """The table's camera (an Ursina EditorCamera with the tabletop conventions)."""
    from ursina import EditorCamera, camera, held_keys, mouse

    class TabletopCamera(EditorCamera):  # Ursina ships no types: the base is Any to mypy
        """EditorCamera already rotates on right-drag and pans on middle-drag;
        this adds shift + right-drag panning and zooming toward the cursor."""

        world_position: Any  # Ursina's Vec3 property, declared for mypy (the base is Any)

        def update(self) -> None:
            panning = bool(held_keys["shift"]) and bool(held_keys["right mouse"])
            self.rotate_key = "tabletop-no-rotate" if panning else "right mouse"
            if panning:
                self.pan(mouse.velocity[0], mouse.velocity[1])
            super().update()

        def pan(self, dx: float, dy: float) -> None:
            """Move the pivot across the view by a mouse movement (screen units)."""
            k = -self.target_z * 0.1
            self.position -= camera.right * dx * self.pan_speed[0] * k
            self.position -= camera.up * dy * self.pan_speed[1] * k

        def input(self, key: str) -> None:
            if typing():  # 'f' in a save's name jumped the view, 'P' turned it orthographic
                return
            if key in ("scroll up", "scroll down"):
                over_ui = mouse.hovered_entity is not None and mouse.hovered_entity.has_ancestor(camera.ui)
                if not over_ui and mouse.world_point is not None:
                    self.zoom_toward(mouse.world_point, key == "scroll up")
            super().input(key)

        def zoom_toward(self, point: Any, closer: bool) -> None:
            """Slide the pivot toward (or away from) ``point``, world units."""
            step = ZOOM_TOWARD_CURSOR if closer else -ZOOM_TOWARD_CURSOR / (1 + ZOOM_TOWARD_CURSOR)
            here = self.world_position
            self.world_position = here + (point - here) * step

    return TabletopCamera(**kwargs)


__all__ = ["CONTROLS", "ZOOM_TOWARD_CURSOR", "controls_text", "make_camera", "typing"]
