"""The monkey test: random input through whole games of every module and
mission, hot-seat and against bots, with save, load and undo in the middle,
and random edits in the editor. Any exception fails the test with the seed
and the last inputs, so it can be replayed.

``make test`` plays each set-up once (hot-seat and bots alternating), 500
steps; ``pytest -m slow`` plays every set-up both ways with six seeds, 6000
steps each.
"""

from __future__ import annotations

import random

import pytest

from tests.app import monkey as M

STEPS = 500
STEPS_LONG = 6000
SEEDS_LONG = range(6)

CASES = [(game, i, hot, 0) for game, configs in M.CONFIGS.items() for i in range(len(configs))
         for hot in (False, True) if hot == bool(i % 2)]  # each set-up once, hot-seat and bots alternating
CASES_LONG = [(game, i, hot, seed) for game, configs in M.CONFIGS.items() for i in range(len(configs))
              for hot in (False, True) for seed in SEEDS_LONG]


def _ids(cases: list[tuple[str, int, bool, int]]) -> list[str]:
    return [f"{g}-{i}-{'hot' if h else 'bots'}-{s}" for g, i, h, s in cases]


def _fail(monkey: M.Monkey, err: BaseException) -> str:
    return f"{type(err).__name__}: {err}\nlast inputs:\n  " + "\n  ".join(monkey.log[-12:])


@pytest.mark.parametrize("game,index,hot,seed", CASES, ids=_ids(CASES))
def test_monkey_plays_whole_games_without_an_exception(game, index, hot, seed, tmp_path, toybox_home):
    play_monkey(game, index, hot, seed, tmp_path, STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("game,index,hot,seed", CASES_LONG, ids=_ids(CASES_LONG))
def test_monkey_plays_whole_games_without_an_exception_long(game, index, hot, seed, tmp_path, toybox_home):
    play_monkey(game, index, hot, seed, tmp_path, STEPS_LONG)


def play_monkey(game: str, index: int, hot: bool, seed: int, tmp_path, steps: int) -> None:
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
        monkey.run(steps)
    except Exception as err:  # noqa: BLE001 - any exception is the finding
        pytest.fail(f"{game} {config} hot-seat={hot} seed={seed}: " + _fail(monkey, err))
    assert monkey.steps >= steps


KEPT_VIEW_CASES = [("little-soldiers", 1, True, 2), ("little-soldiers", 4, False, 3), ("toy-battle", 0, True, 2),
                   ("little-battle", 2, False, 2)]


@pytest.mark.parametrize("game,index,hot,seed", KEPT_VIEW_CASES, ids=_ids(KEPT_VIEW_CASES))
def test_the_view_a_controller_keeps_is_the_one_the_engine_gives_now(game, index, hot, seed, tmp_path, toybox_home):
    """The controller makes a seat's view once per position (``GameController.view``): after every
    monkey input (moves, undo, load, restart, hand-overs) it equals the engine's view made afresh,
    and no reader has changed it."""
    from engine.core.games import get_game
    from engine.core.match import Match

    config = M.CONFIGS[game][index]
    info = get_game(game)
    seats = Match(info, info.config_from_dict(dict(config)), seed).state.num_seats
    ctl = M.new_controller(game, config, M.seat_kinds(seats, random.Random(seed), hot), seed, None)
    monkey = M.Monkey(ctl, seed, tmp_path)
    positions = set()
    for _ in range(300):
        monkey.step()
        fresh = ctl.match.state.view(ctl.viewer).to_dict()
        assert ctl.view_dict() == fresh, f"step {monkey.steps}: a kept view is stale or was changed\n  " + \
            "\n  ".join(monkey.log[-6:])
        positions.add(id(ctl.match.state.trail))
    assert len(positions) > 10, "the monkey hardly moved: the check compared few positions"


EDITOR_STEPS = 300
EDITOR_STEPS_LONG = 1500
EDITOR_LEVELS = ["levels/little_soldiers/levels.json", "levels/toy_battle/castle-field.json", None]


@pytest.mark.parametrize("level", EDITOR_LEVELS)
def test_editor_monkey_finds_no_exception(level, tmp_path):
    edit_monkey(level, tmp_path, range(1), EDITOR_STEPS)


@pytest.mark.slow
@pytest.mark.parametrize("level", EDITOR_LEVELS)
def test_editor_monkey_finds_no_exception_long(level, tmp_path):
    edit_monkey(level, tmp_path, SEEDS_LONG, EDITOR_STEPS_LONG)


def edit_monkey(level: str | None, tmp_path, seeds: range, steps: int) -> None:
    import shutil
    from pathlib import Path

    from app.editor.session import EditorSession

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "level.json"
    if level is not None:
        shutil.copy(root / level, path)
    session = EditorSession.open(path, root=root)
    for seed in seeds:
        monkey = M.EditorMonkey(session, seed)
        try:
            for _ in range(steps):
                monkey.step()
        except Exception as err:  # noqa: BLE001 - any exception is the finding
            pytest.fail(f"editor on {level}: {type(err).__name__}: {err}\n  " + "\n  ".join(monkey.log[-12:]))
