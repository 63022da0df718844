"""The look (issue 13): what is drawn is what the engine measures, and the
generated assets are deterministic."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_panda3d_rays_on_the_drawn_kit_agree_with_the_engine(tmp_path):
    """Panda3D collision rays cast at the scenery node the play view draws
    (printed kit pieces included), on every shipped battlefield, against the
    engine's line of sight: every pair agrees; a ray may differ only where it
    grazes a surface (the engine's answer flips when the scenery grows or
    shrinks by 0.05 cm, or it passes within 0.05 cm of a kit mesh's edge).
    16 pairs a battlefield, a quarter of them blocked or more; 40 with ``-m slow``."""
    crosscheck_rays(tmp_path, pairs=16)


@pytest.mark.slow
def test_panda3d_rays_on_the_drawn_kit_agree_with_the_engine_long(tmp_path):
    crosscheck_rays(tmp_path, pairs=40)


def crosscheck_rays(tmp_path: Path, pairs: int) -> None:
    out = tmp_path / "cc.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, str(ROOT / "tests" / "app" / "look_probe.py"), str(out), str(pairs)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    facts = json.loads(out.read_text())
    assert len(facts["levels"]) >= 9
    for name, level in facts["levels"].items():
        assert level["pairs"] == pairs, name
        assert level["kit_pieces"] >= 6, name  # the shipped battlefields are dressed with the kit
        assert level["engine_blocked"] >= pairs // 4, name  # the grid really tests blocked lines
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


def test_the_light_path_follows_the_pipe():
    """Shaders light the table on an OpenGL pipe whose driver runs GLSL; the
    software renderer, a pipe without shaders, a CPU rasteriser (unless asked)
    and TOYBOX_LOOK=baked get the baked light."""
    import pytest

    from app.look.pipeline import LookPath, Wanted, choose, wanted_from_env

    gpu = "NVIDIA GeForce RTX 3060/PCIe/SSE2"
    assert choose("glxGraphicsPipe", True, Wanted.AUTO, gpu) is LookPath.PBR
    assert choose("wglGraphicsPipe", True, Wanted.AUTO, "AMD Radeon RX 6600") is LookPath.PBR
    assert choose("TinyOffscreenGraphicsPipe", False) is LookPath.BAKED
    assert choose("TinyXGraphicsPipe", False, Wanted.PBR) is LookPath.BAKED  # no shaders to force
    assert choose("glxGraphicsPipe", False, Wanted.AUTO, gpu) is LookPath.BAKED
    assert choose("glxGraphicsPipe", True, Wanted.BAKED, gpu) is LookPath.BAKED
    llvmpipe = "llvmpipe (LLVM 15.0.6, 256 bits)"
    assert choose("glxGraphicsPipe", True, Wanted.AUTO, llvmpipe) is LookPath.BAKED
    assert choose("glxGraphicsPipe", True, Wanted.PBR, llvmpipe) is LookPath.PBR
    assert wanted_from_env({}) is Wanted.AUTO
    assert wanted_from_env({"TOYBOX_LOOK": "PBR"}) is Wanted.PBR
    with pytest.raises(ValueError, match="TOYBOX_LOOK"):
        wanted_from_env({"TOYBOX_LOOK": "shiny"})


def test_the_shader_path_writes_base_colours_not_light():
    """On the shader path a batch carries base colours (linear, times the
    contact darkening only), normals and a material per surface, so the
    shader's light is the only light; the baked path bakes the light in."""
    import numpy as np
    from panda3d.core import InternalName, MaterialAttrib

    from app.look import light, pipeline
    from app.look.geom import Batch

    def build() -> tuple[np.ndarray, object]:
        b = Batch(pooled=False)
        b.add_quad([(0, 0, 5), (4, 0, 5), (4, 4, 5), (0, 4, 5)], (0.8, 0.4, 0.2), surface=pipeline.TIN)
        b.add_quad([(0, 0, 0), (4, 0, 0), (0, 0, 3), (-4, 0, 3)][::-1], (0.8, 0.4, 0.2), ground=0.0)
        node = b.node()
        colours = []
        for k in range(node.node().getNumGeoms()):
            vdata = node.node().getGeom(k).getVertexData()
            arr = np.frombuffer(memoryview(vdata.getArray(1)), dtype=np.float32).reshape(-1, 4)
            colours.append(arr)
        return np.concatenate(colours), node

    baked, node = build()
    assert not node.node().getGeom(0).getVertexData().getFormat().hasColumn(InternalName.getNormal())
    assert not any(node.node().getGeomState(k).hasAttrib(MaterialAttrib) for k in range(node.node().getNumGeoms()))
    pipeline.set_active(pipeline.LookPath.PBR)
    try:
        pbr, node = build()
    finally:
        pipeline.set_active(pipeline.LookPath.BAKED)
    g = node.node()
    assert g.getNumGeoms() == 2  # one material each
    assert g.getGeom(0).getVertexData().getFormat().hasColumn(InternalName.getNormal())
    assert g.getGeom(0).getVertexData().getFormat().hasColumn(InternalName.getTangent())
    mats = {g.getGeomState(k).getAttrib(MaterialAttrib).getMaterial().getMetallic() for k in range(2)}
    assert mats == {0.0, 1.0}  # the tin and the card
    base = pipeline.to_linear(np.array([0.8, 0.4, 0.2]))
    top = pbr[np.isclose(pbr[:, 0], base[0], atol=1e-4)]
    assert len(top) >= 4 and np.allclose(top[:, :3], base, atol=1e-4)  # high above the ground: the base colour
    darkest = pbr[:, 0].min()
    assert np.isclose(darkest, base[0] * light.occlusion(np.array([0.0]))[0], atol=1e-4)  # at its foot: darkened
    assert not np.allclose(baked[:, :3], pbr[:, :3])  # the baked path's light is not in these colours


def test_offscreen_frames_use_the_baked_light(tmp_path):
    """Tests, `toybox render` and `toybox bench app` draw offscreen with the
    software renderer: the baked path, and the bench says so."""
    script = (
        "import json, os, sys\n"
        "from app.shell import window\n"
        "from app.look import pipeline\n"
        "app = window.start(offscreen=True, size=(320, 180))\n"
        "print('FACTS ' + json.dumps({'path': pipeline.active().value, 'pipe': app.pipe.getType().getName(),"
        " 'describe': pipeline.describe(app)}))\n"
        "sys.stdout.flush(); os._exit(0)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), TOYBOX_HOME=str(tmp_path), TOYBOX_LOOK="pbr")
    env.pop("DISPLAY", None)
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    line = next(out for out in proc.stdout.splitlines() if out.startswith("FACTS "))
    facts = json.loads(line[6:])
    assert facts["path"] == "baked" and "Tiny" in facts["pipe"]  # even when the shader path is asked for
    assert "p3tinydisplay" in facts["describe"] and "baked light" in facts["describe"]


def test_the_gl_bench_reports_both_lights_and_needs_a_display(monkeypatch):
    """`toybox bench app --renderer gl` compares the shader light with the
    baked light on the same pipe against the 60 fps aim, and without a
    display says so in a sentence instead of failing."""
    from app import bench

    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    row = bench.bench_gl("toy-battle", 10, (1920, 1080))
    assert "needs a display" in row["error"]
    rows = [{"game": "toy-battle", "renderer_kind": "gl",
             "pbr": {"look": "pbr", "first_frame_wall_s": 2.0, "frame_wall_ms": 12.5, "fps_wall": 80.0,
                     "frame_ms": 3.0, "colours": 1500, "size": "1920x1080", "renderer": "pandagl on a GPU: shader light"},
             "baked": {"look": "baked", "first_frame_wall_s": 1.5, "frame_wall_ms": 5.0, "fps_wall": 200.0,
                       "frame_ms": 2.0, "colours": 1400, "size": "1920x1080", "renderer": "pandagl on a GPU: baked"}}]
    text = bench.report(rows)
    assert "toy-battle at 1920x1080" in text and "12.50 ms wall (80 fps" in text
    assert "shader light / baked light frame 2.50x" in text and "meets the 60 fps aim" in text
    assert "renderer: pandagl on a GPU: shader light" in text
