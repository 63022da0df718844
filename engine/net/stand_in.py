"""The state a client rebuilds from its seat's view: never the truth.

A served table sends each seat its view picture (``state.view(seat).to_dict()``)
and nothing else of the state. A bot or a window at that seat needs a
``State`` to ask (legal actions, previews, determinized samples), so each game
rebuilds one from the picture alone (``engine.<game>.stand_in``): the hidden
items are dealt in a fixed order from those the seat cannot see. Its view for
the seat is the picture again (``check`` says so), its legal actions are the
seat's, and its determinized samples are drawn from the same pools as the
truth's, so a bot plays the same at a client as at the server.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

from engine.core.games import GAME_MODULES, GameInfo
from engine.core.protocol import State


class StandInError(ValueError):
    """A picture no view of this game could give (a broken or hostile server)."""


class StandIns:
    """Builds stand-in states of one game from its pictures; the config (and
    with it the battlefield or terrain) is read once."""

    def __init__(self, info: GameInfo, config: Any) -> None:
        self.info = info
        self.config = config
        self._module = importlib.import_module(GAME_MODULES[info.name] + ".stand_in")
        self._extra: dict[str, Any] = {}
        if info.name == "little-soldiers":
            self._extra["battlefield"] = config.battlefield()

    def build(self, picture: Mapping[str, Any]) -> State:
        """The stand-in state for ``picture``; StandInError when it cannot be one."""
        try:
            state: State = self._module.stand_in(picture, self.config, **self._extra)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise StandInError(f"the view cannot be read as a {self.info.title} position ({type(err).__name__}: {err})") from None
        return state


def plain(data: Any) -> Any:
    """``data`` as it arrives over the wire (tuples as lists, keys as text)."""
    return json.loads(json.dumps(data))


def check(state: State, seat: int, picture: Mapping[str, Any]) -> str | None:
    """Why ``state`` is not a stand-in for ``picture`` (its view differs), or None."""
    again = plain(state.view(seat).to_dict())
    picture = plain(picture)
    if again == picture:
        return None
    keys = sorted(k for k in set(again) | set(picture) if again.get(k) != picture.get(k))
    return f"the rebuilt view differs in {', '.join(keys)}"


__all__ = ["StandInError", "StandIns", "check", "plain"]
