"""Issue 12, found playing in the live window (helper live2): what a player
saw that the earlier tests did not hold."""

from __future__ import annotations

import pytest

from tests.app.test_qa_layout import overlaps


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 2), (5, 7)])
def test_little_battle_chests_and_revealed_cards_leave_every_label_readable(probe, players, seed):
    """Issue 12, layout ('nothing overlaps'): the chests a player won stood on the
    name plate beside its Ship (purple's red chest on 'Player 5 (purple) ready'), and
    the last reveal's cards lay on the far players' plates (yellow's at 5 players)."""
    f = probe("little_battle_clutter", str(players), str(seed), timeout=300)
    assert sum(f["loot"]) > 0 and f["cards"], f["loot"]
    plates = {n: b for n, b in f["labels"].items()}
    assert len([n for n in plates if n.startswith("ship-label-")]) == players
    for thing in f["chests"] + f["cards"]:
        for name, plate in plates.items():
            assert not overlaps(thing["box"], plate), (name, thing)
