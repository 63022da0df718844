"""What the mouse is on in the level editor: the scenery piece the mouse's ray
meets first (as seen: a book on a shoebox, not the table behind it), a
token, a hatched zone, a Toy Battle node or region, and the corner handles
that can be dragged now."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

from app.editor.selection import PICK, RAY_STEP_CM, Handle, Selection

if TYPE_CHECKING:
    from app.editor.session import EditorSession


class Shown(NamedTuple):
    """A piece as the window draws it: its footprint and heights (a piece the
    engine refuses is drawn where the document puts it, and picked there too)."""

    id: str
    footprint: Any
    bottom: float
    top: float


def shown_pieces(session: EditorSession) -> list[Shown]:
    """Every piece the window draws, the engine's and the refused ones."""
    view = session.drawable()
    out = [Shown(s.id, s.footprint, s.bottom, s.top) for s in (view.battlefield.solids if view.battlefield else ())]
    out += [Shown(st.id, st.solid.footprint, st.bottom, st.top) for st in view.strays if st.solid is not None]
    return out


def pick_ray(session: EditorSession, origin: tuple[float, float, float], through: tuple[float, float, float]
             ) -> tuple[str, tuple[float, float, float]] | None:
    """The first scenery piece the mouse's ray (engine cm, from ``origin``
    through ``through``) meets, and where: a piece on top of another, or in
    front of it, is picked as seen (picking on the table plane chose by
    the point behind it)."""
    import numpy as np
    import shapely

    pieces = shown_pieces(session)
    if not pieces:
        return None
    o, d = np.asarray(origin, float), np.asarray(through, float) - np.asarray(origin, float)
    if d[2] >= 0:
        return None
    t_table = -o[2] / d[2]
    ts = np.linspace(0.0, t_table, max(64, int(np.linalg.norm(d) * t_table / RAY_STEP_CM)))
    pts = o[None, :] + ts[:, None] * d[None, :]
    best: tuple[int, str] | None = None
    for solid in pieces:
        inside = (pts[:, 2] >= solid.bottom - 0.05) & (pts[:, 2] <= solid.top + 0.05)
        if not inside.any():
            continue
        idx = np.flatnonzero(inside)
        hit = idx[shapely.contains_xy(solid.footprint.buffer(0.05), pts[idx, 0], pts[idx, 1])]
        if hit.size and (best is None or hit[0] < best[0]):
            best = (int(hit[0]), solid.id)
    if best is None:
        return None
    p = pts[best[0]]
    return best[1], (float(p[0]), float(p[1]), float(p[2]))


def pick(session: EditorSession, x: float, y: float, ray: tuple[Any, Any] | None = None) -> Selection | None:
    """What is under (x, y): a token, then the piece the mouse's ``ray``
    meets first (else the highest piece there), then a zone; terrain: the
    nearest node, else a region's medal marker."""
    if session.mode == "terrain":
        best = None
        for group in ("bases", "hq_nodes"):
            for nid, node in session.data.get(group, {}).items():
                if node.get("pos") is None:
                    continue
                d = math.dist(node["pos"], (x, y))
                if d <= 2 * PICK and (best is None or d < best[0]):
                    best = (d, nid)
        if best is not None:
            return Selection("node", best[1])
        for r, region in enumerate(session.data.get("regions", [])):
            if region.get("pos") is not None and math.dist(region["pos"], (x, y)) <= 2 * PICK:
                return Selection("region", r)
        return None
    for t, token in enumerate(session.data.get("tokens", [])):
        if math.dist(token["at"], (x, y)) <= PICK:
            return Selection("token", t)
    if ray is not None:
        seen = session.pick_ray(*ray)
        if seen is not None:
            return Selection("piece", seen[0])
    bf = session.drawable().battlefield
    if bf is not None:
        from shapely.geometry import Point

        hits = [s for s in shown_pieces(session) if s.footprint.buffer(0.3).covers(Point(x, y))]
        if hits:
            return Selection("piece", max(hits, key=lambda s: s.top).id)
        for z, zone in enumerate(bf.zones):
            if zone.polygon.covers(Point(x, y)):
                return Selection("zone", z)
    return None


def handles(session: EditorSession) -> list[tuple[Handle, tuple[float, float]]]:
    """The corners that can be dragged now, with where they are: the play
    zone's with the play-zone tool (and no outline being drawn), the
    selected hatched zone's with the select tool."""
    d = session.data
    if session.mode != "battlefield":
        return []
    if session.tool == "play-zone" and not session.draft:
        return [(Handle(None, k), (p[0], p[1])) for k, p in enumerate(d["play_zone"])]
    sel = session.selection
    if session.tool == "select" and sel is not None and sel.kind == "zone":
        return [(Handle(sel.key, k), (p[0], p[1])) for k, p in enumerate(d["zones"][sel.key]["polygon"])]
    return []


def handle_at(session: EditorSession, x: float, y: float) -> Handle | None:
    near = [(math.dist(at, (x, y)), h) for h, at in session.handles() if math.dist(at, (x, y)) <= PICK]
    return min(near, key=lambda t: t[0])[1] if near else None


__all__ = ["handle_at", "handles", "pick", "pick_ray"]
