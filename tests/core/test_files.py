"""The input boundary: safe reads, JSON limits, exact types, atomic writes."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from engine.core import files
from engine.core.files import DataError, WriteError
from tests.boundary.helpers import read_only_folder, zero_device

# ---------------------------------------------------------------- reading


def test_reads_refuse_devices_fifos_and_folders_with_a_sentence(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, words in ((zero_device(tmp_path), "is not a regular file"), (fifo, "is not a regular file"),
                        (tmp_path, "is a folder"), (tmp_path / "none", "No such file")):
        with pytest.raises(DataError, match=words):
            files.read_bytes(path, what="level")


def test_size_limit_is_checked_before_reading(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(2000)
    with pytest.raises(DataError, match=r"big\.json: the level is 2000 bytes, larger than the 1000 bytes"):
        files.read_bytes(big, max_bytes=1000, what="level")


def test_text_with_or_without_a_byte_order_mark(tmp_path):
    p = tmp_path / "a.json"
    p.write_bytes(b"\xef\xbb\xbf{}")
    assert files.load_json(p) == {}
    p.write_bytes(b"{}")
    assert files.load_json(p) == {}
    p.write_bytes(b'{"a": "\xc3"}')
    with pytest.raises(DataError, match=r"a\.json: the file is not UTF-8 text \(byte 0xc3 at offset 7\)\."):
        files.load_json(p)


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000 + "]" * 100_000, "nests"),
    ("[" * 70 + "]" * 70, "nests 70 levels deep, deeper than the 64"),
    ('{"a": NaN}', "NaN is not a number JSON allows"),
    ('{"a": -Infinity}', "-Infinity is not a number JSON allows"),
    ('{"a": 1e400}', "1e400 is too large"),
    ('{"seed": ' + "7" * 5000 + "}", "an integer of 5000 digits"),
    ('{"a": 1', "not valid JSON (line 1, column 8"),
])
def test_json_limits_give_sentences_never_recursion_errors(text, words):
    with pytest.raises(DataError) as err:
        files.parse_json(text, "x.json")
    assert str(err.value).startswith("x.json: ") and words in str(err.value)


def test_a_deep_but_allowed_file_decodes():
    assert files.json_depth(files.parse_json("[" * 64 + "]" * 64)) == 64


# ------------------------------------------------------------ exact types


@pytest.mark.parametrize("value,ok", [(0, True), (0.0, False), (True, False), ("0", False), (None, False), (5, False)])
def test_want_int_is_exact(value, ok):
    if ok:
        assert files.want_int(value, "f: a", 0, 3) == value
    else:
        with pytest.raises(DataError, match=r"^f: a: "):
            files.want_int(value, "f: a", 0, 3)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), True, "1", None, 1e9])
def test_want_number_is_finite_and_in_range(value):
    with pytest.raises(DataError, match=r"^f: pos\[0\]: "):
        files.want_number(value, files.at("f: pos", 0), -100, 100)
    assert files.want_number(3, "f: x") == 3.0


def test_schema_helpers_name_the_path():
    with pytest.raises(DataError, match=r"^f: a\.b: expected a list, not \{\}\.$"):
        files.want_list({}, files.at(files.at("f: ", "a"), "b"))
    with pytest.raises(DataError, match=r"unknown field \(known: a, b\)"):
        files.want_keys({"c": 1}, "f: ", ["a", "b"])
    assert files.want_bool(False, "f") is False
    assert files.want_str("x", "f", ["x", "y"]) == "x"


# ---------------------------------------------------------------- writing


def test_write_keeps_the_mode_and_writes_through_a_symlink(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    files.write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


def test_a_new_file_gets_the_umask_mode_not_0600(tmp_path):
    files.write_atomic(tmp_path / "n.json", b"x")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "n.json").stat().st_mode) == 0o666 & ~umask


def test_writing_to_a_folder_or_a_read_only_place_is_a_sentence_and_keeps_nothing_half(tmp_path):
    with pytest.raises(WriteError, match="is a folder"):
        files.write_atomic(tmp_path, "x")
    folder = read_only_folder(tmp_path)
    with pytest.raises(WriteError, match=r"cannot save the file \(.*\); the old file is unchanged\.") as err:
        files.write_atomic(folder / "x.json", "x")
    assert isinstance(err.value, OSError) and isinstance(err.value, ValueError)


def test_a_failing_disk_keeps_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "save.json"
    target.write_text("old save")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(WriteError, match=r"save\.json: cannot save the file \(the disk is full\); the old file is unchanged"):
        files.write_atomic(target, "new" * 1000)
    assert target.read_text() == "old save"
    assert files.temp_files(target) == []


def test_stale_temporaries_of_a_killed_writer_are_cleaned(tmp_path):
    target = tmp_path / "save.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".save.json.{dead.pid}.abc.tmp"
    stale.write_text("half")
    other = tmp_path / ".other.json.1.abc.tmp"  # another target's: not ours to clean
    other.write_text("x")
    files.write_atomic(target, "ok")
    assert not stale.exists() and other.exists() and target.read_text() == "ok"


def test_kill_9_mid_save_leaves_the_old_or_new_file_and_the_next_save_cleans_up(tmp_path):
    target = tmp_path / "save.json"
    files.write_atomic(target, json.dumps({"n": -1}))
    code = (
        "import json, sys\n"
        "from engine.core.files import write_atomic\n"
        "n = 0\n"
        "while True:\n"
        "    write_atomic(sys.argv[1], json.dumps({'n': n, 'pad': 'x' * 2_000_000}))\n"
        "    n += 1\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root)
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", code, str(target)], env=env)
        time.sleep(0.6)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert isinstance(json.loads(target.read_text())["n"], int)  # never half a file
    files.write_atomic(target, "{}")
    assert files.temp_files(target) == []


def test_set_aside_keeps_the_file(tmp_path):
    p = tmp_path / "profile.json"
    p.write_text("broken")
    aside = files.set_aside(p, "broken")
    assert aside.read_text() == "broken" and not p.exists() and aside.name.startswith("profile.json.broken-")
    p.write_text("again")
    assert files.set_aside(p, "broken") != aside


# ------------------------------------------------------------------ paths


def test_paths_from_a_file_stay_inside_unless_allowed(tmp_path):
    with files.paths_from_file():
        with pytest.raises(DataError, match="only with --allow-outside"):
            files.config_path("/etc/passwd", "terrain")
        assert files.config_path("levels/x.json") == files.PROJECT_ROOT / "levels" / "x.json"
        files.allow_outside(True)
        try:
            assert str(files.config_path("/etc/passwd")) == "/etc/passwd"
        finally:
            files.allow_outside(False)
    assert str(files.config_path("/etc/passwd")) == "/etc/passwd"  # typed by the user: theirs to read


def test_portable_path_is_project_relative_inside_and_absolute_outside(tmp_path, monkeypatch):
    monkeypatch.chdir(files.PROJECT_ROOT / "levels")
    assert files.portable_path("toy_battle/castle-field.json") == "levels/toy_battle/castle-field.json"
    assert files.portable_path(str(tmp_path / "a.json")) == str(tmp_path / "a.json")


def test_a_target_name_with_glob_characters_cleans_only_its_own_temporaries(tmp_path):
    target = tmp_path / "save[1].json"
    files.write_atomic(target, "x")
    other = tmp_path / ".save1.json.1.abc.tmp"
    other.write_text("not ours")
    files.write_atomic(target, "y")
    assert other.exists() and target.read_text() == "y"


def test_a_file_name_with_a_newline_is_read_and_named_on_one_line(tmp_path):
    odd = tmp_path / "a\nb.json"
    odd.write_text("{}")
    assert files.load_json(odd) == {}
    odd.write_text("{")
    with pytest.raises(DataError) as err:
        files.load_json(odd)
    assert "\n" not in str(err.value) and "a\\nb.json" in str(err.value)
    files.write_atomic(odd, "[]")
    assert files.load_json(odd) == []


def test_the_depth_scan_agrees_with_the_decoded_nesting():
    """The byte scan that bounds nesting before decoding (strings with brackets,
    quotes and backslashes in them included) gives the decoded depth."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    leaves = st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\u00e9\u4e2d,:', max_size=8)
    values = st.recursive(leaves, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
        st.text(alphabet='[]{}"\\k', max_size=4), kids, max_size=3), max_leaves=30)

    @settings(max_examples=300, deadline=None)
    @given(values, st.booleans())
    def agree(value, ascii_only):
        text = json.dumps(value, ensure_ascii=ascii_only)
        assert files.text_depth(text) == files.json_depth(value)

    agree()
