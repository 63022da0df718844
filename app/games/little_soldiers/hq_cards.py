"""The Little Soldiers HQ cards and the Battle Track, as printed on the table.

Each General's card carries its Order tokens (on the card, in the lid, at the
bottom); each soldier's card its Heart, Shield and Order tokens, and its
figurine while it waits in the HQ (the card is how it is picked for
deployment). The Battle Track lies left of the play zone with the Flag on
its square. Where each card and square lies is the scene's (``card_point``,
``track_point``): the camera frames them.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from app.look.figurines import figurine_batch, plastic
from app.look.geom import Batch
from app.look.pipeline import TIN
from app.look.placards import placard
from app.scene_mesh import MeshBuilder
from app.seats import SEAT_RGB
from app.table import picker

if TYPE_CHECKING:
    from app.games.little_soldiers.view import LittleSoldiersView

CARD_W, CARD_D = 13.0, 8.0
"""An HQ card on the table, cm (chosen)."""
SELECT_RGB = (1.0, 1.0, 1.0, 1.0)
HEART_RGB = (0.90, 0.18, 0.25, 1.0)
SHIELD_RGB = (0.25, 0.50, 0.95, 1.0)
ORDER_RGB = (0.98, 0.78, 0.20, 1.0)


def hq_row(team: str) -> int:
    """Which HQ row a team's cards lie in: 0 in front (green), 1 behind."""
    return 0 if team == "green" else 1


def facing(team: str) -> float:
    """Engine heading a team's figurines face: across the table at the enemy."""
    return 90.0 if team == "green" else -90.0


def draw_hq(scene: LittleSoldiersView, mb: MeshBuilder, look: Batch) -> None:
    """HQ cards: each soldier's card with its Heart, Shield and Order
    tokens, and each General's card with the Chest's Order tokens."""
    v = scene.controller.view_dict()
    slots: dict[int, int] = {}
    soldiers = {s["id"]: s for s in v["soldiers"]}
    for g in v["generals"]:
        ti = hq_row(g["team"])
        rgb = SEAT_RGB.get(g["team"], (0.7, 0.7, 0.7))
        for ident in [None, *g["soldiers"]]:
            slot = slots.get(ti, 0)
            slots[ti] = slot + 1
            cx, cy, _ = scene.card_point(ti, slot)
            kind = soldiers[ident]["kind"] if ident else "general"
            name = g["name"].replace(":", " ") if ident is None else ""
            look.add_box((cx, cy, 0.0), (CARD_W, CARD_D, 0.22), (1, 1, 1),
                         textures={"top": f"hq:{kind}:{g['team']}:{name}"}, ground=None)
            if ident is None:  # the General: Order tokens on the card, lid and bottom stacks
                piles = ((g["tokens"], -3.5), (g["lid"], 0.5), (g["bottom"], 4.5))
                for n, dx in piles:  # the pile's top token prints its count
                    for j in range(n):
                        tex = f"token:order:{n}" if j == n - 1 else "token:order"
                        look.add_disc((cx + dx, cy - 2.3, 0.22 + 0.3 * j), 1.1, 0.26, (1, 1, 1), tex,
                                      side_rgb=ORDER_RGB[:3], ground=None)
                continue
            s = soldiers[ident]
            rows = ((s["hearts"], "heart", HEART_RGB), (s["shields"], "shield", SHIELD_RGB),
                    (s["orders"], "order", ORDER_RGB))
            for r, (n, tex, colour) in enumerate(rows):
                for j in range(min(n, 7)):
                    look.add_disc((cx - CARD_W / 2 + 1.6 + j * 1.7, cy + 0.2 - r * 2.0, 0.22), 0.7, 0.25, (1, 1, 1),
                                  f"token:{tex}", side_rgb=colour[:3], sides=16, ground=None)
            if s["spot"] is None:  # in the HQ: the figurine stands on its card
                figurine_batch(s["kind"], plastic(rgb), (cx + CARD_W / 2 - 1.9, cy - 2.3, 0.22), facing(g["team"]),
                               batch=look)
            if ident == scene.controller.selected:
                mb.add_box((cx, cy, 0.0), (CARD_W + 2.0, CARD_D + 2.0, 0.06), (*SELECT_RGB[:3], 1.0))
            # The card is how a soldier still in the HQ is picked for deployment.
            picker(scene.dynamic, (cx, cy, 0.0), (CARD_W, CARD_D, 0.6),
                   partial(scene.controller.click_soldier, ident), name=f"card-{ident}")

def draw_battle_track(scene: LittleSoldiersView, look: Batch) -> None:
    """The printed track the rules in play use (the scene's ``track_layout``), the Flag standing on its square."""
    track = scene.track_layout()
    if track is None:
        return
    for step, tex in track.squares:
        x, y, _ = scene.track_point(step)
        look.add_box((x, y, 0.0), (7.0, 7.0, 0.25), (1, 1, 1), textures={"top": tex}, ground=None)
    x, y, _ = scene.track_point(track.flag)
    look.add_disc((x, y, 0.25), 1.2, 0.3, (0.35, 0.32, 0.3), ground=None)
    look.add_disc((x, y, 0.55), 0.3, 8.6, (0.85, 0.85, 0.9), gloss=0.7, sides=10, ground=None, surface=TIN)
    look.add_disc((x, y, 9.15), 0.45, 0.6, (0.95, 0.8, 0.2), gloss=0.7, sides=10, ground=None)
    cloth = [(x, y, 6.2), (x + 4.5, y, 6.2), (x + 4.5, y, 9.0), (x, y, 9.0)]
    look.add_quad(cloth, (1, 1, 1), "flagcloth:white")
    look.add_quad(cloth[::-1], (1, 1, 1), "flagcloth:white", uv=((0, 1), (1, 1), (1, 0), (0, 0)))
    top = max(scene.track_point(step)[1] for step, _ in track.squares)
    placard(scene.dynamic, "track-label", track.label, (x, top + 5.8, 0.05), 2.0, "wood")


__all__ = ["CARD_D", "CARD_W", "draw_battle_track", "draw_hq", "facing", "hq_row"]
