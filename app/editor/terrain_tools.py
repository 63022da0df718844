"""Editing Toy Battle terrains: the tools of the terrain editor as edits.

Each tool returns an ``Edit`` for the document (so it undoes as one step)
and never decides whether the terrain is valid: ``terrain_problems`` asks
the engine's loader, plus the design checks only an editor needs (a region
that is not closed, a base on no path).
"""

from __future__ import annotations

from typing import Any

from app.editor.document import Batch, Delete, Edit, Insert, LevelDocument, SetValue


def new_terrain(name: str = "New terrain") -> dict[str, Any]:
    """A small valid terrain to start from: one H.Q. each, two bases between
    them, and the one-medal region the bases close with the blue H.Q."""
    return {
        "format": 1,
        "name": name,
        "hqs": {"blue": ["1"], "red": ["41"]},
        "hq_nodes": {"1": {"pos": [0.0, 0.0], "special": None}, "41": {"pos": [0.0, 4.0], "special": None}},
        "bases": {"11": {"pos": [-1.0, 2.0], "special": None}, "12": {"pos": [1.0, 2.0], "special": None}},
        "paths": [["1", "11"], ["1", "12"], ["11", "12"], ["11", "41"], ["12", "41"]],
        "regions": [{"bases": ["11", "12"], "medals": 1, "pos": [0.0, 1.3]}],
        "objective": 1,
    }


def terrain_problems(data: dict[str, Any]) -> list[str]:
    """Everything wrong with a terrain, as sentences; empty when it can be played."""
    from engine.toy_battle.terrain import Terrain, TerrainError

    try:
        terrain = Terrain.from_dict(data)
    except TerrainError as err:
        return [str(err)]
    problems = []
    hq = set(i for seat in (0, 1) for i in terrain.hqs[seat])
    for r, nodes in enumerate(terrain.region_nodes):
        ring = set(nodes) | hq
        open_at = [terrain.ids[n] for n in nodes if sum(1 for m in terrain.adj[n] if m in ring) < 2]
        if open_at or not _connected(terrain, set(nodes), ring):
            where = ", ".join(open_at) if open_at else "its bases"
            problems.append(f"regions[{r}]: the region is not closed by paths (open at {where}).")
    if terrain.objective > terrain.total_medals:
        problems.append(
            f"objective: {terrain.objective} medals can never be reached; the regions hold {terrain.total_medals}."
        )
    return problems


def _connected(terrain: Any, nodes: set[int], ring: set[int]) -> bool:
    start = next(iter(nodes))
    seen, todo = {start}, [start]
    while todo:
        for m in terrain.adj[todo.pop()]:
            if m in ring and m not in seen:
                seen.add(m)
                todo.append(m)
    return nodes <= seen


def open_terrain(path: str) -> LevelDocument:
    return LevelDocument.open(path, terrain_problems)


def _next_id(data: dict[str, Any], start: int) -> str:
    used = set(data["bases"]) | set(data.get("hq_nodes", {})) | {h for ids in data["hqs"].values() for h in ids}
    n = start
    while str(n) in used:
        n += 1
    return str(n)


def add_base(data: dict[str, Any], pos: tuple[float, float], special: str | None = None) -> tuple[Edit, str]:
    """A new base at ``pos``; returns the edit and the new id."""
    nid = _next_id(data, 11)
    return SetValue(("bases", nid), {"pos": [float(pos[0]), float(pos[1])], "special": special}), nid


def add_hq(data: dict[str, Any], colour: str, pos: tuple[float, float]) -> tuple[Edit, str]:
    """A new H.Q. for ``colour`` ("blue" or "red")."""
    if colour not in ("blue", "red"):
        raise ValueError(f"An H.Q. belongs to blue or red, not {colour!r}.")
    nid = _next_id(data, 1 if colour == "blue" else 41)
    edits: list[Edit] = [Insert(("hqs", colour, -1), nid)]
    if "hq_nodes" not in data:
        edits.insert(0, SetValue(("hq_nodes",), {}))
    edits.append(SetValue(("hq_nodes", nid), {"pos": [float(pos[0]), float(pos[1])], "special": None}))
    return Batch(tuple(edits), f"add {colour} H.Q."), nid


def _node_key(data: dict[str, Any], nid: str) -> tuple[str, str]:
    if nid in data["bases"]:
        return ("bases", nid)
    if nid in data.get("hq_nodes", {}):
        return ("hq_nodes", nid)
    raise KeyError(f"There is no base or H.Q. {nid!r}.")


def move_node(data: dict[str, Any], nid: str, pos: tuple[float, float]) -> Edit:
    return SetValue(_node_key(data, nid) + ("pos",), [float(pos[0]), float(pos[1])])


def set_special(data: dict[str, Any], nid: str, code: str | None) -> Edit:
    return SetValue(_node_key(data, nid) + ("special",), code)


def connect(data: dict[str, Any], a: str, b: str) -> Edit:
    """A path between two nodes (refused if it exists)."""
    if any({a, b} == set(p) for p in data["paths"]):
        raise ValueError(f"{a} and {b} are already joined by a path.")
    return Insert(("paths", -1), [a, b])


def disconnect(data: dict[str, Any], a: str, b: str) -> Edit:
    for i, p in enumerate(data["paths"]):
        if set(p) == {a, b}:
            return Delete(("paths", i))
    raise ValueError(f"No path joins {a} and {b}.")


def remove_node(data: dict[str, Any], nid: str) -> Edit:
    """Remove a base or H.Q. with its paths, and take it out of any region."""
    edits: list[Edit] = []
    for i in reversed(range(len(data["paths"]))):
        if nid in data["paths"][i]:
            edits.append(Delete(("paths", i)))
    for r in reversed(range(len(data["regions"]))):
        bases = data["regions"][r]["bases"]
        if nid in bases:
            edits.append(Delete(("regions", r, "bases", bases.index(nid))))
    for colour, ids in data["hqs"].items():
        if nid in ids:
            edits.append(Delete(("hqs", colour, ids.index(nid))))
    edits.append(Delete(_node_key(data, nid)))
    return Batch(tuple(edits), f"remove {nid}")


def add_region(data: dict[str, Any], bases: list[str], medals: int, pos: tuple[float, float] | None = None) -> Edit:
    """A region claimed by occupying ``bases``; drawn at ``pos`` (default: their centre)."""
    if pos is None:
        points = [data["bases"][b]["pos"] for b in bases if b in data["bases"] and data["bases"][b]["pos"]]
        pos = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)) if points else None
    return Insert(("regions", -1), {"bases": list(bases), "medals": medals, "pos": None if pos is None else [pos[0], pos[1]]})


def set_region_medals(index: int, medals: int) -> Edit:
    return SetValue(("regions", index, "medals"), medals)


def remove_region(index: int) -> Edit:
    return Delete(("regions", index))


def set_objective(medals: int) -> Edit:
    return SetValue(("objective",), medals)
