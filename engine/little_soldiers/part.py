"""What a module or a mission is to the core: a part.

The core runs the Bootcamp's table, rounds, turns and the Move/Order/Attack
flow and never asks which module or mission is played: it asks the parts
loaded (``LittleSoldiersGame.parts``) through what they declare and the
hooks they define. A part is one class in its own file (``parts/``) that

- declares: its ``key`` and ``title``, the steps it runs (``phases``,
  ``PhaseSpec`` values of any kind), the actions they take (``actions``)
  and the actions it adds to the core's Move and Order steps
  (``extra_types``), what it changes on the table (``climbing``,
  ``lightning``, ...), how it reads what the books leave open
  (``readings``) and its rules in brief (``rules``);
- owns a *slice* of the state (``setup`` makes it; ``copy``, ``dump``,
  ``load``): plain data kept in ``LittleSoldiersState.slices``, never a
  reference back to a state, so copying a state copies each slice and
  binds nothing;
- declares its secrets (``secrets``: ``engine.core.secrecy.Slice`` values),
  from which the views and ``determinize`` are derived, and places what a
  seat may see of them in a picture (``place``); a chance step's audience in
  the history comes from the same declaration (``audience``);
- runs its steps (``legal``, ``check``, ``apply``, the chance methods,
  ``help``, and its bot sampling: ``candidates``, ``random_action``);
- hooks into the core's flow. Hooks that may open a step are run as frames
  of the continuation (``engine.little_soldiers.flow``): a hook opens a
  step with ``state.open`` and the parts after it wait until that step is
  over. A part never assigns the core's phase; it opens steps and adds
  frames.

A part object holds no state: one is made per game (``LittleSoldiersGame``)
and every method gets the state it works on. ``self.data(state)`` is the
part's own slice of that state.

The model is python-chess's ``variant.py`` (a variant overrides only what
differs), boardgame.io's plugins (a slice of state with its own set-up and
player view) and OpenSpiel's Game/State split.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from engine.core.protocol import Result, draw
from engine.core.secrecy import Slice
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.actions import Move
from engine.little_soldiers.flow import DEPLOY_FROM_HQ, NEXT_ROUND, NEXT_TURN, frame
from engine.little_soldiers.phases import SETUP, Audience, PhaseKind, PhaseSpec
from engine.little_soldiers.pieces import Soldier
from engine.little_soldiers.preparation import deploy_reason, place_deployed

if TYPE_CHECKING:
    from engine.little_soldiers.actions import Landing
    from engine.little_soldiers.flow import Frame
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import SightReport, Spot, Terrain

S = TypeVar("S")
"""A part's slice of the state: plain data it owns (None when it owns none)."""

FRAME_HOOKS = ("begin_game", "turn_begins", "after_move", "before_move", "before_roll", "on_lightning",
               "on_landing", "before_end_of_turn")
"""Hooks that may open a step: the core runs them as frames of the continuation."""

CALL_HOOKS = ("round_begins", "extra_actions", "may_stop_moves", "movers", "check_move", "on_moved", "before_break",
              "reroll_bonus", "turn_ends", "clear_action", "check_landing", "spare_tokens", "pay_order")
"""Hooks the core calls and goes on (they change the table, or answer a question)."""

HOOKS = FRAME_HOOKS + CALL_HOOKS
"""The hooks the core asks of every part that defines them (``Part.overrides``)."""


class Target(Protocol):
    """A mission's target that is not a Little Soldier (a co-op Threat): what
    the core's Attacks and blasts read and write of it."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def defense(self) -> int: ...
    @property
    def toughness(self) -> int: ...
    @property
    def point(self) -> tuple[float, float, float]:
        """Where distances to it are measured from (its Target symbol)."""
        ...
    @property
    def in_play(self) -> bool: ...
    hearts: int
    shields: int

    def copy(self) -> Target:
        """An independent copy (for views)."""
        ...


class Part(Generic[S]):
    """A module or mission of Little Soldiers; every hook does nothing by default.

    ``overrides`` (set per subclass) names the hooks a part defines, so the
    core calls only those."""

    overrides: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.overrides = frozenset(name for name in HOOKS if getattr(cls, name) is not getattr(Part, name))

    # ------------------------------------------------------------ declarations
    key: ClassVar[str] = ""
    """The name in ``Config.modules`` (or ``Config.mission``)."""
    title: ClassVar[str] = ""
    phases: ClassVar[tuple[PhaseSpec, ...]] = ()
    """The steps this part runs (the core hands them over whole)."""
    actions: ClassVar[tuple[type, ...]] = ()
    """The action classes its steps take (records decode them)."""
    extra_types: ClassVar[tuple[type, ...]] = ()
    """Actions this part adds to the core's own Move and Order steps."""
    setup_order: ClassVar[int] = 50
    """Set-up runs parts in this order (lower first)."""
    readings: ClassVar[tuple[str, ...]] = ()
    """How this part reads what the book leaves open (``toybox rules``)."""
    rules: ClassVar[tuple[str, ...]] = ()
    """Its rules in brief, as lines of ``toybox rules`` (indented two spaces)."""

    # What the core asks of the table; a part that changes it says so.
    climbing: ClassVar[bool] = False
    """Little Soldiers may climb Level scenery."""
    free_deploy: ClassVar[bool] = False
    """Deploy at green distance from anchors, without Block tokens."""
    deploy_chain: ClassVar[bool] = False
    """Your soldiers in play are deployment anchors too."""
    lightning: ClassVar[bool] = False
    """Lightning results count (the Special Abilities)."""
    table_objects: ClassVar[bool] = False
    """The battlefield's Objects are in play."""

    # What a module asks of the config (the Module Book's constraints).
    listing: ClassVar[int] = 0
    """Where the module stands in the Module Book's list (``Config.modules`` order)."""
    requires: ClassVar[tuple[str, ...]] = ()
    """Modules it must be played with."""
    excludes: ClassVar[tuple[str, ...]] = ()
    """Modules it cannot be played with."""
    players: ClassVar[tuple[int, int] | None] = None
    """The player counts a game with this module is for (None: as without it)."""
    generals: ClassVar[int | None] = None
    """Generals in a game with this module (None: one per side)."""
    seats: ClassVar[Mapping[int, tuple[int, ...]]] = {}
    """Players -> the seat that plays each General, where a seat plays several."""
    squads: ClassVar[tuple[tuple[str, ...], ...] | None] = None
    """The default squads with this module (None: the game's)."""
    squad_sizes: ClassVar[tuple[int, int] | None] = None
    """Soldiers a squad may have with this module (None: an Infantry and one other)."""

    @classmethod
    def squad_reason(cls, index: int, squad: tuple[str, ...]) -> str | None:
        """Why one squad may not be played with this module."""
        return None

    @classmethod
    def squads_reason(cls, squads: tuple[tuple[str, ...], ...]) -> str | None:
        """Why the squads together may not be played with this module."""
        return None

    # ------------------------------------------------------------ the game
    index: int = -1
    """This part's place in its game's parts (its slice's place in the state)."""

    def data(self, st: LittleSoldiersState) -> S:
        """This part's slice of ``st``."""
        return cast(S, st.slices[self.index])

    # ------------------------------------------------------------ the slice of state
    def setup(self, st: LittleSoldiersState) -> S:
        """The slice at set-up, after the Generals and soldiers are made (a part
        may set the table's pieces up too)."""
        return cast(S, None)

    def copy(self, data: S) -> S:
        """A copy of the slice that shares nothing mutable with it."""
        return data

    def dump(self, st: LittleSoldiersState, data: S, out: dict[str, Any]) -> None:
        """Write the slice's *public* fields into a picture of the state (the
        state's ``to_dict`` and every view's): what any seat may see."""

    def load(self, st: LittleSoldiersState, data: Mapping[str, Any]) -> S:
        """The slice read back from ``to_dict`` output (``from_dict``, on a
        state just set up: by default the slice as set up)."""
        return self.data(st)

    def secrets(self, st: LittleSoldiersState, data: S) -> list[Slice]:
        """What this slice hides and from whom (``engine.core.secrecy``): the
        view shows a secret's cover to the seats that may not read it, and
        ``determinize`` re-deals the items hidden from the viewer."""
        return []

    def place(self, st: LittleSoldiersState, data: S, out: dict[str, Any], shown: Mapping[str, list[Any]],
              seat: int | None) -> None:
        """Write into a picture what ``seat`` sees of each of this part's
        secrets: ``shown[name]`` lists, in declaration order, the items of
        each secret called ``name`` or its cover (``seat`` None: the whole
        truth, every secret's items)."""

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:
        """The inverse of ``place`` for a network client's stand-in state
        (``engine.little_soldiers.stand_in``): replace in ``seat``'s picture
        each cover this part placed with items consistent with it, dealt in a
        fixed order from those the seat cannot see; read nothing else."""

    def resample(self, st: LittleSoldiersState, data: S, seat: int, rng: random.Random) -> None:
        """After the re-deal of ``determinize``: re-draw a hidden fact that is
        not a plain deal of items (none so far)."""

    # ------------------------------------------------------------ the part's own steps
    def to_act(self, st: LittleSoldiersState) -> int | None:
        """The General who acts in one of this part's steps (None: the current one)."""
        return None

    def legal(self, st: LittleSoldiersState, seat: int) -> list[Any]:
        return []

    def check(self, st: LittleSoldiersState, seat: int, action: Any) -> str | None:
        return None if action in self.legal(st, seat) else f"{action} is not possible now: {self.help(st)}"

    def apply(self, st: LittleSoldiersState, seat: int, action: Any) -> None:
        """Resolve ``action`` in this part's step: open the next step, add
        frames, or neither (then the continuation goes on)."""
        raise NotImplementedError(f"{type(self).__name__} runs no step {st.phase}")

    def sample_chance(self, st: LittleSoldiersState, rng: random.Random) -> Any:
        outcomes = self.chance_outcomes(st)
        if not outcomes:
            raise NotImplementedError(f"{type(self).__name__}: no way to draw the step {st.phase}")
        return draw(outcomes, rng)

    def check_chance(self, st: LittleSoldiersState, action: Any) -> str | None:
        return "No chance step is due now."

    def chance_outcomes(self, st: LittleSoldiersState) -> list[tuple[Any, float]] | None:
        """This part's pending chance step's outcomes with probabilities, or
        None when too many to list or continuous (``sample_chance`` draws)."""
        return None

    def audience(self, st: LittleSoldiersState, action: Any) -> frozenset[int] | None:
        """Who may read a chance outcome of this part's step in the history:
        as its ``PhaseSpec`` declares (a SECRET step's part says whose secret
        the outcome goes into)."""
        audience = st.phase.audience
        if audience is Audience.PUBLIC:
            return None
        return frozenset()

    def help(self, st: LittleSoldiersState) -> str:
        """What the player does in this part's current step, as a sentence."""
        return f"the game is in its {st.phase} step."

    def catalog(self) -> Mapping[str, Any]:
        """Public reference data the part publishes (the Tactics cards by name)."""
        return {}

    def resume(self, st: LittleSoldiersState, frame: Frame) -> None:
        """Run one of this part's own frames (``Frame(do, part=key)``)."""
        raise ValueError(f"{type(self).__name__} has no frame {frame.do!r}")

    def candidates(self, st: LittleSoldiersState, seat: int, n: int, rng: random.Random) -> list[Any]:
        """Bots: legal actions sampled in this part's continuous steps."""
        return []

    def random_action(self, st: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
        """The random playout policy in this part's continuous steps (None:
        draw from ``candidates``)."""
        return None

    # ------------------------------------------------------------ hooks run as frames (may open a step)
    def begin_game(self, st: LittleSoldiersState) -> None:
        """Before the first round (the starting Tactics draws)."""

    def turn_begins(self, st: LittleSoldiersState) -> None:
        """A General's turn begins (its Move is next)."""

    def after_move(self, st: LittleSoldiersState, soldier: Soldier, path: Sequence[tuple[float, float]]) -> None:
        """A Move touched the tokens along ``path`` (empty: none)."""

    def before_move(self, st: LittleSoldiersState, move: Move) -> None:
        """A Move is declared; a part may hold it (a Reaction window) and drop
        it (``state.drop``) instead of letting it be made."""

    def before_roll(self, st: LittleSoldiersState) -> None:
        """An Attack is declared; its dice are next."""

    def on_lightning(self, st: LittleSoldiersState, attacker: Soldier, target: Soldier | Target) -> None:
        """The Attack rolled lightning that counts (``AttackDice.lightning``)."""

    def on_landing(self, st: LittleSoldiersState) -> None:
        """A thrown die or token landed, before it explodes."""

    def before_end_of_turn(self, st: LittleSoldiersState, played: bool) -> None:
        """Steps before the End of the Turn (the Threats' turn); ``played``:
        False for a turn skipped (its General had nothing in play)."""

    # ------------------------------------------------------------ hooks called in passing
    def round_begins(self, st: LittleSoldiersState) -> None:
        """A new round begins (before its preparation)."""

    def extra_actions(self, st: LittleSoldiersState) -> list[Any]:
        """More legal actions in the core's Move and Order steps."""
        return []

    def check_extra(self, st: LittleSoldiersState, action: Any) -> str | None:
        return "That is not possible now."

    def apply_extra(self, st: LittleSoldiersState, action: Any) -> None:
        raise NotImplementedError

    def may_stop_moves(self, st: LittleSoldiersState) -> bool:
        """The Moves being made may be stopped early (Strategic Retreat)."""
        return False

    def movers(self, st: LittleSoldiersState) -> list[Soldier] | None:
        """The soldiers that may move in the MOVE step now, where the part
        narrows them (a Strategic Retreat's unused soldiers); None: as the core says."""
        return None

    def check_move(self, st: LittleSoldiersState, soldier: Soldier, action: Move, end_level_up: bool) -> str | None:
        """A reason this part forbids a Move the table allows."""
        return None

    def on_moved(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """Any Move was made (a Marshmallow bounce too)."""

    def before_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """A Little Soldier is broken and still on the table: what the part takes back."""

    def reroll_bonus(self, st: LittleSoldiersState, attacker: Soldier, target: Soldier | Target,
                     why: dict[str, Any]) -> int:
        """Rerolls this part adds (or takes, negative), noting why in ``why``."""
        return 0

    def turn_ends(self, st: LittleSoldiersState) -> None:
        """The End of the Turn (and a round cut short): the part tidies up."""

    def clear_action(self, st: LittleSoldiersState) -> None:
        """The current Action is over (or cut short): forget what the part kept of it."""

    def check_landing(self, st: LittleSoldiersState, landing: Landing) -> str | None:
        """Why a landing this part knows of (Teleporters touched) is not possible."""
        return None

    def spare_tokens(self, st: LittleSoldiersState, general: int | None, soldier: str | None) -> int:
        """Order tokens of this part's on General ``general`` (or on ``soldier``),
        that may be given like the General's own (Bonus Order tokens)."""
        return 0

    def pay_order(self, st: LittleSoldiersState, general: int, soldier: Soldier) -> bool:
        """Give ``soldier`` one of this part's tokens for its Order; False: the part has none to give."""
        return False


class Mission(Part[S]):
    """The mission played (the Bootcamp when none): how sides, rounds, the end
    of a turn and the game's end work. The core asks only these questions."""

    setup_order: ClassVar[int] = 20
    cooperative: ClassVar[bool] = False
    """Every player on one side against the game."""
    uses_star: ClassVar[bool] = True
    """The sheriff's star picks the first player and passes to the first who runs out."""
    any_deployment_token: ClassVar[bool] = False
    """Soldiers deploy beside any Deployment token, not only their colour's."""
    deploy_squad_at_once: ClassVar[bool] = False
    """A General deploys every soldier of the HQ in one go."""
    deploy_without_blocks: ClassVar[bool] = False
    """Deployment without Block tokens (green distance from a chosen token)."""
    deployment_numbers: ClassVar[tuple[int, ...]] = ()
    """Deployment tokens the battlefield must have."""

    # What a mission asks of the config (the Mission Book's overview).
    players: ClassVar[tuple[int, int] | None] = (2, 2)
    required: ClassVar[tuple[str, ...]] = ()
    """Modules the mission is played with (added when a config leaves them out)."""
    optional: ClassVar[tuple[str, ...]] = ()
    """Modules the mission may be played with."""
    level: ClassVar[str] = ""
    """The mission's battlefield file."""
    mission_squads: ClassVar[Mapping[int, tuple[tuple[str, ...], ...]]] = {}
    """The default squads per player count."""
    based_on: ClassVar[str | None] = None
    """A mission whose rules this one changes (its ``rules`` say only the changes)."""

    @classmethod
    def modules_for(cls, players: int, modules: tuple[str, ...]) -> tuple[str, ...]:
        """The modules a config for this mission plays: its own, checked, and
        the required ones added; a ValueError names one it may not play with."""
        required = set(cls.required) | set(cls.required_for(players))
        allowed = required | set(cls.optional)
        for m in modules:
            if m not in allowed:
                raise ValueError(f"{cls.title} cannot be played with the {m} module "
                                 f"(allowed: {', '.join(sorted(allowed)) or 'none'})")
        return tuple(modules) + tuple(sorted(required - set(modules)))

    @classmethod
    def required_for(cls, players: int) -> tuple[str, ...]:
        """Modules required at this player count only (solo co-op: Reinforcements)."""
        return ()

    @classmethod
    def player_range(cls, modules: Sequence[type[Part[Any]]]) -> tuple[int, int]:
        return cls.players or (2, 2)

    @classmethod
    def players_reason(cls, players: int, modules: Sequence[type[Part[Any]]]) -> str | None:
        lo, hi = cls.player_range(modules)
        if lo <= players <= hi:
            return None
        return f"{cls.title} is for {lo} to {hi} players, not {players}"

    @classmethod
    def generals_for(cls, players: int, modules: Sequence[type[Part[Any]]]) -> int:
        """How many Generals a game has (one per player in a mission)."""
        return players

    @classmethod
    def default_squads(cls, players: int, modules: Sequence[type[Part[Any]]]) -> tuple[tuple[str, ...], ...]:
        return cls.mission_squads[players]

    @classmethod
    def squads_error(cls, squads: tuple[tuple[str, ...], ...], players: int,
                     modules: Sequence[type[Part[Any]]]) -> str | None:
        """Why these squads may not play this mission (one per player, an
        Infantry and one other Little Soldier by default)."""
        generals = cls.generals_for(players, modules)
        if len(squads) != generals:
            return f"squads needs one squad per player ({generals}), got {len(squads)}"
        for i, squad in enumerate(squads):
            for t in squad:
                if t not in R.SOLDIER_TYPES:
                    return f"squads[{i}]: unknown soldier type {t!r} (types: {', '.join(R.SOLDIER_TYPES)})"
            reason = cls.mission_squad_reason(i, squad, generals)
            if reason:
                return reason
        return None

    @classmethod
    def mission_squad_reason(cls, index: int, squad: tuple[str, ...], generals: int) -> str | None:
        if len(squad) != 2:
            return f"squads[{index}]: an Infantry and one other Little Soldier"
        if "infantry" not in squad:
            return f"squads[{index}]: every squad starts with an Infantry"
        return None

    @classmethod
    def seat_of(cls, general: int, players: int, modules: Sequence[type[Part[Any]]]) -> int:
        """Who plays General ``general`` (one General each in a mission)."""
        return general

    @classmethod
    def deployment_needed(cls, terrain: Terrain) -> tuple[int, ...]:
        """The Deployment tokens a battlefield must have for this mission."""
        return cls.deployment_numbers

    # ------------------------------------------------------------ sides and names
    def side_of(self, general: int, team: str) -> str:
        """Who a General's soldiers fight against: equal sides are allies."""
        return team

    def general_name(self, general: int, default: str) -> str:
        return default

    # ------------------------------------------------------------ rounds and deployment
    def first_round(self, st: LittleSoldiersState) -> None:
        """How the first round is reached once set-up is done: the sheriff's star flip."""
        st.open(SETUP)

    def start_round(self, st: LittleSoldiersState) -> None:
        """Round Preparation (after the round's number is set): deploy from the
        HQ, then take Order tokens."""
        st.then(frame(DEPLOY_FROM_HQ, st.first))

    def check_deploy(self, st: LittleSoldiersState, soldier: Soldier, x: float, y: float) -> str | None:
        """Why ``soldier`` may not deploy at (x, y) now."""
        return deploy_reason(st, soldier, x, y)

    def deploy(self, st: LittleSoldiersState, soldier: Soldier, x: float, y: float) -> None:
        place_deployed(st, soldier, x, y)

    def deploys_by_area(self) -> bool:
        """Whether a deployment is a choice within an area (``deploy_discs``)."""
        return True

    def may_redeploy(self, st: LittleSoldiersState, soldier: Soldier) -> bool:
        """Whether a soldier in the HQ comes back into play (False: out for good)."""
        return True

    def rank_side(self, st: LittleSoldiersState, soldier: Soldier) -> bool:
        """Whether the soldier's card shows its Super Soldier side when lightning counts."""
        return True

    # ------------------------------------------------------------ turns and the end
    def on_break(self, st: LittleSoldiersState, soldier: Soldier) -> None:
        """A Little Soldier was broken (its tokens are already back)."""

    def orders_back_to_card(self) -> bool:
        """A broken soldier's Order tokens go onto the General's card, not the Chest's bottom."""
        return False

    def end_turn(self, st: LittleSoldiersState) -> None:
        """End of the Turn: the game's end, the round's end, or the next turn."""
        st.then(frame(NEXT_TURN))

    def round_cut(self, st: LittleSoldiersState) -> None:
        """The round ended at once (a Wipeout): the next round."""
        st.then(frame(NEXT_ROUND))

    def result(self, st: LittleSoldiersState) -> Result:
        raise NotImplementedError

    # ------------------------------------------------------------ targets that are not Little Soldiers
    def targets(self, st: LittleSoldiersState) -> Mapping[str, Target]:
        """The mission's other targets by id (a co-op mission's Threats):
        every soldier's enemies."""
        return {}

    def valid_targets(self, st: LittleSoldiersState, attacker: str) -> list[str]:
        return []

    def target_sight(self, st: LittleSoldiersState, attacker: str, target: str) -> SightReport:
        raise KeyError(target)

    def target_reason(self, st: LittleSoldiersState, attacker: str, target: str) -> str | None:
        """Why ``attacker`` may not attack the target ``target`` now."""
        return f"{target} is not a target in this game."

    def target_closed(self, st: LittleSoldiersState, target: str) -> dict[str, Any] | None:
        """Why a target in sight still cannot be attacked (a Force Field), as
        explanation fields; None when nothing stops it."""
        return None

    def targets_in_blast(self, st: LittleSoldiersState, point: tuple[float, float, float],
                         cord: float) -> list[tuple[Target, float]]:
        """Targets a Grenade or Mortar landing at ``point`` reaches, with their distance."""
        return []

    def break_target(self, st: LittleSoldiersState, target: Target) -> None:
        raise KeyError(target.id)

    # ------------------------------------------------------------ bots
    def deploy_candidates(self, st: LittleSoldiersState, seat: int, n: int,
                          rng: random.Random) -> list[Any] | None:
        """Bots: deployments sampled the mission's way (None: within the areas)."""
        return None

    def random_deploy(self, st: LittleSoldiersState, seat: int, rng: random.Random) -> Any | None:
        """The random policy's deployment the mission's way (only asked when
        ``deploys_by_area`` is False)."""
        return None

    def move_goals(self, st: LittleSoldiersState, soldier: Soldier, cord: float) -> list[tuple[float, float]]:
        """Bots: destinations worth a Move beyond the sampled ones (a co-op
        mission's switches), before the cord and the fit are checked."""
        return []

    def outlook(self, st: LittleSoldiersState, spots: Sequence[Spot]) -> list[tuple[int, int, float]]:
        """Bots: per spot, what the mission's targets make of it (see ``LittleSoldiersView.threat_outlook``)."""
        return [(0, 0, 0.0) for _ in spots]


def chance_phase(name: str, audience: Audience = Audience.PUBLIC) -> PhaseSpec:
    """A chance step a part declares."""
    return PhaseSpec(name, PhaseKind.CHANCE, audience)


__all__ = ["CALL_HOOKS", "FRAME_HOOKS", "HOOKS", "Mission", "Part", "Target", "chance_phase"]
