"""The Attack dice and the last throw's flight on the Little Soldiers table.

The dice lie in a row in front of the play zone as the engine last rolled
them (the controller's ``dice``): rerolled ones tumble, those picked for a
reroll are lifted. A Grenade or Mortar flies its engine flight (the
controller's ``flight``), its trail left on the table once it has landed,
until the next action. The scene asks :class:`DiceTray` whether a throw is
still in the air (the next action waits for it).
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any

from app import frames
from app.games.little_soldiers.drawing import draw_path
from app.look.geom import Batch
from app.look.pipeline import GLOSSY_PLASTIC
from app.scene_mesh import MeshBuilder
from app.table import picker

if TYPE_CHECKING:
    from app.games.little_soldiers.controller import LittleSoldiersController

FACE_RGB = {"hit": (0.85, 0.16, 0.12, 1.0), "double_hit": (0.55, 0.05, 0.10, 1.0),
            "lightning": (1.0, 0.82, 0.10, 1.0), "blank": (0.97, 0.96, 0.92, 1.0),
            "shield": (0.25, 0.50, 0.95, 1.0), "heart": (0.95, 0.45, 0.65, 1.0)}
"""The Attack dice's face colours (app.look.pieces prints the faces)."""
DIE_CM = 4.0
"""cm: the Attack dice are drawn a little larger than life, to read them."""
TUMBLE_S = 0.9
"""Seconds a rerolled die tumbles (chosen)."""
REROLL_LIFT_CM = 1.6
"""How far a die picked for a reroll is lifted (chosen)."""


class DiceTray:
    """The dice and the throw in flight, drawn under ``parent`` (see the module's docstring)."""

    def __init__(self, controller: LittleSoldiersController, parent: Any,
                 bounds: tuple[float, float, float, float]) -> None:
        from ursina import Entity

        self.controller = controller
        self.root = parent
        self.bounds = bounds
        """The play zone's bounds (engine cm): the dice lie in front of it."""
        self.dice_root = Entity(parent=parent, name="dice")
        self.flight_root = Entity(parent=parent, name="flight")
        self.dice_entities: list[Any] = []
        self.dice_labels: list[str] = []
        self._dice_id = -1
        self._flight_id = -1
        self._anim: list[dict[str, Any]] = []

    def die_point(self, index: int) -> tuple[float, float, float]:
        """Where die ``index`` rests (engine cm; its top face's centre)."""
        minx, miny, maxx, maxy = self.bounds
        return (maxx - 6 * DIE_CM + index * (DIE_CM + 2.2), miny - 9.0, DIE_CM)

    def draw_dice(self) -> None:
        """The Attack dice as the engine rolled them; rerolled ones tumble."""
        from ursina import Entity, Vec3, destroy

        d = self.controller.dice
        if d is None:
            self._drop_animations("tumble")  # a tumble of destroyed dice crashed the frame loop
            destroy(self.dice_root)
            self.dice_root = Entity(parent=self.root, name="dice")
            self.dice_entities, self.dice_labels = [], []
            return
        if d.roll_id != self._dice_id:
            self._dice_id = d.roll_id
            self._drop_animations("tumble")  # a tumble of destroyed dice crashed the frame loop
            destroy(self.dice_root)
            self.dice_root = Entity(parent=self.root, name="dice")
            self.dice_entities, self.dice_labels = [], []
            rng = random.Random(d.roll_id)
            for i, face in enumerate(d.faces):
                sniper = d.sniper and i == len(d.faces) - 1
                x, y, z = self.die_point(i)
                holder = Entity(parent=self.dice_root, position=Vec3(*frames.to_ursina((x, y, DIE_CM / 2))),
                                name=f"die-{i}")
                body = Entity(parent=holder, rotation_y=rng.uniform(-12, 12), name=f"die-body-{i}")
                self.die_node(face, sniper).reparentTo(body)
                picker(self.dice_root, (x, y, 0.0), (DIE_CM + 0.6, DIE_CM + 0.6, DIE_CM + 0.5),
                       partial(self.controller.click_die, i), name=f"pick-die-{i}")
                holder.face = face
                self.dice_entities.append(holder)
                self.dice_labels.append(face)
                if i in d.rolled:
                    spin = Vec3(rng.choice([-1, 1]) * rng.uniform(400, 700), rng.uniform(-300, 300),
                                rng.choice([-1, 1]) * rng.uniform(400, 700))
                    self._anim.append({"kind": "tumble", "body": body, "holder": holder, "t": 0.0, "spin": spin,
                                       "final": Vec3(body.rotation), "base": Vec3(holder.position)})
        for i, holder in enumerate(self.dice_entities):  # picked for a reroll: lifted
            lift = REROLL_LIFT_CM if i in self.controller.reroll_pick else 0.0
            x, y, _ = self.die_point(i)
            holder.position = Vec3(*frames.to_ursina((x, y, DIE_CM / 2 + lift)))

    def die_node(self, top: str, sniper: bool) -> Any:
        """A die with ``top`` up, its other faces showing the rest of its faces,
        each face printed (app.look.pieces.die_face); centred on the origin."""
        c = self.controller.view().chosen
        table = list(c.sniper_die_faces if sniper else c.attack_die_faces)
        table.remove(top) if top in table else None
        names = ["top", "right", "left", "back", "front", "bottom"]
        faces = [top] + table[:5]
        textures = {n: f"die:{f}:{int(sniper)}" for n, f in zip(names, faces, strict=True)}
        b = Batch(contact=False, pooled=False)
        b.add_box((0, 0, -DIE_CM / 2), (DIE_CM, DIE_CM, DIE_CM), (1, 1, 1), textures=textures, gloss=0.35, ground=None,
                  surface=GLOSSY_PLASTIC)
        return b.node("die")

    def running(self, kind: str) -> int:
        """How many animations of ``kind`` ("tumble", "flight") still run (for tests)."""
        return sum(1 for a in self._anim if a["kind"] == kind)

    def dice_shown(self) -> list[str]:
        """The faces on top of the dice drawn now (for tests)."""
        return list(self.dice_labels)

    def draw_flight(self) -> None:
        from ursina import Entity, Vec3, destroy

        f = self.controller.flight
        if f is None and self._flight_id != -1:  # the next action started: the last throw's trail goes
            self._flight_id = -1
            self._drop_animations("flight")
            destroy(self.flight_root)
            self.flight_root = Entity(parent=self.root, name="flight")
        if f is None or f.flight_id == self._flight_id:
            return
        self._flight_id = f.flight_id
        self._drop_animations("flight")
        destroy(self.flight_root)
        self.flight_root = Entity(parent=self.root, name="flight")
        mb = MeshBuilder()
        size = 1.6
        colour = (0.2, 0.55, 0.25, 1.0) if f.kind == "grenade" else (0.3, 0.3, 0.35, 1.0)
        if f.kind == "grenade":
            mb.add_box((0, 0, -size / 2), (size, size, size), colour)
        else:
            mb.add_cylinder((0, 0, -0.3), 1.6, 0.6, colour, sides=16)
        piece = Entity(parent=self.flight_root, model=mb.build(), double_sided=True, name="thrown")
        piece.position = Vec3(*frames.to_ursina(f.points[0]))
        trail = draw_path(self.flight_root, f.points, (1.0, 1.0, 1.0, 1.0), radius=0.12, name="trail")
        if trail is not None:  # drawn whole at the start, it gave the landing away before the piece flew
            trail.enabled = False
        self._anim.append({"kind": "flight", "piece": piece, "t": 0.0, "flight": f, "trail": trail})

    def _drop_animations(self, kind: str) -> None:
        self._anim = [a for a in self._anim if a["kind"] != kind]

    def animate(self, dt: float) -> None:
        from ursina import Vec3

        keep = []
        for a in self._anim:
            moved = a["body"] if a["kind"] == "tumble" else a["piece"]
            if moved.is_empty():  # its entity was destroyed by a redraw: nothing left to move
                continue
            a["t"] += dt
            if a["kind"] == "tumble":
                k = min(1.0, a["t"] / TUMBLE_S)
                ease = 1 - (1 - k) ** 3
                a["body"].rotation = a["final"] + a["spin"] * (1 - ease)
                hop = frames.length_to_ursina(6.0) * 4 * k * (1 - k)
                a["holder"].y = a["base"][1] + hop
                if k < 1.0:
                    keep.append(a)
            else:
                f = a["flight"]
                t = a["t"]
                idx = next((i for i, tt in enumerate(f.times) if tt >= t), len(f.times) - 1)
                a["piece"].position = Vec3(*frames.to_ursina(f.points[idx]))
                if t < f.times[-1]:
                    keep.append(a)
                elif a["trail"] is not None and not a["trail"].is_empty():
                    a["trail"].enabled = True  # landed: the path it took stays on the table
        self._anim = keep

    def flying(self) -> bool:
        """A throw still in the air: the next action waits for it to land (a
        bot's Move came while the grenade flew, and took it and its trail away
        before it had landed)."""
        return any(a["kind"] == "flight" and not a["piece"].is_empty() for a in self._anim)

    def finish(self) -> None:
        """Jump every animation to its end (tests, and 'skip')."""
        self.animate(60.0)


__all__ = ["DIE_CM", "FACE_RGB", "DiceTray"]
