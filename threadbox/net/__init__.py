"""Play over SSH: ``threadbox serve`` hosts rooms that players join with ``ssh``.

One asyncio process runs asyncssh; each SSH session runs its own Textual App
(``app.ThreadboxSSHApp``) through a driver of our own (``driver.SSHDriver``)
on the same game screens as local play. Rooms (``rooms.RoomRegistry``) hold
the one authoritative ``Table`` per game.

Importing this package is cheap (the CLI builds its parser with it);
asyncssh and Textual load only when the server starts.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from .options import ServeOptions

__all__ = ["ServeOptions", "add_serve_arguments", "run_serve", "serve"]


async def serve(options: ServeOptions, announce=None) -> None:
    """Run the SSH server until cancelled. ``announce(text)`` gets the how-to-connect lines."""
    from .server import serve as _serve

    await _serve(options, announce)


def _duration(text: str) -> float:
    """Seconds from ``90``, ``90s``, ``15m``, ``2h`` or ``1d``."""
    text = text.strip().lower()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    try:
        if text and text[-1] in units:
            return float(text[:-1]) * units[text[-1]]
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a duration: {text!r} (write 90, 90s, 15m, 2h or 1d)") from None


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``threadbox serve``."""
    d = ServeOptions()
    parser.add_argument("--host", default=d.host, help=f"address to listen on (default {d.host}; 0.0.0.0 for all)")
    parser.add_argument("--port", type=int, default=d.port, help=f"port to listen on (default {d.port})")
    parser.add_argument(
        "--auth",
        choices=["none", "password", "keys"],
        default=d.auth,
        help="none: any name gets in; password: --password-file; keys: --authorized-keys "
        "(the key's fingerprint is the player's identity)",
    )
    parser.add_argument(
        "--password-file",
        type=Path,
        metavar="FILE",
        help="lines NAME:PASSWORD, or *:PASSWORD for one password for everyone",
    )
    parser.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="OpenSSH authorized_keys file for --auth keys (default ~/.ssh/authorized_keys)",
    )
    parser.add_argument(
        "--admin",
        action="append",
        default=[],
        metavar="NAME|SHA256:...",
        help="may hand any away seat to a bot and close any room (repeatable)",
    )
    parser.add_argument(
        "--host-key", type=Path, metavar="FILE", help="the server's host key (default: made once in the data folder)"
    )
    parser.add_argument("--log-file", type=Path, metavar="FILE", help="default: serve.log in the data folder")
    parser.add_argument("--rooms-dir", type=Path, metavar="DIR", help="default: rooms/ in the data folder")
    parser.add_argument(
        "--max-connections",
        type=int,
        default=d.max_connections,
        metavar="N",
        help=f"players connected at once (default {d.max_connections})",
    )
    parser.add_argument(
        "--max-connections-per-address",
        type=int,
        default=None,
        metavar="N",
        help="players connected at once from one network address (default: a tenth of --max-connections, at least 10)",
    )
    parser.add_argument(
        "--max-unauthenticated",
        type=int,
        default=d.max_unauthenticated,
        metavar="N",
        help=f"connections still logging in, in all (default {d.max_unauthenticated})",
    )
    parser.add_argument(
        "--max-unauthenticated-per-address",
        type=int,
        default=None,
        metavar="N",
        help="connections still logging in, from one address (default: a tenth of --max-unauthenticated, at least 3)",
    )
    parser.add_argument(
        "--max-rooms", type=int, default=d.max_rooms, metavar="N", help=f"rooms on this server (default {d.max_rooms})"
    )
    parser.add_argument(
        "--max-rooms-per-player",
        type=int,
        default=d.max_rooms_per_player,
        metavar="N",
        help=f"open rooms one player may create (default {d.max_rooms_per_player})",
    )
    parser.add_argument(
        "--max-rooms-per-address",
        type=int,
        default=d.max_rooms_per_address,
        metavar="N",
        help=f"open rooms players from one network address may create (default {d.max_rooms_per_address})",
    )
    parser.add_argument(
        "--login-timeout",
        type=_duration,
        default=d.login_timeout,
        metavar="TIME",
        help=f"time allowed to log in (default {d.login_timeout:g}s)",
    )
    parser.add_argument(
        "--keepalive",
        type=_duration,
        default=d.keepalive_interval,
        metavar="TIME",
        help=f"keepalive interval; 3 unanswered end the connection (default {d.keepalive_interval:g}s, 0 off)",
    )
    parser.add_argument(
        "--idle-timeout",
        type=_duration,
        default=d.idle_timeout,
        metavar="TIME",
        help=f"close a session after this long without a key press (default {d.idle_timeout / 60:g}m, 0 off)",
    )
    parser.add_argument(
        "--room-ttl",
        type=_duration,
        default=d.room_ttl,
        metavar="TIME",
        help=f"remove a game in play nobody visited for this long (default {d.room_ttl / 3600:g}h)",
    )
    parser.add_argument(
        "--empty-room-ttl",
        type=_duration,
        default=d.empty_room_ttl,
        metavar="TIME",
        help="remove a room waiting for players (or whose game is over) with nobody connected after this long "
        f"(default {d.empty_room_ttl / 60:g}m)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=d.bot_delay,
        metavar="SECONDS",
        help=f"seconds a bot waits before it moves (default {d.bot_delay:g})",
    )
    parser.add_argument(
        "--stall-limit",
        type=float,
        default=d.stall_limit,
        metavar="SECONDS",
        help=f"close a session one step of which holds the server this long (default {d.stall_limit:g}, 0 off)",
    )
    parser.add_argument(
        "--hang-limit",
        type=float,
        default=d.hang_limit,
        metavar="SECONDS",
        help=f"exit with status 70 (for a supervisor to restart) if the server is stuck this long "
        f"(default {d.hang_limit:g}, 0 off)",
    )


def options_from_args(args: argparse.Namespace) -> ServeOptions:
    return ServeOptions(
        host=args.host,
        port=args.port,
        auth=args.auth,
        password_file=args.password_file,
        authorized_keys=args.authorized_keys,
        admins=args.admin,
        host_key=args.host_key,
        log_file=args.log_file,
        rooms_dir=args.rooms_dir,
        max_connections=args.max_connections,
        max_connections_per_address=args.max_connections_per_address,
        max_unauthenticated=args.max_unauthenticated,
        max_unauthenticated_per_address=args.max_unauthenticated_per_address,
        max_rooms=args.max_rooms,
        max_rooms_per_player=args.max_rooms_per_player,
        max_rooms_per_address=args.max_rooms_per_address,
        login_timeout=args.login_timeout,
        keepalive_interval=args.keepalive,
        idle_timeout=args.idle_timeout,
        room_ttl=args.room_ttl,
        empty_room_ttl=args.empty_room_ttl,
        bot_delay=args.bot_delay,
        stall_limit=args.stall_limit,
        hang_limit=args.hang_limit,
    )


def run_serve(args: argparse.Namespace) -> int:
    """``threadbox serve``: run until Ctrl+C. Returns the exit status."""
    from pydantic import ValidationError

    try:
        options = options_from_args(args)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "options"
        print(f"threadbox serve: {where.replace('_', '-')}: {first.get('msg')}", file=sys.stderr)
        return 2
    from .auth import ServeError

    def announce(text: str) -> None:
        print(text, flush=True)

    try:
        asyncio.run(serve(options, announce))
    except ServeError as exc:
        print(f"threadbox serve: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    print("threadbox serve: stopped; rooms are saved.", flush=True)
    return 0
