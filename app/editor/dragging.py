"""The edit one frame of a mouse drag in the level editor makes: a corner
handle follows the mouse; a piece, token, hatched zone, node or region moves
by the mouse's travel since the drag began. A piece dropped with its centre
over another piece stands on its top (stacking); off every piece, on the
table. The session replaces the last frame's edit by each new one, so a drag
is one undo step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.document import Batch, Edit, SetValue
from app.editor.selection import Handle, Selection

if TYPE_CHECKING:
    from app.editor.session import EditorSession


def drag_edit(session: EditorSession, sel: Selection | Handle, start: tuple[float, float], to: tuple[float, float]) -> Edit:
    """The edit that puts the dragged thing where the mouse is now (from the
    document as it was when the drag began)."""
    x0, y0 = start
    x, y = to
    d = session.data
    dx, dy = x - x0, y - y0
    if isinstance(sel, Handle):
        poly = d["play_zone"] if sel.zone is None else d["zones"][sel.zone]["polygon"]
        corners = [(p[0], p[1]) for p in poly]
        corners[sel.corner] = (bt.snap(x, session.grid), bt.snap(y, session.grid))
        edit: Edit = bt.set_play_zone(corners) if sel.zone is None else bt.set_zone_polygon(sel.zone, corners)
    elif sel.kind == "piece":
        at = d["scenery"][bt.piece_index(d, sel.key)]["at"]
        dest = (bt.snap(at[0] + dx, session.grid), bt.snap(at[1] + dy, session.grid))
        lift = bt.set_bottom(d, sel.key, bt.landing_z(d, sel.key, dest, session.root), session.root)
        edit = Batch((bt.move(d, sel.key, dest, None, session.root), lift), f"drag {sel.key}")
    elif sel.kind == "token":
        at = d["tokens"][sel.key]["at"]
        edit = bt.move_token(d, sel.key, (at[0] + dx, at[1] + dy), session.grid)
    elif sel.kind == "zone":
        poly = d["zones"][sel.key]["polygon"]
        ddx, ddy = bt.snap(dx, session.grid), bt.snap(dy, session.grid)
        edit = bt.set_zone_polygon(sel.key, [(px + ddx, py + ddy) for px, py in poly])
    elif sel.kind == "region":
        pos = d["regions"][sel.key]["pos"]
        edit = SetValue(("regions", sel.key, "pos"), [bt.snap(pos[0] + dx, session.grid), bt.snap(pos[1] + dy, session.grid)])
    else:
        node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
        edit = tt.move_node(d, sel.key, (bt.snap(node["pos"][0] + dx, session.grid), bt.snap(node["pos"][1] + dy, session.grid)))
    return edit


__all__ = ["drag_edit"]
