"""A new mission is one file: this one, outside engine/.

"The Crown" (a mission made up for this test, not the Mission Book's): the
green Infantry starts with the Crown. A soldier whose Move passes near it (on
the table, or on an enemy bearer) may take it (a player step of the
mission's own, ``Claim``); a broken bearer drops it where it fell. Before each End of Turn the bearer's General
is paid tribute: 1 to 3 points, thrown by a die (a chance step of the
mission's own, ``Tribute``). The first General to CROWN_POINTS wins; else,
when the Order tokens run out, the most points (ties share).

It declares its steps, its slice of the state (who bears the Crown, where it
lies, the points), its actions, its win condition and its bot hook (Moves
toward the Crown), registers itself, and plays to the end with random and
heuristic bots and through the conformance suite's nine promises, without a
line of engine/ knowing it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest
from shapely.geometry import LineString, Point

from engine.bots.base import RandomBot
from engine.core.games import get_game
from engine.core.protocol import CHANCE, Result, scores_result
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.config import MISSIONS, Config
from engine.little_soldiers.flow import GAME_OVER, NEXT_TURN, Frame
from engine.little_soldiers.part import Mission
from engine.little_soldiers.phases import CHANCE as CHANCE_KIND
from engine.little_soldiers.phases import PhaseSpec
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.registry import REGISTRY
from engine.little_soldiers.state import LittleSoldiersState, new_game
from tests.conformance.cases import Case
from tests.conformance.test_games_sim import CHECKS, Playout

CLAIM = PhaseSpec("crown_claim")
"""The bearer-to-be picks the Crown up, or leaves it."""
TRIBUTE = PhaseSpec("crown_tribute", CHANCE_KIND)
"""Chance: the tribute die."""

CROWN_POINTS = 6
"""Points that win at once (chosen for this made-up mission)."""
CROWN_REACH = 15.0
"""cm from the Crown within which a Move's path passes to take it (chosen: a long arm)."""
TRIBUTE_FACES = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Claim:
    """Pick the Crown up (True) or leave it where it lies (False)."""

    take: bool


@dataclass(frozen=True, slots=True)
class Tribute:
    """The tribute die: the bearer's General scores ``points``."""

    points: int


@dataclass
class CrownState:
    """The mission's slice: where the Crown is, and the points."""

    at: tuple[float, float] = (0.0, 0.0)
    bearer: str | None = None
    claimant: str | None = None
    points: list[int] = field(default_factory=list)

    def copy(self) -> CrownState:
        return CrownState(self.at, self.bearer, self.claimant, list(self.points))


class Crown(Mission[CrownState]):
    key: ClassVar[str] = "the_crown"
    title: ClassVar[str] = "The Crown"
    phases: ClassVar[tuple[PhaseSpec, ...]] = (CLAIM, TRIBUTE)
    actions: ClassVar[tuple[type, ...]] = (Claim, Tribute)
    deployment_numbers: ClassVar[tuple[int, ...]] = R.DEPLOYMENT_NUMBERS
    players: ClassVar[tuple[int, int] | None] = (2, 2)
    level: ClassVar[str] = "levels/little_soldiers/bootcamp.json"
    mission_squads: ClassVar[Mapping[int, tuple[tuple[str, ...], ...]]] = {
        2: (("infantry", "grenadier"), ("infantry", "sniper"))}
    rules: ClassVar[tuple[str, ...]] = (
        "  the-crown (2, made up for a test): the green Infantry starts with the Crown; a Move passing",
        "    near it (or its enemy bearer) may take it; a broken bearer drops it; its bearer's General",
        "    scores a 1-3 die before each End of Turn; 6 points win, else the most points.",
    )

    # ---------------------------------------------------------------- the slice
    def setup(self, st: LittleSoldiersState) -> CrownState:
        first = st.generals[0].soldiers[0]  # the green Infantry starts with the Crown
        return CrownState((0.0, 0.0), first, None, [0] * len(st.generals))

    def crown_spot(self, st: LittleSoldiersState) -> tuple[float, float] | None:
        """Where the Crown is now: on the table, or on its bearer (None: its bearer is in the HQ)."""
        crown = self.data(st)
        if crown.bearer is None:
            return crown.at
        spot = st.soldiers[crown.bearer].spot
        return spot.xy if spot is not None else None

    def copy(self, data: CrownState) -> CrownState:
        return data.copy()

    def dump(self, st: LittleSoldiersState, data: CrownState, out: dict[str, Any]) -> None:
        out.update({"crown_at": list(data.at), "crown_bearer": data.bearer, "crown_claimant": data.claimant,
                    "crown_points": list(data.points)})

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> CrownState:
        x, y = data["crown_at"]
        return CrownState((float(x), float(y)), data["crown_bearer"], data["crown_claimant"],
                          [int(p) for p in data["crown_points"]])

    # ---------------------------------------------------------------- picking it up, dropping it
    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        crown = self.data(st)
        bearer = st.soldiers[crown.bearer] if crown.bearer is not None else None
        at = self.crown_spot(st)
        if at is None or (bearer is not None and not st.is_enemy(soldier, bearer)) or len(set(path)) < 2:
            return  # a Move that went somewhere, past the Crown or an enemy bearing it
        if reaches(path, at):
            crown.claimant = soldier.id
            st.open(CLAIM)

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        return [Claim(True), Claim(False)]

    def help(self, st: LittleSoldiersState) -> str:
        return "pick the Crown up, or leave it."

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        crown = self.data(st)
        if st.phase is TRIBUTE:
            crown.points[st.soldiers[crown.bearer or ""].general] += action.points
            st.log(f"{crown.bearer} is paid {action.points} in tribute ({crown.points}).")
            return
        if action.take:
            st.log(f"{crown.claimant} takes the Crown" + (f" from {crown.bearer}." if crown.bearer else "."))
            crown.bearer = crown.claimant
        crown.claimant = None

    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        crown = self.data(st)
        st.log(f"{soldier.id} is broken!")
        if crown.bearer == soldier.id:
            fell = st.breaks[-1].spot if st.breaks else None
            crown.at = fell.xy if fell is not None else crown.at
            crown.bearer = None
            st.log(f"The Crown falls at ({crown.at[0]:.1f}, {crown.at[1]:.1f}).")

    # ---------------------------------------------------------------- tribute and the end
    def before_end_of_turn(self, st: LittleSoldiersState, played: bool) -> None:
        bearer = self.data(st).bearer
        if bearer is not None and st.soldiers[bearer].in_play:
            st.open(TRIBUTE)

    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        return [(Tribute(n), 1 / len(TRIBUTE_FACES)) for n in TRIBUTE_FACES]

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        if not isinstance(action, Tribute) or action.points not in TRIBUTE_FACES:
            return "The tribute die shows 1, 2 or 3."
        return None

    def end_turn(self, st: LittleSoldiersState) -> None:
        won = max(self.data(st).points) >= CROWN_POINTS
        st.then(Frame(GAME_OVER if won else NEXT_TURN))

    def result(self, st: LittleSoldiersState) -> Result:
        points = self.data(st).points
        scores = [0.0] * st.num_seats
        for g in st.generals:
            scores[g.seat] += points[g.index]
        return scores_result(scores, f"The Crown's tribute: {points}.")

    # ---------------------------------------------------------------- bots
    def move_goals(self, st: LittleSoldiersState, soldier: Soldier, cord: float) -> list[tuple[float, float]]:
        """Moves that end within reach of the Crown, round it (on the table, or on an enemy bearer)."""
        crown = self.data(st)
        at = self.crown_spot(st)
        if at is None or crown.bearer == soldier.id or soldier.spot is None or soldier.spot.surface is not None:
            return []
        if math.dist(soldier.spot.xy, at) > cord + CROWN_REACH:
            return []
        gap = st.terrain.base_radius * 2 + 1.0  # beside a bearer's base
        return [(round(at[0] + gap * math.cos(a), 2), round(at[1] + gap * math.sin(a), 2))
                for a in (2 * math.pi * k / 8 for k in range(8))]


def reaches(path: Sequence[tuple[float, float]], at: tuple[float, float]) -> bool:
    """Whether a Move along ``path`` passes within CROWN_REACH of the Crown."""
    line = LineString(path) if len(path) > 1 else Point(path[0])
    return bool(line.distance(Point(at)) <= CROWN_REACH)


@pytest.fixture
def crown(monkeypatch: pytest.MonkeyPatch) -> type[Crown]:
    """The mission registered for one test (and forgotten after it)."""
    monkeypatch.setitem(REGISTRY.missions, Crown.key, Crown)
    return Crown


def test_the_crown_is_known_everywhere_once_registered(crown):
    assert MISSIONS["the_crown"].title == "The Crown"
    config = Config(mission="the-crown")
    assert config.level.endswith("bootcamp.json") and config.squads == Crown.mission_squads[2]
    state = new_game(config, 1)
    assert CLAIM in state.rules.phases and TRIBUTE in state.rules.chance_phases
    assert state.rules.owners[CLAIM] is state.rules.mission
    assert get_game("little-soldiers").codec.decode({"type": "Tribute", "points": 2}) == Tribute(2)
    from engine.little_soldiers.rules_text import rules_summary

    assert "the-crown (2, made up for a test)" in rules_summary(config)
    assert rules_summary(config).index("This mission: The Crown") < rules_summary(config).index("Set-up:")


def test_the_crown_is_taken_paid_and_dropped(crown):
    from ls_helpers import battlefield, position

    from engine.little_soldiers.actions import Move, Order, Roll

    s = new_game(Config(mission="the_crown", level="test-table"), None, battlefield=battlefield())
    position(s, {"green-infantry": (20, 30), "green-grenadier": (20, 45), "yellow-infantry": (45, 30),
                 "yellow-sniper": (80, 45)}, tokens={0: 1, 1: 1}, general=1)
    assert s.slice_of(Crown).bearer == "green-infantry"
    s.apply(1, Move("yellow-infantry", 30, 30))  # ends 10 cm from the bearer
    assert s.phase is CLAIM and s.to_act() == [1]
    s.apply(1, Claim(True))
    assert s.slice_of(Crown).bearer == "yellow-infantry" and s.view(0).to_dict()["crown_bearer"] == "yellow-infantry"
    s.apply(1, Order("yellow-infantry", "move"))
    s.apply(1, Move("yellow-infantry", 30, 30))
    assert s.phase is TRIBUTE and s.to_act() == [CHANCE]  # before the End of Turn: the bearer's tribute
    s.apply(CHANCE, Tribute(3))
    assert s.slice_of(Crown).points == [0, 3] and s.current == 0
    s.soldiers["yellow-infantry"].hearts = 4
    s.apply(0, Move("green-infantry", 20, 30))
    s.apply(0, Order("green-infantry", "attack", "yellow-infantry"))
    s.apply(CHANCE, Roll(("hit",) * 5))
    s.apply(0, s.legal_actions(0)[0])  # keep the dice
    crown = s.slice_of(Crown)
    assert crown.bearer is None and crown.at == (30, 30)  # it fell where its bearer broke


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_the_crown_plays_to_its_end_with_bots(crown, bot):
    from engine.little_soldiers.bots import HeuristicBot

    played: set[str] = set()
    for seed in (4, 5, 6):  # seeds in which the bots take the Crown at least once
        s = new_game(Config(mission="the_crown"), seed)
        make = RandomBot if bot == "random" else HeuristicBot
        bots = [make(seed * 7 + i) for i in range(2)]
        steps = 0
        while not s.is_over():
            seat = s.to_act()[0]
            assert seat != CHANCE
            s.apply(seat, bots[seat].choose(s.view(seat)))
            steps += 1
            assert steps < 1500, "no end in sight"
        result = s.result()
        assert result is not None and result.winners
        points = s.slice_of(Crown).points
        assert list(result.scores) == [float(p) for p in points]
        played.update(type(a).__name__ for _, a in s.history())
    assert {"Claim", "Tribute"} <= played, "the mission's own steps were never reached"


@pytest.mark.parametrize("seed", [5, 6])
def test_the_crown_keeps_the_conformance_suites_promises(crown, seed):
    playout = Playout(Case("little-soldiers", {"mission": "the_crown"}, (seed,), hidden=False), seed).run()
    assert set(CHECKS) == {"clone", "record", "chance", "over", "stall", "undo", "view", "illegal", "from_dict"}
    assert playout.failures == {}, playout.failures


def test_the_mission_uses_only_the_engines_public_names():
    """The mission above reads no ``_private`` name of the engine: a mission is written against the protocol."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            raise AssertionError(f"line {node.lineno} reads {node.attr}")
