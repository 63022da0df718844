"""The Threats of the co-op missions as toy monsters (vinyl, glossy), each
standing so that its Target - the point the soldiers' line of sight aims at
(the mission file's Threat target, at its printed height) - is the monster's
big eye. Their health shows as Heart slots on a little stand at their feet
and a raised Force Field as a translucent dome round them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import trimesh

from app.look.geom import Batch, Vector

LOOKS: dict[str, dict[str, Any]] = {
    "pinky": {"rgb": (0.95, 0.50, 0.70), "horns": False, "arms": 2},
    "howdy": {"rgb": (0.45, 0.80, 0.35), "horns": True, "arms": 2},
    "bob": {"rgb": (0.35, 0.55, 0.95), "horns": True, "arms": 0},
    "octocutie": {"rgb": (0.62, 0.40, 0.85), "horns": False, "arms": 0},
}
"""Chosen looks (the books show the Threats as pictures on the box)."""
FIELD_RGB = (0.35, 0.85, 1.0)
FIELD_ALPHA = 0.22


def _sphere(batch: Batch, centre: Vector, radii: Vector, rgb: Vector, gloss: float = 0.7,
            subdivisions: int = 2, alpha: float = 1.0, ground: float | None = 0.0) -> None:
    s = trimesh.creation.icosphere(subdivisions=subdivisions, radius=1.0)
    v = np.asarray(s.vertices) * radii + centre
    n = np.asarray(s.vertices) / np.asarray(radii)
    batch.add_mesh(v, s.faces, rgb, smooth=True, gloss=gloss, normals_at=n, alpha=alpha, ground=ground)


def monster(batch: Batch, threat: Mapping[str, Any], target: Sequence[float], field_on: bool) -> None:
    """One Threat: body, the eye at ``target`` (engine cm), horns or arms,
    Heart slots (toughness, filled as it takes Hearts), the Force Field."""
    tid = str(threat.get("id", "")).lower()
    if tid.startswith("octocutie-tentacle"):
        tid = "tentacle"
    elif tid.startswith("octocutie"):
        tid = "octocutie"
    look = LOOKS.get(tid, LOOKS["octocutie"] if tid == "tentacle" else LOOKS["pinky"])
    rgb = np.asarray(look["rgb"], dtype=float)
    if threat.get("broken"):
        rgb = rgb * 0.35 + 0.35
    x, y, eye_z = (float(c) for c in target)
    body_r = max(3.0, eye_z * 0.42)
    back = y + body_r * 0.9  # the body stands behind its eye, so the Target is what faces the table
    body_c = (x, back, body_r * 1.05)
    if tid == "tentacle":  # one of Octocutie's tentacles rising out of the table, curling over at its Target
        for j in range(10):
            t = j / 9
            _sphere(batch, (x + 2.2 * np.sin(t * 2.2), y + 1.0, t * eye_z), (1.9 - 0.9 * t,) * 3, rgb, subdivisions=1)
            if j % 2 == 0:
                _sphere(batch, (x + 2.2 * np.sin(t * 2.2), y - 0.7 + 0.6 * t, t * eye_z), (0.45 - 0.2 * t,) * 3,
                        (0.98, 0.82, 0.9), subdivisions=1)
        body_r = 2.0
    elif tid == "octocutie":  # a round head on eight curling tentacles
        _sphere(batch, (x, back, eye_z + 0.5), (body_r, body_r * 0.9, body_r * 0.95), rgb)
        for k in range(8):
            a = np.pi * k / 4
            for j in range(4):
                r = body_r * (0.6 + 0.25 * j)
                _sphere(batch, (x + r * np.cos(a), back + r * np.sin(a), max(0.6, eye_z - body_r - j * 0.9)),
                        (0.9 - 0.15 * j,) * 3, rgb * 0.9, subdivisions=1)
    else:
        _sphere(batch, body_c, (body_r, body_r * 0.85, body_r * 1.05), rgb)
        _sphere(batch, (x, back, eye_z + body_r * 0.35), (body_r * 0.8,) * 3, rgb)
        for side in (-1, 1):  # feet
            _sphere(batch, (x + side * body_r * 0.55, back - body_r * 0.8, 0.7), (1.1, 1.5, 0.7), rgb * 0.8, subdivisions=1)
            if look["horns"]:
                tip = (x + side * body_r * 0.65, back, eye_z + body_r * 1.25)
                cone = trimesh.creation.cone(radius=0.7, height=2.4, sections=12)
                cone.apply_translation((tip[0], tip[1], tip[2] - 1.4))
                batch.add_mesh(cone.vertices, cone.faces, (0.98, 0.94, 0.80), smooth=False, gloss=0.5)
            if look["arms"]:
                _sphere(batch, (x + side * body_r * 1.05, back, body_r * 1.1), (0.8, 0.8, body_r * 0.45),
                        rgb * 0.9, subdivisions=1)
        for side in (-1, 1):  # a toothy grin under the eye
            _sphere(batch, (x + side * 0.6, y - 0.2, eye_z - 1.9), (0.35, 0.2, 0.45),
                    (0.98, 0.98, 0.95), subdivisions=1)
    # the eye: white, iris, pupil, facing the table (-y): the Target itself
    _sphere(batch, (x, y, eye_z), (1.5, 1.0, 1.5), (0.98, 0.98, 0.98), gloss=0.9)
    _sphere(batch, (x, y - 0.8, eye_z), (0.8, 0.35, 0.8), (0.25, 0.55, 0.25) if tid != "pinky" else (0.4, 0.2, 0.6),
            gloss=0.9, subdivisions=1)
    _sphere(batch, (x, y - 1.05, eye_z), (0.38, 0.2, 0.38), (0.05, 0.05, 0.08), gloss=1.0, subdivisions=1)
    # health: a stand at its feet with a slot per point of toughness
    tough = int(threat.get("toughness", 0) or 0)
    hurt = int(threat.get("hearts", 0) or 0)
    if tough:
        w = 1.5 * tough + 0.6
        batch.add_box((x, y - 2.6, 0.0), (w, 1.8, 0.35), (0.95, 0.92, 0.84))
        for k in range(tough):
            cx = x - w / 2 + 1.05 + 1.5 * k
            tex = "token:heart" if k < hurt else "plain"
            batch.add_disc((cx, y - 2.6, 0.35), 0.6, 0.15, (1, 1, 1) if k < hurt else (0.75, 0.72, 0.66),
                           tex, ground=None)


def force_field(batch: Batch, target: Sequence[float], radius: float) -> None:
    """A translucent dome round a Threat whose Force Field is up."""
    x, y, z = (float(c) for c in target)
    _sphere(batch, (x, y + radius * 0.55, 0.0), (radius, radius, z + radius * 0.5), FIELD_RGB, gloss=1.0, subdivisions=3,
            alpha=FIELD_ALPHA, ground=None)


def threats_node(threats: Sequence[Mapping[str, Any]], switches: Mapping[str, bool]) -> tuple[Any, Any]:
    """(monsters, fields) NodePaths: the fields are translucent and drawn last."""
    solid, glass = Batch(), Batch(contact=False)
    for t in threats:
        target = t.get("target")
        if not target:
            continue
        on = any(switches.get(str(n), False) for n in t.get("switches", []))
        monster(solid, t, target, on)
        if on and not t.get("broken"):
            force_field(glass, target, max(5.0, float(target[2]) * 0.75))
    return solid.node("threats"), glass.node("force-fields") if len(glass) else None
