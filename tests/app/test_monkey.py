"""The monkey test: random input through whole games of every module and
mission, hot-seat and against bots, with save, load and undo in the middle,
and random edits in the editor. Any exception fails the test with the seed
and the last inputs, so it can be replayed.

The CI run is sized to fit (~30-60 s on two shared cores); set
``TOYBOX_MONKEY=long`` for a bigger run (more seeds, more steps).
"""

from __future__ import annotations

import os
import random

import pytest

from tests.app import monkey as M

LONG = os.environ.get("TOYBOX_MONKEY") == "long"
SEEDS = range(6) if LONG else range(1)
STEPS = 6000 if LONG else 800

CASES = [(game, i, hot, seed) for game, configs in M.CONFIGS.items() for i in range(len(configs))
         for hot in (False, True) for seed in SEEDS
         if LONG or hot == bool(i % 2)]  # CI: each set-up once, hot-seat and bots alternating


def _fail(monkey: M.Monkey, err: BaseException) -> str:
    return f"{type(err).__name__}: {err}\nlast inputs:\n  " + "\n  ".join(monkey.log[-12:])


@pytest.mark.parametrize("game,index,hot,seed", CASES,
                         ids=[f"{g}-{i}-{'hot' if h else 'bots'}-{s}" for g, i, h, s in CASES])
def test_monkey_plays_whole_games_without_an_exception(game, index, hot, seed, tmp_path, toybox_home):
    config = M.CONFIGS[game][index]
    from engine.core.games import get_game
    from engine.core.match import Match

    info = get_game(game)
    seats = Match(info, info.config_from_dict(dict(config)), seed).state.num_seats
    kinds = M.seat_kinds(seats, random.Random(seed), hot)
    # the autosave (an fsync per action) in the hot-seat games only: it is the slow part
    ctl = M.new_controller(game, config, kinds, seed * 101 + index, tmp_path / "autosave.json" if hot else None)
    monkey = M.Monkey(ctl, seed * 101 + index, tmp_path)
    try:
        monkey.run(STEPS)
    except Exception as err:  # noqa: BLE001 - any exception is the finding
        pytest.fail(f"{game} {config} hot-seat={hot} seed={seed}: " + _fail(monkey, err))
    assert monkey.steps >= STEPS


EDITOR_STEPS = 1500 if LONG else 300


@pytest.mark.parametrize("level", ["levels/little_soldiers/levels.json", "levels/toy_battle/castle-field.json", None])
def test_editor_monkey_finds_no_exception(level, tmp_path):
    import shutil
    from pathlib import Path

    from app.editor.session import EditorSession

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "level.json"
    if level is not None:
        shutil.copy(root / level, path)
    session = EditorSession.open(path, root=root)
    for seed in SEEDS:
        monkey = M.EditorMonkey(session, seed)
        try:
            for _ in range(EDITOR_STEPS):
                monkey.step()
        except Exception as err:  # noqa: BLE001 - any exception is the finding
            pytest.fail(f"editor on {level}: {type(err).__name__}: {err}\n  " + "\n  ".join(monkey.log[-12:]))
