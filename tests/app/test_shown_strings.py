"""Issue 27, 'Words, not ids': every game and configuration played through the
controllers headless, and every status line, prompt, choice, event, tooltip,
help page, Load-list line and end panel scanned for internal ids, Python
reprs, file paths, command-line flags and numbers printed nowhere on the
table (tests/app/shown.py says what counts). It must find nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.games import controller_class
from tests.app.shown import ids_of, printed_labels, problems, shown_texts

TERRAINS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "levels" / "toy_battle").glob("*.json"))

CONFIGS: list[tuple[str, dict]] = (
    [("toy-battle", {"terrain": t}) for t in TERRAINS]
    + [("little-battle", {"players": n, "chiefs": chiefs}) for n in (3, 4, 5) for chiefs in (False, True)]
    + [("little-soldiers", config) for config in (
        {},
        {"modules": ["super_soldier"]},
        {"modules": ["levels"]},
        {"modules": ["objects"]},
        {"modules": ["reinforcements"]},
        {"modules": ["super_soldier", "advanced_tactics"]},
        {"modules": ["levels", "objects", "super_soldier", "advanced_tactics"]},
        {"modules": ["two_vs_two"], "players": 3},
        {"modules": ["two_vs_two"], "players": 4},
        {"mission": "king_of_the_hill", "players": 2},
        {"mission": "king_of_the_hill", "players": 4},
        {"mission": "battle_royale", "players": 2},
        {"mission": "battle_royale", "players": 6},
        {"mission": "a_new_threat", "players": 1},
        {"mission": "a_new_threat", "players": 4},
        {"mission": "another_new_threat", "players": 2},
    )]
)


def _name(game: str, config: dict) -> str:
    return game + "".join(f"-{k}={v}" for k, v in config.items())


@pytest.mark.parametrize("game,config", CONFIGS, ids=[_name(g, c) for g, c in CONFIGS])
def test_nothing_the_window_shows_is_an_id_a_repr_a_path_a_flag_or_an_unprinted_number(game, config):
    c = controller_class(game).new(game, dict(config), seed=1)
    ids, printed = ids_of(c), printed_labels(c)
    found: dict[str, str] = {}
    kinds: set[str] = set()
    for where, text in shown_texts(game, config, seed=2):
        kinds.add(where.split()[0])
        for problem in problems(text, ids, printed):
            found.setdefault(problem, where)
    assert not found, "\n".join(f"{where}: {p}" for p, where in list(found.items())[:30])
    # the scan read every kind of text the window shows (Little Battle offers no choice buttons: cards are clicked)
    every = {"title", "help", "status", "score", "event", "tooltip", "message", "end", "load"}
    assert every | ({"choice"} if game != "little-battle" else set()) <= kinds, kinds


@pytest.mark.parametrize("text", [
    "Roxy (strength 7): None.",
    "Little Soldiers on Battle Royale (battle royale; super_soldier)",
    "Missions (--mission NAME; the battlefield defaults to the mission's file in levels/little_soldiers/):",
    "Loaded little-soldiers-my-test-save.json.",
    "Player 1 (green), winner: 3",
    "Player 2 (yellow): -3",
    "Red takes region 8 (18-22-23-24-25): 3 medals, 5 in all.",
    "Green Infantry moves 13.5 cm to (118.8, 69.4).",
    "Targets are discs of THREAT_TARGET_RADIUS seen like heads",
    "Place('roxy', '12') is not a legal action",
    "Player 3 (player 3): Random",
])
def test_the_scan_finds_what_the_issue_found(text):
    """The scan can fail: each sentence the issue (or this scan) found in the window is caught."""
    assert problems(text)


def test_the_scan_names_ids_and_numbers_the_board_does_not_print():
    assert problems("Green Infantry stands by cereal-box.", {"cereal-box"})
    assert problems("Blue places Roxy (7) on base 99.", set(), {"11", "12"})
    assert not problems("Blue places Roxy (7) on base 12.", set(), {"11", "12"})
    assert not problems("Red takes the 3-medal region of bases 18, 22, 23, 24 and 25: 3 medals, 5 in all.")
    assert not problems("Dinosaur (green), winner: 2 soldiers in play, 0 Hearts on them")
