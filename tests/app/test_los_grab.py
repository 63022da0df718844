"""Issue 27, the line-of-sight debugger: the attacker standing behind the orange
shoebox could not be grabbed. Only its head showed over the box, and the ray
through the head meets the table far behind its base, where the pick looked."""

from __future__ import annotations

from pathlib import Path

from app.editor.los_session import LosSession
from engine.little_soldiers.table.figures import figure_size

ROOT = Path(__file__).resolve().parents[2]


def _session() -> LosSession:
    return LosSession.open(ROOT / "levels/little_soldiers/bootcamp.json", "40,20", "80,60")


def test_a_figurine_is_grabbed_by_its_head_over_a_box():
    s = _session()
    fig = s.figurines["attacker"]
    head = (fig.spot.x, fig.spot.y, fig.spot.z + figure_size(fig.kind).head_center_height)
    eye = (fig.spot.x + 5.0, fig.spot.y - 70.0, fig.spot.z + 35.0)  # the camera, in front and above
    through = tuple(e + 2 * (h - e) for e, h in zip(eye, head, strict=True))
    # the old pick: where that ray meets the table, far behind the base
    t = eye[2] / (eye[2] - through[2])
    table = (eye[0] + t * (through[0] - eye[0]), eye[1] + t * (through[1] - eye[1]))
    assert s.pick(*table) is None
    assert s.pick_ray(eye, through) == "attacker" and s.selected == "attacker"


def test_the_nearest_figurine_on_the_ray_is_grabbed_and_a_miss_grabs_nothing():
    s = LosSession.open(ROOT / "levels/little_soldiers/bootcamp.json", "40,20", "40,60")
    a, t = s.figurines["attacker"], s.figurines["target"]
    eye = (40.0, -40.0, 4.0)  # low, looking along y: both stand on the ray, the attacker nearer
    assert s.pick_ray(eye, (40.0, 100.0, 4.0)) == "attacker"
    assert s.pick_ray((40.0, 100.0, 4.0), eye) == "target"
    assert s.pick_ray(eye, (90.0, 100.0, 40.0)) is None
    assert a.spot.y < t.spot.y


def test_the_window_names_what_blocks_and_what_a_figurine_stands_on_as_the_game_does():
    """Live, the debugger's panel said "blocked by  cereal-box-east": the battlefield
    file's id. The window now says the piece's name (the log's and tooltips' words);
    the command's report keeps the ids for scripts."""
    from engine.little_soldiers.names import piece_name

    s = LosSession.open(ROOT / "levels/little_soldiers/levels.json", "40.2,8.7", "102,40")
    sight = s.sight()
    assert sight.blockers and not sight.valid
    words = s.blocker_words(sight)
    assert words == ", ".join(sorted(piece_name(s.bf.piece(b)) for b in sight.blockers))
    assert "-" not in words and "_" not in words, words
    assert all(b in s.report() for b in sight.blockers)  # the command's text is for scripts: ids
    top = next(p for p in s.bf.scenery if p.id != piece_name(p))
    assert s.piece_words(top.id) == piece_name(top)
    clear = LosSession.open(ROOT / "levels/little_soldiers/levels.json", "18,40", "102,40")
    assert clear.blocker_words(clear.sight()) == "nothing"
