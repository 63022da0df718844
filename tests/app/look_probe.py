"""Probe (run in a fresh process by tests/app/test_look.py): Panda3D's own
collision rays cast at the scenery exactly as the play view draws it
(``app.look.scenery``: kit pieces with their printed parts), compared with
the engine's line of sight on every shipped battlefield.

Usage: python tests/app/look_probe.py OUT.json PAIRS_PER_LEVEL
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def crosscheck(per_level: int) -> dict:
    import numpy as np
    from panda3d.core import (
        CollisionHandlerQueue,
        CollisionNode,
        CollisionSegment,
        CollisionTraverser,
        GeomNode,
        NodePath,
        Point3,
    )

    from app import frames
    from app.look.scenery import scenery_batch
    from engine.geometry import Battlefield
    from engine.geometry.sight import oracle_first_hits
    from engine.little_soldiers.table.sightlines import figurine_sight, stand

    report: dict = {"levels": {}, "unexplained": []}
    total = agree = 0
    for path in sorted((ROOT / "levels" / "little_soldiers").glob("*.json")):
        bf = Battlefield.load(path)
        if not bf.scenery:
            continue
        root = NodePath("scene")
        drawn = scenery_batch(bf).node("drawn")  # the very node the play view draws
        drawn.reparentTo(root)
        drawn.setCollideMask(GeomNode.getDefaultCollideMask())
        minx, miny, maxx, maxy = bf.play_zone.bounds
        spots = []
        for gx in np.linspace(minx + 4, maxx - 4, 8):
            for gy in np.linspace(miny + 4, maxy - 4, 6):
                spot = stand(bf, gx, gy)
                if bf.check_placement((gx, gy), 1.2, spot.surface, height=5.0) is None:
                    spots.append(spot)
        every = [(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]]
        step = max(1, len(every) // per_level)
        pairs = every[::step][:per_level]
        sights = [figurine_sight(bf, a, b) for a, b in pairs]
        rays = [(k, s, e) for k, sight in enumerate(sights) for s, e in zip(sight.starts, sight.ends, strict=True)]
        queue = CollisionHandlerQueue()
        trav = CollisionTraverser()
        for i, (_, s, e) in enumerate(rays):  # one collider per ray: its name says which ray hit
            cnode = CollisionNode(f"r{i}")
            cnode.addSolid(CollisionSegment(Point3(*frames.to_ursina(s)), Point3(*frames.to_ursina(e))))
            cnode.setFromCollideMask(GeomNode.getDefaultCollideMask())
            cnode.setIntoCollideMask(0)
            trav.addCollider(root.attachNewNode(cnode), queue)
        trav.traverse(root)
        hit = np.zeros(len(rays), dtype=bool)
        for i in range(queue.getNumEntries()):
            hit[int(queue.getEntry(i).getFromNodePath().getName()[1:])] = True
        engine = np.concatenate([np.asarray(sight.blocked) for sight in sights]) if sights else np.zeros(0, bool)
        level_agree = 0
        starts = np.array([s for _, s, _ in rays])
        ends = np.array([e for _, _, e in rays])
        for k, sight in enumerate(sights):
            mine = [i for i, (kk, _, _) in enumerate(rays) if kk == k]
            drawn_valid = not hit[mine].any()
            if drawn_valid == bool(sight.valid):
                level_agree += 1
        differ = np.flatnonzero(hit != engine)
        if len(differ):
            # a differing ray must graze: the engine's answer flips when the
            # scenery grows or shrinks by 0.05 cm (or the ray passes within
            # 0.05 cm of a drawn edge of a kit mesh, which the oracle cannot grow)
            grow = oracle_first_hits(bf.solids, starts[differ], ends[differ], grow=0.05) >= 0
            shrink = oracle_first_hits(bf.solids, starts[differ], ends[differ], grow=-0.05) >= 0
            for n in np.flatnonzero(grow == shrink):
                i = differ[n]
                if not grazes_mesh(bf, starts[i], ends[i], 0.05):
                    report["unexplained"].append(f"{path.stem}: ray {i} drawn {bool(hit[i])} engine {bool(engine[i])}")
        report["levels"][path.stem] = {"pairs": len(pairs), "agree": level_agree, "rays": len(rays),
                                       "rays_differ": int(len(differ)), "engine_blocked": int(sum(not s.valid for s in sights)),
                                       "kit_pieces": sum(1 for p in bf.scenery if "Household" in type(p.shape).__name__)}
        total += len(pairs)
        agree += level_agree
        root.removeNode()
    report.update(pairs=total, agree=agree, rate=agree / max(total, 1))
    return report


def grazes_mesh(bf, start, end, tol: float) -> bool:
    """Whether the segment passes within ``tol`` cm of an edge of any mesh solid's triangles."""
    import numpy as np

    p0, p1 = np.asarray(start, float), np.asarray(end, float)
    for solid in bf.solids:
        if solid.kind != "mesh":
            continue
        tri = np.asarray(solid.mesh.triangles)
        for a, b in ((0, 1), (1, 2), (2, 0)):
            if np.any(segment_distance(p0, p1, tri[:, a], tri[:, b]) < tol):
                return True
    return False


def segment_distance(p0, p1, q0, q1):
    """Distances between the segment p0-p1 and many segments q0-q1 (sampled: enough for a tolerance check)."""
    import numpy as np

    t = np.linspace(0, 1, 401)[:, None]
    ps = p0 + t * (p1 - p0)  # (T, 3)
    d = q1 - q0
    best = np.full(len(q0), np.inf)
    for p in ps[::4]:
        u = np.clip(np.einsum("ij,ij->i", p - q0, d) / np.maximum(np.einsum("ij,ij->i", d, d), 1e-12), 0, 1)
        best = np.minimum(best, np.linalg.norm(q0 + u[:, None] * d - p, axis=1))
    return best


if __name__ == "__main__":
    out, per = sys.argv[1], int(sys.argv[2])
    Path(out).write_text(json.dumps(crosscheck(per)))
    sys.stdout.flush()
    os._exit(0)
