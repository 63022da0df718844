"""Little Soldiers data: the physical sizes the geometry engine measures with.

Plain data only, no logic, so the rules engineer can extend it. Units are
centimetres, degrees, grams and seconds. The rulebooks (``shared/rules/
little-soldiers.txt``) print almost no lengths; every value they do not print
is an UPPER_CASE constant with a ``# chosen:`` comment that says why.

What the books do say, and these values respect:

* "green distance is equivalent to 1 Move token" (Bootcamp, Deploy): green is
  the length of a Move token, the shortest distance in the game.
* Moves use the yellow cord (Bootcamp, Move); the Grenade blast is yellow range.
* "+1 reroll if within red Range of your target", and the book's example
  shows an Infantry "too far away" for red range while a Sniper is inside it:
  red is a close-range bonus, so it is chosen shorter than yellow.
* Figurines are about 5 cm tall; scenery in the hatched zones must be taller.
"""

from __future__ import annotations

# --- Figurines --------------------------------------------------------------

FIGURINE_TYPES: tuple[str, ...] = ("infantry", "sniper", "operator", "grenadier")

# chosen: the toy soldiers measure about 5 cm from the bottom of the base to the
# top of the head; the issue fixes these proportions for all four types.
FIGURINE_HEIGHT = 5.0
# chosen: head centre height above the bottom of the base (issue: about 4.2 cm).
HEAD_CENTER_HEIGHT = 4.2
# chosen: head radius (issue: about 0.8 cm); head top = 4.2 + 0.8 = 5.0 cm.
HEAD_RADIUS = 0.8
# chosen: round base radius (issue: about 1.2 cm).
BASE_RADIUS = 1.2
# chosen: base disc thickness, thin like the moulded plastic bases.
BASE_THICKNESS = 0.3

# Per-type figurine dimensions. All types share the toy's size today; the
# table exists so a type can differ later without touching the geometry code.
FIGURINES: dict[str, dict[str, float]] = {
    kind: {
        "height": FIGURINE_HEIGHT,
        "head_center_height": HEAD_CENTER_HEIGHT,
        "head_radius": HEAD_RADIUS,
        "base_radius": BASE_RADIUS,
    }
    for kind in FIGURINE_TYPES
}

# The weapon each type carries in its mesh (meshes/make_meshes.py).
FIGURINE_WEAPONS: dict[str, str] = {
    "infantry": "rifle",
    "sniper": "long rifle with scope",
    "operator": "radio backpack and pistol",
    "grenadier": "grenade in raised hand",
}

# --- Cords and distances ----------------------------------------------------

# chosen: "green distance is equivalent to 1 Move token"; a Move token is a
# small punchboard piece, about the length of a finger joint.
GREEN_MOVE_TOKEN_LENGTH = 6.0
# chosen: width of the green Move token (a rounded rectangle on the punchboard).
GREEN_MOVE_TOKEN_WIDTH = 2.5
# chosen: red range is a close-range bonus (+1 reroll), so shorter than yellow;
# 10 cm is two figurine heights of gap between bases, "point blank".
RED_CORD_LENGTH = 10.0
# chosen: the yellow cord is the standard Move and the grenade's blast radius;
# 20 cm crosses about a sixth of a 120 cm play zone per Move, so a soldier
# needs several turns to cross the table, as the book's examples suggest.
YELLOW_CORD_LENGTH = 20.0

# Range bands in increasing length; engine.geometry.ranges.shortest_band reports the shortest
# band a distance fits in.
CORD_LENGTHS: dict[str, float] = {
    "green": GREEN_MOVE_TOKEN_LENGTH,
    "red": RED_CORD_LENGTH,
    "yellow": YELLOW_CORD_LENGTH,
}

# chosen: the cord is a thin string; it can pass gaps too narrow for a base.
CORD_RADIUS = 0.1

# --- Grenade die ------------------------------------------------------------

# chosen: a French blog calls the Grenade die 12-sided; the face split is not
# printed, so each of 3, 5, 7 and Boom gets 3 faces. Faces are listed in the
# order of geometry.throws.D12_FACE_NORMALS (pentagonal dodecahedron).
GRENADE_DIE_FACES: tuple[str, ...] = (
    "3", "5", "7", "boom",
    "3", "5", "7", "boom",
    "3", "5", "7", "boom",
)
# chosen: attack value of each face; Boom hits the thrower for 7 (Bootcamp).
GRENADE_FACE_VALUES: dict[str, int] = {"3": 3, "5": 5, "7": 7, "boom": 7}
# chosen: circumradius of the die (vertex distance from centre), about a 16 mm die.
GRENADE_DIE_RADIUS = 0.9
# chosen: mass of a small plastic die.
GRENADE_DIE_MASS = 3.0

# --- Mortar token -----------------------------------------------------------

# chosen: the Mortar token's two sides give "different numbers of Hearts"
# (Bootcamp, Operator); the numbers are not printed: 1 and 2.
MORTAR_TOKEN_SIDES: dict[str, int] = {"front": 2, "back": 1}
# chosen: a round punchboard token, 2 cm across, 2 mm thick.
MORTAR_TOKEN_RADIUS = 1.0
MORTAR_TOKEN_THICKNESS = 0.2
# chosen: mass of a punchboard token.
MORTAR_TOKEN_MASS = 1.0
# chosen: the mortar's blast: figurines within yellow range take the Hearts
# (the book says "within range" without naming a cord).
MORTAR_RANGE_CORD = "yellow"
GRENADE_RANGE_CORD = "yellow"

# --- Throws -----------------------------------------------------------------

# chosen: launch speed at strength 1.0. A good flick sends a die across about
# half of a 120 cm table; the catapult spoon throws a token up to ~1 m.
GRENADE_MAX_SPEED = 250.0
MORTAR_MAX_SPEED = 320.0
# chosen: the catapult spoon launches at 45 degrees above the table.
MORTAR_LAUNCH_ELEVATION = 45.0
# chosen: a flick gives a little lift and plenty of spin so the die rolls
# ("The die must roll!").
GRENADE_LAUNCH_ELEVATION = 10.0
GRENADE_SPIN = 40.0  # rad/s about the axis across the throw
# chosen: scatter of a human throw: direction and strength jitter (1 sigma).
THROW_DIRECTION_SCATTER_DEG = 3.0
THROW_STRENGTH_SCATTER = 0.05
# chosen: a die that has not come to rest after this long is rethrown.
THROW_SETTLE_TIMEOUT_S = 6.0
# chosen: a die whose up-face normal leans more than this is cocked (rests on
# scenery or an edge) and is rethrown, as players do.
THROW_COCKED_TILT_DEG = 10.0
# chosen: rethrows before accepting the last result as it lies.
THROW_MAX_ATTEMPTS = 5

# --- Tokens on the table ----------------------------------------------------

# chosen: round tokens (deployment, crate, supplies, object tokens) are 2.5 cm
# punchboard discs.
TOKEN_RADIUS = 1.25

# --- Scenery ------------------------------------------------------------------

# Rulebook (Bootcamp, Scenery): scenery in the hatched zones must be taller
# than the figurines; the editor warns when it is not.
HATCHED_SCENERY_MIN_HEIGHT = FIGURINE_HEIGHT
