"""The steps of a Little Soldiers game, declared by whoever runs them.

A step (a *phase*) is a ``PhaseSpec``: its name, as records, views and
state hashes write it ("move"), its kind (a player's discrete choice, a
player's continuous one, or chance) and, for a chance step, who may read its
outcome in the history. The core declares its own steps here; a module or a
mission declares the steps it adds in its own file (``Part.phases``), and a
game's set of steps, its chance steps and its continuous steps are those of
the parts it loads (``LittleSoldiersGame``).

A ``PhaseSpec`` is a ``str``: it compares equal to its name, and the one
object made per name is what the engine hands out, so ``phase is MOVE``
holds. ``Phase`` is the same class under the name older callers import
(``Phase.MOVE``); a part's steps are found there by name once the part's
module is imported.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Any, ClassVar


class PhaseKind(Enum):
    """What a step waits for."""

    PLAYER = "player"
    """A player's discrete choice: ``legal_actions`` lists them."""
    CONTINUOUS = "continuous"
    """A player's choice that carries coordinates: ``legal_actions`` is empty
    and bots sample ``candidate_actions``."""
    CHANCE = "chance"
    """The chance seat's outcome (dice, a draw, a landing)."""
    OVER = "over"
    """Nobody: the game is over."""


class Audience(Enum):
    """Who may read a chance step's outcome in the history."""

    PUBLIC = "public"
    """Everyone: the outcome is on the table (dice, a revealed token, a landing)."""
    NOBODY = "nobody"
    """Nobody: it deals what stays hidden (the order of face-down tokens)."""
    SECRET = "secret"
    """Whoever may read the secret it goes into (a card drawn into a hand):
    the owning part says who (``Part.audience``), from its secrets."""


class _Steps(type):
    """``Phase.NAME`` for a step a part declared: found by name once its module is imported."""

    def __getattr__(cls, name: str) -> PhaseSpec:
        spec = PhaseSpec.declared.get(name.lower()) if name.isupper() else None
        if spec is None:
            raise AttributeError(f"no step is called {name.lower()!r} (is the part declaring it imported?)")
        return spec


class PhaseSpec(str, metaclass=_Steps):
    """One step of the game: a name with its kind (see the module's docstring).

    Made once per name: ``PhaseSpec("move")`` again is the very step declared
    as "move" (a second declaration with a kind must agree with the first), so
    a name read back from a record or a state's data is the step the engine
    uses, and ``phase is MOVE`` holds. The core's steps are class attributes
    (``Phase.MOVE``); a part's are found by name once declared.
    """

    kind: PhaseKind
    audience: Audience
    declared: ClassVar[dict[str, PhaseSpec]] = {}
    """Every step declared so far, by name (the core's, and each imported part's)."""
    SETUP: ClassVar[PhaseSpec]
    REVEAL: ClassVar[PhaseSpec]
    DEPLOY: ClassVar[PhaseSpec]
    MOVE: ClassVar[PhaseSpec]
    ORDER: ClassVar[PhaseSpec]
    ROLL: ClassVar[PhaseSpec]
    REROLL: ClassVar[PhaseSpec]
    SCOUT: ClassVar[PhaseSpec]
    THROW: ClassVar[PhaseSpec]
    LANDING: ClassVar[PhaseSpec]
    OVER: ClassVar[PhaseSpec]

    def __new__(cls, name: str, kind: PhaseKind | None = None, audience: Audience | None = None) -> PhaseSpec:
        known = cls.declared.get(name)
        if known is not None:
            if (kind is not None and known.kind is not kind) or (audience is not None and known.audience is not audience):
                raise ValueError(f"the step {name!r} is declared twice, as {known.kind.value} and "
                                 f"{(kind or known.kind).value}")
            return known
        if not isinstance(name, str) or not name or name != name.strip().lower() or " " in name:
            raise ValueError(f"a step's name is one lower-case word, not {name!r}")
        spec = super().__new__(cls, name)
        spec.kind = kind or PhaseKind.PLAYER
        spec.audience = audience or Audience.PUBLIC
        cls.declared[name] = spec
        return spec

    @classmethod
    def named(cls, name: str) -> PhaseSpec:
        """The step declared as ``name``; a ValueError names an unknown one."""
        spec = cls.declared.get(name)
        if spec is None:
            raise ValueError(f"no step is called {name!r}")
        return spec

    @property
    def chance(self) -> bool:
        return self.kind is PhaseKind.CHANCE

    @property
    def continuous(self) -> bool:
        return self.kind is PhaseKind.CONTINUOUS

    def __repr__(self) -> str:
        return f"<step {str.__str__(self)} ({self.kind.value})>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PhaseSpec.named, (str(self),))

    def __copy__(self) -> PhaseSpec:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> PhaseSpec:
        return self


PLAYER, CONTINUOUS, CHANCE = PhaseKind.PLAYER, PhaseKind.CONTINUOUS, PhaseKind.CHANCE

# The Bootcamp's steps: the core runs them.
SETUP = PhaseSpec("setup", CHANCE)  # the sheriff's star picks the first player
REVEAL = PhaseSpec("reveal", CHANCE)  # a Block token is revealed for a deployment
DEPLOY = PhaseSpec("deploy", CONTINUOUS)
MOVE = PhaseSpec("move", CONTINUOUS)
ORDER = PhaseSpec("order")
ROLL = PhaseSpec("roll", CHANCE)  # the Attack dice
REROLL = PhaseSpec("reroll")
SCOUT = PhaseSpec("scout")
THROW = PhaseSpec("throw", CONTINUOUS)
LANDING = PhaseSpec("landing", CHANCE)  # where a grenade or mortar lands
OVER = PhaseSpec("over", PhaseKind.OVER)

CORE_PHASES: tuple[PhaseSpec, ...] = (SETUP, REVEAL, DEPLOY, MOVE, ORDER, ROLL, REROLL, SCOUT, THROW, LANDING, OVER)
"""The steps every game has (a part adds its own)."""


for _spec in CORE_PHASES:
    setattr(PhaseSpec, _spec.upper(), _spec)

Phase = PhaseSpec
"""The steps' type, and the namespace older callers read them from (``Phase.MOVE``,
``Phase.TELEPORT`` once the Objects part is imported; ``Phase("move")`` is the step
called "move")."""


class After(StrEnum):
    """The kind of Move being made in a MOVE step (views and the Tactics
    cards' timing read it; what follows the Move is the continuation,
    ``LittleSoldiersState.pending``)."""

    ORDER = "order"  # the turn's Move: the Order comes next
    END = "end"  # an Order's Move: the Action is over
    LIGHTNING = "lightning"  # more Moves granted by a rule (Super Soldier's lightning): each may be the last
    CARD = "card"  # a Move a part's effect grants (a Tactics card): the part says what follows
