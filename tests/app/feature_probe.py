"""Ursina scenarios for the chest journeys, tooltips and climb previews, one
per process (as tests/app/probe.py): ``python feature_probe.py SCENARIO OUT.json [ARGS]``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shapely import Point

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.app.probe import pixel  # after the repository root goes on sys.path: run as a script

SCENARIOS: dict[str, Callable[..., dict[str, Any]]] = {}


def scenario(fn: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    SCENARIOS[fn.__name__] = fn
    return fn


def ls_to_green_move(c: Any, seed: int = 1) -> None:
    """Bots and the engine's candidate actions for the human (green), as the
    mouse would make them, until green makes a turn's Move."""
    import random

    from engine.little_soldiers.actions import Deploy

    rng = random.Random(seed)
    while not c.is_over() and not (c.my_turn() and c.phase() == "move"):
        if not c.my_turn():
            c.run_bots()
            continue
        action = c.view().candidate_actions(1, rng)[0]
        if isinstance(action, Deploy):
            c.click_soldier(action.soldier)
            assert c.click_table(action.x, action.y), c.message
        else:
            assert c.play(action), c.message


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
def chests_travel(out_png: str, speeds: str = "1,0") -> dict[str, Any]:
    """Gold Rush turns that take chests, one per speed setting (indices in
    game_screen.SPEEDS): each chest travels from the beach to its taker's
    Ship after the cards flip, then stands there; Space skips."""
    from app.shell import window
    from app.shell.render import render

    runs: list[dict[str, Any]] = []

    def play(r: Any) -> None:
        from app.games.little_battle.view import FLIP_GAP_S, FLIP_S, TRAVEL_S

        c, view = r.controller, r.screen.view
        for k, speed in enumerate(speeds.split(",")):
            facts: dict[str, Any] = {}
            r.screen.speed = int(speed)
            before = _lb_to_a_taking_reveal(c)
            after = c.view_dict()
            facts["colours"] = [[w["color"] for w in a[len(b):]] for a, b in zip(after["loot"], before["loot"], strict=True)]
            facts["start"] = view.travelling()
            facts["arriving"] = sorted(list(x) for x in view.arriving)
            facts["animating"] = r.screen.animating()
            r.screen.animator.update(0.0)  # the screen hands the view its pace
            flips = FLIP_GAP_S * (len(view.revealed()) - 1) + FLIP_S
            view.advance(flips + TRAVEL_S * 0.5)  # half a journey's time at normal speed
            facts["mid"] = view.travelling()
            facts["faces_mid"] = [x["face_up"] for x in view.revealed()]
            shot = Path(out_png.replace(".png", f"-{k}.png"))
            pace, view.pace = view.pace, 1e12  # the frame drawn for the shot must not move it on
            window.step(r.app, 1)
            window.screenshot(r.app, shot)
            first = facts["mid"][0] if facts["mid"] else None
            at = window.project(r.app, first["at"]) if first else None
            facts["mid_pixel"] = pixel(shot, at)
            for a in view._travel:  # the same frame without the travelling chests: what lies under them
                if a["entity"] is not None:
                    a["entity"].enabled = False
            window.step(r.app, 1)
            window.screenshot(r.app, shot)
            facts["under_pixel"] = pixel(shot, at)
            view.pace = pace
            r.screen.skip()  # Space
            facts["after_skip"] = view.travelling()
            facts["arriving_after"] = sorted(list(x) for x in view.arriving)
            facts["animating_after"] = r.screen.animating()
            runs.append(facts)

    render("little-battle", {"players": 4}, out_png, seed=7, moves=0, before_shot=play)
    return {"runs": runs}


@scenario
def climb_preview(out_png: str) -> dict[str, Any]:
    """Levels: a soldier beside the game box, the pointer on the box's top:
    the ghost base is drawn where the engine would put it; every Level token
    is drawn on the free part of its piece's top."""
    from app.look.pieces import _free_spot
    from app.seats import Seats
    from app.shell import window
    from app.shell.render import render
    from engine.little_soldiers.terrain import Spot

    facts: dict[str, Any] = {}

    def setup(r: Any) -> None:
        c = r.controller
        ls_to_green_move(c)
        me = next(s["id"] for s in c.soldiers() if s["team"] in c.my_teams() and s["spot"])
        c.match.state.soldiers[me].spot = Spot(39.0, 40.0, None)  # test set-up
        c.forget_view()
        c.click_soldier(me)
        c.hover_table(50.0, 40.0, "game-box-bottom")
        facts["reason"] = c.climb.reason
        facts["end"] = list(c.climb.end)

    res = render("little-soldiers", {"modules": ["levels"]}, out_png, seed=3, moves=0, before_shot=setup,
                 seats=Seats(("human", "random")))
    view, c = res.screen.view, res.controller
    facts["info"] = view.info.text
    x, y, z = facts["end"]
    at = window.project(res.app, (x + 1.6 - 0.06, y, z + 0.45))
    facts["ring_pixel"] = pixel(Path(out_png), at)
    view.overlay.enabled = False
    window.step(res.app, 1)
    under = Path(out_png.replace(".png", "-under.png"))
    window.screenshot(res.app, under)
    facts["under_pixel"] = pixel(under, at)
    bf = c.view().terrain.bf
    facts["level_pieces"] = sorted(p.id for p in bf.scenery if p.level)
    facts["level_tokens"] = sorted(p.id for p in bf.scenery if p.level and
                                   bf.walkable_top(p.id).buffer(0.01).contains(
                                       Point(_free_spot(bf, p.id, None))))
    return facts


if __name__ == "__main__":
    from tests.app.probe_runner import main

    main(SCENARIOS)
