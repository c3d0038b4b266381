"""The `threadbox` command: menu, play, saves, resume, replay, simulate, serve.

Each command imports what it needs when it runs: with no command, the menu
opens without the games' rules, the controller or the SSH server loaded.
"""

from __future__ import annotations

import argparse
import sys

from threadbox import __version__


class UsageError(Exception):
    """A mistake on the command line: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """A command's parser whose options ``fill`` adds only when it is used (parsed or asked for help):
    the options of ``serve`` come from the server's package, which the menu need not load."""

    def __init__(self, *args, fill=None, **kwargs):
        super().__init__(*args, **kwargs)
        self._fill = fill

    def _filled(self) -> None:
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)

    def parse_known_args(self, *args, **kwargs):
        self._filled()
        return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        self._filled()
        return super().format_usage()

    def format_help(self) -> str:
        self._filled()
        return super().format_help()


def _add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    from threadbox.net import add_serve_arguments

    add_serve_arguments(parser)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="threadbox",
        description="Five tabletop games in the terminal. With no command, opens the game menu.",
    )
    parser.add_argument("--version", action="version", version=f"threadbox {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser("play", help="start a game straight away")
    play.add_argument("game", help="threaded, thread-count, quilt, thingstead or warp-and-weft")
    play.add_argument("--players", type=int, help="number of seats (default: from --seat, else the fewest allowed)")
    play.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="NAME=human|bot[:LEVEL[:SECONDS]]",
        help="one per seat, in seat order; seats not given are bots. A hard bot may take its own think time, "
        "e.g. Max=bot:hard:2 (seconds per decision, up to 60)",
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
    play.add_argument(
        "--think",
        type=float,
        metavar="SECONDS",
        help="seconds each hard bot may think over each decision, unless its --seat gives its own "
        "(default 1; up to 60)",
    )

    saves = commands.add_parser("saves", help="list the recorded games, unfinished and finished")
    saves.add_argument("--json", action="store_true", help="one JSON object on stdout")

    resume = commands.add_parser("resume", help="continue a recorded game (default: the newest unfinished)")
    resume.add_argument("game", nargs="?", metavar="ID|FILE", help="a game's id (see saves) or a record file")
    resume.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before it moves")

    replay = commands.add_parser("replay", help="replay a recorded game move by move (default: the newest finished)")
    replay.add_argument("game", nargs="?", metavar="ID|FILE", help="a game's id (see saves) or a record file")

    sim = commands.add_parser(
        "simulate",
        help="bots play many full games; prints speed and results",
        description=(
            "Bots play many whole games with the real rules and report speed, errors, scores and wins.\n"
            "Use it to measure the rules' speed, to hunt rule bugs (any error is listed with its seed),\n"
            "and to compare bot levels: with --bots hard,easy the levels swap seats from game to game\n"
            "and the report gives each level's share of wins and mean score, with 95% intervals."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    plain_help = sim.format_help

    def help_with_games() -> str:
        sim.epilog = sim.epilog or _simulate_epilog()  # loads the games: only when help is asked for
        return plain_help()

    sim.format_help = help_with_games  # type: ignore[method-assign]
    sim.add_argument("game", help="which game to play (see the list below)")
    sim.add_argument(
        "--games", type=int, required=True, metavar="N", help="how many games to play (required, 1 or more)"
    )
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="seed of the first game; game i uses seed + i, so a run is repeatable (default 1)",
    )
    sim.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="seats at the table with --bot (default: 2, or the game's fewest); --bots sets it instead",
    )
    sim.add_argument(
        "--bot",
        default="random",
        metavar="LEVEL",
        help="one bot level for every seat (default random)",
    )
    sim.add_argument(
        "--bots",
        metavar="LEVEL,LEVEL,...",
        help="one bot level per seat, e.g. hard,easy; sets the number of players. When the levels differ, "
        "they rotate one seat each game, so every level sits in every seat equally often. A searching "
        "level may take its own think time: hard:0.25,hard:1 measures what a longer think buys",
    )
    sim.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="play with a variant of the game's rules (repeat for several; see the list below)",
    )
    sim.add_argument(
        "--think",
        type=float,
        metavar="SECONDS",
        help="seconds each decision of a searching bot (level hard) may take (default 1)",
    )
    sim.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help="instead of a time limit, searching bots run exactly N iterations per decision: "
        "results then repeat exactly from the seed, on any machine",
    )
    sim.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object instead of text: speed, errors, per-seat mean_scores and wins, and "
        "levels, wins_by_level and mean_score_by_level (each a mean with its 95%% interval)",
    )

    commands.add_parser("serve", help="host rooms that players join with ssh", fill=_add_serve_arguments)
    return parser


def _simulate_epilog() -> str:
    """The games, their variants and bot levels, read from the registry."""
    from threadbox.rules.core import CATALOGUE, RulesError, get_game

    lines = ["games:"]
    for e in CATALOGUE:
        try:
            game = get_game(e.id)
        except RulesError:
            lines.append(f"  {e.id:<15} (not built yet)")
            continue
        span = f"{e.min_players}" if e.min_players == e.max_players else f"{e.min_players}-{e.max_players}"
        lines.append(f"  {e.id:<15} {span} players; bot levels: {', '.join(game.bot_levels)}")
        for name, what in game.info.variants.items():
            lines.append(f"  {'':<15}   --variant {name}: {what}")
    lines += [
        "",
        "bot levels:",
        "  random  any legal action, uniformly",
        "  easy    a greedy player: the best-looking action now, by the game's own judgement",
        "  hard    searches (information-set Monte Carlo tree search) from its seat's view only,",
        "          for --think seconds or --iterations per decision; hard:0.25 is hard thinking 0.25 s",
        "",
        "examples:",
        "  threadbox simulate warp-and-weft --games 200 --bots easy,random",
        "  threadbox simulate thread-count --games 50 --bots hard,easy --iterations 200 --json",
        "  threadbox simulate quilt --games 20 --bots hard:0.25,hard:1   # what a longer think buys",
    ]
    return "\n".join(lines)


def _game(game_id: str):
    from threadbox.rules.core import RulesError, get_game

    try:
        return get_game(game_id)
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _play_config(args):
    from threadbox.controller import SeatSpec, TableConfig, thinking_levels
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
    if args.think is not None:  # for the searching bots whose --seat gave no think time of their own
        _checked_think(args.think)
        searching = thinking_levels(game.info.id)
        seats = [
            s.model_copy(update={"think": args.think}) if s.is_bot and s.level in searching and s.think is None else s
            for s in seats
        ]
    variants = [*args.variant, *_handicaps(game, seats, args.handicap)]
    config = TableConfig(game=game.info.id, seats=seats, variants=variants, **extra)
    try:
        config.validate_for_game()
    except RulesError as exc:
        raise UsageError(str(exc)) from None
    return config


def _checked_think(seconds: float) -> None:
    """``--think`` checked against the controller's think-time limits (``config.checked_think``)."""
    from threadbox.controller import checked_think
    from threadbox.rules.core import RulesError

    try:
        checked_think(seconds, "--think")
    except RulesError as exc:
        raise UsageError(str(exc)) from None


def _handicaps(game, seats, names: list[str]) -> list[str]:
    """The per-seat variants (``<prefix>-<seat number>``) for the seats named by --handicap."""
    prefixes = game.state_cls.seat_variants
    if names and not prefixes:
        raise UsageError(f"{game.info.title} has no handicap.")
    seat_names = [seat.name for seat in seats]
    variants = []
    for name in names:
        if name not in seat_names:
            raise UsageError(f"--handicap {name}: no seat is called {name!r} (seats: {', '.join(seat_names)}).")
        variants += [f"{prefix}-{seat_names.index(name) + 1}" for prefix in prefixes]
    return variants


def _run_app(table, bot_delay: float, record=None) -> int:
    from threadbox.tui.app import ThreadboxApp

    _run(ThreadboxApp(table, bot_delay=bot_delay, record=record))
    return 0


def _run(app) -> None:
    """Run the app in this terminal, with the server's tuning of Textual: what it
    saves per strip and per frame counts at 200x60 too (``tui.tuning``)."""
    from threadbox.tui import tuning

    tuning.apply(tuning.FOR_ONE_APP)
    try:
        app.run()
    finally:
        tuning.release()


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


def _local(iso: str) -> str:
    """A record's UTC time as this machine's local time, to the minute."""
    from datetime import datetime

    try:
        return f"{datetime.fromisoformat(iso).astimezone():%Y-%m-%d %H:%M}"
    except ValueError:
        return iso


def cmd_saves(args) -> int:
    import json

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
            print(f"          {r.seats_text()}; started {_local(r.started)}, last played {_local(r.updated)}")
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
    _run(ThreadboxApp(replay=record))
    return 0


def cmd_simulate(args) -> int:
    import json

    from threadbox.controller import thinking_levels
    from threadbox.simulate import format_report, simulate, split_level

    game = _game(args.game)
    if args.bots is not None:
        levels = [level.strip() for level in args.bots.split(",")]
        if args.players is not None and args.players != len(levels):
            raise UsageError(f"--bots gives {len(levels)} levels but --players says {args.players}.")
    else:
        players = args.players or min(max(2, game.info.min_players), game.info.max_players)
        levels = [args.bot] * players
    players = len(levels)
    if not game.info.min_players <= players <= game.info.max_players:
        raise UsageError(f"{game.info.title} is for {game.info.min_players}-{game.info.max_players} players.")
    for text in levels:
        try:
            level, think = split_level(text)
        except ValueError as exc:
            raise UsageError(f"--bots {exc}") from None
        if level not in game.bot_levels:
            raise UsageError(f"{game.info.title} has no bot level {level!r}; choose from {', '.join(game.bot_levels)}.")
        if think is not None and level not in thinking_levels(game.info.id):
            raise UsageError(f"--bots {text}: a bot of level {level} does not search, so it takes no think time.")
    for variant in args.variant:
        if variant not in game.info.variants:
            raise UsageError(f"{game.info.title} has no variant {variant!r}.")
    if args.games < 1:
        raise UsageError("--games must be at least 1.")
    if args.think is not None:
        _checked_think(args.think)
    if args.iterations is not None and args.iterations < 1:
        raise UsageError("--iterations must be at least 1.")
    report = simulate(
        game, args.games, args.seed, variants=args.variant, levels=levels, think=args.think, iterations=args.iterations
    )
    print(json.dumps(report.as_dict()) if args.json else format_report(report))
    return 1 if report.errors else 0


def cmd_menu(args) -> int:
    from threadbox.tui.app import ThreadboxApp

    _run(ThreadboxApp())
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
