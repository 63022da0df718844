"""The editor's own file picker: a folder's sub-folders and mesh files.

The window lists :meth:`FilePicker.entries` as buttons; a click calls
:meth:`FilePicker.choose`, which goes into a folder (or up with "..") or
returns the picked file. No OS dialog is needed, so it works the same on
every platform and a test can pick a file exactly as a designer does.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MESH_SUFFIXES = (".gltf", ".glb", ".obj", ".stl")
"""What trimesh reads for the editor's "import mesh" (DESIGN: glTF/OBJ/STL)."""
UP = ".."


@dataclass(frozen=True)
class Entry:
    name: str
    is_dir: bool

    @property
    def label(self) -> str:
        return f"{self.name}/" if self.is_dir and self.name != UP else self.name


class FilePicker:
    """Browse from ``folder``; only files whose suffix is in ``suffixes`` are listed."""

    def __init__(self, folder: str | Path, suffixes: tuple[str, ...] = MESH_SUFFIXES) -> None:
        self.folder = Path(folder).expanduser().resolve()
        self.suffixes = tuple(s.lower() for s in suffixes)
        self.page = 0
        if not self.folder.is_dir():
            self.folder = Path.home()

    def entries(self) -> list[Entry]:
        """'..' (unless at the top), the sub-folders, then the matching files,
        each group by name; hidden ones and unreadable folders are left out."""
        out = [] if self.folder.parent == self.folder else [Entry(UP, True)]
        try:
            children = sorted(self.folder.iterdir(), key=lambda p: p.name.lower())
        except OSError:
            return out
        dirs = [Entry(p.name, True) for p in children if p.is_dir() and not p.name.startswith(".")]
        files = [Entry(p.name, False) for p in children
                 if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in self.suffixes]
        return out + dirs + files

    def visible(self, per_page: int) -> list[Entry]:
        """The entries of the current page (a folder can hold hundreds)."""
        every = self.entries()
        pages = max(1, -(-len(every) // per_page))
        self.page = min(max(self.page, 0), pages - 1)
        return every[self.page * per_page:(self.page + 1) * per_page]

    def choose(self, name: str) -> Path | None:
        """Click an entry: go into a folder (None) or pick a file (its path)."""
        if name == UP:
            self.folder, self.page = self.folder.parent, 0
            return None
        target = self.folder / name
        if target.is_dir():
            self.folder, self.page = target, 0
            return None
        if not target.is_file():
            raise ValueError(f"{name} is not in {self.folder}.")
        if target.suffix.lower() not in self.suffixes:
            raise ValueError(f"{name}: the editor imports {', '.join(self.suffixes)} files.")
        return target
