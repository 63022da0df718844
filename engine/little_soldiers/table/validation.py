"""Design checks for battlefields: what the loader accepts but a table cannot
be played on.

The loader (:meth:`Battlefield.from_dict`) refuses files that are not
battlefields at all (a bad field, a piece floating in the air). A file can
still be a bad *table*: two boxes in the same place, a Level top too small
to stand on, a Crate inside a mug, a Deployment token walled in, a hatched
zone holding only car keys. Those are found here, each as a sentence naming
the piece, so the level editor can list them live and refuse to save.

The rulebook's set-up is the specification (Bootcamp, "Set-up"; Module
Book, "Levels" and "Objects"); every length comes from
``engine.little_soldiers.data``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from engine.geometry.battlefield import Battlefield, BattlefieldError, Token, Zone
from engine.geometry.checks import Problem, num
from engine.geometry.checks import scenery_problems as placed_problems
from engine.geometry.paths import CORNER_QUAD_SEGS, grown_parts
from engine.little_soldiers import data
from engine.little_soldiers.table.figures import widest_base
from engine.little_soldiers.table.vocabulary import VOCABULARY

# A piece belongs to a hatched zone when at least this share of its
# footprint lies inside the zone.
IN_ZONE_SHARE = 0.5
# Touching scenery is allowed: tokens may lie against a piece.
TOUCH = 1e-6

TOKEN_NAMES = {
    "deployment": "Deployment token",
    "crate": "Crate token",
    "supplies": "Supplies token",
    "force_field_switch": "Force Field Switch token",
    "threat_target": "Threat Target",
    "flag": "Flag counter",
    "object": "Object token",
}
"""How a sentence names each token kind (other kinds: 'Token "kind"')."""

__all__ = ["Problem", "num", "check", "design_problems", "deployment_area", "widest_base"]


def token_name(token: Token) -> str:
    """'Deployment token 3', 'Crate token (green)', 'Threat Target "pinky"'."""
    base = TOKEN_NAMES.get(token.kind, f'Token "{token.kind}"')
    if token.kind == "object" and token.props.get("object"):
        base = f"{str(token.props['object']).capitalize()} token"
    number = token.props.get("number")
    if isinstance(number, int) and not isinstance(number, bool):
        return f"{base} {number}"
    ident = token.props.get("threat") if token.kind == "threat_target" else None
    ident = ident or token.props.get("id")
    if isinstance(ident, str) and ident:
        return f'{base} "{ident}"'
    side = token.props.get("colour")
    if isinstance(side, str) and side:
        return f"{base} ({side})"
    return base


def zone_name(zone: Zone, index: int) -> str:
    side = zone.props.get("side")
    return f"the {side} hatched zone" if isinstance(side, str) and side else f"hatched zone {index + 1}"


def deploy_reach() -> float:
    """How far from a Deployment token's centre a base centre may stand:
    token radius + green distance + base radius ("at green distance from the
    Deployment token ... as long as it remains in contact with the token")."""
    return data.TOKEN_RADIUS + data.GREEN_MOVE_TOKEN_LENGTH + widest_base()


def deployment_area(bf: Battlefield, token: Token, base_radius: float | None = None) -> BaseGeometry:
    """Where a base centre may be placed for this Deployment token: the disc
    of :func:`deploy_reach` around it, inside the table's free space."""
    r = widest_base() if base_radius is None else base_radius
    reach = data.TOKEN_RADIUS + data.GREEN_MOVE_TOKEN_LENGTH + r
    disc = Point(token.at).buffer(reach, quad_segs=16)
    return disc.intersection(local_free_space(bf, disc, r))


def local_free_space(bf: Battlefield, area: shapely.Geometry, base_radius: float) -> BaseGeometry:
    """The table's free space for a base of ``base_radius``, exact inside
    ``area``: only the pieces near it (from the footprint index) are grown
    and cut out, so a Deployment check costs the same on a table of 20
    pieces or 10,000 (the whole table's free space is a union of them all)."""
    zone = bf.play_zone.buffer(-base_radius, quad_segs=CORNER_QUAD_SEGS)
    near = bf.near(area, base_radius)
    if not near:
        return zone
    blocked = shapely.union_all(grown_parts(bf, base_radius, near))
    return zone.difference(blocked)


# --- the checks ------------------------------------------------------------------


def scenery_problems(bf: Battlefield) -> list[Problem]:
    """Overlapping pieces, pieces out of the play zone (the geometry's own
    checks), then Level tops too small to stand on."""
    out = placed_problems(bf)
    room = widest_base()
    for i, piece in enumerate(bf.scenery):
        if piece.level is None:
            continue
        standing = bf.walkable_top(piece.id).buffer(-room, quad_segs=8)
        if standing.is_empty or standing.area <= 0:
            out.append(
                Problem(
                    f"scenery[{i}]",
                    f"Level {piece.level} scenery '{piece.id}' is too small on top for a figurine to stand on "
                    f"(a base is {num(2 * room)} cm across).",
                    (piece.id,),
                )
            )
    return out


OFF_TABLE_KINDS = frozenset({"threat_target"})
"""Tokens the books place outside the Play Zone: a Threat's Target symbol is
printed on the box bottom standing beside it (Mission Book, A New Threat, B)."""


def token_problems(bf: Battlefield) -> list[Problem]:
    """Tokens out of the play zone or inside scenery; tokens said to lie on a
    piece (``"on": id``, the Flag counter on the hill) must be on its top."""
    out: list[Problem] = []
    ids = {p.id for p in bf.scenery}
    zone = bf.play_zone.buffer(TOUCH)
    shapely.prepare(zone)
    for t, token in enumerate(bf.tokens):
        where = f"tokens[{t}]"
        name = f"{token_name(token)} at ({num(token.at[0])}, {num(token.at[1])})"
        centre = Point(token.at)
        on = token.props.get("on")
        if on is not None:
            if on not in ids:
                out.append(Problem(where, f"{name} is on '{on}', which is not on the battlefield."))
            elif not bf.solid(on).footprint.covers(centre):
                out.append(Problem(where, f"{name} is not on top of '{on}'.", (on,)))
            continue
        if token.kind in OFF_TABLE_KINDS:
            continue
        if not zone.covers(centre.buffer(data.TOKEN_RADIUS, quad_segs=8)):
            out.append(Problem(where, f"{name} is outside the play zone."))
            continue
        for solid in bf.near(centre, data.TOKEN_RADIUS):
            if solid.footprint.distance(centre) < data.TOKEN_RADIUS - TOUCH:
                out.append(Problem(where, f"{name} is inside the scenery '{solid.id}'.", (solid.id,)))
                break
    return out


def deployment_problems(bf: Battlefield) -> list[Problem]:
    """A Deployment token from which no figurine can be placed."""
    out: list[Problem] = []
    green = data.GREEN_MOVE_TOKEN_LENGTH
    for t, token in enumerate(bf.tokens):
        if token.kind != "deployment":
            continue
        area = deployment_area(bf, token)
        if area.is_empty or area.area <= 1e-9:
            out.append(
                Problem(
                    f"tokens[{t}]",
                    f"{token_name(token)} at ({num(token.at[0])}, {num(token.at[1])}): no figurine can be placed "
                    f"within green distance ({num(green)} cm) of it.",
                )
            )
    return out


def hatched_problems(bf: Battlefield) -> list[Problem]:
    """"Add one or several pieces of scenery inside each of the hatched zones
    ... Each of these scenery elements needs to be taller than the game's
    figurines" (Bootcamp, Set-up A)."""
    out: list[Problem] = []
    tall = data.HATCHED_SCENERY_MIN_HEIGHT
    for z, zone in enumerate(bf.zones):
        if zone.kind != "hatched":
            continue
        name = zone_name(zone, z)
        inside = [
            (s.index, s) for s in bf.near(zone.polygon)
            if s.footprint.area > 0 and s.footprint.intersection(zone.polygon).area >= IN_ZONE_SHARE * s.footprint.area
        ]
        if not inside:
            out.append(
                Problem(
                    f"zones[{z}]",
                    f"{name.capitalize()} holds no scenery; the Bootcamp asks for one or more pieces taller than "
                    f"the figurines ({num(tall)} cm) in each hatched zone.",
                )
            )
        for i, solid in inside:
            if solid.top <= tall + 1e-9:
                out.append(
                    Problem(
                        f"scenery[{i}]",
                        f"Scenery '{solid.id}' in {name} is {num(solid.top)} cm tall; scenery there must be taller "
                        f"than the figurines ({num(tall)} cm).",
                        (solid.id,),
                    )
                )
    return out


def design_problems(bf: Battlefield) -> list[Problem]:
    """Every design problem of a loaded battlefield, scenery first."""
    return scenery_problems(bf) + token_problems(bf) + deployment_problems(bf) + hatched_problems(bf)


def check(data_: Mapping[str, Any] | Any, root: Any = None) -> list[Problem]:
    """Everything wrong with a battlefield file's contents: the loader's own
    error (one, with its field path) or the design problems; empty when the
    table can be played."""
    try:
        bf = Battlefield.from_dict(data_, root=root, vocabulary=VOCABULARY)
    except BattlefieldError as err:
        return [Problem(err.where, str(err))]
    return design_problems(bf)

