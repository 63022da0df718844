"""Ursina scenarios for the chest journeys, tooltips and climb previews, one
per process (as tests/app/probe.py): ``python feature_probe.py SCENARIO OUT.json [ARGS]``."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.app.probe import pixel  # noqa: E402

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


def _lb_to_a_taking_reveal(c: Any) -> dict[str, Any]:
    """Clicks and bot moves, one action at a time, until a Gold Rush turn in
    which somebody takes a chest; returns the view from before it."""
    while not c.is_over():
        before = c.view_dict()
        if c.my_turn():
            c.click_card(c.hand()[0])
            c.click_ship() if c.phase() == "draft" else c.click_pile(c.highlighted_piles()[0])
        else:
            c.bot_step()
        after = c.view_dict()
        if sum(map(len, after["loot"])) > sum(map(len, before["loot"])):
            return before
    raise AssertionError("the game ended without a chest taken")


@scenario
def chests_travel(out_png: str, speed: str = "1") -> dict[str, Any]:
    """A Gold Rush turn that takes chests: each one travels from the beach to
    its taker's Ship after the cards flip, then stands there; Space skips."""
    from app import window
    from app.render import render

    facts: dict[str, Any] = {}

    def play(r: Any) -> None:
        c, view = r.controller, r.screen.view
        r.screen.speed = int(speed)
        before = _lb_to_a_taking_reveal(c)
        after = c.view_dict()
        facts["won"] = [len(a) - len(b) for a, b in zip(after["loot"], before["loot"])]
        facts["colours"] = [[w["color"] for w in a[len(b):]] for a, b in zip(after["loot"], before["loot"])]
        facts["seen_gold"] = [[w.get("gold") for w in a[len(b):]] for a, b in zip(after["loot"], before["loot"])]
        facts["start"] = view.travelling()
        facts["arriving"] = sorted(list(x) for x in view.arriving)
        facts["animating"] = r.screen.animating()
        from app.little_battle_view import FLIP_GAP_S, FLIP_S, TRAVEL_S

        r.screen.animator.update(0.0)  # the screen hands the view its pace
        flips = FLIP_GAP_S * (len(view.revealed()) - 1) + FLIP_S
        view.advance(flips + TRAVEL_S * 0.5)
        facts["mid"] = view.travelling()
        facts["faces_mid"] = [r_["face_up"] for r_ in view.revealed()]
        window.step(r.app, 1)
        window.screenshot(r.app, out_png.replace(".png", "-mid.png"))
        first = facts["mid"][0] if facts["mid"] else None
        facts["mid_pixel"] = (pixel(Path(out_png.replace(".png", "-mid.png")), window.project(r.app, first["at"]))
                              if first else None)
        r.screen.skip()  # Space
        facts["after_skip"] = view.travelling()
        facts["arriving_after"] = sorted(list(x) for x in view.arriving)
        facts["animating_after"] = r.screen.animating()

    render("little-battle", {"players": 4}, out_png, seed=7, moves=0, before_shot=play)
    return facts


def main() -> None:
    name, out, *args = sys.argv[1:]
    facts = SCENARIOS[name](*args)
    Path(out).write_text(json.dumps(facts))
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
