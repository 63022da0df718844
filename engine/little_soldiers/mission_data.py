"""Little Soldiers Mission Book and Advanced Tactics data: plain values only.

What the books print is cited; every value they do not print is an
UPPER_CASE constant with a ``# chosen:`` comment, can be overridden through
``Config.overrides`` (see ``config._overridable``) and is listed by
``toybox rules little-soldiers``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

# --- Missions ---------------------------------------------------------------------
KING_OF_THE_HILL, BATTLE_ROYALE, A_NEW_THREAT, ANOTHER_NEW_THREAT = (
    "king_of_the_hill", "battle_royale", "a_new_threat", "another_new_threat")
MISSION_NAMES: tuple[str, ...] = (KING_OF_THE_HILL, BATTLE_ROYALE, A_NEW_THREAT, ANOTHER_NEW_THREAT)
COOP_MISSIONS = frozenset({A_NEW_THREAT, ANOTHER_NEW_THREAT})

# --- King of the Hill ---------------------------------------------------------------
CANDY_BY_PLAYERS: Mapping[int, int] = MappingProxyType({2: 7, 3: 11, 4: 11})  # Mission Book, Setup C
CANDY_PER_LEVEL: Mapping[int, int] = MappingProxyType({2: 2, 1: 1})  # Candy Distribution
KOTH_LID_TOKENS = 0  # Setup F: "all of your 3 Order tokens directly onto your General's card"

# --- Battle Royale -------------------------------------------------------------------
BR_ORDER_TOKENS = 1  # Setup C: "1 Order token of its color"
BATTLE_ROYALE_ROUND_LIMIT = 25
# chosen: the book has no round limit (the last soldier standing wins); a
# table of bots that never meet could play forever, so after this many rounds
# the players whose soldier is still in play share the win. 0 means no limit.

# --- A New Threat / Another New Threat ------------------------------------------------
# Threat -> (Defense, Toughness, Force Field switches that must all be off).
# Pinky, Howdy and Bob: the Mission Book's table (2/4, 2/5, 2/4); switch n is
# Threat n's ("These numbers correspond to the Switch numbers").
PINKY_DEFENSE, PINKY_TOUGHNESS = 2, 4
HOWDY_DEFENSE, HOWDY_TOUGHNESS = 2, 5
BOB_DEFENSE, BOB_TOUGHNESS = 2, 4
OCTOCUTIE_HEAD_DEFENSE = 2
# chosen: Octocutie's profile is not printed; the Head has the others' Defense.
OCTOCUTIE_HEAD_TOUGHNESS = 6
# chosen: the Head needs two switches off at once, so it is made the toughest part.
OCTOCUTIE_TENTACLE_DEFENSE = 2
# chosen: not printed; the same Defense as every printed Threat.
OCTOCUTIE_TENTACLE_TOUGHNESS = 3
# chosen: not printed; a Tentacle is a small part, one less than Pinky.

THREAT_SWITCHES: Mapping[str, Mapping[str, tuple[int, ...]]] = MappingProxyType({
    A_NEW_THREAT: MappingProxyType({"pinky": (1,), "howdy": (2,), "bob": (3,)}),
    # Another New Threat: "switches 1 and 3 each correspond to a Tentacle";
    # the Head needs 2 and 4 "at the same time".
    ANOTHER_NEW_THREAT: MappingProxyType({"octocutie-tentacle-1": (1,), "octocutie-head": (2, 4),
                                          "octocutie-tentacle-3": (3,)}),
})
THREAT_TITLES: Mapping[str, str] = MappingProxyType({
    "pinky": "Pinky", "howdy": "Howdy", "bob": "Bob", "octocutie-head": "Octocutie's Head",
    "octocutie-tentacle-1": "Octocutie's Tentacle (switch 1)", "octocutie-tentacle-3": "Octocutie's Tentacle (switch 3)",
})
THREAT_ACTION_TOKENS: tuple[int, ...] = (1, 2, 3, 4)  # Setup E: "4 Numbered Block tokens (from 1-4)"
THREAT_RESET_TOKEN = 4  # "If the number revealed is 4"
SUPER_SPECIAL_LIGHTNING = 3  # "If you roll 3 or more Lightning"
SPECIAL_ABILITY_SHIELDS = 1  # the profile card: "Place 1 Shield token on all valid targets" per lightning
SUPER_SPECIAL_SHIELDS = 2  # "Place 2 Shield tokens on all Little Soldiers"
SUPER_SPECIAL_ONCE = True
# chosen: the book shows one profile card and does not say whose it is; every
# Threat is given that card, and a collective Attack fires it once, not once
# per Threat.
THREAT_TRACK_SPACES: Mapping[str, int] = MappingProxyType({"1": 4, "2": 4, "3": 5, "4": 6})
# chosen: the Flag's starting space "depending on the number of players (1-2,
# 3 or 4)" is printed on a card we cannot read: this many breaks from the
# Threat Victory space, one more per extra player's pair of soldiers.
THREAT_TARGET_RADIUS = 1.5
# chosen (cm): the Target symbols printed on the box bottom are about 3 cm
# across; "fully visible" is tested like a head of this radius.
LAST_THREAT_ENDS_GAME = True
# chosen: the End of the Turn list never checks for beaten Threats, but with
# none left there is nothing to play for: the game ends at once, won.
ADJACENT_SCENERY_CM = 6.0
# chosen: a switch token with no "scenery" list in the battlefield file is
# adjacent to the scenery pieces whose footprint is within this distance.

# --- Advanced Tactics ------------------------------------------------------------------
TACTICS_CARDS_PER_TURN = 3  # "you can only play 3 cards per turn"
TACTICS_HQ_LIMIT = 3  # "You cannot have more than 3 played Tactics cards in your HQ"
CRATE_DRAW = 2  # "Draw 2 Tactics cards"
BONUS_ORDER_TOKENS = 3  # Extra Components: "Bonus Order tokens (x3)"
STARTING_TACTICS = 3  # "Each player takes the 3 Tactics cards shown on the back of their General's card"
GENERALS_ORDERS_BONUS = 2
# chosen: General's Orders "gains Bonus Order tokens", how many is not known;
# two of the three in the box, so a second player's card still finds one.
DEPLOYMENT_SIDE_BY_POSITION = True
# chosen: a Deployment token without a "colour" in the battlefield file shows
# the colour of the side it is nearer (green sits at y = 0, yellow across).
