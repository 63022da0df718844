"""The look (issue 13): what is drawn is what the engine measures, and the
generated assets are deterministic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_panda3d_rays_on_the_drawn_kit_agree_with_the_engine(tmp_path):
    """Panda3D collision rays cast at the scenery node the play view draws
    (printed kit pieces included), on every shipped battlefield, against the
    engine's line of sight: every pair agrees; a ray may differ only where it
    grazes a surface (the engine's answer flips when the scenery grows or
    shrinks by 0.05 cm, or it passes within 0.05 cm of a kit mesh's edge)."""
    out = tmp_path / "cc.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "app" / "look_probe.py"), str(out), "40"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    facts = json.loads(out.read_text())
    assert len(facts["levels"]) >= 9
    for name, level in facts["levels"].items():
        assert level["kit_pieces"] >= 6, name  # the shipped battlefields are dressed with the kit
        assert level["engine_blocked"] >= 10, name  # the grid really tests blocked lines
    assert facts["unexplained"] == []
    assert facts["rate"] == 1.0


def test_kit_textures_and_thumbnails_are_deterministic():
    from app.look import textures
    from app.look.kit_textures import part_texture
    from app.look.thumbnails import thumbnail
    from engine.geometry.household import DEFAULT_SIZE, Household, Kind, kit_mesh

    for kind in Kind:
        m = kit_mesh(Household(kind, DEFAULT_SIZE[kind], seed=3))
        for name in m.names:
            tex, _ = part_texture(kind.value, name, "", 3)
            a = textures.image(tex)
            textures.image.cache_clear()
            assert a.tobytes() == textures.image(tex).tobytes(), tex
        assert thumbnail(kind.value).getbbox() is not None  # something is drawn


def test_distinct_colour_count(tmp_path):
    """The figure the issue uses (5 bits a channel, every 2nd pixel) counts what it says."""
    import numpy as np
    from PIL import Image

    from app.look.colours import distinct_colours

    arr = np.zeros((40, 40, 3), dtype=np.uint8)
    arr[::2, ::2] = np.arange(400).reshape(20, 20)[..., None] * 8 % 256  # 32 levels of grey on the counted pixels
    arr[1::2, :] = 255  # uncounted rows
    Image.fromarray(arr).save(tmp_path / "a.png")
    assert distinct_colours(tmp_path / "a.png") == 32


def test_the_household_tool_places_a_kit_piece_the_engine_measures(tmp_path):
    """The editor's household tool: the picked kind lands where clicked, as a
    kit shape in the file, and loads as a solid of the kit's own triangles."""
    from app.editor import battlefield_tools as bt
    from app.editor.session import EditorSession
    from engine.geometry import Battlefield

    path = tmp_path / "kit.json"
    path.write_text(json.dumps(bt.new_battlefield("kit")))
    s = EditorSession.open(path)
    s.set_tool("household")
    s.kit_kind = "mug"
    s.click(40.0, 30.0)
    piece = s.data["scenery"][-1]
    assert piece["shape"]["kind"] == "mug" and piece["at"][:2] == [40.0, 30.0]
    bf = Battlefield.from_dict(s.data)
    assert bf.solids[-1].kind == "mesh" and bf.solids[-1].top > 9.0
    s.apply(bt.set_height(s.data, piece["id"], 12.0))
    assert Battlefield.from_dict(s.data).solids[-1].top == 12.0
