"""Terrain files: the 8 of the box load with the facts' numbers; bad files are refused by field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from types import ModuleType

import pytest

from engine.toy_battle import Config, Terrain, TerrainError
from engine.toy_battle.data import TERRAIN_FILES
from engine.toy_battle.terrain import LEVELS_DIR
from tests.toy_battle.helpers import MINI

# (bases, paths, regions, medals, objective, blue H.Q.s, red H.Q.s), from toy_battle_summary.md:
# nodes/edges minus H.Q.s, the regions table, "Total medals" and "To win".
FACTS = {
    "castle-field": (15, 24, 8, 14, 7, ["1"], ["41"]),
    "tropical-pool": (13, 24, 8, 12, 6, ["1", "2"], ["41", "42"]),
    "city-of-clouds": (14, 28, 13, 16, 8, ["1"], ["41"]),
    "volcanic-jungle": (13, 22, 6, 14, 7, ["1"], ["41"]),
    "cursed-cemetery": (15, 28, 10, 14, 7, ["1"], ["41"]),
    "caribbean-sea": (12, 20, 6, 11, 5, ["1", "2"], ["41"]),
    "station-metal-x": (13, 28, 14, 14, 7, ["1"], ["41"]),
    "battlefield": (14, 24, 9, 16, 8, ["1"], ["41"]),
}


@pytest.mark.parametrize("stem", TERRAIN_FILES)
def test_terrains_of_the_box_match_the_facts(stem: str) -> None:
    t = Terrain.load(LEVELS_DIR / f"{stem}.json")
    bases, paths, regions, medals, objective, blue, red = FACTS[stem]
    assert sum(t.is_base) == bases
    assert len(t.paths) == paths
    assert len(t.regions) == regions
    assert t.total_medals == medals
    assert t.objective == objective
    assert list(t.hq_ids("blue")) == blue and list(t.hq_ids("red")) == red
    assert all(isinstance(nid, str) for nid in t.ids)
    assert all(p is not None for p in t.pos)  # every node can be drawn


def test_castle_field_graph_and_specials() -> None:
    t = Terrain.named("castle-field")
    assert t.neighbours("1") == ("11", "12")
    assert t.neighbours("13") == ("11", "15", "17", "18")
    assert {nid for nid, code in zip(t.ids, t.special, strict=True) if code} == {"15", "16", "20", "21"}
    assert t.regions[0].bases == ("11", "12", "13", "14", "18") and t.regions[0].medals == 3


def test_tropical_pool_hq_limits() -> None:
    t = Terrain.named("tropical-pool")
    assert t.special[t.node("2")] == "only-6-7" and t.special[t.node("41")] == "only-6-7"
    assert t.special[t.node("1")] is None and t.special[t.node("42")] is None


def test_round_trip_to_dict() -> None:
    for stem in TERRAIN_FILES:
        t = Terrain.named(stem)
        again = Terrain.from_dict(json.loads(json.dumps(t.to_dict())))
        assert again.to_dict() == t.to_dict()


def _make_terrains() -> ModuleType:
    """levels/make_terrains.py, a script, loaded as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_terrains", LEVELS_DIR / "make_terrains.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_terrains_reproduces_the_checked_in_files(tmp_path: Path) -> None:
    """From the project's shared facts, found from a linked worktree too (it
    looked for them beside the worktrees' folder, where they never are)."""
    module = _make_terrains()
    try:
        facts = module.default_facts()
    except ValueError:
        pytest.skip("the shared facts are not beside this checkout")
    assert module.main(["--out", str(tmp_path)]) == 0  # the default: the facts found
    assert facts.is_file()
    for stem in TERRAIN_FILES:
        assert (tmp_path / f"{stem}.json").read_text() == (LEVELS_DIR / f"{stem}.json").read_text()


def test_make_terrains_says_where_it_looked_for_the_shared_facts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = _make_terrains()
    checkout = tmp_path / "wt" / "mine"
    checkout.mkdir(parents=True)
    (tmp_path / "shared" / "data").mkdir(parents=True)
    with pytest.raises(ValueError, match=r"no shared folder holding data/toy_battle_facts\.json .*pass --facts FILE"):
        module.default_facts(checkout)  # a shared/ folder without the facts is not it
    (tmp_path / "shared" / "data" / "toy_battle_facts.json").write_text("{}")
    assert module.default_facts(checkout) == tmp_path / "shared" / "data" / "toy_battle_facts.json"  # two levels up
    assert module.main(["--facts", str(tmp_path / "nope.json"), "--out", str(tmp_path)]) == 2
    assert "nope.json: cannot read the facts file" in capsys.readouterr().err


def _bad(**changes) -> dict:
    d = copy.deepcopy(MINI)
    for key, value in changes.items():
        d[key] = value
    return d


@pytest.mark.parametrize(
    "data, message",
    [
        (_bad(paths=MINI["paths"] + [["5", "99"]]), "paths[9][1]: unknown node '99' (neither a base nor an H.Q.)."),
        (
            _bad(regions=[{"bases": ["1", "B"], "medals": 1, "pos": [0, 0]}]),
            "regions[0].bases[1]: 'B' is not a base (an H.Q.).",
        ),
        (
            _bad(regions=[{"bases": ["1", "7"], "medals": 1, "pos": [0, 0]}]),
            "regions[0].bases[1]: '7' is not a base (unknown).",
        ),
        (
            _bad(hq_nodes={**MINI["hq_nodes"], "X": {"pos": [0, 0], "special": None}}),
            "hq_nodes.X: H.Q. 'X' has no owner (list it in hqs.blue or hqs.red).",
        ),
        (
            _bad(paths=[p for p in MINI["paths"] if p != ["3", "6"] and p != ["2", "3"]]),
            "paths: the terrain is not connected: 3 cannot be reached from B.",
        ),
        (_bad(format=2), "format: this Toybox reads terrain format 1, not 2."),
        (_bad(hqs={"blue": ["B"]}), "hqs.red: must list at least one H.Q. id."),
        (_bad(hqs={"blue": ["B"], "red": ["R"], "green": ["G"]}), "hqs.green: unknown colour; H.Q.s belong to blue or red."),
        (_bad(hqs={"blue": ["B", "1"], "red": ["R"]}), "hqs.blue[1]: '1' is a base; an H.Q. is not a base."),
        (_bad(paths=[["B", 2]]), "paths[0][1]: node ids are strings, not 2."),
        (_bad(paths=MINI["paths"] + [["2", "B"]]), "paths[9]: the path 2-B is listed twice."),
        (_bad(objective=0), "objective: must be a whole number >= 1, not 0."),
        (
            _bad(bases={**MINI["bases"], "1": {"pos": [0, 30], "special": "lava"}}),
            "bases.1.special: unknown special 'lava'; known specials are block, draw-1, no-effects, "
            "only-1-2, only-3-4-5, only-6-7, push, raise, return (or null).",
        ),
        (
            _bad(bases={**MINI["bases"], "1": {"pos": [0], "special": None}}),
            "bases.1.pos: must be [x, y] (two numbers) or null, not [0].",
        ),
        (
            _bad(regions=[{"bases": ["1"], "medals": -1, "pos": None}]),
            "regions[0].medals: must be a whole number >= 0, not -1.",
        ),
        ({k: v for k, v in MINI.items() if k != "paths"}, "paths: missing."),
        (
            _bad(hq_nodes={"B": {"pos": [0, 0], "special": "return"}}),
            "hq_nodes.B.special: an H.Q. may only carry a placement limit, not 'return'.",
        ),
    ],
)
def test_bad_terrain_is_refused_naming_the_field(data: dict, message: str) -> None:
    with pytest.raises(TerrainError) as err:
        Terrain.from_dict(data)
    assert str(err.value) == message


def test_bad_terrain_file_names_the_file(tmp_path: Path) -> None:
    p = tmp_path / "broken.json"
    p.write_text('{"format": 1,', encoding="utf-8")
    with pytest.raises(TerrainError, match=r"broken.json: not valid JSON \(line 1"):
        Terrain.load(p)
    p.write_text(json.dumps(_bad(objective="seven")), encoding="utf-8")
    with pytest.raises(TerrainError) as err:
        Terrain.load(p)
    assert str(err.value) == "broken.json: objective: must be a whole number >= 1, not 'seven'."


def test_config_validates_with_clear_messages(terrain_path) -> None:
    with pytest.raises(ValueError, match="unknown terrain 'castle'; the box has battlefield, caribbean-sea"):
        Config("castle")
    with pytest.raises(ValueError, match=r"first_player: expected 0 \(blue\), 1 \(red\) or null, not 2."):
        Config(first_player=2)
    with pytest.raises(ValueError, match="unknown config field 'players'"):
        Config.from_dict({"players": 3})
    with pytest.raises(ValueError, match="first_games: expected true or false"):
        Config.from_dict({"first_games": "yes"})
    path = terrain_path(MINI)
    cfg = Config.from_dict({"terrain": path, "first_games": True, "first_player": 1, "objective": 3})
    assert Config.from_dict(cfg.to_dict()) == cfg
    assert cfg.load_terrain().name == "Mini"
