"""The start screen: choose the game, its options and who plays each seat.

Offers the same choices as ``toybox play``'s flags. Option lists come from
the engine's data (level and terrain files found on disk); the engine
validates the config when the game starts, and a refusal is shown as text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from app import userdir
from app.seats import ADVANCED_KINDS, SEAT_NAMES, Seats, default_bot, kind_cycle, kind_title, seat_label

GAME_TITLES = {"little-soldiers": "Little Soldiers", "toy-battle": "Toy Battle", "little-battle": "Little Battle"}
REPO = Path(__file__).resolve().parents[2]
LEVEL_COLUMNS = 5
COLUMN_LEFT = -0.4625
"""The left edge every row of choices starts at, beside its label (the seat and
mission rows started further right than the level and module rows)."""
"""Level / terrain / module buttons per row on the start screen."""


def level_choices(game: str) -> list[str]:
    """Battlefield / terrain names shipped in ``levels/`` (empty: the engine's default)."""
    folder = REPO / "levels" / ("little_soldiers" if game == "little-soldiers" else "toy_battle")
    if game == "little-battle" or not folder.is_dir():
        return []
    names = sorted(p.stem for p in folder.glob("*.json"))
    if game == "little-soldiers":  # a mission's battlefield plays only with its mission: the mission row picks it
        from engine.little_soldiers.config import MISSIONS

        own = {Path(m.level).stem for m in MISSIONS.values()}
        names = [n for n in names if n not in own]
    return names


def level_title(game: str, name: str) -> str:
    """What a level button says: the battlefield's or terrain's own name, as
    its file gives it and F1 prints it ('Bootcamp: the two box halves'; the
    buttons showed the file's name, 'bootcamp box'). A file that cannot be
    read is called by its file's name."""
    try:
        if game == "little-soldiers":
            from engine.little_soldiers.config import Config
            from engine.little_soldiers.rules_text import battlefield_title

            return battlefield_title(Config(level=level_value(game, name)))
        if game == "toy-battle":
            from engine.core.games import get_game

            return str(get_game(game).config_from_dict({"terrain": name}).load_terrain().name)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return name.replace("-", " ")


PANEL_RGB = (0.05, 0.06, 0.09)
"""The loading and quit panels' backdrop (the HUD's covers' colour)."""
PANEL_LAYER = 10
"""Their draw order in Panda3D's fixed bin, after the start screen's buttons."""

EDITOR = "editor"
"""The start screen's tab that opens the level editor (beside the three games)."""
EDITOR_TITLE = "Level editor"


def editor_choices() -> dict[str, list[Path]]:
    """The level files the editor opens, by kind: every Little Soldiers
    battlefield (a mission's too) and every Toy Battle terrain that comes
    with Toybox (kept as shipped: the editor saves changes under a name),
    then the player's own (``app.userdir.levels``)."""
    from engine.core.files import DataError, load_json

    out: dict[str, list[Path]] = {"Battlefield": [], "Terrain": []}
    for folder, kind, key in (("little_soldiers", "Battlefield", "play_zone"), ("toy_battle", "Terrain", "bases")):
        for path in sorted((REPO / "levels" / folder).glob("*.json"), key=lambda p: p.stem):  # as the game rows
            try:
                data = load_json(path, "level")
            except (DataError, OSError, ValueError):
                continue  # not a level the editor can open: not offered
            if isinstance(data, dict) and key in data:
                out[kind].append(path)
    out["Battlefield"] += userdir.levels("battlefield")  # the player's own (Save as in the editor)
    out["Terrain"] += userdir.levels("terrain")
    return out


def level_file_title(path: Path) -> str:
    """A level file by the name it gives itself, as the game tabs show it
    ('Castle Field'; the editor tab showed the file's name, 'castle field'), else by its file's name."""
    from engine.core.files import DataError, load_json

    try:
        data = load_json(path, "level")
        name = data.get("name") if isinstance(data, dict) else None
    except (DataError, OSError, ValueError):
        name = None
    return name.strip() if isinstance(name, str) and name.strip() else path.stem.replace("-", " ")


def editor_file_line(path: Path) -> str:
    """What the editor tab says of the level picked: its name, and what Save
    does with it. It said "Edits levels/little_soldiers/bootcamp.json (Save
    writes that file ...)": a path, and no longer true, as a level that comes
    with Toybox is kept as shipped (the editor's Save as names a copy)."""
    title = level_file_title(path)
    if path.resolve().is_relative_to((REPO / "levels").resolve()):
        return f"Opens {title}, as it comes with Toybox: Save as keeps your changes under a name of your own."
    return f"Opens {title}, a level of your own: Save keeps your changes in it."


def level_value(game: str, name: str) -> str:
    """The config value for a level button: Toy Battle takes a terrain name,
    Little Soldiers a battlefield file (a bare name was refused: "no
    battlefield file at 'levels'", so no level button could start a game)."""
    return f"levels/little_soldiers/{name}.json" if game == "little-soldiers" else name


def player_counts(config: dict[str, Any]) -> list[int]:
    """Little Soldiers: the player counts the chosen mission or modules allow,
    as the engine's config states them (``config.player_range``)."""
    from engine.little_soldiers import config as ls_config

    mission = config.get("mission")
    lo, hi = ls_config.player_range(mission if mission in ls_config.MISSIONS else None,
                                    list(config.get("modules", [])))
    return list(range(lo, hi + 1))


def players_after_modules(config: dict[str, Any]) -> int:
    """The player count once the modules changed: the one chosen while the
    engine's range still allows it, else (2 Against 2 turned on) the most the
    range takes, or (turned off) the fewest."""
    counts = player_counts(config)
    players = int(config.get("players", 2))
    if players in counts:
        return players
    return max(counts) if players < min(counts) else min(counts)


START_KEYS = ("players", "chiefs", "level", "terrain", "modules", "mission")
"""The config keys the start screen chooses (the rest is the engine's or a record's)."""


@dataclass
class StartChoice:
    """What the start screen (or the command line) chose."""

    game: str = "little-battle"
    config: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)

    @classmethod
    def from_config(cls, game: str, config: dict[str, Any], seats: list[str]) -> StartChoice:
        """The start screen's choice for a game played from a record (Menu after a
        Resume): only what the screen chooses. The record's config also carries its
        battlefield (``battlefield_data``) and squads, so a mission picked next was
        set up on the Bootcamp ("no threat_target token for 'pinky'")."""
        kept = {k: v for k, v in config.items() if k in START_KEYS and v is not None}
        return cls(game, kept, list(seats))

    def seat_count(self) -> int:
        if self.game == "little-battle":
            return int(self.config.get("players", 4))
        return int(self.config.get("players", 2))

    def normalized_seats(self) -> Seats:
        n = self.seat_count()
        kinds = list(self.seats[:n]) or ["human"]
        kinds += [default_bot(self.game)] * (n - len(kinds))
        return Seats(tuple(kinds))


def opening_choice() -> StartChoice:
    """The game the start screen opens on: the one last played (its newest
    autosave), so "Resume the last game" is there at once; Little Battle when
    nothing was played yet (it opened on Little Battle after a Little
    Soldiers game, with no Resume in sight)."""
    last = userdir.latest_autosave()
    game = next((g for g in GAME_TITLES if last is not None and last.name.startswith(g + "-")), None)
    return StartChoice(game) if game else StartChoice()


class StartScreen:
    """Buttons for the choices; ``on_start(choice)`` starts the game,
    ``on_resume(path)`` reopens an autosave, ``on_edit(path)`` opens the
    level editor on a file (the "Level editor" tab; none without it).
    ``editing`` opens on that tab with that file picked (back from the editor)."""

    def __init__(self, on_start: Callable[[StartChoice], None], on_resume: Callable[[Path], None],
                 choice: StartChoice | None = None, message: str = "",
                 on_edit: Callable[[Path], None] | None = None, editing: Path | None = None,
                 on_host: Callable[[StartChoice, bool], None] | None = None,
                 on_join: Callable[[str, str, str | None], None] | None = None,
                 on_quit: Callable[[], None] | None = None) -> None:
        from ursina import Entity, Text, camera, color

        self.on_start, self.on_resume, self.on_edit = on_start, on_resume, on_edit
        self.on_quit = on_quit or _quit_application
        self._pending: tuple[int, Callable[[], None]] | None = None
        """A start or resume waiting for the loading panel to be drawn first (frames left, what to do)."""
        self.on_host, self.on_join = on_host, on_join
        """"Host a table" (the choice, open to the network or not) and "Join a table" (address, code, name)."""
        self.open_to_network = False
        self.join_panel: Any = None
        self.join_fields: list[Any] = []
        self.choice = choice or opening_choice()
        self.editing = on_edit is not None and editing is not None
        self.advanced = any(k in ADVANCED_KINDS for k in self.choice.seats)
        """The seat buttons also cycle through the engine's bot kinds (a game resumed with one shows it)."""
        """The editor tab is showing (else the chosen game's options)."""
        self.edit_file: Path = Path(editing) if editing is not None else REPO / "levels/little_soldiers/bootcamp.json"
        self.root = Entity(parent=camera.ui, name="start-screen")
        Entity(parent=self.root, model="quad", color=color.rgb(0.12, 0.13, 0.16), scale=(4, 2), z=1)
        Text(parent=self.root, text="Toybox", origin=(0, 0), position=(0, 0.4), scale=3, color=color.white)
        self.message = Text(parent=self.root, text=message, origin=(0, 0), position=(0, -0.465), scale=1,
                            color=color.rgb(1, 0.55, 0.45))
        self.body = Entity(parent=self.root)
        self.loading = Entity(parent=self.root, enabled=False, name="loading", z=-2)
        """"Setting up the table..." while a game is built (3-4 s of a still start screen looked stuck)."""
        self.loading.set_bin("fixed", PANEL_LAYER)  # over the buttons (the UI has no depth test)
        Entity(parent=self.loading, model="quad", color=color.rgb(*PANEL_RGB), scale=(0.9, 0.16), collider="box")
        self.loading_text = Text(parent=self.loading, text="", origin=(0, 0), scale=1.3, color=color.rgb(1, 0.95, 0.6),
                                 name="loading-text")
        self.quit_panel = Entity(parent=self.root, enabled=False, name="quit-panel", z=-2)
        self.quit_panel.set_bin("fixed", PANEL_LAYER)
        self.ticker = Entity(name="start-ticker")
        self.ticker.update = self.update
        self.ticker.input = self.input
        self._build()
        from ursina import Button, window

        quit_button = Button(parent=self.root, text="Quit", scale=(0.14, 0.05), text_size=0.8, name="quit",
                             position=window.top_right + (-0.09, -0.045), color=color.rgb(0.3, 0.3, 0.36))
        quit_button.on_click = self.ask_quit  # (there was no way out but the window's own close box)

    def _button(self, text: str, pos: tuple[float, float], action: Callable[[], object], on: bool = False,
                width: float = 0.26) -> Any:
        from ursina import Button, color

        b = Button(parent=self.body, text=text, scale=(width, 0.055), position=pos, text_size=0.8,
                   color=color.rgb(0.2, 0.5, 0.32) if on else color.rgb(0.26, 0.28, 0.34))
        b.on_click = action
        return b

    def effective_level(self) -> str:
        """The battlefield / terrain name the game will use: the chosen one,
        else the mission's, else the engine's default (shown highlighted)."""
        c = self.choice
        key = "level" if c.game == "little-soldiers" else "terrain"
        if c.config.get(key):
            return Path(str(c.config[key])).stem
        if c.game == "little-soldiers":
            from engine.little_soldiers import config as ls_config

            mission = ls_config.MISSIONS.get(str(c.config.get("mission")))
            value = mission.level if mission else ls_config.DEFAULT_LEVEL
        else:
            try:
                from engine.core.games import get_game

                value = getattr(get_game(c.game).config_from_dict({}), key, "")
            except (ValueError, ImportError, AttributeError, KeyError):
                return ""
        return Path(str(value)).stem

    def _build(self) -> None:
        from ursina import Entity, Text, color, destroy

        destroy(self.body)
        self.body = Entity(parent=self.root)
        c = self.choice
        tabs = list(GAME_TITLES.items()) + ([(EDITOR, EDITOR_TITLE)] if self.on_edit is not None else [])
        for i, (game, title) in enumerate(tabs):
            self._button(title, ((i - (len(tabs) - 1) / 2) * 0.3, 0.27), partial(self._set_game, game),
                         on=(game == EDITOR) == self.editing and (game == EDITOR or c.game == game))
        y = 0.17
        if self.editing:
            self._editor_options(y)
            return
        if c.game == "little-battle":
            Text(parent=self.body, text="Players", position=(-0.66, y), origin=(-0.5, 0), scale=1, color=color.white)
            for i, n in enumerate((3, 4, 5)):
                self._button(str(n), (COLUMN_LEFT + 0.05 + i * 0.12, y), partial(self._set, "players", n),
                             on=c.config.get("players", 4) == n, width=0.1)
            chiefs = bool(c.config.get("chiefs", False))
            self._button("Chiefs variant: " + ("on" if chiefs else "off"), (COLUMN_LEFT + 0.51, y),
                         lambda: self._set("chiefs", not chiefs), on=chiefs, width=0.3)
            y -= 0.075
        else:
            # every shipped file gets a button, LEVEL_COLUMNS to a row (only 4 were shown, and the
            # Mission button covered the 4th)
            key = "level" if c.game == "little-soldiers" else "terrain"
            current = self.effective_level()
            Text(parent=self.body, text=key.capitalize(), position=(-0.66, y), origin=(-0.5, 0), scale=1,
                 color=color.white)
            names = level_choices(c.game)
            titles = [level_title(c.game, n) for n in names]
            width, columns = self._grid(titles)  # names as printed are longer: fewer, wider buttons
            for i, (name, title) in enumerate(zip(names, titles, strict=True)):
                row, col = divmod(i, columns)
                self._button(title, (COLUMN_LEFT + width / 2 + col * (width + 0.01), y - row * 0.065),
                             partial(self._set, key, level_value(c.game, name)), on=current == name,
                             width=width)
            y -= 0.065 * ((len(names) + columns - 1) // columns) + 0.01
            if c.game == "little-soldiers":
                y = self._soldiers_options(y)
        seats = c.normalized_seats()
        seat_names = SEAT_NAMES[c.game]
        Text(parent=self.body, text="Seats", position=(-0.66, y), origin=(-0.5, 0), scale=1, color=color.white)
        Text(parent=self.body, text="(click to change)", position=(-0.66, y - 0.035), origin=(-0.5, 0), scale=0.7,
             color=color.light_gray)
        for s, kind in enumerate(seats.kinds):
            row, col = divmod(s, 3)
            name = seat_names[s] if s < len(seat_names) else f"player {s + 1}"
            self._button(f"{name.capitalize()}: {kind_title(kind)}", (COLUMN_LEFT + 0.13 + col * 0.28, y - row * 0.065),
                         partial(self._cycle, s), on=kind == "human")
        # the engine's own bots (random, heuristic, search) only when asked for: under the row's label
        self._button("Advanced: " + ("on" if self.advanced else "off"), (-0.66 + 0.09, y - 0.08),
                     self._toggle_advanced, on=self.advanced, width=0.18)
        y -= 0.065 * ((len(seats.kinds) + 2) // 3) + 0.02
        self._button("Start", (0, y), self._start, on=True, width=0.3)
        last = userdir.latest_autosave(c.game)
        if last is not None:  # the newest autosave of this game, whatever its battlefield
            self._button("Resume the last game", (0, y - 0.065), lambda: self._resume(last), width=0.36)
        if self.on_host is not None and self.on_join is not None:
            self._network_row(min(y - 0.15, -0.33))

    def _network_row(self, y: float) -> None:
        """Play with friends on other machines: host this game (your seat is the
        first human one, the other human seats are theirs) or join theirs."""
        from ursina import Text, color

        Text(parent=self.body, text="Friends on other machines", position=(-0.66, y), origin=(-0.5, 0), scale=0.9,
             color=color.white)
        Text(parent=self.body, text="(your seat: the first human one; each other human seat: a friend's)",
             position=(-0.66, y - 0.033), origin=(-0.5, 0), scale=0.62, color=color.light_gray)
        self._button("Host a table", (COLUMN_LEFT + 0.58, y), self._host, on=True, width=0.22)
        reach = "network" if self.open_to_network else "this machine"
        self._button(f"Reach: {reach}", (COLUMN_LEFT + 0.81, y), self._toggle_reach, on=self.open_to_network,
                     width=0.22)
        self._button("Join a table", (COLUMN_LEFT + 1.04, y), self._open_join, width=0.22)

    def _toggle_reach(self) -> None:
        self.open_to_network = not self.open_to_network
        self._build()

    def _host(self) -> None:
        if self.on_host is not None:
            self.on_host(self.choice, self.open_to_network)

    def _open_join(self) -> None:
        """A small panel: the table's address, your code (a seat's join code,
        or the spectator code to watch), your name; Join."""
        from ursina import Button, Entity, InputField, Text, color

        self._close_join()
        panel = Entity(parent=self.root, name="join-panel", z=-2)
        self.join_panel = panel
        Entity(parent=panel, model="quad", color=color.rgba(0, 0, 0, 0.6), scale=(4, 2), z=0.2, collider="box")
        Entity(parent=panel, model="quad", color=color.rgb(0.12, 0.13, 0.17), scale=(0.9, 0.42), z=0.1)
        Text(parent=panel, text="Join a table", origin=(0, 0), position=(0, 0.17), scale=1.2, color=color.white)
        self.join_fields = []
        for i, (label, default) in enumerate((("Address", "ws://127.0.0.1:8765"), ("Join code", ""), ("Your name", ""))):
            Text(parent=panel, text=label, position=(-0.42, 0.1 - i * 0.07), origin=(-0.5, 0), scale=0.8,
                 color=color.light_gray)
            field = InputField(parent=panel, default_value=default, scale=(0.6, 0.05), position=(0.1, 0.1 - i * 0.07),
                               character_limit=80, color=color.rgb(0.2, 0.22, 0.28), name=f"join-{label.split()[-1].lower()}")
            field.text_field.scale *= 0.75
            field.text_field.x = -0.48
            self.join_fields.append(field)
        Text(parent=panel, text="A seat's join code plays it; the spectator code watches the table.",
             position=(-0.42, -0.095), origin=(-0.5, 0), scale=0.62, color=color.rgb(0.65, 0.7, 0.78), name="join-hint")
        self.join_fields[1].active = True
        ok = Button(parent=panel, text="Join", scale=(0.18, 0.05), position=(-0.1, -0.15), color=color.rgb(0.2, 0.45, 0.3),
                    text_size=0.8, name="join-ok")
        ok.on_click = self._join
        cancel = Button(parent=panel, text="Cancel", scale=(0.18, 0.05), position=(0.1, -0.15),
                        color=color.rgb(0.3, 0.3, 0.36), text_size=0.8)
        cancel.on_click = self._close_join

    def _join(self) -> None:
        url, code, name = (f.text.strip() for f in self.join_fields)
        if not code:
            self.show_message("Type the join code your host gave you (or the spectator code, to watch).")
            return
        self._close_join()
        if self.on_join is not None:
            self.on_join(url, code, name or None)

    def _close_join(self) -> None:
        from ursina import destroy

        if self.join_panel is not None:
            self.join_panel.enabled = False
            destroy(self.join_panel, delay=0.1)
        self.join_panel = None
        self.join_fields = []

    @staticmethod
    def _grid(titles: list[str]) -> tuple[float, int]:
        """Button width and columns for a row of ``titles``: each title whole on
        its button, at most LEVEL_COLUMNS a row, within the window."""
        from ursina import Text, window

        width = max([0.205] + [Text.get_width(t) * 0.8 + 0.03 for t in titles])  # 0.8: the buttons' text size
        room = window.right[0] - 0.03 - COLUMN_LEFT
        return width, max(1, min(LEVEL_COLUMNS, int((room + 0.01) / (width + 0.01))))

    def _editor_options(self, y: float) -> None:
        """The editor tab: a button per battlefield and terrain file, the one
        picked lit, where it saves, and "Open in the editor"."""
        from ursina import Text, color

        for kind, paths in editor_choices().items():
            Text(parent=self.body, text=kind, position=(-0.66, y), origin=(-0.5, 0), scale=1, color=color.white)
            titles = [level_file_title(p) for p in paths]  # as the game tabs name them ('castle field' here)
            width, columns = self._grid(titles)
            for i, (path, title) in enumerate(zip(paths, titles, strict=True)):
                row, col = divmod(i, columns)
                self._button(title, (COLUMN_LEFT + width / 2 + col * (width + 0.01), y - row * 0.065),
                             partial(self._pick_file, path), on=path == self.edit_file, width=width)
            y -= 0.065 * ((len(paths) + columns - 1) // columns) + 0.01
        Text(parent=self.body, text=editor_file_line(self.edit_file), origin=(0, 0),
             position=(0, y), scale=0.8, color=color.light_gray, name="editor-file")
        self._button("Open in the editor", (0, y - 0.07), self._edit, on=True, width=0.36)

    def _pick_file(self, path: Path) -> None:
        self.edit_file = path
        self._build()

    def _edit(self) -> None:
        if self.on_edit is not None:
            self.on_edit(self.edit_file)

    def _soldiers_options(self, y: float) -> float:
        """Modules (toggles) and mission (cycled) as the engine lists them, so
        new ones appear here without app changes; the engine checks the mix.
        Returns the height below them."""
        from ursina import Text, color

        from engine.little_soldiers import config as ls_config

        c = self.choice
        on = list(c.config.get("modules", []))
        required: set[str] = set()
        missions = dict(getattr(ls_config, "MISSIONS", {}))
        current = c.config.get("mission")
        if current in missions:
            required = set(missions[current].required)
        Text(parent=self.body, text="Modules", position=(-0.66, y), origin=(-0.5, 0), scale=1, color=color.white)
        from engine.little_soldiers.parts import MODULES as MODULE_PARTS

        titles = [(MODULE_PARTS[mod].title if mod in MODULE_PARTS else mod.replace("_", " "))
                  + (" (mission)" if mod in required and mod not in on else "") for mod in ls_config.MODULES]
        width, columns = self._grid(titles)  # 'super soldier (mission)' ran past its button
        for i, (mod, title) in enumerate(zip(ls_config.MODULES, titles, strict=True)):
            row, col = divmod(i, columns)
            self._button(title, (COLUMN_LEFT + width / 2 + col * (width + 0.01), y - row * 0.065),
                         partial(self._toggle_module, mod), on=mod in on or mod in required, width=width)
        y -= 0.065 * ((len(ls_config.MODULES) + columns - 1) // columns) + 0.01
        if missions:
            Text(parent=self.body, text="Mission", position=(-0.66, y), origin=(-0.5, 0), scale=1, color=color.white)
            title = missions[current].title if current in missions else "none (click for the next)"
            self._button(title, (COLUMN_LEFT + 0.16, y), lambda: self._cycle_mission(list(missions)), on=current is not None,
                         width=0.32)
        counts = player_counts(c.config)
        if len(counts) > 1:  # the co-op missions (1-4) offered none, so they were played by 2
            Text(parent=self.body, text="Players", position=(0.0, y), origin=(-0.5, 0), scale=1, color=color.white)
            for i, n in enumerate(counts):
                self._button(str(n), (0.2 + i * 0.11, y), partial(self._set, "players", n),
                             on=c.config.get("players", 2) == n, width=0.1)
        return y - 0.075

    def _toggle_module(self, module: str) -> None:
        mods = list(self.choice.config.get("modules", []))
        mods.remove(module) if module in mods else mods.append(module)
        self.choice.config["modules"] = mods
        players = players_after_modules(self.choice.config)
        if players != self.choice.config.get("players", 2):
            self._set("players", players)
            return
        self._build()

    def _cycle_mission(self, missions: list[str]) -> None:
        names = [None, *missions]
        current = self.choice.config.get("mission")
        nxt = names[(names.index(current) + 1) % len(names)] if current in names else None
        if nxt is None:
            self.choice.config.pop("mission", None)
        else:
            self.choice.config["mission"] = nxt
        self.choice.config.pop("level", None)  # the mission's battlefield, shown highlighted
        counts = player_counts(self.choice.config)
        players = int(self.choice.config.get("players", 2))
        if players not in counts:  # 1 player in A New Threat, then King of the Hill (2-4): 2
            self._set("players", min(counts, key=lambda n: abs(n - players)))
            return
        self._build()

    def _set_game(self, game: str) -> None:
        self.editing = game == EDITOR
        if not self.editing:
            self.choice = StartChoice(game)
        self._build()

    def _set(self, key: str, value: Any) -> None:
        self.choice.config[key] = value
        if key == "players":
            self.choice.seats = list(self.choice.normalized_seats().kinds)
        self._build()

    def _cycle(self, seat: int) -> None:
        kinds = list(self.choice.normalized_seats().kinds)
        kinds[seat] = kind_cycle(kinds[seat], self.advanced)
        self.choice.seats = kinds
        self._build()

    def _toggle_advanced(self) -> None:
        """Advanced off puts every seat back among Human, Easy, Normal and Hard."""
        self.advanced = not self.advanced
        if not self.advanced:
            self.choice.seats = [k if k not in ADVANCED_KINDS else default_bot(self.choice.game)
                                 for k in self.choice.normalized_seats().kinds]
        self._build()

    def _start(self) -> None:
        title = EDITOR_TITLE if self.editing else GAME_TITLES.get(self.choice.game, self.choice.game)
        self._after_loading(f"Setting up {title}...", lambda: self.on_start(self.choice))

    def _resume(self, path: Path) -> None:
        self._after_loading("Setting up the last game...", lambda: self.on_resume(path))

    def _after_loading(self, text: str, then: Callable[[], None]) -> None:
        """Show the loading panel, draw it, then do ``then`` (which builds the table)."""
        self.loading_text.text = text
        self.loading.enabled = True
        self._pending = (2, then)  # drawn in the next frame, on screen the frame after (Panda3D flips then)

    def update(self) -> None:
        if self._pending is None:
            return
        frames, then = self._pending
        if frames > 0:
            self._pending = (frames - 1, then)
            return
        self._pending = None
        then()

    # ------------------------------------------------------------ quitting
    def ask_quit(self) -> None:
        """Quit (its button, or Escape): asked first, Enter or Quit confirms, Escape or Stay goes back."""
        from ursina import Button, Entity, Text, color, destroy

        for child in list(self.quit_panel.children):
            destroy(child)
        Entity(parent=self.quit_panel, model="quad", color=color.rgba(0, 0, 0, 0.6), scale=(4, 2), z=0.2,
               collider="box")
        Entity(parent=self.quit_panel, model="quad", color=color.rgb(0.12, 0.13, 0.17), scale=(0.62, 0.22), z=0.1)
        Text(parent=self.quit_panel, text="Quit Toybox?", origin=(0, 0), position=(0, 0.05), scale=1.3,
             color=color.white)
        yes = Button(parent=self.quit_panel, text="Quit", scale=(0.2, 0.05), position=(-0.12, -0.04), text_size=0.8,
                     color=color.rgb(0.55, 0.25, 0.22), name="quit-yes")
        yes.on_click = self.on_quit
        no = Button(parent=self.quit_panel, text="Stay", scale=(0.2, 0.05), position=(0.12, -0.04), text_size=0.8,
                    color=color.rgb(0.26, 0.28, 0.34), name="quit-no")
        no.on_click = self.stay
        self.quit_panel.enabled = True

    def stay(self) -> None:
        self.quit_panel.enabled = False

    def input(self, key: str) -> None:
        from app.camera_controls import typing

        if typing():
            return
        if self.quit_panel.enabled:
            if key == "escape":
                self.stay()
            elif key == "enter":
                self.on_quit()
        elif key == "escape" and not self.loading.enabled:
            self.ask_quit()

    def show_message(self, text: str) -> None:
        self.message.text = text

    def destroy(self) -> None:
        from ursina import destroy

        self._pending = None
        destroy(self.ticker)
        destroy(self.root)


def _quit_application() -> None:
    from ursina import application

    application.quit()


__all__ = ["EDITOR", "GAME_TITLES", "StartChoice", "StartScreen", "editor_choices", "level_choices", "level_title",
           "player_counts", "players_after_modules", "seat_label"]
