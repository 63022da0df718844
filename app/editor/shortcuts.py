"""The editor's keyboard shortcuts, in one table.

The window forwards exactly these keys to the session, the session handles
exactly these (a test checks every one), and the help line at the bottom of
the window is printed from this table, so the three cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shortcut:
    keys: tuple[str, ...]
    """Ursina key names, with "ctrl+" / "shift+" in front when held."""
    label: str
    """How the help line names the keys."""
    does: str
    window_only: bool = False
    """Handled by the window itself (a view setting, not an edit)."""


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(("ctrl+z",), "Ctrl+Z", "undo"),
    Shortcut(("ctrl+y", "ctrl+shift+z"), "Ctrl+Y", "redo"),
    Shortcut(("ctrl+s",), "Ctrl+S", "save"),
    Shortcut(("delete", "backspace"), "Del", "delete"),
    Shortcut(("ctrl+d",), "Ctrl+D", "duplicate"),
    Shortcut(("left arrow", "right arrow", "up arrow", "down arrow"), "arrows", "nudge"),
    Shortcut(("r", "shift+r"), "R/Shift+R", "turn"),
    Shortcut(("page up", "page down"), "PgUp/PgDn", "height"),
    Shortcut(("+", "=", "-"), "+/-", "scale"),
    Shortcut(("g",), "G", "grid snap"),
    Shortcut(("enter",), "Enter", "close outline"),
    Shortcut(("escape",), "Esc", "cancel"),
    Shortcut(("b",), "B", "balance map", window_only=True),
    Shortcut(("h",), "H", "home view", window_only=True),
)
MOUSE_HELP = "click: use the tool  |  drag: move (gizmo arrows: along x / y, ring: turn; corners: reshape)"

SESSION_KEYS: frozenset[str] = frozenset(k for s in SHORTCUTS if not s.window_only for k in s.keys)
WINDOW_KEYS: frozenset[str] = frozenset(k for s in SHORTCUTS if s.window_only for k in s.keys)


def help_lines(terrain: bool = False) -> tuple[str, str, str]:
    """The help lines of the window: the mouse, then every shortcut over two
    lines (the balance map only for battlefields)."""
    shown = [f"{s.label}: {s.does}" for s in SHORTCUTS if not (terrain and s.does == "balance map")]
    half = (len(shown) + 1) // 2
    return MOUSE_HELP, "  |  ".join(shown[:half]), "  |  ".join(shown[half:])


def key_name(key: str, ctrl: bool, shift: bool) -> str:
    """The shortcut name for an Ursina key event and the modifiers held:
    ("z", ctrl) -> "ctrl+z"; shift only counts where a shortcut uses it."""
    base = key.replace("control", "ctrl")
    if base.startswith(("ctrl", "shift")) or base.endswith(" up") and base != "page up" or base.endswith(" hold"):
        return base
    name = base
    if shift and (f"shift+{base}" in SESSION_KEYS or f"ctrl+shift+{base}" in SESSION_KEYS):
        name = f"shift+{name}"
    if ctrl:
        name = f"ctrl+{name}"
    return name
