"""One served table: the authoritative match, who sits where, and its manners.

A ``Table`` knows nothing of sockets: the server calls it (one call at a time)
and sends what it returns. It holds the only ``Match`` (the truth), the join
codes, which seats a bot plays, the undo request in flight, the chat and the
host's pause. What it gives a seat is that seat's view picture and the
history entries the seat may read (``State.view(seat)``,
``View.history()``); a spectator and the host get the public view
(``SPECTATOR``).

Simultaneous steps (Little Battle's picks) are applied in seat order: a
choice that arrives before the choices of the seats ahead of it is checked,
held and applied after them, so a served game is the same game whatever
order the network delivers the choices in (the engine records the order of
commits, and the order matters to what the next shuffle sees).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from engine.core.actions import ActionCodec
from engine.core.files import RECORD_MAX_BYTES, DataError, load_json, want_bool, want_list, want_object, want_str, write_atomic
from engine.core.games import GameInfo
from engine.core.match import Match
from engine.core.protocol import CHANCE, State
from engine.core.record import FORMAT, RecordError, parse_record
from engine.net.protocol import VERSION, Command

REMOTE = "remote"
"""A seat's kind when a person (or a bot client) plays it from another machine."""

CODE_BYTES = 16
"""Chosen: random bytes in a join code (22 URL-safe characters)."""

CHAT_KEPT = 50
"""Chosen: chat lines a table keeps to show a player who joins late."""


class Role(StrEnum):
    SEAT = "seat"
    SPECTATOR = "spectator"
    HOST = "host"


class Refused(Exception):
    """Something a client asked that the table does not do; the text says why."""


@dataclass
class Seat:
    """One seat at the table."""

    index: int
    label: str
    """The seat's table name (its colour)."""
    kind: str
    """"remote" (a join code plays it) or the name of the server's bot."""
    code: str | None = None
    bot: str | None = None
    """The bot playing the seat now: a bot seat's own, or the one the host
    handed an absent remote seat to (None: its player plays it)."""
    name: str = ""
    present: bool = False

    @property
    def remote(self) -> bool:
        return self.kind == REMOTE

    @property
    def human(self) -> bool:
        """Played by a client now (a person, or a bot on the player's machine)."""
        return self.remote and self.bot is None

    def public(self) -> dict[str, Any]:
        return {"seat": self.index, "label": self.label, "name": self.name, "kind": self.kind,
                "bot": self.bot, "present": self.present}


@dataclass
class UndoVote:
    """An undo asked by ``by``: the other human seats answer."""

    by: int
    back_to: int
    """How many players' actions remain after it."""
    waiting: set[int] = field(default_factory=set)


Notice = tuple[frozenset[int] | None, dict[str, Any]]
"""A message and who gets it: None for every connection, else the seats (a
spectator and the host count as ``SPECTATOR``)."""


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


class Table:
    """The match and its seats; every change returns the notices to send."""

    def __init__(self, match: Match, seats: list[Seat], spectator_code: str, host_code: str, table_id: int = 0) -> None:
        if len(seats) != match.state.num_seats:
            raise ValueError(f"{len(seats)} seats for a {match.state.num_seats}-seat game")
        self.match = match
        self.seats = seats
        self.spectator_code = spectator_code
        self.host_code = host_code
        self.id = table_id
        self.paused = False
        self.ended: str | None = None
        """Why the table ended early (the host), or None."""
        self.epoch = 0
        """How many undos happened: a client's entries past a cut are stale."""
        self.cuts: list[int] = []
        """The history length each undo cut back to, in order."""
        self.held: dict[int, tuple[Any, int | None]] = {}
        self.vote: UndoVote | None = None
        self.chat_log: list[dict[str, Any]] = []
        self.version = 0
        """Counts changes of the match (actions, undos): a bot's answer for an older one is dropped."""
        self._entries: list[Entry] | None = None
        self._entries_all: list[Entry] = []
        self._encoded: list[Any] = []
        self._trail: Any = None
        self._record_config: dict[str, Any] | None = None
        """The trail link the entries reach (the state's history is a chain of links)."""
        self.bots: dict[int, Any] = {}
        self.started = time.time()
        self.on_step: Callable[[], None] | None = None
        """Called after each action applied (the server makes every connection's update there)."""
        self.mid: State | None = None
        """During ``on_step``: the state just after the action, before the chance steps it set off (or None)."""

    # ------------------------------------------------------------ making
    @classmethod
    def new(cls, info: GameInfo, config: Any, seed: int | None, kinds: Sequence[str], labels: Sequence[str],
            table_id: int = 0) -> Table:
        match = Match(info, config, seed)
        seats = []
        for i, kind in enumerate(kinds):
            label = labels[i] if i < len(labels) else f"player {i + 1}"
            seats.append(Seat(i, label, kind, new_code() if kind == REMOTE else None,
                              None if kind == REMOTE else kind, default_name(i, label, kind)))
        return cls(match, seats, new_code(), new_code(), table_id)

    def save_data(self) -> dict[str, Any]:
        """The autosave: the record (a plain Toybox record, loadable by
        ``replay`` and ``play --load``) plus the table's seats and codes, so a
        restarted server takes the same codes back. It holds the join codes:
        written readable by its owner only. The actions are the ones already
        encoded for the clients (a record encodes every action anew)."""
        entries = self.entries()
        if self._record_config is None:
            self._record_config = self.match.record().config
        data = {"format": FORMAT, "game": self.info.name, "version": self.info.version,
                "config": self._record_config, "seed": self.match.seed,
                "actions": [{"seat": e[0], "action": a} for e, a in zip(entries, self._encoded, strict=True)]}
        data["table"] = {
            "protocol": VERSION,
            "seats": [{"label": s.label, "kind": s.kind, "code": s.code, "bot": s.bot, "name": s.name}
                      for s in self.seats],
            "spectator": self.spectator_code,
            "host": self.host_code,
            "paused": self.paused,
            "ended": self.ended,
            "result": self.result_dict(),
        }
        return data

    def save(self, path: str | Path) -> None:
        write_atomic(path, json.dumps(self.save_data(), separators=(",", ":")) + "\n", mode=0o600)

    @classmethod
    def resume(cls, path: str | Path, table_id: int = 0) -> Table:
        """The table an autosave holds, its codes and seats as they were."""
        where = str(path)
        try:
            data = load_json(path, "autosave", max_bytes=RECORD_MAX_BYTES)
        except DataError as err:
            raise RecordError(str(err)) from None
        record = parse_record(data, where)
        match = Match.from_record(record, where)
        meta = want_object(data.get("table"), f"{where}: table")
        raw = want_list(meta.get("seats"), f"{where}: table.seats", match.state.num_seats, match.state.num_seats)
        seats = []
        for i, s in enumerate(raw):
            s = want_object(s, f"{where}: table.seats[{i}]")
            kind = want_str(s.get("kind"), f"{where}: table.seats[{i}].kind")
            code = s.get("code")
            bot = s.get("bot")
            seats.append(Seat(i, want_str(s.get("label"), f"{where}: table.seats[{i}].label"), kind,
                              None if code is None else want_str(code, f"{where}: table.seats[{i}].code"),
                              None if bot is None else want_str(bot, f"{where}: table.seats[{i}].bot"),
                              want_str(s.get("name", ""), f"{where}: table.seats[{i}].name")))
            if kind == REMOTE and not seats[-1].code:
                raise RecordError(f"{where}: table.seats[{i}]: a remote seat without its join code.")
        table = cls(match, seats, want_str(meta.get("spectator"), f"{where}: table.spectator"),
                    want_str(meta.get("host"), f"{where}: table.host"), table_id)
        table.paused = want_bool(meta.get("paused", False), f"{where}: table.paused")
        ended = meta.get("ended")
        table.ended = None if ended is None else want_str(ended, f"{where}: table.ended")
        return table

    # ------------------------------------------------------------ who is who
    def codes(self) -> dict[str, str]:
        """The join codes by seat label, then the spectator's (``--codes``)."""
        out = {s.label: s.code for s in self.seats if s.code is not None}
        out["spectator"] = self.spectator_code
        return out

    def role_of(self, code: str) -> tuple[Role, int | None] | None:
        for s in self.seats:
            if s.code is not None and secrets.compare_digest(s.code, code):
                return Role.SEAT, s.index
        if secrets.compare_digest(self.spectator_code, code):
            return Role.SPECTATOR, None
        if secrets.compare_digest(self.host_code, code):
            return Role.HOST, None
        return None

    @property
    def info(self) -> GameInfo:
        return self.match.info

    @property
    def over(self) -> bool:
        return self.ended is not None or self.match.state.is_over()

    def result_dict(self) -> dict[str, Any] | None:
        res = self.match.state.result()
        if res is not None:
            return res.to_dict()
        if self.ended is not None:
            return {"winners": [], "scores": [], "reason": self.ended}
        return None

    # ------------------------------------------------------------ what a connection sees
    def entries(self) -> list[Entry]:
        """The history as (seat, action, audience), brought up to date once per
        change: the steps added since are walked and encoded (all of it again
        only after an undo)."""
        if self._entries is None:
            trail = self.match.state.trail
            new: list[Entry] = []
            link = trail
            while link is not None and link is not self._trail:
                new.append((link[1], link[2], link[3]))
                link = link[0]
            codec = self.info.codec
            if link is None and self._trail is not None:  # the old head is gone (an undo): start over
                self._entries_all, self._encoded = [], []
            new.reverse()
            self._entries_all.extend(new)
            self._encoded.extend(codec.encode(a) for _, a, _ in new)
            self._trail = trail
            self._entries = self._entries_all
        return self._entries

    def history_for(self, seat: int, start: int) -> list[dict[str, Any]]:
        """History entries from ``start`` as ``seat`` may read them: another's
        hidden action (a face-down card, a shuffle's order) is null."""
        return readable(self.entries(), self._encoded, seat, start)

    def picture(self, seat: int) -> dict[str, Any]:
        """The view a seat (or ``SPECTATOR``) gets: ``state.view(seat).to_dict()``."""
        return self.match.state.view(seat).to_dict()

    def base_for(self, sent: int, epoch: int) -> int:
        """Where a connection's history must restart: what it holds, less
        what undos since its epoch took back."""
        if epoch > self.epoch:  # a history from another life of the server (a restart): send it all
            return 0
        base = sent
        for cut in self.cuts[epoch:]:
            base = min(base, cut)
        return min(base, len(self.entries()))

    def update(self, seat: int, sent: int, epoch: int) -> dict[str, Any]:
        """An ``update`` for a connection that holds ``sent`` entries of ``epoch``."""
        base = self.base_for(sent, epoch)
        return {
            "type": "update",
            "n": len(self.entries()),
            "epoch": self.epoch,
            "from": base,
            "events": self.history_for(seat, base),
            "view": self.picture(seat),
            "held": seat in self.held,
            "chosen": sorted(self.held),
            "paused": self.paused,
            "can_undo": self.undo_target(seat) is not None if 0 <= seat < len(self.seats) else False,
            **({"before_chance": self.mid.view(seat).to_dict()} if self.mid is not None else {}),
        }

    def welcome(self, role: Role, seat: int | None, chat: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {
            "type": "welcome",
            "version": VERSION,
            "role": role.value,
            "seat": seat,
            "table": self.id,
            "game": self.info.name,
            "title": self.info.title,
            "config": self.match.record().config,
            "seats": [s.public() for s in self.seats],
            "chat": list(self.chat_log if chat is None else chat),
            "paused": self.paused,
            "over": self.over,
            "result": self.result_dict(),
        }

    def seats_notice(self) -> Notice:
        return None, {"type": "seats", "seats": [s.public() for s in self.seats]}

    def over_notice(self) -> Notice:
        return None, {"type": "over", "result": self.result_dict(), "ended": self.ended}

    # ------------------------------------------------------------ joining
    def join(self, seat: int, name: str | None) -> list[Notice]:
        s = self.seats[seat]
        if s.present:
            raise Refused(f"Seat {s.label} is already taken by a connection; close it first.")
        s.present = True
        out: list[Notice] = []
        if s.bot is not None and s.remote:  # its player is back: the bot the host sat there stands up
            s.bot = None
            out += self.say(None, f"Seat {s.label} is its player's again.")
        if name:
            s.name = f"{name} ({s.label})"
        return [self.seats_notice(), *self.say(None, f"{s.name} joins the table."), *out]

    def leave(self, seat: int) -> list[Notice]:
        s = self.seats[seat]
        s.present = False
        out = [self.seats_notice(), *self.say(None, f"{s.name} left the table.")]
        if self.vote is not None and (seat == self.vote.by or seat in self.vote.waiting):
            out += self.cancel_vote(f"{s.name} left, so the undo is off.")
        return out

    # ------------------------------------------------------------ acting
    def act(self, seat: int, action: Any, ref: int | None = None) -> list[Notice]:
        """A seat's action: refused (Refused, the engine's sentence), held
        (a simultaneous step's choice ahead of its turn) or applied."""
        state = self.match.state
        if self.over:
            raise Refused("The game is over." if self.ended is None else f"The table has ended: {self.ended}")
        if self.paused:
            raise Refused("The host has paused the table; wait for the game to resume.")
        if seat in self.held:
            raise Refused("Your choice is already in; it is revealed when the seats before yours have chosen.")
        reason = state.check(seat, action)
        if reason is not None:
            raise Refused(reason)
        out: list[Notice] = []
        if self.vote is not None:
            out += self.cancel_vote("A move was made, so the undo request is off.")
        to_act = state.to_act()
        if len(to_act) > 1 and seat != min(to_act):
            self.held[seat] = (action, ref)
            return out
        self.play(seat, action)
        while self.held and not self.over:
            now = self.match.state.to_act()
            first = min(now) if now else None
            if first is None or first not in self.held:
                break
            waiting, waiting_ref = self.held.pop(first)
            why = self.match.state.check(first, waiting)
            if why is not None:  # the seats ahead changed what it may do: ask again
                out.append((frozenset({first}), {"type": "refused", "reason": why, "ref": waiting_ref}))
                continue
            self.play(first, waiting)
        if self.over:
            out.append(self.over_notice())
        return out

    def play(self, seat: int, action: Any) -> None:
        """Apply one checked action; then ``on_step`` (the server sends every
        connection an update per action, so each can be shown on its own).
        When chance steps followed it (a deal after the Gold Rush's last
        reveal), ``mid`` holds the state just after the action, before them:
        its pictures go with the update, since the chance may have swept away
        what the action showed."""
        pre = self.match.state.clone()
        n = len(self.entries())
        self.match.play(seat, action)
        self.changed()
        self.mid = None
        if any(who == CHANCE for who, _, _ in self.entries()[n + 1:]):
            pre.rng = None  # stops at the first chance step
            pre.apply(seat, action)
            self.mid = pre
        if self.on_step is not None:
            self.on_step()
        self.mid = None

    def changed(self) -> None:
        self.version += 1
        self._entries = None

    def bot_turns(self) -> list[int]:
        """Seats a server bot must choose for now."""
        if self.over or self.paused:
            return []
        return [s for s in self.match.state.to_act() if s >= 0 and self.seats[s].bot is not None and s not in self.held]

    def bot(self, seat: int) -> Any:
        """The server's bot at ``seat`` (made once per seat and bot name,
        seeded as the app seeds its bots: the match's seed, then the seat)."""
        from engine.bots import make_bot

        kind = self.seats[seat].bot
        if kind is None:
            raise ValueError(f"seat {seat} is its player's, not a bot's")
        have = self.bots.get(seat)
        if have is None or have[0] != kind:
            have = self.bots[seat] = (kind, make_bot(kind, self.info.name, self.match.seed * 31 + seat))
        return have[1]

    # ------------------------------------------------------------ undo
    def undo_target(self, seat: int) -> int | None:
        """How many players' actions would remain if ``seat`` took back its
        last one (and everything after it), or None when that cannot be
        undone: nothing of its own to take back, or a roll or a reveal since."""
        actions = self.match.actions
        mine = [i for i, (s, _) in enumerate(actions) if s == seat]
        if not mine or self.held:
            return None
        back_to = mine[-1]
        if len(actions) - back_to > self.match.undo_depth():
            return None
        return back_to

    def request_undo(self, seat: int) -> list[Notice]:
        if self.over:
            raise Refused("The game is over; there is nothing to take back.")
        if self.paused:
            raise Refused("The host has paused the table.")
        if self.vote is not None:
            raise Refused("An undo request is already waiting for answers.")
        back_to = self.undo_target(seat)
        if back_to is None:
            if not any(s == seat for s, _ in self.match.actions):
                raise Refused("You have not played anything to take back.")
            raise Refused("Your last move cannot be taken back: a roll or a reveal came after it "
                          "(or a choice is waiting for the seats before it).")
        others = {s.index for s in self.seats if s.index != seat and s.human and s.present}
        name = self.seats[seat].name
        if not others:
            return self.do_undo(seat, back_to)
        self.vote = UndoVote(seat, back_to, others)
        return [(frozenset(others), {"type": "undo_request", "by": seat, "name": name}),
                *self.say(None, f"{name} asks to take back their last move.")]

    def answer_undo(self, seat: int, accept: bool) -> list[Notice]:
        vote = self.vote
        if vote is None or seat not in vote.waiting:
            raise Refused("No undo request is waiting for your answer.")
        name = self.seats[seat].name
        if not accept:
            self.vote = None
            return [(None, {"type": "undo_result", "by": vote.by, "accepted": False,
                            "reason": f"{name} said no."}),
                    *self.say(None, f"{name} refuses the undo.")]
        vote.waiting.discard(seat)
        if vote.waiting:
            return []
        self.vote = None
        return self.do_undo(vote.by, vote.back_to)

    def do_undo(self, seat: int, back_to: int) -> list[Notice]:
        while len(self.match.actions) > back_to:
            if not self.match.undo():
                break
        self.epoch += 1
        self.changed()
        self.cuts.append(len(self.entries()))
        name = self.seats[seat].name
        return [(None, {"type": "undo_result", "by": seat, "accepted": True, "reason": ""}),
                *self.say(None, f"{name} takes back their last move.")]

    def cancel_vote(self, why: str) -> list[Notice]:
        vote, self.vote = self.vote, None
        if vote is None:
            return []
        return [(None, {"type": "undo_result", "by": vote.by, "accepted": False, "reason": why})]

    # ------------------------------------------------------------ talking
    def say(self, seat: int | None, text: str) -> list[Notice]:
        """A chat line: ``seat``'s (with its player's name) or the table's own (None)."""
        line = {"type": "chat", "seat": seat, "name": self.seats[seat].name if seat is not None else "Table",
                "text": text, "time": round(time.time(), 3)}
        self.chat_log.append(line)
        del self.chat_log[:-CHAT_KEPT]
        return [(None, line)]

    # ------------------------------------------------------------ the host
    def host(self, command: Command, seat: int | None = None, kind: str | None = None) -> list[Notice]:
        if command is Command.PAUSE:
            if self.paused:
                raise Refused("The table is already paused.")
            self.paused = True
            return [(None, {"type": "paused", "paused": True}), *self.say(None, "The host pauses the game.")]
        if command is Command.RESUME:
            if not self.paused:
                raise Refused("The table is not paused.")
            self.paused = False
            return [(None, {"type": "paused", "paused": False}), *self.say(None, "The host resumes the game.")]
        if command is Command.END:
            if self.over:
                raise Refused("The table has already ended.")
            self.ended = "The host ended the table."
            return [*self.say(None, self.ended), self.over_notice()]
        return self.hand_over(seat, kind)

    def hand_over(self, seat: int | None, kind: str | None) -> list[Notice]:
        """A remote seat to a bot (``kind`` a bot name) or back to its player ("remote")."""
        from engine.bots import bot_names

        if seat is None or not 0 <= seat < len(self.seats):
            raise Refused(f"host.seat: name a seat from 0 to {len(self.seats) - 1}.")
        s = self.seats[seat]
        if not s.remote:
            raise Refused(f"Seat {s.label} is played by the server's {s.kind} bot; only a remote seat is handed over.")
        if kind == REMOTE:
            if s.bot is None:
                raise Refused(f"Seat {s.label} is already its player's.")
            s.bot = None
            text = f"Seat {s.label} is its player's again."
        else:
            names = bot_names() + ("lookahead",)
            if kind not in names:
                raise Refused(f"host.kind: {kind!r} is not {REMOTE} or a bot ({', '.join(names)}).")
            if s.present and s.bot is None:
                raise Refused(f"{s.name} is at the table; a bot takes only an absent seat.")
            s.bot = kind
            text = f"A {kind} bot plays seat {s.label} until its player is back."
        return [self.seats_notice(), *self.say(None, text)]


Entry = tuple[int, Any, frozenset[int] | None]
"""One history step: the seat, its action, and who may read it (None: all)."""


def entries_of(state: State) -> list[Entry]:
    """A state's history with each step's audience (``State.trail``)."""
    out = []
    link = state.trail
    while link is not None:
        out.append((link[1], link[2], link[3]))
        link = link[0]
    out.reverse()
    return out


def readable(entries: list[Entry], encoded: list[Any], seat: int, start: int) -> list[dict[str, Any]]:
    """The steps from ``start`` as ``seat`` may read them (``View.history``'s
    rule): an action its audience leaves ``seat`` out of is null."""
    out = []
    for i in range(start, len(entries)):
        who, _, audience = entries[i]
        seen = audience is None or seat in audience
        out.append({"seat": who, "action": encoded[i] if seen else None})
    return out


def seat_message(state: State, codec: ActionCodec, seat: int, start: int) -> dict[str, Any]:
    """What an update tells ``seat`` of ``state``: its view and the history
    from ``start`` as it may read it (the secrecy test re-derives every
    update this way from re-dealt truths)."""
    entries = entries_of(state)
    return {"events": readable(entries, [codec.encode(a) for _, a, _ in entries], seat, start),
            "view": state.view(seat).to_dict()}


def default_name(seat: int, label: str, kind: str) -> str:
    return f"Player {seat + 1} ({label})" if kind == REMOTE else f"{kind.capitalize()} bot ({label})"


def notices_for(notices: list[Notice], seat: int) -> Iterator[dict[str, Any]]:
    """The messages of ``notices`` a connection at ``seat`` gets."""
    for audience, message in notices:
        if audience is None or seat in audience:
            yield message


__all__ = ["CHAT_KEPT", "CODE_BYTES", "REMOTE", "Entry", "Notice", "Refused", "Role", "Seat", "Table", "default_name",
           "entries_of", "new_code", "notices_for", "readable", "seat_message"]

