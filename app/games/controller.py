"""The game-independent half of every controller: a match, its seats, bots,
hot-seat hand-over, undo, save/load and autosave.

A controller is what the mouse drives and what tests drive: the view turns
clicks into calls on it, and redraws from it. It has no Ursina in it, so a
test can play a whole game through it without a window. It never decides a
rule: every action goes to the engine through ``Match.play``, and an illegal
one comes back as the engine's sentence in :attr:`message`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Self

from app.seats import Seats, about_seat, kind_title, seat_label, with_seat_names
from engine.bots import make_bot
from engine.core.games import GameInfo, get_game
from engine.core.match import Match, MatchLike
from engine.core.protocol import CHANCE, SPECTATOR, IllegalAction, State, View
from engine.core.record import RecordError, load_record, save_record

SPECTATOR_REFUSAL = "You are watching this table: a spectator cannot act."
"""What a spectator's click or key that would act is told (the server refuses it as well)."""
GAME_OVER_PICK = "The game is over: look at the table, or press Review to step through it."
"""Said for a click on a hand or rack card once the game is over (live, the card lit up as if playable)."""


def _cloned_view(state: Any, seat: int) -> View:
    """A seat's view of a copy of ``state`` (a thinking thread never shares the live state)."""
    return state.clone().view(seat)


@dataclass(eq=False)
class SeenView:
    """A seat's view of one position, with its plain data once asked. The
    position is the state object and its trail, to which every action adds a
    new link (``State.apply``); both are held, so neither's id can be reused by
    another object while the view is kept."""

    state: State
    trail: Any
    viewer: int
    view: View
    _data: dict[str, Any] | None = None

    def of(self, state: State, viewer: int) -> bool:
        """Whether this is ``viewer``'s view of ``state`` as it stands now."""
        return state is self.state and state.trail is self.trail and viewer == self.viewer

    def data(self) -> dict[str, Any]:
        if self._data is None:
            self._data = self.view.to_dict()
        return self._data


class GameController:
    """One match being played at this computer."""

    selected: str | None = None
    """What the player has picked up and not yet played (a soldier, a card, a
    troop), by the game's own key; None: nothing."""

    def __init__(self, match: MatchLike, seats: Seats, autosave: Path | None = None, bot_seed: int = 0) -> None:
        if len(seats.kinds) != match.state.num_seats:
            raise ValueError(f"{len(seats.kinds)} seat kinds for a {match.state.num_seats}-seat game")
        self.match = match
        self.seats = seats
        self.replaced_listeners: list[Any] = []
        """Called when Load put in a match (before the listeners): the screen
        rebuilds its view if the battlefield, terrain or players changed."""
        self.autosave = autosave
        self.bot_seed = bot_seed
        self.bots: dict[int, Any] = {
            s: make_bot(k, match.info.name, bot_seed * 31 + s) for s, k in enumerate(seats.kinds)
            if k not in ("human", "remote")  # a served table's other seats are its server's business
        }
        humans = seats.humans()
        self.viewer: int = SPECTATOR if getattr(match, "spectating", False) else humans[0] if humans else 0
        """The seat whose hand is shown and for whom clicks act (``SPECTATOR``
        for a served table's spectator: the public view, and no clicks act)."""
        self.handover_to: int | None = None
        """Set when another person must take the mouse: the view hides all hands."""
        self._message = ""
        self.message_kind = "error"
        """How the HUD colours :attr:`message`: "error", "warning" or "info"."""
        self.autosave_failed = False
        self._autosave_meta: dict[str, Any] | None = None
        self.listeners: list[Callable[[], None]] = []
        self._seen: SeenView | None = None
        """The last view made (``view``)."""
        self._pick_viewer()

    @property
    def message(self) -> str:
        """The last thing to tell the player (an illegal action's sentence), in
        the game's words. Setting it marks it an error; :meth:`inform` and
        :meth:`warn` mark others."""
        return self.in_words(self._message) if self._message else ""

    @message.setter
    def message(self, text: str) -> None:
        self._message = text
        self.message_kind = "error"

    def in_words(self, text: str) -> str:
        """``text`` as a player reads it here; games name their pieces (ids become names)."""
        return text

    def inform(self, text: str) -> None:
        """A success or a plain fact ('Saved ...'), not in the error colour."""
        self._message = text
        self.message_kind = "info"

    def warn(self, text: str) -> None:
        self._message = text
        self.message_kind = "warning"

    # ------------------------------------------------------------ reading
    @classmethod
    def new(cls, game: str, config: dict[str, Any], seats: Seats | None = None, seed: int | None = None,
            autosave: Path | None = None) -> Self:
        """A new game of ``game`` played through this controller class (typed as it)."""
        from app.seats import parse_seats

        info = get_game(game)
        match = Match(info, info.config_from_dict(config), seed)
        seats = seats or parse_seats(game, None, match.state.num_seats)
        return cls(match, seats, autosave, bot_seed=match.seed)

    def summary(self) -> dict[str, Any]:
        """What a Load list shows of this game: game, battlefield, round, players."""
        from app.shell.start_screen import GAME_TITLES
        from app.userdir import where_key

        config = self.match.record().config
        rnd = self.view_dict().get("round")
        return {
            "game": GAME_TITLES.get(self.game, self.game),
            "where": where_key(self.game, config).replace("-", " "),
            "round": rnd if isinstance(rnd, int) else None,
            "players": ", ".join(f"{self.seat_label(s)}: {kind_title(k)}" for s, k in enumerate(self.seats.kinds)),
            "seats": list(self.seats.kinds),  # what Resume and Load seat again (the record keeps no seats)
            "actions": len(self.match.actions),
            "over": self.is_over(),
        }

    @property
    def info(self) -> GameInfo:
        return self.match.info

    @property
    def game(self) -> str:
        return self.match.info.name

    def view(self) -> View:
        """What the shown seat may see; the app never reads the truth.

        Built once per position and seat (``SeenView``): a frame asks it many
        times (the HUD, the tooltips, the view's redraw), and making a Little
        Soldiers view was the costliest thing a frame did."""
        state = self.match.state
        seen = self._seen
        if seen is None or not seen.of(state, self.viewer):
            seen = self._seen = SeenView(state, state.trail, self.viewer, state.view(self.viewer))
        return seen.view

    def forget_view(self) -> None:
        """The state was changed in place other than by an action (a test's
        set-up that stands a soldier somewhere): the next view is made afresh."""
        self._seen = None

    def view_dict(self) -> dict[str, Any]:
        """The shown view as plain data (``View.to_dict``), made once per view: read it, never change it."""
        self.view()
        assert self._seen is not None
        return self._seen.data()

    @property
    def spectating(self) -> bool:
        """A served table's spectator: shown the public view, it never acts."""
        return self.viewer == SPECTATOR

    def legal(self) -> list[Any]:
        """The shown seat's legal actions now (empty while hands are hidden, and for a spectator)."""
        if self.handover_to is not None or self.spectating:
            return []
        return self.view().legal_actions()

    def to_act(self) -> list[int]:
        return self.match.state.to_act()

    def is_over(self) -> bool:
        """The game is over (or its served table ended early, by the host)."""
        return self.match.state.is_over() or bool(getattr(self.match, "over", False))

    def my_turn(self) -> bool:
        return (self.handover_to is None and self.seats.is_human(self.viewer) and self.viewer in self.to_act()
                and not self.is_over() and not getattr(self.match, "waiting_reason", None))

    def shown_changed(self, advanced: bool = True) -> None:
        """The match changed without a click here: a served table's update
        shown (``advanced``), done as after any action (a game's own
        bookkeeping too: Little Soldiers' dice and throw of an opponent's
        attack showed only after this seat's next move), then redrawn and
        animated; or only news beside the game (a refusal, a chat line, the
        line's state): a redraw."""
        if advanced:
            self._after_action()
        else:
            self._changed()

    def status(self) -> str:
        """One line: whose turn it is, for the HUD."""
        if self.is_over():
            return self.end_reason() or "Game over."
        if self.handover_to is not None:
            return f"Pass the computer to {self.seat_label(self.handover_to)}."
        waiting = getattr(self.match, "waiting_reason", None)  # a served table: why this seat waits
        if waiting:
            return waiting
        chosen = set(getattr(self.match, "chosen", ()))  # a served table's choices in, held for the seats before them
        acting = [s for s in self.to_act() if s not in chosen]
        names = ", ".join(self.seat_title(s) for s in acting if s != CHANCE)
        if self.spectating:
            return f"Watching: {names} to play." if names else "Watching the table."
        if self.my_turn():
            others = [s for s in acting if s != self.viewer]
            # hot-seat: whose turn, by name (the screen is shared; "Your turn" did not say whose)
            turn = f"{self.seat_label(self.viewer)}, your turn" if len(self.seats.humans()) > 1 else "Your turn"
            return turn + (f" (also choosing: {', '.join(self.seat_title(s) for s in others)})" if others else "") + "."
        return f"Waiting for {names}." if names else "..."

    def seat_label(self, seat: int) -> str:
        """"Player 2 (blue)": the seat's number with its table colour (games whose
        colours depend on the set-up say so)."""
        return seat_label(self.game, seat)

    def player_name(self, seat: int) -> str:
        """The name a served table's player gave ("Bob (red)"), or "" at this computer."""
        named = getattr(self.match, "name_of", None)
        return (named(seat) if named is not None else "") or ""

    def shared_screen(self) -> bool:
        """Whether more than one person reads this screen (a hot-seat table): a
        private line then names its seat instead of "you"."""
        return len(self.seats.humans()) != 1

    shows_end_panel = True
    """The HUD puts up the result panel when the game is over (a review does not)."""

    def seat_title(self, seat: int) -> str:
        """A seat as the game's log names it, for the result panel and the turn line:
        "Player 2 (blue)" here, a served table's player by their name ("Bob (red)");
        games whose log names players otherwise say so ("Red", "Dinosaur (green)")."""
        return self.player_name(seat) or self.seat_label(seat)

    def score_lines(self) -> list[str]:
        """The result panel's score, a line a seat, in the game's own words; games override."""
        result = self.match.state.result() if self.is_over() else None
        if result is None:
            return []
        return [f"{self.seat_title(s)}: {score:g}" for s, score in enumerate(result.scores)]

    def end_reason(self) -> str:
        """Why the game ended, the seats named as everywhere else ("Player 2 (blue)
        wins with 16 gold."); empty while it goes on."""
        result = self.match.state.result() if self.is_over() else None
        if result is None and self.is_over() and self.remote:  # ended by the table's host
            return str((getattr(self.match, "result", None) or {}).get("reason", "The table has ended."))
        return with_seat_names(self.game, result.reason) if result else ""

    def scoreline(self) -> str:
        """A second HUD line with the public score; games override."""
        return ""

    def choices(self) -> list[tuple[str, Any]]:
        """Off-board choices to offer as buttons (label, engine action); games override."""
        return []

    def choose(self, action: Any) -> bool:
        return self.play(action)

    def events(self) -> list[str]:
        """The shown seat's log; nothing while the computer is being handed
        over (the log showed the last player's hand to the next one)."""
        if self.handover_to is not None:
            return []
        # one person at the table reads "You draw ..."; several share the screen, so a line only one
        # seat may read names that seat ("Player 2 (red) draws ...")
        shared = self.shared_screen()
        out = []
        for e in self.view().events:
            if shared and e.seats is not None and len(e.seats) == 1:
                seat = next(iter(e.seats))
                out.append(with_seat_names(self.game, about_seat(self.game, e.text, seat, self.seat_title(seat))))
            else:
                out.append(with_seat_names(self.game, e.text))
        return out

    # ------------------------------------------------------------ acting
    def play(self, action: Any) -> bool:
        """Play ``action`` for the shown seat; False (and a message) if the engine refuses."""
        if self.handover_to is not None:
            self.message = f"{self.seat_label(self.handover_to)}: click 'I am ready' first."
            return False
        if self.spectating:
            self.message = SPECTATOR_REFUSAL
            self._changed()
            return False
        if not self.seats.is_human(self.viewer):
            self.message = "A bot plays this seat."
            return False
        try:
            self.match.play(self.viewer, action)
        except IllegalAction as err:
            self.message = str(err)
            self._changed()
            return False
        self.message = ""
        self._after_action()
        return True

    def explain(self, action: Any) -> str:
        """Why the engine would refuse ``action`` now ('' if it is legal)."""
        return self.match.state.check(self.viewer, action) or ""

    def bot_pending(self) -> bool:
        return any(s in self.bots for s in self.to_act())

    def bot_step(self) -> bool:
        """Let one bot that must act choose and play; False if no bot must act."""
        for seat in self.to_act():
            bot = self.bots.get(seat)
            if bot is not None:
                action = bot.choose(self.match.state.view(seat))
                self.match.play(seat, action)
                self._after_action()
                return True
        return False

    def match_key(self) -> tuple[int, int]:
        """Changes whenever the match does (an action, an undo, a load, a restart):
        a bot's answer for another key is stale."""
        return (id(self.match), len(self.match.actions))

    def next_bot(self) -> Any:
        """The job for a bot that must act now (app.bot_worker.BotJob), or None.
        Its view is taken from a clone, so a thinking thread never shares the
        live state; a worker process gets the record and builds its own view."""
        from app.bot_worker import BotJob

        for seat in self.to_act():
            bot = self.bots.get(seat)
            if bot is not None:
                state = self.match.state
                return BotJob(seat, self.match_key(), bot, partial(_cloned_view, state, seat),
                              self.match.record().to_dict(), self.seats.kinds[seat], self.bot_seed * 31 + seat,
                              getattr(bot, "time_limit", None))
        return None

    def play_bot(self, seat: int, action: Any, key: Any) -> bool:
        """Play a bot's decision made off the frame thread, if the match is still where it was."""
        if key != self.match_key() or seat not in self.to_act() or seat not in self.bots:
            return False
        self.match.play(seat, action)
        self._after_action()
        return True

    def run_bots(self, limit: int = 10_000) -> int:
        """Play bot turns until a human must act (or the game ends)."""
        n = 0
        while n < limit and self.bot_step():
            n += 1
        return n

    def acknowledge_handover(self) -> None:
        """The person now at the screen is the seat we waited for."""
        if self.handover_to is not None:
            self.viewer = self.handover_to
            self.handover_to = None
            self._changed()

    @property
    def remote(self) -> bool:
        """Whether this is a seat at a served table (``engine.net.remote``)."""
        return bool(getattr(self.match, "remote", False))

    def undo(self) -> bool:
        """Take back to the shown seat's last action (bots' replies included).

        Stops at a roll or a reveal, as the Match does; says so if nothing
        could be undone. At a served table it is a request the other players answer.
        """
        if self.spectating:
            self.message = SPECTATOR_REFUSAL
            self._changed()
            return False
        if self.remote:
            if not self.match.can_undo():
                self.message = "Nothing of yours can be taken back now (a roll or a reveal came after it)."
            else:
                self.match.undo()
                self.inform("Asked the table to take back your last move.")
            self._changed()
            return False
        if not self.match.can_undo():
            self.message = "Nothing to undo: the last roll or reveal cannot be taken back."
            self._changed()
            return False
        shown = self.viewer
        while self.match.can_undo():
            seat = self.match.actions[-1][0]
            self.match.undo()
            if self.seats.is_human(seat):
                shown = seat
                break
        self.handover_to = None
        if shown != self.viewer and len(self.seats.humans()) > 1:
            self.handover_to = shown  # that player's hand is theirs to see
        else:
            self.viewer = shown
        self.inform("Undone.")
        self._autosave()
        self._changed()
        return True

    # ------------------------------------------------------------ files
    def save(self, path: Path, name: str | None = None) -> bool:
        """Save the game (a record) and its Load-list line; a full or
        read-only folder is said, and play goes on."""
        from app.userdir import write_meta

        if self.remote:
            self.warn("A served game is kept by its server (its autosave); ask the host for the record.")
            self._changed()
            return False
        try:
            save_record(self.match.record(), path)
            write_meta(path, {**self.summary(), "name": name or ""})
        except OSError as err:  # the boundary's sentence (read-only, full, a FIFO...), without the file's path
            self.warn(f"Not saved: {without_path(err, path)} The game goes on.")
            self._changed()
            return False
        self.inform(f"Saved as '{name}'." if name else "Saved.")
        self._changed()
        return True

    def load(self, path: Path) -> bool:
        """Replace the match by a saved record; a bad file leaves the game as it was."""
        if self.remote:
            self.warn("A served game goes on at its table; leave it (Menu) to load another.")
            self._changed()
            return False
        try:
            record = load_record(path)
            if record.game != self.game:
                raise RecordError(f"{path}: a {record.game} record, not {self.game}.")
            match = Match.from_record(record, str(path))
        except (RecordError, ValueError, OSError, KeyError) as err:  # e.g. the battlefield file is gone
            from app.userdir import save_label

            text = (str(err).strip() or type(err).__name__).replace(f"{path}: ", "").replace(str(path), "the file")
            self.message = f"Cannot load {save_label(Path(path))}: {text}"  # by its name, not its file's path
            self._changed()
            return False
        from app.seats import parse_seats, saved_seats
        from app.userdir import read_meta

        # the players the Load list showed for it (a hot-seat save loaded into a game against a bot
        # went on with the bot); else the table's own, or the defaults for another seat count
        seats = saved_seats(read_meta(Path(path)), match.state.num_seats)
        if seats is None and match.state.num_seats != len(self.seats.kinds):  # a 5-player save into a 3-player table
            seats = parse_seats(self.game, None, match.state.num_seats)
        if seats is not None and seats != self.seats:
            self.seats = seats
            self.bots = {s: make_bot(k, match.info.name, self.bot_seed * 31 + s)
                         for s, k in enumerate(self.seats.kinds) if k != "human"}
            humans = self.seats.humans()
            self.viewer = humans[0] if humans else 0
        self.match = match
        if self.autosave is not None:  # a loaded autosave goes on in its slot; any other file in a slot of its own
            from app.userdir import autosaves

            if Path(path) in autosaves(self.game):
                self.autosave = Path(path)
            else:
                self._new_autosave_slot()
        self.handover_to = None
        self._pick_viewer()
        for replaced in list(self.replaced_listeners):  # another battlefield/terrain: the view is rebuilt
            replaced()
        from app.userdir import save_label

        self.inform(f"Loaded {save_label(Path(path))}.")
        self._changed()
        return True

    def restart(self, seed: int | None = None) -> None:
        """Play again: same game, config and seats, a new deal, in another
        autosave slot (it overwrote the finished game's)."""
        self.match = Match(self.info, self.match.config, seed)
        self._new_autosave_slot()
        self.handover_to = None
        humans = self.seats.humans()
        self.viewer = humans[0] if humans else 0
        self.message = ""
        self._pick_viewer()
        self._changed()

    # ------------------------------------------------------------ internals
    def _new_autosave_slot(self) -> None:
        """Autosave the match now in place from here on in a slot of its own
        (for its game and battlefield), never the one the last game left."""
        if self.autosave is None:
            return
        from app.userdir import autosave_path

        self.autosave = autosave_path(self.game, self.match.config.to_dict(), keep=self.autosave,
                                      folder=self.autosave.parent)
        self._autosave_meta = None

    def _after_action(self) -> None:
        self._autosave()
        self._pick_viewer()
        self._changed()

    def _pick_viewer(self) -> None:
        """Show the hand of a human who must act; ask for a hand-over if that
        is a different person at a hot-seat table."""
        humans = self.seats.humans()
        if not humans or self.is_over():
            return
        acting = [s for s in self.to_act() if s in humans]
        if not acting or self.viewer in acting:
            return
        nxt = acting[0]
        if len(humans) > 1:
            self.handover_to = nxt
        else:
            self.viewer = nxt

    def _autosave(self) -> None:
        """Write the autosave; a read-only or full folder is a visible warning
        (once until it works again), never an exception out of the frame."""
        if self.autosave is None:
            return
        from app.userdir import write_meta

        try:
            save_record(self.match.record(), self.autosave, "autosave")
            meta = {**self.summary(), "name": "Autosave"}
            meta.pop("actions", None)
            if meta != self._autosave_meta or not self.autosave.with_name(self.autosave.stem + ".meta.json").exists():
                write_meta(self.autosave, meta)  # only when its line in the Load list changes
                self._autosave_meta = meta
        except OSError as err:
            # said after every action while it fails (the next action's message would hide it once)
            self.warn(f"Autosave failed: {without_path(err, self.autosave)} Play goes on; use Save when you can.")
            self.autosave_failed = True
            return
        self.autosave_failed = False

    def recover(self) -> None:
        """After an error in a frame: forget what was half-chosen (the match
        itself is never half-changed) so the screen redraws a good state."""
        self.selected = None  # what the game's controller had half-chosen (games forget the rest)
        self._pick_viewer()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()


def without_path(err: BaseException, path: str | Path) -> str:
    """The file boundary's sentence for ``err`` with the file's path taken out
    (the window names a save by its name, never its path): "PATH: cannot save the
    game (read-only file system); the old file is unchanged." says the rest."""
    from engine.core.files import shown

    text = str(err).strip() or type(err).__name__
    for named in {str(path), shown(path)}:
        text = text.replace(f"{named}: ", "").replace(named, "the file")
    if text.startswith("is "):  # "PATH: is a FIFO (named pipe), not a regular file ..."
        text = "the file " + text
    return text
