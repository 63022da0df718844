"""Where the mouse points on a horizontal plane of the table, in engine cm.

Dragging a piece or a figurine follows the mouse on the plane it stands on;
colliders would report points on whatever is under the cursor (the dragged
thing itself), so the ray through the cursor is cut with the plane instead.
"""

from __future__ import annotations

from app import frames


def mouse_on_plane(z_cm: float = 0.0) -> tuple[float, float] | None:
    """(x, y) in cm where the ray under the cursor meets the plane z = z_cm,
    or None when it does not (looking up at the sky)."""
    ray = mouse_ray()
    return None if ray is None else on_plane(*ray, z_cm)


def on_plane(a: tuple[float, float, float], b: tuple[float, float, float], z: float) -> tuple[float, float] | None:
    """Where the ray from a through b (engine cm) meets the plane at height
    ``z``, or None when it runs parallel to it or away from it."""
    dz = b[2] - a[2]
    if abs(dz) < 1e-9:
        return None
    t = (z - a[2]) / dz
    if t < 0:
        return None
    return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))


def mouse_ray() -> tuple[tuple[float, float, float], tuple[float, float, float]] | None:
    """The ray under the cursor in engine cm: (a point on the near plane, a
    point on the far plane), for picking in 3D; None when it cannot be made."""
    from panda3d.core import Point2, Point3
    from ursina import camera, mouse, scene, window

    film = Point2(mouse.x * 2 / window.aspect_ratio, mouse.y * 2)
    near, far = Point3(), Point3()
    if not camera.lens.extrude(film, near, far):
        return None
    a = frames.to_engine(scene.getRelativePoint(camera, near))
    b = frames.to_engine(scene.getRelativePoint(camera, far))
    return ((a[0], a[1], a[2]), (b[0], b[1], b[2]))
