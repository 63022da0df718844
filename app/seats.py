"""Who sits where: seat names per game and the ``--seats`` option.

Seat names are what the players call each other at the table (the colour of
their army or ship); the engine knows seats as numbers. Nothing here is a
rule: the seat count comes from the engine's state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.bots.levels import Difficulty, bot_names

SEAT_NAMES: dict[str, tuple[str, ...]] = {
    "little-soldiers": ("green", "yellow"),
    "toy-battle": ("blue", "red"),
    "little-battle": ("red", "blue", "green", "yellow", "purple"),
}
"""Chosen names (and drawing colours) of the seats, in seat order."""

SEAT_RGB: dict[str, tuple[float, float, float]] = {
    "green": (0.20, 0.62, 0.25),
    "yellow": (0.95, 0.80, 0.15),
    "blue": (0.18, 0.40, 0.85),
    "red": (0.85, 0.20, 0.18),
    "purple": (0.55, 0.30, 0.75),
}

KINDS = ("human",) + bot_names()
"""A seat is played by a person at this computer or by one of the engine's
bots: a kind, or a difficulty (easy, normal, hard)."""

PLAYER_KINDS: tuple[str, ...] = ("human",) + tuple(d.value for d in Difficulty)
"""What the start screen offers a player: a person, or a bot by how hard it plays."""
ADVANCED_KINDS: tuple[str, ...] = tuple(k for k in KINDS if k not in PLAYER_KINDS)
"""The engine's bot kinds (random, heuristic, search), offered behind the start screen's
"Advanced" choice: the seat choice mixed them with the difficulties (heuristic, search,
easy, normal, hard, human, random), engine names a player cannot place."""

DEFAULT_BOT = Difficulty.NORMAL.value
"""The bot an empty seat gets (chosen: the middle difficulty; it was the engine's 'heuristic')."""

KIND_TITLES: dict[str, str] = {"human": "Human", "easy": "Easy", "normal": "Normal", "hard": "Hard",
                               "random": "Random", "heuristic": "Heuristic", "search": "Search"}
"""A seat's kind as the window shows it."""


def kind_title(kind: str) -> str:
    """"normal" -> "Normal": how the start screen, the Load list and the HUD name who plays a seat."""
    return KIND_TITLES.get(kind, kind.replace("_", " ").capitalize())


def kind_cycle(kind: str, advanced: bool) -> str:
    """The kind after ``kind`` when its seat button is clicked: Human, Easy, Normal, Hard,
    then (with Advanced on) the engine's kinds, and round again."""
    order = PLAYER_KINDS + (ADVANCED_KINDS if advanced else ())
    return order[(order.index(kind) + 1) % len(order)] if kind in order else order[0]


class SeatError(ValueError):
    """A bad ``--seats`` value; the message says which part and why."""


@dataclass(frozen=True)
class Seats:
    """One kind per seat: "human" or a bot name from ``engine.bots``."""

    kinds: tuple[str, ...]

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.kinds) and self.kinds[seat] == "human"  # (a spectator's seat is none of them)

    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "human"]

    def to_text(self, game: str) -> str:
        return ",".join(f"{seat_name(game, s)}={k}" for s, k in enumerate(self.kinds))


def saved_seats(meta: dict, num_seats: int) -> Seats | None:
    """The seats a save was played with, from its Load-list sidecar's
    ``seats`` (one kind per seat), or None when it has none we can use: a
    hot-seat game resumed as a game against a bot (the record keeps no seats)."""
    kinds = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(kinds, list) or len(kinds) != num_seats:
        return None
    if not all(isinstance(k, str) and k in KINDS for k in kinds):
        return None
    return Seats(tuple(kinds))


def seat_name(game: str, seat: int) -> str:
    names = SEAT_NAMES.get(game, ())
    return names[seat] if 0 <= seat < len(names) else f"player {seat + 1}"


def seat_label(game: str, seat: int) -> str:
    """"Player 2 (blue)": the engine's name with the table colour."""
    return f"Player {seat + 1} ({seat_name(game, seat)})"


NUMBERED_SEATS = frozenset({"little-battle"})
"""Games whose engine calls the seats "player N" only (Little Soldiers already writes
"Dinosaur (green, player 1)", Toy Battle "Red"): their text gets the colours added."""
_PLAYER_N = re.compile(r"(\()?\b([Pp]layer) (\d+)\b(?! \()(\))?")


def with_seat_names(game: str, text: str) -> str:
    """The engine's "player 2" with the seat's table colour, as the HUD and the
    name plates call it: "Player 2 wins with 16 gold." -> "Player 2 (blue) wins
    with 16 gold.", "Rhino 9 (player 2) takes" -> "Rhino 9 (player 2, blue) takes".
    (The end screen said "Player 2 wins" beside scores listed as "Player 2 (blue)".)
    Text that already names the colour, or a number no seat has, is left as it is."""
    if game not in NUMBERED_SEATS:
        return text
    names = SEAT_NAMES.get(game, ())

    def name(m: re.Match[str]) -> str:
        seat = int(m.group(3)) - 1
        if not 0 <= seat < len(names):
            return m.group(0)
        if m.group(1) and m.group(4):
            return f"({m.group(2)} {seat + 1}, {names[seat]})"
        return f"{m.group(1) or ''}{m.group(2)} {seat + 1} ({names[seat]}){m.group(4) or ''}"

    return _PLAYER_N.sub(name, text)


SECOND_PERSON: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"You draw (.+)"), "{seat} draws {0}"),
    (re.compile(r"Your (.+) lies face down: you cannot place it on your next turn\."),
     "{seat}'s {0} lies face down: they cannot place it on their next turn."),
    (re.compile(r"You keep (.+)"), "{seat} keeps {0}"),
    (re.compile(r"You play (.+)"), "{seat} plays {0}"),
    (re.compile(r"You are dealt (.+)"), "{seat} is dealt {0}"),
)
"""The engines' private lines, written to the one seat that may read them,
as the table says them about that seat (a shared screen has no one "you")."""


def about_seat(game: str, text: str, seat: int, who: str | None = None) -> str:
    """A private line told about its seat, as the table names it: "You draw
    Roxy 7." -> "Player 2 (red) draws Roxy 7." (hot-seat: whoever is at the
    mouse now could not tell whose draw the log meant). A second-person line
    no pattern knows gets the seat in front, so none is left unnamed. ``who``:
    the seat as the game's log names it ("Red"), else its label."""
    who = who or seat_label(game, seat)
    for pattern, told in SECOND_PERSON:
        m = pattern.fullmatch(text)
        if m:
            return told.format(*m.groups(), seat=who)
    if re.match(r"(You|Your)\b", text):
        return f"{who}: {text}"
    return text


def default_bot(game: str) -> str:
    """The bot an empty seat gets: Normal (every game declares its three difficulties);
    random only for a game that declares none."""
    from engine.bots.levels import LEVELS

    return DEFAULT_BOT if (game, Difficulty.NORMAL) in LEVELS else "random"


def parse_seats(game: str, text: str | None, num_seats: int) -> Seats:
    """``green=human,yellow=bot`` (or ``1=human,2=search``) -> Seats.

    Unnamed seats default to: the first seat human, the others the game's
    default bot; ``bot`` means that default bot.
    """
    bot = default_bot(game)
    kinds = ["human"] + [bot] * (num_seats - 1)
    if text is None:
        return Seats(tuple(kinds))
    names = SEAT_NAMES.get(game, ())
    parts = [p.strip() for p in text.split(",")]
    if not any(parts) or not all(parts):
        raise SeatError(f"--seats {text!r}: expected SEAT=KIND pairs separated by single commas, "
                        f"as in {seat_name(game, 0)}=human")
    named: dict[int, str] = {}
    for part in parts:
        key, sep, kind = part.partition("=")
        key, kind = key.strip().lower(), kind.strip().lower()
        if not sep or not kind:
            raise SeatError(f"--seats: {part!r} should look like {seat_name(game, 0)}=human")
        if key.isdigit():
            seat = int(key) - 1
        elif key in names:
            seat = names.index(key)
        else:
            known = ", ".join(names[:num_seats]) or "1, 2, ..."
            raise SeatError(f"--seats: no seat {key!r} in {game} (seats: {known})")
        if not 0 <= seat < num_seats:
            raise SeatError(f"--seats: seat {key!r} is not in this {num_seats}-player game")
        if kind == "bot":
            kind = bot
        if kind not in KINDS:
            raise SeatError(f"--seats: {kind!r} is not human or a bot ({', '.join(KINDS[1:])})")
        if seat in named:
            raise SeatError(f"--seats: seat {key!r} is given twice ({named[seat]!r} and {part!r}); name each seat once")
        named[seat] = part
        kinds[seat] = kind
    return Seats(tuple(kinds))
