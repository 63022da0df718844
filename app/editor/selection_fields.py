"""The selection's numbers in the editor's panel, and typing one: each typed
number is one undoable edit through the headless tools."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.document import SetValue

if TYPE_CHECKING:
    from app.editor.session import EditorSession

def fields(session: EditorSession) -> dict[str, float | str | None]:
    """The selection's numbers, as the panel shows them (terrains: the
    objective first, always)."""
    sel = session.selection
    d = session.data
    out: dict[str, float | str | None] = {"objective": d.get("objective")} if session.mode == "terrain" else {}
    if sel is None:
        return out
    if sel.kind == "token":
        t = d["tokens"][sel.key]
        return {
            "kind": t["kind"],
            "x": t["at"][0],
            "y": t["at"][1],
            **{k: v for k, v in t.items() if k not in ("kind", "at")},
        }
    if sel.kind == "zone":
        z = d["zones"][sel.key]
        return {"kind": z["kind"], "side": z.get("side"), "corners": len(z["polygon"])}
    if sel.kind == "node":
        node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
        return {**out, "id": sel.key, "x": node["pos"][0], "y": node["pos"][1], "special": node.get("special")}
    if sel.kind == "region":
        region = d["regions"][sel.key]
        return {**out, "region": sel.key + 1, "bases": " ".join(region["bases"]), "medals": region["medals"]}
    p = d["scenery"][bt.piece_index(d, sel.key)]
    out = {"id": p["id"], "x": p["at"][0], "y": p["at"][1], "z": p["at"][2], "rotation": p.get("rotation", 0.0)}
    shape = p["shape"]
    if "size" in shape:  # a household kit piece
        out.update(kind=shape["kind"], width=shape["size"][0], depth=shape["size"][1])
    elif "box" in shape:
        out.update(width=shape["box"][0], depth=shape["box"][1])
    elif "cylinder" in shape:
        out.update(radius=shape["cylinder"][0])
    try:
        out["height"] = round(bt.top_of(d, p["id"], session.root) - p["at"][2], 4)
    except (ValueError, KeyError):
        pass
    out["scale"] = float(shape.get("scale", 1.0)) if "mesh" in shape else 1.0
    out.update(level=p.get("level"), object=p.get("object"))
    return out


def editable(session: EditorSession) -> tuple[str, ...]:
    """The fields of :meth:`fields` that can be typed into now."""
    typed = ("objective", "x", "y", "z", "rotation", "width", "depth", "radius", "height", "scale", "medals")
    sel = session.selection
    names = [k for k in session.fields() if k in typed]
    if sel is not None and sel.kind == "token":
        names = [k for k in names if k in ("x", "y")]
    return tuple(names)


def set_field(session: EditorSession, name: str, value: float) -> None:
    """Type a number into the panel: x, y, z, rotation, height, width,
    depth, radius, scale of the selected piece (scale: a mesh's scale, a
    primitive's growth factor); x, y of a token or node; a region's
    medals; the terrain's objective."""
    d = session.data
    if name == "objective" and session.mode == "terrain":
        session.apply(tt.set_objective(int(value)))
        return
    sel = session.selection
    if sel is None:
        raise ValueError("Select something first.")
    if sel.kind == "region" and name == "medals":
        session.apply(tt.set_region_medals(sel.key, int(value)))
        return
    value = float(value)
    if sel.kind == "token" and name in ("x", "y"):
        at = list(d["tokens"][sel.key]["at"])
        at["xy".index(name)] = value
        session.apply(bt.move_token(d, sel.key, (at[0], at[1])))
        return
    if sel.kind == "node" and name in ("x", "y"):
        node = d["bases"].get(sel.key) or d["hq_nodes"][sel.key]
        pos = list(node["pos"])
        pos["xy".index(name)] = value
        session.apply(tt.move_node(d, sel.key, (pos[0], pos[1])))
        return
    if sel.kind != "piece":
        raise ValueError(f"The {name} cannot be typed for this selection.")
    i = bt.piece_index(d, sel.key)
    p = d["scenery"][i]
    if name in ("x", "y"):
        at = [p["at"][0], p["at"][1]]
        at["xy".index(name)] = value
        session.apply(bt.move(d, sel.key, (at[0], at[1]), None, session.root))
    elif name == "z":
        session.apply(bt.set_bottom(d, sel.key, value, session.root))
    elif name == "rotation":
        session.apply(bt.rotate(d, sel.key, value, None, session.root))
    elif name == "height":
        session.apply(bt.set_height(d, sel.key, value, session.root))
    elif name in ("width", "depth"):
        if "box" not in p["shape"] and "size" not in p["shape"]:
            raise ValueError(f"'{sel.key}' is not a box; type its height or scale.")
        w, dep = p["shape"].get("box", p["shape"].get("size"))[:2]
        session.apply(bt.resize_box(d, sel.key, value if name == "width" else w, value if name == "depth" else dep))
    elif name == "radius":
        if "cylinder" not in p["shape"]:
            raise ValueError(f"'{sel.key}' is not a cylinder; type its height or scale.")
        session.apply(SetValue(("scenery", i, "shape", "cylinder", 0), value))
    elif name == "scale":
        now = float(p["shape"].get("scale", 1.0)) if "mesh" in p["shape"] else 1.0
        session.apply(bt.scale(d, sel.key, value / now, session.root))
    else:
        raise ValueError(f"unknown field {name!r}")


__all__ = ["editable", "fields", "set_field"]
