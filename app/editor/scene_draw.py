"""What the level editor window draws on its table, from the session: the
battlefield whatever the document holds (the engine's pieces, the pieces it
refuses, every piece with a problem marked), the play zone being drawn and
the handles, the selection's gizmo, the balance heat maps; a Toy Battle
terrain flat, as a board seen from above."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from app.editor.battlefield_scene import (
    BLOCKER,
    SELECTED,
    add_battlefield,
    add_heat_map,
    add_segment,
    kit_look,
    piece_colour,
)
from app.editor.picking import shown_pieces
from app.scene_mesh import MeshBuilder
from app.table import label

if TYPE_CHECKING:
    from app.editor.window import EditorWindow

GIZMO_X = (0.92, 0.25, 0.22, 1.0)
GIZMO_Y = (0.30, 0.85, 0.35, 1.0)
GIZMO_RING = (0.30, 0.55, 0.98, 1.0)
HANDLE = (1.0, 0.85, 0.25, 1.0)
DRAFT = (1.0, 0.55, 0.15, 1.0)
TERRAIN_SCALE = 1.2
"""Board percent -> cm on the flat table, so a terrain fills a 120 cm board."""
PIN_CM = 7.0
"""How tall the pin over a piece with a problem stands (chosen: it shows over a lid on the piece)."""


def draw_battlefield(win: EditorWindow, mb: MeshBuilder) -> None:
    """Whatever the document holds, every piece: the pieces the engine
    places as in play (the household kit printed), the ones it refuses
    where the document puts them, and every piece with a problem in red
    with a red pin over it (a click on its line selects it)."""
    s = win.session
    draw_outlines(win, mb)
    view = s.drawable()
    bf = view.battlefield
    if bf is None:
        return
    sel = s.selection
    picked = [sel.key] if sel and sel.kind == "piece" else []
    marked = view.marked()
    add_battlefield(mb, bf, selected=picked, blockers=marked - set(picked), skip_kit=True)
    look = kit_look(bf, picked, marked)  # the household kit as it is printed in play
    if look is not None:
        look.reparentTo(win.labels)
    for stray in view.strays:
        if stray.solid is not None:
            v = stray.solid.mesh.vertices + (0.0, 0.0, stray.lift)
            rgb = SELECTED if stray.id in picked else BLOCKER if stray.problem is not None else piece_colour(stray.index)
            mb.add_triangles(v.tolist(), stray.solid.mesh.faces.tolist(), rgb)
    for piece in shown_pieces(s):
        if piece.id in marked:
            c = piece.footprint.representative_point()
            mb.add_box((c.x, c.y, piece.top + 0.6), (0.6, 0.6, PIN_CM), BLOCKER)  # a pin over the piece
            mb.add_cylinder((c.x, c.y, piece.top + 0.6 + PIN_CM), 1.6, 1.6, (1.0, 0.95, 0.9, 1.0), sides=14)
            mb.add_cylinder((c.x, c.y, piece.top + 2.2 + PIN_CM), 1.6, 0.4, BLOCKER, sides=14)
    if win.overlay and s.battlefield() is not None:
        b = s.balance()
        side = b.sides[0] if win.overlay.startswith("green") else b.sides[1]
        if win.overlay.endswith("sees"):
            from engine.little_soldiers.table.balance import standing_heights

            add_heat_map(mb, b.xs, b.ys, side.see, heights=standing_heights(bf, b.xs, b.ys))
        else:
            import numpy as np

            from engine.little_soldiers.table.balance import MAX_MOVES

            moves = np.where(np.isfinite(side.reach), 1.0 - (side.reach - 1) / MAX_MOVES, 0.0)
            moves[np.isnan(side.reach)] = np.nan
            add_heat_map(mb, b.xs, b.ys, moves)
    if sel is not None and sel.kind == "piece":
        solid = s.drawable_solid(sel.key)
        if solid is not None:
            c = solid.footprint.centroid
            top = next((st.top for st in view.strays if st.id == sel.key), solid.top)
            draw_gizmo(win, mb, (c.x, c.y, top + 0.4), solid.footprint)
    elif sel is not None and sel.kind == "token" and sel.key < len(s.data.get("tokens", [])):
        at = s.data["tokens"][sel.key]["at"]
        mb.add_cylinder((at[0], at[1], 0.0), 2.2, 0.2, SELECTED, sides=24)
    elif sel is not None and sel.kind == "zone" and sel.key < len(bf.zones):
        ring = list(bf.zones[sel.key].polygon.exterior.coords)
        for a, b2 in pairwise(ring):
            add_segment(mb, (a[0], a[1], 0.5), (b2[0], b2[1], 0.5), SELECTED, 0.5)


def draw_outlines(win: EditorWindow, mb: MeshBuilder) -> None:
    """The play zone being drawn (its corners and edges so far) and the
    corner handles that can be dragged now; drawn even while the level
    does not load, so a bad outline can be dragged back."""
    s = win.session
    draft = s.draft
    for a, b in pairwise(draft):
        add_segment(mb, (a[0], a[1], 0.6), (b[0], b[1], 0.6), DRAFT, 0.6)
    for x, y in draft:
        mb.add_box((x, y, 0.0), (1.6, 1.6, 1.2), DRAFT)
    for _, (x, y) in s.handles():
        mb.add_box((x, y, 0.0), (2.0, 2.0, 1.4), HANDLE)


def draw_gizmo(win: EditorWindow, mb: MeshBuilder, at: tuple[float, float, float], footprint: Any) -> None:
    minx, miny, maxx, maxy = footprint.bounds
    reach = max(maxx - minx, maxy - miny) / 2 + 6.0
    x, y, z = at
    add_segment(mb, (x, y, z), (x + reach, y, z), GIZMO_X, 0.6)
    mb.add_box((x + reach + 0.8, y, z - 0.8), (1.8, 1.8, 1.6), GIZMO_X)
    add_segment(mb, (x, y, z), (x, y + reach, z), GIZMO_Y, 0.6)
    mb.add_box((x, y + reach + 0.8, z - 0.8), (1.8, 1.8, 1.6), GIZMO_Y)
    ring = reach * 0.75
    pts = [(x + ring * math.cos(2 * math.pi * k / 48), y + ring * math.sin(2 * math.pi * k / 48), z) for k in range(49)]
    for a, b in pairwise(pts):
        add_segment(mb, a, b, GIZMO_RING, 0.35)
    mb.add_cylinder((x, y, z - 0.2), 1.2, 0.4, (1, 1, 1, 1), sides=16)
    win.gizmo = {"at": (x, y, z), "reach": reach, "ring": ring}


def draw_terrain(win: EditorWindow, mb: MeshBuilder) -> None:
    d = win.session.data
    k = TERRAIN_SCALE
    mb.add_box((win.center[0], win.center[1], 0.0), (100 * k, 100 * k, 0.1), (0.80, 0.76, 0.62, 1.0))
    nodes = {**{n: v for n, v in d.get("hq_nodes", {}).items()}, **d["bases"]}
    for a, b in d["paths"]:
        if a in nodes and b in nodes and nodes[a]["pos"] and nodes[b]["pos"]:
            pa, pb = nodes[a]["pos"], nodes[b]["pos"]
            add_segment(mb, (pa[0] * k, pa[1] * k, 0.4), (pb[0] * k, pb[1] * k, 0.4), (0.45, 0.35, 0.25, 1.0), 0.8)
    blue = set(d["hqs"].get("blue", []))
    red = set(d["hqs"].get("red", []))
    sel = win.session.selection
    for nid, node in nodes.items():
        if not node.get("pos"):
            continue
        x, y = node["pos"][0] * k, node["pos"][1] * k
        rgb = (0.25, 0.45, 0.95, 1.0) if nid in blue else (0.90, 0.25, 0.22, 1.0) if nid in red else (0.95, 0.93, 0.85, 1.0)
        if node.get("special"):
            mb.add_cylinder((x, y, 0.1), 3.4, 0.5, (0.75, 0.45, 0.9, 1.0), sides=24)
        if sel is not None and sel.kind == "node" and sel.key == nid or nid in win.session.pending:
            mb.add_cylinder((x, y, 0.05), 3.9, 0.4, SELECTED, sides=24)
        mb.add_cylinder((x, y, 0.1), 2.6, 1.0, rgb, sides=24)
        label(win.labels, nid, (x, y, 2.0), 2.2, (0.1, 0.1, 0.1, 1), billboard=False).rotation_x = 90
    for r, region in enumerate(d["regions"]):
        if region.get("pos"):
            x, y = region["pos"][0] * k, region["pos"][1] * k
            if sel is not None and sel.kind == "region" and sel.key == r:
                mb.add_cylinder((x, y, 0.05), 3.0, 0.25, SELECTED, sides=5)
            mb.add_cylinder((x, y, 0.1), 2.0, 0.3, (0.95, 0.78, 0.2, 1.0), sides=5)
            label(win.labels, f"{region['medals']}", (x, y, 1.2), 2.0, (0.3, 0.2, 0.0, 1), billboard=False).rotation_x = 90


__all__ = ["draw_battlefield", "draw_gizmo", "draw_outlines", "draw_terrain"]
