"""The level editor's state without a window: the open document, the tool
in hand, the selection, snapping, the live problem list and the balance view.

The editor window (``app.editor_window``) turns mouse and keys into calls
here and draws what this says; the tests make the same calls. Every change
goes through the headless tools (``battlefield_tools``, ``terrain_tools``)
as one undoable edit; a drag is one edit too (each frame replaces the
previous frame's move).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.document import Edit, LevelDocument, LevelInvalid
from engine.geometry.battlefield import REPO_ROOT
from engine.toy_battle.data import SPECIAL_CODES

BATTLEFIELD_TOOLS = (
    "select", "box", "cylinder", "prism", "level-1", "level-2", "object",
    "deployment", "crate", "supplies", "force-field", "threat", "hatched-green", "hatched-yellow", "hill",
)
TERRAIN_TOOLS = ("select", "base", "hq-blue", "hq-red", "connect", "special", "region")
OBJECT_CYCLE = (None, "teleporter", "radar", "transmogrifier", "marshmallow", "switch")
SPECIAL_CYCLE: tuple[str | None, ...] = (None, *sorted(SPECIAL_CODES))
"""The terrain 'special' tool cycles a base through no effect and every code the engine knows."""
PICK = 2.0
"""cm (terrain: percent of the board): how close a click must be to a token or node."""


@dataclass(frozen=True)
class Selection:
    kind: str  # "piece", "token", "zone", "node"
    key: Any  # piece id, token index, zone index, node id


class EditorSession:
    def __init__(self, doc: LevelDocument, root: Path = REPO_ROOT) -> None:
        self.doc = doc
        self.root = Path(root)
        self.mode = "battlefield" if bt.is_battlefield(doc.data) else "terrain"
        self.tool = "select"
        self.selection: Selection | None = None
        self.step = 1.0 if self.mode == "battlefield" else 0.5
        self.angle_step = 15.0
        self.message = ""
        self.pending: list[str] = []  # terrain: nodes clicked for a path or a region
        self._drag: tuple[Selection, tuple[float, float], bool] | None = None
        self._cache: dict[str, tuple[str, Any]] = {}

    # ---------------------------------------------------------------- files
    @classmethod
    def open(cls, path: str | Path | None, root: Path = REPO_ROOT) -> "EditorSession":
        """Open a battlefield or terrain; a missing file starts a new battlefield
        that will be saved there."""
        if path is not None and Path(path).is_file():
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            validator = bt.battlefield_problems if bt.is_battlefield(data) else tt.terrain_problems
            return cls(LevelDocument(data, validator, path), root)
        name = Path(path).stem if path else "New battlefield"
        return cls(LevelDocument(bt.new_battlefield(name), bt.battlefield_problems, path), root)

    def save(self, path: str | Path | None = None) -> bool:
        """Save (atomic); when refused, ``message`` holds the list."""
        try:
            target = self.doc.save(path)
        except LevelInvalid as err:
            self.message = str(err)
            return False
        except ValueError as err:
            self.message = str(err)
            return False
        self.message = f"Saved {target.name}."
        return True

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
        from engine.geometry.balance import balance

        def make():
            bf = self.battlefield()
            return None if bf is None else balance(bf, cell)

        return self._cached(f"balance-{cell}", make)

    # ---------------------------------------------------------------- edits
    def apply(self, edit: Edit) -> None:
        self.doc.apply(edit)
        self.message = ""

    def undo(self) -> None:
        self.doc.undo()
        self._forget_missing()

    def redo(self) -> None:
        self.doc.redo()
        self._forget_missing()

    def _forget_missing(self) -> None:
        sel = self.selection
        if sel is None:
            return
        if sel.kind == "piece" and not any(p["id"] == sel.key for p in self.data.get("scenery", [])):
            self.selection = None
        elif sel.kind == "token" and sel.key >= len(self.data.get("tokens", [])):
            self.selection = None
        elif sel.kind == "zone" and sel.key >= len(self.data.get("zones", [])):
            self.selection = None
        elif sel.kind == "node" and sel.key not in self.data.get("bases", {}) and sel.key not in self.data.get("hq_nodes", {}):
            self.selection = None

    # ------------------------------------------------------------ picking
    def pick(self, x: float, y: float) -> Selection | None:
        """What is under (x, y): a token, then the highest piece, then a zone;
        terrain: the nearest node."""
        if self.mode == "terrain":
            best = None
            for group in ("bases", "hq_nodes"):
                for nid, node in self.data.get(group, {}).items():
                    if node.get("pos") is None:
                        continue
                    d = math.dist(node["pos"], (x, y))
                    if d <= 2 * PICK and (best is None or d < best[0]):
                        best = (d, nid)
            return None if best is None else Selection("node", best[1])
        for t, token in enumerate(self.data.get("tokens", [])):
            if math.dist(token["at"], (x, y)) <= PICK:
                return Selection("token", t)
        bf = self.battlefield()
        if bf is not None:
            from shapely.geometry import Point

            hits = [s for s in bf.solids if s.footprint.buffer(0.3).covers(Point(x, y))]
            if hits:
                return Selection("piece", max(hits, key=lambda s: s.top).id)
            for z, zone in enumerate(bf.zones):
                if zone.polygon.covers(Point(x, y)):
                    return Selection("zone", z)
        return None

    # ------------------------------------------------------------ the mouse
    def click(self, x: float, y: float) -> None:
        """A left click on the table at (x, y) cm (terrain: board percent)."""
        if self.mode == "terrain":
            self._click_terrain(x, y)
            return
        hit = self.pick(x, y)
        tool, d = self.tool, self.data
        sx, sy = bt.snap(x, self.step), bt.snap(y, self.step)
        if tool == "select":
            self.selection = hit
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
        if tool == "box":
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
            edit = bt.add_hatched_zone(d, tool.split("-")[1], [(sx - h, sy - h), (sx + h, sy - h), (sx + h, sy + h), (sx - h, sy + h)])
        else:
            raise ValueError(f"unknown tool {tool!r}")
        self.apply(edit)
        if added:
            self.selection = Selection("piece", added)
        elif tool.startswith("hatched"):
            self.selection = Selection("zone", len(d["zones"]) - 1)
        elif tool == "deployment":
            self.selection = Selection("token", next(i for i, t in enumerate(d["tokens"]) if t["at"] == [sx, sy]))
        else:
            self.selection = Selection("token", len(d["tokens"]) - 1)

    def _mid_y(self) -> float:
        ys = [p[1] for p in self.data["play_zone"]]
        return (min(ys) + max(ys)) / 2

    def begin_drag(self, x: float, y: float) -> bool:
        """Start dragging what is under (x, y) (select tool); True if something is."""
        hit = self.pick(x, y)
        if hit is None:
            return False
        self.selection = hit
        self._drag = (hit, (x, y), False)
        return True

    def drag(self, x: float, y: float) -> None:
        """Move the dragged thing so it follows the mouse; the whole drag undoes
        as one step."""
        if self._drag is None:
            return
        sel, (x0, y0), applied = self._drag
        if applied:
            self.doc.undo()
        d = self.data
        dx, dy = x - x0, y - y0
        if sel.kind == "piece":
            at = d["scenery"][bt.piece_index(d, sel.key)]["at"]
            edit: Edit = bt.move(d, sel.key, (at[0] + dx, at[1] + dy), self.step, self.root)
        elif sel.kind == "token":
            at = d["tokens"][sel.key]["at"]
            edit = bt.move_token(d, sel.key, (at[0] + dx, at[1] + dy), self.step)
        elif sel.kind == "zone":
            poly = d["zones"][sel.key]["polygon"]
            ddx, ddy = bt.snap(dx, self.step), bt.snap(dy, self.step)
            edit = bt.set_zone_polygon(sel.key, [(px + ddx, py + ddy) for px, py in poly])
        else:
            node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
            edit = tt.move_node(d, sel.key, (bt.snap(node["pos"][0] + dx, self.step), bt.snap(node["pos"][1] + dy, self.step)))
        self.doc.apply(edit)
        self._drag = (sel, (x0, y0), True)

    def end_drag(self) -> None:
        self._drag = None

    # ------------------------------------------------------------ the keys
    def key(self, name: str) -> None:
        """Keyboard commands: ctrl+z / ctrl+y undo and redo, delete, r /
        shift+r turn by the angle step, page up / page down change the
        height by 1 cm, + / - scale by 10 %, arrows nudge by the snap step."""
        if name == "ctrl+z":
            self.undo()
            return
        if name in ("ctrl+y", "ctrl+shift+z"):
            self.redo()
            return
        if name == "ctrl+s":
            self.save()
            return
        sel = self.selection
        if sel is None:
            return
        d = self.data
        if name == "delete":
            if sel.kind == "piece":
                self.apply(bt.delete_piece(d, sel.key, self.root))
            elif sel.kind == "token":
                self.apply(bt.delete_token(sel.key))
            elif sel.kind == "zone":
                self.apply(bt.delete_zone(sel.key))
            else:
                self.apply(tt.remove_node(d, sel.key))
            self.selection = None
            return
        nudge = {"left arrow": (-1, 0), "right arrow": (1, 0), "up arrow": (0, 1), "down arrow": (0, -1)}
        if name in nudge and sel.kind in ("piece", "token"):
            at = d["scenery"][bt.piece_index(d, sel.key)]["at"] if sel.kind == "piece" else d["tokens"][sel.key]["at"]
            to = (at[0] + nudge[name][0] * self.step, at[1] + nudge[name][1] * self.step)
            self.apply(bt.move(d, sel.key, to, self.step, self.root) if sel.kind == "piece" else bt.move_token(d, sel.key, to, self.step))
            return
        if sel.kind != "piece":
            return
        piece = d["scenery"][bt.piece_index(d, sel.key)]
        if name in ("r", "shift+r"):
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
        """The selected piece's numbers, as the panel shows them."""
        sel = self.selection
        d = self.data
        if sel is None:
            return {}
        if sel.kind == "token":
            t = d["tokens"][sel.key]
            return {"kind": t["kind"], "x": t["at"][0], "y": t["at"][1], **{k: v for k, v in t.items() if k not in ("kind", "at")}}
        if sel.kind == "zone":
            z = d["zones"][sel.key]
            return {"kind": z["kind"], "side": z.get("side")}
        if sel.kind == "node":
            node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
            return {"id": sel.key, "x": node["pos"][0], "y": node["pos"][1], "special": node.get("special")}
        p = d["scenery"][bt.piece_index(d, sel.key)]
        out: dict[str, float | str | None] = {"id": p["id"], "x": p["at"][0], "y": p["at"][1], "z": p["at"][2],
                                              "rotation": p.get("rotation", 0.0)}
        shape = p["shape"]
        if "box" in shape:
            out.update(width=shape["box"][0], depth=shape["box"][1])
        elif "cylinder" in shape:
            out.update(radius=shape["cylinder"][0])
        try:
            out["height"] = round(bt.top_of(d, p["id"], self.root) - p["at"][2], 4)
        except (ValueError, KeyError):
            pass
        out.update(level=p.get("level"), object=p.get("object"))
        return out

    def set_field(self, name: str, value: float) -> None:
        """Type a number into the panel: x, y, rotation, height, width, depth,
        radius of the selected piece (or x, y of a token or node)."""
        sel = self.selection
        if sel is None:
            raise ValueError("Select something first.")
        d = self.data
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
            raise ValueError(f"{name} cannot be typed for this selection.")
        i = bt.piece_index(d, sel.key)
        p = d["scenery"][i]
        if name in ("x", "y"):
            at = [p["at"][0], p["at"][1]]
            at["xy".index(name)] = value
            self.apply(bt.move(d, sel.key, (at[0], at[1]), None, self.root))
        elif name == "rotation":
            self.apply(bt.rotate(d, sel.key, value, None, self.root))
        elif name == "height":
            self.apply(bt.set_height(d, sel.key, value, self.root))
        elif name in ("width", "depth"):
            w, dep = p["shape"]["box"][0], p["shape"]["box"][1]
            self.apply(bt.resize_box(d, sel.key, value if name == "width" else w, value if name == "depth" else dep))
        elif name == "radius":
            from app.editor.document import SetValue

            self.apply(SetValue(("scenery", i, "shape", "cylinder", 0), value))
        else:
            raise ValueError(f"unknown field {name!r}")

    # ------------------------------------------------------------ terrains
    def _click_terrain(self, x: float, y: float) -> None:
        d = self.data
        hit = self.pick(x, y)
        sx, sy = bt.snap(x, self.step), bt.snap(y, self.step)
        if self.tool == "select":
            self.selection = hit
        elif self.tool == "base":
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
        """Close the region whose bases were clicked (terrain 'region' tool)."""
        if self.pending:
            self.apply(tt.add_region(self.data, list(self.pending), medals))
        self.pending = []

    def set_objective(self, medals: int) -> None:
        self.apply(tt.set_objective(medals))
