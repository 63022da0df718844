"""A household scenery kit: parametric books, boxes, mugs, cans, blocks and toys.

Each kind is fitted in a bounding box ``size`` = (width along x, depth
along y, height), standing on z = 0 and centred on the origin before the
battlefield places and turns it. A kit piece produces **one** set of
triangles, :func:`kit_mesh`, labelled by part (cover, pages, label, ...) and
with texture coordinates; the engine casts sight and plans cords against
these triangles and the app draws exactly them with a texture per part, so
what a player sees is what blocks.

The kinds whose shape is a plain box or an upright cylinder (a book, a
cereal box, a shoebox with its lid on, a domino, a tin can) give the engine
the exact primitive instead (:func:`engine_shape`): the same surface, drawn
as the same box or as a cylinder inscribed in the engine's (so a ray the
picture shows blocked is blocked; the crosscheck test holds both to it).

This module knows no game: sizes, colours and seeds come in as parameters.
Levels belong on the flat-topped kinds (book, stack of books, shoebox with
its lid, cereal box, domino lying flat, blocks in a row).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import trimesh
from shapely.geometry import Polygon


class Kind(enum.Enum):
    BOOK = "book"
    BOOK_STACK = "book_stack"
    SHOEBOX = "shoebox"
    CEREAL_BOX = "cereal_box"
    MUG = "mug"
    TIN_CAN = "tin_can"
    BLOCKS = "blocks"
    PENCIL = "pencil"
    CRAYON = "crayon"
    DOMINO = "domino"
    BALL = "ball"
    PLUSH = "plush"


DEFAULT_SIZE: dict[Kind, tuple[float, float, float]] = {
    Kind.BOOK: (15.0, 22.0, 3.0),
    Kind.BOOK_STACK: (16.0, 12.0, 7.5),
    Kind.SHOEBOX: (30.0, 18.0, 11.0),
    Kind.CEREAL_BOX: (19.0, 7.0, 27.0),
    Kind.MUG: (11.0, 8.4, 9.5),
    Kind.TIN_CAN: (7.4, 7.4, 11.0),
    Kind.BLOCKS: (12.0, 4.0, 8.0),
    Kind.PENCIL: (17.5, 0.8, 0.8),
    Kind.CRAYON: (9.0, 1.0, 1.0),
    Kind.DOMINO: (2.4, 4.8, 0.8),
    Kind.BALL: (6.5, 6.5, 6.5),
    Kind.PLUSH: (10.0, 8.0, 13.0),
}
"""Chosen everyday sizes (cm), used when a piece gives none."""

BOX_KINDS = (Kind.BOOK, Kind.BOOK_STACK, Kind.CEREAL_BOX, Kind.DOMINO)
"""Kinds that are exactly their bounding box (a shoebox too, with its lid on)."""
ROUND_SECTIONS = 64
"""Sides of round parts. A tin can is drawn as a 64-gon inscribed in the
engine's 128-section cylinder: at most r(1 - cos(pi/64)) = 0.0012 r inside it."""


PINHOLE_CM2 = 0.5
"""cm^2: footprint holes smaller than this are filled (see Household.local_footprint)."""


@dataclass(frozen=True)
class Household:
    """One kit piece as written in a battlefield file's ``shape``:
    ``{"kind": "mug", "size": [11, 8.4, 9.5], "colour": "red", "seed": 2}``
    (``lid`` for a shoebox, ``count`` for a stack of books or a row of blocks)."""

    kind: Kind
    size: tuple[float, float, float]
    colour: str = ""
    seed: int = 0
    lid: bool = True
    count: int = 0

    @property
    def height(self) -> float:
        return float(self.size[2])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value, "size": list(self.size)}
        if self.colour:
            out["colour"] = self.colour
        if self.seed:
            out["seed"] = self.seed
        if self.kind is Kind.SHOEBOX:
            out["lid"] = self.lid
        if self.count:
            out["count"] = self.count
        return out

    def local_mesh(self) -> trimesh.Trimesh:
        """The engine's triangles (closed parts, possibly overlapping)."""
        m = kit_mesh(self)
        return trimesh.Trimesh(m.vertices, m.faces, process=False)

    def local_footprint(self) -> Polygon:
        """The shadow of the triangles on the table (``shapes.mesh_footprint``)
        without the pinholes that unions of round parts' triangles leave: a
        hole smaller than :data:`PINHOLE_CM2` could never hold a base, and a
        triangulation of it fails in the cord planner."""
        from engine.geometry.shapes import mesh_footprint

        foot = mesh_footprint(self.local_mesh())
        keep = [r for r in foot.interiors if Polygon(r).area >= PINHOLE_CM2]
        return Polygon(foot.exterior, keep).buffer(0)


class KitError(ValueError):
    """A kit entry is refused: ``where`` is the JSON path of the bad field,
    ``message`` what is wrong with it."""

    def __init__(self, where: str, message: str) -> None:
        self.where, self.message = where, message
        super().__init__(f"{where}: {message}")


def parse(value: Mapping[str, Any], path: str) -> Household:
    """A kit piece from its JSON ``shape`` object; errors name ``path.field``."""
    known = {"kind", "size", "colour", "seed", "lid", "count"}
    extra = set(value) - known
    if extra:
        raise KitError(f"{path}.{sorted(extra)[0]}", "unknown field")
    try:
        kind = Kind(value.get("kind"))
    except ValueError:
        raise KitError(f"{path}.kind", f"expected one of {', '.join(k.value for k in Kind)}, "
                       f"got {value.get('kind')!r}") from None
    size = value.get("size", list(DEFAULT_SIZE[kind]))
    if (not isinstance(size, list) or len(size) != 3
            or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0
                   for v in size)):
        raise KitError(f"{path}.size", "expected 3 positive numbers")
    colour = value.get("colour", "")
    if not isinstance(colour, str):
        raise KitError(f"{path}.colour", "expected a colour name")
    seed = value.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise KitError(f"{path}.seed", "expected a whole number >= 0")
    lid = value.get("lid", True)
    if not isinstance(lid, bool):
        raise KitError(f"{path}.lid", "expected true or false")
    count = value.get("count", 0)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 12:
        raise KitError(f"{path}.count", "expected a whole number from 0 to 12")
    return Household(kind, (float(size[0]), float(size[1]), float(size[2])), colour, seed, lid, count)


def engine_shape(piece: Household):
    """What the engine measures: the exact primitive for box and can kinds,
    the kit's own triangles otherwise (``piece`` itself, which has ``local_mesh``)."""
    from engine.geometry.shapes import Box, Cylinder

    w, d, h = piece.size
    if piece.kind in BOX_KINDS or (piece.kind is Kind.SHOEBOX and piece.lid):
        return Box(w, d, h)
    if piece.kind is Kind.TIN_CAN or (piece.kind is Kind.MUG and w <= d):  # a can, a cup with no handle
        return Cylinder(min(w, d) / 2.0, h)
    return piece


def box_corners(size: Sequence[float]) -> dict[str, list[tuple[float, float, float]]]:
    """The six faces of an axis-aligned box standing on z = 0 at its centre,
    corners counter-clockwise seen from outside, each from its bottom-left
    (shared by the kit's triangles and the app's printed boxes)."""
    hx, hy, h = size[0] / 2, size[1] / 2, float(size[2])
    return {
        "front": [(-hx, -hy, 0), (hx, -hy, 0), (hx, -hy, h), (-hx, -hy, h)],
        "right": [(hx, -hy, 0), (hx, hy, 0), (hx, hy, h), (hx, -hy, h)],
        "back": [(hx, hy, 0), (-hx, hy, 0), (-hx, hy, h), (hx, hy, h)],
        "left": [(-hx, hy, 0), (-hx, -hy, 0), (-hx, -hy, h), (-hx, hy, h)],
        "top": [(-hx, -hy, h), (hx, -hy, h), (hx, hy, h), (-hx, hy, h)],
        "bottom": [(-hx, hy, 0), (hx, hy, 0), (hx, -hy, 0), (-hx, -hy, 0)],
    }


# --- the triangles ------------------------------------------------------------------------


@dataclass
class KitMesh:
    """Triangles with a part name per face and texture coordinates per vertex
    (vertices are not shared between parts, so each part has its own UVs)."""

    vertices: np.ndarray  # (V, 3)
    faces: np.ndarray  # (F, 3)
    uvs: np.ndarray  # (V, 2)
    parts: np.ndarray  # (F,) index into names
    names: list[str]

    def part_faces(self, name: str) -> np.ndarray:
        if name not in self.names:
            return np.zeros((0, 3), dtype=np.int64)
        return self.faces[self.parts == self.names.index(name)]


class _Builder:
    def __init__(self) -> None:
        self.v: list[np.ndarray] = []
        self.f: list[np.ndarray] = []
        self.uv: list[np.ndarray] = []
        self.p: list[np.ndarray] = []
        self.names: list[str] = []
        self.count = 0

    def add(self, vertices, faces, uvs, part: str) -> None:
        vertices = np.asarray(vertices, dtype=float)
        faces = np.asarray(faces, dtype=np.int64).reshape(-1, 3)
        if part not in self.names:
            self.names.append(part)
        self.v.append(vertices)
        self.f.append(faces + self.count)
        self.uv.append(np.asarray(uvs, dtype=float).reshape(-1, 2))
        self.p.append(np.full(len(faces), self.names.index(part)))
        self.count += len(vertices)

    def quad(self, corners, part: str, uv=((0, 0), (1, 0), (1, 1), (0, 1))) -> None:
        self.add(corners, [(0, 1, 2), (0, 2, 3)], uv, part)

    def box(self, centre, size, parts: Mapping[str, str], heading: float = 0.0, tilt: float = 0.0) -> None:
        """A closed box (bottom centre ``centre``); ``parts`` names each face's
        part: front (-y), back, left (-x), right, top, bottom ('*' for the rest).
        ``tilt`` leans it about its y axis (degrees)."""
        cx, cy, cz = centre
        local = box_corners(size)
        rot = _rot_z(heading) @ _rot_y(tilt)
        for face, quad in local.items():
            part = parts.get(face, parts.get("*", "body"))
            self.quad(np.asarray(quad) @ rot.T + (cx, cy, cz), part)

    def cylinder(self, a, b, radius: float, side: str, cap: str, sections: int = ROUND_SECTIONS,
                 cap_b: str | None = None, radius_b: float | None = None) -> None:
        """A closed cylinder (or cone frustum) from ``a`` to ``b``."""
        a, b = np.asarray(a, float), np.asarray(b, float)
        axis = b - a
        length = float(np.linalg.norm(axis))
        z = axis / length
        helper = np.array([1.0, 0, 0]) if abs(z[0]) < 0.9 else np.array([0, 1.0, 0])
        x = np.cross(helper, z)
        x /= np.linalg.norm(x)
        y = np.cross(z, x)
        rb = radius if radius_b is None else radius_b
        t = 2 * np.pi * np.arange(sections + 1) / sections
        ring = np.cos(t)[:, None] * x + np.sin(t)[:, None] * y
        lo = a + radius * ring
        hi = b + rb * ring
        verts: list[np.ndarray] = []
        uvs: list[tuple[float, float]] = []
        faces: list[tuple[int, int, int]] = []
        for k in range(sections):
            base = len(verts)
            verts += [lo[k], lo[k + 1], hi[k + 1], hi[k]]
            u0, u1 = k / sections, (k + 1) / sections
            uvs += [(u0, 0), (u1, 0), (u1, 1), (u0, 1)]
            faces += [(base, base + 1, base + 2), (base, base + 2, base + 3)]
        self.add(verts, faces, uvs, side)
        disc_uv = 0.5 + 0.5 * np.column_stack([np.cos(t), np.sin(t)])
        top = [b] + list(hi[:-1]) if rb > 0 else []
        if top:
            self.add(top, [(0, 1 + k, 1 + (k + 1) % sections) for k in range(sections)],
                     [(0.5, 0.5)] + list(disc_uv[:-1]), cap)
        if radius > 0:
            bottom = [a] + list(lo[:-1])
            self.add(bottom, [(0, 1 + (k + 1) % sections, 1 + k) for k in range(sections)],
                     [(0.5, 0.5)] + list(disc_uv[:-1]), cap_b or cap)

    def sphere(self, centre, radii, part: str, subdivisions: int = 2) -> None:
        s = trimesh.creation.icosphere(subdivisions=subdivisions, radius=1.0)
        v = np.asarray(s.vertices)
        uv = np.column_stack([0.5 + np.arctan2(v[:, 1], v[:, 0]) / (2 * np.pi), 0.5 + v[:, 2] / 2])
        self.add(v * radii + centre, s.faces, uv, part)

    def build(self) -> KitMesh:
        return KitMesh(np.vstack(self.v), np.vstack(self.f), np.vstack(self.uv), np.concatenate(self.p),
                       self.names)


def _rot_z(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])


def _rot_y(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])


def _rng(piece: Household) -> np.random.Generator:
    return np.random.default_rng(1000 * list(Kind).index(piece.kind) + piece.seed)


def kit_mesh(piece: Household) -> KitMesh:
    """The labelled triangles of ``piece`` (local frame, standing on z = 0)."""
    w, d, h = piece.size
    b = _Builder()
    k = piece.kind
    if k is Kind.BOOK:
        # the covers face the thinnest way: lying (covers up and down, spine
        # to -y), standing on its edge (covers to -y/+y, spine up) or on its end
        if h <= min(w, d):
            faces = {"top": "cover", "bottom": "back-cover", "front": "spine", "*": "pages"}
        elif d <= w:
            faces = {"front": "cover", "back": "back-cover", "top": "spine", "*": "pages"}
        else:
            faces = {"left": "cover", "right": "back-cover", "top": "spine", "*": "pages"}
        b.box((0, 0, 0), (w, d, h), faces)
    elif k is Kind.CEREAL_BOX:
        b.box((0, 0, 0), (w, d, h), {"front": "front", "back": "back", "top": "top", "bottom": "top", "*": "side"})
    elif k is Kind.DOMINO:
        b.box((0, 0, 0), (w, d, h), {"top": "face", "bottom": "face", "*": "edge"})
    elif k is Kind.SHOEBOX:
        if piece.lid:
            b.box((0, 0, 0), (w, d, h), {"top": "lid", "front": "end", "back": "end", "*": "side"})
        else:  # open: floor and four walls, 0.4 cm board
            t = min(0.4, w / 8, d / 8)
            b.box((0, 0, 0), (w, d, t), {"top": "inside", "*": "side"})
            b.box((0, -d / 2 + t / 2, 0), (w, t, h), {"back": "inside", "top": "rim", "front": "end", "*": "side"})
            b.box((0, d / 2 - t / 2, 0), (w, t, h), {"front": "inside", "top": "rim", "back": "end", "*": "side"})
            b.box((-w / 2 + t / 2, 0, 0), (t, d - 2 * t, h), {"right": "inside", "top": "rim", "*": "side"})
            b.box((w / 2 - t / 2, 0, 0), (t, d - 2 * t, h), {"left": "inside", "top": "rim", "*": "side"})
    elif k is Kind.TIN_CAN:
        r = min(w, d) / 2
        b.cylinder((0, 0, 0), (0, 0, h), r, "label", "lid")
    elif k is Kind.MUG:
        r = min(d / 2, w / 2)  # w > d leaves room for the handle on the +x side
        b.cylinder((0, 0, 0), (0, 0, h), r, "glaze", "coffee", cap_b="glaze")
        reach = max(w / 2 - r, 0.0)
        if reach > 0.3:  # a D-shaped handle of four bars on the +x side
            t = min(0.9, reach * 0.45)
            z0, z1 = h * 0.2, h * 0.78
            x0, x1 = r - 0.3, r + reach
            b.box(((x0 + x1) / 2, 0, z1 - t), (x1 - x0, t * 0.8, t), {"*": "glaze"})
            b.box(((x0 + x1) / 2, 0, z0), (x1 - x0, t * 0.8, t), {"*": "glaze"})
            b.box((x1 - t / 2, 0, z0), (t, t * 0.8, z1 - z0), {"*": "glaze"})
    elif k is Kind.BOOK_STACK:
        n = piece.count or 3
        rng = _rng(piece)
        z = 0.0
        heights = rng.uniform(0.7, 1.3, n)
        heights *= h / heights.sum()
        for i in range(n):
            # books of one size squared up: the stack is exactly its box
            # (a Level top with no overhang), the books told apart by their
            # thickness and colour
            tag = f"book{i % 4}"
            b.box((0, 0, z), (w, d, heights[i]), {"top": f"{tag}-cover", "bottom": f"{tag}-cover",
                                                    "front": f"{tag}-spine", "*": "pages"})
            z += heights[i]
    elif k is Kind.BLOCKS:
        n = piece.count or 3
        s = min(d, h / 2 if n >= 3 else h, w / max(1, (n + 1) // 2))
        rng = _rng(piece)
        # a row on the table and, from three blocks, a second row on top
        lower = (n + 1) // 2
        upper = n - lower
        row_w = lower * s
        for i in range(lower):
            b.box((-row_w / 2 + s * (i + 0.5), 0, 0), (s * 0.98, s * 0.98, s), {"*": f"block{i % 6}"})
        for i in range(upper):
            x = -row_w / 2 + s * (i + 1.0)
            # a little smaller and turned a little, as a child stacks them (still inside the size)
            b.box((x, 0, s), (s * 0.86, s * 0.86, s * 0.86), {"*": f"block{(i + lower) % 6}"},
                  heading=float(rng.uniform(-8, 8)))
    elif k is Kind.PENCIL or k is Kind.CRAYON:
        r = min(d, h) / 2
        body = w * (0.82 if k is Kind.PENCIL else 0.86)
        sections = 6 if k is Kind.PENCIL else 24
        x0 = -w / 2
        b.cylinder((x0, 0, r), (x0 + body, 0, r), r, "barrel", "end", sections=sections)
        b.cylinder((x0 + body, 0, r), (w / 2, 0, r), r, "tip", "end", sections=sections,
                   radius_b=0.0 if k is Kind.PENCIL else r * 0.35)
    elif k is Kind.BALL:
        r = min(w, d, h) / 2
        b.sphere((0, 0, r), (r, r, r), "ball", subdivisions=2)
    elif k is Kind.PLUSH:
        # a teddy: body, head, ears, snout, paws; all fitted in the box
        s = min(w / 10, d / 8, h / 13)
        b.sphere((0, 0, 4.0 * s), (3.6 * s, 3.2 * s, 4.0 * s), "fur")
        b.sphere((0, 0, 10.0 * s), (2.8 * s, 2.6 * s, 2.6 * s), "fur")
        for side in (-1, 1):
            b.sphere((side * 2.2 * s, 0, 12.2 * s), (0.9 * s, 0.6 * s, 0.8 * s), "fur", subdivisions=1)
            b.sphere((side * 3.4 * s, -1.4 * s, 1.4 * s), (1.3 * s, 1.7 * s, 1.3 * s), "fur", subdivisions=1)
            b.sphere((side * 3.7 * s, 0.2 * s, 5.8 * s), (1.1 * s, 1.1 * s, 1.8 * s), "fur", subdivisions=1)
        b.sphere((0, -2.3 * s, 9.6 * s), (1.1 * s, 0.9 * s, 0.9 * s), "snout", subdivisions=1)
    else:  # pragma: no cover - every Kind is handled above
        raise KitError("kind", f"no mesh for {k}")
    return b.build()
