"""The placing tools' clicks in the level editor: a piece of scenery, a token
or a hatched zone where the mouse points.

A piece dropped where the mouse's ray meets another piece lands on that
piece's top, at the point the ray meets it (the click's point on the table
plane lies behind a tall piece: a block meant for the top of the standing
cereal box was put there, in the air, and the editor drew an empty table).
If it cannot rest there (a snapped point off a small top) it snaps to the
middle of the top; if it cannot rest anywhere on it, the drop is refused
with the engine's sentence and nothing changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.editor import battlefield_tools as bt
from app.editor.document import Edit
from app.editor.file_picker import FilePicker
from app.editor.selection import Selection
from app.editor.tools import TOOL_HINTS

if TYPE_CHECKING:
    from app.editor.session import EditorSession

PIECE_TOOLS = ("household", "box", "cylinder", "prism")
"""The tools that place a piece of scenery (the mesh tool places after its file is picked)."""


class Refused(ValueError):
    """An edit the editor did not make: it would leave a piece the engine
    cannot place (resting on nothing, say). The sentence says why."""


def landing(session: EditorSession, x: float, y: float, hit: Selection | None,
            ray: tuple[Any, Any] | None) -> tuple[float, float, str | None]:
    """Where a click drops something: the point the mouse's ray meets a
    piece first (and that piece), else the hit piece under (x, y), else the
    table at (x, y)."""
    if ray is not None:
        seen = session.pick_ray(*ray)
        if seen is not None:
            return seen[1][0], seen[1][1], seen[0]
    if hit is not None and hit.kind == "piece":
        return x, y, str(hit.key)
    return x, y, None


def _piece_edit(session: EditorSession, tool: str, at: tuple[float, float, float]) -> tuple[Edit, str]:
    d = session.data
    if tool == "household":
        return bt.add_kit(d, session.kit_kind, at)
    if tool == "box":
        return bt.add_box(d, (10.0, 8.0, 8.0), at)
    if tool == "cylinder":
        return bt.add_cylinder(d, 4.0, 10.0, at)
    return bt.add_prism(d, [(-6, -4), (6, -4), (0, 5)], 7.0, at)


def place_piece(session: EditorSession, tool: str, x: float, y: float, on: str | None) -> str:
    """Add a piece with ``tool`` at (x, y), on the top of ``on`` (None: the
    table); returns its id. Raises :class:`Refused` when it can rest nowhere there."""
    d = session.data
    z = bt.top_of(d, on, session.root) if on else 0.0
    spots = [(bt.snap(x, session.grid), bt.snap(y, session.grid)), (x, y)]
    if on:  # the snapped point may fall off a small top: then its middle
        solid = session.drawable_solid(on)
        if solid is not None:
            middle = solid.footprint.representative_point()
            spots.append((round(middle.x, 3), round(middle.y, 3)))
    refusal: Refused | None = None
    for sx, sy in dict.fromkeys(spots):
        edit, added = _piece_edit(session, tool, (sx, sy, z))
        try:
            session.apply(edit, keep_placed=True)
        except Refused as err:
            refusal = refusal or err
            continue
        return added
    assert refusal is not None
    raise refusal


def place(session: EditorSession, x: float, y: float, hit: Selection | None, ray: tuple[Any, Any] | None) -> None:
    """A click with a placing tool (see the module's docstring)."""
    tool, d = session.tool, session.data
    px, py, on = landing(session, x, y, hit, ray)
    sx, sy = bt.snap(px, session.grid), bt.snap(py, session.grid)
    if tool == "mesh":
        session.import_at = (sx, sy, bt.top_of(d, on, session.root) if on else 0.0)
        session.picker = FilePicker(session.import_folder)
        session.message = TOOL_HINTS["mesh"]
        return
    if tool in PIECE_TOOLS:
        added = place_piece(session, tool, px, py, on)
        session.selection = Selection("piece", added)
        session.tool = "select"  # a second click selects or drags it (it stacked another on top)
        session.message = f"Placed {added}" + (f" on {on}" if on else "") + "; the tool is back to Select."
        return
    edit: Edit
    if tool == "hill":
        edit, pair = bt.add_hill(d, (sx, sy))
        session.apply(edit)
        session.selection = Selection("piece", pair[0])
        session.tool = "select"
        session.message = f"Placed {pair[0]}; the tool is back to Select."
        return
    if tool == "deployment":
        used = {t.get("number") for t in d.get("tokens", []) if t.get("kind") == "deployment"}
        number = next((n for n in (1, 2, 3, 4) if n not in used), 1)
        edit = bt.place_deployment(d, number, (sx, sy))
    elif tool == "crate":
        edit = bt.add_crate(d, (sx, sy), "green" if sy < session.mid_y() else "yellow")
    elif tool == "supplies":
        edit = bt.add_supplies(d, (sx, sy))
    elif tool == "force-field":
        edit = bt.add_force_field_switch(d, (sx, sy))
    elif tool == "threat":
        edit = bt.add_threat(d, (sx, sy))
    elif tool in ("hatched-green", "hatched-yellow"):
        h = 15.0
        square = [(sx - h, sy - h), (sx + h, sy - h), (sx + h, sy + h), (sx - h, sy + h)]
        edit = bt.add_hatched_zone(d, tool.split("-")[1], square)
    else:
        raise ValueError(f"unknown tool {tool!r}")
    session.apply(edit)
    if tool.startswith("hatched"):
        session.selection = Selection("zone", len(d["zones"]) - 1)
    elif tool == "deployment":
        session.selection = Selection("token", next(i for i, t in enumerate(d["tokens"]) if t["at"] == [sx, sy]))
    else:
        session.selection = Selection("token", len(d["tokens"]) - 1)


__all__ = ["PIECE_TOOLS", "Refused", "landing", "place", "place_piece"]
