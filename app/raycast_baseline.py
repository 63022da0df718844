"""Panda3D's collision rays over a battlefield's scenery: the baseline that
``toybox bench geometry`` compares Embree with. It is what Ursina's own
``raycast`` does (one traversal per ray), so it lives with the app; the
headless engine never imports Panda3D outside the physics."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from panda3d.core import (
    CollisionHandlerQueue,
    CollisionNode,
    CollisionPolygon,
    CollisionSegment,
    CollisionTraverser,
    NodePath,
    Point3,
)

from engine.geometry.battlefield import Battlefield


def panda_scene(bf: Battlefield) -> NodePath:
    """The scenery as Panda3D collision polygons under one root."""
    root = NodePath("scene")
    for solid in bf.solids:
        node = CollisionNode(solid.id)
        for tri in solid.mesh.triangles:
            a, b, c = (Point3(*map(float, v)) for v in tri)
            if (b - a).cross(c - a).length() > 1e-12:
                node.addSolid(CollisionPolygon(a, b, c))
        root.attachNewNode(node)
    return root


def panda_rays(root: NodePath, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """One traversal per ray, as ursina's raycast does."""
    traverser = CollisionTraverser()
    queue = CollisionHandlerQueue()
    segment = CollisionSegment()
    node = CollisionNode("ray")
    node.addSolid(segment)
    path = root.attachNewNode(node)
    traverser.addCollider(path, queue)
    hits = np.zeros(len(starts), dtype=bool)
    for i, (s, e) in enumerate(zip(starts, ends, strict=True)):
        segment.setPointA(Point3(*map(float, s)))
        segment.setPointB(Point3(*map(float, e)))
        traverser.traverse(root)
        hits[i] = queue.getNumEntries() > 0
    path.removeNode()
    return hits


def panda_baseline(bf: Battlefield) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The bench's ``baseline``: the scene built once, then rays cast through it."""
    root = panda_scene(bf)
    return lambda starts, ends: panda_rays(root, starts, ends)
