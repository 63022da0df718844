"""The start screen: choose the game, its options and who plays each seat.

Offers the same choices as ``toybox play``'s flags. Option lists come from
the engine's data (level and terrain files found on disk); the engine
validates the config when the game starts, and a refusal is shown as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from app import userdir
from app.seats import KINDS, SEAT_NAMES, Seats, default_bot, seat_label

GAME_TITLES = {"little-soldiers": "Little Soldiers", "toy-battle": "Toy Battle", "little-battle": "Little Battle"}
REPO = Path(__file__).resolve().parents[1]


def level_choices(game: str) -> list[str]:
    """Battlefield / terrain names shipped in ``levels/`` (empty: the engine's default)."""
    folder = REPO / "levels" / ("little_soldiers" if game == "little-soldiers" else "toy_battle")
    if game == "little-battle" or not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.json"))


@dataclass
class StartChoice:
    """What the start screen (or the command line) chose."""

    game: str = "little-battle"
    config: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)

    def seat_count(self) -> int:
        if self.game == "little-battle":
            return int(self.config.get("players", 4))
        return 2

    def normalized_seats(self) -> Seats:
        n = self.seat_count()
        kinds = list(self.seats[:n]) or ["human"]
        kinds += [default_bot(self.game)] * (n - len(kinds))
        return Seats(tuple(kinds))


class StartScreen:
    """Buttons for the choices; ``on_start(choice)`` starts the game,
    ``on_resume(path)`` reopens an autosave."""

    def __init__(self, on_start: Callable[[StartChoice], None], on_resume: Callable[[Path], None],
                 choice: StartChoice | None = None, message: str = "") -> None:
        from ursina import Entity, Text, camera, color

        self.on_start, self.on_resume = on_start, on_resume
        self.choice = choice or StartChoice()
        self.root = Entity(parent=camera.ui, name="start-screen")
        Entity(parent=self.root, model="quad", color=color.rgb(0.12, 0.13, 0.16), scale=(4, 2), z=1)
        Text(parent=self.root, text="Toybox", origin=(0, 0), position=(0, 0.4), scale=3, color=color.white)
        self.message = Text(parent=self.root, text=message, origin=(0, 0), position=(0, -0.42), scale=1,
                            color=color.rgb(1, 0.55, 0.45))
        self.body = Entity(parent=self.root)
        self._build()

    def _button(self, text: str, pos: tuple[float, float], action: Callable[[], None], on: bool = False,
                width: float = 0.26) -> Any:
        from ursina import Button, color

        b = Button(parent=self.body, text=text, scale=(width, 0.055), position=pos, text_size=0.8,
                   color=color.rgb(0.2, 0.5, 0.32) if on else color.rgb(0.26, 0.28, 0.34))
        b.on_click = action
        return b

    def _build(self) -> None:
        from ursina import Entity, Text, color, destroy

        destroy(self.body)
        self.body = Entity(parent=self.root)
        c = self.choice
        for i, (game, title) in enumerate(GAME_TITLES.items()):
            self._button(title, (-0.3 + i * 0.3, 0.27), lambda g=game: self._set_game(g), on=c.game == game)
        y = 0.17
        if c.game == "little-battle":
            Text(parent=self.body, text="Players", position=(-0.45, y), origin=(-0.5, 0), scale=1, color=color.white)
            for i, n in enumerate((3, 4, 5)):
                self._button(str(n), (-0.15 + i * 0.12, y), lambda n=n: self._set("players", n),
                             on=c.config.get("players", 4) == n, width=0.1)
            chiefs = bool(c.config.get("chiefs", False))
            self._button("Chiefs variant: " + ("on" if chiefs else "off"), (0.3, y),
                         lambda: self._set("chiefs", not chiefs), on=chiefs, width=0.3)
        else:
            key = "level" if c.game == "little-soldiers" else "terrain"
            choices = level_choices(c.game)
            Text(parent=self.body, text=key.capitalize(), position=(-0.45, y), origin=(-0.5, 0), scale=1,
                 color=color.white)
            for i, name in enumerate(choices[:4]):
                self._button(name, (-0.15 + i * 0.21, y), lambda n=name, k=key: self._set(k, n),
                             on=c.config.get(key) == name, width=0.2)
        seats = c.normalized_seats()
        names = SEAT_NAMES[c.game]
        Text(parent=self.body, text="Seats (click to change)", position=(-0.45, 0.07), origin=(-0.5, 0), scale=1,
             color=color.white)
        for s, kind in enumerate(seats.kinds):
            row, col = divmod(s, 3)
            self._button(f"{names[s]}: {kind}", (-0.3 + col * 0.3, 0.0 - row * 0.07), lambda s=s: self._cycle(s),
                         on=kind == "human")
        self._button("Start", (0, -0.2), self._start, on=True, width=0.3)
        if userdir.autosave_path(c.game).exists():
            self._button("Resume the last game", (0, -0.28), lambda: self.on_resume(userdir.autosave_path(c.game)),
                         width=0.36)

    def _set_game(self, game: str) -> None:
        self.choice = StartChoice(game)
        self._build()

    def _set(self, key: str, value: Any) -> None:
        self.choice.config[key] = value
        if key == "players":
            self.choice.seats = list(self.choice.normalized_seats().kinds)
        self._build()

    def _cycle(self, seat: int) -> None:
        kinds = list(self.choice.normalized_seats().kinds)
        kinds[seat] = KINDS[(KINDS.index(kinds[seat]) + 1) % len(KINDS)]
        self.choice.seats = kinds
        self._build()

    def _start(self) -> None:
        self.on_start(self.choice)

    def show_message(self, text: str) -> None:
        self.message.text = text

    def destroy(self) -> None:
        from ursina import destroy

        destroy(self.root)


__all__ = ["GAME_TITLES", "StartChoice", "StartScreen", "level_choices", "seat_label"]
