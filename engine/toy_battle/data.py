"""Toy Battle component data, transcribed from ``shared/data/toy_battle_facts.json``.

Everything printed in the box (troop strengths, copies, rack size, the
special bases) is here, with how sure the facts are where they are unsure.
Values the rules do not print and Toybox had to choose carry a
``# chosen:`` comment.
"""

from __future__ import annotations

# --------------------------------------------------------------------- troops
# A troop's *kind* is its strength, 1..7; Kwak, the joker ("X" on the tile),
# is kind 0. Strengths are HIGH confidence: the official WIP player aid, the
# BGA port (strength = type % 10, Kwak = 8) and the BGA help table agree.
KWAK, SKULLY, CAPN, JUMBO, HOOK, XB42, STAR, ROXY = range(8)

TROOP_NAMES: tuple[str, ...] = ("kwak", "skully", "capn", "jumbo", "hook", "xb42", "star", "roxy")
"""Lower-case names as used in files, actions and the public API; index = kind."""

TROOP_TITLES: tuple[str, ...] = ("Kwak", "Skully", "Cap'n", "Jumbo", "Hook", "XB-42", "Star", "Roxy")
"""Names as printed on the player aid (English edition / BGA)."""

TROOP_EFFECTS: tuple[str, ...] = (
    "No effect. Joker: may be placed on any enemy Troop whatever its strength, "
    "and any enemy Troop may be placed on it.",
    "May take 2 Troops from your reserve onto your rack (only 1 if that fills the rack).",
    "May place 1 more Troop from your rack (normal placement rules) and resolve its effect too.",
    "May send 1 visible enemy Troop adjacent to Jumbo face up to the discard, whatever its strength.",
    "May ignore the connection to your H.Q. and go on any base (the slot rules still apply; "
    "the enemy H.Q. is not a base, so capturing it still needs the connection).",
    "May take 1 Troop at random from the opponent's rack and put it face up in the discard.",
    "May take 1 Troop from your reserve onto your rack.",
    "No effect.",
)
# Unsure facts, kept as the facts file ranks them:
# - Hook: older BGA help revisions gave Hook Skully's "draw 2" text; the 18 Dec
#   2025 revision, the player aid and the port agree on "ignore the
#   connection", which is what Toybox plays.
# - Star: the rack limit is inferred from the general rack rule (MEDIUM).

COPIES_PER_KIND = 3
TROOPS_PER_COLOUR = 24  # 8 kinds x 3 copies
REMOVED_UNSEEN = 4  # back to the box, unseen, at setup
RACK_MAX = 8
DRAW_COUNT = 2
START_RACK_FIRST = 3
START_RACK_SECOND = 4
SKULLY_DRAW = 2
STAR_DRAW = 1

COLOURS: tuple[str, str] = ("blue", "red")
"""Seat 0 is blue (bottom of the board art, node ids 1/2), seat 1 is red (41/42)."""

# -------------------------------------------------------------- special bases
# Codes in level files are readable words; the BGA port's numbers are noted.
RETURN = "return"  # BGA 11, Castle Field
ONLY_1_2 = "only-1-2"  # BGA 21, Tropical Pool
ONLY_3_4_5 = "only-3-4-5"  # BGA 23, Tropical Pool
ONLY_6_7 = "only-6-7"  # BGA 26, Tropical Pool (also one H.Q. per side)
DRAW_ONE = "draw-1"  # BGA 31, City of Clouds
PUSH = "push"  # BGA 41, Volcanic Jungle
RAISE = "raise"  # BGA 51, Cursed Cemetery
NO_EFFECTS = "no-effects"  # BGA 71, Station Metal-X
BLOCK = "block"  # BGA 81, Battlefield

BGA_CODES: dict[int, str] = {
    11: RETURN,
    21: ONLY_1_2,
    23: ONLY_3_4_5,
    26: ONLY_6_7,
    31: DRAW_ONE,
    41: PUSH,
    51: RAISE,
    71: NO_EFFECTS,
    81: BLOCK,
}

SPECIAL_EFFECTS: dict[str, str] = {
    RETURN: "May return 1 of your other visible Troops on the Terrain to your rack.",
    ONLY_1_2: "Only a Troop of strength 1 or 2 (or Kwak) may be placed here.",
    ONLY_3_4_5: "Only a Troop of strength 3, 4 or 5 (or Kwak) may be placed here.",
    ONLY_6_7: "Only a Troop of strength 6 or 7 (or Kwak) may be placed here.",
    DRAW_ONE: "May take 1 Troop from your reserve onto your rack.",
    PUSH: "May move 1 visible enemy Troop adjacent to this base onto a base adjacent to "
    "where it stands, ignoring the placement rules.",
    RAISE: "May take 1 of your own Troops from the discard back onto your rack.",
    NO_EFFECTS: "A Troop placed here has no effect.",
    BLOCK: "Point blind at 1 Troop on the opponent's rack: it lies face down and cannot be "
    "placed on their next turn (it still counts toward the 8-Troop rack limit).",
}

PLACEMENT_LIMITS: dict[str, frozenset[int]] = {
    # Which kinds may be placed on a value-restricted Pool base. Kwak on all of
    # them is inferred from the duck icon printed beside each range and the BGA
    # port (MEDIUM-HIGH).
    ONLY_1_2: frozenset({KWAK, SKULLY, CAPN}),
    ONLY_3_4_5: frozenset({KWAK, JUMBO, HOOK, XB42}),
    ONLY_6_7: frozenset({KWAK, STAR, ROXY}),
}

SPECIAL_CODES: frozenset[str] = frozenset(SPECIAL_EFFECTS)

# Interpretations where the facts are silent or unsure; each is what the BGA
# port does unless said otherwise.
# chosen: the Battlefield "point blind" is a uniform random pick among the
# opponent's standing rack Troops (a blind point cannot be aimed), and it is
# not optional (the aid does not say "may").
BLOCK_IS_OPTIONAL = False
# chosen: Hook's free placement cannot reach a Station Metal-X special base
# (the BGA port forbids it; the aid is silent).
HOOK_FREE_ON_NO_EFFECTS = False
# chosen: an effect that would take the rack above 8 is not offered at all
# (facts: "that effect cannot be applied"); Skully with 7 on the rack takes 1.

TERRAIN_FILES: tuple[str, ...] = (
    "castle-field",
    "tropical-pool",
    "city-of-clouds",
    "volcanic-jungle",
    "cursed-cemetery",
    "caribbean-sea",
    "station-metal-x",
    "battlefield",
)
"""The 8 terrains in the box, as file stems under ``levels/toy_battle/``, in BGA order."""

DEFAULT_TERRAIN = "castle-field"  # the rulebook suggests it for a first game
