"""Write the 8 Toy Battle terrains of the box as level files, from the facts.

Run from the repository root::

    python levels/toy_battle/make_terrains.py [--facts FILE]

Without ``--facts`` it reads ``data/toy_battle_facts.json`` in the project's
shared folder: the ``shared/`` folder beside the repository (``/work/shared``
for ``/work/main``), found from a linked worktree as well
(``/work/wt/NAME``: the nearest ``shared/`` up from the checkout, else the
one beside the main checkout git names).

The facts file (sources and confidence in ``toy_battle_summary.md`` beside
it) holds the BGA port's board graphs. This script only reshapes them into
the terrain format of ``docs/terrain-format.md``:

- node ids are the port's ids as strings ("1"/"2" blue H.Q.s, "41"/"42" red);
- positions are percent of the board image, x to the right and y *up*
  (away from blue), from the port's ``pos_pct`` (which marks the top-left
  corner of the base marker, not its centre, so drawings are offset
  slightly; good enough for a schematic);
- special codes are the readable words of ``engine/toy_battle/data.py``;
- a region's ``pos`` (where its medals are drawn) is the mean of its
  boundary cycle's positions: the facts give no medal positions.

Each file is checked by ``Terrain.from_dict`` before it is written.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core.files import DataError, load_json, write_atomic
from engine.toy_battle.data import BGA_CODES
from engine.toy_battle.terrain import FORMAT, Terrain

FACTS = Path("data") / "toy_battle_facts.json"
"""The facts file, within the project's shared folder."""


def main_checkout(root: Path = ROOT) -> Path | None:
    """The main checkout of the repository ``root`` belongs to (itself, or the
    one a linked worktree was added from), as git names it; None without git."""
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--path-format=absolute", "--git-common-dir"],
                             capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(out).parent if out else None


def shared_candidates(root: Path = ROOT) -> list[Path]:
    """Where the shared folder may be, nearest first: ``shared/`` in the
    checkout or any folder above it, then beside the main checkout."""
    out = [folder / "shared" for folder in (root, *root.parents)]
    main = main_checkout(root)
    if main is not None:
        out += [folder / "shared" for folder in (main, *main.parents) if folder / "shared" not in out]
    return out


def default_facts(root: Path = ROOT) -> Path:
    """The shared folder's facts file; ValueError with one sentence when none is found."""
    looked = shared_candidates(root)
    for folder in looked:
        if (folder / FACTS).is_file():
            return folder / FACTS
    raise ValueError(f"make_terrains: no shared folder holding {FACTS} was found for {root} "
                     f"(looked in {', '.join(str(f) for f in looked)}); pass --facts FILE.")


FILE_STEMS = {
    "Castle Field": "castle-field",
    "Tropical Pool": "tropical-pool",
    "City of Clouds": "city-of-clouds",
    "Volcanic Jungle": "volcanic-jungle",
    "Cursed Cemetery": "cursed-cemetery",
    "Caribbean Sea": "caribbean-sea",
    "Station Metal-X": "station-metal-x",
    "Battlefield": "battlefield",
}


def _pos(node: dict) -> list[float]:
    pct = node["pos_pct"]
    return [round(pct["left"], 1), round(100.0 - pct["top"], 1)]


def terrain_dict(name: str, facts: dict) -> dict:
    nodes = facts["bases"]
    hq_ids = {str(h) for colour in ("blue", "red") for h in facts["hqs"][colour]}

    def special(node: dict) -> str | None:
        code = node.get("special_code")
        return None if code is None else BGA_CODES[int(code)]

    regions = []
    for reg in facts["regions"]:
        cycle = [_pos(nodes[str(n)]) for n in reg["boundary_cycle"]]
        centre = [round(sum(p[0] for p in cycle) / len(cycle), 1), round(sum(p[1] for p in cycle) / len(cycle), 1)]
        regions.append({"bases": [str(b) for b in reg["bases"]], "medals": reg["medals"], "pos": centre})
    return {
        "format": FORMAT,
        "name": name,
        "objective": facts["medals_to_win"],
        "hqs": {colour: [str(h) for h in facts["hqs"][colour]] for colour in ("blue", "red")},
        "hq_nodes": {nid: {"pos": _pos(n), "special": special(n)} for nid, n in nodes.items() if nid in hq_ids},
        "bases": {nid: {"pos": _pos(n), "special": special(n)} for nid, n in nodes.items() if nid not in hq_ids},
        "paths": [[str(a), str(b)] for a, b in facts["edges"]],
        "regions": regions,
        "source": "BGA port Mathct/toybattle material.inc.php, via shared/data/toy_battle_facts.json",
    }


def dump(data: dict) -> str:
    """JSON with one node per line: short lists ([x, y], [a, b]) stay on one line."""
    text = json.dumps(data, indent=1, ensure_ascii=False)
    text = re.sub(r"\[\s*([^\[\]{}]*?)\s*\]", lambda m: "[" + re.sub(r"\s*\n\s*", " ", m.group(1)) + "]", text)
    text = re.sub(r"\{\s*(\"pos\": \[[^\]]*\]),\s*(\"special\": [^\n]*?)\s*\}", r"{\1, \2}", text)
    return text + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--facts", help=f"the facts file (default: {FACTS} in the project's shared folder)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent))
    args = parser.parse_args(argv)
    try:
        facts = load_json(args.facts or default_facts(), "facts file")
    except (DataError, ValueError) as err:  # a sentence naming the file, or where it was looked for
        print(err, file=sys.stderr)
        return 2
    for name, stem in FILE_STEMS.items():
        data = terrain_dict(name, facts["terrains"][name])
        terrain = Terrain.from_dict(data)  # refuses a bad transcription
        assert terrain.total_medals == facts["terrains"][name]["total_medals"], name
        path = Path(args.out) / f"{stem}.json"
        write_atomic(path, dump(data), what="terrain")  # the output boundary: never over a device or a FIFO
        print(f"{path}: {terrain!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
