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
from app.games.little_soldiers.aiming import ThrowAim
from engine.core.protocol import CHANCE
from engine.little_soldiers import queries
from engine.little_soldiers.actions import Activate, Deploy, Jump, Lead, Move, Order, Reroll, Shields, Throw
from engine.little_soldiers.mission_report import record_mission
from engine.little_soldiers.names import log_namer, soldier_name
from engine.little_soldiers.phases import Phase
from engine.little_soldiers.state import LittleSoldiersState
from engine.little_soldiers.view import (
    LittleSoldiersView as SeatView,  # the seat's view of the rules (the app's scene is another)
)


def _point(x: float, y: float) -> Any:
    from shapely.geometry import Point

    return Point(x, y)


BAND_WORDS = {"green": "within the red reroll band (green range)", "red": "within the red reroll band",
              "yellow": "outside the red reroll band", None: "outside the red reroll band"}
"""The range band as a player reads it: the red band is what gives the range
reroll ('out of range' was shown for valid targets beyond it)."""

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
        self.aiming = ThrowAim(self.view)
        """The Grenade or Mortar throw being aimed by a drag."""
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

    def view(self) -> SeatView:
        """What the shown seat may see (the engine's Little Soldiers view: its questions are typed)."""
        v = super().view()
        assert isinstance(v, SeatView)
        return v

    def phase(self) -> Phase:
        return self.view().phase

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
            Phase.DEPLOY: (f"deploy a soldier from your HQ beside Deployment token {self.view_dict().get('block')}"
                       if self.view_dict().get("block") is not None else  # the missions: 'token None'
                       "click a soldier's card in your HQ, then a spot in the green area"),
            Phase.MOVE: "click a soldier, then where its yellow cord takes it",
            Phase.ORDER: "give an Order: click a valid target to attack, or choose below",
            Phase.REROLL: "click dice to reroll them, or keep them",
            Phase.THROW: "drag on the table to aim the throw",
            Phase.TELEPORT: "click the table beside the Teleporter your soldier arrives at",
            Phase.JUMP: "click the table in the direction to bounce (a straight full-cord Move)",
            Phase.LEAD: "choose the General who plays first this round (button, bottom right)",
        }.get(self.phase())
        if hint is None:  # Scout, Radar, Shield shift, Objects...: the engine's own sentence for the step
            hint = self.view().phase_help().rstrip(".")
            if hint and hint.startswith("the game is in its"):
                hint = None
        return f"{line[:-1]}: {hint}." if hint and line.endswith(".") else line

    def targets(self) -> list[str]:
        """Enemies the selected soldier can see whole (the engine's line of sight)."""
        ident = self.selected
        if ident is None or self.spot(ident) is None:
            return []
        try:
            return list(self.view().valid_targets(ident))
        except (KeyError, ValueError, AttributeError):
            return []

    def reach(self) -> Any:
        """The selected soldier's yellow-cord reach (shapely), while it may move; else None."""
        ident = self.selected
        if ident is None or self.spot(ident) is None or not self.my_turn() or self.phase() is not Phase.MOVE:
            return None
        s = self.soldier(ident)
        mover = self.view_dict().get("mover")
        if s["spot"] is None or not self.is_mine(ident) or (mover and mover != ident):
            return None
        key = (ident, tuple(sorted(s["spot"].items())), len(self.match.actions))
        if key != self._reach_key:
            self._reach_key, self._reach = key, queries.reach(self.view(), ident)
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
        if phase is Phase.REROLL:
            n = len(self.reroll_pick)
            out: list[tuple[str, Any]] = [("Keep the dice", Reroll(()))]
            if n:
                out.insert(0, (f"Reroll {n} selected {'die' if n == 1 else 'dice'}", Reroll(tuple(sorted(self.reroll_pick)))))
            return out
        if phase is Phase.MOVE and self.my_turn():
            # The zero Move: the only way to stay was a click exactly on the soldier's own spot,
            # where its figurine catches the click and only selects it.
            stays: list[tuple[str, Move]] = []
            for ident in ([self.selected] if self.selected else []) + sorted(self._my_movers()):
                spot = self.spot(ident)
                if spot is None:  # a broken soldier (its HQ card can still be selected): no Move to offer
                    continue
                stay = Move(ident, spot["x"], spot["y"])
                if not self.explain(stay) and all(a != stay for _, a in stays):
                    stays.append((f"{self.name(ident)} stays where it is", stay))
            return list(stays[:1] if self.selected in {a.soldier for _, a in stays} else stays)
        if phase is Phase.TELEPORT and self.my_turn() and not self.explain(Activate(None)):
            return [("Stay here (do not teleport)", Activate(None))]
        actions = self.legal()
        if phase is Phase.ORDER and self.selected is not None:
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
        """As the log names the players (the end panel said "Player 1 (green)", the log Dinosaur);
        a served table's player by their name."""
        return self.player_name(seat) or self.seat_label(seat)

    def end_reason(self) -> str:
        """Soldiers and Generals named as the log names them ("green-infantry is the last ...")."""
        return self.named(super().end_reason())

    def score_lines(self) -> list[str]:
        """The result in the game's own words (app.games.little_soldiers.result)."""
        from app.games.little_soldiers.result import score_lines

        return score_lines(self)

    def name(self, ident: str) -> str:
        """A soldier as a player reads it: "green-infantry-2" -> "Green Infantry 2"."""
        return soldier_name(ident)

    def in_words(self, text: str) -> str:
        """The engine's sentence with soldiers and scenery named as printed."""
        return self.named(text)

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
        for piece in self.view().terrain.bf.scenery:
            if piece.object and piece.id in text:  # "activate phone": the Marshmallow is a phone on the table
                what = piece.object.replace("_", " ").capitalize()
                text = text.replace(piece.id, f"the {what} ({piece.id.replace('-', ' ')})")
        return text[:1].upper() + text[1:]

    def _my_movers(self) -> list[str]:
        return [s["id"] for s in self.soldiers() if s["spot"] is not None and s["team"] in self.my_teams()]

    def shot_origin(self) -> tuple[float, float, float] | None:
        """Where a throw is aimed from (the engine's answer), None when none is."""
        return self.aiming.origin()

    # ------------------------------------------------------------ mouse
    def click_soldier(self, ident: str) -> bool:
        """Select a soldier; with one of yours selected at the Order, clicking
        a valid enemy orders the Attack; pressing on the thrower starts aiming."""
        if self.start_aim_on_thrower(ident):
            return True
        if ident != self.selected and self.my_turn() and self.phase() is Phase.ORDER and not self.is_mine(ident):
            # the attacker: the selected soldier, else the only one of yours that can attack this
            # enemy (a broken soldier's card stayed selected, and the click was refused as its Order)
            attacks = [a for a in self.legal() if isinstance(a, Order) and a.kind == "attack" and a.target == ident]
            chosen = [a for a in attacks if a.soldier == self.selected] or (attacks if len(attacks) == 1 else [])
            if chosen:
                return self.play(chosen[0])
            mine = self.selected
            if mine is not None and self.spot(mine) is not None and self.is_mine(mine):
                return self.play(Order(mine, "attack", ident))  # the engine says why not
        self.selected = ident
        self.message = ""
        self.preview = self.climb = None
        self._changed()
        return True

    def click_table(self, x: float, y: float, surface: str | None = None) -> bool:
        """Deploy or move the selected soldier to the point (x, y) in cm on
        ``surface`` (a Level piece's top, None for the table)."""
        if self.phase() in (Phase.TELEPORT, Phase.JUMP) and self.my_turn():
            return self.play(self.object_move_for(x, y))
        if self.selected is None:
            self.message = ("Click one of your soldiers (on the table, or its card in your HQ) first."
                            if self.phase() is not Phase.DEPLOY else
                            "Click the card of a soldier in your HQ first, then a spot beside the Deployment token.")
            self._changed()
            return False
        if self.phase() is Phase.DEPLOY:
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
        terrain = self.view().terrain
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
        towards (x, y), or the Teleport the engine finds for the click (beside
        the Teleporter nearest it). These steps have no listed actions, and the
        app only sent Moves, so a player who activated one was stuck."""
        if self.phase() is Phase.JUMP:
            user = self.spot(self.view_dict()["object_user"]) or {"x": x, "y": y}
            return Jump(round(math.degrees(math.atan2(y - user["y"], x - user["x"])), 2))
        return queries.teleport_spot(self.view(), self.viewer, x, y)

    def move_for(self, x: float, y: float, surface: str | None = None) -> Move:
        """The Move a click at (x, y) on ``surface`` means: a plain Move on the
        soldier's own surface, else (Levels) a climb where the cord touches the
        clicked Level piece, or down at the edge of the one it stands on. The
        app had no way to climb at all: it only ever sent plain Moves."""
        assert self.selected is not None
        plain = Move(self.selected, float(x), float(y))
        s = self.soldier(self.selected)
        here = s["spot"]["surface"] if s["spot"] else None
        if not queries.can_climb(self.view(), self.selected):
            return plain
        if surface == here and not self.explain(plain):
            return plain
        terrain = self.view().terrain
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
        if self.reach() is not None and self.selected is not None:
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

        if self.reach() is None or self.selected is None or not queries.can_climb(self.view(), self.selected):
            return None
        terrain = self.view().terrain
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
        if ident is not None and a is not None and self.spot(ident) is not None and self.spot(a) is not None and ident != a:
            v = self.view()
            if v.is_enemy(a, ident):  # by side: free-for-all games share colours
                sight = queries.sight_rays(v, a, ident)
                facts = v.explain_target(a, ident)
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
        if self.phase() is not Phase.REROLL or not self.my_turn() or self.dice is None:
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
        """Aim the pending throw at the table point (x, y) (see :class:`ThrowAim`)."""
        aim = self.aiming.at(x, y)
        self._overlay_changed()
        return aim

    def start_aim_on_thrower(self, ident: str) -> bool:
        """A drag that starts on the thrower's own figurine aims (it did nothing)."""
        shot = self.view_dict().get("shot")
        if not (shot and self.phase() is Phase.THROW and self.my_turn() and shot.get("thrower") == ident):
            return False
        self.aiming.dragging = True
        return True

    def release_aim(self) -> bool:
        """Throw with the current aim (the end of the drag)."""
        if self.aiming.aim is None:
            return False
        direction, strength = self.aiming.aim
        self.aiming.clear()
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
            mine = self.in_hq() if self.phase() is Phase.DEPLOY else self._my_movers()
            self.selected = mine[0] if len(mine) == 1 else None
            self._sync_table()
            self._changed()

    def _after_action(self) -> None:
        if self.flight is not None:  # an action after the throw: its trail has been seen
            self._flight_done = self.flight.flight_id
        self._forget_gone()
        self.hover = self.climb = None
        self.preview = None  # before the redraw: the cord of the Move just made stayed drawn into the Order step
        if self.selected is not None and self.phase() is not Phase.DEPLOY and self.spot(self.selected) is None:
            # a soldier broken on the other side's turn (or by its own grenade) stayed selected
            movers = self._my_movers()
            self.selected = movers[0] if len(movers) == 1 else None
        if self.phase() is Phase.DEPLOY and self.selected is not None and self.selected not in self.in_hq():
            # the deployed soldier stayed selected: its green area showed again and a click
            # there was refused ("... is already in play"); the next card is chosen for you
            # when it is the only one left in your HQ (none left: it stays selected, its reach shows next)
            waiting = self.in_hq()
            if waiting:
                self.selected = waiting[0] if len(waiting) == 1 else None
        self.aiming.clear()
        if self.phase() is not Phase.REROLL:
            self.reroll_pick = set()
        self._sync_table()
        self._report_mission()
        super()._after_action()

    def _report_mission(self) -> None:
        """A finished co-op mission goes into the player's Mission Report, once."""
        state = self.match.state
        if self.reported is state or not state.is_over() or not self.view().cooperative:
            return
        assert isinstance(state, LittleSoldiersState)
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
        self.aiming.clear()
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
