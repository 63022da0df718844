"""The `toybox` command: play, simulate, replay and inspect the games.

Subcommands that need the 3D stack import it lazily, so headless ones
(sim, replay, rules) start fast and run without a display.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Sequence

from engine.core.games import GAME_MODULES, get_game

GAMES = tuple(GAME_MODULES)


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
        key, _, raw = item.partition("=")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def _add_config_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, help="number of players (Little Battle 3-5)")
    p.add_argument("--chiefs", action="store_true", help="Little Battle: the Adventurer Chiefs variant")
    p.add_argument("--terrain", help="Toy Battle: terrain name (e.g. castle-field) or file")
    p.add_argument("--level", help="Little Soldiers: battlefield file")
    p.add_argument("--mission", help="Little Soldiers: mission name")
    p.add_argument("--modules", help="Little Soldiers: comma-separated modules")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="any other config value (JSON)")


def cmd_sim(args: argparse.Namespace) -> int:
    from engine.bots import make_bot, play_out

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
    wins = [0.0] * seats
    scores = [0.0] * seats
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        bots = [make_bot(k, info.name, seed * 31 + s) for s, k in enumerate(kinds)]
        for b in bots:
            if b.name == "search":
                if args.iterations:
                    b.iterations = args.iterations
                if args.time_limit:
                    b.time_limit = args.time_limit
        state = play_out(info.new_game(config, seed), bots)
        result = state.result()
        assert result is not None
        for s in range(seats):
            wins[s] += result.reward(s)
            scores[s] += result.scores[s]
    elapsed = time.perf_counter() - start
    n = max(args.games, 1)
    print(f"{info.title}: {args.games} games, bots {','.join(kinds)}, seed {args.seed}")
    for s in range(seats):
        print(f"  seat {s + 1} ({kinds[s]}): win rate {wins[s] / n:.3f}, mean score {scores[s] / n:.2f}")
    print(f"{args.games} games in {elapsed:.3f} s: {args.games / elapsed:.1f} games/s")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.core.record import RecordError, load_record, replay

    try:
        record = load_record(args.file)
        state = replay(record, args.file)
    except RecordError as err:
        print(err, file=sys.stderr)
        return 1
    for event in state.events:
        print(event.text)
    print(json.dumps(state.to_dict(), indent=1 if args.pretty else None))
    result = state.result()
    print(result.reason if result else f"Game in progress after {len(record.actions)} actions.")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    info = get_game(args.game)
    print(info.rules_summary(info.config_from_dict(_config_dict(args))))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from app.play import run
    from app.seats import parse_seats
    from app.start_screen import StartChoice

    if args.menu:
        return run(None, args.seed)
    if args.game is None:  # `make play`: Little Soldiers on the default battlefield against a bot
        args.game = "little-soldiers"
    info = get_game(args.game)
    config = _config_dict(args)
    num_seats = info.new_game(info.config_from_dict(config), 0).num_seats
    seats = parse_seats(args.game, args.seats, num_seats)
    return run(StartChoice(args.game, config, list(seats.kinds)), args.seed)


def cmd_render(args: argparse.Namespace) -> int:
    import os

    from app.render import render
    from app.seats import parse_seats

    info = get_game(args.game)
    config = _config_dict(args)
    info.config_from_dict(config)  # refuse a bad option before opening anything
    seats = None
    if args.seats:
        num_seats = info.new_game(info.config_from_dict(config), 0).num_seats
        seats = parse_seats(args.game, args.seats, num_seats)
    width, _, height = args.size.partition("x")
    result = render(args.game, config, args.out, seed=args.seed, moves=args.moves, size=(int(width), int(height)),
                    seats=seats)
    print(f"{args.out}: {info.title} after {len(result.controller.match.actions)} actions, "
          f"rendered in {result.seconds:.2f} s")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)  # skip Panda3D's teardown: the frame is written, nothing else to keep


def cmd_bench(args: argparse.Namespace) -> int:
    if args.what == "geometry":
        from engine.little_soldiers.table.bench import run_geometry_bench

        rows = run_geometry_bench(out=(lambda line: None) if args.json else print, quick=args.quick)
        if args.json:
            print(json.dumps(rows, indent=1, default=str))
        return 0
    if args.what == "engine":
        from engine.bots.bench import run_engine_bench

        rows = run_engine_bench(out=(lambda line: None) if args.json else print, quick=args.quick)
        if args.json:
            print(json.dumps(rows, indent=1))
        return 0
    from app.bench import DEFAULT_GAMES, bench, report

    games = tuple(args.games.split(",")) if args.games else DEFAULT_GAMES
    rows = bench(games, args.frames)
    print(json.dumps(rows, indent=1) if args.json else report(rows))
    return 0


def cmd_edit(args: argparse.Namespace) -> int:
    from app.editor_window import run

    return run(args.file, size=args.size, mesh=args.import_mesh)


def cmd_los(args: argparse.Namespace) -> int:
    if args.start and args.end and not args.window:
        from app.editor.los_session import run_cli

        text, code = run_cli(args.file, args.start, args.end, args.attacker, args.target, args.json)
        print(text)
        return code
    from app.los_window import run

    return run(args.file, args.start, args.end, args.attacker, args.target)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="toybox",
        description="Toybox, a 3D tabletop for toy-box games. Games: " + ", ".join(GAMES) + ".",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("sim", help="headless bot games: results and games/s")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--bots", default="random", help="one bot for all seats or one per seat: random, heuristic, search")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--iterations", type=int, default=0, help="search bot iterations per decision")
    p.add_argument("--time-limit", type=float, default=0.0,
                   help="search bot seconds per decision, on top of --iterations (play then depends on the machine)")
    _add_config_flags(p)
    p.set_defaults(func=cmd_sim)

    p = sub.add_parser("replay", help="replay a record; print the final state and events")
    p.add_argument("file")
    p.add_argument("--pretty", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("rules", help="the rules summary and the data values in use")
    p.add_argument("game", choices=GAMES)
    _add_config_flags(p)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("play", help="open the 3D table (Little Soldiers against a bot when no game is given)")
    p.add_argument("game", nargs="?", choices=GAMES)
    p.add_argument("--menu", action="store_true", help="open the start screen to choose the game")
    p.add_argument("--seats", help="who plays each seat, e.g. green=human,yellow=bot or 1=human,2=search")
    p.add_argument("--seed", type=int, default=None)
    _add_config_flags(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("render", help="draw a game in progress offscreen to a PNG")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--out", required=True, help="PNG file to write")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--moves", type=int, default=6, help="bot moves played before the frame")
    p.add_argument("--seats", help="seats after the bot opening (default: the first seat human)")
    p.add_argument("--size", default="1280x720", help="WIDTHxHEIGHT in pixels")
    _add_config_flags(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("bench", help="benchmarks: engine (random playouts), geometry (sight, cords, throws), app (frames)")
    p.add_argument("what", choices=["engine", "geometry", "app"])
    p.add_argument("--quick", action="store_true", help="fewer repetitions (engine, geometry)")
    p.add_argument("--games", help="comma-separated games (default: all three)")
    p.add_argument("--frames", type=int, default=120)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("edit", help="the level editor: Little Soldiers battlefields and Toy Battle terrains")
    p.add_argument("file", nargs="?", help="level file to open (created on first save when missing)")
    p.add_argument("--size", default="1440x900", help="window WIDTHxHEIGHT in pixels")
    p.add_argument("--import", dest="import_mesh", metavar="MESH",
                   help="add a glTF/OBJ/STL mesh as scenery in the middle of the table (no display: add it and save)")
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("los", help="line-of-sight debugger: the window, or one answer with --from and --to")
    p.add_argument("file", help="battlefield file")
    p.add_argument("--from", dest="start", metavar="X,Y[,LEVEL]", help="where the attacker stands (cm)")
    p.add_argument("--to", dest="end", metavar="X,Y[,LEVEL]", help="where the target stands (cm)")
    p.add_argument("--attacker", default="infantry", help="attacker type: infantry, sniper, operator, grenadier")
    p.add_argument("--target", default="infantry", help="target type")
    p.add_argument("--json", action="store_true", help="one JSON object: valid, visible_fraction, blocked_by, rays")
    p.add_argument("--window", action="store_true", help="open the debugger window even with --from and --to")
    p.set_defaults(func=cmd_los)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except ValueError as err:  # a bad option: one sentence, no traceback
        print(f"toybox: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
