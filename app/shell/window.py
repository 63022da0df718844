"""Opening Ursina on screen or offscreen, screenshots, and projecting points.

Offscreen rendering is pinned to Panda3D's software renderer
(``p3tinydisplay``): it needs no display and no GPU, renders the same on
every machine, and exits cleanly (``p3headlessgl`` was seen aborting at
interpreter exit). Ursina keeps its UI invisible offscreen until
``window.update_aspect_ratio()`` runs, so :func:`start` calls it.

An on-screen window opens on Panda3D's default pipe (``pandagl``); when its
driver runs GLSL the table is lit by shaders (physically based materials, a
key light with a soft shadow map), otherwise the light is baked into the
vertex colours: :mod:`app.look.pipeline` decides, and says which.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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


BACKGROUND = (0.16, 0.17, 0.20)
"""The window's colour round the table."""

SCREEN_MARGIN = (0, 40)
"""px kept free around an on-screen window (width, height): the title bar
and a desktop panel, so the whole window, title included, is visible."""


def fit_to_screen(size: tuple[int, int], screen: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` shrunk (aspect kept) so the window fits on a ``screen`` of
    (width, height) pixels with :data:`SCREEN_MARGIN` left; as asked when the
    screen is unknown or big enough."""
    if screen is None:
        return size
    room_w, room_h = screen[0] - SCREEN_MARGIN[0], screen[1] - SCREEN_MARGIN[1]
    k = min(1.0, room_w / size[0], room_h / size[1])
    return (int(size[0] * k), int(size[1] * k)) if k < 1.0 else size


def screen_size() -> tuple[int, int] | None:
    """The main monitor's size in pixels, or None when it cannot be asked."""
    try:
        from screeninfo import get_monitors

        monitors = get_monitors()
    except Exception:  # noqa: BLE001 - no monitor info: keep the asked size
        return None
    if not monitors:
        return None
    main = next((m for m in monitors if getattr(m, "is_primary", False)), monitors[0])
    return (int(main.width), int(main.height))


def start(offscreen: bool, size: tuple[int, int] = (1280, 720), title: str = "Toybox", fit: bool = True) -> Any:
    """The Ursina application (one per process: Ursina is a singleton).

    On screen the window is shrunk to fit the monitor (a 1440x900 editor on a
    1280x720 screen had its title and bottom row cut off), unless ``fit`` is
    False (the bench's 1920x1080 on a 1920x1080 screen)."""
    from panda3d.core import loadPrcFileData

    if not offscreen and fit:
        size = fit_to_screen(size, screen_size())

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
    from app.look import pipeline

    path = pipeline.start(app)  # shader light on an OpenGL pipe that runs GLSL, else baked (app.look.pipeline)
    bg = BACKGROUND if path is pipeline.LookPath.BAKED else pipeline.untonemap(BACKGROUND)
    window.color = color.rgb(*bg)
    app.win.setClearColor(color.rgb(*bg))  # simplepbr clears its scene buffer with the window's colour
    if not offscreen:
        window.exit_button.visible = False
        window.fps_counter.enabled = True
    return app


def step(app: Any, frames_: int = 1) -> None:
    for _ in range(frames_):
        app.step()


PNG_COMPRESS_LEVEL = 1
"""Chosen: zlib level of a screenshot's PNG. Level 1 encodes a 1280x720 table in
about a quarter of the time Panda3D's PNG writer took (76 ms against 323 ms)
for a file about 10% larger: a screenshot never stalls the frame it is taken on."""


def screenshot(app: Any, path: str | os.PathLike[str]) -> Path:
    """Write the last rendered frame to ``path`` (PNG, top row first)."""
    import io

    from PIL import Image

    from engine.core.files import write_atomic

    out = Path(path)
    frame = app.win.getScreenshot()
    if frame is None or not frame.hasRamImage():
        raise RuntimeError("the renderer returned no frame")
    size = (frame.getXSize(), frame.getYSize())
    rows_up = Image.frombytes("RGB", size, bytes(frame.getRamImageAs("RGB")))  # Panda3D's rows run bottom-up
    encoded = io.BytesIO()
    rows_up.transpose(Image.Transpose.FLIP_TOP_BOTTOM).save(encoded, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    write_atomic(out, encoded.getvalue(), what="picture")  # a WriteError (one sentence) if the folder refuses
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
