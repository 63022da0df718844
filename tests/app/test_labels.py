"""HUD labels cut to fit (``app.hud.fit_text``): measured once per text and cut by
halving, they read exactly as the cut a character at a time they replaced."""

from __future__ import annotations


def test_a_label_is_cut_as_a_character_at_a_time_would_cut_it(probe):
    f = probe("labels_cut_to_fit")
    assert f["same_twice"]
    wrong = [c for c in f["cases"] if c["got"] != c["want"]]
    assert not wrong, wrong[:3]
    assert any(c["got"] != c["text"] for c in f["cases"]) and any(c["got"] == c["text"] for c in f["cases"])
    assert all(c["fits"] for c in f["cases"] if len(c["got"].rstrip(".")) > 1)  # a single character is the least kept
