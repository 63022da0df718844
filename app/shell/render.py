"""``toybox render``: a frame of a game in progress, drawn offscreen to a PNG.

Bots play the first ``moves`` actions (every seat a bot), then the table is
drawn from the first seat's view with the HUD, as a player would see it.
Uses the software renderer (see ``app.shell.window``); one render per process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.games import GameController, controller_class
from app.seats import Seats, default_bot
from app.shell import window


@dataclass
class RenderResult:
    path: Path
    controller: GameController
    app: Any
    screen: Any
    seconds: float


def prepare(game: str, config: dict[str, Any], seed: int, moves: int, seats: Seats | None = None) -> GameController:
    """A controller whose bots have played ``moves`` actions, with seat 0 shown.

    During the opening every seat is a bot; afterwards seat 0 is handed back
    to a human (unless ``seats`` says otherwise) so its hand and highlights show.
    """
    cls = controller_class(game)
    probe = cls.new(game, config, seed=seed)
    n = probe.match.state.num_seats
    bot = default_bot(game)
    ctl = cls(probe.match, Seats(tuple([bot] * n)), bot_seed=seed)
    played = 0
    while played < moves and not ctl.is_over() and ctl.bot_step():
        played += 1
    final = seats or Seats(tuple(["human"] + [bot] * (n - 1)))
    out = cls(ctl.match, final, bot_seed=seed)
    return out


def render(game: str, config: dict[str, Any], out: str | Path, seed: int = 1, moves: int = 6,
           size: tuple[int, int] = (1280, 720), before_shot: Callable[[RenderResult], None] | None = None,
           seats: Seats | None = None) -> RenderResult:
    """Render one frame to ``out``; ``before_shot`` may click things first (tests)."""
    from app.game_screen import GameScreen

    t0 = time.perf_counter()
    controller = prepare(game, config, seed, moves, seats)
    app = window.start(offscreen=True, size=size)
    screen = GameScreen(controller)
    screen.hold()  # the frame shows the position as prepared: no bot moves
    window.step(app, 2)
    result = RenderResult(Path(out), controller, app, screen, 0.0)
    if before_shot is not None:
        before_shot(result)
        window.step(app, 2)
    window.screenshot(app, out)
    result.seconds = time.perf_counter() - t0
    return result
