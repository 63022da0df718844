"""Battlefield geometry for Little Soldiers: the battlefield model, true line
of sight, movement cords, ranges, Levels, placement and physics throws.

Headless: nothing here imports ursina. Panda3D (Bullet) is imported only
when a throw is made.
"""

from engine.geometry.battlefield import Battlefield, BattlefieldError, Scenery, Token, Zone
from engine.geometry.climbing import Step, climb_down, climb_up, cord_reach, marshmallow_jump
from engine.geometry.figures import FigureSize, figure_size, head_center
from engine.geometry.paths import MoveGraph
from engine.geometry.placement import check_placement
from engine.geometry.ranges import distance_band, figure_distance, point_distance, within
from engine.geometry.shapes import Box, Cylinder, MeshFile, Prism, Solid
from engine.geometry.sight import Ray, Sight, SightBatch, SightEngine
from engine.geometry.throws import Landing, ThrowError, throw

__all__ = [
    "Battlefield",
    "BattlefieldError",
    "Box",
    "Cylinder",
    "FigureSize",
    "Landing",
    "MeshFile",
    "MoveGraph",
    "Prism",
    "Ray",
    "Scenery",
    "Sight",
    "SightBatch",
    "SightEngine",
    "Solid",
    "Step",
    "ThrowError",
    "Token",
    "Zone",
    "check_placement",
    "climb_down",
    "climb_up",
    "cord_reach",
    "distance_band",
    "figure_distance",
    "figure_size",
    "head_center",
    "marshmallow_jump",
    "point_distance",
    "throw",
    "within",
]
