"""The one boundary for outside data: safe reads, JSON with limits, exact-type
checks and atomic writes.

Everything a player can hand Toybox (records, battlefields, terrains,
profiles, command-line values) passes through here before anything is built
from it, so a bad file is refused with one sentence naming the file and the
JSON path, never a traceback, a hang or a half-built state. Inside the
engine values are then trusted.

Reads accept regular files only (``/dev/zero`` or a FIFO would read forever),
check the size before reading, decode UTF-8 with or without a byte-order mark
and cap the JSON nesting depth and the digits of an integer.

The output boundary sits beside it: every file Toybox writes (results,
charts, records, renders, saves, autosaves, exports, editor saves and mesh
copies) goes through :func:`write_atomic`, :func:`open_append` or is checked
first by :func:`check_output` / :func:`output_folder`. Toybox writes regular
files only: a folder, a device, a FIFO or a socket at the path (or a symlink
to one) is refused with a sentence naming it, never renamed over (as root a
rename over ``/dev/null`` destroys the machine's null device). The null
device itself is the one exception, read as the shell idiom it is: writing
to it discards the output, nothing is opened or renamed. Writes are atomic:
a temporary file in the target's folder, fsynced, renamed over the target
and the folder fsynced, keeping the target's mode and writing through a
symlink to the file it names; a full disk or a read-only folder is a
sentence and the old file stays as it was.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import glob
import json
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

PROJECT_ROOT = Path(__file__).resolve().parents[2]
"""The project root (where ``levels/`` and ``meshes/`` live)."""

MAX_BYTES = 16 * 1024 * 1024
"""Chosen: the largest level, terrain or profile file read (16 MiB; the box's
largest is under 100 kB)."""

RECORD_MAX_BYTES = 32 * 1024 * 1024
"""Chosen: the largest record read (32 MiB, about 400,000 actions)."""

MAX_DEPTH = 64
"""Chosen: the deepest JSON nesting accepted (real files nest 6 deep)."""

MAX_INT_DIGITS = 40
"""Chosen: the longest integer accepted in a file (a 128-bit seed has 39 digits)."""

STALE_TEMP_SECONDS = 600.0
"""Chosen: a temporary file of a target older than this, whose writer is gone,
was left by a killed process and is removed on the next write."""


class DataError(ValueError):
    """Outside data refused; the message is one sentence naming the file and where."""


class WriteError(DataError, OSError):
    """A write that failed; the old file is untouched. Also an OSError, so callers
    that guard a save with ``except OSError`` keep working."""


# ---------------------------------------------------------------- reading


def open_regular(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, what: str = "file") -> BinaryIO:
    """The regular file ``path`` opened to read bytes, once its size is known
    to be at most ``max_bytes``: a folder, device, FIFO or socket is refused
    with a sentence, and the open never blocks (a FIFO without a writer).
    For files read a line at a time (results files); :func:`read_bytes`
    reads a whole one."""
    name = shown(path)
    try:
        # O_NONBLOCK: opening a FIFO without a writer must not wait forever.
        fd = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise DataError(f"{name}: cannot read the {what} ({_reason(err)}).") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataError(f"{name}: is a folder, not a {what} file.")
        if not stat.S_ISREG(info.st_mode):
            raise DataError(f"{name}: is not a regular file (a device, pipe or socket), so it is not {_a(what)}.")
        if info.st_size > max_bytes:
            raise DataError(
                f"{name}: the {what} is {_size(info.st_size)}, larger than the {_size(max_bytes)} Toybox reads."
            )
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _a(what: str) -> str:
    """``what`` with its article: "a record", "an autosave"."""
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them."""
    name = shown(path)
    with open_regular(path, max_bytes, what) as fh:
        try:
            chunks: list[bytes] = []
            total = 0
            while True:
                chunk = fh.read(min(1 << 20, max_bytes + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > max_bytes:  # it grew while being read
                    raise DataError(f"{name}: the {what} is larger than the {_size(max_bytes)} Toybox reads.")
            return b"".join(chunks)
        except OSError as err:
            raise DataError(f"{name}: cannot read the {what} ({_reason(err)}).") from None


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, what: str = "file") -> str:
    """The UTF-8 text of ``path`` (a byte-order mark is dropped)."""
    raw = read_bytes(path, max_bytes, what)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DataError(
            f"{shown(path)}: the {what} is not UTF-8 text (byte 0x{raw[err.start]:02x} at offset {err.start})."
        ) from None


def parse_json(text: str, where: str = "input", max_depth: int = MAX_DEPTH, not_json: str = "not valid JSON") -> Any:
    """Decode JSON text: strict numbers (no NaN/Infinity, no huge integers) and
    a nesting limit; a failure is a DataError naming ``where``."""
    depth = text_depth(text)  # before decoding: a deep file costs a scan, never the decoder's recursion
    if depth > max_depth:
        if depth > 4 * max_depth:
            raise DataError(f"{where}: the JSON nests deeper than {max_depth} levels.")
        raise DataError(f"{where}: the JSON nests {depth} levels deep, deeper than the {max_depth} Toybox reads.")
    # Numbers are checked one by one (a Python call each) only where the text could hold a number past
    # the limits: a run of more than MAX_INT_DIGITS digits, or an exponent of three digits.
    careful = _SUSPECT_NUMBER.search(text) is not None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int if careful else None,
                          parse_float=_finite_float if careful else None)
    except json.JSONDecodeError as err:
        raise DataError(f"{where}: {not_json} (line {err.lineno}, column {err.colno}: {err.msg}).") from None
    except RecursionError:
        raise DataError(f"{where}: the JSON nests deeper than {max_depth} levels.") from None
    except _NumberError as err:
        raise DataError(f"{where}: {err}") from None
    return data


def text_depth(text: str) -> int:
    """How deep the brackets of JSON text nest, outside its strings: a scan
    of the bytes at C speed (a 16 MiB save in a fraction of a second), so the
    limit is known before the decoder builds anything. (A broken text gets
    some number; the decoder then says what is wrong with it.)"""
    import numpy as np

    raw = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    opens = np.flatnonzero((raw == 0x5B) | (raw == 0x7B))
    if not opens.size:
        return 0
    closes = np.flatnonzero((raw == 0x5D) | (raw == 0x7D))
    quotes = np.flatnonzero(raw == 0x22)
    if quotes.size:
        # a quote starts or ends a string unless an odd run of backslashes escapes it
        slashes = np.flatnonzero(raw == 0x5C)
        if slashes.size:
            run_start = np.flatnonzero(np.diff(slashes, prepend=-2) != 1)  # where each run of backslashes begins
            j = np.searchsorted(slashes, quotes) - 1  # the last backslash before each quote
            touching = (j >= 0) & (slashes[np.maximum(j, 0)] == quotes - 1)
            first = run_start[np.searchsorted(run_start, np.maximum(j, 0), side="right") - 1]
            escaped = touching & ((j - first + 1) % 2 == 1)
            quotes = quotes[~escaped]
        # a bracket lies outside every string when an even number of quotes precede it
        opens = opens[np.searchsorted(quotes, opens) % 2 == 0]
        closes = closes[np.searchsorted(quotes, closes) % 2 == 0]
    where = np.concatenate([opens, closes])
    steps = np.concatenate([np.ones(opens.size, dtype=np.int64), -np.ones(closes.size, dtype=np.int64)])
    return int(max(0, np.cumsum(steps[np.argsort(where, kind="stable")]).max())) if where.size else 0


def load_json(
    path: str | os.PathLike[str], what: str = "file", max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH,
    not_json: str = "not valid JSON",
) -> Any:
    """Read and decode the JSON file ``path`` within the limits."""
    return parse_json(read_text(path, max_bytes, what), shown(path), max_depth, not_json)


def json_depth(data: Any) -> int:
    """Nesting depth of decoded JSON (a scalar is 0), without recursion."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict):
            items: Iterable[Any] = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        todo.extend((child, depth) for child in items)
    return deepest


class _NumberError(ValueError):
    pass


_SUSPECT_NUMBER = re.compile(rf"[0-9]{{{MAX_INT_DIGITS + 1}}}|[eE][+-]?[0-9]{{3}}")
"""What a number past the limits needs in the text: more than MAX_INT_DIGITS digits
in a row, or a three-digit exponent (a float overflows only past 1e308)."""


def _no_constant(name: str) -> Any:
    raise _NumberError(f"{name} is not a number JSON allows; write a finite number.")


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _NumberError(f"an integer of {digits} digits is longer than the {MAX_INT_DIGITS} Toybox accepts.")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(f"{text} is too large for a number; write a finite number.")
    return value


def shown(path: str | os.PathLike[str] | Any) -> str:
    """A path (or any text) as a sentence may print it: control characters such
    as a newline in a file name are escaped, so a message stays one line."""
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else str(path)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def _size(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


# ------------------------------------------------------------------ paths


_ALLOW_OUTSIDE = contextvars.ContextVar("toybox_allow_outside", default=False)
_FROM_FILE = contextvars.ContextVar("toybox_paths_from_file", default=False)


def allow_outside(allowed: bool = True) -> None:
    """The user's ``--allow-outside``: paths named in files may point anywhere."""
    _ALLOW_OUTSIDE.set(allowed)


def outside_allowed() -> bool:
    return _ALLOW_OUTSIDE.get()


@contextlib.contextmanager
def paths_from_file() -> Iterator[None]:
    """While reading a record, the paths its config names come from a file the
    user may not have written: they must stay inside the project or the user
    folder (unless ``--allow-outside``), so a record never reads arbitrary files."""
    token = _FROM_FILE.set(True)
    try:
        yield
    finally:
        _FROM_FILE.reset(token)


def is_inside(path: str | os.PathLike[str], *roots: str | os.PathLike[str]) -> bool:
    """Whether ``path`` (symlinks resolved) lies inside one of ``roots``."""
    real = Path(os.path.realpath(path))
    for root in roots:
        try:
            real.relative_to(os.path.realpath(root))
            return True
        except ValueError:
            continue
    return False


def check_inside(path: str | os.PathLike[str], where: str, *roots: str | os.PathLike[str]) -> None:
    """Refuse a path named in a file that leaves ``roots`` (default: the project
    and the user folder), unless the user passed ``--allow-outside``."""
    from engine.core.userdir import user_dir

    bounds = roots or (PROJECT_ROOT, user_dir())
    if outside_allowed() or is_inside(path, *bounds):
        return
    real = os.path.realpath(path)
    named = shown(path) if real == os.path.abspath(path) else f"{shown(path)} is a link to {shown(real)}, which"
    raise DataError(f"{where}: {named} is outside {' and '.join(str(b) for b in bounds)}; "
                    f"Toybox reads files there only with --allow-outside.")


def config_path(text: str | os.PathLike[str], where: str = "config") -> Path:
    """Where a path written in a config or record points: relative paths
    resolve against the project root, for every game (never the current
    folder, which changes with where Toybox is started). Inside a record
    (``paths_from_file``) the path must stay inside the project or the user
    folder unless ``--allow-outside``."""
    p = Path(text).expanduser()
    full = p if p.is_absolute() else PROJECT_ROOT / p
    if _FROM_FILE.get():
        check_inside(full, where)
    return full


def portable_path(text: str | os.PathLike[str]) -> str:
    """A path typed by the user (relative to the current folder), as a config
    stores it: relative to the project root when inside it, else absolute."""
    p = Path(text).expanduser().absolute()
    try:
        return Path(os.path.normpath(p)).relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        return os.path.normpath(p)


# ------------------------------------------------------------ exact types


def at(where: str, key: str | int) -> str:
    """The JSON path of ``key`` inside ``where`` ("file: a.b[2]")."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    sep = "" if where.endswith(": ") or not where else "."
    return f"{where}{sep}{key}"


def describe(value: Any) -> str:
    """A value as the file wrote it, short enough for a sentence."""
    try:
        text = json.dumps(value, allow_nan=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def want_object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f"{where}: expected a JSON object, not {describe(value)}.")
    return value


def want_list(value: Any, where: str, min_len: int = 0, max_len: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"{where}: expected a list, not {describe(value)}.")
    if len(value) < min_len or (max_len is not None and len(value) > max_len):
        span = f"{min_len}" if max_len == min_len else f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
        raise DataError(f"{where}: expected {span} items, not {len(value)}.")
    return value


def want_str(value: Any, where: str, allowed: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise DataError(f"{where}: expected a string, not {describe(value)}.")
    if allowed is not None:
        options = list(allowed)
        if value not in options:
            raise DataError(f"{where}: {describe(value)} is not one of {', '.join(options)}.")
    return value


def want_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise DataError(f"{where}: expected true or false, not {describe(value)}.")
    return value


def want_int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    """An exact whole number: ``true`` is not 1 and ``0.0`` is not 0."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DataError(f"{where}: expected a whole number, not {describe(value)}.")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise DataError(f"{where}: {value} is outside {_span(lo, hi)}.")
    return value


def want_number(value: Any, where: str, lo: float | None = None, hi: float | None = None) -> float:
    """A finite number (whole or not, never a boolean) within [lo, hi]."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DataError(f"{where}: expected a number, not {describe(value)}.")
    if not math.isfinite(value):
        raise DataError(f"{where}: expected a finite number, not {describe(value)}.")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise DataError(f"{where}: {value:g} is outside {_span(lo, hi)}.")
    return float(value)


def want_keys(value: Mapping[str, Any], where: str, known: Iterable[str]) -> None:
    """Refuse a key the format does not know (a typo would be silently ignored)."""
    names = sorted(known)
    for key in value:
        if key not in names:
            raise DataError(f"{at(where, key)}: unknown field (known: {', '.join(names)}).")


def _span(lo: float | None, hi: float | None) -> str:
    if lo is not None and hi is not None:
        return f"{lo:g} to {hi:g}"
    return f"at least {lo:g}" if lo is not None else f"at most {hi:g}"


# ---------------------------------------------------------------- writing


def is_null_device(info: os.stat_result) -> bool:
    """Whether ``info`` (an ``os.stat`` result) is the null device, wherever
    its node lies: a character device with the null device's numbers."""
    if not stat.S_ISCHR(info.st_mode):
        return False
    try:
        null = os.stat(os.devnull)  # a stat, never an open: the system's node is only looked at
    except OSError:
        return False
    return stat.S_ISCHR(null.st_mode) and info.st_rdev == null.st_rdev


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _named(path: str | os.PathLike[str]) -> str:
    """The path as a sentence names it: a symlink with the file it points at."""
    name = shown(path)
    if os.path.islink(path):
        return f"{name} (a link to {shown(os.path.realpath(path))})"
    return name


def check_output(path: str | os.PathLike[str], what: str = "file") -> Path | None:
    """Where a write of ``path`` lands: the regular file it names (symlinks
    followed; it may not exist yet), or None for the null device (the output
    is discarded). Anything else at the path (a folder, a device, a FIFO, a
    socket, or a link to one) is refused with a WriteError naming it: Toybox
    never writes into one nor renames a file over it."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # nothing there yet (or a link to a file to be made)
    except OSError as err:
        raise WriteError(f"{shown(path)}: cannot write the {what} there ({_reason(err)}).") from None
    if stat.S_ISREG(info.st_mode):
        return Path(os.path.realpath(path))
    if is_null_device(info):
        return None
    if stat.S_ISDIR(info.st_mode):
        raise WriteError(f"{_named(path)}: is a folder; give a file name to write the {what} to.")
    raise WriteError(f"{_named(path)}: is {_kind(info.st_mode)}, not a regular file; Toybox writes a {what} "
                     f"only to a regular file, so nothing was written.")


def check_output_file(path: str | os.PathLike[str], what: str = "file") -> Path | None:
    """:func:`check_output` and a real try of the folder, before any work is
    done (a command line's ``--out``): the folder must exist or be creatable,
    and accept a new file (``access()`` says yes to root on a read-only mount)."""
    target = check_output(path, what)
    if target is None:
        return None
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise WriteError(f"{shown(path)}: cannot write the {what} there ({shown(folder)} is not a folder).")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise WriteError(f"{shown(path)}: cannot write the {what} there (the folder {shown(folder)} "
                         f"refuses new files: {_reason(err)}).") from None
    return target


def output_folder(path: str | os.PathLike[str], what: str = "files") -> Path:
    """A folder Toybox will write ``what`` into (``--records DIR``): made if
    missing, and tried with a real temporary file, before any work is done.
    A file, device or FIFO at the path is refused with a sentence."""
    p = Path(path)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise WriteError(f"{shown(p)}: cannot write {what} there ({_reason(err)}).") from None
    if info is not None and not stat.S_ISDIR(info.st_mode):
        kind = "a file" if stat.S_ISREG(info.st_mode) else _kind(info.st_mode)
        raise WriteError(f"{_named(p)}: is {kind}, not a folder to write {what} into.")
    try:
        p.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=p):
            pass
    except OSError as err:
        raise WriteError(f"{shown(p)}: cannot write {what} into this folder ({_reason(err)}).") from None
    return p


def _cannot(link: str, err: OSError, what: str) -> WriteError:
    if err.errno == errno.ENOSPC or err.errno == getattr(errno, "EDQUOT", -1):
        why = "the disk is full"
    elif err.errno == errno.EROFS:
        why = "the folder is on a read-only disk"
    elif err.errno in (errno.EACCES, errno.EPERM):
        why = "the folder is not writable"
    else:
        why = _reason(err)
    return WriteError(f"{link}: cannot save the {what} ({why}); the old file is unchanged.")


def write_atomic(path: str | os.PathLike[str], data: str | bytes, mode: int | None = None, what: str = "file") -> None:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one,
    never half of one; refuses with a WriteError (one sentence) on failure.

    Only a regular file is written (:func:`check_output`): the null device
    discards the data, any other non-regular file is refused, never renamed
    over. A symlink is written through to its target (the link stays); an
    existing file keeps its mode (new files get ``mode``, default 0o666 less
    the umask). Temporary files of this target left by a killed writer are removed."""
    link = shown(path)
    target = check_output(path, what)
    if target is None:
        return  # the null device: discarded, as the shell's > /dev/null
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(f"{link}: cannot create the folder {shown(target.parent)} ({_reason(err)}).") from None
    _clean_stale(target)
    try:
        keep = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        keep = None
    if keep is None:
        keep = _default_mode() if mode is None else mode
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fchmod(fh.fileno(), keep)
            os.fsync(fh.fileno())
        _still_regular(target, link, what)  # something else put at the path meanwhile is never renamed over
        os.replace(tmp, target)
        tmp = None
        _fsync_dir(target.parent)
    except OSError as err:
        if isinstance(err, WriteError):
            raise
        raise _cannot(link, err, what) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _still_regular(target: Path, link: str, what: str) -> None:
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise WriteError(f"{link}: is now {_kind(info.st_mode)}, not a regular file; the {what} was not written.")


def open_append(path: str | os.PathLike[str], what: str = "file") -> BinaryIO | None:
    """The regular file ``path`` opened to append bytes (made if missing), or
    None for the null device (nothing is kept). Refuses what
    :func:`check_output` refuses; the open never blocks (a FIFO without a
    reader), and what was opened is checked again before a byte is written."""
    target = check_output(path, what)
    if target is None:
        return None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0),
                     _default_mode())
    except OSError as err:
        raise _cannot(shown(path), err, what) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise WriteError(f"{_named(path)}: is {_kind(info.st_mode)}, not a regular file; nothing was written.")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "ab")


def temp_files(target: str | os.PathLike[str]) -> list[Path]:
    """The temporary files a write of ``target`` may leave (for tests and cleaning)."""
    t = Path(target)
    return sorted(t.parent.glob(f".{glob.escape(t.name)}.*.tmp"))


def _clean_stale(target: Path) -> None:
    """Remove temporary files of ``target`` whose writer was killed."""
    now = time.time()
    for tmp in temp_files(target):
        parts = tmp.name[len(target.name) + 2:].split(".")
        pid = int(parts[0]) if parts and parts[0].isdigit() else None
        try:
            if pid is not None and pid != os.getpid() and _alive(pid):
                continue
            if pid is None and now - tmp.stat().st_mtime < STALE_TEMP_SECONDS:
                continue  # an older writer's name: only once surely abandoned
            if pid == os.getpid():
                continue  # this process writing the same file in another thread
            tmp.unlink()
        except OSError:
            pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _default_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(str(folder), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.EBADF):  # folders some filesystems cannot fsync
            raise
    finally:
        os.close(fd)


def set_aside(path: str | os.PathLike[str], reason: str) -> Path:
    """Rename a broken file out of the way (``NAME.broken-YYYYmmdd-HHMMSS``) so it
    is kept, not overwritten; returns the new path."""
    p = Path(path)
    try:
        info = os.stat(p)  # a link to a file is set aside as the link; to a device, not at all
    except OSError as err:
        raise WriteError(f"{shown(p)}: {reason}, and it cannot be set aside ({_reason(err)}).") from None
    if not stat.S_ISREG(info.st_mode):  # a device or FIFO there is the user's: never moved
        raise WriteError(f"{_named(p)}: {reason}; it is {_kind(info.st_mode)}, so Toybox leaves it alone "
                         f"and writes nothing there.")
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = p.with_name(f"{p.name}.broken-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = p.with_name(f"{p.name}.broken-{stamp}-{n}")
    try:
        os.replace(p, aside)
    except OSError as err:
        raise WriteError(f"{p}: {reason}, and it cannot be set aside ({_reason(err)}).") from None
    return aside
