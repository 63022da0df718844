"""Editing Little Soldiers battlefields: the level editor's tools as edits.

Each tool reads the document's JSON and returns an ``Edit`` (a ``Batch``
when one gesture changes several fields), so every gesture undoes as one
step, and the window, the build script of the shipped levels and the tests
all edit the same way. Tools never judge the result: a box dragged onto
another is allowed and listed by :func:`battlefield_problems`, which asks
the engine (``engine.little_soldiers.table.validation``).

Stacking is kept consistent by the tools: moving, turning, scaling or
re-heighting a piece carries the pieces resting on it (the loader refuses a
piece floating in the air), and deleting a piece deletes what rests on it.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from app.editor.document import Batch, Delete, Edit, Insert, LevelDocument, SetValue
from engine.core.files import DataError, write_atomic

OBJECTS = ("teleporter", "radar", "transmogrifier", "marshmallow", "switch")
TOKEN_KINDS = ("deployment", "crate", "supplies", "force_field_switch", "threat_target", "flag", "object")
SIDES = ("green", "yellow")
MESH_DIR = Path("meshes") / "scenery"
REST = 1e-4
"""cm: a piece whose bottom is this close to another's top rests on it (the loader's tolerance)."""

Point2 = tuple[float, float]


# --- documents ---------------------------------------------------------------------


def new_battlefield(name: str = "New battlefield", width: float = 120.0, depth: float = 80.0) -> dict[str, Any]:
    """An empty table of ``width`` x ``depth`` cm (the Bootcamp's play zone is a
    kitchen-table rectangle; 120 x 80 suits the yellow cord's length)."""
    return {
        "format": 1,
        "name": name,
        "play_zone": [[0.0, 0.0], [float(width), 0.0], [float(width), float(depth)], [0.0, float(depth)]],
        "scenery": [],
        "zones": [],
        "tokens": [],
    }


def battlefield_problems(data: dict[str, Any], root: Path | None = None) -> list[str]:
    """Everything wrong with a battlefield, as sentences; empty when it can be
    played. Mesh files are looked up under ``root`` (default: the repository)."""
    from engine.little_soldiers.table.validation import check

    return [str(p) for p in check(data, root)]


def refuse_undrawable(data: dict[str, Any], path: str | Path) -> None:
    """A battlefield whose table (its play zone) or whose counts of pieces,
    zones and tokens lie past the physical bounds cannot be drawn, so it is
    not opened: one sentence naming the file and field (issue 22: a play
    zone spanning 1e308 cm killed the editor's window as it framed the
    table). Anything else wrong, a piece out of bounds included, opens and
    is listed under Problems, where the designer fixes or deletes it."""
    from engine.geometry.battlefield import check_counts
    from engine.geometry.battlefield_file import BattlefieldError, OutOfBounds, polygon

    try:
        check_counts(data)
        polygon(data.get("play_zone"), "play_zone")
    except OutOfBounds as err:
        raise DataError(f"{path}: {err}; the editor opens a table within the physical bounds only.") from None
    except BattlefieldError:
        return  # listed under Problems once open


def open_battlefield(path: str | Path) -> LevelDocument:
    doc = LevelDocument.open(path, battlefield_problems)
    return LevelDocument(current_kinds(doc.data), battlefield_problems, doc.path)


def current_kinds(data: dict[str, Any]) -> dict[str, Any]:
    """A battlefield with its old token kinds named as the engine reads them
    ("threat" markers become "threat_target"); saved so from then on."""
    from engine.little_soldiers.table.vocabulary import current_kinds as renamed

    out: dict[str, Any] = renamed(data)
    return out


def is_battlefield(data: dict[str, Any]) -> bool:
    """Battlefield files have a play zone; Toy Battle terrains have bases."""
    return "play_zone" in data


# --- snapping and lookups ---------------------------------------------------------------


def snap(value: float, step: float | None) -> float:
    """``value`` to the nearest multiple of ``step`` (None or 0: unchanged)."""
    if not step:
        return float(value)
    return round(round(float(value) / step) * step, 6)


def piece_index(data: dict[str, Any], piece_id: str) -> int:
    for i, piece in enumerate(data["scenery"]):
        if piece.get("id") == piece_id:
            return i
    raise KeyError(f"There is no scenery {piece_id!r}.")


def new_id(data: dict[str, Any], stem: str) -> str:
    used = {p.get("id") for p in data.get("scenery", [])}
    n = 1
    while f"{stem}-{n}" in used:
        n += 1
    return f"{stem}-{n}"


def _solids(data: dict[str, Any], root: Path | None = None) -> dict[str, Any]:
    """The engine's solids by id, for stacking; empty when the file does not
    load (tools then act on the one piece only)."""
    from engine.geometry.battlefield import Battlefield, BattlefieldError

    try:
        bf = Battlefield.from_dict(data, root=root)
        return {s.id: s for s in bf.solids}
    except (BattlefieldError, KeyError, TypeError):
        return {}


def resting_on(data: dict[str, Any], piece_id: str, root: Path | None = None) -> list[str]:
    """Ids of the pieces resting on ``piece_id``, and on those, and so on."""
    solids = _solids(data, root)
    if piece_id not in solids:
        return []
    out: list[str] = []
    todo = [piece_id]
    while todo:
        base = solids[todo.pop()]
        for s in solids.values():
            if s.id in out or s.id == piece_id:
                continue
            if abs(s.bottom - base.top) <= REST and s.footprint.intersection(base.footprint).area > 1e-9:
                out.append(s.id)
                todo.append(s.id)
    return out


def top_of(data: dict[str, Any], piece_id: str, root: Path | None = None) -> float:
    solids = _solids(data, root)
    if piece_id in solids:
        return solids[piece_id].top
    piece = data["scenery"][piece_index(data, piece_id)]
    return float(piece["at"][2]) + shape_height(piece["shape"])


def shape_height(shape: dict[str, Any]) -> float:
    if "size" in shape:  # a household kit piece
        return float(shape["size"][2])
    if "box" in shape:
        return float(shape["box"][2])
    if "cylinder" in shape:
        return float(shape["cylinder"][1])
    if "prism" in shape:
        return float(shape["prism"]["height"])
    raise ValueError("a mesh's height is read from its file")


# --- adding scenery ------------------------------------------------------------------------


def _piece(piece_id: str, shape: dict[str, Any], at: Sequence[float], rotation: float) -> dict[str, Any]:
    z = float(at[2]) if len(at) > 2 else 0.0
    return {"id": piece_id, "shape": shape, "at": [float(at[0]), float(at[1]), z], "rotation": float(rotation),
            "level": None, "object": None}


def add_box(data: dict[str, Any], size: Sequence[float], at: Sequence[float], rotation: float = 0.0,
            piece_id: str | None = None) -> tuple[Edit, str]:
    """A box of (width, depth, height) cm with its bottom centre at ``at``."""
    pid = piece_id or new_id(data, "box")
    shape = {"box": [float(size[0]), float(size[1]), float(size[2])]}
    return Insert(("scenery", -1), _piece(pid, shape, at, rotation)), pid


def add_cylinder(data: dict[str, Any], radius: float, height: float, at: Sequence[float],
                 piece_id: str | None = None) -> tuple[Edit, str]:
    pid = piece_id or new_id(data, "cylinder")
    return Insert(("scenery", -1), _piece(pid, {"cylinder": [float(radius), float(height)]}, at, 0.0)), pid


def add_prism(data: dict[str, Any], footprint: Sequence[Point2], height: float, at: Sequence[float],
              rotation: float = 0.0, piece_id: str | None = None) -> tuple[Edit, str]:
    """An extruded footprint (relative to ``at``): a book on its side, an L-shaped wall."""
    pid = piece_id or new_id(data, "prism")
    shape = {"prism": {"footprint": [[float(x), float(y)] for x, y in footprint], "height": float(height)}}
    return Insert(("scenery", -1), _piece(pid, shape, at, rotation)), pid


def add_kit(data: dict[str, Any], kind: str, at: Sequence[float], rotation: float = 0.0,
            piece_id: str | None = None, size: Sequence[float] | None = None, **fields: Any) -> tuple[Edit, str]:
    """A household kit piece (``engine.geometry.household``: book, mug, ...) of
    its everyday size unless ``size`` (width, depth, height) is given;
    ``fields`` are the kit's others (colour, seed, lid, count)."""
    from engine.geometry.household import DEFAULT_SIZE, Kind

    k = Kind(kind)
    pid = piece_id or new_id(data, k.value.replace("_", "-"))
    shape = {"kind": k.value, "size": [float(v) for v in (size or DEFAULT_SIZE[k])], **fields}
    return Insert(("scenery", -1), _piece(pid, shape, at, rotation)), pid


def import_mesh(data: dict[str, Any], source: str | Path, at: Sequence[float], root: Path,
                scale: float = 1.0, y_up: bool | None = None, reference: bool = False,
                piece_id: str | None = None) -> tuple[Edit, str]:
    """Add a glTF/OBJ/STL mesh through trimesh.

    By default the mesh is *copied*: loaded, turned z-up (glTF files are
    y-up; ``y_up`` overrides the guess from the suffix), scaled, moved so its
    origin is the centre of its footprint's bottom (the engine's convention
    for mesh scenery) and written as an STL under ``meshes/scenery/`` in
    ``root``, so the level does not depend on a file elsewhere on the disk.
    ``reference=True`` stores the given path as it is (relative to ``root``
    when inside it) and trusts its frame.
    """
    import numpy as np
    import trimesh

    src = Path(source)
    try:
        mesh = trimesh.load(src, force="mesh")
    except Exception as err:  # noqa: BLE001 - trimesh raises many kinds for a bad file
        raise ValueError(f"{src.name}: not a mesh trimesh can read ({err}).") from None
    if not isinstance(mesh, trimesh.Trimesh) or len(mesh.faces) == 0:
        raise ValueError(f"{src.name}: the file holds no triangles.")
    pid = piece_id or new_id(data, src.stem.lower().replace(" ", "-") or "mesh")
    if reference:
        try:
            stored = str(src.resolve().relative_to(Path(root).resolve()))
        except ValueError:
            stored = str(src.resolve())
        shape = {"mesh": stored, "scale": float(scale)}
        return Insert(("scenery", -1), _piece(pid, shape, at, 0.0)), pid
    if y_up is None:
        y_up = src.suffix.lower() in (".gltf", ".glb")
    if y_up:
        mesh.apply_transform(trimesh.transformations.rotation_matrix(math.pi / 2, (1, 0, 0)))
    if scale != 1.0:
        mesh.apply_scale(scale)
    lo, hi = mesh.bounds
    mesh.apply_translation((-(lo[0] + hi[0]) / 2, -(lo[1] + hi[1]) / 2, -lo[2]))
    out_dir = Path(root) / MESH_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{pid}.stl"
    stl = mesh.export(file_type="stl")
    assert isinstance(stl, bytes)  # trimesh writes STL as bytes
    write_atomic(target, stl, what="mesh copy")
    assert np.isfinite(mesh.bounds).all()
    shape = {"mesh": (MESH_DIR / target.name).as_posix(), "scale": 1.0}
    return Insert(("scenery", -1), _piece(pid, shape, at, 0.0)), pid


def duplicate(data: dict[str, Any], piece_id: str, offset: Point2 = (5.0, 5.0)) -> tuple[Edit, str]:
    piece = copy.deepcopy(data["scenery"][piece_index(data, piece_id)])
    pid = new_id(data, piece_id.rsplit("-", 1)[0] if piece_id.rsplit("-", 1)[-1].isdigit() else piece_id)
    piece["id"] = pid
    piece["at"] = [piece["at"][0] + offset[0], piece["at"][1] + offset[1], 0.0]
    return Insert(("scenery", -1), piece), pid


def delete_piece(data: dict[str, Any], piece_id: str, root: Path | None = None) -> Edit:
    """Remove a piece and everything resting on it (as a Threat does)."""
    ids = {piece_id, *resting_on(data, piece_id, root)}
    edits = [Delete(("scenery", i)) for i in reversed(range(len(data["scenery"]))) if data["scenery"][i]["id"] in ids]
    return Batch(tuple(edits), f"delete {piece_id}")


# --- moving and shaping ----------------------------------------------------------------------


def move(data: dict[str, Any], piece_id: str, xy: Point2, step: float | None = None,
         root: Path | None = None) -> Edit:
    """Slide a piece (and its stack) so its centre is at ``xy``, snapped to ``step`` cm."""
    i = piece_index(data, piece_id)
    old = data["scenery"][i]["at"]
    x, y = snap(xy[0], step), snap(xy[1], step)
    dx, dy = x - old[0], y - old[1]
    edits = [SetValue(("scenery", i, "at"), [x, y, float(old[2])])]
    for other in resting_on(data, piece_id, root):
        j = piece_index(data, other)
        a = data["scenery"][j]["at"]
        edits.append(SetValue(("scenery", j, "at"), [a[0] + dx, a[1] + dy, float(a[2])]))
    return Batch(tuple(edits), f"move {piece_id}")


def rotate(data: dict[str, Any], piece_id: str, degrees: float, step: float | None = None,
           root: Path | None = None) -> Edit:
    """Turn a piece to ``degrees`` (counter-clockwise seen from above), snapped
    to ``step``; pieces on it turn with it about its centre."""
    i = piece_index(data, piece_id)
    piece = data["scenery"][i]
    new = snap(degrees, step) % 360.0
    turn = math.radians(new - float(piece.get("rotation", 0.0)))
    cx, cy = piece["at"][0], piece["at"][1]
    edits = [SetValue(("scenery", i, "rotation"), new)]
    for other in resting_on(data, piece_id, root):
        j = piece_index(data, other)
        o = data["scenery"][j]
        ox, oy = o["at"][0] - cx, o["at"][1] - cy
        at = [cx + ox * math.cos(turn) - oy * math.sin(turn), cy + ox * math.sin(turn) + oy * math.cos(turn), o["at"][2]]
        edits.append(SetValue(("scenery", j, "at"), [round(v, 6) for v in at]))
        edits.append(SetValue(("scenery", j, "rotation"), (float(o.get("rotation", 0.0)) + math.degrees(turn)) % 360.0))
    return Batch(tuple(edits), f"rotate {piece_id}")


def _lift(data: dict[str, Any], piece_id: str, dz: float, root: Path | None) -> list[Edit]:
    edits: list[Edit] = []
    if abs(dz) <= 1e-12:
        return edits
    for other in resting_on(data, piece_id, root):
        j = piece_index(data, other)
        a = data["scenery"][j]["at"]
        edits.append(SetValue(("scenery", j, "at"), [a[0], a[1], round(float(a[2]) + dz, 6)]))
    return edits


def set_height(data: dict[str, Any], piece_id: str, height: float, root: Path | None = None) -> Edit:
    """Type a height in cm: a primitive's height, or a mesh's scale so its
    top is ``height`` above its bottom. Pieces on it go up or down with it."""
    if height <= 0:
        raise ValueError("A height is a positive number of centimetres.")
    i = piece_index(data, piece_id)
    shape = data["scenery"][i]["shape"]
    old_top = top_of(data, piece_id, root)
    bottom = float(data["scenery"][i]["at"][2])
    if "size" in shape:
        edit: Edit = SetValue(("scenery", i, "shape", "size", 2), float(height))
    elif "box" in shape:
        edit = SetValue(("scenery", i, "shape", "box", 2), float(height))
    elif "cylinder" in shape:
        edit = SetValue(("scenery", i, "shape", "cylinder", 1), float(height))
    elif "prism" in shape:
        edit = SetValue(("scenery", i, "shape", "prism", "height"), float(height))
    else:
        factor = float(height) / max(old_top - bottom, 1e-9)
        edit = SetValue(("scenery", i, "shape", "scale"), float(shape.get("scale", 1.0)) * factor)
    return Batch((edit, *_lift(data, piece_id, bottom + float(height) - old_top, root)), f"height {piece_id}")


def scale(data: dict[str, Any], piece_id: str, factor: float, root: Path | None = None) -> Edit:
    """Grow or shrink a piece in every direction by ``factor``."""
    if factor <= 0:
        raise ValueError("A scale factor is a positive number.")
    i = piece_index(data, piece_id)
    shape = copy.deepcopy(data["scenery"][i]["shape"])
    if "size" in shape:
        shape["size"] = [round(v * factor, 6) for v in shape["size"]]
    elif "box" in shape:
        shape["box"] = [round(v * factor, 6) for v in shape["box"]]
    elif "cylinder" in shape:
        shape["cylinder"] = [round(v * factor, 6) for v in shape["cylinder"]]
    elif "prism" in shape:
        shape["prism"]["footprint"] = [[round(x * factor, 6), round(y * factor, 6)] for x, y in shape["prism"]["footprint"]]
        shape["prism"]["height"] = round(shape["prism"]["height"] * factor, 6)
    else:
        shape["scale"] = float(shape.get("scale", 1.0)) * factor
    bottom = float(data["scenery"][i]["at"][2])
    old_top = top_of(data, piece_id, root)
    dz = (old_top - bottom) * (factor - 1.0)
    return Batch((SetValue(("scenery", i, "shape"), shape), *_lift(data, piece_id, dz, root)), f"scale {piece_id}")


def resize_box(data: dict[str, Any], piece_id: str, width: float, depth: float) -> Edit:
    """Type a box's width and depth (its height has :func:`set_height`)."""
    i = piece_index(data, piece_id)
    size = data["scenery"][i]["shape"].get("size")
    if size is not None:  # a kit piece: its bounding box
        return SetValue(("scenery", i, "shape", "size"), [float(width), float(depth), float(size[2])])
    box = data["scenery"][i]["shape"].get("box")
    if box is None:
        raise ValueError(f"'{piece_id}' is not a box.")
    return SetValue(("scenery", i, "shape", "box"), [float(width), float(depth), float(box[2])])


def set_bottom(data: dict[str, Any], piece_id: str, z: float, root: Path | None = None) -> Edit:
    """Type a piece's bottom height ``z`` (cm above the table); the pieces
    resting on it go up or down with it. The loader lists a piece left
    floating in the air."""
    if z < 0:
        raise ValueError("A piece's bottom cannot be below the table (z = 0).")
    i = piece_index(data, piece_id)
    dz = float(z) - float(data["scenery"][i]["at"][2])
    return Batch((SetValue(("scenery", i, "at", 2), round(float(z), 6)), *_lift(data, piece_id, dz, root)),
                 f"z {piece_id}")


def landing_z(data: dict[str, Any], piece_id: str, xy: Point2, root: Path | None = None) -> float:
    """Where ``piece_id`` comes to rest when its centre is put at ``xy``: on
    the highest top of the other pieces under that point (a matchbox dropped
    on a shoebox), else on the table. Pieces resting on it do not count."""
    from shapely.geometry import Point

    solids = _solids(data, root)
    skip = {piece_id, *resting_on(data, piece_id, root)}
    point = Point(float(xy[0]), float(xy[1]))
    tops = [s.top for s in solids.values() if s.id not in skip and s.footprint.covers(point)]
    return round(max(tops), 6) if tops else 0.0


def stack(data: dict[str, Any], piece_id: str, onto: str, root: Path | None = None) -> Edit:
    """Put ``piece_id`` on top of ``onto``, centred on it (a matchbox on a shoebox)."""
    if piece_id == onto:
        raise ValueError("A piece cannot be stacked on itself.")
    if onto in resting_on(data, piece_id, root):
        raise ValueError(f"'{onto}' rests on '{piece_id}'; stack the other way round.")
    base = data["scenery"][piece_index(data, onto)]
    i = piece_index(data, piece_id)
    at = [float(base["at"][0]), float(base["at"][1]), round(top_of(data, onto, root), 6)]
    old = data["scenery"][i]["at"]
    edits = [SetValue(("scenery", i, "at"), at)]
    dz = at[2] - float(old[2])
    for other in resting_on(data, piece_id, root):
        j = piece_index(data, other)
        a = data["scenery"][j]["at"]
        edits.append(SetValue(("scenery", j, "at"), [a[0] + at[0] - old[0], a[1] + at[1] - old[1], round(a[2] + dz, 6)]))
    return Batch(tuple(edits), f"stack {piece_id} on {onto}")


def set_level(data: dict[str, Any], piece_id: str, level: int | None) -> Edit:
    """Tag a piece with a Level token (1 or 2) or take it off (None)."""
    if level not in (None, 1, 2):
        raise ValueError("A Level token is 1 or 2.")
    return SetValue(("scenery", piece_index(data, piece_id), "level"), level)


def set_object(data: dict[str, Any], piece_id: str, obj: str | None) -> Edit:
    """Give a piece an Object's properties (Module Book, "Objects") or none."""
    if obj is not None and obj not in OBJECTS:
        raise ValueError(f"An Object is one of {', '.join(OBJECTS)}.")
    return SetValue(("scenery", piece_index(data, piece_id), "object"), obj)


def rename(data: dict[str, Any], piece_id: str, new: str) -> Edit:
    if not new or any(p["id"] == new for p in data["scenery"]):
        raise ValueError(f"The id {new!r} is empty or taken.")
    edits: list[Edit] = [SetValue(("scenery", piece_index(data, piece_id), "id"), new)]
    for t, token in enumerate(data.get("tokens", [])):
        if token.get("on") == piece_id:
            edits.append(SetValue(("tokens", t, "on"), new))
    return Batch(tuple(edits), f"rename {piece_id}")


# --- the play zone and hatched zones ---------------------------------------------------------------


def set_play_zone(points: Sequence[Point2]) -> Edit:
    """Draw the play zone as a polygon (at least 3 corners)."""
    return SetValue(("play_zone",), [[float(x), float(y)] for x, y in points])


def resize_play_zone(width: float, depth: float, origin: Point2 = (0.0, 0.0)) -> Edit:
    """A rectangular play zone of ``width`` x ``depth`` cm from ``origin``."""
    x0, y0 = origin
    return set_play_zone([(x0, y0), (x0 + width, y0), (x0 + width, y0 + depth), (x0, y0 + depth)])


def add_hatched_zone(data: dict[str, Any], side: str, polygon: Sequence[Point2]) -> Edit:
    """A hatched zone: the area of one player's share of the tall scenery."""
    if side not in SIDES:
        raise ValueError(f"A hatched zone belongs to {' or '.join(SIDES)}.")
    zone = {"kind": "hatched", "side": side, "polygon": [[float(x), float(y)] for x, y in polygon]}
    edits: list[Edit] = [] if "zones" in data else [SetValue(("zones",), [])]
    return Batch((*edits, Insert(("zones", -1), zone)), f"hatched zone {side}")


def set_zone_polygon(index: int, polygon: Sequence[Point2]) -> Edit:
    return SetValue(("zones", index, "polygon"), [[float(x), float(y)] for x, y in polygon])


def delete_zone(index: int) -> Edit:
    return Delete(("zones", index))


# --- tokens -----------------------------------------------------------------------------------------


def add_token(data: dict[str, Any], kind: str, at: Point2, step: float | None = None, **props: Any) -> Edit:
    """A token of ``kind`` at ``at``; ``props`` are written beside ``kind`` and
    ``at`` (number, colour, id, on)."""
    if kind not in TOKEN_KINDS:
        raise ValueError(f"A token is one of {', '.join(TOKEN_KINDS)}.")
    token = {"kind": kind, "at": [snap(at[0], step), snap(at[1], step)], **props}
    edits: list[Edit] = [] if "tokens" in data else [SetValue(("tokens",), [])]
    return Batch((*edits, Insert(("tokens", -1), token)), f"add {kind}")


def place_deployment(data: dict[str, Any], number: int, at: Point2, side: str | None = None,
                     step: float | None = None) -> Edit:
    """Deployment token ``number`` (1-4); ``side`` for the team-colour set-up
    (Advanced Tactics), None for the Bootcamp's numbered side. Placing a
    number that exists moves that token."""
    if number not in (1, 2, 3, 4):
        raise ValueError("Deployment tokens are numbered 1 to 4.")
    props: dict[str, Any] = {"number": number}
    if side is not None:
        if side not in SIDES:
            raise ValueError(f"A Deployment token's colour side is {' or '.join(SIDES)}.")
        props["colour"] = side  # the field the game reads (it never read "side")
    for t, token in enumerate(data.get("tokens", [])):
        if token.get("kind") == "deployment" and token.get("number") == number:
            return SetValue(("tokens", t), {"kind": "deployment", "at": [snap(at[0], step), snap(at[1], step)], **props})
    return add_token(data, "deployment", at, step, **props)


def add_crate(data: dict[str, Any], at: Point2, side: str) -> Edit:
    """A Crate token, ``side`` (its colour) up (Module Book, Advanced Tactics)."""
    if side not in SIDES:
        raise ValueError(f"A Crate shows {' or '.join(SIDES)}.")
    return add_token(data, "crate", at, colour=side)  # the field the game reads (it never read "side")


def add_supplies(data: dict[str, Any], at: Point2) -> Edit:
    return add_token(data, "supplies", at)


def add_force_field_switch(data: dict[str, Any], at: Point2) -> Edit:
    return add_token(data, "force_field_switch", at)


def add_threat(data: dict[str, Any], at: Point2, threat: str | None = None) -> Edit:
    """A Threat Target token (A New Threat, Another New Threat: where a Threat
    stands), naming its Threat as the missions read it; by default the first
    Threat no target on the battlefield names yet."""
    return add_token(data, "threat_target", at, threat=threat or next_threat(data))


def next_threat(data: dict[str, Any]) -> str:
    """The first Threat of the missions (Pinky, Howdy, Bob, then Octocutie's
    parts) that no Threat Target token names yet; "threat-N" past them."""
    from engine.little_soldiers.mission_data import THREAT_SWITCHES

    named = {t.get("threat") for t in data.get("tokens", []) if t.get("kind") == "threat_target"}
    for threats in THREAT_SWITCHES.values():
        for ident in threats:
            if ident not in named:
                return ident
    return f"threat-{len(named) + 1}"


def move_token(data: dict[str, Any], index: int, at: Point2, step: float | None = None) -> Edit:
    _ = data["tokens"][index]
    return SetValue(("tokens", index, "at"), [snap(at[0], step), snap(at[1], step)])


def delete_token(index: int) -> Edit:
    return Delete(("tokens", index))


def add_hill(data: dict[str, Any], at: Point2, low: Sequence[float] = (24.0, 18.0, 8.0),
             high: Sequence[float] = (12.0, 10.0, 5.0), ident: str = "hill") -> tuple[Edit, tuple[str, str]]:
    """King of the Hill's hill: "the smallest on top of the largest ... Level 1
    token on the lower scenery element and Level 2 token on the higher ...
    the Flag counter in the center of the Level 2 scenery element"."""
    low_id, high_id = f"{ident}-low", f"{ident}-high"
    x, y = float(at[0]), float(at[1])
    edits: list[Edit] = [
        Insert(("scenery", -1), {**_piece(low_id, {"box": [float(v) for v in low]}, (x, y, 0.0), 0.0), "level": 1}),
        Insert(("scenery", -1), {**_piece(high_id, {"box": [float(v) for v in high]}, (x, y, float(low[2])), 0.0),
                                 "level": 2}),
    ]
    if "tokens" not in data:
        edits.append(SetValue(("tokens",), []))
    edits.append(Insert(("tokens", -1), {"kind": "flag", "at": [x, y], "on": high_id}))
    return Batch(tuple(edits), "add the hill"), (low_id, high_id)


def set_name(name: str) -> Edit:
    return SetValue(("name",), name)
