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
from app.table import picker, static_entity

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
REROLL_LIFT_CM = 3.2
"""How far a die picked for a reroll is lifted (chosen: clearly off the table, still over its place;
1.6 barely told the picked dice from the others)."""
PICKED_RGB = (1.0, 0.82, 0.15, 1.0)
"""The lit ring under a die picked for a reroll."""
BLAST_S = 0.7
"""Seconds the burst of a landed grenade or mortar token shows (chosen: seen, then gone)."""
BLAST_CM = 9.0
"""How wide the burst grows (chosen: a toy's puff, not the rules' blast cord)."""


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
        self.pick_root = Entity(parent=parent, name="reroll-picks")
        self.sound: Any = lambda name: None
        """Plays a toy sound by name (the game screen sets it through the scene): a thud, a boom."""

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
        destroy(self.pick_root)
        self.pick_root = Entity(parent=self.root, name="reroll-picks")
        picks = MeshBuilder()
        for i, holder in enumerate(self.dice_entities):  # picked for a reroll: lifted high, over a lit ring
            picked = i in self.controller.reroll_pick
            x, y, _ = self.die_point(i)
            holder.position = Vec3(*frames.to_ursina((x, y, DIE_CM / 2 + (REROLL_LIFT_CM if picked else 0.0))))
            if picked:
                picks.add_cylinder((x, y, 0.05), DIE_CM * 0.85, 0.12, PICKED_RGB, sides=28)
                picks.add_cylinder((x, y, 0.17), DIE_CM * 0.62, 0.02, (0.12, 0.1, 0.05, 1.0), sides=28)
        if len(picks):
            static_entity(self.pick_root, picks, "picked-dice").setLightOff()

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

    def _blast(self, f: Any) -> None:
        """The landed grenade (or mortar token) goes off: a puff that swells and fades."""
        import trimesh
        from ursina import Entity, Vec3

        ball = trimesh.creation.icosphere(subdivisions=2, radius=1.0)  # built here: a model by name searched the disk
        mb = MeshBuilder()
        mb.add_triangles(ball.vertices.tolist(), ball.faces.tolist(), (1.0, 0.62, 0.15, 1.0))
        puff = Entity(parent=self.flight_root, model=mb.build(), position=Vec3(*frames.to_ursina(f.landing)),
                      scale=0.01, name="blast", double_sided=True)
        puff.setLightOff()
        puff.setDepthWrite(False)
        puff.setBin("transparent", 40)
        self._anim.append({"kind": "blast", "piece": puff, "t": 0.0})
        self.sound("boom")

    def animate(self, dt: float) -> None:
        from ursina import Vec3

        keep = []
        landed: list[Any] = []
        for a in self._anim:
            moved = a["body"] if a["kind"] == "tumble" else a["piece"]
            if moved.is_empty():  # its entity was destroyed by a redraw: nothing left to move
                continue
            a["t"] += dt
            if a["kind"] == "blast":
                k = min(1.0, a["t"] / BLAST_S)
                size = BLAST_CM * (0.25 + 0.75 * (1 - (1 - k) ** 3))  # the mesh is in cm (frames): radius 1 cm
                a["piece"].scale = size / 2
                a["piece"].alpha = 0.85 * (1 - k) ** 1.5
                if k < 1.0:
                    keep.append(a)
                else:
                    a["piece"].enabled = False
                continue
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
                else:
                    if a["trail"] is not None and not a["trail"].is_empty():
                        a["trail"].enabled = True  # landed: the path it took stays on the table
                    self.sound("thud")
                    landed.append(f)
        self._anim = keep
        for f in landed:  # it goes off where it landed
            self._blast(f)

    def flying(self) -> bool:
        """A throw still in the air or going off: the next action waits for it (a bot's
        Move came while the grenade flew, and took it and its trail away before it had
        landed), and so does the result (the winning grenade was never seen)."""
        return any(a["kind"] in ("flight", "blast") and not a["piece"].is_empty() for a in self._anim)

    def finish(self) -> None:
        """Jump every animation to its end (tests, and 'skip'): a throw lands, then its burst ends."""
        self.animate(60.0)
        self.animate(60.0)


__all__ = ["DIE_CM", "FACE_RGB", "DiceTray"]
