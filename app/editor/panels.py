"""Panels of the editor window: the selection's typed number fields, the
live problem list (a click on a problem selects its piece) and the
in-window mesh file picker.

They only show the session (``app.editor.session.EditorSession``) and hand
what the designer does back to it: Enter in a field calls ``type_field``,
a click on a file calls ``choose_file``. They are rebuilt from the session,
never the other way round, so a test that drives the session sees what the
window would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.editor.fields import LABELS
from app.editor.session import EditorSession

ROW = 0.03
"""Height of one field row, in Ursina UI units."""
PICKER_ROWS = 14
"""Files listed per page of the picker."""


def fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return "-" if value is None else str(value)


TEXT_KEYS = frozenset({"backspace", "delete", "left arrow", "right arrow", "up arrow", "down arrow", "-", "+", "=",
                       "r", "g", "h", "b"})
"""Keys that are text (or caret moves) in a number field and shortcuts on the table."""


class FieldsPanel:
    """The selection's numbers: an InputField for each typed one (Enter
    applies it), a plain line for the others (id, Level, Object)."""

    def __init__(self, parent: Any, at: tuple[float, float], on_submit: Callable[[str, str], None]) -> None:
        from ursina import Entity

        self.parent = parent
        self.at = at
        self.on_submit = on_submit
        self.root = Entity(parent=parent, name="fields-panel")
        self.inputs: dict[str, Any] = {}
        self.lines: list[str] = []
        self._shown: Any = None

    @property
    def typing(self) -> bool:
        """True while the designer is typing into a field (keys are text then)."""
        return any(f.active for f in self.inputs.values())

    def owns(self, key: str) -> bool:
        """Editing keys go to the field under the mouse (a Backspace meant for
        a number deleted the selected piece when the field had lost focus)."""
        from ursina import mouse

        if key not in TEXT_KEYS:
            return False
        node = mouse.hovered_entity
        while node is not None:
            if any(node is f for f in self.inputs.values()):
                return True
            node = node.parent
        return False

    def show(self, session: EditorSession, force: bool = False) -> None:
        """Rebuild the rows when the selection or its numbers changed (not
        while a field is being typed into, so a refresh never eats a keystroke)."""
        from ursina import Entity, InputField, Text, color, destroy

        fields = session.fields()
        editable = set(session.editable())
        shown = (session.selection, tuple((k, fmt(v)) for k, v in fields.items()))
        if (shown == self._shown and not force) or self.typing:
            return
        self._shown = shown
        destroy(self.root)
        self.root = Entity(parent=self.parent, name="fields-panel")
        self.inputs, self.lines = {}, []
        x, y = self.at
        if not fields:
            Text(parent=self.root, text="nothing selected", position=(x, y), origin=(-0.5, 0.5), scale=0.75)
            self.lines.append("nothing selected")
            return
        for i, (name, value) in enumerate(fields.items()):
            row_y = y - i * ROW
            label = LABELS.get(name, name)
            Text(parent=self.root, text=f"{label}:" if name in editable else f"{label}:  {fmt(value)}",
                 position=(x, row_y), origin=(-0.5, 0.5), scale=0.72,
                 color=color.white if name in editable else color.light_gray)
            self.lines.append(f"{label}: {fmt(value)}")
            if name not in editable:
                continue
            field = InputField(parent=self.root, default_value=fmt(value), scale=(0.16, ROW * 0.85),
                               position=(x + 0.31, row_y - ROW * 0.4), character_limit=12,
                               color=color.rgb(0.16, 0.18, 0.22))
            field.text_field.scale *= 0.62  # the prefab's text is sized for a full-screen form
            field.text_field.y = 0.3
            field.submit_on = ["enter"]
            field.on_submit = lambda n=name, f=field: self.on_submit(n, f.text)
            self.inputs[name] = field


BAR_W, BAR_STEP, BAR_LEFT = 0.09, 0.095, -0.79
"""The top bar's buttons: width, spacing and where the first sits from the window's right (UI units)."""

def bar_x(i: int) -> float:
    """Where the top bar's button ``i`` sits, from the window's right edge."""
    return BAR_LEFT + i * BAR_STEP


PROBLEM_ROWS = 8
"""Problems listed at once (the rest are counted)."""
PROBLEM_WRAP = 44
"""Characters per line of a problem (the panel's width at its text size)."""
PROBLEM_RGB = (1.0, 0.55, 0.45)
CLEAR_RGB = (0.5, 0.9, 0.55)


class ProblemsPanel:
    """The live problem list: each problem a line (wrapped) that selects what
    it is about when clicked (``EditorSession.select_problem``)."""

    def __init__(self, parent: Any, at: tuple[float, float], on_pick: Callable[[int], None]) -> None:
        from ursina import Entity

        self.parent = parent
        self.at = at
        self.on_pick = on_pick
        self.root = Entity(parent=parent, name="problems-panel")
        self.rows: list[Any] = []
        """One button per problem shown (tests click them)."""
        self.text = ""
        """What the panel says, its lines joined (tests read it)."""

    def show(self, session: EditorSession) -> None:
        import textwrap

        from ursina import Button, Entity, Text, color, destroy

        destroy(self.root)
        self.root = Entity(parent=self.parent, name="problems-panel")
        self.rows = []
        problems = [session.say(p) for p in session.problems()]  # pieces by name, as in the status line
        x, y = self.at
        self.text = "none: the level can be saved"
        if not problems:
            Text(parent=self.root, text=self.text, position=(x, y), origin=(-0.5, 0.5), scale=0.72,
                 color=color.rgb(*CLEAR_RGB), name="problems-none")
            return
        line = 0.0215  # one line of the 0.72 text, in UI units
        shown: list[str] = []
        for i, text in enumerate(problems[:PROBLEM_ROWS]):
            wrapped = textwrap.fill(text, PROBLEM_WRAP, initial_indent="- ", subsequent_indent="  ")
            rows = wrapped.count("\n") + 1
            b = Button(parent=self.root, model="quad", color=color.rgba(1, 1, 1, 0.0), highlight_color=color.rgba(1, 1, 1, 0.08),
                       pressed_color=color.rgba(1, 1, 1, 0.14), origin=(-0.5, 0.5), position=(x - 0.005, y, -0.01),
                       scale=(0.4, rows * line + 0.004), name=f"problem-{i}")
            b.on_click = lambda k=i: self.on_pick(k)
            Text(parent=self.root, text=wrapped, position=(x, y), origin=(-0.5, 0.5), scale=0.72, z=-0.02,
                 color=color.rgb(*PROBLEM_RGB), name=f"problem-text-{i}")
            self.rows.append(b)
            shown.append(wrapped)
            y -= rows * line + 0.006
        if len(problems) > PROBLEM_ROWS:
            shown.append(f"... and {len(problems) - PROBLEM_ROWS} more")
            Text(parent=self.root, text=shown[-1], position=(x, y), origin=(-0.5, 0.5),
                 scale=0.72, color=color.rgb(*PROBLEM_RGB), name="problems-more")
        self.text = "\n".join(shown)


class PickerPanel:
    """The mesh tool's file picker: the folder, its sub-folders and mesh files
    as buttons, page buttons and Cancel. Hidden while the session has no picker."""

    def __init__(self, parent: Any, on_choose: Callable[[str], None], on_page: Callable[[int], None],
                 on_cancel: Callable[[], None]) -> None:
        from ursina import Entity

        self.parent = parent
        self.on_choose, self.on_page, self.on_cancel = on_choose, on_page, on_cancel
        self.root = Entity(parent=parent, name="picker-panel")
        self.buttons: dict[str, Any] = {}

    def show(self, session: EditorSession) -> None:
        from ursina import Button, Entity, Text, color, destroy

        destroy(self.root)
        self.root = Entity(parent=self.parent, name="picker-panel")
        self.buttons = {}
        picker = session.picker
        if picker is None:
            return
        Entity(parent=self.root, model="quad", color=color.rgba(0.05, 0.06, 0.08, 0.95), scale=(0.62, 0.66),
               position=(0, 0.0), z=-0.5)
        folder = str(picker.folder)
        Text(
            parent=self.root,
            text="Import a mesh (glTF, OBJ, STL) from\n" + (folder if len(folder) < 60 else "..." + folder[-57:]),
            position=(-0.29, 0.31),
            origin=(-0.5, 0.5),
            scale=0.75,
            z=-0.6,
        )
        entries = picker.visible(PICKER_ROWS)
        for i, entry in enumerate(entries):
            b = Button(
                parent=self.root,
                text=entry.label,
                scale=(0.56, 0.032),
                position=(0, 0.21 - i * 0.036, -0.6),
                color=color.rgb(0.24, 0.27, 0.34) if entry.is_dir else color.rgb(0.20, 0.36, 0.28),
                text_size=0.7,
            )
            b.text_entity.origin = (-0.5, 0)
            b.text_entity.x = -0.47
            b.on_click = lambda n=entry.name: self.on_choose(n)
            self.buttons[entry.label] = b
        if not entries:
            Text(parent=self.root, text="(no folders or mesh files here)", position=(-0.27, 0.2, -0.6), scale=0.75)
        for label_, dx, action in (
            ("previous page", -0.2, lambda: self.on_page(-1)),
            ("next page", 0.0, lambda: self.on_page(1)),
            ("Cancel", 0.2, self.on_cancel),
        ):
            b = Button(
                parent=self.root,
                text=label_,
                scale=(0.17, 0.04),
                position=(dx, -0.29, -0.6),
                color=color.rgb(0.3, 0.3, 0.36),
                text_size=0.75,
            )
            b.on_click = action
            self.buttons[label_] = b
