"""The shared game protocol, seeded chance, records and matches."""

from engine.core.actions import ActionCodec
from engine.core.protocol import CHANCE, Event, IllegalAction, Result, State, View, scores_result

__all__ = ["ActionCodec", "CHANCE", "Event", "IllegalAction", "Result", "State", "View", "scores_result"]
