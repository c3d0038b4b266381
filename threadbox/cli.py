"""The `threadbox` command: menu, play, resume, simulate, serve."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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
    play.add_argument(
        "--handicap",
        action="append",
        default=[],
        metavar="NAME",
        help="the seat NAME plays with the game's handicap (Thread Count: no minus points for cups)",
    )
    play.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")

    resume = commands.add_parser("resume", help="continue the last autosave, or a named save")
    resume.add_argument("save", nargs="?", type=Path, help="a save file (default: the last autosave)")
    resume.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")

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
    variants = [*args.variant, *_handicaps(game, seats, args.handicap)]
    config = TableConfig(game=game.info.id, seats=seats, variants=variants, **extra)
    try:
        config.validate_for_game()
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    return config


def _handicaps(game, seats, names: list[str]) -> list[str]:
    """The per-seat variants (``<prefix>-<seat number>``) for the seats named by --handicap."""
    prefixes = getattr(game.state_cls, "seat_variants", {})
    if names and not prefixes:
        raise UsageError(f"{game.info.title} has no handicap.")
    seat_names = [seat.name for seat in seats]
    variants = []
    for name in names:
        if name not in seat_names:
            raise UsageError(f"--handicap {name}: no seat is called {name!r} (seats: {', '.join(seat_names)}).")
        variants += [f"{prefix}-{seat_names.index(name) + 1}" for prefix in prefixes]
    return variants


def _run_app(table, bot_delay: float) -> int:
    from threadbox.tui.app import ThreadboxApp

    ThreadboxApp(table, bot_delay=bot_delay).run()
    return 0


def cmd_play(args) -> int:
    from threadbox.controller import Table

    return _run_app(Table(_play_config(args)), args.bot_delay)


def cmd_resume(args) -> int:
    from threadbox.controller import SaveError, load

    try:
        table = load(args.save)
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(table, args.bot_delay)


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
    handlers = {"play": cmd_play, "resume": cmd_resume, "simulate": cmd_simulate, None: cmd_menu}
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
