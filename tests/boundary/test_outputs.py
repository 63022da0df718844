"""The hostile-output suite (issue 22): every file Toybox writes goes through
the output boundary, which writes regular files only.

Each hostile target is made by the test in its own temporary folder: a FIFO,
a private character device (the null device's and /dev/zero's numbers, made
with ``os.mknod``), a unix socket, a folder, a symlink to a device, a
read-only folder and a full disk (a tiny tmpfs where this process may mount
one, else a simulated ENOSPC). Never the system's own /dev: a rename over
/dev/null, run as root, destroys it. After each refusal the node is checked
to be exactly what it was, and no temporary file is left beside it.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import subprocess
from pathlib import Path

import pytest

from engine.core import files
from engine.core.files import WriteError
from tests.boundary.helpers import BATTLEFIELD, cli, full_folder, null_device, read_only_folder, zero_device

# ------------------------------------------------------------------ the targets


def _fifo(tmp: Path) -> Path:
    p = tmp / "fifo"
    os.mkfifo(p)
    return p


def _socket(tmp: Path) -> Path:
    p = tmp / "sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()
    return p


def _link_to_device(tmp: Path) -> Path:
    link = tmp / "link.png"
    link.symlink_to(zero_device(tmp))
    return link


HOSTILE = {
    "fifo": (_fifo, r"is a FIFO \(named pipe\), not a regular file"),
    "device": (zero_device, r"is a device, not a regular file"),
    "socket": (_socket, r"is a socket, not a regular file"),
    "folder": (lambda tmp: tmp, r"is a folder; give a file name"),
    "link-to-device": (_link_to_device, r"link\.png \(a link to .*zero\): is a device, not a regular file"),
}


def _node(path: Path) -> tuple[int, int, int]:
    """What is at ``path`` (the link itself and what it points at): unchanged after a refusal."""
    info = os.stat(path)
    return (os.lstat(path).st_mode, info.st_mode, info.st_rdev)


def _temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# ------------------------------------------------------------------ the boundary itself


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_write_atomic_refuses_every_non_regular_target_and_leaves_it_as_it_was(tmp_path, kind):
    make, words = HOSTILE[kind]
    target = make(tmp_path)
    before = _node(target)
    with pytest.raises(WriteError, match=words) as err:
        files.write_atomic(target, b"x" * 1000, what="chart")
    assert str(target) in str(err.value) and "\n" not in str(err.value)
    assert _node(target) == before and _temporaries(tmp_path) == []


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_appending_and_the_pre_checks_refuse_the_same_targets(tmp_path, kind):
    make, words = HOSTILE[kind]
    target = make(tmp_path)
    before = _node(target)
    for check in (files.open_append, files.check_output, files.check_output_file):
        with pytest.raises(WriteError, match=words):
            check(target, "results file")
    assert _node(target) == before


def test_the_null_device_discards_and_stays_a_device(tmp_path):
    """The decision for /dev/null (issue 22): it is the shell's "discard", so a
    write there succeeds and writes nothing; nothing is opened or renamed over
    it. Tested on a private node with the null device's numbers."""
    null = null_device(tmp_path)
    link = tmp_path / "out.json"
    link.symlink_to(null)
    before = _node(null)
    for target in (null, link):
        files.write_atomic(target, "x" * 5000)
        assert files.check_output(target) is None
        assert files.open_append(target) is None
    assert _node(null) == before and stat.S_ISCHR(os.stat(null).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "out.json"]


def test_a_device_put_at_the_path_during_the_write_is_not_renamed_over(tmp_path, monkeypatch):
    target = tmp_path / "chart.png"
    real_clean = files._clean_stale  # the private step between the check and the rename: the race's window

    def swap_in_a_fifo(path: Path) -> None:
        real_clean(path)
        os.mkfifo(target)

    monkeypatch.setattr(files, "_clean_stale", swap_in_a_fifo)
    with pytest.raises(WriteError, match=r"chart\.png: is now a FIFO \(named pipe\), not a regular file"):
        files.write_atomic(target, b"png")
    assert stat.S_ISFIFO(os.lstat(target).st_mode) and _temporaries(tmp_path) == []


def test_a_read_only_folder_keeps_the_old_file(tmp_path):
    folder = read_only_folder(tmp_path, {"old.json": "old save"})
    for target in (folder / "old.json", folder / "new.json"):
        with pytest.raises(WriteError, match=r"json: cannot save the save \(the folder (is on a read-only disk|is not "
                                             r"writable)\); the old file is unchanged\."):
            files.write_atomic(target, "new", what="save")
    assert (folder / "old.json").read_text() == "old save" and not (folder / "new.json").exists()


def test_a_full_disk_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    folder = full_folder(tmp_path)
    if folder is not None:  # a real 64 KiB tmpfs: the old save fits, the new one does not
        target = folder / "save.json"
        target.write_text("old save")
        payload = "x" * (1024 * 1024)
    else:  # no mount allowed here: the disk says ENOSPC as it fills
        folder = tmp_path
        target = folder / "save.json"
        target.write_text("old save")
        payload = "x" * 100

        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(WriteError, match=r"save\.json: cannot save the save \(the disk is full\); the old file is unchanged"):
        files.write_atomic(target, payload, what="save")
    assert target.read_text() == "old save" and _temporaries(folder) == []


def test_a_folder_for_records_must_be_a_writable_folder(tmp_path):
    a_file = tmp_path / "records"
    a_file.write_text("not a folder")
    with pytest.raises(WriteError, match=r"records: is a file, not a folder to write game records into"):
        files.output_folder(a_file, "game records")
    with pytest.raises(WriteError, match=r"fifo: is a FIFO"):
        files.output_folder(_fifo(tmp_path), "game records")
    made = files.output_folder(tmp_path / "new" / "records", "game records")
    assert made.is_dir()


def test_a_broken_profile_that_is_a_fifo_is_never_moved(tmp_path):
    fifo = _fifo(tmp_path)
    with pytest.raises(WriteError, match=r"fifo: broken; it is a FIFO \(named pipe\), so Toybox leaves it alone"):
        files.set_aside(fifo, "broken")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and [p.name for p in tmp_path.iterdir()] == ["fifo"]


# ------------------------------------------------------------------ each writer through it


@pytest.mark.parametrize("kind", ["fifo", "device", "socket", "link-to-device", "folder"])
@pytest.mark.parametrize("flag", ["--out", "--plot"])
def test_tournament_outputs_refuse_before_any_game(tmp_path, kind, flag):
    make, words = HOSTILE[kind]
    target = make(tmp_path)
    before = _node(target)
    run = cli("tournament", "little-battle", "--workers", "0", "--bots", "random", "--games", "2", flag, str(target))
    assert run.code == 2 and "Traceback" not in run.err
    assert f"argument {flag}: {target}" in run.err and _node(target) == before


@pytest.mark.parametrize("kind", ["fifo", "device", "link-to-device", "folder"])
def test_render_out_refuses_before_rendering(tmp_path, kind):
    make, words = HOSTILE[kind]
    target = make(tmp_path)
    before = _node(target)
    run = cli("render", "toy-battle", "--out", str(target))
    assert run.code == 2 and f"argument --out: {target}" in run.err and _node(target) == before


def test_tournament_out_and_plot_on_the_null_device_play_and_discard(tmp_path):
    null = null_device(tmp_path)
    run = cli("tournament", "toy-battle", "--workers", "0", "--bots", "random", "--games", "2",
              "--out", str(null), "--plot", str(null))
    assert run.code == 0, run.err
    assert "2 games played" in run.out and stat.S_ISCHR(os.stat(null).st_mode)


def test_records_into_a_file_or_a_read_only_folder_are_refused_before_the_first_game(tmp_path, monkeypatch):
    from engine.tournament import jobs

    played = []
    monkeypatch.setattr(jobs, "play_game", lambda job: played.append(job) or {})
    a_file = tmp_path / "records"
    a_file.write_text("x")
    for folder in (a_file, read_only_folder(tmp_path) / "records"):
        run = cli("tournament", "toy-battle", "--workers", "0", "--bots", "random", "--games", "2",
                  "--records", str(folder))
        assert run.code == 2 and str(folder) in run.err and "Traceback" not in run.err
    assert played == []


def test_a_results_file_turned_fifo_is_refused_at_once_not_waited_on(tmp_path):
    from engine.tournament.results import ResultsError, ResultsFile

    fifo = _fifo(tmp_path)
    with pytest.raises(ResultsError, match=r"fifo: is not a regular file"):
        ResultsFile(fifo)


def test_saving_a_record_the_level_and_the_profile_refuse_devices(tmp_path):
    from app.editor.session import EditorSession
    from engine.core.games import get_game
    from engine.core.match import Match
    from engine.core.record import save_record

    info = get_game("toy-battle")
    match = Match(info, info.config_from_dict({}), 1)
    device = zero_device(tmp_path)
    before = _node(device)
    with pytest.raises(WriteError, match=r"zero: is a device, not a regular file; Toybox writes a save only"):
        save_record(match.record(), device)
    session = EditorSession.open(BATTLEFIELD)
    assert session.save(device) is False and "is a device" in session.message
    assert _node(device) == before


def test_the_app_save_and_autosave_on_a_fifo_are_sentences_and_play_goes_on(tmp_path):
    from app.games import controller_class
    from app.seats import Seats

    fifo = _fifo(tmp_path)
    ctl = controller_class("little-battle").new("little-battle", {"players": 3}, Seats(("human",) * 3), seed=1,
                                                autosave=fifo)
    assert ctl.save(fifo) is False and "is a FIFO" in ctl.message
    assert ctl.play(ctl.match.state.legal_actions(ctl.viewer)[0])
    assert "Autosave failed" in ctl.message and "is a FIFO" in ctl.message
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_no_test_run_turns_the_null_device_into_a_file():
    """The suite's own guard (issue 22: a probe once rendered to /dev/null and
    the rename replaced it): the machine's null device is still one. Only
    looked at (a stat), never opened."""
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_the_shell_idiom_still_works_in_a_child(tmp_path, subprocess_env, python):
    """``toybox tournament ... --out NULL`` in a real process: exit 0, the node unchanged."""
    null = null_device(tmp_path)
    done = subprocess.run([python, "-m", "app.shell.cli", "tournament", "toy-battle", "--workers", "0", "--bots", "random",
                           "--games", "1", "--out", str(null)], capture_output=True, text=True, env=subprocess_env,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(null).st_mode) and json.dumps(sorted(p.name for p in tmp_path.iterdir())) == '["null"]'


def test_render_to_the_null_device_renders_and_discards(tmp_path, subprocess_env, python):
    null = null_device(tmp_path)
    done = subprocess.run([python, "-m", "app.shell.cli", "render", "toy-battle", "--moves", "0", "--size", "64x64",
                           "--out", str(null)], capture_output=True, text=True, env=subprocess_env, timeout=300,
                          check=False)
    assert done.returncode == 0 and "rendered in" in done.stdout, done.stderr[-800:]
    assert stat.S_ISCHR(os.stat(null).st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["null"]


@pytest.mark.parametrize("flag", ["--certfile", "--keyfile", "--cafile"])
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_issue22_tls_files_that_are_fifos_or_devices_are_refused_not_waited_on(tmp_path, flag, kind):
    """Beyond the issue's list ("nothing hangs"): ``serve --certfile FIFO`` waited
    forever in OpenSSL's open, and ``join --cafile`` would too. Read through the
    input boundary first: a sentence naming the file, exit 2. Private nodes only."""
    node = HOSTILE[kind][0](tmp_path)
    garbage = tmp_path / "cert.pem"
    garbage.write_text("not a certificate\n")
    if flag == "--cafile":
        argv = ("join", "wss://127.0.0.1:1", "CODE", "--bot", "random", "--cafile", str(node))
    elif flag == "--certfile":
        argv = ("serve", "toy-battle", "--port", "0", "--certfile", str(node))
    else:
        argv = ("serve", "toy-battle", "--port", "0", "--certfile", str(garbage), "--keyfile", str(node))
    what = "private key" if flag == "--keyfile" else "certificate"
    run = cli(*argv)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    assert f"{node}: is not a regular file (a device, pipe or socket), so it is not a {what}." in run.err, run.err


def test_issue22_a_tls_file_that_is_no_certificate_is_a_sentence(tmp_path):
    garbage = tmp_path / "cert.pem"
    garbage.write_text("not a certificate\n")
    run = cli("serve", "toy-battle", "--port", "0", "--certfile", str(garbage))
    assert run.code == 2 and f"{garbage}: not a certificate and private key to serve TLS with" in run.err, run.err
    run = cli("join", "wss://127.0.0.1:1", "CODE", "--bot", "random", "--cafile", str(garbage))
    assert run.code == 2 and f"{garbage}: not a certificate to trust" in run.err, run.err
