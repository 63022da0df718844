"""Little Soldiers rules data: cards, dice, tokens and the values we chose.

Plain data, no logic. Physical sizes (figurines, cords, the Grenade die's
faces, the Mortar token's sides) live in ``data.py`` next to the geometry.
What the books print is cited; every value they do not print is an
UPPER_CASE constant with a ``# chosen:`` comment, can be overridden through
``Config.overrides`` and is listed by ``toybox rules little-soldiers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SOLDIER_TYPES: tuple[str, ...] = ("infantry", "sniper", "operator", "grenadier")

SPECIAL_ACTIONS: Mapping[str, str] = MappingProxyType({
    "infantry": "Scout",
    "sniper": "Risky Shot",
    "operator": "Mortar Shot",
    "grenadier": "Throw a Grenade",
})

TEAMS: tuple[str, ...] = ("green", "yellow")
"""Squad colours (Bootcamp, HQ Zone). The first (green) player sits at y = 0."""

GENERALS: Mapping[str, str] = MappingProxyType({"green": "Dinosaur", "yellow": "Brick"})
"""The General each colour plays; the facts name Dinosaur green and Brick yellow."""

SECOND_GENERALS: Mapping[str, str] = MappingProxyType({"green": "Apple", "yellow": "Sun"})
# chosen: the facts name four Generals but only give Dinosaur's and Brick's
# colours; in 2 Against 2 the second General of each team takes the rest.

# --- Cards: Defense and Toughness (per rank) -----------------------------------
# Infantry 2/5 both sides: read on photos of the physical card (facts, HIGH).
# Sniper 3 Defense: the Bootcamp's own example ("The Yellow Sniper's defense
# is 3"); Toughness 3 from the fan toolkit.
INFANTRY_DEFENSE = 2
INFANTRY_TOUGHNESS = 5
SNIPER_DEFENSE = 3
SNIPER_TOUGHNESS = 3
GRENADIER_DEFENSE = 2  # chosen: not printed or found; the fan toolkit's placeholder, Infantry's value
GRENADIER_TOUGHNESS = 6
OPERATOR_DEFENSE = 2  # chosen: not printed or found; the fan toolkit's placeholder, Infantry's value
OPERATOR_TOUGHNESS = 5
SUPER_SOLDIER_SAME_STATS = True
# chosen: the double-chevron side's values are only known for the Infantry
# (the same as the front); the others are assumed the same too.

CARD_STATS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "infantry": (INFANTRY_DEFENSE, INFANTRY_TOUGHNESS),
    "sniper": (SNIPER_DEFENSE, SNIPER_TOUGHNESS),
    "operator": (OPERATOR_DEFENSE, OPERATOR_TOUGHNESS),
    "grenadier": (GRENADIER_DEFENSE, GRENADIER_TOUGHNESS),
})
"""(Defense, Toughness) per type, New Recruit and Super Soldier sides alike."""

# --- Figurines per colour ---------------------------------------------------------
FIGURINES_PER_COLOUR = 5  # Bootcamp, Components: "x10: 5 Green, 5 Yellow"
FIFTH_FIGURINE = "infantry"
# chosen: four types and five figurines per colour; the box's fifth is not
# listed. A second Infantry lets 2 Against 2 give each General an Infantry.
BOX_FIGURINES: tuple[str, ...] = ("infantry", "sniper", "operator", "grenadier", FIFTH_FIGURINE)

# --- Dice ----------------------------------------------------------------------------
ATTACK_DICE = 5  # Bootcamp, Attack: "Roll the 5 Attack dice"
ATTACK_DIE_FACES: tuple[str, ...] = ("hit", "hit", "hit", "lightning", "blank", "blank")
# chosen: the faces are hit, lightning and blank (facts) but the split is not
# printed: half hits gives 2.5 hits a roll and ~3.8 after rerolling blanks,
# so an unshielded Infantry (Defense 2, Toughness 5) breaks in about three
# Attacks, which fits a game of about six Orders a side.
SNIPER_DIE_FACES: tuple[str, ...] = ("hit", "hit", "double_hit", "blank", "shield", "heart")
# chosen: the Risky Shot's die "adds results to your roll, but not all of them
# are good"; the book names its shield face (2 Shields on the Sniper) and
# heart face (1 Heart on the Sniper); the rest of the split is ours.
FACE_HITS: Mapping[str, int] = MappingProxyType({
    "hit": 1, "double_hit": 2, "lightning": 0, "blank": 0, "shield": 0, "heart": 0,
})
SNIPER_SHIELD_FACE_SHIELDS = 2  # Bootcamp, Risky Shot: "adds 2 Shield tokens"
SNIPER_HEART_FACE_HEARTS = 1  # Bootcamp, Risky Shot: "adds 1 Heart token"
BASE_REROLLS = 1  # Bootcamp: "reroll all or some of the dice once"
RED_RANGE_REROLLS = 1  # Bootcamp: one more within red Range
HEIGHT_REROLLS = 1  # Levels: one more from a higher Level
SCOUT_SHIELDS = 2  # Bootcamp, Scout
RADAR_SHIELDS = 2  # Objects, Radar: "up to two"

# --- Order tokens, Battle Track ---------------------------------------------------------
LID_ORDER_TOKENS = 3  # Bootcamp, HQ Zone: "3 Order tokens ... on the lid"
ROUNDS = 3  # one round per lid token
STARTING_SOLDIERS = 2  # Infantry + one other (Bootcamp, HQ Zone)
FLAG_STEPS_TO_VICTORY = 3
# chosen: the Battle Track's length is not printed. Three spaces each way
# means a Wipeout of a two-soldier squad (1 + 1 + 1 extra) wins at once.
BLOCK_TOKENS: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4)  # "the 8 Block tokens, numbered 1 to 4"
DEPLOYMENT_NUMBERS: tuple[int, ...] = (1, 2, 3, 4)

PRACTICE_SHOTS = 1
# chosen: "1 practice shot for Grenades and Mortars per game" per player, read
# as one shot for either weapon; the practice throw's result is ignored and
# the Special Action is then thrown for real (the Order is not lost).

CONTACT_TOLERANCE = 0.3
# chosen (cm): "in contact" on a real table is a gap a child would not argue
# about: up to 3 mm between a base and a token, an Object or a scenery piece.

SWITCH_SIDE_COUNTS = True
# chosen: "For each switch visible in the Play Zone, all players have 1 less
# reroll" read literally: tokens showing their switch side (the set-up side)
# count; activating one flips it off.

ORPHAN_GENERAL_PASSES = True
# chosen (2 Against 2): a General whose own soldiers are all broken while the
# team's colour is still in play cannot give an Order; its tokens stay on it
# and do not hold the round open.
