"""Little Battle drawn on the table: the beach's two piles, Ships, hands, loot.

Everything drawn comes from the shown seat's view dict (never the truth):
other players' hands and Ships are face-down stacks of the sizes the view
gives; chests show their colour, and gold only where the view has it. The
controller says which piles or Ship to highlight; this module only draws.
Layout numbers are the app's own (cm on a virtual 110 x 80 cm table).
"""

from __future__ import annotations

import functools
import math
from functools import partial
from typing import Any

from app import frames
from app.games.little_battle.controller import LittleBattleController
from app.games.protocols import ActionShows, GameScene
from app.look.cards import chest, coins, ship
from app.look.geom import Batch
from app.look.placards import STYLES, placard, size_cm
from app.pointer import on_plane
from app.scene_mesh import MeshBuilder
from app.seats import SEAT_RGB, seat_label, seat_name
from app.table import Table, free_film, picker, static_entity
from engine.little_battle.state import DRAFT, RUSH

TABLE_W, TABLE_D = 110.0, 80.0
CARD_W, CARD_D, CARD_T = 6.0, 8.5, 0.25
PILE_AT: tuple[tuple[float, float], ...] = ((-9.0, 4.0), (9.0, 4.0))
HAND_Y = -33.0
FLIP_S = 0.6
"""Seconds a revealed card takes to flip face up (at normal speed)."""
FLIP_GAP_S = 0.35
"""Seconds between two revealed cards starting to flip (chosen)."""
TRAVEL_S = 1.1
"""Seconds a taken chest takes from the beach to its Ship (normal speed; chosen)."""
TRAVEL_GAP_S = 0.55
"""Seconds between two chests setting off (chosen: one after the other, in the rule's order)."""
TRAVEL_HOP_CM = 9.0
"""How high a travelling chest arcs over the sea (chosen)."""
SHIP_RADIUS = (40.0, 26.0)
REVEAL_SCALE = 0.8
"""The cards of a reveal lie at this share of a card's size behind their pile (chosen: five on a pile
fit the beach, clear of the far Ships' name plates)."""
CHEST_RGB = {"blue": (0.20, 0.45, 0.90), "red": (0.88, 0.22, 0.20), "yellow": (0.98, 0.82, 0.20)}
KIND_RGB = {"Parrot": (0.30, 0.55, 0.95), "Rhino": (0.90, 0.35, 0.30), "Leopard": (0.98, 0.80, 0.25)}
CARD_BACK = (0.35, 0.22, 0.45, 1.0)
HIGHLIGHT = (0.35, 1.0, 0.35, 1.0)
SAND = (0.90, 0.80, 0.55, 1.0)
PAPER = (0.96, 0.94, 0.88, 1.0)
SEA = (0.16, 0.42, 0.58, 1.0)
"""The cloth round the beach: the sea the Ships sail."""


def card_texture(name: str) -> str:
    """The printed face of an adventurer card ('Parrot 7', 'Rhino Chief')."""
    kind, _, value = name.partition(" ")
    return f"adventurer:{kind}:{value}"


def near_seat(v: dict[str, Any]) -> int:
    """The seat whose Ship is drawn at the front edge: the view's own, or the
    first player's for a spectator (who holds no seat)."""
    seat = int(v["seat"])
    return seat if 0 <= seat < int(v["players"]) else 0


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


DECK_TOP_CM = 2.8
"""The deck's height on a Ship board (app.look.cards.ship draws it there)."""
CHEST_CM = 2.0
"""A won chest's size on deck (chosen: three along and two across fit the deck ahead of the crew)."""
LOOT_ALONG = (0.9, 3.1, 5.3)
"""cm from the Ship's middle toward the bow of each column of chests on deck (chosen: clear of the mast,
inside the bow's taper)."""
LOOT_ACROSS = (-0.8, 0.8)
"""cm each side of the keel of the two rows of chests (chosen: clear of the sail, which stands on the keel)."""
LOOT_LAYER_CM = 1.7
"""How much higher each layer of chests stands on the one under it (a chest with its lid is 1.65 cm)."""
CREW_ALONG = -4.4
"""cm from the Ship's middle toward the stern where the crew lies on deck (chosen)."""


def loot_spot(rel: int, n: int, slot: int) -> tuple[float, float, float]:
    """Where chest number ``slot`` won by the seat ``rel`` places after the shown
    seat stands: on its Ship's deck, ahead of the mast, three along and two
    across, then a layer higher (they stood in the sea beside the Ships)."""
    x, y, heading = ship_position(rel, n)
    per_layer = len(LOOT_ALONG) * len(LOOT_ACROSS)
    layer, k = divmod(slot, per_layer)
    col, row = divmod(k, len(LOOT_ACROSS))
    a = math.radians(heading)
    along, across = (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))  # bow; port
    u, w = LOOT_ALONG[col], LOOT_ACROSS[row]
    return (x + u * along[0] + w * across[0], y + u * along[1] + w * across[1], DECK_TOP_CM + layer * LOOT_LAYER_CM)


def crew_spot(rel: int, n: int) -> tuple[float, float, float, float]:
    """Where a Ship's crew lies on its deck, behind the mast: (x, y, z, heading)."""
    x, y, heading = ship_position(rel, n)
    a = math.radians(heading)
    return (x + CREW_ALONG * math.cos(a), y + CREW_ALONG * math.sin(a), DECK_TOP_CM + 0.05, heading)


BEACH_AT, BEACH_R, BEACH_TOP_CM = (0.0, 4.0), 17.0, 0.25
"""The beach's sand disc: centre, radius and height, cm. The name plates lie just above
its height: where a plate reaches the sand (the far ones at 5 players: there is no room
off it) it lies on the sand, not under it."""
PLATE_FROM_SHIP_CM = 10.0
"""How far in front of a far Ship (toward you) its name plate lies where there is room (chosen)."""
PLATE_LINE_CM = 2.0
"""A name plate's line depth, cm."""
PLATE_CLEAR_CM = 0.8
"""The room a name plate keeps from the beach's edge and any hull (chosen)."""
HULL_OUTLINE = ((-8.6, 0.0), (-8.0, -3.0), (5.0, -3.0), (9.0, 0.0), (5.0, 3.0), (-8.0, 3.0))
"""A Ship's hull in its own frame, bow to +x (app.look.cards.ship draws it)."""


@functools.lru_cache(maxsize=256)
def plate_spot(rel: int, n: int, width: float, depth: float) -> tuple[float, float]:
    """Where the name plate (``width`` x ``depth`` cm) of the seat ``rel`` places
    after the shown seat lies: yours right of your Ship; a far Ship's in front of
    it, moved the least from :data:`PLATE_FROM_SHIP_CM` straight in front so that
    it is clear of the beach and of every hull; where no spot near is (the top
    Ships at 5 players), straight in front, lying over the sand's edge. (At 4
    and 5 players the far plates lay partly under the sand, their counts hidden.)"""
    from shapely import affinity
    from shapely.geometry import Point, Polygon, box
    from shapely.geometry.base import BaseGeometry

    x, y, _ = ship_position(rel, n)
    if rel == 0:
        return (x + 27.0, y)
    hulls = []
    for r in range(n):
        hx, hy, heading = ship_position(r, n)
        hulls.append(affinity.translate(affinity.rotate(Polygon(HULL_OUTLINE), heading, origin=(0, 0)), hx, hy))
    blocked: BaseGeometry = Point(*BEACH_AT).buffer(BEACH_R + PLATE_CLEAR_CM)
    for hull in hulls:
        blocked = blocked.union(hull.buffer(PLATE_CLEAR_CM))
    table = box(-TABLE_W / 2, -TABLE_D / 2, TABLE_W / 2, TABLE_D / 2)
    tries = sorted(((dx * 0.5, -PLATE_FROM_SHIP_CM + dy * 0.5) for dx in range(-8, 9) for dy in range(-6, 5)),
                   key=lambda d: (abs(d[0]) + abs(d[1] + PLATE_FROM_SHIP_CM), abs(d[0])))
    for dx, dy in tries:
        cx, cy = x + dx, y + dy
        plate = box(cx - width / 2, cy - depth / 2, cx + width / 2, cy + depth / 2)
        if table.contains(plate) and not plate.intersects(blocked):
            return (cx, cy)
    return (x, y - PLATE_FROM_SHIP_CM)


def _box(x: float, y: float, hx: float, hy: float, z0: float, z1: float) -> list[tuple[float, float, float]]:
    return [(x + sx * hx, y + sy * hy, z) for sx in (-1, 1) for sy in (-1, 1) for z in (z0, z1)]


def card_rgb(name: str) -> tuple[float, float, float]:
    kind = name.split()[0]
    rgb = KIND_RGB.get(kind, (0.7, 0.7, 0.7))
    if name.endswith("Chief"):
        return (rgb[0] * 0.65, rgb[1] * 0.65, rgb[2] * 0.65)
    return rgb


class LittleBattleView(GameScene):
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
            w, d = size_cm(f"{seat_label('little-battle', 0)}  - to play\nhand 5 · ship 5 · chests 10", PLATE_LINE_CM)
            px, py = plate_spot(rel, n, w, d)
            pts += [(x - 9, y + 5, 12.1), (x + 9, y + 5, 12.1), (px, py - d / 2 - 0.5, 0.5)]
        pts += [(-17.0, 21.0, 0.0), (17.0, -13.0, 0.0), (-40.0, HAND_Y - 6.0, 0.0), (46.0, -37.0, 0.0),
                (45.0, -22.0, 1.0)]
        self.table.frame(pts, free_film(self.FREE_FILM), pitch=60.0)

    def __init__(self, controller: LittleBattleController) -> None:
        from ursina import Entity

        self.controller = controller
        self.table = Table(TABLE_W, TABLE_D, top=SEA, printed="sea")
        self.home()
        from ursina import Entity as _Entity

        self.static = _Entity(parent=self.table.root, name="beach")
        beach = Batch()
        beach.add_disc((*BEACH_AT, 0.0), BEACH_R, BEACH_TOP_CM, (1, 1, 1), "sand", side_rgb=(0.85, 0.74, 0.5), sides=64)
        beach.add_box((-62.0, 22.0, 0.0), (26.0, 26.0, 4.0), (0.15, 0.35, 0.45), textures={"top": "boxart:little-battle"},
                      heading=-10.0, gloss=0.3)
        bank = [(-27.0 + 2.3 * math.cos(k * 2.4) * (k % 4), -8.0 + 2.3 * math.sin(k * 2.4) * (k % 4), 0.0) for k in range(14)]
        for k, at in enumerate(bank):  # the gold not yet won, heaped beside the beach
            coins(beach, (at[0], at[1], 0.22 * (k // 5)), 1 + k % 3)
        beach.node("beach").reparentTo(self.static)
        import numpy as np

        from app.look.scenery import add_shadow, shadow_outline

        shade = Batch(contact=False)
        add_shadow(shade, shadow_outline(np.array([[-62.0 + sx * 14, 22.0 + sy * 14, z] for sx in (-1, 1)
                                                   for sy in (-1, 1) for z in (0.0, 4.0)])), 0.05)
        n = controller.view_dict()["players"]
        for rel in range(n):  # the Ships' shadows on the sea
            x, y, heading = ship_position(rel, n)
            a = math.radians(heading)
            hull = np.array([[x + dx * math.cos(a) - dy * math.sin(a), y + dx * math.sin(a) + dy * math.cos(a), z]
                             for dx in (-8.5, 9.0) for dy in (-3.0, 3.0) for z in (0.0, 2.5)])
            add_shadow(shade, shadow_outline(np.vstack([hull, [[x, y, 11.0]]])), 0.05, 0.8,
                       under=shadow_outline(hull[hull[:, 2] == 0.0]))
        node = shade.node("shadows")
        node.setDepthWrite(False)
        node.setBin("transparent", 10)
        node.reparentTo(self.static)
        self.dynamic = Entity(parent=self.table.root, name="little-battle")
        self.hover: str | None = None
        self.reveal_root = Entity(parent=self.table.root, name="reveal")
        self.reveal_cards: list[Any] = []
        self._reveal_key: Any = None
        self._anim: list[dict[str, Any]] = []
        self.shows: ActionShows | None = None  # the scene runs its own flips and journeys (set_pace)
        self.pace: float = 1.0
        self.sound: Any = lambda name: None
        """Plays a toy sound by name (the game screen sets it: app.sounds): a card flips, coins land."""
        """The speed setting's factor on durations (0: instant), set by the screen's Animator."""
        self.arriving: set[tuple[int, int]] = set()
        """(seat, chest number) of chests still travelling: not drawn at their Ship yet."""
        self._travel: list[dict[str, Any]] = []
        self._key: Any = None
        self._before: dict[str, Any] | None = None
        self._shown_reveal: list[dict[str, Any]] = []
        self._animate_reveal = False
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
        self._follow(v)
        hidden = c.handover_to is not None
        mb = MeshBuilder()
        look = Batch()
        self._draw_piles(mb, v, [] if hidden else c.highlighted_piles(), look)
        self._draw_ships(mb, v, hidden, look)
        if not hidden:
            self._draw_hand(mb, v, look)
        static_entity(self.dynamic, mb, "little-battle-pieces")
        look.node("little-battle-look").reparentTo(self.dynamic)
        self._reveal(v)

    # ------------------------------------------------------------ what the last action did
    def _follow(self, v: dict[str, Any]) -> None:
        """When exactly one action was played since the last redraw and it
        ended a Gold Rush turn, take the reveal it made (from the public view
        just after it: the deal that may follow shuffles those cards away) and
        set each taken chest travelling to its Ship (app.games.little_battle.loot_show)."""
        from app.games.little_battle.loot_show import travels, view_after_last_action

        key = self.controller.match_key()
        if key == self._key:
            return
        one = self._key is not None and key[0] == self._key[0] and key[1] == self._key[1] + 1
        before, self._key, self._before = self._before, key, v
        self._shown_reveal = list(v.get("last_reveal") or [])
        self._animate_reveal = False
        if not one or before is None:
            self._end_travels(redraw=False)
            return
        if self.pace > 0:
            self.sound("card")  # a card kept on a Ship or laid at a pile
        mid = view_after_last_action(self.controller)
        if mid is None or not mid.get("last_reveal"):
            return
        trips = travels(before, mid)
        self._shown_reveal = list(mid["last_reveal"])
        self._animate_reveal = True
        self._end_travels(redraw=False)  # a new reveal: the last one's chests are home
        start = FLIP_GAP_S * (len(self._shown_reveal) - 1) + FLIP_S
        for trip in trips:
            if trip.slot >= len(v["loot"][trip.seat]):
                continue  # (a view of another seat count: nothing to carry)
            self.arriving.add((trip.seat, trip.slot))
            self._travel.append({"trip": trip, "t": -(start + TRAVEL_GAP_S * trip.order), "entity": None,
                                 "from": self.chest_top(trip.pile, len(before["beach"][trip.pile]) - trip.depth),
                                 "to": self.loot_point(trip.seat, trip.slot, v)})

    def chest_top(self, pile: int, height: int) -> tuple[float, float, float]:
        """Where the top chest stands on ``pile`` with ``height`` chest cards in it."""
        x, y = PILE_AT[pile]
        return (x, y + 0.5, 0.25 + max(height, 1) * CARD_T)

    def plate_point(self, seat: int, v: dict[str, Any], gold: bool) -> tuple[float, float]:
        """Where ``seat``'s name plate lies (:func:`plate_spot`), placed by its longest
        text so it does not move as the words change turn by turn."""
        n, me = v["players"], near_seat(v)
        longest = f"{seat_label('little-battle', seat)}  - to play\nhand 5 · ship 5 · chests 10" + (" · 99 gold" if gold else "")
        return plate_spot((seat - me) % n, n, *size_cm(longest, PLATE_LINE_CM))

    def loot_point(self, seat: int, slot: int, v: dict[str, Any]) -> tuple[float, float, float]:
        """Where chest number ``slot`` won by ``seat`` stands on its Ship's deck: see :func:`loot_spot`."""
        n, me = v["players"], near_seat(v)
        return loot_spot((seat - me) % n, n, slot)

    def _chest_entity(self, trip: Any) -> Any:
        """A travelling chest: closed, its colour; a line over it names the taker
        and the gold as the shown seat may see it."""
        from ursina import Entity

        b = Batch(contact=False, pooled=False)
        chest(b, (0.0, 0.0, 0.0), trip.color, size=CHEST_CM)
        e = Entity(parent=self.table.root, name="travelling-chest")
        b.node("chest").reparentTo(e)
        gold = f"{trip.gold} gold" if trip.gold is not None else "gold hidden"
        colour = seat_name("little-battle", trip.seat)
        placard(e, "travel-tag", f"{seat_label('little-battle', trip.seat)}: {gold}", (0.0, -3.2, 0.0), 1.3,
                colour if colour in STYLES else "cream")  # a tag card tied to the chest: it rides with it
        return e

    def _move_travels(self, dt: float) -> None:
        from ursina import Vec3, destroy

        keep, landed = [], False
        for a in self._travel:
            a["t"] += dt
            if a["t"] < 0:
                keep.append(a)
                continue
            k = min(1.0, a["t"] / TRAVEL_S)
            if a["entity"] is None and k < 1.0:
                a["entity"] = self._chest_entity(a["trip"])
            if a["entity"] is not None:
                e = 1 - (1 - k) ** 2
                (x0, y0, z0), (x1, y1, z1) = a["from"], a["to"]
                hop = TRAVEL_HOP_CM * 4 * e * (1 - e)
                a["entity"].position = Vec3(*frames.to_ursina((x0 + (x1 - x0) * e, y0 + (y1 - y0) * e,
                                                              z0 + (z1 - z0) * e + hop)))
            a["k"] = k
            if k < 1.0:
                keep.append(a)
            else:
                if a["entity"] is not None:
                    destroy(a["entity"])
                self.arriving.discard((a["trip"].seat, a["trip"].slot))
                landed = True
                self.sound("coins")  # the chest lands at its Ship
        self._travel = keep
        if landed:
            self.redraw()  # the chest now stands at its Ship, open where its gold may be seen

    def _end_travels(self, redraw: bool = True) -> None:
        from ursina import destroy

        for a in self._travel:
            if a["entity"] is not None:
                destroy(a["entity"])
        had = bool(self._travel or self.arriving)
        self._travel = []
        self.arriving = set()
        if had and redraw:
            self.redraw()

    def travelling(self) -> list[dict[str, Any]]:
        """The chests on their way now, for tests: who took it, where it is."""
        out = []
        for a in self._travel:
            t = a["trip"]
            at = frames.to_engine(a["entity"].position) if a["entity"] is not None else a["from"]
            out.append({"seat": t.seat, "slot": t.slot, "color": t.color, "gold": t.gold, "pile": t.pile,
                        "card": t.card, "started": a["t"] >= 0, "at": list(at), "to": list(a["to"]),
                        "from": list(a["from"])})
        return out

    def animating(self) -> bool:
        """Cards still flipping or chests still travelling (the next bot action waits)."""
        return bool(self._anim or self._travel)

    # ------------------------------------------------------------ the reveal
    def reveal_point(self, pile: int, k: int, n: int) -> tuple[float, float, float]:
        """Where the ``k``-th of ``n`` cards played on ``pile`` lies face up."""
        x, y = PILE_AT[pile]
        depth = CARD_D * REVEAL_SCALE  # just behind the pile (further back they lay on the far players' name plates)
        return (x + (k - (n - 1) / 2) * (CARD_W + 0.8) * 0.75 * REVEAL_SCALE + (-6.0 if pile == 0 else 6.0),
                y + CARD_D / 2 + depth / 2 + 0.4, 0.8)

    def my_play_point(self, pile: int) -> tuple[float, float, float]:
        """Where your card played on ``pile`` this turn lies: on the pile's inner side,
        between the two piles (in front of the pile it lay on the pile's count)."""
        x, y = PILE_AT[pile]
        return (x + (6.0 if x < 0 else -6.0), y - 1.0, 0.3)

    def _reveal(self, v: dict[str, Any]) -> None:
        """The cards of the last Gold Rush turn, flipping face up one after
        the other at their piles (the view's ``last_reveal``)."""
        from ursina import Entity, Vec3, destroy

        reveal = self._shown_reveal
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
                holder = Entity(parent=self.reveal_root, position=Vec3(*frames.to_ursina(at)), name="revealed",
                                scale=REVEAL_SCALE)
                card = Entity(parent=holder, name="revealed-card")
                self._card_node(r["card"], r["seat"]).reparentTo(card)
                holder.card = r
                holder.body = card
                if self._animate_reveal:  # the reveal just made: face down, then flipped (else shown as it lies)
                    card.rotation_z = 180
                    self._anim.append({"body": card, "t": -FLIP_GAP_S * order, "holder": holder})
                self.reveal_cards.append(holder)
                order += 1

    def _card_node(self, name: str, seat: int) -> Any:
        """A played card on a rim of its player's colour: the printed face up, the back down."""
        rgb = SEAT_RGB[seat_name("little-battle", seat)]
        b = Batch(contact=False, pooled=False)
        b.add_box((0, 0, -CARD_T / 2), (CARD_W + 0.6, CARD_D + 0.6, CARD_T * 0.6), rgb[:3], ground=None)
        b.add_box((0, 0, -CARD_T / 2), (CARD_W, CARD_D, CARD_T), (1, 1, 1), ground=None,
                  textures={"top": card_texture(name), "bottom": "cardback"})
        return b.node("card")

    def update(self) -> None:
        from app.animation import frame_dt

        self.advance(frame_dt())

    def _animate(self, dt: float) -> None:
        keep = []
        for a in self._anim:
            if not a.get("heard") and a["t"] + dt >= 0:
                a["heard"] = True
                self.sound("card")  # it starts to flip
            a["t"] += dt
            k = max(0.0, min(1.0, a["t"] / FLIP_S))
            a["body"].rotation_z = 180.0 * (1 - k)
            a["body"].y = frames.length_to_ursina(4.0) * 4 * k * (1 - k)
            if k < 1.0:
                keep.append(a)
        self._anim = keep

    def advance(self, seconds: float) -> None:
        """Run the flips and journeys ``seconds`` further at the current pace (what a frame does; tests)."""
        dt = seconds / self.pace if self.pace > 0 else 1e6
        self._animate(dt)
        if self._travel:
            self._move_travels(dt)

    def set_pace(self, factor: float) -> None:
        self.pace = factor

    def finish_animations(self) -> None:
        """Space: every card face up, every chest at its Ship."""
        self._animate(600.0)
        self._end_travels()

    def revealed(self) -> list[dict[str, Any]]:
        """The revealed cards drawn now, with whether each is face up (tests)."""
        return [{**h.card, "face_up": abs(h.body.rotation_z) < 1e-6} for h in self.reveal_cards]

    def _draw_piles(self, mb: MeshBuilder, v: dict[str, Any], lit: list[int], look: Batch) -> None:
        """The beach's two piles of chest cards, the top chest standing on
        each as a closed 3D chest of its colour; your played cards face down."""
        for p, pile in enumerate(v["beach"]):
            x, y = PILE_AT[p]
            if p in lit:
                mb.add_box((x, y, 0.15), (CARD_W + 4, CARD_D + 4, 0.1), HIGHLIGHT)
            # the pile lies chest side up: bottom card first, top card last
            for i, chest_card in enumerate(reversed(pile)):
                look.add_box((x + 0.15 * ((i * 7) % 3 - 1), y, 0.25 + i * CARD_T), (CARD_W, CARD_D, CARD_T * 0.9),
                             (0.93, 0.88, 0.76), textures={"top": f"chestcard:{chest_card['color']}"}, ground=None)
            h = 0.25 + len(pile) * CARD_T
            if pile:
                chest(look, (x, y + 0.5, h), pile[0]["color"], heading=-8.0 if p == 0 else 8.0, size=4.2)
            placard(self.dynamic, f"pile-label-{p}", f"Pile {p + 1}: {len(pile)} chest{'s' if len(pile) != 1 else ''}",
                    (x, y - 8.2, 0.3), 2.0)  # printed on a card on the sand, not floating
            picker(self.dynamic, (x, y, 0.0), (CARD_W + 4, CARD_D + 4, max(h, 1.0)), partial(self.controller.click_pile, p),
                   name=f"pile-{p}")
        for play in v.get("my_play", []):  # your own card, played face down: you see its face, tilted, beside its pile
            look.add_box(self.my_play_point(play["pile"]), (CARD_W * 0.8, CARD_D * 0.8, CARD_T), (1, 1, 1),
                         textures={"top": card_texture(play["card"])}, heading=-6.0, ground=None)
        placard(self.dynamic, "nap-label", f"Nap corner: {v['nap']} card{'s' if v['nap'] != 1 else ''}",
                (46.0, -37.8, 0.05), 1.8)
        look.add_box((46.0, -31.0, 0.0), (CARD_W, CARD_D, CARD_T * max(1, v["nap"])), (0.55, 0.4, 0.65),
                     textures={"top": "cardback"}, ground=None)

    def _draw_ships(self, mb: MeshBuilder, v: dict[str, Any], hidden: bool, look: Batch) -> None:
        """Each player's Ship board: a painted hull, a wooden deck, a mast and a
        printed sail; the crew face down on deck; the chests won beside it as
        3D chests (open, gold showing, where the view shows the gold)."""
        n, me = v["players"], near_seat(v)
        for s in range(n):
            rel = (s - me) % n
            x, y, heading = ship_position(rel, n)
            rgb = SEAT_RGB[seat_name("little-battle", s)]
            lit = rel == 0 and not hidden and self.controller.ship_highlighted()
            if lit:
                mb.add_box((x, y, 0.1), (22.0, 11.0, 0.1), HIGHLIGHT, heading)
            ship(look, (x, y), heading, rgb, seat_name("little-battle", s))
            # the crew on board, on deck behind the mast: face down, the shown seat's own face up
            on_ship = v["ship_sizes"][s]
            cx, cy, cz, _ = crew_spot(rel, n)
            mine = rel == 0 and not hidden
            for i in range(on_ship):
                face = card_texture(v["ship"][i]) if mine and i < len(v["ship"]) else "cardback"
                look.add_box((cx, cy, cz + i * CARD_T), (CARD_W * 0.62, CARD_D * 0.62, CARD_T * 0.9), (1, 1, 1),
                             heading=heading + 90.0 + (6.0 * (i - (on_ship - 1) / 2) if mine else 0.0),
                             textures={"top": face}, ground=None)
            loot = v["loot"][s]
            gold = v["gold"][s]
            for i, won in enumerate(loot):
                if (s, i) in self.arriving:
                    continue  # still on its way from the beach
                px, py, _ = self.loot_point(s, i, v)
                shown = won.get("gold") if isinstance(won, dict) else None
                chest(look, (px, py, self.loot_point(s, i, v)[2]), won["color"], heading=heading, size=CHEST_CM,
                      open_lid=shown is not None, coins=int(shown or 0))
            if gold:  # heaped on deck in the next free place of the chests' rows
                count = min(int(gold), 24)
                gx, gy, gz = self.loot_point(s, len(loot), v)
                coins(look, (gx, gy, gz), count, radius=0.45)
            ready = "  ready" if v["committed"][s] and v["phase"] in (DRAFT, RUSH) else ""
            text = f"{seat_label('little-battle', s)}{ready}\nhand {v['hand_sizes'][s]} · ship {on_ship} · chests {len(loot)}"
            if gold is not None:
                text += f" · {gold} gold"
            # in front of the ship, on the table (at the sail's height it covered the flag); yours beside it
            if s in v["to_act"] and not ready:
                text = text.replace("\n", "  - to play\n", 1)
            at = self.plate_point(s, v, gold is not None)
            seat = seat_name("little-battle", s)
            placard(self.dynamic, f"ship-label-{s}", text, (at[0], at[1], BEACH_TOP_CM + 0.02), PLATE_LINE_CM,
                    "gold" if s in v["to_act"] and not ready else seat if seat in STYLES else "cream")
            if rel == 0 and not hidden and not self.controller.spectating:  # a spectator has no Ship to keep cards on
                picker(self.dynamic, (x, y, 0.0), (17.0, 7.0, 6.0), self.controller.click_ship, name="ship")


    def _draw_hand(self, mb: MeshBuilder, v: dict[str, Any], look: Batch) -> None:
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
            look.add_box((x, HAND_Y, z), (w, CARD_D * 1.3, CARD_T), (1, 1, 1), textures={"top": card_texture(name)},
                         ground=None)
            picker(self.dynamic, (x, HAND_Y, 0.0), (w, CARD_D * 1.3, 2.5), partial(self.controller.click_card, name),
                   name=f"card-{name}")

    def keep_clear(self) -> list[Any]:
        """The cards in hand: a card's tooltip kept off the others (it covered two of them)."""
        return [e for e in self.dynamic.children if e.name.startswith("card-")]

    # ------------------------------------------------------------ tooltips (app.tips)
    def thing_for(self, name: str) -> str | None:
        """The tooltip key of a picker under the pointer."""
        if name.startswith("card-"):
            return f"card:{name[5:]}"
        if name.startswith("pile-"):
            return f"pile:{name[5:]}"
        if name == "ship":
            return f"ship:{near_seat(self.controller.view_dict())}"
        return None

    def thing_at(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> str | None:
        """What the pointer's ray (engine cm, ``a`` to ``b``) meets on the table:
        a revealed card, a chest won, a Ship, the nap corner."""
        from app.games.little_battle.tips import revealed_key

        p = on_plane(a, b, 0.5)
        if p is None:
            return None
        x, y = p
        for h in self.reveal_cards:
            r = h.card
            at = frames.to_engine(h.position)
            if abs(x - at[0]) <= CARD_W / 2 + 0.2 and abs(y - at[1]) <= CARD_D / 2 + 0.2:
                return revealed_key(r)
        v = self.controller.view_dict()
        for s in range(v["players"]):
            for i in range(len(v["loot"][s])):
                if (s, i) not in self.arriving and math.dist(self.loot_point(s, i, v)[:2], (x, y)) <= 1.1:
                    return f"chest:{s}:{i}"
        for s in range(v["players"]):
            sx, sy, _ = ship_position((s - near_seat(v)) % v["players"], v["players"])
            if math.dist((sx, sy), (x, y)) <= 9.0:
                return f"ship:{s}"
        if abs(x - 46.0) <= CARD_W / 2 and abs(y + 31.0) <= CARD_D / 2:
            return "nap"
        return None

    def thing_points(self, thing: str) -> list[tuple[float, float, float]]:
        """Corners of the box a tooltip must not cover (engine cm)."""
        v = self.controller.view_dict()
        kind, _, key = thing.partition(":")
        if kind == "revealed":
            pile, seat, card = key.split(":", 2)
            for h in self.reveal_cards:
                if (h.card["pile"], h.card["seat"], h.card["card"]) == (int(pile), int(seat), card):
                    x, y, z = frames.to_engine(h.position)
                    return _box(x, y, CARD_W / 2, CARD_D / 2, z, z + 4.0)
        if kind == "chest":
            s, _, i = key.partition(":")
            x, y, z = self.loot_point(int(s), int(i), v)
            return _box(x, y, 1.2, 1.2, z, z + 1.7)
        if kind == "ship":
            x, y, _ = ship_position((int(key) - near_seat(v)) % v["players"], v["players"])
            return _box(x, y, 9.0, 9.0, 0.0, 12.0)
        if thing == "nap":
            return _box(46.0, -31.0, CARD_W / 2, CARD_D / 2, 0.0, 2.0)
        return []

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
        for a in self._travel:
            if a["entity"] is not None:
                destroy(a["entity"])
        self._travel = []
        self.table.destroy()
