"""The level editor's state without a window: the open document, the tool
in hand, the selection, snapping, the live problem list and the balance view.

The editor window (``app.editor.window``) turns mouse and keys into calls
here and draws what this says; the tests make the same calls. Every change
goes through the headless tools (``battlefield_tools``, ``terrain_tools``)
as one undoable edit; a drag is one edit too (each frame replaces the
previous frame's move).
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.document import Batch, Edit, LevelDocument, LevelInvalid, SetValue
from app.editor.fields import LABELS, parse_field
from app.editor.file_picker import FilePicker
from app.editor.shortcuts import SESSION_KEYS
from engine.core.files import DataError, describe, load_json
from engine.geometry.battlefield import REPO_ROOT
from engine.toy_battle.data import SPECIAL_CODES

BATTLEFIELD_TOOLS = (
    "select", "play-zone", "box", "cylinder", "prism", "mesh", "level-1", "level-2", "object",
    "deployment", "crate", "supplies", "force-field", "threat", "hatched-green", "hatched-yellow", "hill",
    "household",
)
TERRAIN_TOOLS = ("select", "base", "hq-blue", "hq-red", "connect", "special", "region")
OBJECT_CYCLE = (None, "teleporter", "radar", "transmogrifier", "marshmallow", "switch")
SPECIAL_CYCLE: tuple[str | None, ...] = (None, *sorted(SPECIAL_CODES))
"""The terrain 'special' tool cycles a base through no effect and every code the engine knows."""
PICK = 2.0
"""cm (terrain: percent of the board): how close a click must be to a token, node or corner handle."""
RAY_STEP_CM = 0.25
"""Step along the mouse ray when picking scenery in 3D (chosen: finer than the thinnest piece)."""
TOOL_HINTS = {
    "play-zone": "Click the play zone's corners; click the first corner again or press Enter to close it. "
                 "Drag a corner to resize.",
    "mesh": "Click where the mesh goes, then pick a glTF, OBJ or STL file.",
    "hatched-green": "Click to add a green hatched zone; select it and drag its corners to reshape it.",
    "hatched-yellow": "Click to add a yellow hatched zone; select it and drag its corners to reshape it.",
    "household": "Pick a household piece in the kit beside the tools, then click the table (or a Level) to place it.",
    "region": "Click the bases of the region, then one of them again to close it; type its medals on the right.",
}
"""The status line when a tool is taken (tools not listed need no hint)."""


@dataclass(frozen=True)
class Selection:
    kind: str  # "piece", "token", "zone", "node", "region"
    key: Any  # piece id, token index, zone index, node id, region index


@dataclass(frozen=True)
class Handle:
    """A corner that can be dragged: of the play zone (``zone`` None) or of a
    hatched zone (its index)."""

    zone: int | None
    corner: int


class EditorSession:
    def __init__(self, doc: LevelDocument, root: Path = REPO_ROOT) -> None:
        self.doc = doc
        self.root = Path(root)
        self.mode = "battlefield" if bt.is_battlefield(doc.data) else "terrain"
        self.tool = "select"
        self.selection: Selection | None = None
        self.step = 1.0 if self.mode == "battlefield" else 0.5
        self.snapping = True
        self.angle_step = 15.0
        self._message = ""
        self._names: dict[str, str] = {}
        """Every scenery id seen in this session by the name the game gives it
        (``piece_name``), deleted pieces too, for the sentences in :attr:`message`."""
        self.pending: list[str] = []  # terrain: nodes clicked for a path or a region
        self.draft: list[tuple[float, float]] = []  # play-zone tool: corners clicked so far
        self.picker: FilePicker | None = None  # mesh tool: the file picker while it is open
        self.kit_kind = "book"  # household tool: the kit piece a click places
        self.import_at: tuple[float, float, float] | None = None
        self.import_folder = Path.cwd()
        self.imported: list[Path] = []  # mesh copies made by imports not yet in a saved level
        self._drag: tuple[Selection | Handle, tuple[float, float], bool] | None = None
        self._cache: dict[str, tuple[str, Any]] = {}

    # ---------------------------------------------------------------- words
    @property
    def message(self) -> str:
        """The status line: one sentence for the designer, pieces named as the
        game names them ("Placed ball 2", "Deleted cover 3 (green book)"),
        not by their ids (the id field and the file keep those)."""
        return self._message

    @message.setter
    def message(self, text: str) -> None:
        self._message = self.say(text)

    def piece_names(self) -> dict[str, str]:
        """id -> name of every piece of the document now and before (so the
        sentence after a delete can still name what went)."""
        bf = self.battlefield()
        if bf is not None:
            from engine.little_soldiers.names import piece_name

            self._names.update({p.id: piece_name(p) for p in bf.scenery})
        return self._names

    def say(self, text: str) -> str:
        """``text`` with every scenery id in it replaced by the piece's name."""
        if not text or self.mode != "battlefield":
            return text
        from engine.little_soldiers.names import namer

        names = self.piece_names()
        return namer((), sorted(names.items()))(text) if names else text

    # ---------------------------------------------------------------- files
    @classmethod
    def open(cls, path: str | Path | None, root: Path = REPO_ROOT) -> EditorSession:
        """Open a battlefield or terrain; a missing file starts a new battlefield
        that will be saved there."""
        # Mesh pieces are found under ``root``; the live checks must look there too.
        battlefield = functools.partial(bt.battlefield_problems, root=Path(root))
        if path is not None and Path(path).exists():
            data = load_json(path, "level")  # a DataError (one sentence) for a file that is not a level
            if not isinstance(data, dict):
                raise DataError(f"{path}: a level file holds a JSON object, not {describe(data)}.")
            if not bt.is_battlefield(data) and "bases" not in data:
                raise DataError(f"{path}: not a level: neither a battlefield (no play_zone) "
                                f"nor a Toy Battle terrain (no bases).")
            validator = battlefield if bt.is_battlefield(data) else tt.terrain_problems
            return cls(LevelDocument(data, validator, path), root)
        name = Path(path).stem if path else "New battlefield"
        return cls(LevelDocument(bt.new_battlefield(name), battlefield, path), root)

    def save(self, path: str | Path | None = None) -> bool:
        """Save (atomic). The status line says "Saved NAME." or, when refused,
        "Not saved: N problems ..." (the problem list shows them)."""
        try:
            target = self.doc.save(path)
        except LevelInvalid as err:
            n = len(err.problems)
            self.message = f"Not saved: {n} problem{'s' if n != 1 else ''} (listed on the right)."
            return False
        except ValueError as err:
            self.message = f"Not saved: {err}"
            return False
        self.message = f"Saved {target.name}."
        self.imported = []  # the saved level now uses them
        return True

    def discard_imports(self) -> None:
        """Remove the mesh copies made by imports when the level that would use
        them was not saved, so a refused save leaves the install tree as it was."""
        for copy in self.imported:
            copy.unlink(missing_ok=True)
        self.imported = []

    @property
    def grid(self) -> float | None:
        """The snapping step in use: ``step`` cm, or None while snapping is off (G)."""
        return self.step if self.snapping else None

    def set_tool(self, tool: str) -> None:
        """Take a tool; drawings and picks in progress are dropped."""
        tools = BATTLEFIELD_TOOLS if self.mode == "battlefield" else TERRAIN_TOOLS
        if tool not in tools:
            raise ValueError(f"unknown tool {tool!r}")
        self.tool = tool
        self.pending, self.draft, self.picker = [], [], None
        self.message = TOOL_HINTS.get(tool, "")

    @property
    def data(self) -> dict[str, Any]:
        return self.doc.data

    def _key(self) -> str:
        return json.dumps(self.doc.data, sort_keys=True)

    def _cached(self, name: str, make: Any) -> Any:
        key = self._key()
        hit = self._cache.get(name)
        if hit is None or hit[0] != key:
            hit = (key, make())
            self._cache[name] = hit
        return hit[1]

    def problems(self) -> list[str]:
        """The live list: the engine's answer for the document as it is now."""
        return self._cached("problems", self.doc.problems)

    def battlefield(self):
        """The engine's model of the document, or None while it does not load."""
        from engine.geometry.battlefield import Battlefield, BattlefieldError

        def make():
            try:
                return Battlefield.from_dict(self.doc.data, root=self.root)
            except BattlefieldError:
                return None

        return self._cached("battlefield", make) if self.mode == "battlefield" else None

    def balance(self, cell: float = 4.0):
        """The balance heat maps (None while the battlefield does not load)."""
        from engine.little_soldiers.table.balance import balance

        def make():
            bf = self.battlefield()
            return None if bf is None else balance(bf, cell)

        return self._cached(f"balance-{cell}", make)

    # ---------------------------------------------------------------- edits
    def apply(self, edit: Edit) -> None:
        self.piece_names()  # remembered before the edit: a deleted piece is named after it went
        self.doc.apply(edit)
        self.message = ""

    def undo(self) -> None:
        """One step back, and on past any step the editor cannot show (a piece
        left resting on nothing drew an empty table and picked nothing)."""
        if self.doc.undo():
            while not self._showable() and self.doc.undo():
                pass
            self.message = "Undone."  # the last edit's line ("Placed box-1 ...") stayed, as if it still held
        else:
            self.message = "Nothing to undo."
        self._forget_missing()

    def redo(self) -> None:
        if self.doc.redo():
            while not self._showable() and self.doc.redo():
                pass
            self.message = "Redone."
        else:
            self.message = "Nothing to redo."
        self._forget_missing()

    def _showable(self) -> bool:
        return self.mode != "battlefield" or self.battlefield() is not None

    def _forget_missing(self) -> None:
        sel = self.selection
        if sel is None:
            return
        count = {"token": "tokens", "zone": "zones", "region": "regions"}
        if sel.kind == "piece" and not any(p["id"] == sel.key for p in self.data.get("scenery", [])):
            self.selection = None
        elif sel.kind in count and sel.key >= len(self.data.get(count[sel.kind], [])):
            self.selection = None
        elif sel.kind == "node" and sel.key not in self.data.get("bases", {}) and sel.key not in self.data.get("hq_nodes", {}):
            self.selection = None

    # ------------------------------------------------------------ picking
    def pick_ray(self, origin: tuple[float, float, float], through: tuple[float, float, float]
                 ) -> tuple[str, tuple[float, float, float]] | None:
        """The first scenery piece the mouse's ray (engine cm, from ``origin``
        through ``through``) meets, and where: a piece on top of another, or in
        front of it, is picked as seen (picking on the table plane chose by
        the point behind it)."""
        import numpy as np
        import shapely

        bf = self.battlefield()
        if bf is None or not bf.solids:
            return None
        o, d = np.asarray(origin, float), np.asarray(through, float) - np.asarray(origin, float)
        if d[2] >= 0:
            return None
        t_table = -o[2] / d[2]
        ts = np.linspace(0.0, t_table, max(64, int(np.linalg.norm(d) * t_table / RAY_STEP_CM)))
        pts = o[None, :] + ts[:, None] * d[None, :]
        best: tuple[int, str] | None = None
        for solid in bf.solids:
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

    def pick(self, x: float, y: float, ray: tuple[Any, Any] | None = None) -> Selection | None:
        """What is under (x, y): a token, then the piece the mouse's ``ray``
        meets first (else the highest piece there), then a zone; terrain: the
        nearest node, else a region's medal marker."""
        if self.mode == "terrain":
            best = None
            for group in ("bases", "hq_nodes"):
                for nid, node in self.data.get(group, {}).items():
                    if node.get("pos") is None:
                        continue
                    d = math.dist(node["pos"], (x, y))
                    if d <= 2 * PICK and (best is None or d < best[0]):
                        best = (d, nid)
            if best is not None:
                return Selection("node", best[1])
            for r, region in enumerate(self.data.get("regions", [])):
                if region.get("pos") is not None and math.dist(region["pos"], (x, y)) <= 2 * PICK:
                    return Selection("region", r)
            return None
        for t, token in enumerate(self.data.get("tokens", [])):
            if math.dist(token["at"], (x, y)) <= PICK:
                return Selection("token", t)
        bf = self.battlefield()
        if bf is not None and ray is not None:
            seen = self.pick_ray(*ray)
            if seen is not None:
                return Selection("piece", seen[0])
        if bf is not None:
            from shapely.geometry import Point

            hits = [s for s in bf.solids if s.footprint.buffer(0.3).covers(Point(x, y))]
            if hits:
                return Selection("piece", max(hits, key=lambda s: s.top).id)
            for z, zone in enumerate(bf.zones):
                if zone.polygon.covers(Point(x, y)):
                    return Selection("zone", z)
        return None

    def handles(self) -> list[tuple[Handle, tuple[float, float]]]:
        """The corners that can be dragged now, with where they are: the play
        zone's with the play-zone tool (and no outline being drawn), the
        selected hatched zone's with the select tool."""
        d = self.data
        if self.mode != "battlefield":
            return []
        if self.tool == "play-zone" and not self.draft:
            return [(Handle(None, k), (p[0], p[1])) for k, p in enumerate(d["play_zone"])]
        sel = self.selection
        if self.tool == "select" and sel is not None and sel.kind == "zone":
            return [(Handle(sel.key, k), (p[0], p[1])) for k, p in enumerate(d["zones"][sel.key]["polygon"])]
        return []

    def handle_at(self, x: float, y: float) -> Handle | None:
        near = [(math.dist(at, (x, y)), h) for h, at in self.handles() if math.dist(at, (x, y)) <= PICK]
        return min(near, key=lambda t: t[0])[1] if near else None

    # ------------------------------------------------------------ the mouse
    def click(self, x: float, y: float, ray: tuple[Any, Any] | None = None) -> None:
        """A left click on the table at (x, y) cm (terrain: board percent);
        ``ray`` (origin, through), when the window gives it, picks in 3D."""
        if self.mode == "terrain":
            self._click_terrain(x, y)
            return
        hit = self.pick(x, y, ray)
        tool, d = self.tool, self.data
        sx, sy = bt.snap(x, self.grid), bt.snap(y, self.grid)
        if tool == "select":
            self.selection = hit
            return
        if tool == "play-zone":
            self._draft_corner(sx, sy)
            return
        if tool in ("level-1", "level-2", "object"):
            if hit is None or hit.kind != "piece":
                self.message = "Click a piece of scenery to tag it."
                return
            piece = d["scenery"][bt.piece_index(d, hit.key)]
            if tool == "object":
                nxt = OBJECT_CYCLE[(OBJECT_CYCLE.index(piece.get("object")) + 1) % len(OBJECT_CYCLE)]
                self.apply(bt.set_object(d, hit.key, nxt))
            else:
                level = int(tool[-1])
                self.apply(bt.set_level(d, hit.key, None if piece.get("level") == level else level))
            self.selection = hit
            return
        added: str | None = None
        stack_on = hit.key if hit is not None and hit.kind == "piece" else None
        z = bt.top_of(d, stack_on, self.root) if stack_on else 0.0
        if tool == "mesh":
            self.import_at = (sx, sy, z)
            self.picker = FilePicker(self.import_folder)
            self.message = TOOL_HINTS["mesh"]
            return
        if tool == "household":
            edit, added = bt.add_kit(d, self.kit_kind, (sx, sy, z))
        elif tool == "box":
            edit, added = bt.add_box(d, (10.0, 8.0, 8.0), (sx, sy, z))
        elif tool == "cylinder":
            edit, added = bt.add_cylinder(d, 4.0, 10.0, (sx, sy, z))
        elif tool == "prism":
            edit, added = bt.add_prism(d, [(-6, -4), (6, -4), (0, 5)], 7.0, (sx, sy, z))
        elif tool == "hill":
            edit, pair = bt.add_hill(d, (sx, sy))
            added = pair[0]
        elif tool == "deployment":
            used = {t.get("number") for t in d.get("tokens", []) if t.get("kind") == "deployment"}
            number = next((n for n in (1, 2, 3, 4) if n not in used), 1)
            edit = bt.place_deployment(d, number, (sx, sy))
        elif tool == "crate":
            edit = bt.add_crate(d, (sx, sy), "green" if sy < self._mid_y() else "yellow")
        elif tool == "supplies":
            edit = bt.add_supplies(d, (sx, sy))
        elif tool == "force-field":
            edit = bt.add_force_field_switch(d, (sx, sy))
        elif tool == "threat":
            n = sum(1 for t in d.get("tokens", []) if t.get("kind") == "threat") + 1
            edit = bt.add_threat(d, (sx, sy), f"threat-{n}")
        elif tool in ("hatched-green", "hatched-yellow"):
            h = 15.0
            square = [(sx - h, sy - h), (sx + h, sy - h), (sx + h, sy + h), (sx - h, sy + h)]
            edit = bt.add_hatched_zone(d, tool.split("-")[1], square)
        else:
            raise ValueError(f"unknown tool {tool!r}")
        self.apply(edit)
        if added:
            self.selection = Selection("piece", added)
            self.tool = "select"  # a second click selects or drags it (it stacked another on top)
            self.message = f"Placed {added}; the tool is back to Select."
        elif tool.startswith("hatched"):
            self.selection = Selection("zone", len(d["zones"]) - 1)
        elif tool == "deployment":
            self.selection = Selection("token", next(i for i, t in enumerate(d["tokens"]) if t["at"] == [sx, sy]))
        else:
            self.selection = Selection("token", len(d["tokens"]) - 1)

    def _mid_y(self) -> float:
        ys = [p[1] for p in self.data["play_zone"]]
        return (min(ys) + max(ys)) / 2

    # ------------------------------------------------------- the play zone
    def _draft_corner(self, x: float, y: float) -> None:
        """Play-zone tool: add a corner, or close the outline when the first
        corner is clicked again."""
        if len(self.draft) >= 3 and math.dist(self.draft[0], (x, y)) <= PICK:
            self.close_draft()
            return
        if self.draft and math.dist(self.draft[-1], (x, y)) < 1e-9:
            return  # a double click adds one corner
        self.draft.append((x, y))
        n = len(self.draft)
        self.message = f"Corner {n} at ({x:g}, {y:g}); " + (
            "click the first corner or press Enter to close." if n >= 3 else "click the next corner."
        )

    def close_draft(self) -> bool:
        """Make the drawn outline the play zone (one undoable edit)."""
        if len(self.draft) < 3:
            self.message = "A play zone needs at least 3 corners."
            return False
        self.apply(bt.set_play_zone(self.draft))
        self.message = f"Play zone drawn with {len(self.draft)} corners."
        self.draft = []
        return True

    # ------------------------------------------------------------ importing
    def choose_file(self, name: str) -> bool:
        """Click an entry of the open file picker: go into a folder, or import
        the picked mesh where the mesh tool was clicked. True once imported."""
        if self.picker is None:
            return False
        try:
            path = self.picker.choose(name)
        except ValueError as err:
            self.message = str(err)
            return False
        if path is None:
            return False
        self.import_folder = self.picker.folder
        self.picker = None
        return self.import_mesh(path, self.import_at)

    def import_mesh(self, path: str | Path, at: tuple[float, float, float] | None = None) -> bool:
        """Add a glTF/OBJ/STL file as scenery (copied upright into ``meshes/scenery``);
        ``at`` defaults to the middle of the play zone. A file trimesh cannot
        read leaves the level as it was and says why."""
        if self.mode != "battlefield":
            self.message = "Not imported: meshes are scenery, and this level is a Toy Battle terrain."
            return False
        if at is None:
            xs = [p[0] for p in self.data["play_zone"]]
            at = ((min(xs) + max(xs)) / 2, self._mid_y(), 0.0)
        folder = Path(self.root) / bt.MESH_DIR
        before = set(folder.glob("*")) if folder.is_dir() else set()
        try:
            edit, pid = bt.import_mesh(self.data, path, at, root=self.root)
        except (ValueError, OSError) as err:
            self.message = f"Not imported: {err}"
            return False
        self.imported += [p for p in folder.glob("*") if p not in before]
        self.apply(edit)
        self.selection = Selection("piece", pid)
        self.message = f"Imported {Path(path).name} as '{pid}'; type its height or scale on the right."
        return True

    # ------------------------------------------------------------ dragging
    def begin_drag(self, x: float, y: float, ray: tuple[Any, Any] | None = None) -> bool:
        """Start dragging a corner handle, or what is under (x, y) (select
        tool), the piece the mouse's ``ray`` meets first when given (without
        it a book on a shoebox was picked by the table point behind: the
        hatched zone there); True if something is."""
        handle = self.handle_at(x, y)
        if handle is not None:
            self._drag = (handle, (x, y), False)
            return True
        if self.tool != "select":
            return False
        hit = self.pick(x, y, ray)
        if hit is None:
            return False
        self.selection = hit
        self._drag = (hit, (x, y), False)
        return True

    def drag(self, x: float, y: float) -> None:
        """Move the dragged thing so it follows the mouse; the whole drag undoes
        as one step. A piece dropped with its centre over another piece
        stands on its top (stacking); off every piece, on the table."""
        if self._drag is None:
            return
        sel, (x0, y0), applied = self._drag
        if applied:
            self.doc.undo()
        d = self.data
        dx, dy = x - x0, y - y0
        if isinstance(sel, Handle):
            poly = d["play_zone"] if sel.zone is None else d["zones"][sel.zone]["polygon"]
            corners = [(p[0], p[1]) for p in poly]
            corners[sel.corner] = (bt.snap(x, self.grid), bt.snap(y, self.grid))
            edit: Edit = bt.set_play_zone(corners) if sel.zone is None else bt.set_zone_polygon(sel.zone, corners)
        elif sel.kind == "piece":
            at = d["scenery"][bt.piece_index(d, sel.key)]["at"]
            to = (bt.snap(at[0] + dx, self.grid), bt.snap(at[1] + dy, self.grid))
            lift = bt.set_bottom(d, sel.key, bt.landing_z(d, sel.key, to, self.root), self.root)
            edit = Batch((bt.move(d, sel.key, to, None, self.root), lift), f"drag {sel.key}")
        elif sel.kind == "token":
            at = d["tokens"][sel.key]["at"]
            edit = bt.move_token(d, sel.key, (at[0] + dx, at[1] + dy), self.grid)
        elif sel.kind == "zone":
            poly = d["zones"][sel.key]["polygon"]
            ddx, ddy = bt.snap(dx, self.grid), bt.snap(dy, self.grid)
            edit = bt.set_zone_polygon(sel.key, [(px + ddx, py + ddy) for px, py in poly])
        elif sel.kind == "region":
            pos = d["regions"][sel.key]["pos"]
            edit = SetValue(("regions", sel.key, "pos"), [bt.snap(pos[0] + dx, self.grid), bt.snap(pos[1] + dy, self.grid)])
        else:
            node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
            edit = tt.move_node(d, sel.key, (bt.snap(node["pos"][0] + dx, self.grid), bt.snap(node["pos"][1] + dy, self.grid)))
        self.doc.apply(edit)
        self.message = ""
        self._drag = (sel, (x0, y0), True)

    def end_drag(self) -> None:
        self._drag = None

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    # ------------------------------------------------------------ the keys
    def key(self, name: str) -> bool:
        """A keyboard shortcut (``app.editor.shortcuts``); True when it is one
        the session handles. Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves, G
        turns grid snapping on and off, Enter closes a drawn outline (or a
        region), Escape drops it; with a selection: Delete, Ctrl+D
        duplicates, R / Shift+R turn by the angle step, Page Up / Page Down
        change the height by 1 cm, + / - scale by 10 %, arrows nudge by the
        snap step."""
        if name not in SESSION_KEYS:
            return False
        if name == "ctrl+z":
            self.undo()
        elif name in ("ctrl+y", "ctrl+shift+z"):
            self.redo()
        elif name == "ctrl+s":
            self.save()
        elif name == "g":
            self.snapping = not self.snapping
            self.message = f"Grid snap {self.step:g} {'cm' if self.mode == 'battlefield' else '%'}: " + (
                "on." if self.snapping else "off."
            )
        elif name == "enter":
            if self.draft:
                self.close_draft()
            elif self.tool == "region" and self.pending:
                self.finish_region()
        elif name == "escape":
            self.draft, self.pending, self.picker = [], [], None
            self.message = ""
        elif self.selection is not None:
            try:
                self._selection_key(name)
            except ValueError as err:
                self.message = str(err)
        return True

    def _selection_key(self, name: str) -> None:
        sel = self.selection
        assert sel is not None
        d = self.data
        if name in ("delete", "backspace"):
            if sel.kind == "piece":
                riders = bt.resting_on(d, sel.key, self.root)
                self.apply(bt.delete_piece(d, sel.key, self.root))
                # the pieces on it go too: say so (a domino on a book vanished without a word)
                self.message = (
                    f"Deleted {sel.key}"
                    + (f" and {', '.join(riders)} resting on it" if riders else "")
                    + " (Ctrl+Z brings "
                    + ("them" if riders else "it")
                    + " back)."
                )
            elif sel.kind == "token":
                self.apply(bt.delete_token(sel.key))
            elif sel.kind == "zone":
                self.apply(bt.delete_zone(sel.key))
            elif sel.kind == "region":
                self.apply(tt.remove_region(sel.key))
            else:
                self.apply(tt.remove_node(d, sel.key))
            self.selection = None
            return
        nudge = {"left arrow": (-1, 0), "right arrow": (1, 0), "up arrow": (0, 1), "down arrow": (0, -1)}
        if name in nudge and sel.kind in ("piece", "token"):
            at = d["scenery"][bt.piece_index(d, sel.key)]["at"] if sel.kind == "piece" else d["tokens"][sel.key]["at"]
            to = (at[0] + nudge[name][0] * self.step, at[1] + nudge[name][1] * self.step)
            self.apply(
                bt.move(d, sel.key, to, self.grid, self.root) if sel.kind == "piece" else bt.move_token(d, sel.key, to, self.grid)
            )
            return
        if sel.kind != "piece":
            return
        piece = d["scenery"][bt.piece_index(d, sel.key)]
        if name == "ctrl+d":
            edit, pid = bt.duplicate(d, sel.key)
            self.apply(edit)
            self.selection = Selection("piece", pid)
        elif name in ("r", "shift+r"):
            turn = self.angle_step if name == "r" else -self.angle_step
            self.apply(bt.rotate(d, sel.key, float(piece.get("rotation", 0.0)) + turn, self.angle_step, self.root))
        elif name in ("page up", "page down"):
            h = bt.top_of(d, sel.key, self.root) - float(piece["at"][2])
            self.apply(bt.set_height(d, sel.key, max(0.5, h + (1 if name == "page up" else -1)), self.root))
        elif name in ("+", "="):
            self.apply(bt.scale(d, sel.key, 1.1, self.root))
        elif name == "-":
            self.apply(bt.scale(d, sel.key, 1 / 1.1, self.root))

    # ------------------------------------------------------ numeric fields
    def fields(self) -> dict[str, float | str | None]:
        """The selection's numbers, as the panel shows them (terrains: the
        objective first, always)."""
        sel = self.selection
        d = self.data
        out: dict[str, float | str | None] = {"objective": d.get("objective")} if self.mode == "terrain" else {}
        if sel is None:
            return out
        if sel.kind == "token":
            t = d["tokens"][sel.key]
            return {
                "kind": t["kind"],
                "x": t["at"][0],
                "y": t["at"][1],
                **{k: v for k, v in t.items() if k not in ("kind", "at")},
            }
        if sel.kind == "zone":
            z = d["zones"][sel.key]
            return {"kind": z["kind"], "side": z.get("side"), "corners": len(z["polygon"])}
        if sel.kind == "node":
            node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
            return {**out, "id": sel.key, "x": node["pos"][0], "y": node["pos"][1], "special": node.get("special")}
        if sel.kind == "region":
            region = d["regions"][sel.key]
            return {**out, "region": sel.key + 1, "bases": " ".join(region["bases"]), "medals": region["medals"]}
        p = d["scenery"][bt.piece_index(d, sel.key)]
        out = {"id": p["id"], "x": p["at"][0], "y": p["at"][1], "z": p["at"][2], "rotation": p.get("rotation", 0.0)}
        shape = p["shape"]
        if "size" in shape:  # a household kit piece
            out.update(kind=shape["kind"], width=shape["size"][0], depth=shape["size"][1])
        elif "box" in shape:
            out.update(width=shape["box"][0], depth=shape["box"][1])
        elif "cylinder" in shape:
            out.update(radius=shape["cylinder"][0])
        try:
            out["height"] = round(bt.top_of(d, p["id"], self.root) - p["at"][2], 4)
        except (ValueError, KeyError):
            pass
        out["scale"] = float(shape.get("scale", 1.0)) if "mesh" in shape else 1.0
        out.update(level=p.get("level"), object=p.get("object"))
        return out

    def editable(self) -> tuple[str, ...]:
        """The fields of :meth:`fields` that can be typed into now."""
        typed = ("objective", "x", "y", "z", "rotation", "width", "depth", "radius", "height", "scale", "medals")
        sel = self.selection
        names = [k for k in self.fields() if k in typed]
        if sel is not None and sel.kind == "token":
            names = [k for k in names if k in ("x", "y")]
        return tuple(names)

    def type_field(self, name: str, text: str) -> bool:
        """Enter pressed in a field: read ``text`` and apply it as one
        undoable edit. Bad input changes nothing and leaves a sentence in
        ``message``; True when the edit was made."""
        try:
            value = parse_field(name, text)
            self.set_field(name, value)
        except (ValueError, KeyError) as err:
            self.message = str(err.args[0]) if err.args else str(err)
            return False
        self.message = f"{LABELS.get(name, name).split(' (')[0].capitalize()} set to {value:g}."
        return True

    def set_field(self, name: str, value: float) -> None:
        """Type a number into the panel: x, y, z, rotation, height, width,
        depth, radius, scale of the selected piece (scale: a mesh's scale, a
        primitive's growth factor); x, y of a token or node; a region's
        medals; the terrain's objective."""
        d = self.data
        if name == "objective" and self.mode == "terrain":
            self.apply(tt.set_objective(int(value)))
            return
        sel = self.selection
        if sel is None:
            raise ValueError("Select something first.")
        if sel.kind == "region" and name == "medals":
            self.apply(tt.set_region_medals(sel.key, int(value)))
            return
        value = float(value)
        if sel.kind == "token" and name in ("x", "y"):
            at = list(d["tokens"][sel.key]["at"])
            at["xy".index(name)] = value
            self.apply(bt.move_token(d, sel.key, (at[0], at[1])))
            return
        if sel.kind == "node" and name in ("x", "y"):
            node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
            pos = list(node["pos"])
            pos["xy".index(name)] = value
            self.apply(tt.move_node(d, sel.key, (pos[0], pos[1])))
            return
        if sel.kind != "piece":
            raise ValueError(f"The {name} cannot be typed for this selection.")
        i = bt.piece_index(d, sel.key)
        p = d["scenery"][i]
        if name in ("x", "y"):
            at = [p["at"][0], p["at"][1]]
            at["xy".index(name)] = value
            self.apply(bt.move(d, sel.key, (at[0], at[1]), None, self.root))
        elif name == "z":
            self.apply(bt.set_bottom(d, sel.key, value, self.root))
        elif name == "rotation":
            self.apply(bt.rotate(d, sel.key, value, None, self.root))
        elif name == "height":
            self.apply(bt.set_height(d, sel.key, value, self.root))
        elif name in ("width", "depth"):
            if "box" not in p["shape"] and "size" not in p["shape"]:
                raise ValueError(f"'{sel.key}' is not a box; type its height or scale.")
            w, dep = p["shape"].get("box", p["shape"].get("size"))[:2]
            self.apply(bt.resize_box(d, sel.key, value if name == "width" else w, value if name == "depth" else dep))
        elif name == "radius":
            if "cylinder" not in p["shape"]:
                raise ValueError(f"'{sel.key}' is not a cylinder; type its height or scale.")
            self.apply(SetValue(("scenery", i, "shape", "cylinder", 0), value))
        elif name == "scale":
            now = float(p["shape"].get("scale", 1.0)) if "mesh" in p["shape"] else 1.0
            self.apply(bt.scale(d, sel.key, value / now, self.root))
        else:
            raise ValueError(f"unknown field {name!r}")

    # ------------------------------------------------------------ terrains
    def _click_terrain(self, x: float, y: float) -> None:
        d = self.data
        hit = self.pick(x, y)
        sx, sy = bt.snap(x, self.grid), bt.snap(y, self.grid)
        if self.tool == "select":
            self.selection = hit
            return
        if hit is not None and hit.kind != "node":
            hit = None  # the other tools act on bases and H.Q.s
        if self.tool == "base":
            edit, nid = tt.add_base(d, (sx, sy))
            self.apply(edit)
            self.selection = Selection("node", nid)
        elif self.tool in ("hq-blue", "hq-red"):
            edit, nid = tt.add_hq(d, self.tool.split("-")[1], (sx, sy))
            self.apply(edit)
            self.selection = Selection("node", nid)
        elif self.tool == "special" and hit is not None:
            node = d["bases"].get(hit.key) or d["hq_nodes"][hit.key]
            cur = node.get("special")
            nxt = SPECIAL_CYCLE[(SPECIAL_CYCLE.index(cur) + 1) % len(SPECIAL_CYCLE)] if cur in SPECIAL_CYCLE else None
            self.apply(tt.set_special(d, hit.key, nxt))
            self.selection = hit
        elif self.tool == "connect" and hit is not None:
            self.pending.append(hit.key)
            if len(self.pending) == 2:
                a, b = self.pending
                self.pending = []
                try:
                    self.apply(tt.connect(d, a, b) if a != b else tt.disconnect(d, a, b))
                except ValueError:
                    self.apply(tt.disconnect(d, a, b))
        elif self.tool == "region" and hit is not None:
            if hit.key in self.pending:
                self.finish_region()
            else:
                self.pending.append(hit.key)

    def finish_region(self, medals: int = 1) -> None:
        """Close the region whose bases were clicked (terrain 'region' tool)
        and select it, so its medals can be typed."""
        if self.pending:
            self.apply(tt.add_region(self.data, list(self.pending), medals))
            self.selection = Selection("region", len(self.data["regions"]) - 1)
            self.message = "Region added; type its medals on the right."
        self.pending = []

    def set_objective(self, medals: int) -> None:
        self.apply(tt.set_objective(medals))
