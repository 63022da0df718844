"""A monkey for the controllers: random clicks, hovers, drags, keys, card,
HQ and button presses through whole games, as a careless player would make
them, with load, save and undo in the middle.

It drives only what the views drive (the controllers' public methods), so
whatever it reaches a real mouse can reach. Every reading a frame makes
(status, events, choices, reach, targets, ...) is taken after every input,
as the HUD and the view do. An exception is a bug: the monkey lets it
propagate with the seed and the step, so a test can replay it.

To keep games moving, the shown human seat sometimes plays a random legal
action (a random bot over its own view) instead of a random click.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from app.games import GameController, controller_class
from app.seats import Seats
from engine.bots import make_bot

LS_CONFIGS: tuple[dict[str, Any], ...] = (
    {},
    {"modules": ["super_soldier"]},
    {"modules": ["levels"]},
    {"modules": ["objects"], "level": "levels/little_soldiers/objects.json"},
    {"modules": ["reinforcements"]},
    {"modules": ["super_soldier", "advanced_tactics"]},
    {"modules": ["two_vs_two"], "players": 4},
    {"mission": "king_of_the_hill"},
    {"mission": "battle_royale", "players": 3},
    {"mission": "a_new_threat", "players": 1},
    {"mission": "a_new_threat", "players": 2},
    {"mission": "another_new_threat", "players": 2},
)
"""Little Soldiers set-ups the monkey plays: every module and mission."""

TB_CONFIGS: tuple[dict[str, Any], ...] = tuple(
    {"terrain": t} for t in ("castle-field", "caribbean-sea", "city-of-clouds", "cursed-cemetery",
                             "station-metal-x", "tropical-pool", "volcanic-jungle"))
LB_CONFIGS: tuple[dict[str, Any], ...] = ({"players": 3}, {"players": 4}, {"players": 5, "chiefs": True})
CONFIGS = {"little-soldiers": LS_CONFIGS, "toy-battle": TB_CONFIGS, "little-battle": LB_CONFIGS}


class Monkey:
    """Random input to one controller; ``run`` plays until the game ends or the steps run out."""

    def __init__(self, controller: GameController, seed: int, folder: Path) -> None:
        self.c = controller
        self.rng = random.Random(seed)
        self.folder = folder
        self.helper = make_bot("random", controller.game, seed)
        self.steps = 0
        self.games = 0
        self.log: list[str] = []

    # ------------------------------------------------------------ one input
    def read_everything(self) -> None:
        """What a frame reads: the HUD and the view's questions."""
        c = self.c
        c.status(), c.scoreline(), c.events(), c.choices(), c.legal(), c.my_turn()
        for name in ("reach", "targets", "last_path", "shot_origin", "rack", "highlighted_slots", "hand",
                     "highlighted_piles", "ship_highlighted", "troop_help"):
            fn = getattr(c, name, None)
            if fn is not None:
                fn()
        self.hover_tips()

    def hover_tips(self) -> None:
        """The pointer resting on a few things: their tooltips (app.tips), as the tip card asks."""
        from app import tips

        things = tips.things(self.c)
        for thing in self.rng.sample(things, min(3, len(things))):
            tips.tip(self.c, thing)

    def step(self) -> None:
        c, r = self.c, self.rng
        self.steps += 1
        if c.handover_to is not None and r.random() < 0.7:
            self._do("acknowledge_handover")
        elif c.bot_pending() and r.random() < 0.6:
            self._do("bot_step")
        elif c.my_turn() and r.random() < 0.12:
            action = self.helper.choose(c.view())
            self._do("play", action)
        else:
            roll = r.random()
            if roll < 0.04:
                self._do("undo")
            elif roll < 0.06:
                self._save_or_load()
            elif roll < 0.16:
                opts = c.choices()
                if opts:
                    self._do("choose", r.choice(opts)[1])
            else:
                self.game_input()
        self.read_everything()

    def _do(self, name: str, *args: Any) -> Any:
        self.log.append(f"{name}{args!r}"[:160])
        return getattr(self.c, name)(*args)

    def _save_or_load(self) -> None:
        path = self.folder / f"monkey-{self.rng.randrange(3)}.json"
        if path.exists() and self.rng.random() < 0.5:
            self._do("load", path)
        else:
            self._do("save", path)

    def game_input(self) -> None:
        getattr(self, "input_" + self.c.game.replace("-", "_"))()

    def input_little_soldiers(self) -> None:
        c, r = self.c, self.rng
        soldiers = [s["id"] for s in c.soldiers()]  # type: ignore[attr-defined]  # this game's controller has it
        x, y = r.uniform(-20, 140), r.uniform(-20, 100)
        roll = r.random()
        if roll < 0.25 and soldiers:
            self._do("click_soldier", r.choice(soldiers))  # a figurine or its HQ card, broken ones too
        elif roll < 0.45:
            terrain = c.view().terrain  # type: ignore[attr-defined]  # this game's controller has it
            surfaces = [None, *terrain.level_pieces()]
            self._do("click_table", x, y, r.choice(surfaces))
        elif roll < 0.6:  # the pointer on the table or on a Level's top (a climb preview)
            terrain = c.view().terrain  # type: ignore[attr-defined]  # this game's controller has it
            self._do("hover_table", x, y, r.choice([None, *terrain.level_pieces()]))
        elif roll < 0.72:
            self._do("hover_soldier", r.choice([None, *soldiers]))
        elif roll < 0.8:
            self._do("click_die", r.randrange(6))
        elif roll < 0.84:
            self._do("reroll")
        elif roll < 0.95:
            for _ in range(r.randrange(1, 4)):  # a drag
                self._do("aim_at", r.uniform(-40, 160), r.uniform(-40, 120))
            if r.random() < 0.8:
                self._do("release_aim")
        else:
            self._do("pick_surface", (x, y, 80.0), (x + r.uniform(-5, 5), y + r.uniform(-5, 5), 0.0))

    def input_toy_battle(self) -> None:
        from engine.toy_battle.data import TROOP_NAMES

        c, r = self.c, self.rng
        roll = r.random()
        nodes = sorted(c.view().terrain.ids)  # type: ignore[attr-defined]  # this game's controller has it
        if roll < 0.3:
            rack = c.rack()  # type: ignore[attr-defined]  # this game's controller has it
            self._do("click_troop", r.choice(rack) if rack and r.random() < 0.8 else r.choice(TROOP_NAMES))
        elif roll < 0.7 and nodes:
            self._do("click_node", r.choice(nodes))
        else:
            self._do("hover_troop", r.choice([None, *TROOP_NAMES]))

    def input_little_battle(self) -> None:
        c, r = self.c, self.rng
        roll = r.random()
        hand = c.hand()  # type: ignore[attr-defined]  # this game's controller has it
        if roll < 0.4:
            self._do("click_card", r.choice(hand) if hand and r.random() < 0.9 else "Nobody")
        elif roll < 0.65:
            self._do("click_ship")
        else:
            self._do("click_pile", r.randrange(-1, 3))

    # ------------------------------------------------------------ a game
    def run(self, max_steps: int) -> int:
        """Play games for ``max_steps`` inputs: to the end, a few clicks on the
        end screen, then "Play again". Returns the number of games finished."""
        finished = 0
        while self.steps < max_steps:
            self.step()
            if self.c.is_over():
                finished += 1
                for _ in range(5):  # the end screen: clicks still arrive
                    self.step()
                if self.c.is_over():
                    self._do("restart", self.rng.randrange(1 << 30))
        self.games = finished
        return finished


def new_controller(game: str, config: dict[str, Any], kinds: tuple[str, ...], seed: int,
                   autosave: Path | None) -> GameController:
    cls = controller_class(game)
    return cls.new(game, dict(config), Seats(kinds), seed, autosave=autosave)


def seat_kinds(controller_seats: int, rng: random.Random, hot_seat: bool) -> tuple[str, ...]:
    """Seats for a game: all human (hot-seat) or the first human and random bots."""
    if hot_seat:
        return ("human",) * controller_seats
    return ("human",) + tuple(rng.choice(["random", "random", "heuristic"]) for _ in range(controller_seats - 1))


def play(game: str, config: dict[str, Any], seed: int, folder: Path, hot_seat: bool, max_steps: int) -> Monkey:
    """One monkey game: a fresh controller with the right seat count, played to the end."""
    from engine.core.games import get_game
    from engine.core.match import Match

    info = get_game(game)
    seats = Match(info, info.config_from_dict(dict(config)), seed).state.num_seats
    kinds = seat_kinds(seats, random.Random(seed), hot_seat)
    ctl = new_controller(game, config, kinds, seed, folder / "autosave.json")
    monkey = Monkey(ctl, seed, folder)
    monkey.run(max_steps)
    return monkey


class EditorMonkey:
    """Random tools, clicks, drags, keys and typed fields on an editor session,
    as the editor window sends them (a click's ValueError is the window's
    sentence, as there)."""

    def __init__(self, session: Any, seed: int) -> None:
        self.s = session
        self.rng = random.Random(seed)
        self.steps = 0
        self.log: list[str] = []

    def step(self) -> None:
        from app.editor.session import BATTLEFIELD_TOOLS, TERRAIN_TOOLS
        from app.editor.shortcuts import SESSION_KEYS

        s, r = self.s, self.rng
        self.steps += 1
        terrain = s.mode == "terrain"
        x, y = (r.uniform(-5, 105), r.uniform(-5, 105)) if terrain else (r.uniform(-10, 130), r.uniform(-10, 90))
        roll = r.random()
        if roll < 0.12:
            tool = r.choice(TERRAIN_TOOLS if terrain else BATTLEFIELD_TOOLS)
            if tool != "mesh":
                self.log.append(f"set_tool {tool}")
                s.set_tool(tool)
        elif roll < 0.45:
            ray = None if terrain or r.random() < 0.5 else ((x - 20, y, 40.0), (x, y, 10.0))
            self.log.append(f"click {x:.1f},{y:.1f} {ray}")
            try:
                s.click(x, y, ray) if not terrain else s.click(x, y)
            except ValueError:
                pass
        elif roll < 0.6:
            self.log.append(f"drag from {x:.1f},{y:.1f}")
            if s.begin_drag(x, y):
                for _ in range(r.randrange(1, 5)):
                    s.drag(x + r.uniform(-20, 20), y + r.uniform(-20, 20))
                s.end_drag()
        elif roll < 0.8:
            key = r.choice(sorted(SESSION_KEYS))
            self.log.append(f"key {key}")
            if key != "ctrl+s":
                s.key(key)
        elif roll < 0.92:
            fields = list(s.editable())
            if fields:
                name = r.choice(fields)
                text = r.choice(["12", "-3", "abc", "", "0", "1e9", "45.5"])
                self.log.append(f"type {name}={text!r}")
                s.type_field(name, text)
        else:
            self.log.append("undo/redo")
            s.undo() if r.random() < 0.6 else s.redo()
        s.problems()
        s.fields()
        s.handles()
        if not terrain:
            s.battlefield()
