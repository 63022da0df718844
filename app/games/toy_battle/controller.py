"""Toy Battle at the table: pick a troop from the rack, click a slot.

Which slots light up is the engine's answer (the legal ``Place`` actions of
the picked troop). Effects after a placement are the engine's ``UseEffect``
/ ``Skip`` actions: a node click plays the effect aimed there, and every
other choice is offered as a button named after the engine's action.
"""

from __future__ import annotations

from typing import Any

from app.games.controller import GAME_OVER_PICK, GameController
from engine.toy_battle import Draw, Place, Skip, UseEffect
from engine.toy_battle.state import ToyBattleView as SeatView  # the seat's view of the rules (the app's scene is another)


def near_seat(view: dict[str, Any]) -> int:
    """The side drawn near the camera for a view's picture: its own seat, or
    blue's for a spectator (the engine's spectator picture is blue's side,
    with no rack of its own)."""
    seat = int(view["seat"])
    return seat if seat in (0, 1) else 0


class ToyBattleController(GameController):
    selected: str | None = None
    """The troop name picked up from the rack ("roxy")."""
    aim: str | None = None
    """The first node of a two-node effect (a push: which troop, then where)."""

    def recover(self) -> None:
        """After an error in a frame: no troop picked up, no push half-aimed."""
        self.aim = None
        super().recover()

    def _changed(self) -> None:
        if self.selected is not None and self.selected not in self.rack():
            self.selected = None
        super()._changed()

    # ------------------------------------------------------------ reading
    def rack(self) -> list[str]:
        if self.handover_to is not None:
            return []
        return list(self.view_dict()["rack"])

    def summary(self) -> dict[str, Any]:
        """The Load list names the terrain as printed ("Castle Field", not "castle field")."""
        return {**super().summary(), "where": str(self.match.state.view(self.viewer).terrain.name)}  # type: ignore[attr-defined]  # the protocol's View has no terrain; Toy Battle's does

    def seat_title(self, seat: int) -> str:
        """As the log names the sides: "Blue", "Red" (a served table's player by their name)."""
        return self.player_name(seat) or (("Blue", "Red")[seat] if seat in (0, 1) else super().seat_title(seat))

    def score_lines(self) -> list[str]:
        """Each side's medals, the winner marked, and what wins at once ("Red, winner: 7 medals")."""
        result = self.match.state.result() if self.is_over() else None
        if result is None:
            return []
        v = self.view_dict()
        out = []
        for s, medals in enumerate(v["medals"]):
            won = ", winner" if s in result.winners and len(result.winners) < 2 else ""
            out.append(f"{self.seat_title(s)}{won}: {medals} medal{'s' if medals != 1 else ''}, "
                       f"{v['reserve_sizes'][s]} troop{'s' if v['reserve_sizes'][s] != 1 else ''} left in reserve")
        out.append(f"{v['objective']} medals win at once, as does taking the enemy H.Q.")
        return out

    def scoreline(self) -> str:
        v = self.view_dict()
        m, r = v["medals"], v["reserve_sizes"]
        return f"Medals: blue {m[0]}, red {m[1]} (objective {v['objective']}). Reserves: blue {r[0]}, red {r[1]}."

    def status(self) -> str:
        """Whose turn, and on your turn what to do now ("Your turn." alone left new players guessing)."""
        line = super().status()
        if not self.my_turn():
            return line
        if self.pending() is not None:
            if self.aim is not None:
                hint = "click the highlighted base where it goes"
            elif any(isinstance(a, Place) for a in self.legal()) and self.selected is None:
                hint = f"{self.pending()}: click a troop in your rack, then a highlighted base, or choose below"
            elif self.highlighted_slots():
                hint = f"{self.pending()}: click a highlighted base, or choose below"
            else:
                hint = f"{self.pending()}: choose below"
        elif self.selected is not None:
            from engine.toy_battle.data import TROOP_NAMES, TROOP_TITLES

            title = TROOP_TITLES[TROOP_NAMES.index(self.selected)] if self.selected in TROOP_NAMES else self.selected
            hint = f"click a highlighted base for {title}, or another troop"
        elif self.rack():
            hint = "click a troop in your rack, then a highlighted base" + (
                "; or draw troops" if any(isinstance(a, Draw) for a in self.legal()) else "")
        else:
            hint = "draw troops"
        return f"{line[:-1]}: {hint}." if line.endswith(".") else line

    def pending(self) -> str | None:
        return self.view_dict()["pending"]

    def highlighted_slots(self) -> list[str]:
        """Nodes the engine accepts now for the picked troop, or for the pending effect."""
        legal = self.legal()
        places = {a.node for a in legal if isinstance(a, Place) and a.troop == self.selected}
        if self.pending() is not None:
            if self.aim is not None:
                return sorted({a.to for a in legal if isinstance(a, UseEffect) and a.target == self.aim and a.to})
            # an effect may be an extra placement (Cap'n): the engine then offers Place actions
            return sorted(places | {a.target for a in legal
                                    if isinstance(a, UseEffect) and a.target and a.target in self._nodes()})
        return sorted(places)

    hovered: str | None = None
    """The rack troop under the mouse, whose effect the view explains."""

    @property
    def help_listeners(self) -> list[Any]:
        """Called when only the hovered troop changed (the view's help line)."""
        if "_help_listeners" not in self.__dict__:
            self.__dict__["_help_listeners"] = []
        return self.__dict__["_help_listeners"]

    def troop_help(self, name: str | None = None) -> str:
        """What a troop does, from the engine's troop data: the hovered rack
        troop, else the selected one ("" for none). The rack showed only
        names and strengths, so a player could not tell what a troop does."""
        from engine.toy_battle.data import TROOP_EFFECTS, TROOP_NAMES, TROOP_TITLES

        name = name or self.hovered or self.selected
        if name not in TROOP_NAMES:
            return ""
        kind = TROOP_NAMES.index(name)
        strength = "joker" if kind == 0 else f"strength {kind}"
        return f"{TROOP_TITLES[kind]} ({strength}): {TROOP_EFFECTS[kind]}"

    def hover_troop(self, name: str | None) -> None:
        """Only the help line changes: a full redraw rebuilt the rack card
        under the mouse, which hovered again, and clicks on the rack were lost."""
        if name == self.hovered:
            return
        self.hovered = name
        for listener in list(self.help_listeners):
            listener()

    def choices(self) -> list[tuple[str, Any]]:
        """Buttons for the non-board choices now: draw, or the effect's options."""
        out: list[tuple[str, Any]] = []
        for a in self.legal():
            if isinstance(a, Draw):
                out.append(("Draw troops", a))
            elif isinstance(a, Skip):
                out.append(("Skip the effect", a))
            elif isinstance(a, UseEffect) and (a.target is None or a.target not in self._nodes()):
                out.append((f"Use: {a.target or self.pending() or 'effect'}", a))
        return out

    def view(self) -> SeatView:
        """What the shown seat may see (the engine's Toy Battle view: its questions are typed)."""
        v = super().view()
        assert isinstance(v, SeatView)
        return v

    def _nodes(self) -> set[str]:
        return set(self.view().terrain.ids)

    # ------------------------------------------------------------ clicks
    def click_troop(self, name: str) -> bool:
        if self.is_over():  # live, a click on the rack after the end lit a troop, as if it could still be placed
            self.selected = None
            self.message = GAME_OVER_PICK
            self._changed()
            return False
        if name not in self.rack():
            self.message = f"There is no {name} on your rack."
            self._changed()
            return False
        self.selected = name
        self.aim = None
        self.message = ""
        self._changed()
        return True

    def click_node(self, node: str) -> bool:
        """Place the picked troop here, or aim the pending effect here."""
        legal = self.legal()
        if self.selected is not None and self.aim is None and Place(self.selected, node) in legal:
            return self._place(node)  # also an effect's extra placement
        if self.pending() is not None:
            if self.aim is not None:
                aim, self.aim = self.aim, None  # (the refusal was asked about UseEffect(None, node))
                fit = [a for a in legal if isinstance(a, UseEffect) and a.target == aim and a.to == node]
                return self.play(fit[0] if fit else UseEffect(aim, node))
            fit = [a for a in legal if isinstance(a, UseEffect) and a.target == node]
            if any(a.to is not None for a in fit):
                self.aim = node
                self.message = "Now click where it goes."
                self._changed()
                return True
            return self.play(fit[0] if fit else UseEffect(node))
        if self.selected is None:
            self.message = "Pick a troop from your rack first."
            self._changed()
            return False
        return self._place(node)

    def _place(self, node: str) -> bool:
        """Place the picked troop; once placed it is no longer picked (a second
        XB-42 on the rack stayed lit, its bases green, into the next turn)."""
        troop, self.selected = self.selected, None
        if troop is None or self.play(Place(troop, node)):
            return troop is not None
        self.selected = troop  # refused: still picked, the sentence says why
        self._changed()
        return False

    def choose(self, action: Any) -> bool:
        """A button: draw, skip, or an effect without a board target."""
        return self.play(action)
