"""The level editor's tools: which a battlefield and a terrain offer, and the
status line's hint when a tool is taken."""

from __future__ import annotations

BATTLEFIELD_TOOLS = (
    "select", "play-zone", "box", "cylinder", "prism", "mesh", "level-1", "level-2", "object",
    "deployment", "crate", "supplies", "force-field", "threat", "hatched-green", "hatched-yellow", "hill",
    "household",
)
TERRAIN_TOOLS = ("select", "base", "hq-blue", "hq-red", "connect", "special", "region")
TOOL_HINTS = {
    "play-zone": "Click the play zone's corners; click the first corner again or press Enter to close it. "
                 "Drag a corner to resize.",
    "mesh": "Click where the mesh goes, then pick a glTF, OBJ or STL file.",
    "hatched-green": "Click to add a green hatched zone; select it and drag its corners to reshape it.",
    "hatched-yellow": "Click to add a yellow hatched zone; select it and drag its corners to reshape it.",
    "household": "Pick a household piece in the kit beside the tools, then click the table (or a Level) to place it.",
    "region": "Click the bases of the region, then one of them again to close it; type its medals on the right.",
}
"""The status line when a tool is taken (tools not listed need no hint)."""


__all__ = ["BATTLEFIELD_TOOLS", "TERRAIN_TOOLS", "TOOL_HINTS"]
