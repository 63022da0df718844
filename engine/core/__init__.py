"""The shared game protocol, chance kept as history, secrets, records and matches."""

from engine.core.actions import ActionCodec, inexact, type_error
from engine.core.protocol import CHANCE, Event, IllegalAction, Result, State, View, scores_result
from engine.core.secrecy import NOBODY, Slice

__all__ = [
    "ActionCodec", "CHANCE", "Event", "IllegalAction", "NOBODY", "Result", "Slice", "State", "View",
    "inexact", "scores_result", "type_error",
]
