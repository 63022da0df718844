"""``toybox play``: the windowed app, moving between the start screen and games.

Without a display it says how to run headless instead of crashing. Every
game autosaves to the user folder after each action (a record, written
atomically), and "Resume the last game" reloads it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from app import userdir
from app.games import GameController, controller_class
from app.shell import guard, window
from app.shell.start_screen import StartChoice

HEADLESS_HELP = """\
toybox play needs a display, and none was found (DISPLAY / WAYLAND_DISPLAY are unset).
Ways to run without one:
  toybox render {game} --out shot.png        draw a game in progress to a PNG (offscreen, software)
  toybox sim {game} --games 100              bots play headless games
  xvfb-run -a toybox play {game}             a virtual display, if xvfb is installed
"""


def reopen(record: Any, match: Any, path: Path) -> GameController:
    """The controller "Resume the last game" opens for a loaded record: the
    seats its Load-list sidecar names (a hot-seat game resumed as a game
    against a bot: the record keeps no seats), else the defaults; an
    autosave goes on in its own slot."""
    from app.seats import parse_seats, saved_seats

    seats = (saved_seats(userdir.read_meta(Path(path)), match.state.num_seats)
             or parse_seats(record.game, None, match.state.num_seats))
    resumed_autosave = Path(path) in userdir.autosaves(record.game)
    autosave = Path(path) if resumed_autosave else userdir.autosave_path(record.game, dict(record.config))
    return controller_class(record.game)(match, seats, autosave, bot_seed=match.seed)


def resume_refusal(path: Path, err: BaseException) -> str:
    """One sentence for a save that cannot be reopened."""
    text = str(err).strip() or type(err).__name__
    return text if str(path) in text else f"Cannot open {path.name}: {text}"


class Shell:
    """Owns the one Ursina app and whichever screen is showing."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.screen: Any = None
        self.joining: Any = None
        """A "Join a table" still waiting for the server's welcome (app.shell.net.PendingJoin)."""
        self.started = time.perf_counter()
        self.guard = guard.Guard(self.record, self.tell, self.recover)
        """Every frame and input runs behind it (see app.shell.guard)."""

    def record(self) -> Any:
        """The shown game's record, for a crash file."""
        ctl = getattr(self.screen, "controller", None)
        return ctl.match.record().to_dict() if ctl is not None else None

    def tell(self, sentence: str) -> None:
        tell = getattr(self.screen, "tell", None) or getattr(self.screen, "show_message", None)
        if tell is not None:
            tell(sentence)

    def recover(self) -> None:
        """Redraw the screen from its last good state; a start screen is rebuilt."""
        recover = getattr(self.screen, "recover", None)
        if recover is not None:
            recover()
        elif self.screen is not None:
            self.show_start(message=guard.SENTENCE.format(path=self.guard.last_path or "the terminal"))

    def clear(self) -> None:
        """Take down the screen shown (and give up a join still waiting for its table)."""
        if self.joining is not None:  # a join still waiting for its table: the player went elsewhere
            self.joining.cancel()
            self.joining = None
        if self.screen is not None:
            self.screen.destroy()
            self.screen = None

    def show_start(self, choice: StartChoice | None = None, message: str = "", editing: Path | None = None) -> None:
        """The start screen; ``editing`` opens it on the editor tab with that file picked."""
        from app.shell.start_screen import StartScreen

        self.clear()
        self.screen = StartScreen(self.start_game, self.resume, choice, message, on_edit=self.open_editor,
                                  editing=editing, on_host=self.host_table, on_join=self.join_table,
                                  on_quit=self.quit)

    def quit(self) -> None:
        """The start screen's Quit: the window closes."""
        self.clear()
        quit_app = getattr(self.app, "userExit", None)
        if quit_app is not None:
            quit_app()

    def open_editor(self, path: Path) -> None:
        """The start screen's "Level editor": the file opened as ``toybox edit
        FILE`` opens it, with a Menu button back here."""
        from app.editor.session import EditorSession
        from app.editor.window import EditorWindow
        from engine.core.files import DataError

        try:
            session = EditorSession.open(path)
        except (DataError, ValueError, OSError) as err:
            self.show_start(message=f"Cannot open {Path(path).name} in the editor: {err}", editing=Path(path))
            return
        self.clear()
        self.screen = EditorWindow(session, on_back=lambda: self.show_start(editing=Path(path)))

    def start_game(self, choice: StartChoice, seed: int | None = None) -> None:
        try:
            cls = controller_class(choice.game)
            ctl = cls.new(choice.game, dict(choice.config), choice.normalized_seats(), seed,
                          autosave=userdir.autosave_path(choice.game, dict(choice.config)))
        except (ValueError, ImportError, AttributeError) as err:
            self.show_start(choice, f"Cannot start {choice.game}: {err}")
            return
        self._open(ctl, choice)

    def resume(self, path: Path) -> None:
        from engine.core.match import Match
        from engine.core.record import RecordError, load_record

        try:
            record = load_record(path)
            match = Match.from_record(record, str(path))
        except (RecordError, ValueError, OSError, KeyError) as err:  # e.g. its battlefield file is gone
            self.show_start(message=resume_refusal(path, err))
            return
        ctl = reopen(record, match, path)
        self._open(ctl, StartChoice.from_config(record.game, dict(record.config), list(ctl.seats.kinds)))

    def host_table(self, choice: StartChoice, open_to_network: bool = False) -> None:
        """"Host a table": serve the chosen game from here (the first human
        seat is this window's, the other human seats friends') and sit down."""
        from app.shell.net import Hosting, hosted_kinds, open_remote
        from engine.net.client import JoinError

        try:
            kinds, mine = hosted_kinds(choice.game, list(choice.normalized_seats().kinds))
            hosting = Hosting.start(choice.game, dict(choice.config), kinds, open_to_network)
        except (ValueError, OSError) as err:
            self.show_start(choice, f"Cannot host: {err}")
            return
        for line in hosting.invitations():
            print(line, file=sys.stderr)  # the codes, also where they can be copied
        try:
            ctl = open_remote(hosting.url, hosting.code(mine), "Host")
        except JoinError as err:
            hosting.stop()
            self.show_start(choice, f"Cannot sit at the hosted table: {err}")
            return
        self.open_table(ctl, hosting, choice)

    def join_table(self, url: str, code: str, name: str | None = None) -> None:
        """"Join a table": a friend's table, at the seat of ``code``. The start
        screen stays live while the network thread joins (it froze until the
        server answered: 12 s for an address where none does); the table
        opens when it has, or the start screen says why not."""
        from app.shell.net import PendingJoin

        url, code = url.strip(), code.strip()
        choice = getattr(self.screen, "choice", None)  # the start screen comes back as the player left it
        self.show_start(choice, message=f"Joining the table at {url}...")
        waiting = self.screen

        def joined(ctl: GameController) -> None:
            self.joining = None
            if self.screen is not waiting:  # the player moved on meanwhile
                from engine.net.remote import RemoteMatch

                if isinstance(ctl.match, RemoteMatch):
                    ctl.match.close()
                return
            self.open_table(ctl)

        def failed(reason: str) -> None:
            self.joining = None
            if self.screen is waiting:
                self.show_start(choice, message=f"Cannot join: {reason}")

        self.joining = PendingJoin(url, code, name, joined, failed)

    def open_table(self, ctl: GameController, hosting: Any = None, choice: StartChoice | None = None) -> None:
        """A served table's seat on screen; Menu leaves the table (a host's table closes, autosaved)."""
        from app.game_screen import GameScreen

        self.clear()
        back = choice or StartChoice(ctl.game)
        self.screen = GameScreen(ctl, on_menu=lambda: self.show_start(back), hosting=hosting)

    def _open(self, ctl: GameController, choice: StartChoice, result_aside: bool = False) -> None:
        """The game's screen; ``result_aside``: the player had put the result panel aside."""
        from app.game_screen import GameScreen

        self.clear()
        self.screen = GameScreen(ctl, on_menu=lambda: self.show_start(choice),
                                 on_review=lambda: self.review_game(ctl, choice))
        if result_aside:
            self.screen.hud.dismiss_result()

    def review_game(self, ctl: GameController, choice: StartChoice) -> None:
        """The game's Review from its start; Back returns to the game as it was
        (a result panel the player had put aside stays aside)."""
        from app.review.controller import review_controller
        from app.review.screen import ReviewScreen

        try:
            review = review_controller(ctl.match.record(), "this game", step=0, viewer=ctl.viewer)
        except ValueError as err:  # a record the engine refuses (RecordError): said, and the game stays
            self.tell(f"This game cannot be reviewed: {err}")
            return
        hud = getattr(self.screen, "hud", None)
        aside = bool(getattr(hud, "end_dismissed", False))
        self.clear()
        self.screen = ReviewScreen(review, on_back=lambda: self._open(ctl, choice, aside))

    def review_file(self, path: Path) -> bool:
        """``toybox replay FILE --window``: a saved game's Review; Back goes to the start screen."""
        from app.review.controller import review_file
        from app.review.screen import ReviewScreen
        from engine.core.record import RecordError

        try:
            review = review_file(path)
        except (RecordError, ValueError, OSError, KeyError) as err:
            self.show_start(message=resume_refusal(path, err))
            return False
        self.clear()
        self.screen = ReviewScreen(review, on_back=lambda: self.show_start(StartChoice(review.game)))
        return True


def first_screen(shell: Shell, choice: StartChoice | None, seed: int | None = None, menu: bool = False,
                 review: Path | None = None) -> None:
    """What the window opens on: a saved game's Review, the start screen (on the game
    asked for: ``toybox play little-soldiers --menu`` opened on the Little Battle tab),
    or the game itself."""
    if review is not None:
        shell.review_file(review)
    elif choice is None or menu:
        shell.show_start(choice)
    else:
        shell.start_game(choice, seed)


def run_remote(url: str, code: str, name: str | None = None, tls: Any = None) -> int:
    """``toybox join URL CODE``: the window on that seat (``tls``: an ssl.SSLContext for wss://)."""
    from app.shell.net import open_remote
    from engine.net.client import JoinError

    if not window.display_available():
        print("toybox join needs a display; play the seat headless with --bot NAME instead.", file=sys.stderr)
        return 1
    try:
        ctl = open_remote(url, code, name, tls)
    except JoinError as err:
        print(f"toybox: join: {err}", file=sys.stderr)
        return 2
    app = window.start(offscreen=False, title="Toybox: a served table")
    shell = Shell(app)
    guard.install(app, shell.guard)
    shell.open_table(ctl)
    app.run()
    return 0


def run(choice: StartChoice | None, seed: int | None = None, size: tuple[int, int] = (1280, 720),
        frames_then_exit: int = 0, menu: bool = False, review: Path | None = None) -> int:
    """Open the window; ``choice`` None (or ``menu``) shows the start screen, ``review``
    a saved game's Review. ``frames_then_exit`` > 0 renders that many frames and
    returns (used to time the first frame)."""
    game = choice.game if choice else "little-soldiers"
    if not window.display_available() and not frames_then_exit:
        print(HEADLESS_HELP.format(game=game), file=sys.stderr)
        return 1  # nothing was played: a failure, said in a sentence
    t0 = time.perf_counter()
    app = window.start(offscreen=bool(frames_then_exit), size=size)
    shell = Shell(app)
    guard.install(app, shell.guard)
    first_screen(shell, choice, seed, menu, review)
    if frames_then_exit:
        window.step(app, frames_then_exit)
        print(f"first frame after {time.perf_counter() - t0:.2f} s", file=sys.stderr)
        return 0
    app.run()
    return 0
