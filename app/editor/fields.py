"""Reading what a designer types into the editor's number fields.

A field is text until Enter; this turns it into a number or a sentence
saying what was wrong, so a typo never reaches the document (nor raises in
the window). Which edit a number makes is the session's business
(:meth:`app.editor.session.EditorSession.type_field`).
"""

from __future__ import annotations

import math

LABELS = {
    "x": "x (cm)", "y": "y (cm)", "z": "z (cm)", "rotation": "rotation (degrees)", "width": "width (cm)",
    "depth": "depth (cm)", "height": "height (cm)", "radius": "radius (cm)", "scale": "scale (factor)",
    "medals": "medals", "objective": "objective (medals)",
}
"""What each field holds, as the sentences name it."""
POSITIVE = frozenset({"width", "depth", "height", "radius", "scale", "medals", "objective"})
"""Fields whose number must be above zero: a box has no negative width."""
WHOLE = frozenset({"medals", "objective"})
"""Fields that count things (Toy Battle medals)."""
ROUND = 6
"""Decimal places kept: typed centimetres, not float noise."""


def parse_field(name: str, text: str) -> float | int:
    """The number typed into field ``name``; a ValueError with a sentence when
    it is not one the field can hold. A decimal comma is read as a point
    ("12,5" is 12.5) and a trailing unit is allowed ("12 cm", "30°")."""
    label = LABELS.get(name, name)
    raw = text.strip().lower().replace(",", ".")
    for unit in ("cm", "°", "deg", "x"):
        if raw.endswith(unit) and len(raw) > len(unit):
            raw = raw[: -len(unit)].strip()
            break
    if not raw:
        raise ValueError(f"Type a number for the {label}.")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"'{text.strip()}' is not a number; type the {label} as digits, e.g. 12.5.") from None
    if not math.isfinite(value):
        raise ValueError(f"The {label} must be a finite number.")
    if name in WHOLE:
        if value != int(value):
            raise ValueError(f"The {label} is a whole number, not {text.strip()}.")
        value = int(value)
    if name in POSITIVE and value <= 0:
        raise ValueError(f"The {label} must be more than 0.")
    if name == "z" and value < 0:
        raise ValueError("The z (cm) is the height of the piece's bottom; it cannot be below the table (0).")
    return value if isinstance(value, int) else round(value, ROUND)
