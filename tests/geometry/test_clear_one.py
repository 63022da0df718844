"""``MoveGraph._clear_one`` (one segment on Python floats) answers as the
batched ``_clear`` does, on every shipped battlefield's graphs: random
segments, segments between the graph's corners (through vertices, along
edges) and segments grazing the free space's boundary."""

from __future__ import annotations

import glob
import random

import numpy as np
import pytest

from engine.little_soldiers.battlefields import load_battlefield
from engine.little_soldiers.data import BASE_RADIUS

LEVELS = sorted(glob.glob("levels/little_soldiers/*.json"))


def _segments(graph, rng: random.Random, n: int) -> list[tuple[float, float, float, float]]:
    x0, y0, x1, y1 = graph.free.bounds
    corners = np.vstack([graph._ea, graph.nodes]) if len(graph.nodes) else graph._ea
    out = []
    for i in range(n):
        kind = i % 4
        if kind == 0:  # anywhere
            a = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            b = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        elif kind == 1 and len(corners) > 1:  # corner to corner: through vertices, along edges
            a, b = corners[rng.randrange(len(corners))], corners[rng.randrange(len(corners))]
        elif kind == 2 and len(corners):  # a corner to a point near it, rounded as Moves are
            a = corners[rng.randrange(len(corners))]
            b = (round(a[0] + rng.uniform(-20, 20), 2), round(a[1] + rng.uniform(-20, 20), 2))
        else:  # short, near the boundary
            c = corners[rng.randrange(len(corners))] if len(corners) else (x0, y0)
            a = (c[0] + rng.uniform(-1, 1), c[1] + rng.uniform(-1, 1))
            b = (c[0] + rng.uniform(-3, 3), c[1] + rng.uniform(-3, 3))
        out.append((float(a[0]), float(a[1]), float(b[0]), float(b[1])))
    return out


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_one_segment_answers_as_the_batch(path):
    bf = load_battlefield(path)
    surfaces = [None] + [p.id for p in bf.scenery if p.level is not None]
    rng = random.Random(path)
    tested = blocked = 0
    for surface in surfaces:
        graph = bf.move_graph(BASE_RADIUS, surface)
        segs = _segments(graph, rng, 400)
        arr = np.array(segs)
        batch = graph._clear(arr[:, :2], arr[:, 2:])
        one = [graph._clear_one(*s) for s in segs]
        assert one == batch.tolist()
        tested += len(segs)
        blocked += int((~batch).sum())
    assert tested and 0 < blocked < tested  # both answers occur
