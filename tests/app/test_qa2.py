"""Second live QA round: what confused a player at the table."""

from __future__ import annotations


def test_little_soldiers_home_view_frames_track_and_both_hqs_clear_of_the_hud(probe, tmp_path):
    """The Battle Track ran off the left edge, the far HQ cards sat under the
    hint box, and the General's card text ran past the card."""
    facts = probe("little_soldiers_framing", str(tmp_path / "ls.png"))
    w, h = facts["size"]
    x0, x1, y0, y1 = facts["free"]
    for name, at in facts["at"].items():
        assert at is not None, f"{name} is off screen"
        fx, fy = at[0] / (w - 1) * 2 - 1, 1 - at[1] / (h - 1) * 2
        assert x0 - 0.02 <= fx <= x1 + 0.02 and y0 - 0.02 <= fy <= y1 + 0.02, (name, fx, fy)
    assert any(k.startswith("card-label-") and "-" not in k[len("card-label-"):] for k in facts["labels"])
    for name, width in facts["labels"].items():
        assert 0 < width <= facts["card_w"] - 1.0, (name, width)
