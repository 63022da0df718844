"""A Little Soldiers state rebuilt from one seat's view alone (a network client's).

See ``engine.toy_battle.stand_in`` for why a client needs one. A Little
Soldiers picture is the state's public data with each part's secrets shown
as this seat may see them (``view.picture``: covers where it may not);
each part puts back items consistent with its covers (``Part.unhide``: the
other Tactics hands and the pile, the Numbered Block tokens not revealed),
and the state is loaded from the result. The log is the seat's own, every
line of it readable by the seat.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engine.core.protocol import Event
from engine.little_soldiers.config import Config, mission_class, module_class
from engine.little_soldiers.state import LittleSoldiersState

VIEW_ONLY = ("seat", "to_act", "my_generals", "events", "my_numbers", "my_blocks")
"""Keys a view adds to the state's data (they are not part of a position)."""


def stand_in(picture: Mapping[str, Any], config: Config, battlefield: Any | None = None) -> LittleSoldiersState:
    """A state whose view for ``picture["seat"]`` is ``picture``; raises
    ValueError when the picture is not one a Little Soldiers view could give.
    ``battlefield`` is the config's, built once by the caller."""
    data = copy.deepcopy(dict(picture))
    seat = data["seat"]
    for part in [mission_class(config.mission), *(module_class(m) for m in config.modules)]:
        part.unhide(data, seat)
    for key in VIEW_ONLY:
        data.pop(key, None)
    data["config"] = config.to_dict()
    state = LittleSoldiersState.from_dict(data, battlefield if battlefield is not None else config.battlefield())
    state.events = [Event(text) for text in picture["events"]]
    return state
