"""Table geometry that knows no game: the battlefield model, true line of
sight, movement cords, ranges, placement and physics throws.

Sizes and specs come in as parameters (:class:`FigureSpec`,
:class:`ThrowSpec`, a battlefield's :class:`Vocabulary`); a game fills them
from its own data (Little Soldiers: ``engine.little_soldiers.table``).
Nothing here imports a game or ursina. Panda3D (Bullet) is imported only
when a throw is made.
"""

from engine.geometry.battlefield import Battlefield, BattlefieldError, Scenery, Token, Vocabulary, Zone
from engine.geometry.checks import Problem
from engine.geometry.figures import FigureSpec, head_center
from engine.geometry.paths import MoveGraph
from engine.geometry.placement import check_placement
from engine.geometry.ranges import figure_distance, point_distance, shortest_band
from engine.geometry.shapes import Box, Cylinder, MeshFile, Prism, Solid
from engine.geometry.sight import Ray, Sight, SightBatch, SightEngine
from engine.geometry.throws import Die12, Disc, Landing, ThrowError, ThrowSpec, throw

__all__ = [
    "Battlefield",
    "BattlefieldError",
    "Box",
    "Cylinder",
    "Die12",
    "Disc",
    "FigureSpec",
    "Landing",
    "MeshFile",
    "MoveGraph",
    "Prism",
    "Problem",
    "Ray",
    "Scenery",
    "Sight",
    "SightBatch",
    "SightEngine",
    "Solid",
    "ThrowError",
    "ThrowSpec",
    "Token",
    "Vocabulary",
    "Zone",
    "check_placement",
    "figure_distance",
    "head_center",
    "point_distance",
    "shortest_band",
    "throw",
]
