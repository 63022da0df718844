"""The repository's own rules about its source (TEAM.md, issue 25), read from
the files: every ``noqa`` and ``type: ignore`` says why on its line, and no
test names the system's own /dev, /proc or /sys files (a test that needs a
device makes its own in ``tmp_path``: a rename over /dev/null, run as root,
destroys it)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("engine", "app", "tests", "levels", "meshes", "docs")

SILENCER = re.compile(r"#\s*(noqa\b(?::\s*[A-Z]+[0-9]+(?:\s*,\s*[A-Z]+[0-9]+)*)?|type:\s*ignore\b(?:\[[^\]]*\])?)(?P<rest>.*)")
"""A ``noqa`` (with its codes) or a ``type: ignore`` (with its error codes) in a comment, and what follows it."""

REASON = re.compile(r"^\s*(?:[-#(:]|\u2014)\s*\S.*[A-Za-z]{3}")
"""What must follow: a separator, then words."""

SYSTEM_FILES = ("/dev/", "/proc/", "/sys/")


def sources(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py") if ".venv" not in p.parts)


def comments(path: Path) -> list[tuple[int, str]]:
    """The comments of a file with their line numbers (strings that mention a noqa do not count)."""
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [(tok.start[0], tok.string) for tok in tokens if tok.type == tokenize.COMMENT]


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def silencers_without_a_reason(path: Path) -> list[str]:
    out = []
    for line, text in comments(path):
        found = SILENCER.search(text)
        if found and not REASON.match(found.group("rest")):
            out.append(f"{_shown(path)}:{line}: {text}")
    return out


def test_the_reason_check_tells_a_reason_from_none(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "a = 1  # noqa: E731\n"
        "b = 2  # type: ignore[assignment]\n"
        "c = 3  # noqa: BLE001 - the guard's whole point\n"
        "d = 4  # type: ignore[attr-defined]  # this game's controller has it\n"
        "e = '# noqa'\n"
    )
    found = silencers_without_a_reason(sample)
    assert [f.split(":")[1] for f in found] == ["1", "2"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_noqa_and_type_ignore_says_why_on_its_line(folder: str) -> None:
    missing = [m for path in sources(folder) for m in silencers_without_a_reason(path)]
    assert not missing, "a noqa or type: ignore without its reason:\n" + "\n".join(missing)


def _prose(tree: ast.AST) -> set[int]:
    """The ids of the strings that stand alone as statements: docstrings and
    the notes under constants (prose may name /dev/null; code may not)."""
    return {
        id(node.value) for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def system_paths(path: Path) -> list[str]:
    """Every string in the code of ``path`` that names a system file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = _prose(tree)
    return [
        f"{_shown(path)}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
        and any(part in node.value for part in SYSTEM_FILES)
    ]


def test_the_device_check_reads_code_not_prose(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    # the sample's system paths are joined here, so this file names none itself (nothing opens them)
    dev, proc, sys_ = ("/" + name for name in ("dev", "proc", "sys"))
    sample.write_text(f'"""Never {dev}/null."""\nTARGET = "{dev}/zero"\n"""Not {proc}/self/mem either."""\n'
                      f'open("{sys_}/x")\n')
    assert [f.split(":")[1] for f in system_paths(sample)] == ["2", "4"]


def test_no_test_names_the_systems_own_device_files() -> None:
    here = Path(__file__)
    named = [m for path in sources("tests") if path != here for m in system_paths(path)]
    assert not named, "tests make their own devices in tmp_path (tests/boundary/helpers.py):\n" + "\n".join(named)


def test_the_files_make_test_starts_first_are_test_files() -> None:
    """tests/conftest.py's ``LONGEST_FILES`` (handed to the workers first) names files that are
    there: a renamed file would silently lose its place and could start last."""
    from tests.conftest import LONGEST_FILES

    assert len(set(LONGEST_FILES)) == len(LONGEST_FILES)
    missing = [name for name in LONGEST_FILES if not (ROOT / name).is_file() or not Path(name).name.startswith("test_")]
    assert not missing, missing
