"""The Toy Battle terrain tools' clicks: add bases and H.Q.s, cycle a base's
special effect, connect two nodes by a path, click a region's bases."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.selection import SPECIAL_CYCLE, Selection

if TYPE_CHECKING:
    from app.editor.session import EditorSession

def click_terrain(session: EditorSession, x: float, y: float) -> None:
    d = session.data
    hit = session.pick(x, y)
    sx, sy = bt.snap(x, session.grid), bt.snap(y, session.grid)
    if session.tool == "select":
        session.selection = hit
        return
    if hit is not None and hit.kind != "node":
        hit = None  # the other tools act on bases and H.Q.s
    if session.tool == "base":
        edit, nid = tt.add_base(d, (sx, sy))
        session.apply(edit)
        session.selection = Selection("node", nid)
    elif session.tool in ("hq-blue", "hq-red"):
        edit, nid = tt.add_hq(d, session.tool.split("-")[1], (sx, sy))
        session.apply(edit)
        session.selection = Selection("node", nid)
    elif session.tool == "special" and hit is not None:
        node = d["bases"].get(hit.key) or d["hq_nodes"][hit.key]
        cur = node.get("special")
        nxt = SPECIAL_CYCLE[(SPECIAL_CYCLE.index(cur) + 1) % len(SPECIAL_CYCLE)] if cur in SPECIAL_CYCLE else None
        session.apply(tt.set_special(d, hit.key, nxt))
        session.selection = hit
    elif session.tool == "connect" and hit is not None:
        session.pending.append(hit.key)
        if len(session.pending) == 2:
            a, b = session.pending
            session.pending = []
            try:
                session.apply(tt.connect(d, a, b) if a != b else tt.disconnect(d, a, b))
            except ValueError:
                session.apply(tt.disconnect(d, a, b))
    elif session.tool == "region" and hit is not None:
        if hit.key in session.pending:
            session.finish_region()
        else:
            session.pending.append(hit.key)


def finish_region(session: EditorSession, medals: int = 1) -> None:
    """Close the region whose bases were clicked (terrain 'region' tool)
    and select it, so its medals can be typed."""
    if session.pending:
        session.apply(tt.add_region(session.data, list(session.pending), medals))
        session.selection = Selection("region", len(session.data["regions"]) - 1)
        session.message = "Region added; type its medals on the right."
    session.pending = []


__all__ = ["click_terrain", "finish_region"]
