"""The editor's keys that act on the selection: delete (with what rests on
it), nudge, duplicate, turn, height and scale, each one undoable edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.editor import battlefield_tools as bt
from app.editor import terrain_tools as tt
from app.editor.selection import Selection

if TYPE_CHECKING:
    from app.editor.session import EditorSession

def selection_key(session: EditorSession, name: str) -> None:
    sel = session.selection
    assert sel is not None
    d = session.data
    if name in ("delete", "backspace"):
        if sel.kind == "piece":
            riders = bt.resting_on(d, sel.key, session.root)
            session.apply(bt.delete_piece(d, sel.key, session.root))
            # the pieces on it go too: say so (a domino on a book vanished without a word)
            session.message = (
                f"Deleted {sel.key}"
                + (f" and {', '.join(riders)} resting on it" if riders else "")
                + " (Ctrl+Z brings "
                + ("them" if riders else "it")
                + " back)."
            )
        elif sel.kind == "token":
            session.apply(bt.delete_token(sel.key))
        elif sel.kind == "zone":
            session.apply(bt.delete_zone(sel.key))
        elif sel.kind == "region":
            session.apply(tt.remove_region(sel.key))
        else:
            session.apply(tt.remove_node(d, sel.key))
        session.selection = None
        return
    nudge = {"left arrow": (-1, 0), "right arrow": (1, 0), "up arrow": (0, 1), "down arrow": (0, -1)}
    if name in nudge and sel.kind in ("piece", "token"):
        at = d["scenery"][bt.piece_index(d, sel.key)]["at"] if sel.kind == "piece" else d["tokens"][sel.key]["at"]
        to = (at[0] + nudge[name][0] * session.step, at[1] + nudge[name][1] * session.step)
        grid = session.grid
        session.apply(bt.move(d, sel.key, to, grid, session.root) if sel.kind == "piece" else bt.move_token(d, sel.key, to, grid))
        return
    if sel.kind != "piece":
        return
    piece = d["scenery"][bt.piece_index(d, sel.key)]
    if name == "ctrl+d":
        edit, pid = bt.duplicate(d, sel.key)
        session.apply(edit)
        session.selection = Selection("piece", pid)
    elif name in ("r", "shift+r"):
        turn = session.angle_step if name == "r" else -session.angle_step
        session.apply(bt.rotate(d, sel.key, float(piece.get("rotation", 0.0)) + turn, session.angle_step, session.root))
    elif name in ("page up", "page down"):
        h = bt.top_of(d, sel.key, session.root) - float(piece["at"][2])
        session.apply(bt.set_height(d, sel.key, max(0.5, h + (1 if name == "page up" else -1)), session.root))
    elif name in ("+", "="):
        session.apply(bt.scale(d, sel.key, 1.1, session.root))
    elif name == "-":
        session.apply(bt.scale(d, sel.key, 1 / 1.1, session.root))


__all__ = ["selection_key"]
