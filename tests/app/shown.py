"""What the window shows a player, gathered headless, and the words it must never hold.

:func:`shown_texts` plays a game through its controller (seat 0 a person
whose clicks a bot chooses, the other seats bots) and collects every text
the window would show on the way: the title, turn and score lines, the
engine's message, the choice buttons, the event log, the tooltip of every
thing the pointer could rest on, the help pages, the Load list's line and
the end panel. :func:`problems` says what in a text a player should never
read: internal ids, Python reprs, file paths, command-line flags and
numbers printed nowhere on the table.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from app import tips
from app.games import controller_class
from app.help_overlay import help_lines
from app.seats import Seats
from engine.bots import make_bot

PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("None", re.compile(r"\bNone\b")),
    ("snake_case", re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")),
    ("a constant's name", re.compile(r"\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b")),
    ("a Python repr", re.compile(r"\b[A-Z]\w*\((?:\)|'|\"|\w+=)|<[\w.]+ object at|[\[{(]'|\bTrue\b|\bFalse\b")),
    ("a file path", re.compile(r"\.json\b|\.py\b|\.wav\b|(?:^|\s)~?/\w|\b\w+/\w+/|\$[A-Z_]{3,}")),
    ("a command-line flag", re.compile(r"(?<![\w-])--[a-z]")),
    ("an unexplained number", re.compile(r"(?:\([a-z]+\)|winner): -?\d+(?:\.\d+)?$")),  # a score with no unit
    ("a table point in numbers", re.compile(r"\(-?\d+\.\d, -?\d+\.\d\)")),
    ("a region by number", re.compile(r"\bregion \d")),
    ("a seat named twice", re.compile(r"\b[Pp]layer (\d+) \([Pp]layer \1\)")),
)
"""What a player should never read, each with what it is."""


def ids_of(controller: Any) -> set[str]:
    """The game's own ids that have names a player reads instead: soldiers,
    scenery, missions, modules, terrains ("green-infantry", "cereal-box",
    "king-of-the-hill", "castle-field")."""
    out: set[str] = set()
    if controller.game == "little-soldiers":
        from engine.little_soldiers import config as ls_config

        v = controller.view()
        out |= {s["id"] for s in controller.view_dict()["soldiers"]}
        out |= {p.id for t in (v.base_terrain, v.terrain) for p in t.bf.scenery if "-" in p.id or "_" in p.id}
        out |= {m.replace("_", "-") for m in ls_config.MISSIONS} | {m.replace("_", "-") for m in ls_config.MODULES}
        out |= {str(t["id"]) for t in controller.view_dict().get("threats") or [] if "-" in str(t["id"])}
    elif controller.game == "toy-battle":
        from pathlib import Path

        out |= {p.stem for p in Path("levels/toy_battle").glob("*.json") if "-" in p.stem}
    return {i for i in out if i}


def problems(text: str, ids: set[str] = frozenset(), printed: set[str] | None = None) -> list[str]:
    """What in ``text`` a player should not read. ``printed``: the Toy Battle node
    labels the board prints (a "base N" must name one of them)."""
    found = []
    for line in text.splitlines():
        for what, pattern in PATTERNS:
            m = pattern.search(line)
            if m:
                found.append(f"{what} ({m.group(0)!r}) in {line!r}")
        for ident in ids:
            if re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", line):
                found.append(f"the id {ident!r} in {line!r}")
        if printed is not None:
            for m in re.finditer(r"\b(?:base|H\.Q\.) ([\w²]+)", line):
                if m.group(1) not in printed and not m.group(1).isalpha():
                    found.append(f"{m.group(0)!r}, a number printed nowhere on the board, in {line!r}")
    return found


def _probe_clicks(c: Any, rng: random.Random) -> Iterator[tuple[str, str]]:
    """Clicks a person might make that the engine refuses or explains, and what the
    window then says: the refusal, a hovered enemy's line of sight, a cord's length."""
    game = c.game
    if game == "toy-battle":
        t = c.view().terrain
        rack = c.rack()
        if rack:
            c.click_troop(rng.choice(rack))
        c.click_node(rng.choice(list(t.ids)))
    elif game == "little-battle":
        hand = c.hand()
        if hand:
            c.click_card(rng.choice(hand))
        c.click_pile(rng.randrange(2))
    elif game == "little-soldiers":
        v = c.view_dict()
        mine = [s["id"] for s in v["soldiers"] if s["spot"] is not None and c.is_mine(s["id"])]
        others = [s["id"] for s in v["soldiers"] if s["spot"] is not None and not c.is_mine(s["id"])]
        if mine:
            c.selected = rng.choice(mine)
            for enemy in others:
                hover = c.hover_soldier(enemy)
                if hover is not None:
                    yield "line of sight", hover.text
            minx, miny, maxx, maxy = c.view().terrain.bf.play_zone.bounds
            c.hover_table(rng.uniform(minx, maxx), rng.uniform(miny, maxy))
            yield "cord", c.cord_line()
            c.hover_soldier(None)
        c.click_table(rng.uniform(-50, 200), rng.uniform(-50, 150))
    yield "message", c.message
    c.message = ""


def _choose(c: Any, bot: Any, rng: random.Random) -> bool:
    """The person at seat 0 clicks what ``bot`` would play (through the controller)."""
    action = bot.choose(c.view())
    return c.play(action)


def shown_texts(game: str, config: dict[str, Any], seed: int = 1, tip_every: int = 9,
                max_actions: int = 3000) -> Iterator[tuple[str, str]]:
    """(where, text) for everything the window shows while a game is played to its end."""
    cls = controller_class(game)
    probe = cls.new(game, dict(config), seed=seed)
    n = probe.match.state.num_seats
    c = cls(probe.match, Seats(("human",) + ("random",) * (n - 1)), bot_seed=seed)
    hand = make_bot("random", game, seed + 99)
    rng = random.Random(seed)
    info = c.info
    yield "title", info.title
    for line in help_lines(info, c.match.config):
        yield "help", line
    seen_events = 0
    step = 0
    while not c.is_over() and step < max_actions:
        step += 1
        yield "status", c.status()
        yield "score", c.scoreline()
        for label, _ in c.choices():
            yield "choice", label
        if step % tip_every == 1:
            if c.my_turn():
                before = c.match.state.state_hash()
                yield from _probe_clicks(c, rng)
                if c.match.state.state_hash() != before:  # a probe click that was legal played: go on from there
                    continue
            for thing in tips.things(c):
                tip = tips.tip(c, thing)
                if tip is not None:
                    for line in tip.lines():
                        yield f"tooltip {thing.split(':')[0]}", line
        events = c.events()
        for line in events[seen_events:]:
            yield "event", line
        seen_events = len(events)
        if c.bot_pending():
            c.bot_step()
        elif c.my_turn():
            _choose(c, hand, rng)
            yield "message", c.message
        else:
            break
    for line in c.events()[seen_events:]:
        yield "event", line
    yield "status", c.status()
    yield "end reason", c.end_reason()
    for line in c.score_lines():
        yield "end panel", line
    yield "load list", ", ".join(str(v) for k, v in c.summary().items() if k in ("game", "where", "players"))
    for thing in tips.things(c):
        tip = tips.tip(c, thing)
        if tip is not None:
            for line in tip.lines():
                yield f"tooltip {thing.split(':')[0]}", line


def printed_labels(controller: Any) -> set[str] | None:
    """The node labels a Toy Battle board prints beside its bases (the view's rule, asked headless)."""
    if controller.game != "toy-battle":
        return None
    t = controller.view().terrain
    return {nid for i, nid in enumerate(t.ids) if t.is_base[i] or len(t.hqs[t.hq_owner[i]]) > 1}


__all__ = ["PATTERNS", "ids_of", "printed_labels", "problems", "shown_texts"]
