"""The one boundary for outside data: safe reads, JSON with limits, exact-type
checks and atomic writes.

Everything a player can hand Toybox (records, battlefields, terrains,
profiles, command-line values) passes through here before anything is built
from it, so a bad file is refused with one sentence naming the file and the
JSON path, never a traceback, a hang or a half-built state. Inside the
engine values are then trusted.

Reads accept regular files only (``/dev/zero`` or a FIFO would read forever),
check the size before reading, decode UTF-8 with or without a byte-order mark
and cap the JSON nesting depth and the digits of an integer. Writes are
atomic: a temporary file in the target's folder, fsynced, renamed over the
target and the folder fsynced, keeping the target's mode and writing through
a symlink to the file it names.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import glob
import json
import math
import os
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

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


def read_bytes(path: str | os.PathLike[str], max_bytes: int = MAX_BYTES, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes`` of them."""
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
            raise DataError(f"{name}: is not a regular file (a device, pipe or socket), so it is not a {what}.")
        if info.st_size > max_bytes:
            raise DataError(
                f"{name}: the {what} is {_size(info.st_size)}, larger than the {_size(max_bytes)} Toybox reads."
            )
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise DataError(f"{name}: the {what} is larger than the {_size(max_bytes)} Toybox reads.")
        return b"".join(chunks)
    except OSError as err:
        raise DataError(f"{name}: cannot read the {what} ({_reason(err)}).") from None
    finally:
        os.close(fd)


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
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int, parse_float=_finite_float)
    except json.JSONDecodeError as err:
        raise DataError(f"{where}: {not_json} (line {err.lineno}, column {err.colno}: {err.msg}).") from None
    except RecursionError:
        raise DataError(f"{where}: the JSON nests deeper than {max_depth} levels.") from None
    except _NumberError as err:
        raise DataError(f"{where}: {err}") from None
    depth = json_depth(data)
    if depth > max_depth:
        raise DataError(f"{where}: the JSON nests {depth} levels deep, deeper than the {max_depth} Toybox reads.")
    return data


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
    raise DataError(f"{where}: {shown(path)} is outside {' and '.join(str(b) for b in bounds)}; "
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


def write_atomic(path: str | os.PathLike[str], data: str | bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new one,
    never half of one; refuses with a WriteError (one sentence) on failure.

    A symlink is written through to its target (the link stays); an existing
    file keeps its mode (new files get ``mode``, default 0o666 less the umask).
    Temporary files of this target left by a killed writer are removed."""
    link = shown(path)
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise WriteError(f"{link}: is a folder; give a file name to save to.")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WriteError(f"{link}: cannot create the folder {target.parent} ({_reason(err)}).") from None
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
        os.replace(tmp, target)
        tmp = None
        _fsync_dir(target.parent)
    except OSError as err:
        raise WriteError(f"{link}: cannot save ({_reason(err)}); the old file is unchanged.") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


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
