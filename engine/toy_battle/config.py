"""How a game of Toy Battle is set up: the terrain, first games, who starts, the objective."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.toy_battle.data import DEFAULT_TERRAIN
from engine.toy_battle.terrain import Terrain, TerrainError


@dataclass(frozen=True)
class Config:
    """How a game of Toy Battle is set up.

    ``terrain`` is a file stem of the box ("castle-field") or a path to a
    terrain file. ``first_games`` plays every special base as a plain base
    (rulebook's suggestion for first games). ``first_player`` (0 blue, 1 red)
    skips the random draw. ``objective`` overrides the terrain's printed
    medals objective (for custom games and tests).
    """

    terrain: str = DEFAULT_TERRAIN
    first_games: bool = False
    first_player: int | None = None
    objective: int | None = None
    terrain_data: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The terrain itself, as a saved game embeds it: when given, ``terrain`` is
    only its label and no file is read."""
    loaded: Terrain | None = field(default=None, init=False, compare=False, repr=False)
    """The terrain, read and checked once when the config is made (every game
    of this config plays on it: a replay on the terrain its game began on)."""

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, str) or not self.terrain:
            raise ValueError(f"terrain: expected a terrain name or path, not {self.terrain!r}.")
        if not isinstance(self.first_games, bool):
            raise ValueError(f"first_games: expected true or false, not {self.first_games!r}.")
        if self.first_player is not None and (
            type(self.first_player) is not int or self.first_player not in (0, 1)  # 1.0 and true are not 1
        ):
            raise ValueError(f"first_player: expected 0 (blue), 1 (red) or null, not {self.first_player!r}.")
        if self.objective is not None and (
            not isinstance(self.objective, int) or isinstance(self.objective, bool) or self.objective < 1
        ):
            raise ValueError(f"objective: expected a whole number >= 1 or null, not {self.objective!r}.")
        if self.terrain_data is not None:
            try:
                built = Terrain.from_dict(self.terrain_data)
            except TerrainError as err:
                field_error = " " not in str(err).split(":", 1)[0]  # "bases.1.pos: ..." names a field
                raise TerrainError(f"terrain_data{'.' if field_error else ': '}{err}") from None
        else:
            built = Terrain.named(self.terrain)  # refuses an unknown or broken terrain now, naming the field
        object.__setattr__(self, "loaded", built)

    def load_terrain(self) -> Terrain:
        assert self.loaded is not None  # built in __post_init__
        return self.loaded

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init and f.name != "terrain_data"}

    def embedded(self) -> dict[str, Any]:
        """What a saved game carries besides the config: the terrain played on."""
        return {"terrain_data": self.load_terrain().to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> Config:
        if not isinstance(data, dict):
            raise ValueError("a Toy Battle config must be a JSON object.")
        known = {f.name for f in fields(cls) if f.init}
        for key in data:
            if key not in known:
                raise ValueError(f"unknown config field {key!r}; Toy Battle knows {', '.join(sorted(known))}.")
        return cls(**data)


__all__ = ["Config"]
