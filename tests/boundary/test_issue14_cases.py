"""Every case of issue 14 this boundary handles, with the sentence it gets.

Each row is a file or a command line a player could hand Toybox; the answer
is one sentence naming the file and the field or step, and exit code 2 (bad
input) — or, for what is fine (a byte-order mark), exit 0. Exit codes are
checked through ``app.shell.cli.main`` in this process.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core import files
from tests.boundary.helpers import BATTLEFIELD, TERRAIN, cli, read_only_folder, record, step_of, zero_device

Mutate = Callable[[dict[str, Any], Path], Any]


def _set(path: str, value: Any) -> Mutate:
    """Set ``a.b.0.c`` in the record (``actions.N`` steps into the list)."""

    def mutate(data: dict[str, Any], tmp: Path) -> None:
        keys = path.split(".")
        node: Any = data
        for i, k in enumerate(keys[:-1]):
            if isinstance(node, list) and keys[i - 1] == "actions":
                # actions.N is the Nth player's action: format 2 records hold chance outcomes too.
                node = [a for a in node if a["seat"] != -1][int(k)]
            else:
                node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if value is KeyError:
            del node[last]
        else:
            node[last] = value

    return mutate


def _terrain_file(tmp: Path, change: Callable[[dict[str, Any]], None] | None = None, raw: str | None = None) -> str:
    data = json.loads(TERRAIN.read_text())
    if change:
        change(data)
    p = tmp / "terrain.json"
    p.write_text(raw if raw is not None else json.dumps(data))
    return str(p)


def _fifo(tmp: Path) -> str:
    p = tmp / "fifo"
    os.mkfifo(p)
    return str(p)


def _zero(tmp: Path) -> str:
    """A private twin of the zero device in the test's folder: the system's own is never named."""
    return str(zero_device(tmp))


def _unopenable(tmp: Path) -> str:
    """A path in the test's own folder that no one can open, not even root
    (permission bits do not stop root): a link to itself. Opening it fails
    as reading /proc/self/mem did (which these tests must never touch), and
    gets the same refusal: 'cannot read the ... (why)'."""
    p = tmp / "level.json"
    p.symlink_to(p.name)
    return str(p)


def _outside(tmp: Path) -> str:
    """A good battlefield file outside the project (the test's own folder)."""
    p = tmp / "battlefield.json"
    p.write_text(BATTLEFIELD.read_text())
    return str(p)


def _nan_base(data: dict[str, Any]) -> None:
    first = next(iter(data["bases"]))
    data["bases"][first]["pos"] = [1.0, 2.0]


def _nan_text(tmp: Path) -> str:
    text = json.dumps(json.loads(TERRAIN.read_text()))
    first = next(iter(json.loads(text)["bases"]))
    data = json.loads(text)
    data["bases"][first]["pos"] = ["NAN", 2.0]
    return _terrain_file(tmp, raw=json.dumps(data).replace('"NAN"', "NaN"))


def _odd_id(data: dict[str, Any]) -> None:
    first = next(iter(data["bases"]))
    text = json.dumps(data).replace(json.dumps(first), json.dumps("1" * 5000))
    data.clear()
    data.update(json.loads(text))


def _lb_attack(field: str, value: Any) -> tuple[str, Mutate]:
    data = record("little-battle", until="Attack", seed=7)
    step = step_of(data, "Attack")
    return "little-battle-attack", _set(f"actions.{step}.action.{field}", value)


# (id, game of the valid record, mutation, extra CLI flags, expected sentence as a regex)
RECORD_CASES: list[tuple[str, str, Mutate, tuple[str, ...], str]] = [
    ("tb-terrain-device", "toy-battle", lambda d, t: d["config"].update(terrain=_zero(t)), ("--allow-outside",),
     r"/zero: is not a regular file \(a device, pipe or socket\), so it is not a terrain\."),
    ("tb-terrain-device-outside", "toy-battle", lambda d, t: d["config"].update(terrain=_zero(t)), (),
     r"terrain: \S+/zero is outside .*only with --allow-outside\."),
    ("tb-terrain-fifo", "toy-battle", lambda d, t: d["config"].update(terrain=_fifo(t)), ("--allow-outside",),
     r"fifo: is not a regular file"),
    ("tb-terrain-passwd", "toy-battle", _set("config.terrain", "/etc/passwd"), (),
     r"terrain: /etc/passwd is outside"),
    ("tb-first-player-float", "toy-battle", _set("config.first_player", 1.0), (),
     r"bad config: first_player: expected 0 \(blue\), 1 \(red\) or null, not 1\.0\."),
    ("tb-terrain-nan", "toy-battle", lambda d, t: d["config"].update(terrain=_nan_text(t)), ("--allow-outside",),
     r"terrain\.json: NaN is not a number JSON allows"),
    ("tb-terrain-odd-id", "toy-battle", lambda d, t: d["config"].update(terrain=_terrain_file(t, _odd_id)),
     ("--allow-outside",), r"integer of 5000 digits|a node id is 1 to 32 visible characters"),
    ("tb-embedded-terrain-bad", "toy-battle", _set("config.terrain_data", {"format": 1}), (),
     r"bad config: terrain_data\.name: missing\."),
    ("lb-chest-gold-object", "little-battle", _set("config.chest_gold", {"blue": 5}), (),
     r"bad config: chest_gold\.blue must be a list of coins, not 5"),
    ("lb-chest-gold-null", "little-battle", _set("config.chest_gold", None), (),
     r"bad config: chest_gold must map colours to lists of coins, not None"),
    ("ls-level-unopenable", "little-soldiers", lambda d, t: d["config"].update(level=_unopenable(t)),
     ("--allow-outside",), r"level\.json: cannot read the battlefield \(Too many levels of symbolic links\)"),
    ("ls-level-outside", "little-soldiers", lambda d, t: d["config"].update(level=_outside(t)), (),
     r"level: \S+battlefield\.json is outside .*only with --allow-outside"),
    ("ls-override-huge", "little-soldiers", _set("config.overrides", {"YELLOW_CORD_LENGTH": 1e300}), (),
     r"overrides\.YELLOW_CORD_LENGTH must be a positive length in cm, at most 1000, not 1e\+300"),
    ("ls-string-coordinate", "little-soldiers", _set("actions.0.action.x", "106.32"), (),
     r"step \d+: bad Deploy: Deploy\.x must be a finite number, not text \('106\.32'\)"),
    ("ls-deploy-null", "little-soldiers", _set("actions.0.action", {"type": "Deploy", "soldier": None, "x": None,
                                                                   "y": None}), (),
     r"step \d+: bad Deploy: Deploy\.soldier must be text, not None"),
    ("ls-reroll-abc", "little-soldiers", _set("actions.0.action", {"type": "Reroll", "dice": "abc"}), (),
     r"step \d+: bad Reroll: Reroll\.dice must be a list"),
    ("ls-lead-x", "little-soldiers", _set("actions.0.action", {"type": "Lead", "general": "x"}), (),
     r"step \d+: bad Lead: Lead\.general must be a whole number"),
    ("ls-jump-null", "little-soldiers", _set("actions.0.action", {"type": "Jump", "direction": None}), (),
     r"step \d+: bad Jump: Jump\.direction must be a finite number, not None"),
    ("ls-shields-5", "little-soldiers", _set("actions.0.action", {"type": "Shields", "count": 5}), (),
     r"step \d+: Shields has no field 'count'"),
    ("format-999", "little-battle", _set("format", 999), (), r"format: this Toybox reads record format \d+, not 999\."),
    ("format-string", "little-battle", _set("format", "1"), (), r"format: this Toybox reads record format \d+, not '1'\."),
    ("format-missing", "little-battle", _set("format", KeyError), (), r"the field 'format' is missing\."),
    ("version-true", "little-battle", _set("version", True), (), r"version True, and this Toybox plays version 1\."),
    ("seed-float", "little-battle", _set("seed", 5.0), (), r"the seed must be a whole number, not 5\.0\."),
]

for _pile in (0.0, None, "0", [0]):
    _name, _mutate = _lb_attack("pile", _pile)
    RECORD_CASES.append((f"lb-attack-pile-{_pile!r}", "little-battle-attack", _mutate, (), r"step \d+: "))


def _valid(game: str) -> dict[str, Any]:
    """A valid record; without its embedded level, so the config's path is read (as in older saves)."""
    if game == "little-battle-attack":
        return record("little-battle", until="Attack", seed=7)
    data = record(game)
    data["config"].pop("terrain_data", None)
    data["config"].pop("battlefield_data", None)
    return data


@pytest.mark.parametrize("name,game,mutate,flags,sentence", RECORD_CASES, ids=[c[0] for c in RECORD_CASES])
def test_a_broken_record_gets_one_sentence_and_exit_2(tmp_path, name, game, mutate, flags, sentence):
    data = _valid(game)
    mutate(data, tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path), *flags)
    assert run.code == 2, (run.code, run.err)
    line = run.err.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith(str(path) + ": "), line
    assert re.search(sentence, line), line


RAW_CASES: list[tuple[str, Callable[[Path], bytes], str]] = [
    ("nesting-950-deep", lambda t: b'{"a":' * 950 + b"1" + b"}" * 950, r"the JSON nests (950 levels deep|deeper)"),
    ("non-utf8", lambda t: b'{"format": 1, "game": "\xff"}', r"the record is not UTF-8 text \(byte 0xff at offset 23\)\."),
    ("seed-5000-digits", lambda t: json.dumps(record("little-battle")).replace('"seed": 5', '"seed": ' + "9" * 5000)
     .encode(), r"an integer of 5000 digits is longer than the 40 Toybox accepts\."),
    ("truncated", lambda t: json.dumps(record("little-battle")).encode()[:-30],
     r"not a Toybox record: the file is not valid JSON \(line 1, column \d+"),
    ("nan-in-record", lambda t: json.dumps(record("little-battle")).replace('"seed": 5', '"seed": NaN').encode(),
     r"NaN is not a number JSON allows"),
    ("json-list", lambda t: b"[1, 2]", r"not a Toybox record: expected a JSON object\."),
]


@pytest.mark.parametrize("name,content,sentence", RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_broken_bytes_get_one_sentence_and_exit_2(tmp_path, name, content, sentence):
    path = tmp_path / "game.json"
    path.write_bytes(content(tmp_path))
    run = cli("replay", str(path))
    assert run.code == 2 and "Traceback" not in run.err
    assert re.search(sentence, run.err), run.err


def test_a_108_mb_record_is_refused_by_its_size_before_reading(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(108 * 1024 * 1024)  # sparse: the size alone must refuse it
    run = cli("replay", str(path))
    assert run.code == 2
    assert "the record is 108.0 MiB, larger than the 32.0 MiB Toybox reads." in run.err


def test_a_record_with_a_byte_order_mark_replays(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record("little-battle")).encode())
    assert cli("replay", str(path)).code == 0


@pytest.mark.parametrize("target", ["device", "fifo", "folder", "missing"])
def test_a_record_file_that_is_not_a_regular_file_is_refused(tmp_path, target):
    made = {"device": _zero, "fifo": _fifo, "folder": str, "missing": lambda t: str(t / "none.json")}
    path = made[target](tmp_path)
    run = cli("replay", path)
    assert run.code == 2
    assert re.search(r"is not a regular file|is a folder|No such file", run.err), run.err


# ---------------------------------------------------------------- command line

CLI_CASES: list[tuple[str, tuple[str, ...], str]] = [
    ("sim-games-negative", ("sim", "little-battle", "--games", "-1"), r"--games: expected a whole number from 1 to \d+, not -1"),
    ("sim-iterations-negative", ("sim", "little-battle", "--iterations", "-1"), r"--iterations: expected a whole number 0"),
    ("sim-time-limit-nan", ("sim", "little-battle", "--time-limit", "nan"), r"--time-limit: expected a finite number"),
    (
        "sim-override-huge",
        ("sim", "little-soldiers", "--games", "1", "--option", 'overrides={"YELLOW_CORD_LENGTH": 1e300}'),
        r"at most 1000, not 1e\+300",
    ),
    (
        "sim-option-broken-json",
        ("sim", "little-battle", "--option", 'chest_gold={"blue": '),
        r"--option chest_gold: not valid JSON",
    ),
    ("render-size-0x0", ("render", "toy-battle", "--out", "x.png", "--size", "0x0"), r"width and height must each be 16"),
    ("render-size-words", ("render", "toy-battle", "--out", "x.png", "--size", "big"), r"expected WIDTHxHEIGHT"),
    (
        "rules-level-missing",
        ("rules", "little-soldiers", "--level", "/nonexistent.json"),
        r"toybox: /nonexistent\.json: cannot read the battlefield \(No such file or directory\)\.",
    ),
    ("rules-players-huge", ("rules", "little-battle", "--players", "9" * 50), r"--players: expected a whole number from 0 to 99"),
    ("los-nan", ("los", str(BATTLEFIELD), "--from", "nan,nan", "--to", "79,14"), r"'nan,nan': expected finite numbers"),
    (
        "los-same-spot",
        ("los", str(BATTLEFIELD), "--from", "30,20", "--to", "30,20"),
        r"stand on the same spot \(their bases overlap\)",
    ),
    ("replay-missing", ("replay", "/nonexistent.json"), r"/nonexistent\.json: cannot read the record \(No such file"),
]


@pytest.mark.parametrize("name,argv,sentence", CLI_CASES, ids=[c[0] for c in CLI_CASES])
def test_bad_command_line_values_exit_2_with_a_sentence(name, argv, sentence):
    run = cli(*argv)
    assert run.code == 2, (run.code, run.out[-300:], run.err[-300:])
    assert "Traceback" not in run.err and re.search(sentence, run.err), run.err


def test_sim_on_a_terrain_that_is_a_device_is_a_sentence(tmp_path):
    zero = _zero(tmp_path)
    run = cli("sim", "toy-battle", "--terrain", zero, "--games", "1")
    assert run.code == 2, (run.code, run.out[-300:], run.err[-300:])
    assert "Traceback" not in run.err and run.err.startswith(f"toybox: {zero}: is not a regular file"), run.err


def test_render_into_a_read_only_folder_is_refused_before_rendering(tmp_path):
    folder = read_only_folder(tmp_path)
    run = cli("render", "toy-battle", "--out", str(folder / "x.png"))
    assert run.code == 2 and "cannot write the picture there" in run.err and "Read-only file system" in run.err


def test_play_without_a_display_is_a_failure_with_a_sentence(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    run = cli("play", "toy-battle")
    assert run.code == 1 and "needs a display" in run.err


def test_help_exits_0_and_an_unknown_subcommand_2():
    assert cli("--help").code == 0
    assert cli("fly").code == 2


# ------------------------------------------------------ files stay where they belong


def test_a_save_carries_its_terrain_so_editing_or_deleting_the_file_never_breaks_it(tmp_path, monkeypatch):
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import load_record, save_record

    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path))
    mine = tmp_path / "mine.json"
    shutil.copy(TERRAIN, mine)
    info = get_game("toy-battle")
    match = Match(info, info.config_from_dict({"terrain": str(mine)}), 3)
    for _ in range(4):
        seat = match.state.to_act()[0]
        match.play(seat, match.state.legal_actions(seat)[0])
    save_record(match.record(), tmp_path / "save.json")
    mine.write_text("{ edited into nonsense")
    again = Match.from_record(load_record(tmp_path / "save.json"))
    assert again.state.state_hash() == match.state.state_hash()
    mine.unlink()
    assert cli("replay", str(tmp_path / "save.json")).code == 0


def test_a_save_carries_its_battlefield(tmp_path, monkeypatch):
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import load_record, save_record

    monkeypatch.setenv("TOYBOX_HOME", str(tmp_path))
    mine = tmp_path / "field.json"
    shutil.copy(BATTLEFIELD, mine)
    info = get_game("little-soldiers")
    match = Match(info, info.config_from_dict({"level": str(mine)}), 3)
    seat = match.state.to_act()[0]
    match.play(seat, match.state.candidate_actions(seat, 1, __import__("random").Random(1))[0])
    save_record(match.record(), tmp_path / "save.json")
    mine.unlink()
    again = Match.from_record(load_record(tmp_path / "save.json"))
    assert again.state.state_hash() == match.state.state_hash()


def test_relative_config_paths_resolve_against_the_project_for_every_game(tmp_path, monkeypatch):
    from engine.core.games import get_game

    monkeypatch.chdir(tmp_path)  # not the project: a relative path must still find the level
    get_game("toy-battle").config_from_dict({"terrain": "levels/toy_battle/castle-field.json"})
    info = get_game("little-soldiers")
    info.new_game(info.config_from_dict({"level": "levels/little_soldiers/bootcamp.json"}), 0)


def test_a_path_typed_on_the_command_line_resolves_against_the_current_folder(tmp_path, monkeypatch):
    shutil.copy(TERRAIN, tmp_path / "here.json")
    monkeypatch.chdir(tmp_path)
    run = cli("sim", "toy-battle", "--terrain", "here.json", "--games", "1")
    assert run.code == 0, run.err


# ------------------------------------------------------------------- profiles


@pytest.mark.parametrize(
    "content",
    [
        b'{"little_soldiers_mission_report": {"a-new-threat": []}}',
        b'{"little_soldiers_mission_report": ',
        b"\xff\xfe broken",
        b'{"little_soldiers_mission_report": {"m": {"easy": {"1": {"beaten": "x"}}}}}',
    ],
)
def test_a_broken_profile_is_set_aside_never_overwritten(tmp_path, content):
    from engine.little_soldiers import mission_report as mr

    path = tmp_path / "profile.json"
    path.write_bytes(content)
    profile, problem = mr._load(path)
    assert problem is not None and profile.get(mr.REPORT_KEY, {}) == {}
    aside = files.set_aside(path, problem or "broken")
    assert aside.read_bytes() == content and not path.exists()


def test_record_mission_keeps_the_broken_profile_aside_and_says_so(tmp_path, monkeypatch):
    from engine.little_soldiers import mission_report as mr

    path = tmp_path / "profile.json"
    good_cell = {"beaten": ["pinky"], "won": False}
    broken = {"theme": "dark", mr.REPORT_KEY: {"a_new_threat": {"easy": {"1": good_cell, "2": {"beaten": "x"}}}}}
    path.write_text(json.dumps(broken))
    monkeypatch.setattr(mr, "game_entry", lambda state: ("a_new_threat", "easy", "2", ["howdy"], True))
    notes: list[str] = []
    report = mr.record_mission(None, path, notes=notes)  # type: ignore[arg-type]  # no state: game_entry is stubbed above
    asides = list(tmp_path.glob("profile.json.broken-*"))
    assert len(asides) == 1 and json.loads(asides[0].read_text()) == broken
    assert notes and "1 Mission Report entries are unreadable" in notes[0] and asides[0].name in notes[0]
    assert "its 1 readable Mission Report result and its other settings were carried over" in notes[0]
    assert report["a_new_threat"]["easy"]["1"] == good_cell  # the readable result carried over
    assert report["a_new_threat"]["easy"]["2"] == {"beaten": ["howdy"], "won": True}
    assert json.loads(path.read_text())["theme"] == "dark"


def test_a_non_utf8_profile_is_set_aside(tmp_path, monkeypatch):
    from engine.little_soldiers import mission_report as mr

    path = tmp_path / "profile.json"
    path.write_bytes(b"\xff\xfe\x00")
    monkeypatch.setattr(mr, "game_entry", lambda state: ("a_new_threat", "easy", "1", [], False))
    notes: list[str] = []
    mr.record_mission(None, path, notes=notes)  # type: ignore[arg-type]  # no state: game_entry is stubbed above
    assert "not UTF-8" in notes[0]
    assert "nothing in it was readable, so the Mission Report starts afresh with this game" in notes[0]  # issue 22
    assert [p.read_bytes() for p in tmp_path.glob("profile.json.broken-*")] == [b"\xff\xfe\x00"]
    assert mr.mission_report(path)["a_new_threat"]["easy"]["1"] == {"beaten": [], "won": False}


# ------------------------------------------------------------- editor and app


def test_the_editor_refuses_a_level_file_holding_a_list(tmp_path):
    from app.editor.session import EditorSession

    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    with pytest.raises(files.DataError, match=r"list\.json: a level file holds a JSON object, not \[1, 2\]\."):
        EditorSession.open(path)


@pytest.mark.parametrize("where", ["folder", "read-only"])
def test_the_editor_save_refused_by_the_disk_is_a_sentence(tmp_path, where):
    from app.editor.session import EditorSession

    session = EditorSession.open(BATTLEFIELD)
    target = tmp_path if where == "folder" else read_only_folder(tmp_path) / "x.json"
    assert session.save(target) is False
    assert session.message.startswith("Not saved: ") and str(target) in session.message


def test_the_editor_never_writes_nan(tmp_path):
    from app.editor.document import LevelDocument, LevelInvalid

    doc = LevelDocument({"a": float("nan")}, lambda data: [])
    with pytest.raises(LevelInvalid, match="not a finite number"):
        doc.save(tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_import_then_a_refused_save_leaves_the_mesh_folder_as_it_was(tmp_path, monkeypatch):
    import trimesh

    from app.editor import window as editor_window
    from app.editor.session import EditorSession

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    opened = EditorSession.open
    monkeypatch.setattr(editor_window.EditorSession, "open", lambda path: opened(path, root=tmp_path))
    mesh = tmp_path / "jar.obj"
    trimesh.creation.cylinder(radius=3, height=9).export(mesh)
    folder = read_only_folder(tmp_path)
    run = cli("edit", str(folder / "level.json"), "--import", str(mesh))
    assert run.code == 2 and "Not saved" in run.err
    scenery = tmp_path / "meshes" / "scenery"
    assert not scenery.exists() or list(scenery.iterdir()) == []


@pytest.mark.parametrize(
    "name,game,mutate,flags,sentence",
    [c for c in RECORD_CASES if not c[3] and c[1] != "little-soldiers"],
    ids=[c[0] for c in RECORD_CASES if not c[3] and c[1] != "little-soldiers"],
)
def test_the_app_load_answers_a_broken_record_with_a_sentence(tmp_path, name, game, mutate, flags, sentence):
    from app.games import controller_class
    from app.seats import Seats

    real = "little-battle" if game == "little-battle-attack" else game
    data = _valid(game)
    mutate(data, tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    config = {"players": 3} if real == "little-battle" else {}
    cls = controller_class(real)
    ctl = cls.new(real, config, Seats(tuple(["human"] * (3 if real == "little-battle" else 2))), seed=1)
    before = ctl.match.state.state_hash()
    assert ctl.load(path) is False
    # the window names the save by its name (issue 27: no paths shown), then the field and why
    assert ctl.message.startswith("Cannot load the saved game: ") and str(path) not in ctl.message, ctl.message
    assert re.search(sentence, ctl.message), ctl.message
    assert ctl.match.state.state_hash() == before


def test_the_app_save_to_a_read_only_folder_is_a_sentence(tmp_path):
    from app.games import controller_class
    from app.seats import Seats

    ctl = controller_class("little-battle").new("little-battle", {"players": 3}, Seats(("human",) * 3), seed=1)
    assert ctl.save(read_only_folder(tmp_path) / "s.json") is False
    assert "cannot save" in ctl.message and "the old file is unchanged" in ctl.message


@pytest.mark.parametrize("target", ["device", "unopenable", "fifo", "list"])
def test_los_on_a_file_that_is_not_a_battlefield_is_a_sentence(tmp_path, target):
    if target == "device":
        target = _zero(tmp_path)
    elif target == "fifo":
        target = _fifo(tmp_path)
    elif target == "unopenable":
        target = _unopenable(tmp_path)
    elif target == "list":
        target = str(tmp_path / "list.json")
        Path(target).write_text("[1]")
    run = cli("los", target, "--from", "30,20", "--to", "79,14")
    assert run.code == 2 and "Traceback" not in run.err
    assert run.err.startswith(f"toybox: {target}: "), run.err


def test_an_autosave_refused_by_the_disk_is_a_sentence_and_play_goes_on(tmp_path):
    from app.games import controller_class
    from app.seats import Seats

    ctl = controller_class("little-battle").new(
        "little-battle", {"players": 3}, Seats(("human",) * 3), seed=1, autosave=read_only_folder(tmp_path) / "auto.json"
    )
    assert ctl.play(ctl.match.state.legal_actions(ctl.viewer)[0])  # autosaves after the action
    assert "Autosave failed" in ctl.message and "cannot save" in ctl.message and "Play goes on" in ctl.message


def test_the_editor_save_on_a_full_disk_is_a_sentence_and_keeps_the_old_file(tmp_path, monkeypatch):
    from app.editor.session import EditorSession

    target = tmp_path / "level.json"
    shutil.copy(BATTLEFIELD, target)
    before = target.read_bytes()
    session = EditorSession.open(target)

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    assert session.save(target) is False
    assert session.message == f"Not saved: {target}: cannot save the level (the disk is full); the old file is unchanged."
    assert target.read_bytes() == before and files.temp_files(target) == []


def test_a_saved_battlefield_that_geos_cannot_build_is_a_sentence(tmp_path):
    data = record("little-soldiers")
    scenery = data["config"]["battlefield_data"]["scenery"]
    x, y, _ = scenery[0]["at"]
    # a can with a denormal radius, where a piece already stands: GEOS fails on it
    scenery.append({"id": "denormal-can", "shape": {"cylinder": [5e-324, 5.0]}, "at": [x, y, 0.0], "rotation": 0.0})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    run = cli("replay", str(path))
    assert run.code == 2 and "Traceback" not in run.err
    assert "battlefield_data: " in run.err and str(path) in run.err


def test_files_the_command_opens_resolve_against_the_current_folder(tmp_path, monkeypatch):
    shutil.copy(BATTLEFIELD, tmp_path / "field.json")
    (tmp_path / "game.json").write_text(json.dumps(record("little-battle")))
    monkeypatch.chdir(tmp_path)
    assert cli("replay", "game.json").code == 0
    assert cli("los", "field.json", "--from", "30,20", "--to", "79,14").code == 0


def test_the_editor_refuses_a_json_object_that_is_no_level_and_an_import_into_a_terrain(tmp_path, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    (tmp_path / "game.json").write_text(json.dumps(record("little-battle")))
    run = cli("edit", str(tmp_path / "game.json"))
    assert run.code == 2 and "not a level: neither a battlefield" in run.err
    shutil.copy(TERRAIN, tmp_path / "t.json")
    run = cli("edit", str(tmp_path / "t.json"), "--import", str(BATTLEFIELD))
    assert run.code == 2 and "this level is a Toy Battle terrain" in run.err
