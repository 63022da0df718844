"""Toy Battle's placements shown on the table (see :mod:`app.animation`):
the placed tile slides from its owner's rack to the base."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app import frames
from app.animation import Motion
from app.games.toy_battle.controller import near_seat

if TYPE_CHECKING:
    from app.games.protocols import Motions, Snapshot
    from app.games.toy_battle.view import ToyBattleView

SLIDE_S = 0.7
"""How long a placed tile slides at normal speed (chosen)."""


class TileShows:
    """The Toy Battle scene's :class:`app.games.protocols.ActionShows`."""

    def __init__(self, scene: ToyBattleView) -> None:
        self.scene = scene

    def take(self, picture: dict[str, Any]) -> Snapshot:
        return {"board": {n: list(stack) for n, stack in picture.get("board", {}).items()}}

    def show(self, before: Snapshot, after: Snapshot, motions: Motions) -> None:
        for node, stack in after["board"].items():
            if len(stack) > len(before["board"].get(node, [])):
                self._slide(motions, node, stack[-1].split()[0], len(stack))

    def _slide(self, motions: Motions, node: str, colour: str, height: int) -> None:
        from ursina import Entity, Vec3, destroy

        from app.scene_mesh import MeshBuilder
        from app.seats import SEAT_RGB, seat_name
        from app.table import rgba

        view = self.scene
        x1, y1 = view.at(node)
        front, back = view.rack_rows()
        c = view.controller
        mine = seat_name(c.game, near_seat(c.view_dict())) == colour  # your rack is in front (a spectator's: blue's)
        x0, y0 = view.to_table(view.center[0], front if mine else back)  # the racks turn with the board
        mb = MeshBuilder()
        mb.add_cylinder((0, 0, 0), 3.0, 0.9, rgba(SEAT_RGB.get(colour, (0.8, 0.8, 0.8))), sides=20)
        tile = Entity(parent=view.table.root, model=mb.build(), double_sided=True, name="sliding-tile")
        z1 = 1.0 + (height - 1) * 1.0

        def step(k: float) -> None:
            e = 1 - (1 - k) ** 3
            hop = 6.0 * 4 * e * (1 - e)
            tile.position = Vec3(*frames.to_ursina((x0 + (x1 - x0) * e, y0 + (y1 - y0) * e, z1 + hop + 0.5)))

        step(0.0)
        motions.sound("slide")
        motions.add(Motion(SLIDE_S, step, lambda: destroy(tile)))


__all__ = ["SLIDE_S", "TileShows"]
