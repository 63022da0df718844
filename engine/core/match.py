"""A match: a game being played, with its record and its undo history.

The app and the command line play through a Match; bots and tests may use
bare states. Undo goes back one player action at a time but never across a
chance step or a reveal (``State.irreversible`` changed). The record is the
state's history: players' actions and every chance outcome, in order.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.games import GameInfo, random_seed
from engine.core.protocol import CHANCE, State
from engine.core.record import Record, RecordError, replay


class MatchLike(Protocol):
    """What the app's controllers read of a game: a local ``Match`` (the truth
    on this machine) or a served table's ``engine.net.remote.RemoteMatch``
    (a seat's stand-in, rebuilt from its view: the truth stays on the server).
    The app asks ``state`` only for its own seat's view, ``play`` raises
    IllegalAction with the engine's sentence, and ``undo`` takes back a move
    at once (local) or asks the table (served)."""

    info: GameInfo
    config: Any
    seed: int

    @property
    def state(self) -> State: ...

    @property
    def actions(self) -> list[tuple[int, Any]]: ...

    def play(self, seat: int, action: Any) -> None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def record(self) -> Record: ...


class Match:
    """A state plus everything needed to save, load and undo it."""

    def __init__(self, info: GameInfo, config: Any, seed: int | None = None) -> None:
        self.info = info
        self.config = config
        self.seed = random_seed() if seed is None else seed
        self.state: State = info.new_game(config, self.seed)
        self.actions: list[tuple[int, Any]] = []
        """The players' actions (chance outcomes are in ``state.history()``)."""
        self._undo: list[tuple[State, int]] = []

    @classmethod
    def from_record(cls, record: Record, where: str = "record") -> Match:
        state = replay(record, where)  # validates every step first
        from engine.core.games import get_game

        info = get_game(record.game)
        match = cls.__new__(cls)
        match.info = info
        match.config = info.config_from_dict(record.config)
        match.seed = record.seed
        match.state = state
        match._undo = []
        match.actions = [(seat, action) for seat, action in record.actions if seat != CHANCE]
        return match

    def play(self, seat: int, action: Any) -> None:
        """Apply one action (raises IllegalAction, changing nothing)."""
        before = self.state.clone()
        self.state.apply(seat, action)
        self.actions.append((seat, action))
        if self.state.irreversible != before.irreversible:
            self._undo.clear()
        else:
            self._undo.append((before, len(self.actions) - 1))

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo_depth(self) -> int:
        """How many of the last actions undo can take back, one by one (none
        past a roll or a reveal)."""
        return len(self._undo)

    def undo(self) -> bool:
        """Take back the last action if no roll or reveal happened since."""
        if not self._undo:
            return False
        state, n = self._undo.pop()
        self.state = state
        del self.actions[n:]
        return True

    def record(self) -> Record:
        config = self.config.to_dict()
        # A save carries the battlefield or terrain it was played on, so editing,
        # moving or deleting that file later never breaks it (see embedded()).
        embedded = getattr(self.config, "embedded", None)
        if embedded is not None:
            config.update(embedded())
        return Record(self.info.name, self.info.version, config, self.seed, self.state.history())


__all__ = ["Match", "MatchLike", "RecordError"]
