"""Perft-style counts: every legal action sequence after a fixed opening on Castle Field.

Opening: blue starts with Roxy, Cap'n, Hook on the rack; red holds Jumbo,
Kwak, Star, Skully; reserves follow the helpers' fixed order. Chance steps
(XB-42's pick) are expanded without using up depth. Depths 1 and 2 are
worked by hand below; 3 and 4 were computed once and checked in, so a rule
change that alters the tree shows up here.
"""

from __future__ import annotations

from engine.toy_battle.actions import Draw, Place, Skip
from engine.toy_battle.state import ToyBattleState
from tests.conformance.perft import perft
from tests.toy_battle.helpers import start


def opening() -> ToyBattleState:
    return start("castle-field", blue=["roxy", "capn", "hook"], red=["jumbo", "kwak", "star", "skully"])


def test_perft_depth_1_by_hand() -> None:
    # Draw; Roxy and Cap'n on 11 or 12 (next to H.Q. 1); Hook on any of the 15 empty bases.
    state = opening()
    legal = state.legal_actions(0)
    assert len(legal) == 1 + 2 + 2 + 15 == 20
    assert legal[0] == Draw() and len(set(legal)) == 20


def test_perft_capn_follow_up_by_hand() -> None:
    # after Cap'n on 11: Roxy on 11, 12, 13; Hook on any of the 15 bases; or skip
    state = opening()
    state.apply(0, Place("capn", "11"))
    legal = state.legal_actions(0)
    assert len(legal) == 3 + 15 + 1 == 19 and legal[-1] == Skip()


def test_perft_depth_2_by_hand() -> None:
    # red answers with Draw or one of 4 troops on 24/25 (9), except after Hook on 24 or 25,
    # where only Star and Kwak may cover it (7); Cap'n's follow-up is a decision of its own (19).
    by_hand = 9 + 2 * 9 + 2 * 19 + 2 * 9 + 11 * 9 + 2 * 7
    assert by_hand == 196
    assert perft(opening(), 2) == by_hand


def test_perft_depths_3_and_4_checked_in() -> None:
    state = opening()
    assert perft(state, 3) == 1097
    assert perft(state, 4) == 8255
