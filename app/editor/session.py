"""The level editor's state without a window: the open document, the tool
in hand, the selection, snapping, the live problem list and the balance view.

The editor window (``app.editor.window``) turns mouse and keys into calls
here and draws what this says; the tests make the same calls. Every change
goes through the headless tools (``battlefield_tools``, ``terrain_tools``)
as one undoable edit; a drag is one edit too (each frame replaces the
previous frame's move).
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
from pathlib import Path
from typing import Any

from app.editor import battlefield_tools as bt
from app.editor import dragging, picking, placing, selection_fields, selection_keys, terrain_clicks
from app.editor import terrain_tools as tt
from app.editor.document import Edit, LevelDocument, LevelInvalid, SetValue
from app.editor.drawable import Drawable, drawable
from app.editor.fields import LABELS, parse_field
from app.editor.file_picker import FilePicker
from app.editor.placing import Refused
from app.editor.selection import OBJECT_CYCLE, PICK, Handle, Selection
from app.editor.shortcuts import SESSION_KEYS
from app.editor.tools import BATTLEFIELD_TOOLS, TERRAIN_TOOLS, TOOL_HINTS
from engine.core.files import DataError, describe, is_inside, load_json
from engine.geometry.battlefield import REPO_ROOT


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
        self.made_folders: list[Path] = []  # folders those imports made (meshes/, meshes/scenery/), removed with them
        self._drag: tuple[Selection | Handle, tuple[float, float], bool] | None = None
        self._last_drag: Edit | None = None
        self._mark: int | None = None
        """The document's undo depth when the mouse gesture began (it ends as one step)."""
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
        # Mesh pieces are found under ``root``; the live checks must look there too. A level outside
        # the project keeps its imported meshes beside it (where loading it looks first), never in the project.
        if path is not None and Path(root) == REPO_ROOT and not is_inside(Path(path).absolute(), REPO_ROOT):
            root = Path(os.path.realpath(Path(path).absolute())).parent
        battlefield = functools.partial(bt.battlefield_problems, root=Path(root))
        if path is not None and Path(path).exists():
            data = load_json(path, "level")  # a DataError (one sentence) for a file that is not a level
            if not isinstance(data, dict):
                raise DataError(f"{path}: a level file holds a JSON object, not {describe(data)}.")
            if not bt.is_battlefield(data) and "bases" not in data:
                raise DataError(f"{path}: not a level: neither a battlefield (no play_zone) "
                                f"nor a Toy Battle terrain (no bases).")
            if bt.is_battlefield(data):
                bt.refuse_undrawable(data, path)
                return cls(LevelDocument(bt.current_kinds(data), battlefield, path), root)
            from engine.toy_battle.terrain import check_bounds

            try:
                check_bounds(data)  # what no board can draw (100,000 bases hung the window; 1e308 broke each frame)
            except DataError as err:
                raise DataError(f"{path}: {err}".rstrip(".") + "; the editor opens a terrain within the bounds only.") \
                    from None
            return cls(LevelDocument(data, tt.terrain_problems, path), root)
        name = Path(path).stem if path else "New battlefield"
        return cls(LevelDocument(bt.new_battlefield(name), battlefield, path), root)

    @property
    def read_only(self) -> bool:
        """A level that comes with Toybox (the project's ``levels/``): Save
        keeps it as it shipped and asks for a name of the player's own."""
        if self.doc.path is None:
            return False
        try:
            self.doc.path.resolve().relative_to((Path(REPO_ROOT) / "levels").resolve())
        except ValueError:
            return False
        return True

    def needs_name(self) -> bool:
        """Whether Save must first ask for a name (a new level, or one that comes with Toybox)."""
        return self.doc.path is None or self.read_only

    def save(self, path: str | Path | None = None) -> bool:
        """Save (atomic). The status line says "Saved NAME." or, when refused,
        "Not saved: N problems ..." (the problem list shows them). A level that
        comes with Toybox or has no file yet is saved only under a name
        (:meth:`save_as`)."""
        if path is None and self.needs_name():
            self.message = ("This level comes with Toybox: Save as keeps your changes under a name of your own."
                            if self.read_only else "Name the level first (Save as).")
            return False
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
        self.made_folders = []
        return True

    def save_as(self, name: str) -> bool:
        """Save under ``name`` in the player's folder (``app.userdir.level_path``);
        a battlefield takes the name as its own too (its title). One undoable
        edit when the name changes."""
        from app import userdir

        try:
            target = userdir.level_path(name, self.mode)
        except ValueError as err:
            self.message = str(err)
            return False
        if self.mode == "battlefield" and self.data.get("name") != name.strip():
            self.apply(SetValue(("name",), name.strip()))
        return self.save(target)

    def discard_imports(self) -> None:
        """Remove the mesh copies made by imports when the level that would use
        them was not saved, so a refused save leaves the install tree as it was."""
        for copy in self.imported:
            copy.unlink(missing_ok=True)
        self.imported = []
        self._remove_made_folders()

    def _remove_made_folders(self) -> None:
        """The folders imports made, deepest first, while they are empty."""
        for folder in sorted(self.made_folders, key=lambda f: len(f.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()
        self.made_folders = []

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
        """The live list: the engine's answer for the document as it is now
        (a battlefield: every refused piece and every design problem)."""
        if self.mode == "battlefield":
            return [p.text for p in self.drawable().problems]
        return self._cached("problems", self.doc.problems)

    def drawable(self) -> Drawable:
        """The document as the window draws it, whatever it holds (``app.editor.drawable``)."""
        return self._cached("drawable", lambda: drawable(self.doc.data, self.root))

    def drawable_solid(self, piece: str) -> Any:
        """The solid of ``piece`` as drawn (a refused piece's too), or None."""
        view = self.drawable()
        for solid in view.battlefield.solids if view.battlefield is not None else ():
            if solid.id == piece:
                return solid
        return next((st.solid for st in view.strays if st.id == piece), None)

    def select_problem(self, index: int) -> bool:
        """A click on problem ``index`` of the list selects what it is about: its
        piece (the first it names), token or hatched zone."""
        problems = self.drawable().problems if self.mode == "battlefield" else ()
        if not 0 <= index < len(problems):
            return False
        p = problems[index]
        ids = [i for i in p.ids if any(s.get("id") == i for s in self.data.get("scenery", []))]
        kind, _, rest = p.where.partition("[")
        number = rest.split("]")[0]
        if ids:
            self.selection = Selection("piece", ids[0])
        elif kind in ("tokens", "zones") and number.isdigit():
            self.selection = Selection("token" if kind == "tokens" else "zone", int(number))
        else:
            return False
        self.tool = "select"
        return True

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
    def apply(self, edit: Edit, keep_placed: bool = False) -> None:
        """Make one undoable edit. With ``keep_placed`` (a drop, a drag), an
        edit after which a piece the engine placed before can no longer be
        placed (left resting on nothing, in the air) is taken back and refused
        with the engine's sentence (:class:`app.editor.placing.Refused`); a
        typed number is made, and the piece marked until it is mended."""
        self.piece_names()  # remembered before the edit: a deleted piece is named after it went
        refused = self._refused() if keep_placed else set()
        self.doc.apply(edit)
        self.message = ""
        new = [st for st in self.drawable().strays if st.id not in refused] if keep_placed else []
        if new:
            self.doc.take_back()
            why = next((st.problem.text for st in new if st.problem is not None), "a piece would rest on nothing")
            raise Refused(f"Not done: {self.say(why)}")

    def _refused(self) -> set[str]:
        """Ids of the document's pieces the engine refuses to place now."""
        return {st.id for st in self.drawable().strays} if self.mode == "battlefield" else set()

    def undo(self) -> None:
        """One step back (one click, one typed number, one drag)."""
        if self.doc.undo():
            self.message = "Undone."  # the last edit's line ("Placed box-1 ...") stayed, as if it still held
        else:
            self.message = "Nothing to undo."
        self._forget_missing()

    def redo(self) -> None:
        if self.doc.redo():
            self.message = "Redone."
        else:
            self.message = "Nothing to redo."
        self._forget_missing()

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
        """The first scenery piece the mouse's ray meets, and where (``app.editor.picking``)."""
        return picking.pick_ray(self, origin, through)

    def pick(self, x: float, y: float, ray: tuple[Any, Any] | None = None) -> Selection | None:
        """What is under (x, y) (``app.editor.picking``)."""
        return picking.pick(self, x, y, ray)

    def handles(self) -> list[tuple[Handle, tuple[float, float]]]:
        """The corners that can be dragged now, with where they are (``app.editor.picking``)."""
        return picking.handles(self)

    def handle_at(self, x: float, y: float) -> Handle | None:
        return picking.handle_at(self, x, y)

    # ------------------------------------------------------------ the mouse
    def click(self, x: float, y: float, ray: tuple[Any, Any] | None = None) -> None:
        """A left click on the table at (x, y) cm (terrain: board percent);
        ``ray`` (origin, through), when the window gives it, picks in 3D."""
        if self.mode == "terrain":
            terrain_clicks.click_terrain(self, x, y)
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
        placing.place(self, x, y, hit, ray)

    def mid_y(self) -> float:
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
            at = ((min(xs) + max(xs)) / 2, self.mid_y(), 0.0)
        folder = Path(self.root) / bt.MESH_DIR
        before = set(folder.glob("*")) if folder.is_dir() else set()
        self.made_folders += [f for f in (folder.parent, folder) if not f.exists()]
        try:
            edit, pid = bt.import_mesh(self.data, path, at, root=self.root)
        except (ValueError, OSError) as err:
            self.message = f"Not imported: {err}"
            if not self.imported:
                self._remove_made_folders()  # a refused import leaves nothing behind
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
        self._mark = self.doc.depth
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

    def grab(self, x: float, y: float) -> bool:
        """Start dragging the selection from (x, y) (a gizmo arrow grabbed: the
        piece under the gizmo's centre may be another, resting on it)."""
        if self.selection is None:
            return False
        self._mark = self.doc.depth
        self._drag = (self.selection, (x, y), False)
        return True

    def drag(self, x: float, y: float) -> None:
        """Move the dragged thing so it follows the mouse; the whole drag undoes
        as one step. A piece dropped with its centre over another piece
        stands on its top (stacking); off every piece, on the table."""
        if self._drag is None:
            return
        sel, (x0, y0), applied = self._drag
        if applied:
            self.doc.take_back()  # this frame replaces the last: the drag stays one edit
        edit = dragging.drag_edit(self, sel, (x0, y0), (x, y))
        try:
            self.apply(edit, keep_placed=True)
        except Refused as err:  # it cannot stand there: it stays where it last could, and says why
            if applied and self._last_drag is not None:
                self.apply(self._last_drag, keep_placed=True)
            self.message = str(err)
            return
        self._last_drag = edit
        self._drag = (sel, (x0, y0), True)

    def end_drag(self, x: float | None = None, y: float | None = None) -> None:
        """The mouse button is up: the drag ends where the mouse is (a slow
        frame could end it before the last move was seen), and the whole
        gesture is one undo step."""
        if self._drag is not None and x is not None and y is not None:
            self.drag(x, y)
        self._drag = None
        if self._mark is not None:
            self.doc.squash(self._mark, "drag")
            self._mark = None

    def turn_to(self, angle: float) -> None:
        """The gizmo's ring: turn the selection to ``angle`` degrees (snapped to
        the angle step); every frame of one turn replaces the last (one undo step)."""
        if self._mark is None:
            self._mark = self.doc.depth
        while self.doc.depth > self._mark:
            self.doc.take_back()
        try:
            self.set_field("rotation", round(angle / self.angle_step) * self.angle_step)
        except ValueError as err:
            self.message = str(err)

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
                selection_keys.selection_key(self, name)
            except ValueError as err:
                self.message = str(err)
        return True


    # ------------------------------------------------------ numeric fields
    def fields(self) -> dict[str, float | str | None]:
        """The selection's numbers, as the panel shows them (``app.editor.selection_fields``)."""
        return selection_fields.fields(self)

    def editable(self) -> tuple[str, ...]:
        """The fields of :meth:`fields` that can be typed into now."""
        return selection_fields.editable(self)

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
        """Type a number into the panel (``app.editor.selection_fields``): one undoable edit."""
        selection_fields.set_field(self, name, value)

    # ------------------------------------------------------------ terrains

    def finish_region(self, medals: int = 1) -> None:
        """Close the region whose bases were clicked (terrain 'region' tool)."""
        terrain_clicks.finish_region(self, medals)

    def set_objective(self, medals: int) -> None:
        self.apply(tt.set_objective(medals))
