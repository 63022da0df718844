"""Throws: deterministic across processes, seeded scatter, faces, teleporters."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.geometry import Battlefield, Die12, Landing, ThrowError, ThrowSpec
from engine.geometry import throw as physics_throw
from engine.little_soldiers import data
from engine.little_soldiers.table.throws import face_value, throw, throw_spec
from tests.geometry.conftest import cylinder, field

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from engine.geometry import Battlefield
from engine.little_soldiers.table.throws import throw
bf = Battlefield.load({level!r})
out = []
for kind, start, seed in [("grenade", (40.0, 30.0), 3), ("mortar", (60.0, 0.5, 3.0), 5)]:
    landing = throw(bf, kind, start, (0.2, 1.0) if kind == "mortar" else (1.0, 0.3), 0.6, seed)
    out.append([landing.position, landing.face, landing.attempts,
                hashlib.sha256(repr(landing.trajectory + landing.rotations).encode()).hexdigest()])
print(json.dumps(out))
"""


def _run_in_subprocess() -> list:
    level = str(ROOT / "levels" / "little_soldiers" / "reference.json")
    code = SCRIPT.format(root=str(ROOT), level=level)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)


def test_throws_are_bit_identical_across_processes():
    first = _run_in_subprocess()
    second = _run_in_subprocess()
    assert first == second
    # And in this process too (after other Bullet worlds have existed).
    from engine.geometry import Battlefield

    bf = Battlefield.load(ROOT / "levels" / "little_soldiers" / "reference.json")
    landing = throw(bf, "grenade", (40.0, 30.0), (1.0, 0.3), 0.6, 3)
    assert list(landing.position) == first[0][0]
    assert landing.face == first[0][1]


def test_seed_scatters_the_landing():
    bf = field()
    spots = {throw(bf, "grenade", (20, 50), (1, 0), 0.5, seed).position for seed in range(4)}
    assert len(spots) == 4


def test_grenade_lands_face_up_and_forward():
    bf = field()
    landing = throw(bf, "grenade", (20, 50), (1, 0), 0.5, 1)
    assert isinstance(landing, Landing)
    assert landing.face in data.GRENADE_DIE_FACES
    assert face_value(landing) == data.GRENADE_FACE_VALUES[landing.face]
    assert landing.settled and landing.in_play_zone
    x, y, z = landing.position
    assert x > 30  # it rolled forward along +x
    # Resting on a face: centre at the die's inradius (+ Bullet's margin).
    assert z == pytest.approx(data.GRENADE_DIE_RADIUS * 0.7947, abs=0.08)
    t = [p[0] for p in landing.trajectory]
    assert t == sorted(t) and len(landing.trajectory) == len(landing.rotations)


def test_mortar_token_shows_a_side():
    bf = field()
    landing = throw(bf, "mortar", (50, 1, 2), (0, 1), 0.5, 2)
    assert landing.face in data.MORTAR_TOKEN_SIDES
    assert face_value(landing) == data.MORTAR_TOKEN_SIDES[landing.face]
    # 45 degrees at 0.5 * 320 = 160 cm/s: range v^2 / g = 26 cm, plus rolling.
    assert landing.position[1] > 15


def test_teleporter_contact_is_reported():
    # A can with a Teleporter right in the die's path.
    bf = field(cylinder("can", 4, 12, 35, 50, obj="teleporter"))
    landing = throw(bf, "grenade", (20, 50), (1, 0), 0.5, 1)
    assert landing.touched == ("can",)
    plain = field(cylinder("can", 4, 12, 35, 50))
    assert throw(plain, "grenade", (20, 50), (1, 0), 0.5, 1).touched == ()


def test_bad_throws_are_refused():
    bf = field()
    with pytest.raises(ThrowError):
        throw(bf, "rock", (0, 0), (1, 0), 0.5, 1)
    with pytest.raises(ThrowError):
        throw(bf, "grenade", (0, 0), (1, 0), 1.5, 1)
    with pytest.raises(ThrowError):
        throw(bf, "grenade", (0, 0), (0, 0), 0.5, 1)


def test_the_die_faces_come_from_the_spec():
    # The geometry names the face up from the spec it is handed: a die whose
    # faces all read "x" lands on "x", on the same spot as the game's die.
    bf = field()
    game = throw(bf, "grenade", (20, 50), (1, 0), 0.5, 1)
    spec = throw_spec("grenade")
    plain = ThrowSpec(**{**spec.__dict__, "body": Die12(spec.body.radius, spec.body.mass, ("x",) * 12)})
    other = physics_throw(bf, plain, (20, 50), (1, 0), 0.5, 1)
    assert other.face == "x" and other.position == game.position


def test_a_die_needs_twelve_faces():
    with pytest.raises(ValueError, match="12 face names"):
        Die12(1.0, 1.0, ("3", "5"))


def test_a_throw_without_its_trajectory_lands_the_same():
    # The rules' throws skip the 60 Hz animation samples; the physics must
    # not notice: same landing, same touches, the last sample the rest spot.
    bf = Battlefield.load(ROOT / "levels" / "little_soldiers" / "reference.json")
    for kind, start, seed in [("grenade", (40.0, 30.0), 3), ("mortar", (60.0, 0.5, 3.0), 5), ("grenade", (20.0, 50.0), 9)]:
        full = throw(bf, kind, start, (1.0, 0.3), 0.6, seed)
        bare = throw(bf, kind, start, (1.0, 0.3), 0.6, seed, record=False)
        assert (bare.position, bare.face, bare.touched, bare.attempts, bare.settled) == \
            (full.position, full.face, full.touched, full.attempts, full.settled)
        assert bare.trajectory == full.trajectory[-1:] and bare.rotations == full.rotations[-1:]
        assert len(full.trajectory) > 10
    can = field(cylinder("can", 4, 12, 35, 50, obj="teleporter"))
    assert throw(can, "grenade", (20, 50), (1, 0), 0.5, 1, record=False).touched == ("can",)
