"""What a module or a mission is to the core: a part.

The core (``state.LittleSoldiersState``) runs the Bootcamp's table, rounds,
turns and the Move/Order/Attack flow and never asks which module or mission
is played. Each module and each mission is a ``Part`` (in its own file in
this package) that

- owns its slice of the state: ``copy_slice``, ``to_dict``, ``load`` (the
  inverse, for ``from_dict``), ``hide`` (what a seat may not see) and
  ``resample`` (how ``determinize`` re-deals what is hidden);
- runs the steps it adds (``phases``: ``legal``, ``check``, ``apply``,
  ``sample_chance``, ``check_chance``, ``help``);
- hooks into the core's flow at named points (set-up, the start of a round,
  a Move, a break, the end of a turn, the result). A hook that takes the
  flow over (it opened a step of its own) returns True, and the core stops
  there.

The model is python-chess's ``variant.py`` (a variant overrides only what
differs) and boardgame.io's plugins (a slice of state with its own set-up
and player view). A part reaches the rest of the game through ``self.state``
and is copied with it: ``copy(state)`` binds the copy to the new state.
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.protocol import Result
from engine.core.secrecy import Slice
from engine.little_soldiers.phases import Phase

if TYPE_CHECKING:
    from engine.little_soldiers.pieces import Soldier, Threat
    from engine.little_soldiers.state import LittleSoldiersState
    from engine.little_soldiers.terrain import Terrain

HOOKS = ("setup", "begin_game", "round_begins", "turn_begins", "turn_skipped", "extra_actions", "may_stop_moves",
         "check_move", "before_move", "on_moved", "after_move", "before_break", "before_roll",
         "reroll_bonus", "on_lightning", "on_landing", "action_done", "turn_ends")
"""The hooks the core calls on every part that defines them."""


class Part:
    """A module or mission of Little Soldiers; every hook does nothing by default.

    ``overrides`` (set per subclass) names the hooks a part defines, so the
    core calls only those."""

    overrides: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.overrides = frozenset(name for name in HOOKS if getattr(cls, name) is not getattr(Part, name))

    key: ClassVar[str] = ""
    """The name in ``Config.modules`` (or ``Config.mission``)."""
    title: ClassVar[str] = ""
    phases: ClassVar[frozenset[Phase]] = frozenset()
    """The steps this part runs (the core hands them over whole)."""
    action_types: ClassVar[tuple[type, ...]] = ()
    """Actions this part adds to the core's own Move and Order steps."""
    setup_order: ClassVar[int] = 50
    """Set-up runs parts in this order (lower first)."""
    readings: ClassVar[tuple[str, ...]] = ()
    """How this part reads what the book leaves open (``toybox rules``)."""

    # What the core asks of the table; a part that changes it says so.
    climbing: ClassVar[bool] = False
    """Little Soldiers may climb Level scenery (Levels)."""
    free_deploy: ClassVar[bool] = False
    """Deploy at green distance from anchors, without Block tokens (Advanced Tactics)."""
    deploy_chain: ClassVar[bool] = False
    """Your soldiers in play are deployment anchors too (Advanced Tactics)."""
    lightning: ClassVar[bool] = False
    """Lightning results count (Super Soldier)."""
    table_objects: ClassVar[bool] = False
    """The battlefield's Objects are in play (Objects)."""

    def __init__(self, state: LittleSoldiersState) -> None:
        self.state = state

    # ------------------------------------------------------------ the slice of state
    def copy(self, state: LittleSoldiersState) -> Part:
        new = _copy.copy(self)
        new.state = state
        new.copy_slice()
        return new

    def copy_slice(self) -> None:
        """After a shallow copy: replace every mutable container this part owns."""

    def to_dict(self) -> dict[str, Any]:
        """The part's slice as plain JSON data (merged into the state's)."""
        return {}

    def load(self, data: dict[str, Any]) -> None:
        """Read the slice back from ``to_dict`` output (``from_dict``)."""

    def secrets(self) -> list[Slice]:
        """What this part hides and from whom (``engine.core.secrecy``): the
        view shows a slice's cover to the seats that may not read it, and
        ``determinize`` re-deals the items hidden from the viewer."""
        return []

    def hide(self, data: dict[str, Any], seat: int) -> None:
        """Write into the state's ``to_dict`` output what ``seat`` sees of this
        part's secrets (their covers, from ``secrets``)."""

    @classmethod
    def unhide(cls, data: dict[str, Any], seat: int) -> None:  # noqa: B027 - an optional hook: by default nothing is hidden
        """The inverse of ``hide``, for a network client's stand-in state
        (``engine.little_soldiers.stand_in``): replace in ``seat``'s picture
        each cover this part wrote with items consistent with it, dealt in a
        fixed order from those the seat cannot see; read nothing else."""

    def resample(self, seat: int, rng: random.Random) -> None:
        """After the re-deal of ``determinize``: re-draw a hidden fact that is
        not a plain deal of items (none so far)."""

    # ------------------------------------------------------------ set-up and rounds
    def setup(self) -> None:
        """After the Generals and soldiers are made."""

    def begin_game(self) -> bool:
        """Before the first round; True when the part opened a step first."""
        return False

    def round_begins(self) -> None:
        """A new round begins (before its preparation)."""

    def turn_begins(self) -> bool:
        """A General's turn begins (its Move is next); True when the part opened a step first."""
        return False

    def turn_skipped(self) -> None:
        """A General with nothing in play has no turn."""

    # ------------------------------------------------------------ the part's own steps
    def to_act(self) -> int | None:
        """The General who acts in one of this part's steps (None: the current one)."""
        return None

    def legal(self, seat: int) -> list[Any]:
        return []

    def check(self, seat: int, action: Any) -> str | None:
        return None if action in self.legal(seat) else f"{action} is not possible now: {self.help()}"

    def apply(self, seat: int, action: Any) -> None:
        raise NotImplementedError

    def sample_chance(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def check_chance(self, action: Any) -> str | None:
        return "No chance step is due now."

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        """This part's pending chance step's outcomes with probabilities, or
        None when too many to list or continuous (``sample_chance`` draws)."""
        return None

    def audience(self, action: Any) -> frozenset[int] | None:
        """Who may read a chance outcome of this part's step in the history (nobody by default)."""
        return frozenset()

    def help(self) -> str:
        """What the player does in this part's current step, as a sentence."""
        return f"the game is in its {self.state.phase} step."

    # ------------------------------------------------------------ actions in the core's steps
    def extra_actions(self) -> list[Any]:
        """More legal actions in the core's Move and Order steps."""
        return []

    def check_extra(self, action: Any) -> str | None:
        return "That is not possible now."

    def apply_extra(self, action: Any) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ moves
    def may_stop_moves(self) -> bool:
        """The Moves being made may be stopped early (Strategic Retreat)."""
        return False

    def check_move(self, soldier: Soldier, action: Any, end_level_up: bool) -> str | None:
        """A reason this part forbids a Move the table allows."""
        return None

    def before_move(self, action: Any) -> bool:
        """A Move is declared; True when the part holds it (a Reaction window)."""
        return False

    def on_moved(self, soldier: Soldier) -> None:
        """Any Move was made (a Marshmallow bounce too)."""

    def after_move(self, soldier: Soldier, path: list[tuple[float, float]]) -> bool:
        """A Move touched the tokens along ``path``; True when a step of the part's opened."""
        return False

    def before_break(self, soldier: Soldier) -> None:
        """A Little Soldier is broken and still on the table: what the part takes back."""

    # ------------------------------------------------------------ attacks
    def before_roll(self) -> bool:
        """An Attack is declared; True when the part holds it (a Reaction window)."""
        return False

    def reroll_bonus(self, attacker: Soldier, target: Any, why: dict[str, Any]) -> int:
        """Rerolls this part adds (or takes, negative), noting why in ``why``."""
        return 0

    def on_lightning(self, attacker: Soldier, target: Any) -> bool:
        """The Attack rolled lightning; True when the part opened a step for it."""
        return False

    def on_landing(self) -> bool:
        """A thrown die or token landed; True when the part opened a step first."""
        return False

    def action_done(self) -> bool:
        """An Action is over; True when the part continues the turn (a card's next Action)."""
        return False

    def turn_ends(self) -> None:
        """The End of the Turn (and a round cut short): the part tidies up."""


class Mission(Part):
    """The mission played (the Bootcamp when none): how sides, rounds, the end
    of a turn and the game's end work. The core asks only these questions."""

    setup_order: ClassVar[int] = 20
    cooperative: ClassVar[bool] = False
    """Every player on one side against the game (the Threats)."""
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

    @classmethod
    def deployment_needed(cls, terrain: Terrain) -> tuple[int, ...]:
        """The Deployment tokens a battlefield must have for this mission."""
        return cls.deployment_numbers

    def side_of(self, general: int, team: str) -> str:
        """Who a General's soldiers fight against: equal sides are allies."""
        return team

    def general_name(self, general: int, default: str) -> str:
        return default

    def first_round(self) -> None:
        """How the first round is reached once set-up is done."""
        self.state.phase = Phase.SETUP

    def start_round(self) -> None:
        """Round Preparation: deploy from the HQ, then take Order tokens."""
        self.state.deploy_from_hq(self.state.first)

    def check_deploy(self, soldier: Soldier, x: float, y: float) -> str | None:
        """Why ``soldier`` may not deploy at (x, y) now."""
        return self.state.deploy_reason(soldier, x, y)

    def deploy(self, soldier: Soldier, x: float, y: float) -> None:
        self.state.place_deployed(soldier, x, y)

    def deploys_by_area(self) -> bool:
        """Whether a deployment is a choice within an area (``deploy_discs``)."""
        return True

    def rank_side(self, soldier: Soldier) -> bool:
        """Whether the soldier's card is on its Rank side when Super Soldiers are played."""
        return True

    def before_end_of_turn(self) -> bool:
        """Steps before the End of the Turn (the Threats' turn); True when one opened."""
        return False

    def on_break(self, soldier: Soldier) -> None:
        """A Little Soldier was broken (its tokens are already back)."""

    def orders_back_to_card(self) -> bool:
        """A broken soldier's Order tokens go onto the General's card, not the Chest's bottom."""
        return False

    def may_redeploy(self, soldier: Soldier) -> bool:
        return not soldier.out

    def end_turn(self) -> None:
        """End of the Turn: the game's end, the round's end, or the next turn."""
        self.state.next_turn_or_round()

    def round_cut(self) -> None:
        """The round ends at once (a Wipeout)."""
        self.state.start_next_round()

    def result(self) -> Result:
        raise NotImplementedError

    # ------------------------------------------------------------ targets that are not Little Soldiers
    threats: Mapping[str, Threat] = MappingProxyType({})
    """The mission's Threats by id (the co-op missions); every soldier's enemy."""

    def valid_threat_targets(self, attacker: str) -> list[str]:
        return []

    def threat_sight(self, attacker: str, threat: str) -> Any:
        raise KeyError(threat)

    def threat_target_reason(self, attacker: str, threat: str) -> str | None:
        """Why ``attacker`` may not attack the Threat ``threat`` now."""
        return f"{threat} is not a target in this game."

    def target_closed(self, target: str) -> dict[str, Any] | None:
        """Why a target in sight still cannot be attacked (a Force Field), as
        explanation fields; None when nothing stops it."""
        return None

    def threats_in_blast(self, point: tuple[float, float, float], cord: float) -> list[tuple[Threat, float]]:
        """Threats a Grenade or Mortar landing at ``point`` reaches, with their distance."""
        return []

    def break_threat(self, threat: Threat) -> None:
        raise KeyError(threat.id)

    def hq_catapult(self, general: int) -> tuple[float, float, float]:
        """Where a General's HQ catapult fires from (a mission with HQ shots)."""
        raise ValueError("no HQ catapult in this game")


