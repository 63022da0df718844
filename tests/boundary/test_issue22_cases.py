"""The smaller cases of issue 22, each with its sentence (exit 2) or working:
geometry out of physical bounds, unknown token kinds, huge saves refused
before any piece is read, duplicate or garbage ``--seats``, ``bench --games``
that means nothing, a symlinked level named with its target, the editor's
refused import leaving nothing behind, the profile's set-aside wording."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest

from engine.core.games import get_game
from engine.core.match import Match
from tests.boundary.helpers import BATTLEFIELD, cli


def _level(tmp_path: Path, change) -> Path:
    data = json.loads(BATTLEFIELD.read_text())
    change(data)
    path = tmp_path / "level.json"
    path.write_text(json.dumps(data))
    return path


def _zone_1e308(d):
    d["play_zone"][1][0] = 1e308


def _piece_at_1e308(d):
    d["scenery"][0]["at"][0] = 1e308


def _piece_too_thin(d):
    d["scenery"][0]["shape"] = {"box": [1e-300, 5, 5]}


def _dragon(d):
    d["tokens"].append({"kind": "dragon", "at": [10, 10]})


def _table_too_big(d):
    d["play_zone"] = [[-1500, 0], [1500, 0], [1500, 80], [-1500, 80]]  # every corner within 20 m, 30 m across


def _too_many_corners(d):
    d["play_zone"] = [[100 + 50 * __import__("math").cos(k / 500), 50 + 30 * __import__("math").sin(k / 500)]
                      for k in range(3142)]


BAD_LEVELS = [
    ("play-zone-1e308", _zone_1e308, r"play_zone\[1\]: 1e\+308 cm is outside -2000 to 2000 cm"),
    ("piece-at-1e308", _piece_at_1e308, r"scenery\[0\]\.at: 1e\+308 cm is outside -2000 to 2000 cm"),
    ("piece-1e-300-wide", _piece_too_thin, r"scenery\[0\]\.shape\.box: 1e-300 cm is outside 0\.1 to 1000 cm"),
    ("token-dragon", _dragon, r"tokens\[\d+\]\.kind: expected one of deployment, .*got 'dragon'"),
    ("table-30-m", _table_too_big, r"play_zone: 3000 cm across, more than the 2000 cm a table may be"),
    ("polygon-3142-corners", _too_many_corners, r"play_zone: 3,142 corners, more than the 2,000"),
]


@pytest.mark.parametrize("name,change,words", BAD_LEVELS, ids=[c[0] for c in BAD_LEVELS])
@pytest.mark.parametrize("command", ["sim", "rules", "play"])
def test_a_battlefield_out_of_bounds_is_refused_before_any_geometry(tmp_path, monkeypatch, name, change, words,
                                                                     command):
    """No shapely, Embree or Panda3D work happens first: the sim's GEOSException,
    the play window's renderFrame assertion, are never reached."""
    monkeypatch.delenv("DISPLAY", raising=False)  # play: refused before it looks for a display
    level = _level(tmp_path, change)
    argv = {"sim": ("sim", "little-soldiers", "--games", "1"), "rules": ("rules", "little-soldiers"),
            "play": ("play", "little-soldiers")}[command]
    run = cli(*argv, "--level", str(level))
    assert run.code == 2 and "Traceback" not in run.err, run.err
    assert str(level) in run.err and re.search(words, run.err), run.err


@pytest.mark.parametrize("name,change,words", BAD_LEVELS[:4], ids=[c[0] for c in BAD_LEVELS[:4]])
def test_a_save_embedding_such_a_battlefield_is_refused_on_replay(tmp_path, name, change, words):
    info = get_game("little-soldiers")
    data = Match(info, info.config_from_dict({}), 3).record().to_dict()
    change(data["config"]["battlefield_data"])
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2 and re.search(words, run.err) and "battlefield_data" in run.err, run.err


def test_a_100000_piece_save_is_refused_before_any_piece_is_read(tmp_path, monkeypatch):
    """Issue 22: a 13.5 MB save with 100,000 pieces took 130 s to be refused.
    The count is checked before a piece is read (timed on a quiet machine in
    the report; here it is shown that no piece is looked at)."""
    from engine.geometry import battlefield

    info = get_game("little-soldiers")
    data = Match(info, info.config_from_dict({}), 3).record().to_dict()
    pieces = data["config"]["battlefield_data"]["scenery"]
    data["config"]["battlefield_data"]["scenery"] = pieces + [
        dict(pieces[0], id=f"x{i}", at=[10 + i % 100, 10 + i // 1000, 0]) for i in range(100_000)]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    assert path.stat().st_size > 10_000_000

    def never(*args, **kwargs):
        raise AssertionError("a piece was read")

    monkeypatch.setattr(battlefield, "scenery", never)
    start = time.perf_counter()
    run = cli("replay", str(path))
    spent = time.perf_counter() - start
    assert run.code == 2 and "scenery: 100,008 scenery pieces, more than the 10,000 a battlefield may hold" in run.err
    print(f"refused in {spent:.2f} s")


@pytest.mark.parametrize("seats,words", [
    ("1=human,1=bot", r"seat '1' is given twice"),
    ("blue=human,blue=search", r"seat 'blue' is given twice"),
    ("1=human,,2=bot", r"expected SEAT=KIND pairs separated by single commas"),
    (",", r"expected SEAT=KIND pairs"),
    ("", r"expected SEAT=KIND pairs"),
    ("1=human,2=bot=x", r"'bot=x' is not human or a bot"),
    ("garbage", r"'garbage' should look like blue=human"),
])
def test_render_seats_duplicates_and_garbage_are_refused(tmp_path, seats, words):
    run = cli("render", "toy-battle", "--out", str(tmp_path / "x.png"), "--seats", seats)
    assert run.code == 2 and re.search(words, run.err) and not (tmp_path / "x.png").exists(), run.err


def test_bench_games_that_mean_nothing_are_refused():
    for argv, words in [(("bench", "engine", "--games", "nope"), "the engine bench measures its own set"),
                        (("bench", "geometry", "--games", "toy-battle"), "the geometry bench measures its own set"),
                        (("bench", "app", "--games", "nope"), "'nope' is not a game")]:
        run = cli(*argv)
        assert run.code == 2 and words in run.err, (argv, run.err)


def test_a_symlinked_level_is_named_with_its_target(tmp_path):
    """A record's level inside the project that is a link to a file outside:
    the sentence names the target it is refused for."""
    from engine.core.files import PROJECT_ROOT

    target = tmp_path / "elsewhere.json"
    shutil.copy(BATTLEFIELD, target)
    link = PROJECT_ROOT / "levels" / "little_soldiers" / f"zz-test-link-{tmp_path.name}.json"
    link.symlink_to(target)
    try:
        info = get_game("little-soldiers")
        data = Match(info, info.config_from_dict({"level": str(link.relative_to(PROJECT_ROOT))}), 3).record().to_dict()
        data["config"].pop("battlefield_data", None)
        record = tmp_path / "game.json"
        record.write_text(json.dumps(data))
        run = cli("replay", str(record))
    finally:
        link.unlink()
    assert run.code == 2 and f"{link} is a link to {target}, which is outside" in run.err, run.err


def test_an_import_into_a_level_outside_the_project_stays_beside_it_or_leaves_nothing(tmp_path, monkeypatch):
    import trimesh

    from engine.core.files import PROJECT_ROOT

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    mesh = tmp_path / "ok.stl"
    trimesh.creation.box((4, 4, 4)).export(mesh)
    project_meshes = sorted((PROJECT_ROOT / "meshes").rglob("*"))
    crowded = tmp_path / "crowded"
    crowded.mkdir()
    shutil.copy(BATTLEFIELD, crowded / "level.json")  # the middle of the table is taken: the save is refused
    run = cli("edit", str(crowded / "level.json"), "--import", str(mesh))
    assert run.code == 2 and "overlaps scenery 'ok-1'" in run.err, run.err
    assert sorted(p.name for p in crowded.iterdir()) == ["level.json"]  # no meshes/ folder left
    clear = tmp_path / "clear"
    clear.mkdir()
    data = json.loads(BATTLEFIELD.read_text())
    data["scenery"] = [s for s in data["scenery"] if not s["id"].startswith("game-box")]
    (clear / "level.json").write_text(json.dumps(data))
    run = cli("edit", str(clear / "level.json"), "--import", str(mesh))
    assert run.code == 0, run.err
    assert (clear / "meshes" / "scenery" / "ok-1.stl").is_file()  # beside the level, where loading it looks
    assert cli("rules", "little-soldiers", "--level", str(clear / "level.json")).code == 0
    assert sorted((PROJECT_ROOT / "meshes").rglob("*")) == project_meshes  # nothing in the project


@pytest.mark.parametrize("change,words", [
    (lambda d: d["bases"][next(iter(d["bases"]))].update(pos=[1e308, 5]), r"\.pos: \[1e\+308, 5\] lies outside -1000 to 1000"),
    (lambda d: d.update(bases={f"b{i}": {"pos": [1, 1], "special": None} for i in range(100_000)}),
     r"bases: 100,000 of them, more than the 500 a terrain may hold"),
], ids=["position-1e308", "100000-bases"])
def test_a_terrain_out_of_bounds_is_refused(tmp_path, change, words):
    from tests.boundary.helpers import TERRAIN

    data = json.loads(TERRAIN.read_text())
    change(data)
    path = tmp_path / "terrain.json"
    path.write_text(json.dumps(data))
    run = cli("sim", "toy-battle", "--terrain", str(path), "--games", "1")
    assert run.code == 2 and re.search(words, run.err) and "terrain.json: " in run.err, run.err
