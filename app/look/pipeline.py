"""Which light the table is drawn with, and the shader light when it is real.

Two paths draw the same triangles (:class:`LookPath`):

- **baked** - the software renderer (``p3tinydisplay``: every test,
  ``toybox render``, ``toybox bench app``) runs no shaders, so the light is
  computed once per vertex (:mod:`app.look.light`) and stored in the vertex
  colours; soft shadows are translucent layers on the table.
- **pbr** - a window on an OpenGL pipe whose driver runs GLSL (``pandagl``,
  Mesa's llvmpipe included): vertex colours hold only the base colour and a
  little contact darkening (ambient occlusion, not light), each batch carries a
  physically based :class:`Surface` (roughness, metallic), and panda3d-simplepbr
  lights it: a warm key light casting a soft (filtered, multi-sample) shadow
  map, a sky/floor hemisphere for the ambient, filmic tone mapping. The light is
  never applied twice: :meth:`app.look.geom.Batch.node` asks :func:`active`
  which colours to write.

:func:`choose` decides from the pipe's name and whether its driver runs
shaders; ``TOYBOX_LOOK=baked`` (or ``pbr``) overrides "auto", so the two paths
can be timed on the same OpenGL pipe.
"""

from __future__ import annotations

import enum
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np


class LookPath(enum.Enum):
    BAKED = "baked"
    """Light baked into vertex colours (no shaders)."""
    PBR = "pbr"
    """simplepbr shaders, key light with a soft shadow map."""


class Wanted(enum.Enum):
    AUTO = "auto"
    BAKED = "baked"
    PBR = "pbr"


ENV = "TOYBOX_LOOK"
"""Environment variable: auto (default), baked or pbr."""
SOFTWARE_PIPES = ("tiny",)
"""Pipe type names containing one of these are Panda3D's software renderer
(``TinyOffscreenGraphicsPipe``, ``TinyXGraphicsPipe``): no shaders there."""
SOFTWARE_GL = ("llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader", "basic render")
"""OpenGL drivers that rasterise on the CPU (Mesa's llvmpipe, ...): they run
the shaders, but at 1280x720 the shader light took 0.3-1 s a frame on
llvmpipe against 30 ms baked, so "auto" bakes there (``TOYBOX_LOOK=pbr`` forces it)."""


def wanted_from_env(environ: dict[str, str] | None = None) -> Wanted:
    """The path asked for by :data:`ENV`; an unknown value is refused in a sentence."""
    value = (environ if environ is not None else os.environ).get(ENV, "auto").strip().lower() or "auto"
    try:
        return Wanted(value)
    except ValueError:
        raise ValueError(f"{ENV}={value!r}: use auto, baked or pbr") from None


def choose(pipe_name: str, supports_shaders: bool, wanted: Wanted = Wanted.AUTO, driver: str = "") -> LookPath:
    """The path for a window on the pipe ``pipe_name`` (Panda3D's pipe type
    name) whose graphics state ``supports_shaders`` (GLSL), ``driver`` its
    OpenGL renderer string: shaders only where the pipe is not Panda3D's
    software renderer and runs GLSL and the path is not asked to bake; on a
    CPU rasteriser (:data:`SOFTWARE_GL`) only when asked for."""
    tiny = any(s in pipe_name.lower() for s in SOFTWARE_PIPES)
    if wanted is Wanted.BAKED or tiny or not supports_shaders:
        return LookPath.BAKED
    if wanted is Wanted.AUTO and any(s in driver.lower() for s in SOFTWARE_GL):
        return LookPath.BAKED
    return LookPath.PBR


_ACTIVE: list[LookPath] = [LookPath.BAKED]


def active() -> LookPath:
    """The path the open window draws with (baked until a window says otherwise)."""
    return _ACTIVE[0]


def set_active(path: LookPath) -> None:
    _ACTIVE[0] = path


def describe(app: Any = None) -> str:
    """One line for ``toybox bench app`` and the log: which path draws, on what
    pipe and driver (a CPU rasteriser is named "software GL")."""
    pipe = driver = version = ""
    if app is not None and getattr(app, "win", None) is not None:
        pipe = app.pipe.getType().getName()
        gsg = app.win.getGsg()
        if gsg is not None:
            driver, version = gsg.getDriverRenderer(), gsg.getDriverVersion()
    if any(s in pipe.lower() for s in SOFTWARE_PIPES) or not pipe:
        where = "p3tinydisplay (Panda3D's software renderer)"
    else:
        soft = ", software GL" if any(s in driver.lower() for s in SOFTWARE_GL) else ", hardware OpenGL"
        where = f"pandagl {pipe} on {driver} (OpenGL {version}{soft})"
    if active() is LookPath.PBR:
        return (f"{where}: shader light - physically based materials (panda3d-simplepbr: base colour, roughness, "
                f"metallic per surface), warm key light with a {SHADOW_MAP} px shadow map filtered over "
                f"{len(PCF_TAPS)} taps, sky/floor hemisphere ambient, contact darkening, {MSAA}x MSAA, filmic tone map")
    return (f"{where}: baked light - per vertex (warm key light, sky/floor hemisphere, plastic highlight, lamp "
            "pool, contact darkening), generated textures, soft shadows as translucent layers; no shaders")


# --- surfaces ---------------------------------------------------------------------


@dataclass(frozen=True)
class Surface:
    """A physically based material: how rough and how metallic (the base
    colour is the vertex colour times the texture)."""

    name: str
    roughness: float
    metallic: float = 0.0


PLASTIC = Surface("moulded plastic", 0.34)
GLOSSY_PLASTIC = Surface("glossy plastic", 0.24)
CARD = Surface("cardboard", 0.86)
PAPER = Surface("printed paper", 0.72)
CLOTH = Surface("book cloth", 0.92)
CERAMIC = Surface("glazed ceramic", 0.16)
TIN = Surface("tinplate", 0.30, 1.0)
WOOD = Surface("varnished wood", 0.55)
WOOD_RAW = Surface("bare wood", 0.80)
FELT = Surface("felt", 0.98)
PAINTED = Surface("painted wood", 0.50)
COIN = Surface("gold", 0.28, 1.0)
BRASS = Surface("brass", 0.35, 1.0)
IRON = Surface("iron band", 0.5, 1.0)
FUR = Surface("plush", 1.0)


def surface_for_gloss(gloss: float) -> Surface:
    """The surface of a batch that names none: the baked path's gloss (0 matt
    card .. 1 glossy plastic) read as roughness."""
    g = float(gloss)
    if g >= 0.85:
        return PLASTIC
    if g <= 0.02:
        return CARD
    return Surface(f"gloss {g:.2f}", round(0.9 - 0.6 * g, 2))


# --- colour space -------------------------------------------------------------------


def to_linear(rgb: np.ndarray) -> np.ndarray:
    """sRGB colours (0..1) in linear light, for the shader path (the tone map
    turns them back)."""
    c = np.clip(np.asarray(rgb, dtype=np.float64), 0.0, 1.0)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


# --- the shader light -----------------------------------------------------------------

SHADOW_MAP = 2048
"""px: the key light's shadow map (square)."""
SHADOW_SOFT_CM = 0.35
"""cm: the radius the shadow's edge is blurred over (a lamp is not a point)."""
PCF_TAPS = ((-0.94, -0.40), (0.94, -0.77), (-0.09, -0.93), (0.34, 0.29), (-0.91, 0.46), (-0.38, 0.94),
            (0.55, 0.93), (0.04, -0.25), (0.72, -0.05), (-0.56, -0.02), (0.19, 0.62), (-0.24, 0.37))
"""A Poisson disc of shadow-map taps (each also filtered 2x2 by the hardware):
the soft edge of the key light's shadow."""
KEY_INTENSITY = 2.1
"""The key light's strength in the shader (linear; about pi times the baked key)."""
HEMI_SKY = (0.24, 0.26, 0.31)
HEMI_FLOOR = (0.13, 0.10, 0.08)
"""The ambient light from above (a cool room) and from below (the warm wooden
table), linear; the shader's counterpart of light.SKY_RGB / FLOOR_RGB."""
LIGHTS = 1
"""Light slots in the shader: the key light only (the hemisphere is ambient).
simplepbr's shader with two or more slots, each holding a shadow sampler,
crashed Mesa's llvmpipe in the first frame (seen with Mesa 22.3)."""
MSAA: Final = 4


def soft_shadow_source(frag: str) -> str:
    """simplepbr's fragment shader with its one-tap shadow lookup replaced by
    :data:`PCF_TAPS` taps spread over :data:`SHADOW_SOFT_CM` (``shadow_soft``
    in shadow-map units, a shader input); the source unchanged where the
    function is not found (a later simplepbr), so the light still works."""
    start = frag.find("float shadow_caster_contrib(")
    end = frag.find("\n}\n", start)
    if start < 0 or end < 0:
        return frag
    end += 3  # past the function's closing brace
    taps = ",\n".join(f"        vec2({x:.2f}, {y:.2f})" for x, y in PCF_TAPS)
    body = f"""uniform float shadow_soft;
float shadow_caster_contrib(sampler2DShadow shadowmap, vec4 shadowpos) {{
    vec3 light_space_coords = shadowpos.xyz / shadowpos.w;
    light_space_coords.z -= global_shadow_bias;
    vec2 taps[{len(PCF_TAPS)}] = vec2[](
{taps}
    );
    float lit = 0.0;
    for (int k = 0; k < {len(PCF_TAPS)}; ++k) {{
        vec3 at = vec3(light_space_coords.xy + taps[k] * shadow_soft, light_space_coords.z);
#ifdef USE_330
        lit += texture(shadowmap, at);
#else
        lit += shadow2D(shadowmap, at).r;
#endif
    }}
    return lit / {float(len(PCF_TAPS))};
}}
"""
    return frag[:start] + body + frag[end:]


def glsl_330(source: str, defines: dict[str, Any], vertex: bool) -> str:
    """One of simplepbr's GLSL 1.20 sources as GLSL 3.30 with ``defines``, the
    way simplepbr prepares its own (its texture names mapped to Panda3D's
    texture stages)."""
    lines = source.split("\n")
    version = next(i for i, line in enumerate(lines) if line.startswith("#version"))
    names = {"p3d_TextureBaseColor": "p3d_TextureModulate", "p3d_TextureMetalRoughness": "p3d_TextureSelector",
             **defines}
    head = [f"#define {k} {'' if v is True else v}" for k, v in names.items() if v]
    out = "\n".join(["#version 330", *head, "#line 1", *lines[:version], *lines[version + 1:]])
    return out.replace("varying ", "out " if vertex else "in ").replace("attribute ", "in ")


def hemisphere_sh(sky: Sequence[float], floor: Sequence[float]) -> list[tuple[float, float, float]]:
    """Nine spherical-harmonic coefficients (simplepbr's order, world y up)
    whose irradiance is ``sky`` straight up and ``floor`` straight down."""
    s, f = np.asarray(sky, dtype=float), np.asarray(floor, dtype=float)
    c0 = (s + f) / 2 * np.pi / 0.282095
    c_up = (s - f) / 2 * np.pi / 0.488603
    out = [(0.0, 0.0, 0.0)] * 9
    out[0] = (float(c0[0]), float(c0[1]), float(c0[2]))
    out[3] = (float(c_up[0]), float(c_up[1]), float(c_up[2]))  # simplepbr multiplies coefficient 3 by normal.y: Ursina's up
    return out


ROOM_SIZE = 16
"""px: a face of the room's reflection map (it holds only soft light)."""
ROOM_MIPS = 5
ROOM_LAMP = 7.0
"""The lamp's brightness in reflections (linear): the highlight a glossy piece shows."""


def room_radiance(directions: np.ndarray) -> np.ndarray:
    """What a glossy piece reflects (N x 3 linear RGB) in unit world
    ``directions`` (N x 3, Ursina's frame: y up): a warm lamp where the key
    light is, a pale ceiling, the room's walls, the wooden table below."""
    from app import frames
    from app.look import light

    d = np.asarray(directions, dtype=float)
    up = d[:, 1:2]
    ceiling, walls, table = np.array([0.55, 0.52, 0.48]), np.array([0.22, 0.20, 0.18]), np.array([0.16, 0.09, 0.045])
    sky = walls + (ceiling - walls) * np.clip(up, 0, 1) ** 0.7
    rgb = np.where(up >= 0, sky, walls + (table - walls) * np.clip(-up * 3, 0, 1))
    key = frames.directions_to_ursina(light.KEY[None, :])[0]
    near = d @ key
    lamp = ROOM_LAMP * np.exp(-(1.0 - near) / 0.006)[:, None] * np.array([1.0, 0.93, 0.80])
    toward = np.array([0.62, 0.36, 0.70]) / np.linalg.norm([0.62, 0.36, 0.70])  # a window, behind and to the right
    window = 0.9 * np.exp(-(1.0 - d @ toward) / 0.05)[:, None] * np.array([0.75, 0.85, 1.0])
    return rgb + lamp + window


def cube_directions(size: int) -> np.ndarray:
    """Unit directions (6 x size x size x 3) of a cube map's texels, faces and
    rows in the order simplepbr (and OpenGL) reads them."""
    m = size - 1 if size > 1 else 1
    xs = (np.arange(size) + 0.5 * (size == 1)) / m * 2 - 1
    x, y = np.meshgrid(xs, -xs, indexing="xy")  # row 0 at the top
    one = np.ones_like(x)
    faces = [(one, y, -x), (-one, y, x), (x, one, -y), (x, -one, y), (x, y, one), (-x, y, -one)]
    v = np.stack([np.stack(f, axis=-1) for f in faces])
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def room_map() -> Any:
    """The room's reflection cube map, pre-blurred per mip level for rougher
    surfaces (a cosine-power lobe over a coarse sampling of the room), in numpy:
    simplepbr's own filter is per-texel Python and took seconds."""
    from panda3d.core import PTA_uchar, SamplerState, Texture

    coarse = cube_directions(8).reshape(-1, 3)
    coarse_rgb = room_radiance(coarse)
    tex = Texture("toybox-room")
    tex.setup_cube_map(ROOM_SIZE, Texture.T_float, Texture.F_rgb32)
    tex.setMagfilter(SamplerState.FT_linear)
    tex.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    tex.setWrapU(SamplerState.WM_clamp)
    tex.setWrapV(SamplerState.WM_clamp)
    for level in range(ROOM_MIPS):
        size = max(1, ROOM_SIZE >> level)
        dirs = cube_directions(size).reshape(-1, 3)
        roughness = level / (ROOM_MIPS - 1)
        if level == 0:
            rgb = room_radiance(dirs)
        else:
            power = 2.0 / max(roughness, 0.05) ** 4 - 2.0
            w = np.clip(dirs @ coarse.T, 0.0, None) ** power
            rgb = (w @ coarse_rgb) / np.maximum(w.sum(axis=1, keepdims=True), 1e-12)
        data = np.ascontiguousarray(rgb[:, ::-1], dtype=np.float32).tobytes()  # Panda stores BGR
        arr = PTA_uchar.empty_array(len(data))
        memoryview(arr)[:] = data
        tex.setRamMipmapImage(level, arr)
    return tex


class Light:
    """The shader path's light rig: simplepbr's pipeline, the key light with its
    soft shadow map, the hemisphere; :meth:`frame` fits the shadow map to the
    table being shown."""

    def __init__(self, app: Any) -> None:
        import simplepbr
        from panda3d.core import AmbientLight, BitMask32, DirectionalLight, Shader, ShaderAttrib, Vec4
        from simplepbr.shaders import shaders

        from app.look import light

        render = app.render
        app.camNode.setCameraMask(BitMask32.bit(0))  # the view draws what hide(SHADOW_BIT) keeps out of the shadow map
        hemisphere = simplepbr.EnvMap.create_empty()  # the room: its light as harmonics, its reflection map
        for k, c in enumerate(hemisphere_sh(HEMI_SKY, HEMI_FLOOR)):
            hemisphere.sh_coefficients[k] = c
        hemisphere.filtered_env_map = room_map()
        self.pipeline = simplepbr.init(render_node=render, window=app.win, camera_node=app.cam, msaa_samples=MSAA,
                                       enable_shadows=True, shadow_bias=0.0015, max_lights=LIGHTS,
                                       use_330=True, use_emission_maps=False, env_map=hemisphere)
        defines = {"MAX_LIGHTS": LIGHTS, "ENABLE_SHADOWS": True, "USE_330": True, "ENABLE_SKINNING": True,
                   "CALC_NORMAL_Z": True}
        vert = glsl_330(shaders["simplepbr.vert"], defines, vertex=True)
        frag = glsl_330(soft_shadow_source(shaders["simplepbr.frag"]), defines, vertex=False)
        shader = Shader.make(Shader.SL_GLSL, vertex=vert, fragment=frag)
        if shader is not None:  # simplepbr's shader inputs and flags kept, the soft-shadow shader in its place
            render.set_attrib(render.get_attrib(ShaderAttrib).set_shader(shader))
        self.soft = 0.001
        render.set_shader_input("shadow_soft", self.soft)

        key = DirectionalLight("key")
        k = np.asarray(light.KEY_RGB) / max(light.KEY_RGB) * KEY_INTENSITY
        key.setColor(Vec4(float(k[0]), float(k[1]), float(k[2]), 1))
        key.setShadowCaster(True, SHADOW_MAP, SHADOW_MAP)
        key.setCameraMask(BitMask32.bit(SHADOW_BIT))
        self.key = render.attachNewNode(key)
        render.setLight(self.key)
        amb = AmbientLight("ambient")
        amb.setColor(Vec4(0.02, 0.02, 0.025, 1))
        self.ambient = render.attachNewNode(amb)
        render.setLight(self.ambient)
        self.frame((0.0, 0.0), 150.0)

    def frame(self, center: Sequence[float], extent_cm: float) -> None:
        """Point the key light at ``center`` (engine x, y) with its shadow map
        covering a square of ``extent_cm``: every texel spent on the table shown."""
        from app import frames
        from app.look import light

        cx, cy = float(center[0]), float(center[1])
        dist = extent_cm * 1.5
        at = frames.to_ursina((cx, cy, 0.0))
        src = frames.to_ursina((cx + light.KEY[0] * dist, cy + light.KEY[1] * dist, light.KEY[2] * dist))
        self.key.setPos(*src)
        self.key.lookAt(*at)
        lens = self.key.node().getLens()
        lens.setFilmSize(frames.length_to_ursina(extent_cm), frames.length_to_ursina(extent_cm))
        lens.setNearFar(frames.length_to_ursina(dist * 0.3), frames.length_to_ursina(dist * 1.8))
        self.soft = SHADOW_SOFT_CM / extent_cm
        self.key.getParent().set_shader_input("shadow_soft", self.soft)


_LIGHT: list[Light] = []


def start(app: Any, wanted: Wanted | None = None) -> LookPath:
    """Decide the path for ``app``'s window and, on the shader path, set the
    light up; returns the path in use (also :func:`active`)."""
    want = wanted if wanted is not None else wanted_from_env()
    win = getattr(app, "win", None)
    gsg = win.getGsg() if win is not None else None
    pipe = app.pipe.getType().getName() if getattr(app, "pipe", None) is not None else ""
    shaders = bool(gsg is not None and gsg.getSupportsBasicShaders() and gsg.getSupportsGlsl())
    driver = gsg.getDriverRenderer() if gsg is not None else ""
    path = choose(pipe, shaders, want, driver)
    _LIGHT.clear()
    if path is LookPath.PBR:
        try:
            _LIGHT.append(Light(app))
        except Exception as exc:  # noqa: BLE001 - a driver that refuses the pipeline still gets a picture
            import sys

            print(f"toybox: the shader light could not start ({type(exc).__name__}: {exc}); "
                  "drawing with baked light", file=sys.stderr)
            path = LookPath.BAKED
    set_active(path)
    return path


def frame_light(center: Sequence[float], extent_cm: float) -> None:
    """Fit the key light's shadow to a table (nothing on the baked path)."""
    if _LIGHT:
        _LIGHT[0].frame(center, extent_cm)


SHADOW_BIT = 4
"""The camera-mask bit of the key light's shadow camera: a node hidden from it
casts no shadow (Panda3D's own cameras draw bit 0 and up)."""

UNLIT_VERT = """#version 330
uniform mat4 p3d_ModelViewProjectionMatrix;
in vec4 p3d_Vertex;
in vec4 p3d_Color;
in vec2 p3d_MultiTexCoord0;
out vec4 v_color;
out vec2 v_uv;
void main() {
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_color = p3d_Color;
    v_uv = p3d_MultiTexCoord0;
}
"""
UNLIT_FRAG = """#version 330
uniform sampler2D p3d_Texture0;
uniform vec4 p3d_ColorScale;
uniform vec4 p3d_TexAlphaOnly;  // (1, 1, 1, 0) for an alpha-only texture (a font): its colour is white
in vec4 v_color;
in vec2 v_uv;
out vec4 o_color;
// the inverse of simplepbr's filmic tone map, so a flat colour comes out of it as given
vec3 untonemap(vec3 c) {
    c = clamp(c, 0.0, 0.985);
    vec3 a = 6.2 * (c - 1.0);
    vec3 b = 1.7 * c - 0.5;
    vec3 k = 0.06 * c;
    vec3 x = (-b - sqrt(max(b * b - 4.0 * a * k, 0.0))) / (2.0 * a);
    return x + 0.004;
}
void main() {
    vec4 c = (texture(p3d_Texture0, v_uv) + p3d_TexAlphaOnly) * v_color * p3d_ColorScale;
    o_color = vec4(untonemap(c.rgb), c.a);
}
"""


def untonemap(rgb: Sequence[float]) -> tuple[float, float, float]:
    """The linear colour simplepbr's tone map turns into ``rgb`` (the window's
    clear colour on the shader path)."""
    c = np.clip(np.asarray(rgb[:3], dtype=float), 0.0, 0.985)
    a, b, k = 6.2 * (c - 1.0), 1.7 * c - 0.5, 0.06 * c
    x = (-b - np.sqrt(np.maximum(b * b - 4 * a * k, 0.0))) / (2 * a) + 0.004
    return (float(x[0]), float(x[1]), float(x[2]))


_UNLIT: list[Any] = []


def unlit(node: Any) -> Any:
    """Keep a node out of the shader light (overlays, rays, labels: flat
    colours that must read the same from every side and through the tone
    map) and out of the shadow map; nothing to do on the baked path."""
    if active() is LookPath.PBR:
        from panda3d.core import BitMask32, Shader

        if not _UNLIT:
            _UNLIT.append(Shader.make(Shader.SL_GLSL, vertex=UNLIT_VERT, fragment=UNLIT_FRAG))
        node.setShader(_UNLIT[0], 10)
        node.setLightOff(10)
        node.hide(BitMask32.bit(SHADOW_BIT))
    return node
