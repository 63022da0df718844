"""Opening Ursina on screen or offscreen, screenshots, and projecting points.

Offscreen rendering is pinned to Panda3D's software renderer
(``p3tinydisplay``): it needs no display and no GPU, renders the same on
every machine, and exits cleanly (``p3headlessgl`` was seen aborting at
interpreter exit). Ursina keeps its UI invisible offscreen until
``window.update_aspect_ratio()`` runs, so :func:`start` calls it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Sequence

from app import frames

OFFSCREEN_PRC = """
window-type offscreen
load-display p3tinydisplay
aux-display p3tinydisplay
audio-library-name null
sync-video false
"""


def display_available() -> bool:
    """Whether an on-screen window can be opened here (a display server to talk to)."""
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def start(offscreen: bool, size: tuple[int, int] = (1280, 720), title: str = "Toybox") -> Any:
    """The Ursina application (one per process: Ursina is a singleton)."""
    from panda3d.core import loadPrcFileData

    if offscreen:
        loadPrcFileData("toybox-offscreen", OFFSCREEN_PRC)
    loadPrcFileData("toybox", "notify-level-device fatal\nnotify-level-x11display fatal\nnotify-level-pnmimage error\n")
    from ursina import Ursina, color, window

    app = Ursina(
        title=title,
        window_type="offscreen" if offscreen else "onscreen",
        development_mode=False,
        size=size,
        borderless=False,
    )
    window.update_aspect_ratio()  # offscreen UI stays invisible without it
    window.color = color.rgb(0.16, 0.17, 0.20)
    if not offscreen:
        window.exit_button.visible = False
        window.fps_counter.enabled = True
    return app


def step(app: Any, frames_: int = 1) -> None:
    for _ in range(frames_):
        app.step()


def screenshot(app: Any, path: str | os.PathLike[str]) -> Path:
    """Write the last rendered frame to ``path`` (PNG)."""
    from panda3d.core import Filename, PNMImage

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    image = PNMImage()
    if not app.win.getScreenshot(image):
        raise RuntimeError("the renderer returned no frame")
    image.write(Filename.fromOsSpecific(str(out)))
    return out


def project(app: Any, engine_point: Sequence[float]) -> tuple[int, int] | None:
    """The pixel (column, row from the top) where an engine point is drawn, or
    None when it is behind the camera or off screen."""
    from panda3d.core import Point2, Point3
    from ursina import camera, scene

    p = Point3(*frames.to_ursina(engine_point))
    in_cam = camera.getRelativePoint(scene, p)
    lens = app.camNode.getLens() if hasattr(app, "camNode") else camera.lens
    film = Point2()
    if not lens.project(in_cam, film):
        return None
    w, h = app.win.getXSize(), app.win.getYSize()
    col = int(round((film.x + 1) / 2 * (w - 1)))
    row = int(round((1 - film.y) / 2 * (h - 1)))
    if not (0 <= col < w and 0 <= row < h):
        return None
    return col, row
