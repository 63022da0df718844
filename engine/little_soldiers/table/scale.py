"""Large battlefields for measuring how the checks scale (``toybox bench
geometry`` reports them; no test asserts a time).

:func:`crowded_table` lays ``n`` pieces on a grid of cells across a play zone
sized for them: boxes, cylinders and prisms, every tenth a Level piece with
a smaller piece stacked on it, a few touching neighbours, tokens among them
and two hatched zones — what a designer's stress table holds, with the
checks' every branch exercised. :func:`dense_mesh` writes a closed mesh of
about ``triangles`` triangles (a subdivided sphere with a handle-like
torus, so its footprint has a hole and overlapping layers)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import trimesh

CELL = 12.0
"""cm: one piece per cell of this size."""


def crowded_table(n: int, seed: int = 0) -> dict[str, Any]:
    """A battlefield file's contents with ``n`` scenery pieces."""
    rng = np.random.default_rng(seed)
    side = math.ceil(math.sqrt(n))
    width, depth = side * CELL, side * CELL
    scenery: list[dict[str, Any]] = []
    tokens: list[dict[str, Any]] = []
    k = 0
    for row in range(side):
        for col in range(side):
            if k >= n:
                break
            x, y = (col + 0.5) * CELL, (row + 0.5) * CELL
            kind = k % 10
            if kind == 0 and k + 1 < n:
                scenery.append({"id": f"p{k}", "shape": {"box": [8.0, 8.0, 4.0]}, "at": [x, y, 0.0], "level": 1})
                scenery.append({"id": f"p{k + 1}", "shape": {"box": [3.0, 3.0, 2.0]}, "at": [x + 2, y + 2, 4.0]})
                k += 2
                continue
            if kind in (1, 4, 7):
                shape: dict[str, Any] = {"cylinder": [float(rng.uniform(1.5, 3.5)), float(rng.uniform(3, 12))]}
            elif kind in (2, 5):
                shape = {"prism": {"footprint": [[-3, -3], [4, -3], [4, 0], [0, 0], [0, 4], [-3, 4]],
                                   "height": float(rng.uniform(3, 12))}}
            else:
                shape = {"box": [float(rng.uniform(3, 7)), float(rng.uniform(3, 7)), float(rng.uniform(2, 12))]}
            scenery.append({"id": f"p{k}", "shape": shape, "at": [x, y, 0.0],
                            "rotation": float(rng.uniform(0, 90))})
            if k % 7 == 0:
                tokens.append({"kind": "crate", "at": [x + CELL / 2 - 0.1, y]})
            k += 1
    tokens += [{"kind": "deployment", "at": [CELL / 2, 0.5], "number": 1},
               {"kind": "deployment", "at": [width - CELL / 2, depth - 0.5], "number": 2}]
    zones = [{"kind": "hatched", "polygon": [[0, 0], [2 * CELL, 0], [2 * CELL, 2 * CELL], [0, 2 * CELL]],
              "side": "green"},
             {"kind": "hatched", "polygon": [[width - 2 * CELL, depth - 2 * CELL], [width, depth - 2 * CELL],
                                             [width, depth], [width - 2 * CELL, depth]], "side": "yellow"}]
    return {"format": 1, "name": f"crowded-{n}", "play_zone": [[0, 0], [width, 0], [width, depth], [0, depth]],
            "scenery": scenery, "zones": zones, "tokens": tokens}


def dense_mesh(path: Path, triangles: int = 300_000) -> Path:
    """Write a closed mesh of at least ``triangles`` triangles to ``path``
    (an STL), its origin at the centre of its footprint's bottom."""
    subdivisions = max(1, math.ceil(math.log(max(triangles, 80) / 20, 4)))
    ball = trimesh.creation.icosphere(subdivisions=subdivisions, radius=6.0)
    ring = trimesh.creation.torus(major_radius=9.0, minor_radius=1.5, major_sections=64, minor_sections=32)
    mesh = trimesh.util.concatenate([ball, ring])
    if not isinstance(mesh, trimesh.Trimesh):
        raise TypeError(f"joining a ball and a ring gave a {type(mesh).__name__}, not a mesh")
    mesh.apply_translation((0.0, 0.0, -mesh.bounds[0][2]))
    from engine.core.files import write_atomic

    write_atomic(path, trimesh.exchange.stl.export_stl(mesh), what="mesh")
    return path


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result
