"""Another New Threat: Octocutie, "the same as for A New Threat" with its exceptions.

The Head and two Tentacles are three Threats (their switches are in
``mission_data.THREAT_SWITCHES``: the Head needs 2 and 4 off at the same
time), and Octocutie still Attacks when the 4 is revealed.
"""

from __future__ import annotations

from typing import ClassVar

from engine.little_soldiers import mission_data as M
from engine.little_soldiers.parts.a_new_threat import ANewThreat


class AnotherNewThreat(ANewThreat):
    key: ClassVar[str] = M.ANOTHER_NEW_THREAT
    title: ClassVar[str] = "Another New Threat"
    attacks_on_reset: ClassVar[bool] = True  # "Octocutie still Attacks even if the 4 is revealed."
    level: ClassVar[str] = "levels/little_soldiers/another-new-threat.json"
    based_on: ClassVar[str | None] = M.A_NEW_THREAT
    readings: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[tuple[str, ...]] = (
        "  another-new-threat: Octocutie's Head (Switches 2 and 4 together) and two Tentacles",
        "    (Switches 1 and 3); Octocutie attacks even on a 4.",
    )
