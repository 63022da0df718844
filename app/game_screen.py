"""A game on the table: controller, 3D view and HUD together.

Bots think in a worker process (:mod:`app.bot_worker`), so the window keeps
drawing while a search bot chooses; their decisions are played on the frame
thread at a readable pace, one action at a time, after the view's
animations of the last one. The pace is a speed setting (F2), and Space
skips the animation playing now. F1 opens the help. Each action of another
seat is framed by the camera, then the view returns (C turns it off; F
frames the selected soldier); toy sounds go with the actions (M mutes).
The speed, sound, camera and Events panel settings are the player's own
(app.settings): they last across games, Resume and sessions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.bot_worker import BotWorker, ProcessBotWorker
from app.games import plug
from app.games.controller import GameController
from app.games.protocols import GameScene

BOT_DELAY = 0.45
"""Seconds between bot moves at normal speed, so people can follow them."""

THINK_LIMIT_S = 5.0
"""Seconds a search bot may think per decision in the window (chosen: it took
10 s and more for a Little Soldiers Move; ``toybox sim`` keeps no limit)."""

SPEEDS: tuple[tuple[str, float], ...] = (("slow", 2.2), ("normal", 1.0), ("fast", 0.35), ("instant", 0.0))
"""Speed settings: name and the factor on the pause between actions (chosen)."""


def make_view(controller: GameController) -> GameScene:
    """The controller's game drawn on the table (its registered scene)."""
    return plug(controller.game).scene(controller)


def _held() -> None:
    """The frame task of a held screen: nothing moves."""


class GameScreen:
    def __init__(self, controller: GameController, on_menu: Callable[[], None] | None = None,
                 threaded_bots: bool = True, bot_process: bool = True, hosting: Any = None,
                 on_review: Callable[[], None] | None = None) -> None:
        from ursina import Entity

        from app import settings
        from app.camera_follow import CameraFollow
        from app.help_overlay import HelpOverlay
        from app.sounds import Sounds

        self.controller = controller
        self.on_review = on_review
        """Opens the Review of this game (the Shell's; None: no Review button)."""
        kept = settings.load()
        self.sounds = Sounds(muted=kept.muted)
        self.view = self._make_view()
        self._shown = self._what_is_drawn()
        controller.replaced_listeners.append(self._replaced)
        self.on_menu = on_menu
        self.hud = self._make_hud()
        self.help = HelpOverlay(controller.info, controller.match.config)
        self.bot_process = bot_process
        """Bots think in a separate process (else on a thread): see app.bot_worker."""
        self._worker: Any = None
        self._decided: Any = None
        """A bot's decision waiting for the last action's animation to end."""
        for bot in controller.bots.values():
            if getattr(bot, "time_limit", 0) is None:
                bot.time_limit = THINK_LIMIT_S
        self.threaded_bots = threaded_bots
        """False plays bots on the frame thread (the bench's 'before' figure)."""
        self.speed = max(0, min(len(SPEEDS) - 1, kept.speed))
        """Index in SPEEDS (the player's setting: F2 after a Resume kept it)."""
        self._wait = self.delay()
        from app.animation import Animator

        self.animator = Animator(controller, lambda: self.view, lambda: SPEEDS[self.speed][1], sound=self.sounds.play)
        self.follow = CameraFollow(lambda: self.view, self.animating, lambda: SPEEDS[self.speed][1])
        """The camera that frames each action of another seat (C turns it off)."""
        self.follow_on = kept.follow
        self._follow_key = controller.match_key()
        self._follow_seen = controller.view_dict()
        """The shown seat's view after the last change: the follow frames what differs."""
        controller.listeners.append(self._followed)
        controller.listeners.remove(self.hud.refresh)  # after the animator's: the HUD asks whether it animates
        controller.listeners.append(self.hud.refresh)
        from app.tips.card import TipCard

        self.tips = TipCard(controller, lambda: self.view, lambda: self.help.shown, clear=self._tip_clear)
        """The tooltip of what the pointer rests on (app.tips)."""
        from ursina import window

        self._aspect = window.aspect_ratio
        self.ticker = Entity(name="game-ticker")
        self.ticker.update = self.update
        self.ticker.input = self.input
        self._settings_line()
        self.table_panel: Any = None
        """A served table's corner (app.shell.net): the network pump, chat, undo answers, the host's buttons."""
        if controller.remote:
            from app.shell.table_panel import TablePanel

            self.table_panel = TablePanel(controller, hosting, self.delay)
            self.table_panel.fold_listeners.append(self._panel_folded)
            self._keep_panel_clear()
            self.view.home()

    def _keep_panel_clear(self) -> None:
        """The home view keeps the table out of the served table's panel
        (open or folded), bottom left: it covered a corner of the battlefield."""
        from ursina import window

        if self.table_panel is None or getattr(self.view, "table", None) is None:
            return
        x0, y0, x1, y1 = self.table_panel.box()
        half = window.aspect_ratio / 2  # camera.ui x runs -half..half, y -0.5..0.5; the film -1..1 both ways
        self.view.table.keep_clear = [(x0 / half, x1 / half, y0 * 2, y1 * 2)]

    def _panel_folded(self) -> None:
        """The panel folded or opened: the home view takes the room it left
        (only when the camera is at home: a view the player chose stays)."""
        home = self.view.table.at_home()
        self._keep_panel_clear()
        if home:
            self.view.home()

    def _make_view(self) -> GameScene:
        """The game's scene, its toy sounds played through this screen's (every rebuild)."""
        view = make_view(self.controller)
        view.sound = self.sounds.play  # type: ignore[attr-defined]  # each scene plays through it (app.sounds)
        return view

    def _make_hud(self) -> Any:
        from app.hud import Hud

        return Hud(self.controller, self.on_menu, busy=self._showing, on_review=self.on_review,
                   fold=self.fold_events)

    def _settings_line(self) -> None:
        self.hud.set_speed(self.speed_name(), muted=self.sounds.muted, follow=self.follow_on)

    def _tip_clear(self) -> list[Any]:
        """What a tooltip leaves uncovered: the Events panel, the choice buttons, the dice."""
        hud = self.hud
        out = [hud.log_panel if hud.log_panel.enabled else hud.log_title, *hud.choice_bar.children,
               *hud.buttons.values()]
        return out + list(self.view.keep_clear())

    @property
    def worker(self) -> Any:
        """The bot worker, started when a bot first has to think: a process,
        or a thread where no process can be started."""
        if self._worker is None or (isinstance(self._worker, ProcessBotWorker) and not self._worker.alive()
                                    and not self._worker.busy()):
            self._worker = None
            if self.bot_process:
                try:
                    self._worker = ProcessBotWorker()
                except (OSError, RuntimeError, ValueError) as err:
                    print(f"toybox: bots think on a thread (no worker process: {err})")
                    self.bot_process = False
            if self._worker is None:
                self._worker = BotWorker()
        return self._worker

    # ------------------------------------------------------------ pace
    def speed_name(self) -> str:
        return SPEEDS[self.speed][0]

    def delay(self) -> float:
        return BOT_DELAY * SPEEDS[self.speed][1]

    def cycle_speed(self) -> None:
        from app import settings

        self.speed = (self.speed + 1) % len(SPEEDS)
        settings.change(speed=self.speed)
        self._settings_line()

    def toggle_mute(self) -> None:
        from app import settings

        settings.change(muted=self.sounds.toggle_mute())
        self._settings_line()

    def toggle_follow(self) -> None:
        """C: the camera follows the play, or stays where the player puts it."""
        from app import settings

        self.follow_on = not self.follow_on
        settings.change(follow=self.follow_on)
        if not self.follow_on:
            self.follow.release()
        self._settings_line()

    def fold_events(self) -> None:
        """The Events panel folded to its title bar (or opened again), kept as a setting;
        the table takes the room it leaves."""
        from app import settings

        settings.change(events_folded=not settings.load().events_folded)
        self.hud.refresh()
        if not self.follow.active:
            self.follow.forget()
            self.view.home()

    def focus_selected(self) -> bool:
        """F: the camera frames the selected soldier (and stays there)."""
        c = self.controller
        ident = getattr(c, "selected", None)
        head = getattr(self.view, "head_point", None)
        if ident is None or head is None:
            if hasattr(c, "hover_soldier"):
                c.inform("Select a soldier first: F frames the selected soldier.")
                self.hud.refresh()
            return False
        try:
            soldier = c.soldier(ident)  # type: ignore[attr-defined]  # only a Little Soldiers controller frames soldiers (F)
        except StopIteration:
            return False
        point = head(soldier)
        if point is None:  # in its HQ
            return False
        return self.follow.focus([point])

    def _followed(self) -> None:
        """After the controller changed: when one action of another seat (a bot, a step of a
        review) was played, the camera frames what it touched."""
        from app.camera_follow import action_points

        c = self.controller
        key, self._follow_key = self._follow_key, c.match_key()
        before, self._follow_seen = self._follow_seen, c.view_dict()
        one = key[0] == self._follow_key[0] and self._follow_key[1] == key[1] + 1
        if not one:
            self.follow.release()  # an undo, a load, a jump in a review: back to the player's own view
            return
        if not self.follow_on or SPEEDS[self.speed][1] <= 0 or not c.match.actions:
            return
        seat = c.match.actions[-1][0]
        if c.seats.is_human(seat) and not hasattr(c, "track"):
            return  # the player's own click: they are looking there already
        self.follow.frame(action_points(c, self.view, before), getattr(self.view, "FOLLOW_SPAN_CM", 44.0))

    def skip(self) -> None:
        """Space: the animation playing now jumps to its end, and the next bot action may come."""
        self.sounds.cancel()
        self.animator.finish()
        self.view.finish_animations()
        self._wait = 0.0

    def _showing(self) -> bool:
        """The last action is being shown at a speed that shows it (not 'instant')."""
        return getattr(self, "animator", None) is not None and SPEEDS[self.speed][1] > 0 and self.animating()

    def animating(self) -> bool:
        """Whether the last action is still being shown (the next bot action waits)."""
        return self.animator.animating() or self.view.animating()

    # ------------------------------------------------------------ the guard's hooks
    def tell(self, sentence: str) -> None:
        self.controller.warn(sentence)
        self.hud.refresh()

    def _cancel(self) -> None:
        self._decided = None
        if self._worker is not None:
            self._worker.cancel()

    def recover(self) -> None:
        """Redraw everything from the controller (see app.shell.guard)."""
        self._cancel()
        self.controller.recover()
        try:
            self.view.destroy()
        finally:
            self.follow.forget()
            self.view = self._make_view()
            self._shown = self._what_is_drawn()
            self._rehome()
            self.hud.refresh()

    # ------------------------------------------------------------ frames
    def _what_is_drawn(self) -> Any:
        return (repr(self.controller.match.config), self.controller.match.state.num_seats)

    def _replaced(self) -> None:
        """A loaded save on another battlefield/terrain or with other players:
        the table was still drawn for the old one (the wrong scenery, and
        clicks measured against it)."""
        self._cancel()
        if self._what_is_drawn() == self._shown:
            return
        self.view.destroy()
        self.follow.forget()
        self.view = self._make_view()
        self._shown = self._what_is_drawn()
        self._rehome()

    def _rehome(self) -> None:
        """A new view of a served table: framed again with the panel's corner kept clear."""
        if getattr(self, "table_panel", None) is not None:
            self._keep_panel_clear()
            self.view.home()

    def relayout(self) -> None:
        """The window was resized: HUD, help and table framing are rebuilt for
        its new shape (they were placed for the old one, cut off or overlapping)."""
        from app.help_overlay import HelpOverlay

        shown = self.help.shown
        dismissed = self.hud.end_dismissed
        self.hud.destroy()
        self.hud = self._make_hud()
        self.hud.end_dismissed = dismissed
        self._settings_line()
        self.help.destroy()
        self.help = HelpOverlay(self.controller.info, self.controller.match.config)
        if shown:
            self.help.toggle()
        self.view.destroy()
        self.follow.forget()
        self.view = self._make_view()
        self._shown = self._what_is_drawn()
        if self.table_panel is not None:
            self.table_panel.build()  # placed for the old window's edges
        self._rehome()

    def hold(self) -> None:
        """Show the position as it stands from now on: the frame task stops (no
        bot moves, no animation steps), for a render, a screenshot or a caller
        that steps the bots and animations itself."""
        self.ticker.update = _held

    def update(self) -> None:
        from ursina import time, window

        if abs(window.aspect_ratio - self._aspect) > 1e-3:
            self._aspect = window.aspect_ratio
            self.relayout()
        c = self.controller
        from app.animation import frame_dt

        shown = frame_dt()  # a slow frame does not skip what is being shown
        self.animator.update(shown)
        self.sounds.update(shown)
        self.follow.update(shown)
        if (self.hud.handover_held or self.hud.end_held or self.hud.log_held) and not self._showing():
            self.hud.refresh()  # the action has been shown: now its log lines, the hand-over screen, or the result
        self.tips.update(time.dt)
        if self.table_panel is not None:
            self.table_panel.update(self.animating() and SPEEDS[self.speed][1] > 0, time.dt)
        if self._worker is not None and self._worker.busy():
            decision = self.worker.poll()
            if decision is None:
                seat = self.worker.seat if self.worker.seat is not None else 0  # a busy worker has its seat
                self.hud.set_thinking(f"{c.seat_label(seat)} is thinking"
                                      f"{'.' * (1 + int(self.worker.thinking_for() * 2) % 3)}")
                return
            self.hud.set_thinking("")
            if decision.error is not None:
                raise decision.error  # the guard logs it with the record; the bot is asked again
            self._decided = decision  # shown once the last action has been
        if not c.bot_pending():
            self._decided = None
            self._wait = self.delay()
            self.hud.set_thinking("")
            return
        if self._decided is None and self.threaded_bots and not self.worker.busy():
            job = c.next_bot()  # thinks while the last action is still being shown
            if job is not None:
                self.worker.start(job)
                return
        if self.animating() and SPEEDS[self.speed][1] > 0:
            return  # the last action is still being shown
        self._wait -= time.dt
        if self._wait > 0:
            return
        self._wait = self.delay()
        if not self.threaded_bots:
            c.bot_step()
        elif self._decided is not None:
            decision, self._decided = self._decided, None
            c.play_bot(decision.seat, decision.action, decision.key)  # dropped if the match moved on

    def input(self, key: str) -> None:
        if self.hud.save_key(key):  # a save's name is being typed: its letters are not shortcuts
            return
        if self.table_panel is not None and self.table_panel.input(key):  # a chat line is being typed
            return
        if self.help.input(key):
            return
        from ursina import held_keys

        if key in ("control+z", "u") or (key == "z" and held_keys["control"]):
            self._cancel()
            self.controller.undo()
        elif key == "h":
            self.follow.forget()
            self.view.home()
        elif key == "f":
            self.focus_selected()
        elif key == "c":
            self.toggle_follow()
        elif key == "m":
            self.toggle_mute()
        elif key == "e":
            self.fold_events()
        elif key == "space":
            self.skip()
        elif key == "f2":
            self.cycle_speed()
        elif key in ("scroll up", "scroll down"):
            self.hud.scroll_log(key)

    def destroy(self) -> None:
        from ursina import destroy

        if self._worker is not None:
            self._worker.close()
        if self.table_panel is not None:
            self.table_panel.destroy()
        destroy(self.ticker)
        self.sounds.cancel()
        if self._followed in self.controller.listeners:
            self.controller.listeners.remove(self._followed)
        if self._replaced in self.controller.replaced_listeners:
            self.controller.replaced_listeners.remove(self._replaced)
        self.help.destroy()
        self.tips.destroy()
        self.animator.destroy()
        self.hud.destroy()
        self.view.destroy()
