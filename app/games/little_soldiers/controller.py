"""Little Soldiers at the table: select a soldier, see its cord's reach, click
the table to deploy or move it, hover an enemy to see the line of sight,
click dice to reroll them, drag to aim a grenade or the mortar.

Little Soldiers has continuous choices: the controller turns a click on the
table into the engine's ``Deploy``/``Move`` at that point and lets the
engine's ``check`` say whether it is legal. Discrete choices (orders,
shields) are the engine's legal actions, offered as buttons. What is drawn
to explain a choice (the reach, the bent cord, the rays, the range band,
the dice and the throw's flight) comes from ``engine.little_soldiers.queries``:
the engine measures, the app shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from app.games.controller import GameController
from engine.core.protocol import CHANCE
from engine.little_soldiers import queries
from engine.little_soldiers.actions import Activate, Deploy, Jump, Lead, Move, Order, Reroll, Shields, Teleport, Throw
from engine.little_soldiers.mission_data import COOP_MISSIONS
from engine.little_soldiers.mission_report import record_mission
from engine.little_soldiers.names import log_namer, soldier_name


def _point(x: float, y: float) -> Any:
    from shapely.geometry import Point

    return Point(x, y)


BAND_WORDS = {"green": "within the red reroll band (green range)", "red": "within the red reroll band",
              "yellow": "outside the red reroll band", None: "outside the red reroll band"}
"""The range band as a player reads it: the red band is what gives the range
reroll ('out of range' was shown for valid targets beyond it)."""

THROW_FULL_FLIGHT_CM = {"grenade": 145.0, "mortar": 150.0}
"""How far a full-strength throw goes on a flat table (measured with the
engine's physics, three seeds each; chosen): the distance grows about as the
strength squared, so the drag's length maps to sqrt(length / this)."""

THROW_EDGE_MARGIN = 0.85
"""The strongest aim lands at most this share of the way to the play zone's
edge (chosen: full strength flew ~140 cm, off the table)."""

CLIMB_SNAP_CM = 4.0
"""A click on the table counts as climbing down a Level only within this many
cm of the Level's edge (chosen); farther, it is a plain Move the engine
judges (a far click used to move the soldier off the Level at the nearest edge)."""


@dataclass
class DiceOnTable:
    """The Attack dice as last rolled: faces, which were just (re)rolled, and
    whether the last is the Sniper die."""

    faces: list[str]
    rolled: tuple[int, ...]
    sniper: bool
    roll_id: int = 0
    """Counts rolls, so a view knows when to tumble the dice again."""


@dataclass
class Flight:
    """A throw's flight from the engine's physics, for the view to animate."""

    kind: str
    points: list[tuple[float, float, float]]
    rotations: list[tuple[float, float, float, float]]
    times: list[float]
    face: str
    landing: tuple[float, float, float]
    flight_id: int = 0


@dataclass
class Hover:
    """An enemy under the mouse: the rules' rays and verdict."""

    attacker: str
    target: str
    valid: bool
    rays: list[tuple[tuple[float, float, float], tuple[float, float, float], bool]]
    band: str | None
    text: str
    facts: dict[str, Any] = field(default_factory=dict)


class LittleSoldiersController(GameController):
    selected: str | None = None
    """The id of the selected soldier ("green-infantry")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.reported: Any = None  # the finished game already written to the Mission Report
        self.hover: Hover | None = None
        self.preview: queries.MovePreview | None = None
        self.climb: queries.ClimbPreview | None = None
        """Levels: the climb the pointer shows (a Level top hovered, or the edge of the one the soldier is on)."""
        self.dice: DiceOnTable | None = None
        self.reroll_pick: set[int] = set()
        self.flight: Flight | None = None
        self._flight_done: int | None = None
        """The serial of the engine's last throw once an action came after it:
        its flight is no longer shown (its trail stayed on the table for rounds)."""
        self.aim: tuple[float, float] | None = None
        self.aim_dragging = False
        """A drag begun on the thrower is aiming (the screen follows the mouse)."""
        self._reach_key: Any = None
        self._reach: Any = None
        self.overlay_listeners: list[Any] = []
        """Called when only what explains a choice changed (hover, aim): cheap redraws."""
        super().__init__(*args, **kwargs)
        self._sync_table()  # a resumed game shows its last roll and throw (they showed only after the next action)

    # ------------------------------------------------------------ reading
    def soldiers(self) -> list[dict[str, Any]]:
        return list(self.view_dict()["soldiers"])

    def soldier(self, ident: str) -> dict[str, Any]:
        return next(s for s in self.soldiers() if s["id"] == ident)

    def spot(self, ident: str | None) -> dict[str, Any] | None:
        """Where a soldier stands, or None: not deployed, broken, or no such soldier.
        Every read of a position goes through here (a soldier broken during the
        bot's turn stayed selected, and ``s["spot"]["x"]`` killed the window)."""
        if ident is None:
            return None
        found = [s for s in self.soldiers() if s["id"] == ident]
        return found[0]["spot"] if found else None

    def my_teams(self) -> set[str]:
        v = self.view_dict()
        return {g["team"] for g in v["generals"] if g["seat"] == self.viewer}

    def is_mine(self, ident: str) -> bool:
        return self.soldier(ident)["team"] in self.my_teams()

    def phase(self) -> str:
        return str(self.view().phase)  # type: ignore[attr-defined]

    def summary(self) -> dict[str, Any]:
        """The Load list's line names the battlefield as printed ('Bootcamp', 'Another New
        Threat'), not by its file ('bootcamp', 'another new threat')."""
        from engine.little_soldiers.rules_text import battlefield_title

        return {**super().summary(), "where": battlefield_title(self.match.config)}

    def status(self) -> str:
        """Whose turn, and on your turn what the engine asks for now."""
        line = super().status()
        if not self.my_turn():
            return line
        hint = {
            "deploy": (f"deploy a soldier from your HQ beside Deployment token {self.view_dict().get('block')}"
                       if self.view_dict().get("block") is not None else  # the missions: 'token None'
                       "click a soldier's card in your HQ, then a spot in the green area"),
            "move": "click a soldier, then where its yellow cord takes it",
            "order": "give an Order: click a valid target to attack, or choose below",
            "reroll": "click dice to reroll them, or keep them",
            "throw": "drag on the table to aim the throw",
            "teleport": "click the table beside the Teleporter your soldier arrives at",
            "jump": "click the table in the direction to bounce (a straight full-cord Move)",
            "lead": "choose the General who plays first this round (button, bottom right)",
        }.get(self.phase())
        if hint is None:  # Scout, Radar, Shield shift, Objects...: the engine's own sentence for the step
            helper = getattr(self.view(), "phase_help", None)
            hint = helper().rstrip(".") if helper else None
            if hint and hint.startswith("the game is in its"):
                hint = None
        return f"{line[:-1]}: {hint}." if hint and line.endswith(".") else line

    def targets(self) -> list[str]:
        """Enemies the selected soldier can see whole (the engine's line of sight)."""
        if self.spot(self.selected) is None:
            return []
        try:
            return list(self.view().valid_targets(self.selected))  # type: ignore[attr-defined]
        except (KeyError, ValueError, AttributeError):
            return []

    def reach(self) -> Any:
        """The selected soldier's yellow-cord reach (shapely), while it may move; else None."""
        if self.spot(self.selected) is None or not self.my_turn() or self.phase() != "move":
            return None
        s = self.soldier(self.selected)
        mover = self.view_dict().get("mover")
        if s["spot"] is None or not self.is_mine(self.selected) or (mover and mover != self.selected):
            return None
        key = (self.selected, tuple(sorted(s["spot"].items())), len(self.match.actions))
        if key != self._reach_key:
            self._reach_key, self._reach = key, queries.reach(self.view(), self.selected)
        return self._reach

    def move_path(self) -> list[tuple[float, float]]:
        """The bent cord of the last Move as the engine measured it (the walk's animation follows it)."""
        m = self.view_dict().get("measured") or {}
        return [tuple(p) for p in m.get("path", [])] if "move" in m else []

    def last_path(self) -> list[tuple[float, float]]:
        """The other side's last Move's cord, drawn so a player can follow it.
        Not your own: you just walked it, and it stayed drawn from the old spot
        through the whole Order step (a stray cord)."""
        m = self.view_dict().get("measured") or {}
        if any(s["id"] == m.get("move") and s["team"] in self.my_teams() for s in self.soldiers()):
            return []
        return self.move_path()

    def choices(self) -> list[tuple[str, Any]]:
        phase = self.phase()
        if phase == "reroll":
            n = len(self.reroll_pick)
            out = [("Keep the dice", Reroll(()))]
            if n:
                out.insert(0, (f"Reroll {n} selected {'die' if n == 1 else 'dice'}", Reroll(tuple(sorted(self.reroll_pick)))))
            return out
        if phase == "move" and self.my_turn():
            # The zero Move: the only way to stay was a click exactly on the soldier's own spot,
            # where its figurine catches the click and only selects it.
            out = []
            for ident in ([self.selected] if self.selected else []) + sorted(self._my_movers()):
                spot = self.spot(ident)
                if spot is None:  # a broken soldier (its HQ card can still be selected): no Move to offer
                    continue
                stay = Move(ident, spot["x"], spot["y"])
                if not self.explain(stay) and all(a != stay for _, a in out):
                    out.append((f"{self.name(ident)} stays where it is", stay))
            return out[:1] if self.selected in {a.soldier for _, a in out} else out
        if phase == "teleport" and self.my_turn() and not self.explain(Activate(None)):
            return [("Stay here (do not teleport)", Activate(None))]
        actions = self.legal()
        if phase == "order" and self.selected is not None:
            mine = [a for a in actions if isinstance(a, Order) and a.soldier == self.selected]
            actions = mine or actions
        return [(self.label(a), a) for a in actions]

    def seat_label(self, seat: int) -> str:
        """A seat by its General's name and colour, as the log and the HQ card name it
        ("Brick (yellow)"; the turn line said "Player 2 (yellow)" while the log said Brick).
        The colour is the set-up's (2 Against 2 with three players gives seat 3 yellow)."""
        generals = [g for g in self.view_dict()["generals"] if g["seat"] == seat]
        if not generals:
            return super().seat_label(seat)
        return f"{' and '.join(g['name'] for g in generals)} ({generals[0]['team']})"

    def seat_title(self, seat: int) -> str:
        """As the log names the players (the end panel said "Player 1 (green)", the log Dinosaur)."""
        return self.seat_label(seat)

    def end_reason(self) -> str:
        """Soldiers and Generals named as the log names them ("green-infantry is the last ...")."""
        return self.named(super().end_reason())

    def score_lines(self) -> list[str]:
        """The result in the game's own words: where the Flag stands and each side's soldiers
        (the Bootcamp), each General's Candy (King of the Hill), who is still standing (Battle
        Royale), the Threats broken (the co-op missions); the winners marked."""
        result = self.match.state.result() if self.is_over() else None
        if result is None:
            return []
        v = self.view_dict()
        seats = sorted({g["seat"] for g in v["generals"]})

        def won(seat: int) -> str:
            return ", winner" if seat in result.winners and len(result.winners) < len(seats) else ""

        def plural(n: int, word: str) -> str:
            return f"{n} {word}{'s' if n != 1 else ''}"

        standing = [s for s in v["soldiers"] if s["spot"] is not None]
        by_seat = {g["index"]: g["seat"] for g in v["generals"]}
        if v.get("threats"):
            broken = [t["name"] for t in v["threats"] if t.get("broken")]
            head = [f"Threats broken: {len(broken)} of {len(v['threats'])}" + (f" ({', '.join(broken)})." if broken else ".")]
            left = v.get("threat_track_left")
            if isinstance(left, int):
                head.append("The Flag reached the Threat Victory space." if left <= 0 else
                            f"The Flag stopped {plural(left, 'space')} from the Threat Victory space.")
            together = ", ".join(self.seat_title(s) for s in seats)
            return head + [f"{'Won' if result.winners else 'Played'} together: {together}."]
        if v.get("candy") is not None:
            candy = {s: sum(v["candy"][g["index"]] for g in v["generals"] if g["seat"] == s) for s in seats}
            return [f"{self.seat_title(s)}{won(s)}: {candy[s]} Candy" for s in seats]
        if not v.get("battle_track"):  # Battle Royale: the last one standing
            up = {by_seat[s["general"]] for s in standing}
            return [f"{self.seat_title(s)}{won(s)}: " + ("still standing" if s in up else "broken, out of the game")
                    for s in seats]
        flag = int(v.get("flag") or 0)
        n = self.view().chosen.flag_steps_to_victory  # type: ignore[attr-defined]
        if flag == 0:
            out = ["The Flag stands in the middle of the Battle Track."]
        else:
            team = "green" if flag > 0 else "yellow"
            out = [f"The Flag stands {plural(abs(flag), 'space')} toward {team}'s Victory zone ({n} reach it)."]
        for s in seats:
            mine = [x for x in standing if by_seat.get(x["general"]) == s]
            hearts = sum(x["hearts"] for x in mine)
            out.append(f"{self.seat_title(s)}{won(s)}: {plural(len(mine), 'soldier')} in play, "
                       f"{plural(hearts, 'Heart')} on them")
        return out

    def name(self, ident: str) -> str:
        """A soldier as a player reads it: "green-infantry-2" -> "Green Infantry 2"."""
        return soldier_name(ident)

    @property
    def message(self) -> str:
        """The engine's sentence with soldiers and scenery named as printed."""
        text = self._message
        return self.named(text) if text else ""

    @message.setter
    def message(self, text: str) -> None:
        GameController.message.fset(self, text)  # type: ignore[attr-defined]

    def events(self) -> list[str]:
        """The log with soldiers named as on their cards ("green-grenadier moves" read as an id)."""
        rename = self._renamer()
        return [rename(e) for e in super().events()]

    def named(self, text: str) -> str:
        """``text`` with every soldier and scenery id replaced by its name."""
        return self._renamer()(text) if text else text

    def _renamer(self) -> Any:
        """One substitution for every id in this game (built once per call of events())."""
        return log_namer(self.view())

    def label(self, action: Any) -> str:
        """A choice as a player reads it ("Green Grenadier: Throw a Grenade"),
        never the engine's id ("order green-grenadier: special"). Only the
        button's text: the action stays the engine's."""
        from engine.little_soldiers.rules_data import SPECIAL_ACTIONS

        if isinstance(action, Order):
            try:
                kind = self.soldier(action.soldier)["kind"]
            except StopIteration:
                kind = ""
            does = {"attack": "Attack", "move": "Move", "special": SPECIAL_ACTIONS.get(kind, "Special")}
            text = f"{self.name(action.soldier)}: {does.get(action.kind, action.kind)}"
            return text + (f" {self.name(action.target)}" if action.target else "")
        if isinstance(action, Lead):  # "General 1 plays first" named no General on the table
            names = {g["index"]: g["name"] for g in self.view_dict()["generals"]}
            return f"{names.get(action.general, f'General {action.general + 1}')} plays first this round"
        if isinstance(action, Shields) and action.targets:
            counts: dict[str, int] = {}
            for t in action.targets:
                counts[t] = counts.get(t, 0) + 1
            return "Shields: " + ", ".join(f"{n} on {self.name(t)}" for t, n in counts.items())
        text = self.named(str(action))
        for piece in self.view().terrain.bf.scenery:  # type: ignore[attr-defined]
            if piece.object and piece.id in text:  # "activate phone": the Marshmallow is a phone on the table
                what = piece.object.replace("_", " ").capitalize()
                text = text.replace(piece.id, f"the {what} ({piece.id.replace('-', ' ')})")
        return text[:1].upper() + text[1:]

    def _my_movers(self) -> list[str]:
        return [s["id"] for s in self.soldiers() if s["spot"] is not None and s["team"] in self.my_teams()]

    def shot_kind(self) -> str | None:
        shot = self.view_dict().get("shot")
        return shot["kind"] if shot else None

    def shot_origin(self) -> tuple[float, float, float] | None:
        """Where aiming is measured from: the engine's answer (the thrower, the
        catapult on the edge, or a Battle Royale HQ's catapult)."""
        return self.view().throw_origin()  # type: ignore[attr-defined]

    def shot_reach(self) -> float:
        from engine.little_soldiers.terrain import GRENADE_REACH, MORTAR_REACH

        return MORTAR_REACH if self.shot_kind() == "mortar" else GRENADE_REACH

    # ------------------------------------------------------------ mouse
    def click_soldier(self, ident: str) -> bool:
        """Select a soldier; with one of yours selected at the Order, clicking
        a valid enemy orders the Attack; pressing on the thrower starts aiming."""
        if self.start_aim_on_thrower(ident):
            return True
        if ident != self.selected and self.my_turn() and self.phase() == "order" and not self.is_mine(ident):
            # the attacker: the selected soldier, else the only one of yours that can attack this
            # enemy (a broken soldier's card stayed selected, and the click was refused as its Order)
            attacks = [a for a in self.legal() if isinstance(a, Order) and a.kind == "attack" and a.target == ident]
            chosen = [a for a in attacks if a.soldier == self.selected] or (attacks if len(attacks) == 1 else [])
            if chosen:
                return self.play(chosen[0])
            if self.spot(self.selected) is not None and self.is_mine(self.selected):
                return self.play(Order(self.selected, "attack", ident))  # the engine says why not
        self.selected = ident
        self.message = ""
        self.preview = self.climb = None
        self._changed()
        return True

    def click_table(self, x: float, y: float, surface: str | None = None) -> bool:
        """Deploy or move the selected soldier to the point (x, y) in cm on
        ``surface`` (a Level piece's top, None for the table)."""
        if self.phase() in ("teleport", "jump") and self.my_turn():
            return self.play(self.object_move_for(x, y))
        if self.selected is None:
            self.message = ("Click one of your soldiers (on the table, or its card in your HQ) first."
                            if self.phase() != "deploy" else
                            "Click the card of a soldier in your HQ first, then a spot beside the Deployment token.")
            self._changed()
            return False
        if self.phase() == "deploy":
            action: Any = Deploy(self.selected, float(x), float(y))
        else:
            action = self.move_for(x, y, surface)
        ok = self.play(action)
        if ok:
            self.preview = self.climb = None
        return ok

    def in_hq(self) -> list[str]:
        """Your soldiers still waiting in the HQ to be deployed (not broken, not on the table)."""
        return [s["id"] for s in self.soldiers()
                if s["spot"] is None and not s["out"] and s["team"] in self.my_teams()]

    def pick_surface(self, origin: tuple[float, float, float], through: tuple[float, float, float]
                     ) -> tuple[float, float, str | None]:
        """Where the mouse ray from ``origin`` through ``through`` (engine cm)
        first meets a walkable surface: the top of a Level piece it passes
        over, else the table. The view's picker is the table plane, so a click
        on a Level's top landed on the table behind it before."""
        terrain = self.view().terrain  # type: ignore[attr-defined]
        ox, oy, oz = origin
        dx, dy, dz = (through[0] - ox, through[1] - oy, through[2] - oz)
        best: tuple[float, float, float, str | None] | None = None
        if abs(dz) > 1e-9:
            for pid in terrain.level_pieces():
                top = terrain.z(pid)
                t = (top - oz) / dz
                if t <= 0:
                    continue
                px, py = ox + t * dx, oy + t * dy
                if terrain.bf.solid(pid).footprint.buffer(0.5).contains(_point(px, py)) and (best is None or t < best[0]):
                    best = (t, px, py, pid)
            if best is not None:
                return (best[1], best[2], best[3])
            t = -oz / dz
            return (ox + t * dx, oy + t * dy, None)
        return (through[0], through[1], None)

    def object_move_for(self, x: float, y: float) -> Any:
        """A click while an Object moves a soldier: the Marshmallow's bounce
        towards (x, y), or the Teleporter arrival beside the Teleporter nearest
        the click (the click itself, else the nearest spot touching it). These
        steps have no listed actions, and the app only sent Moves, so a player
        who activated one was stuck."""
        v = self.view_dict()
        user = self.spot(v["object_user"]) or {"x": x, "y": y}
        if self.phase() == "jump":
            return Jump(round(math.degrees(math.atan2(y - user["y"], x - user["x"])), 2))
        terrain = self.view().terrain  # type: ignore[attr-defined]
        click = _point(x, y)
        others = [o for o in terrain.objects if o.kind == "teleporter" and o.id != v["object_active"]]
        if not others:
            return Teleport("", x, y)
        dest = min(others, key=lambda o: self.object_shape(o).distance(click))
        first = Teleport(dest.id, round(x, 3), round(y, 3))
        if not self.explain(first):
            return first
        foot = self.object_shape(dest)
        r = float(getattr(terrain, "base_radius", 1.5))
        for gap in (r + 0.05, r + 0.25, r + 0.5, r + 1.0, r + 2.0):
            ring = foot.buffer(gap).exterior
            p = ring.interpolate(ring.project(click))
            t = Teleport(dest.id, round(p.x, 3), round(p.y, 3))
            if not self.explain(t):
                return t
        return first

    def object_shape(self, obj: Any) -> Any:
        """An Object's footprint on the table (shapely): its scenery piece, or its token."""
        from engine.little_soldiers import data as D

        if obj.piece is None:
            return _point(*obj.at).buffer(D.TOKEN_RADIUS)
        return self.view().terrain.bf.solid(obj.piece).footprint  # type: ignore[attr-defined]

    def move_for(self, x: float, y: float, surface: str | None = None) -> Move:
        """The Move a click at (x, y) on ``surface`` means: a plain Move on the
        soldier's own surface, else (Levels) a climb where the cord touches the
        clicked Level piece, or down at the edge of the one it stands on. The
        app had no way to climb at all: it only ever sent plain Moves."""
        assert self.selected is not None
        plain = Move(self.selected, float(x), float(y))
        s = self.soldier(self.selected)
        here = s["spot"]["surface"] if s["spot"] else None
        if not self.match.config.has("levels") or s["spot"] is None:  # type: ignore[attr-defined]
            return plain
        if surface == here and not self.explain(plain):
            return plain
        terrain = self.view().terrain  # type: ignore[attr-defined]
        piece = surface if surface not in (None, here) else here
        if piece is None:
            return plain
        ring = terrain.bf.solid(piece).footprint.exterior
        click = _point(x, y)
        if piece == here and surface != here and ring.distance(click) > CLIMB_SNAP_CM:
            return plain  # a far click off the Level: the engine says why it cannot go there
        edge = ring.interpolate(ring.project(click))
        climb = Move(self.selected, round(edge.x, 3), round(edge.y, 3), climb=True)
        return climb if (not self.explain(climb) or surface != here) else plain

    def hover_table(self, x: float, y: float, surface: str | None = None) -> queries.MovePreview | None:
        """The bent cord from the selected soldier to (x, y) on ``surface``
        while it may move; with Levels, a point that a click would take as a
        climb (the top of a Level, the edge of the one it stands on) shows
        that climb instead (:attr:`climb`): the click and the preview ask
        ``move_for`` the same question."""
        self.preview = self.climb = None
        if self.reach() is not None:
            action = self.move_for(x, y, surface)
            if action.climb:
                self.climb = queries.climb_preview(self.view(), self.viewer, self.selected, action.x, action.y)
            else:
                self.preview = queries.move_preview(self.view(), self.viewer, self.selected, x, y)
        self._overlay_changed()
        return self.preview

    def climb_onto(self, piece: str) -> queries.ClimbPreview | None:
        """Levels: whether the selected soldier can climb onto ``piece`` this
        Move, where its cord first touches it (the footprint's nearest point),
        and where it would stand; None when the soldier cannot move now or
        the piece carries no Level (the scenery tooltip asks this)."""
        from shapely.ops import nearest_points

        if self.reach() is None or not self.match.config.has("levels"):  # type: ignore[attr-defined]
            return None
        terrain = self.view().terrain  # type: ignore[attr-defined]
        spot = self.spot(self.selected)
        if piece not in terrain.level_pieces() or spot is None or spot["surface"] == piece:
            return None
        touch = nearest_points(terrain.bf.solid(piece).footprint.exterior, _point(spot["x"], spot["y"]))[0]
        return queries.climb_preview(self.view(), self.viewer, self.selected, round(touch.x, 3), round(touch.y, 3))

    def cord_line(self) -> str:
        """What the bent cord to the mouse says: its length against the cord's,
        and why the engine refuses the spot, if it does. ("Path 48.4 cm of 20 cm
        cord: The path is 48.4 cm; the cord is 20 cm." said the lengths twice.)"""
        p = self.preview
        if p is None:
            return ""
        line = f"Path {p.length:.1f} cm of {p.cord:.0f} cm cord"
        if p.reason is None:
            return line + "."
        if math.isfinite(p.length) and p.length > p.cord:  # past the cord: refused whatever else holds
            return line + ": too far for the cord."
        return f"{line}: {self.named(p.reason)}"

    def hover_soldier(self, ident: str | None) -> Hover | None:
        """An enemy under the mouse, seen from the selected soldier: the rays
        (green clear, red blocked), whether it is a valid target, the range band."""
        self.hover = None
        a = self.selected
        if self.spot(ident) is not None and self.spot(a) is not None and ident != a:
            v = self.view()
            if v.is_enemy(a, ident):  # type: ignore[attr-defined]  # by side: free-for-all games share colours
                sight = queries.sight_rays(v, a, ident)
                facts = v.explain_target(a, ident)  # type: ignore[attr-defined]
                band = queries.range_band(v, a, ident)
                rays = [(r.start, r.end, r.blocked) for r in sight.rays]
                if facts["valid"]:
                    text = (f"Valid target: {facts['sight']}; {facts['distance_cm']:.1f} cm, {BAND_WORDS[band]}; "
                            f"{facts['rerolls']} reroll{'s' * (facts['rerolls'] != 1)}.")
                else:
                    text = f"Not a valid target: {facts['sight']} ({facts['distance_cm']:.1f} cm, {BAND_WORDS[band]})."
                self.hover = Hover(a, ident, bool(facts["valid"]), rays, band, self.named(text), facts)  # pieces by name
        self._overlay_changed()
        return self.hover

    def click_die(self, index: int) -> bool:
        """Pick (or put back) a die to reroll while the engine asks for rerolls."""
        if self.phase() != "reroll" or not self.my_turn() or self.dice is None:
            self.message = "Dice are rerolled after an Attack roll, when you have rerolls."
            self._changed()
            return False
        if index in self.reroll_pick:
            self.reroll_pick.discard(index)
        else:
            self.reroll_pick.add(index)
        self.message = ""
        self._changed()
        return True

    def reroll(self) -> bool:
        """Reroll the picked dice (none picked: keep them)."""
        return self.play(Reroll(tuple(sorted(self.reroll_pick))))

    def aim_at(self, x: float, y: float) -> tuple[float, float] | None:
        """Aim the pending throw at the table point (x, y): direction from the
        origin, strength by the drag's length; returns (direction, strength)."""
        o = self.shot_origin()
        if o is None:
            self.aim = None
        else:
            dx, dy = x - o[0], y - o[1]
            direction = math.degrees(math.atan2(dy, dx))
            length = min(math.hypot(dx, dy), THROW_EDGE_MARGIN * self.edge_distance(o, direction))
            full = THROW_FULL_FLIGHT_CM.get(self.shot_kind() or "grenade", 145.0)
            strength = max(0.05, min(1.0, math.sqrt(max(0.0, length) / full)))
            self.aim = (round(direction, 2), round(strength, 3))
        self._overlay_changed()
        return self.aim

    def aim_distance(self) -> float:
        """About how far the current aim throws, cm (the measured flight: full × strength²)."""
        if self.aim is None:
            return 0.0
        return THROW_FULL_FLIGHT_CM.get(self.shot_kind() or "grenade", 145.0) * self.aim[1] ** 2

    def aim_spread(self) -> Any:
        """Where the current aim may land (shapely polygon): the engine's aim
        scatter (direction and strength, two sigma) carried through the measured
        flight; bounces and rolls on scenery can take it further."""
        from shapely.geometry import Polygon

        from engine.little_soldiers.table.throws import throw_spec

        o = self.shot_origin()
        if self.aim is None or o is None:
            return None
        spec = throw_spec(self.shot_kind() or "grenade")
        direction, strength = self.aim
        full = THROW_FULL_FLIGHT_CM.get(self.shot_kind() or "grenade", 145.0)
        s_lo = max(0.0, strength * (1 - 2 * spec.strength_scatter))
        s_hi = min(1.5, strength * (1 + 2 * spec.strength_scatter))
        r_lo, r_hi = full * s_lo ** 2, max(full * s_hi ** 2, full * s_lo ** 2 + 1.0)
        half = math.radians(max(2 * spec.direction_scatter_deg, 1.0))
        a0 = math.radians(direction)
        arc = [a0 - half + 2 * half * k / 12 for k in range(13)]
        ring = [(o[0] + r_hi * math.cos(a), o[1] + r_hi * math.sin(a)) for a in arc]
        ring += [(o[0] + r_lo * math.cos(a), o[1] + r_lo * math.sin(a)) for a in reversed(arc)]
        return Polygon(ring).buffer(1.0)

    def edge_distance(self, origin: tuple[float, float, float], direction: float) -> float:
        """cm from ``origin`` to the play zone's edge along ``direction`` (degrees)."""
        from shapely.geometry import LineString

        zone = self.view().terrain.bf.play_zone  # type: ignore[attr-defined]
        a = math.radians(direction)
        far = (origin[0] + 1000 * math.cos(a), origin[1] + 1000 * math.sin(a))
        hit = LineString([origin[:2], far]).intersection(zone)
        return float(hit.length) if not hit.is_empty else 0.0

    def start_aim_on_thrower(self, ident: str) -> bool:
        """A drag that starts on the thrower's own figurine aims (it did nothing)."""
        shot = self.view_dict().get("shot")
        if not (shot and self.phase() == "throw" and self.my_turn() and shot.get("thrower") == ident):
            return False
        self.aim_dragging = True
        return True

    def release_aim(self) -> bool:
        """Throw with the current aim (the end of the drag)."""
        if self.aim is None:
            return False
        direction, strength = self.aim
        self.aim = None
        self.aim_dragging = False
        return self.play(Throw(direction, strength))

    # ------------------------------------------------------------ what actions do
    def _sync_table(self) -> None:
        """Show the dice and the throw the engine last resolved, as the view has them."""
        picture = self.view_dict()
        roll = picture.get("last_roll")
        if roll is None:
            self.dice = None
        elif self.dice is None or roll["serial"] != self.dice.roll_id:
            self.dice = DiceOnTable(list(roll["faces"]), tuple(roll["rolled"]), roll["risky"], roll["serial"])
            self.reroll_pick = set()
        throw = picture.get("last_throw")
        if throw is None or throw["serial"] == self._flight_done:
            self.flight = None
        elif self.flight is None or throw["serial"] != self.flight.flight_id:
            fl = queries.flight(self.view())
            assert fl is not None
            self.flight = Flight(throw["kind"], [p for _, p in fl.trajectory], list(fl.rotations),
                                 [t for t, _ in fl.trajectory], throw["face"], tuple(throw["landing"]),
                                 throw["serial"])

    def _overlay_changed(self) -> None:
        for listener in list(self.overlay_listeners):
            listener()

    def _forget_gone(self) -> None:
        """Drop a selection that names no soldier of this game (a Load of another set-up)."""
        if self.selected is not None and not any(s["id"] == self.selected for s in self.soldiers()):
            self.selected = None
            self.preview = self.climb = None

    def acknowledge_handover(self) -> None:
        """At a hot-seat table the next player sees their own selection: the
        soldier the player before deployed last stayed selected (a white ring and a
        lit HQ card on the other side). Their only card or mover is chosen for them."""
        handed = self.handover_to is not None
        super().acknowledge_handover()
        if handed and self.selected is not None and not self.is_mine(self.selected):
            self.hover = self.preview = self.climb = None
            mine = self.in_hq() if self.phase() == "deploy" else self._my_movers()
            self.selected = mine[0] if len(mine) == 1 else None
            self._sync_table()
            self._changed()

    def _after_action(self) -> None:
        if self.flight is not None:  # an action after the throw: its trail has been seen
            self._flight_done = self.flight.flight_id
        self._forget_gone()
        self.hover = self.climb = None
        self.preview = None  # before the redraw: the cord of the Move just made stayed drawn into the Order step
        if self.selected is not None and self.phase() != "deploy" and self.spot(self.selected) is None:
            # a soldier broken on the other side's turn (or by its own grenade) stayed selected
            movers = self._my_movers()
            self.selected = movers[0] if len(movers) == 1 else None
        if self.phase() == "deploy" and self.selected is not None and self.selected not in self.in_hq():
            # the deployed soldier stayed selected: its green area showed again and a click
            # there was refused ("... is already in play"); the next card is chosen for you
            # when it is the only one left in your HQ (none left: it stays selected, its reach shows next)
            waiting = self.in_hq()
            if waiting:
                self.selected = waiting[0] if len(waiting) == 1 else None
        self.aim = None
        self.aim_dragging = False
        if self.phase() != "reroll":
            self.reroll_pick = set()
        self._sync_table()
        self._report_mission()
        super()._after_action()

    def _report_mission(self) -> None:
        """A finished co-op mission goes into the player's Mission Report, once."""
        state = self.match.state
        if self.reported is state or not state.is_over() or state.mission not in COOP_MISSIONS:
            return
        self.reported = state
        notes: list[str] = []
        try:
            record_mission(state, notes=notes)
        except OSError as err:
            self.message = f"The Mission Report could not be saved ({err.strerror or err})."
            return
        result = state.result()
        self.inform(" ".join(["Mission Report updated" + (": mission accomplished!" if result and result.winners else "."),
                              *notes]))

    def recover(self) -> None:
        """After an error in a frame: nothing half-chosen survives (selection, hover, aim, cord)."""
        self.selected = None
        self.hover = self.preview = self.climb = None
        self.aim = None
        self.aim_dragging = False
        self.reroll_pick = set()
        self._sync_table()
        super().recover()

    def undo(self) -> bool:
        ok = super().undo()
        self.preview = self.hover = self.climb = None
        self._sync_table()
        return ok

    def restart(self, seed: int | None = None) -> None:
        self.dice = self.flight = self._flight_done = None
        super().restart(seed)

    def load(self, path: Any) -> bool:
        """A loaded game shows its own last roll (the dice stayed those of the game before, or none)."""
        old = (self.match, self.dice, self.flight, self.selected, self._flight_done)
        self.dice = self.flight = self._flight_done = None  # its serials are the loaded game's
        self.selected = None
        self.preview = self.hover = self.climb = None
        ok = super().load(path)
        if not ok:
            self.match, self.dice, self.flight, self.selected, self._flight_done = old
            return False
        self._sync_table()
        self._changed()
        return True


__all__ = ["CHANCE", "DiceOnTable", "Flight", "Hover", "LittleSoldiersController"]
