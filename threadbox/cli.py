"""The `threadbox` command: menu, play, saves, resume, replay, simulate, serve."""

from __future__ import annotations

import argparse
import json
import sys

from threadbox import __version__


class UsageError(Exception):
    """A mistake on the command line: printed as one line, exit status 2."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="threadbox",
        description="Five tabletop games in the terminal. With no command, opens the game menu.",
    )
    parser.add_argument("--version", action="version", version=f"threadbox {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a game straight away")
    play.add_argument("game", help="threaded, thread-count, quilt, thingstead or warp-and-weft")
    play.add_argument("--players", type=int, help="number of seats (default: from --seat, else the fewest allowed)")
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="NAME=human|bot[:LEVEL]",
        help="one per seat, in seat order; seats not given are bots",
    )
    play.add_argument("--seed", type=int, help="seed for every random draw of the game")
    play.add_argument("--variant", action="append", default=[], metavar="NAME", help="a variant of the game's rules")
    play.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")

    saves = commands.add_parser("saves", help="list the recorded games, unfinished and finished")
    saves.add_argument("--json", action="store_true", help="one JSON object on stdout")

    resume = commands.add_parser("resume", help="continue a recorded game (default: the newest unfinished)")
    resume.add_argument("game", nargs="?", metavar="ID|FILE", help="a game's id (see saves) or a record file")
    resume.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")

    replay = commands.add_parser("replay", help="replay a recorded game move by move (default: the newest finished)")
    replay.add_argument("game", nargs="?", metavar="ID|FILE", help="a game's id (see saves) or a record file")

    sim = commands.add_parser("simulate", help="bots play many full games; prints speed and results")
    sim.add_argument("game")
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int)
    sim.add_argument("--bot", default="random", help="bot level for every seat (random, easy, ...)")
    sim.add_argument("--variant", action="append", default=[], metavar="NAME")
    sim.add_argument("--json", action="store_true", help="one JSON object on stdout")

    serve = commands.add_parser("serve", help="host rooms that players join with ssh")
    from threadbox.net import add_serve_arguments

    add_serve_arguments(serve)
    return parser


def _game(game_id: str):
    from threadbox.rules.core import RulesError, get_game

    try:
        return get_game(game_id)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _play_config(args):
    from threadbox.controller import SeatSpec, TableConfig
    from threadbox.rules.core import RulesError

    game = _game(args.game)
    try:
        seats = [SeatSpec.parse(text) for text in args.seat]
    except (RulesError, ValueError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    players = args.players or max(len(seats), game.info.min_players)
    if len(seats) > players:
        raise UsageError(f"{len(seats)} seats given for {players} players.")
    if not seats:
        seats.append(SeatSpec(name="You"))
    for i in range(len(seats), players):
        seats.append(SeatSpec(name=f"Bot {i + 1}", kind="bot", level=game.bot_levels[-1]))
    extra = {"seed": args.seed} if args.seed is not None else {}
    config = TableConfig(game=game.info.id, seats=seats, variants=args.variant, **extra)
    try:
        config.validate_for_game()
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    return config


def _run_app(table, bot_delay: float, record=None) -> int:
    from threadbox.tui.app import ThreadboxApp

    ThreadboxApp(table, bot_delay=bot_delay, record=record).run()
    return 0


def cmd_play(args) -> int:
    from threadbox.controller import Table

    return _run_app(Table(_play_config(args)), args.bot_delay)


def _find_record(text: str | None, finished: bool):
    """The record named on the command line, or the newest (un)finished one."""
    from threadbox.controller import RecordBook, RecordError

    book = RecordBook()
    try:
        if text is not None:
            return book.find(text)[0]
        newest = book.finished() if finished else book.unfinished()
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    if not newest:
        raise UsageError("No finished game to replay." if finished else "No unfinished game to resume.")
    return newest[0]


def cmd_saves(args) -> int:
    from threadbox.controller import RecordBook

    entries = RecordBook().entries()
    records = [e.record for e in entries if e.record is not None]
    damaged = [{"file": str(e.path), "error": e.problem} for e in entries if e.record is None]
    if args.json:
        print(json.dumps({"games": [r.summary() for r in records], "damaged": damaged}))
        return 0
    if not entries:
        print("No recorded games yet.")
    for heading, wanted in (("In progress", False), ("Finished", True)):
        group = [r for r in records if r.finished == wanted]
        if group:
            print(f"{heading}:")
        for r in group:
            print(f"  {r.id}  {r.title}  {r.result_text()}")
            print(f"          {r.seats_text()}; started {r.started}, last played {r.updated}")
    if damaged:
        print("Cannot be read:")
        for d in damaged:
            print(f"  {d['error']}")
    return 0


def cmd_resume(args) -> int:
    from threadbox.controller import RecordError
    from threadbox.controller.records import restore

    record = _find_record(args.game, finished=False)
    if record.finished:
        raise UsageError(f"Game {record.id} is finished; threadbox replay {record.id} shows it move by move.")
    try:
        table = restore(record)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(table, args.bot_delay, record)


def cmd_replay(args) -> int:
    from threadbox.controller import RecordError, Replay
    from threadbox.tui.app import ThreadboxApp

    record = _find_record(args.game, finished=True)
    try:
        Replay(record)  # refuse a damaged record here, in one line, not inside the app
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    ThreadboxApp(replay=record).run()
    return 0


def cmd_simulate(args) -> int:
    from threadbox.simulate import format_report, simulate

    game = _game(args.game)
    players = args.players or min(max(2, game.info.min_players), game.info.max_players)
    if not game.info.min_players <= players <= game.info.max_players:
        raise UsageError(f"{game.info.title} is for {game.info.min_players}-{game.info.max_players} players.")
    if args.bot not in game.bot_levels:
        raise UsageError(f"{game.info.title} has no bot level {args.bot!r}; choose from {', '.join(game.bot_levels)}.")
    for variant in args.variant:
        if variant not in game.info.variants:
            raise UsageError(f"{game.info.title} has no variant {variant!r}.")
    if args.games < 1:
        raise UsageError("--games must be at least 1.")
    report = simulate(game, args.games, args.seed, players, args.bot, args.variant)
    print(json.dumps(report.as_dict()) if args.json else format_report(report))
    return 1 if report.errors else 0


def cmd_menu(args) -> int:
    from threadbox.tui.app import ThreadboxApp

    ThreadboxApp().run()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    handlers = {
        "play": cmd_play,
        "saves": cmd_saves,
        "resume": cmd_resume,
        "replay": cmd_replay,
        "simulate": cmd_simulate,
        None: cmd_menu,
    }
    try:
        if args.command == "serve":
            from threadbox.net import run_serve

            return run_serve(args)
        return handlers[args.command](args)
    except UsageError as exc:
        print(f"threadbox: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
