"""The editor window's questions, over the dimmed table: the unsaved-changes
question (before leaving or starting a new battlefield) and the name a level
is saved under (Save as). While one is open it takes every click and key."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

NAME_CHARS = 40
"""The longest level name typed (chosen: it stays one line in the title)."""


def ask(question: str, answers: Sequence[tuple[str, Callable[[], None]]], name: str = "editor-prompt") -> Any:
    """A question with a button per answer (the first is the default, in green);
    returns its root entity (destroy it to close)."""
    from ursina import Button, Entity, Text, camera, color

    root = Entity(parent=camera.ui, name=name, z=-2)
    Entity(parent=root, model="quad", color=color.rgba(0, 0, 0, 0.55), scale=(4, 2), z=0.2,
           collider="box")  # the table and the panels take no click while it is open
    Entity(parent=root, model="quad", color=color.rgb(0.1, 0.11, 0.14), scale=(0.9, 0.22), z=0.1)
    Text(parent=root, text=question, origin=(0, 0), position=(0, 0.05), scale=1.1, color=color.rgb(1, 0.95, 0.7),
         name="prompt-question")
    n = len(answers)
    for i, (text, action) in enumerate(answers):
        b = Button(parent=root, text=text, scale=(0.27, 0.055), position=((i - (n - 1) / 2) * 0.29, -0.04),
                   color=color.rgb(0.2, 0.5, 0.32) if i == 0 else color.rgb(0.26, 0.28, 0.34), text_size=0.8,
                   name=f"prompt-{text.split()[0].lower()}")
        b.on_click = action
    return root


def ask_name(title: str, default: str, on_name: Callable[[str], None], on_cancel: Callable[[], None]) -> Any:
    """A text field for a name, prefilled with ``default`` and selected, so
    typing replaces it; Enter or Save gives it to ``on_name``, Cancel (or
    Escape, the window's) closes it. Returns its root entity."""
    from ursina import Button, Entity, InputField, Text, camera, color

    root = Entity(parent=camera.ui, name="name-prompt", z=-2)
    Entity(parent=root, model="quad", color=color.rgba(0, 0, 0, 0.55), scale=(4, 2), z=0.2, collider="box")
    Entity(parent=root, model="quad", color=color.rgb(0.12, 0.13, 0.17), scale=(0.86, 0.25), z=0.1)
    Text(parent=root, text=title, origin=(0, 0), position=(0, 0.085), scale=1.1, color=color.white, name="name-title")
    field = InputField(parent=root, default_value=default, scale=(0.8, 0.05), position=(0, 0.02),
                       character_limit=NAME_CHARS, color=color.rgb(0.2, 0.22, 0.28), name="level-name")
    field.text_field.scale *= 0.8
    field.text_field.x = -0.38
    field.submit_on = ["enter"]
    field.on_submit = lambda: on_name(field.text)
    field.active = True
    field.text_field.select_all()
    root.field = field
    ok = Button(parent=root, text="Save", scale=(0.16, 0.045), position=(-0.09, -0.06), color=color.rgb(0.2, 0.45, 0.3),
                text_size=0.8, name="name-save")
    ok.on_click = lambda: on_name(field.text)
    cancel = Button(parent=root, text="Cancel", scale=(0.16, 0.045), position=(0.09, -0.06),
                    color=color.rgb(0.3, 0.3, 0.36), text_size=0.8, name="name-cancel")
    cancel.on_click = on_cancel
    Text(parent=root, text="Saved in your own folder; Enter saves, Escape cancels", origin=(0, 0), position=(0, -0.105),
         scale=0.7, color=color.light_gray)
    return root


__all__ = ["NAME_CHARS", "ask", "ask_name"]
