"""The `toybox` command: play, simulate, replay and inspect the games.

Subcommands that need the 3D stack import it lazily, so headless ones
(sim, replay, rules) start fast and run without a display.

Exit codes, the same for every subcommand: 0 success, 1 a game or tool
failure (no display, a renderer that failed), 2 bad input (an argument, a
file or a config value refused with one sentence naming it).

Paths: a path typed on the command line resolves against the current
folder, like any shell command; it is made absolute before it goes into a
config, and a relative path inside a config or record resolves against the
project root (where ``levels/`` lives), for every game alike.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.core.files import DataError, WriteError, allow_outside, check_output_file, parse_json, portable_path, shown
from engine.core.games import GAME_MODULES, get_game

GAMES = tuple(GAME_MODULES)

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2
"""0 success, 1 a game or tool failure, 2 bad input, for every subcommand."""

MAX_PIXELS = 8192
"""Chosen: the widest or tallest image or window the command line accepts."""

MAX_GAMES = 1_000_000_000
"""Chosen: the most games ``sim`` or ``tournament`` plays (per sweep point);
the same bound as the tournament runner's."""

MAX_SEED = 2**63 - 1
"""Chosen: the largest seed the command line accepts (a 64-bit whole number)."""


def whole(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in [lo, hi]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < lo or (hi is not None and value > hi):
            span = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
            raise argparse.ArgumentTypeError(f"expected a whole number {span}, not {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"expected a finite number of seconds, 0 or more, not {text!r}")
    return value


def pixels(text: str) -> tuple[int, int]:
    """An argparse type: ``WIDTHxHEIGHT``, each 16 to MAX_PIXELS."""
    width, sep, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        size = None
    if not sep or size is None:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in pixels, as in 1280x720, not {text!r}")
    if not all(16 <= v <= MAX_PIXELS for v in size):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must each be 16 to {MAX_PIXELS} pixels")
    return size


def git_ref(text: str) -> str:
    """A git commit, branch or tag to measure against: never an option (``git archive --output=FILE``
    would write where it names) and nothing but a ref's characters."""
    import re

    if text.startswith("-") or not re.fullmatch(r"[A-Za-z0-9._/~^@{}-]{1,200}", text):
        raise argparse.ArgumentTypeError(f"expected a git commit, branch or tag, not {text!r}")
    return text


def user_path(text: str) -> str:
    """A file path typed by the user: resolved against the current folder now,
    so it means the same wherever the config that holds it is read later."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file path, not an empty string")
    return portable_path(text)


def file_arg(text: str) -> str:
    """A file the command opens itself (replay, edit, los): an absolute path,
    resolved against the current folder."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file path, not an empty string")
    return str(Path(text).expanduser().absolute())


def terrain_arg(text: str) -> str:
    """A Toy Battle terrain of the box by name ("castle-field"), else a path."""
    p = Path(text)
    if p.suffix != ".json" and len(p.parts) == 1:
        return text
    return user_path(text)


def writable(what: str) -> Callable[[str], str]:
    """An argparse type: an output file (a ``what``), checked through the
    output boundary before any work is done: a regular file or none yet (a
    device, FIFO, socket or folder there is refused, never written over), in
    a folder that exists (or can be made) and accepts a new file. The null
    device is accepted: the output is discarded."""

    def parse(text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError("expected a file path, not an empty string")
        path = Path(text).expanduser().absolute()
        try:
            check_output_file(path, what)
        except WriteError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
        return str(path)

    parse.__name__ = what
    return parse


writable_file = writable("file")


def _config_dict(args: argparse.Namespace) -> dict[str, Any]:
    """Only the options the user set, so each game's defaults stay its own."""
    out: dict[str, Any] = {}
    for name in ("players", "terrain", "level", "mission"):
        value = getattr(args, name, None)
        if value is not None:
            out[name] = value
    if getattr(args, "chiefs", False):
        out["chiefs"] = True
    if getattr(args, "modules", None):
        out["modules"] = [m for m in args.modules.split(",") if m]
    for item in getattr(args, "option", None) or []:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise ValueError(f"--option {item!r}: expected KEY=VALUE")
        try:
            out[key] = parse_json(raw, f"--option {key}")
        except DataError:
            if not raw or raw[0] in "{[\"" or raw in ("NaN", "Infinity", "-Infinity"):
                raise  # meant as JSON but broken: say so rather than pass a string
            out[key] = raw
    return out


def _add_config_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=whole(0, 99), help="number of players (Little Battle 3-5)")
    p.add_argument("--chiefs", action="store_true", help="Little Battle: the Adventurer Chiefs variant")
    p.add_argument("--terrain", type=terrain_arg, help="Toy Battle: terrain name (e.g. castle-field) or file")
    p.add_argument("--level", type=user_path, help="Little Soldiers: battlefield file")
    p.add_argument("--mission", help="Little Soldiers: mission name")
    p.add_argument("--modules", help="Little Soldiers: comma-separated modules")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="any other config value (JSON)")
    _add_allow_outside(p)


def _add_allow_outside(p: argparse.ArgumentParser) -> None:
    p.add_argument("--allow-outside", action="store_true",
                   help="let files (records, battlefields) name levels and meshes outside the project and user folder")


class _Timed:
    """A bot with a stopwatch: seconds spent choosing, and how many choices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.decisions = 0
        self.slowest = 0.0

    def choose(self, view: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(view)
        spent = time.perf_counter() - start
        self.seconds += spent
        self.slowest = max(self.slowest, spent)
        self.decisions += 1
        return action


def cmd_sim(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from engine.bots import make_bot, play_out
    from engine.core.stats import WinRate, format_table

    info = get_game(args.game)
    config = info.config_from_dict(_config_dict(args))
    probe = info.new_game(config, 0)
    seats = probe.num_seats
    kinds = args.bots.split(",")
    if len(kinds) == 1:
        kinds = kinds * seats
    if len(kinds) != seats:
        print(f"--bots needs one bot or {seats} comma-separated bots, got {len(kinds)}.", file=sys.stderr)
        return 2
    for kind in dict.fromkeys(kinds):  # an unknown name is refused before the first game, not in it
        try:
            make_bot(kind, info.name, 0)
        except ValueError as err:
            raise ValueError(f"--bots: {err}") from None
    wins = [0.0] * seats
    scores = [0.0] * seats
    by_kind: dict[str, list[float]] = {}  # kind -> [wins, games, seconds, decisions, slowest]
    team_wins = 0  # games every seat won together (the co-op missions)
    start = time.perf_counter()
    progress = tqdm(range(args.games), desc=f"{info.name} {','.join(kinds)}", unit="game", file=sys.stderr,
                    disable=args.quiet or args.games < 2, mininterval=1.0, leave=False)
    for g in progress:
        seed = args.seed + g
        shift = g % seats if args.swap else 0  # --swap: bot k plays seat (k + shift) mod seats
        seated = [kinds[(s - shift) % seats] for s in range(seats)]
        bots = [_Timed(make_bot(k, info.name, seed * 31 + s)) for s, k in enumerate(seated)]
        for b in bots:
            if b.bot.name == "search":
                if args.iterations:
                    b.bot.iterations = args.iterations
                if args.time_limit:
                    b.bot.time_limit = args.time_limit
        state = play_out(info.new_game(config, seed), bots)
        result = state.result()
        assert result is not None
        team_wins += probe.cooperative and set(result.winners) == set(range(seats))
        for s in range(seats):
            wins[s] += result.reward(s)
            scores[s] += result.scores[s]
            row = by_kind.setdefault(seated[s], [0.0, 0, 0.0, 0, 0.0])
            row[0] += result.reward(s)
            row[1] += 1
            row[2] += bots[s].seconds
            row[3] += bots[s].decisions
            row[4] = max(row[4], bots[s].slowest)
    progress.close()
    elapsed = time.perf_counter() - start
    n = max(args.games, 1)
    print(f"{info.title}: {args.games} games, bots {','.join(kinds)}{' (swapping seats)' if args.swap else ''}, "
          f"seed {args.seed}")
    if not args.swap:
        for s in range(seats):
            rate = "" if probe.cooperative else f"win rate {wins[s] / n:.3f}, "
            print(f"  seat {s + 1} ({kinds[s]}): {rate}mean score {scores[s] / n:.2f}")
    if probe.cooperative:
        # Every seat wins or loses with the team, so the team's rate is each seat's; a row per
        # seat or bot would count a shared win 1/k (the reward) and read as a k-th of the rate.
        rows = [WinRate("team (all seats win together)", team_wins, args.games)]
    elif not args.swap:
        rows = [WinRate(f"seat {s + 1} ({kinds[s]})", wins[s], args.games) for s in range(seats)]
    else:
        rows = [WinRate(f"{k} (all seats)", v[0], int(v[1])) for k, v in by_kind.items()]
    print(format_table(rows))
    for k, v in by_kind.items():
        if v[3]:
            print(f"  {k}: {v[2] / v[3]:.4f} s per decision (mean of {int(v[3])}), slowest {v[4]:.3f} s")
    print(f"{args.games} games in {elapsed:.3f} s: {args.games / elapsed:.1f} games/s")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """Many games on Ray (or serially with --workers 0): results file, table, chart."""
    from tqdm import tqdm

    from engine.tournament import report
    from engine.tournament.runner import Tournament, run

    tournament = Tournament.build(args.game, args.bots, args.games, _config_dict(args), args.sweep or [],
                                  seed=args.seed, iterations=args.iterations or None, rotate=args.rotate)
    bars: list[Any] = []

    def progress(done: int, total: int) -> None:
        if not bars:
            bars.append(tqdm(total=total, initial=done, unit="game", desc=get_game(args.game).title,
                             file=sys.stderr, dynamic_ncols=True))
        bars[0].update(done - bars[0].n)

    try:
        outcome = run(tournament, args.out, args.workers, args.address, args.records, progress)
    except KeyboardInterrupt:
        for bar in bars:
            bar.close()
        kept = f"the finished games are in {args.out}; run the same command again to play the rest" if args.out \
            else "nothing was kept (no --out)"
        print(f"Interrupted: {kept}.", file=sys.stderr)
        return 130
    for bar in bars:
        bar.close()
    print(report.tables(outcome.results))
    where = "here" if args.workers == 0 or outcome.cpus is None else \
        f"on {outcome.cpus} Ray CPUs (start-up {outcome.startup_seconds or 0:.1f} s)"
    print(f"{outcome.played} game{'s' * (outcome.played != 1)} played {where} in {outcome.seconds:.1f} s"
          + (f"; {outcome.skipped} already in {args.out}" if outcome.skipped else "")
          + (f"; {outcome.other_lines} other line{'s' * (outcome.other_lines != 1)} in {args.out} left out (another "
             f"tournament's games, or edited)" if outcome.other_lines else ""))
    if args.plot and outcome.results:
        report.plot(outcome.results, args.plot, title=f"{get_game(args.game).title}: {args.bots}")
        print(f"chart: {args.plot}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.core.record import RecordError, load_record, replay, verify

    if args.window:  # Review mode on the 3D table, from the start of the record
        from app.shell.play import run

        try:
            load_record(args.file)  # a broken file is refused here, in one sentence, before a window opens
        except RecordError as err:
            print(shown(str(err)), file=sys.stderr)
            return EXIT_BAD_INPUT
        return run(None, review=Path(args.file))
    try:
        record = load_record(args.file)
        if args.verify:
            return _report_verify(args.file, *verify(record, args.file))
        state = replay(record, args.file)
    except RecordError as err:
        print(shown(str(err)), file=sys.stderr)
        return EXIT_BAD_INPUT
    if record.note:
        print(f"{args.file}: {record.note}", file=sys.stderr)
    from app.seats import seat_label
    from engine.core.games import get_game

    info = get_game(record.game)
    named = info.log_namer(state) if info.log_namer else str
    for event in state.events:
        # a private line ("You draw Jumbo, Skully") says whose it was: the replay shows every seat's
        readers = "" if event.seats is None else ", ".join(seat_label(record.game, s) for s in sorted(event.seats))
        only = "" if event.seats is None else f"[seen by {readers}] "
        print(only + named(event.text))
    print(json.dumps(state.to_dict(), indent=1 if args.pretty else None))
    result = state.result()
    moves = sum(1 for seat, _ in record.actions if seat >= 0)
    print(named(result.reason) if result else f"Game in progress after {moves} actions.")
    return 0


def _report_verify(file: str, state: Any, mismatches: list[Any], checked: int) -> int:
    """``replay --verify``: each throw the physics, re-run from its seed, puts
    elsewhere (exit 2: the record was edited or made by other physics), or
    one line saying they all agree."""
    throws = f"{checked} throw{'s' * (checked != 1)}"
    for m in mismatches:
        print(shown(m.sentence(file)))
    if mismatches:
        print(f"{shown(file)}: {len(mismatches)} of {throws} re-run from their seeds land elsewhere than recorded.",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    over = state.result()
    print(f"{shown(file)}: verified: {throws} re-run from their seeds land where recorded"
          + (f"; {len(state.history())} steps replayed" + ("" if over else ", the game in progress") + "."))
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    info = get_game(args.game)
    config = info.config_from_dict(_config_dict(args))
    info.new_game(config, 0)  # loads the level or terrain: a missing or broken file is refused here
    print(info.rules_summary(config))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from app.seats import parse_seats
    from app.shell.play import run
    from app.shell.start_screen import StartChoice

    if args.menu:  # the start screen, on the game named (it opened on the last game played, or Little Battle)
        return run(StartChoice(args.game) if args.game else None, args.seed, menu=True)
    if args.game is None:  # `make play`: Little Soldiers on the default battlefield against a bot
        args.game = "little-soldiers"
    info = get_game(args.game)
    config = _config_dict(args)
    num_seats = info.new_game(info.config_from_dict(config), 0).num_seats
    seats = parse_seats(args.game, args.seats, num_seats)
    return run(StartChoice(args.game, config, list(seats.kinds)), args.seed)


def cmd_serve(args: argparse.Namespace) -> int:
    """``toybox serve``: host tables for friends on other machines (engine.net.serve)."""
    import asyncio
    from pathlib import Path

    from app.seats import seat_name
    from engine.bots import bot_names
    from engine.net.serve import ServeOptions, serve

    if args.resume is not None:
        if args.game is not None or args.tables != 1:
            raise ValueError("--resume restores one table from its autosave: give no game and no --tables with it")
        info, config, kinds, labels = None, None, [], []
    else:
        if args.game is None:
            raise ValueError("serve: name the game (little-soldiers, toy-battle, little-battle) or --resume AUTOSAVE")
        info = get_game(args.game)
        config = info.config_from_dict(_config_dict(args))
        num_seats = info.new_game(config, 0).num_seats
        labels = [seat_name(args.game, s) for s in range(num_seats)]
        kinds = parse_served_seats(args.game, args.seats, labels, tuple(bot_names()) + ("lookahead",))
    if args.keyfile and not args.certfile:
        raise ValueError("--keyfile needs --certfile (the certificate it signs)")
    opts = ServeOptions(info, config, kinds, labels, args.host, args.port, args.tables, args.seed,
                        Path(args.resume) if args.resume else None, Path(args.codes) if args.codes else None,
                        Path(args.out) if args.out else None, Path(args.autosave) if args.autosave else None,
                        args.certfile, args.keyfile)
    console = sys.stdin if sys.stdin is not None and sys.stdin.isatty() else None
    return asyncio.run(serve(opts, console=console))


def parse_served_seats(game: str, text: str | None, labels: Sequence[str], bots: Sequence[str]) -> list[str]:
    """``blue=remote,red=hard`` -> one kind per seat; every seat not named is remote."""
    kinds = ["remote"] * len(labels)
    for part in (p.strip() for p in (text or "").split(",") if p.strip()):
        key, sep, kind = (x.strip().lower() for x in part.partition("="))
        if not sep or not kind:
            raise ValueError(f"--seats: {part!r} should look like {labels[0]}=remote or {labels[0]}=hard")
        seat = int(key) - 1 if key.isdigit() else labels.index(key) if key in labels else -1
        if not 0 <= seat < len(labels):
            raise ValueError(f"--seats: no seat {key!r} in this {game} game (seats: {', '.join(labels)})")
        if kind != "remote" and kind not in bots:
            raise ValueError(f"--seats: {kind!r} is not remote or a bot ({', '.join(bots)})")
        kinds[seat] = kind
    return kinds


def cmd_join(args: argparse.Namespace) -> int:
    """``toybox join URL CODE``: the window on that seat, or ``--bot`` headless."""
    import asyncio
    import ssl

    from engine.net.client import JoinError, play_bot

    if not args.url.startswith(("ws://", "wss://")):
        raise ValueError(f"join: {args.url!r} is not a table's address (ws://HOST:PORT or wss://HOST:PORT)")
    tls = None
    if args.url.startswith("wss://"):
        if args.cafile:
            from engine.core.files import read_bytes
            from engine.net.server import TLS_FILE_MAX_BYTES

            # through the input boundary first: a FIFO there made OpenSSL's open wait forever
            cadata = read_bytes(args.cafile, TLS_FILE_MAX_BYTES, "certificate").decode("ascii", "replace")
            try:
                tls = ssl.create_default_context(cadata=cadata)
            except ssl.SSLError as err:
                raise ValueError(f"{args.cafile}: not a certificate to trust ({err.reason or err})") from None
        else:
            tls = ssl.create_default_context()
    if args.bot is None and not args.watch:
        from app.shell.play import run_remote

        return run_remote(args.url, args.code, args.name, tls)
    try:
        if args.watch:
            from engine.net.client import watch

            result = asyncio.run(watch(args.url, args.code, lambda line: print(line, flush=True), tls, args.name))
        else:
            result = asyncio.run(play_bot(args.url, args.code, args.bot, args.bot_seed, args.name, tls,
                                          say=lambda text: print(text, file=sys.stderr)))
    except JoinError as err:
        print(f"toybox: join: {shown(str(err))}", file=sys.stderr)
        return EXIT_BAD_INPUT if "code" in str(err) or "taken" in str(err) else EXIT_FAILED
    except ValueError as err:
        raise ValueError(f"join: {err}") from None
    if result is None:
        print("The table ended before the game did.")
    else:
        print(result["reason"])
        print(json.dumps(result))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from app.seats import parse_seats
    from app.shell.render import render

    info = get_game(args.game)
    config = _config_dict(args)
    info.config_from_dict(config)  # refuse a bad option before opening anything
    seats = None
    if args.seats is not None:
        num_seats = info.new_game(info.config_from_dict(config), 0).num_seats
        seats = parse_seats(args.game, args.seats, num_seats)
    result = render(args.game, config, args.out, seed=args.seed, moves=args.moves, size=args.size, seats=seats)
    print(f"{args.out}: {info.title} after {len(result.controller.match.actions)} actions, rendered in {result.seconds:.2f} s")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)  # skip Panda3D's teardown: the frame is written, nothing else to keep


def cmd_bench(args: argparse.Namespace) -> int:
    if args.games is not None and args.what not in ("app", "net"):
        raise ValueError(f"bench {args.what}: --games names the games the app and net benches draw; "
                         f"the {args.what} bench measures its own set (leave --games out)")
    if args.games is not None:
        names = [g.strip() for g in args.games.split(",")]
        unknown = [g for g in names if g not in GAMES]
        if unknown or not names:
            raise ValueError(f"bench app --games {args.games!r}: {', '.join(map(repr, unknown)) or 'nothing'} "
                             f"is not a game; choose from {', '.join(GAMES)}")
    if args.what == "net":
        from engine.net.bench import run_net_bench

        game = (args.games or "toy-battle").split(",")[0]
        row = run_net_bench([sys.executable, "-m", "app.shell.cli"], tables=args.tables, game=game,
                            out=(lambda line: None) if args.json else print, think=args.think)
        if args.json:
            print(json.dumps(row, indent=1))
        return 0
    if args.what == "geometry":
        from app.raycast_baseline import panda_baseline
        from engine.little_soldiers.table.bench import run_geometry_bench

        geometry_rows = run_geometry_bench(out=(lambda line: None) if args.json else print, quick=args.quick,
                                           baseline=panda_baseline)
        if args.json:
            print(json.dumps(geometry_rows, indent=1, default=str))
        return 0
    if args.what == "ray":
        from engine.tournament.scale import run_scale_bench

        scale_rows = run_scale_bench(games=4 if args.quick else 16, rounds=1 if args.quick else 2,
                                     out=(lambda line: None) if args.json else print)
        if args.json:
            print(json.dumps(scale_rows, indent=1))
        return 0
    if args.what == "engine":
        from engine.bots.bench import run_engine_bench

        engine_rows = run_engine_bench(out=(lambda line: None) if args.json else print, quick=args.quick)
        if args.json:
            print(json.dumps(engine_rows, indent=1))
        return 0
    from app.bench import BASELINE_REF, DEFAULT_GAMES, bench, report

    args.against = args.against or BASELINE_REF

    games = tuple(g.strip() for g in args.games.split(",")) if args.games else DEFAULT_GAMES
    size = args.size or ((1920, 1080) if args.renderer == "gl" else (1280, 720))
    rows = bench(games, args.frames, None if args.against == "none" else args.against, args.renderer, size)
    print(json.dumps(rows, indent=1) if args.json else report(rows))
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    from app.editor.window import run

    return run(args.file, size="{}x{}".format(*args.size), mesh=args.import_mesh)


def cmd_los(args: argparse.Namespace) -> int:
    if args.file is None:  # no file named: the Bootcamp, so `toybox los` opens on a table at once
        from engine.core.files import PROJECT_ROOT
        from engine.little_soldiers.config import DEFAULT_LEVEL

        args.file = str(PROJECT_ROOT / DEFAULT_LEVEL)
    if args.start and args.end and not args.window:
        from app.editor.los_session import run_cli

        text, code = run_cli(args.file, args.start, args.end, args.attacker, args.target, args.json)
        print(text)
        return code
    from app.editor.los_window import run

    return run(args.file, args.start, args.end, args.attacker, args.target)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toybox",
        description="Toybox, a 3D tabletop for toy-box games. Games: " + ", ".join(GAMES) + ".",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("sim", help="headless bot games: results and games/s")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100)
    p.add_argument(
        "--bots",
        default="random",
        help="one bot for all seats or one per seat: random, heuristic, search, lookahead, easy, normal, hard",
    )
    p.add_argument(
        "--swap", action="store_true", help="rotate the bots round the seats game by game, and report each bot over all seats"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=0)
    p.add_argument("--iterations", type=whole(0), default=0, help="search bot iterations per decision")
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=0.0,
        help="search bot seconds per decision, on top of --iterations (play then depends on the machine)",
    )
    _add_config_flags(p)
    p.set_defaults(func=cmd_sim)

    p = sub.add_parser("tournament", help="many bot games on Ray (all cores, or a cluster): results file, win rates, sweeps")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--bots", required=True, help="one bot for all seats or one per seat: random, heuristic, search")
    p.add_argument("--games", type=whole(1, MAX_GAMES), default=100, help="games per sweep point")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="the tournament's seed (each game's seed derives from it)")
    p.add_argument("--iterations", type=whole(0), default=0, help="search bot iterations per decision")
    p.add_argument("--rotate", action="store_true", help="turn the bots round the seats game by game")
    p.add_argument(
        "--sweep",
        action="append",
        metavar="KEY=V1,V2,...",
        help="play every value of a config key or chosen value (e.g. GRENADIER_DEFENSE=1,2,3); repeatable",
    )
    p.add_argument("--address", help="join a Ray cluster: auto, or ray://HOST:10001 (default: a local Ray on this machine)")
    p.add_argument(
        "--workers",
        type=whole(0),
        default=None,
        help="CPUs to use (default: every core or the whole cluster); 0 plays serially in this process",
    )
    p.add_argument("--out", type=writable("results file"),
                   help="results file (JSON lines); a re-run skips the games already in it")
    p.add_argument("--records", metavar="DIR", help="also write each game's record into DIR")
    p.add_argument("--plot", metavar="PNG", type=writable("chart"), help="chart of win rate against each swept value")
    _add_config_flags(p)
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("replay", help="replay a record; print the final state and events (--window: review it on the table)")
    p.add_argument("file", type=file_arg)
    p.add_argument("--pretty", action="store_true")
    p.add_argument("--window", action="store_true",
                   help="open Review mode: step through the game on the 3D table, forwards, backwards, to any action")
    p.add_argument("--verify", action="store_true",
                   help="re-run the physics of every throw from its recorded seed and name each throw that lands "
                        "elsewhere (a check of a record someone handed you; never needed to replay one)")
    _add_allow_outside(p)
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rules", help="the rules summary and the data values in use")
    p.add_argument("game", choices=GAMES)
    _add_config_flags(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("play", help="open the 3D table (Little Soldiers against a bot when no game is given)")
    p.add_argument("game", nargs="?", choices=GAMES)
    p.add_argument("--menu", action="store_true", help="open the start screen to choose the game")
    p.add_argument("--seats", help="who plays each seat, e.g. green=human,yellow=bot or 1=human,2=search")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=None)
    _add_config_flags(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("serve", help="host a table for friends on other machines (join codes, autosave, record)")
    p.add_argument("game", nargs="?", choices=GAMES)
    p.add_argument("--seats", help="who plays each seat: remote (a join code) or a server bot, e.g. blue=remote,red=hard")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for the network)")
    p.add_argument("--port", type=whole(0, 65535), default=8765, help="port (0: any free one)")
    p.add_argument("--tables", type=whole(1, 1000), default=1, help="tables served at once (each with its own codes)")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=None, help="the first table's seed (the next tables count on)")
    p.add_argument("--resume", type=file_arg, metavar="AUTOSAVE", help="restore a table from its autosave, codes and all")
    p.add_argument("--codes", type=writable_file, metavar="FILE", help="also write the join codes to FILE (JSON)")
    p.add_argument("--out", type=writable_file, metavar="RECORD", help="write the game's record there when it ends")
    p.add_argument("--autosave", type=writable_file, metavar="FILE",
                   help="autosave there (default: the user folder's autosave/served-...json)")
    p.add_argument("--certfile", type=file_arg, help="serve over TLS (wss://) with this certificate")
    p.add_argument("--keyfile", type=file_arg, help="the certificate's private key (when not in --certfile)")
    _add_config_flags(p)
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("join", help="join a served table: the window on your seat (the spectator code: the window "
                                    "watching the table), or --bot to play it headless")
    p.add_argument("url", help="the table's address, ws://HOST:PORT (wss:// over TLS)")
    p.add_argument("code", help="your join code (a seat's; or the spectator's: the window watches, never acts)")
    p.add_argument("--bot", help="play the seat headless with this bot (random, heuristic, easy, normal, hard, ...)")
    p.add_argument("--bot-seed", type=whole(0, MAX_SEED), default=0, help="the bot's seed")
    p.add_argument("--watch", action="store_true", help="follow the table headless: its log and chat, until it ends")
    p.add_argument("--name", help="the name the table shows for you")
    p.add_argument("--cafile", type=file_arg, help="wss://: trust the server certificate in this file (a self-signed one)")
    p.set_defaults(func=cmd_join)

    p = sub.add_parser("render", help="draw a game in progress offscreen to a PNG")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--out", required=True, type=writable("picture"), help="PNG file to write")
    p.add_argument("--seed", type=whole(0, MAX_SEED), default=1)
    p.add_argument("--moves", type=whole(0, 100_000), default=6, help="bot moves played before the frame")
    p.add_argument("--seats", help="seats after the bot opening (default: the first seat human)")
    p.add_argument("--size", type=pixels, default=(1280, 720), help="WIDTHxHEIGHT in pixels")
    _add_config_flags(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("bench", help="benchmarks: engine (random playouts), geometry (sight, cords, throws), app (frames), "
                       "ray (a tournament serially, on 1 and 2 local Ray workers and on two Ray nodes on 127.0.0.1)")
    p.add_argument("what", choices=["engine", "geometry", "app", "net", "ray"])
    p.add_argument("--tables", type=whole(1, 1000), default=50, help="net: tables served at once")
    p.add_argument("--think", type=seconds, default=0.0,
                   help="net: seconds each bot waits before a move (0: as fast as the server answers)")
    p.add_argument("--quick", action="store_true", help="fewer repetitions (engine, geometry, ray)")
    p.add_argument("--games", help="comma-separated games (default: all three)")
    p.add_argument("--frames", type=whole(1, 100_000), default=120)
    p.add_argument(
        "--against",
        default=None,
        type=git_ref,
        metavar="REF",
        help="app: the git commit measured in the same run as the baseline (default: main before the look, "
        "issue 13; 'none' for no baseline)",
    )
    p.add_argument(
        "--renderer",
        choices=["software", "gl"],
        default="software",
        help="app: software (offscreen p3tinydisplay, the default) or gl (a window on the display, pandagl: "
        "the shader light and the baked light, same run)",
    )
    p.add_argument("--size", type=pixels, default=None, help="app: WIDTHxHEIGHT (default 1280x720 software, 1920x1080 gl)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("edit", help="the level editor: Little Soldiers battlefields and Toy Battle terrains")
    p.add_argument("file", nargs="?", type=file_arg, help="level file to open (created on first save when missing)")
    p.add_argument("--size", type=pixels, default=(1440, 900), help="window WIDTHxHEIGHT in pixels")
    _add_allow_outside(p)
    p.add_argument(
        "--import",
        dest="import_mesh",
        metavar="MESH",
        help="add a glTF/OBJ/STL mesh as scenery in the middle of the table (no display: add it and save)",
    )
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("los", help="line-of-sight debugger: the window, or one answer with --from and --to")
    p.add_argument("file", type=file_arg, nargs="?", default=None,
                   help="battlefield file (default: the Bootcamp's, the box's first table)")
    _add_allow_outside(p)
    p.add_argument("--from", dest="start", metavar="X,Y[,LEVEL]", help="where the attacker stands (cm)")
    p.add_argument("--to", dest="end", metavar="X,Y[,LEVEL]", help="where the target stands (cm)")
    p.add_argument("--attacker", default="infantry", help="attacker type: infantry, sniper, operator, grenadier")
    p.add_argument("--target", default="infantry", help="target type")
    p.add_argument("--json", action="store_true", help="one JSON object: valid, visible_fraction, blocked_by, rays")
    p.add_argument("--window", action="store_true", help="open the debugger window even with --from and --to")
    p.set_defaults(func=cmd_los)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; the exit code is 0, 1 (a failure) or 2 (bad input)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # argparse: --help (0) or a refused argument (2)
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    allow_outside(bool(getattr(args, "allow_outside", False)))
    try:
        return int(args.func(args) or 0)
    except ValueError as err:  # bad input (DataError and every config error): one sentence, no traceback
        print(f"toybox: {shown(str(err))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("toybox: interrupted.", file=sys.stderr)
        return EXIT_FAILED
    except (OSError, RuntimeError, ImportError) as err:
        print(f"toybox: {args.command} failed: {shown(str(err))}", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
