"""Little Battle drawn on the table: the beach's two piles, Ships, hands, loot.

Everything drawn comes from the shown seat's view dict (never the truth):
other players' hands and Ships are face-down stacks of the sizes the view
gives; chests show their colour, and gold only where the view has it. The
controller says which piles or Ship to highlight; this module only draws.
Layout numbers are the app's own (cm on a virtual 110 x 80 cm table).
"""

from __future__ import annotations

import math
from typing import Any

from app import frames
from app.controllers.little_battle import LittleBattleController
from app.scene_mesh import MeshBuilder
from app.seats import SEAT_RGB, seat_label, seat_name
from app.table import Table, label, picker, rgba, static_entity

TABLE_W, TABLE_D = 110.0, 80.0
CARD_W, CARD_D, CARD_T = 6.0, 8.5, 0.25
PILE_AT: tuple[tuple[float, float], ...] = ((-9.0, 4.0), (9.0, 4.0))
HAND_Y = -33.0
FLIP_S = 0.6
"""Seconds a revealed card takes to flip face up."""
SHIP_RADIUS = (40.0, 26.0)
CHEST_RGB = {"blue": (0.20, 0.45, 0.90), "red": (0.88, 0.22, 0.20), "yellow": (0.98, 0.82, 0.20)}
KIND_RGB = {"Parrot": (0.30, 0.55, 0.95), "Rhino": (0.90, 0.35, 0.30), "Leopard": (0.98, 0.80, 0.25)}
CARD_BACK = (0.35, 0.22, 0.45, 1.0)
HIGHLIGHT = (0.35, 1.0, 0.35, 1.0)
SAND = (0.90, 0.80, 0.55, 1.0)
PAPER = (0.96, 0.94, 0.88, 1.0)


def ship_position(rel: int, n: int) -> tuple[float, float, float]:
    """Where the Ship of the seat ``rel`` places after the shown seat sits
    (0 = the shown seat, at the front edge), and its heading."""
    if rel == 0:
        return (0.0, -22.0, 0.0)
    # the others on an arc across the far side, in passing order
    span = math.radians(150)
    t = (rel - 1) / max(1, n - 2) if n > 2 else 0.5
    a = math.pi - ((math.pi - span) / 2 + t * span)
    x = SHIP_RADIUS[0] * math.cos(a)
    y = SHIP_RADIUS[1] * math.sin(a) + 6.0
    heading = math.degrees(math.atan2(-y, -x)) + 90.0
    return (x, y, heading)


def card_rgb(name: str) -> tuple[float, float, float]:
    kind = name.split()[0]
    rgb = KIND_RGB.get(kind, (0.7, 0.7, 0.7))
    if name.endswith("Chief"):
        return (rgb[0] * 0.65, rgb[1] * 0.65, rgb[2] * 0.65)
    return rgb


class LittleBattleView:
    """Draws a :class:`LittleBattleController`'s game and turns clicks into its calls."""

    FREE_FILM = (-0.96, 0.42, -0.84, 0.6)
    """The room the HUD leaves (film x0, x1, y0, y1): title and turn lines
    above, the event log right. At 5 players the far ships sat under the turn line. The engine's message line
    runs along the bottom (a 'Loaded ...' line lay over the rack)."""

    def home(self) -> None:
        """Frame every ship with its mast and label, the beach, your hand and the nap corner; the 'h' key."""
        n = self.controller.view_dict()["players"]
        pts: list[tuple[float, float, float]] = []
        for rel in range(n):
            x, y, _ = ship_position(rel, n)
            pts += [(x - 9, y + 5, 12.1), (x + 9, y + 5, 12.1), (x, y - 11.5, 0.5)]
        pts += [(-17.0, 21.0, 0.0), (17.0, -13.0, 0.0), (-40.0, HAND_Y - 6.0, 0.0), (46.0, -37.0, 0.0),
                (45.0, -22.0, 1.0)]
        self.table.frame(pts, self.FREE_FILM, pitch=60.0)

    def __init__(self, controller: LittleBattleController) -> None:
        from ursina import Entity

        self.controller = controller
        self.table = Table(TABLE_W, TABLE_D)
        self.home()
        beach = MeshBuilder()
        beach.add_cylinder((0.0, 4.0, 0.0), 17.0, 0.15, SAND, sides=40)
        self.static = static_entity(self.table.root, beach, "beach")
        self.dynamic = Entity(parent=self.table.root, name="little-battle")
        self.hover: str | None = None
        self.reveal_root = Entity(parent=self.table.root, name="reveal")
        self.reveal_cards: list[Any] = []
        self._reveal_key: Any = None
        self._anim: list[dict[str, Any]] = []
        self.ticker = Entity(name="lb-view-ticker")
        self.ticker.update = self.update
        controller.listeners.append(self.redraw)
        self.redraw()

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        from ursina import Entity, destroy

        destroy(self.dynamic)
        self.dynamic = Entity(parent=self.table.root, name="little-battle")
        c = self.controller
        v = c.view_dict()
        hidden = c.handover_to is not None
        mb = MeshBuilder()
        self._draw_piles(mb, v, [] if hidden else c.highlighted_piles())
        self._draw_ships(mb, v, hidden)
        if not hidden:
            self._draw_hand(mb, v)
        static_entity(self.dynamic, mb, "little-battle-pieces")
        self._reveal(v)

    # ------------------------------------------------------------ the reveal
    def reveal_point(self, pile: int, k: int, n: int) -> tuple[float, float, float]:
        """Where the ``k``-th of ``n`` cards played on ``pile`` lies face up."""
        x, y = PILE_AT[pile]
        return (x + (k - (n - 1) / 2) * (CARD_W + 0.8) * 0.75 + (-6.0 if pile == 0 else 6.0), y + CARD_D + 3.0, 1.5)

    def _reveal(self, v: dict[str, Any]) -> None:
        """The cards of the last Gold Rush turn, flipping face up one after
        the other at their piles (the view's ``last_reveal``)."""
        from ursina import Entity, Vec3, destroy

        reveal = v.get("last_reveal") or []
        key = (v.get("deal"), tuple((r["pile"], r["seat"], r["card"]) for r in reveal))  # a card is played once a deal
        if key == self._reveal_key:
            return
        self._reveal_key = key
        destroy(self.reveal_root)
        self.reveal_root = Entity(parent=self.table.root, name="reveal")
        self.reveal_cards = []
        per_pile: dict[int, list[dict[str, Any]]] = {}
        for r in reveal:
            per_pile.setdefault(r["pile"], []).append(r)
        order = 0
        for pile, plays in per_pile.items():
            for k, r in enumerate(plays):
                at = self.reveal_point(pile, k, len(plays))
                holder = Entity(parent=self.reveal_root, position=Vec3(*frames.to_ursina(at)), name="revealed")
                card = Entity(parent=holder, model=self._card_mesh(r["card"], r["seat"]).build(), double_sided=True)
                card.setLightOff()
                kind, _, value = r["card"].partition(" ")
                t = label(card, f"{value}\n{kind}", (0, 0.6, 0.2), 1.5, (0.1, 0.1, 0.1, 1), billboard=False)
                t.rotation_x = 90
                holder.card = r
                holder.body = card
                card.rotation_z = 180  # face down, then flipped
                self._anim.append({"body": card, "t": -0.35 * order, "holder": holder})
                self.reveal_cards.append(holder)
                order += 1

    def _card_mesh(self, name: str, seat: int) -> MeshBuilder:
        mb = MeshBuilder()
        rgb = SEAT_RGB[seat_name("little-battle", seat)]
        mb.add_box((0, 0, -CARD_T / 2), (CARD_W + 0.6, CARD_D + 0.6, CARD_T * 0.6), rgba(rgb))
        mb.add_polygon([(-CARD_W / 2, -CARD_D / 2, CARD_T / 2), (CARD_W / 2, -CARD_D / 2, CARD_T / 2),
                        (CARD_W / 2, CARD_D / 2, CARD_T / 2), (-CARD_W / 2, CARD_D / 2, CARD_T / 2)],
                       rgba(card_rgb(name)), (0, 0, 1))
        mb.add_polygon([(-CARD_W / 2, -CARD_D / 2, -CARD_T / 2), (-CARD_W / 2, CARD_D / 2, -CARD_T / 2),
                        (CARD_W / 2, CARD_D / 2, -CARD_T / 2), (CARD_W / 2, -CARD_D / 2, -CARD_T / 2)],
                       CARD_BACK, (0, 0, -1))
        return mb

    def update(self) -> None:
        from ursina import time

        self._animate(time.dt)

    def _animate(self, dt: float) -> None:
        keep = []
        for a in self._anim:
            a["t"] += dt
            k = max(0.0, min(1.0, a["t"] / FLIP_S))
            a["body"].rotation_z = 180.0 * (1 - k)
            a["body"].y = frames.length_to_ursina(4.0) * 4 * k * (1 - k)
            if k < 1.0:
                keep.append(a)
        self._anim = keep

    def finish_animations(self) -> None:
        self._animate(600.0)

    def revealed(self) -> list[dict[str, Any]]:
        """The revealed cards drawn now, with whether each is face up (tests)."""
        return [{**h.card, "face_up": abs(h.body.rotation_z) < 1e-6} for h in self.reveal_cards]

    def _draw_piles(self, mb: MeshBuilder, v: dict[str, Any], lit: list[int]) -> None:
        for p, pile in enumerate(v["beach"]):
            x, y = PILE_AT[p]
            if p in lit:
                mb.add_box((x, y, 0.15), (CARD_W + 4, CARD_D + 4, 0.1), HIGHLIGHT)
            # the pile lies chest side up: bottom card first, top card last
            for i, chest in enumerate(reversed(pile)):
                mb.add_box((x, y, 0.25 + i * CARD_T), (CARD_W, CARD_D, CARD_T * 0.9), rgba(CHEST_RGB[chest["color"]]))
            h = 0.25 + len(pile) * CARD_T
            label(self.dynamic, f"Pile {p + 1}: {len(pile)} chest{'s' if len(pile) != 1 else ''}", (x, y - 7.5, 1.0), 1.6)
            picker(self.dynamic, (x, y, 0.0), (CARD_W + 4, CARD_D + 4, max(h, 1.0)), lambda p=p: self.controller.click_pile(p),
                   name=f"pile-{p}")
        for play in v.get("my_play", []):
            x, y = PILE_AT[play["pile"]]
            mb.add_box((x, y - CARD_D - 1, 0.2), (CARD_W * 0.8, CARD_D * 0.8, CARD_T), CARD_BACK)
            label(self.dynamic, f"your {play['card']}", (x, y - CARD_D - 1, 2.5), 1.3, (1, 1, 0.7, 1))
        label(self.dynamic, f"nap corner: {v['nap']} cards", (46.0, -34.0, 1.0), 1.4, (0.9, 0.9, 0.9, 1))
        mb.add_box((46.0, -31.0, 0.0), (CARD_W, CARD_D, CARD_T * max(1, v["nap"])), CARD_BACK)

    def _draw_ships(self, mb: MeshBuilder, v: dict[str, Any], hidden: bool) -> None:
        n, me = v["players"], v["seat"]
        for s in range(n):
            rel = (s - me) % n
            x, y, heading = ship_position(rel, n)
            rgb = SEAT_RGB[seat_name("little-battle", s)]
            lit = rel == 0 and not hidden and self.controller.ship_highlighted()
            if lit:
                mb.add_box((x, y, 0.1), (22.0, 11.0, 0.1), HIGHLIGHT, heading)
            mb.add_box((x, y, 0.0), (16.0, 6.0, 2.5), rgba(rgb), heading)
            mb.add_box((x, y, 2.5), (17.0, 7.0, 0.6), rgba((rgb[0] * 0.7, rgb[1] * 0.7, rgb[2] * 0.7)), heading)
            mb.add_cylinder((x, y, 3.1), 0.35, 9.0, (0.4, 0.28, 0.15, 1.0), sides=8)
            mb.add_box((x, y, 5.0), (8.0, 0.2, 6.0), PAPER, heading)
            # the crew on board: face-down stack (the shown seat's own are drawn face up beside it)
            on_ship = v["ship_sizes"][s]
            for i in range(on_ship):
                mb.add_box((x - 4.0, y, 3.1 + i * CARD_T), (CARD_W * 0.7, CARD_D * 0.7, CARD_T * 0.9), CARD_BACK, heading)
            loot = v["loot"][s]
            lx, ly = x + 11.0 * math.cos(math.radians(heading)), y + 11.0 * math.sin(math.radians(heading))
            for i, chest in enumerate(loot):
                mb.add_box((lx, ly, i * CARD_T), (CARD_W * 0.8, CARD_D * 0.8, CARD_T * 0.9), rgba(CHEST_RGB[chest["color"]]), heading)
            gold = v["gold"][s]
            ready = "  ready" if v["committed"][s] and v["phase"] in ("draft", "rush") else ""
            text = f"{seat_label('little-battle', s)}{ready}\nhand {v['hand_sizes'][s]} · ship {on_ship} · chests {len(loot)}"
            if gold is not None:
                text += f" · {gold} gold"
            # in front of the ship, on the table (at the sail's height it covered the flag); yours beside it
            at = (x, y - 10.0, 0.5) if rel else (x + 27.0, y, 1.0)
            label(self.dynamic, text, at, 1.6,
                  (1, 1, 0.85, 1) if s in v["to_act"] else (0.85, 0.85, 0.85, 1), name=f"ship-label-{s}")
            if rel == 0 and not hidden:
                picker(self.dynamic, (x, y, 0.0), (17.0, 7.0, 6.0), self.controller.click_ship, name="ship")
                for i, name in enumerate(v["ship"]):
                    label(self.dynamic, name, (x - 16.0, y + 3.0 - i * 1.9, 0.5), 1.5, card_rgb(name) + (1.0,))

    def _draw_hand(self, mb: MeshBuilder, v: dict[str, Any]) -> None:
        hand = v["hand"]
        w = CARD_W * 1.3
        gap = 1.5
        x0 = -(len(hand) - 1) * (w + gap) / 2
        for i, name in enumerate(hand):
            x = x0 + i * (w + gap)
            selected = name == self.controller.selected
            z = 2.0 if selected else 0.0
            if selected:
                mb.add_box((x, HAND_Y, 0.05), (w + 1.6, CARD_D * 1.3 + 1.6, 0.1), HIGHLIGHT)
            mb.add_box((x, HAND_Y, z), (w, CARD_D * 1.3, CARD_T), rgba(card_rgb(name)))
            mb.add_box((x, HAND_Y + 1.5, z + CARD_T), (w * 0.7, CARD_D * 0.6, 0.05), PAPER)
            kind, _, value = name.partition(" ")
            label(self.dynamic, f"{value}\n{kind}", (x, HAND_Y + 1.0, z + 1.5), 1.7, (0.1, 0.1, 0.1, 1))
            picker(self.dynamic, (x, HAND_Y, 0.0), (w, CARD_D * 1.3, 2.5), lambda n=name: self.controller.click_card(n),
                   name=f"card-{name}")

    # ------------------------------------------------------------ for tests
    def pile_highlight_point(self, pile: int) -> tuple[float, float, float]:
        """An engine point on the highlight ring around ``pile`` (outside its cards)."""
        x, y = PILE_AT[pile]
        return (x + CARD_W / 2 + 1.2, y, 0.2)

    def hand_ring_point(self, index: int, count: int) -> tuple[float, float, float]:
        """An engine point on the ring drawn round the ``index``-th hand card when picked up."""
        w, gap = CARD_W * 1.3, 1.5
        return (-(count - 1) * (w + gap) / 2 + index * (w + gap) - w / 2 - 0.45, HAND_Y - 2.0, 0.1)

    def destroy(self) -> None:
        from ursina import destroy

        if self.redraw in self.controller.listeners:
            self.controller.listeners.remove(self.redraw)
        destroy(self.ticker)
        self.table.destroy()
