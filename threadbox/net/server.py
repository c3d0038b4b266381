"""The SSH server: one asyncio process, one Textual App per SSH session.

asyncssh accepts connections; each connection's ``Gate`` applies the limits
and logs it in (none, password, or authorized keys); every session with a
pty runs a ``ThreadboxSSHApp`` through ``SSHDriver``. The rooms
(``RoomRegistry``) hold the games. ``LoopGuard`` ends sessions that
overrun, and the process if the loop hangs.

Nothing here prints: the server logs to a file.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import signal
import sys
import time
import weakref
from pathlib import Path

import asyncssh

from threadbox.tui import tuning
from threadbox.tui.tuning import clear_parser_cache

from .app import STDERR_CAPTURE, STDOUT_CAPTURE, Hub, ThreadboxSSHApp
from .asyncssh_internals import check_internals
from .auth import (
    LogBudget,
    LoginThrottle,
    ServeError,
    ensure_host_key,
    read_authorized_keys,
    read_passwords,
    remove_logging,
    setup_logging,
)
from .driver import MAX_SIZE
from .gate import Gate
from .loopguard import GcPolicy, LoopGuard
from .names import Identity, canonical_name
from .options import ServeOptions
from .registry import RoomLimits, RoomRegistry
from .session import Session
from .skeletons import check_data

log = logging.getLogger("threadbox.net")

NO_PTY_MESSAGE = (
    "threadbox needs a terminal, and this connection has none.\r\n"
    "Connect without a command, or add -t:  ssh -t -p {port} NAME@HOST\r\n"
)
ELSEWHERE_MESSAGE = "You signed in again from another session; this one is closed. Your seat goes with you.\r\n"
OVERRUN_MESSAGE = (
    "This session was closed because it kept the server busy for too long ({why}).\r\n"
    "Your seat is kept: connect again to resume.\r\n"
)


def _duration_words(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.0f} hours"


# ---- the server ------------------------------------------------------------------------------
class ThreadboxServer:
    """Start with ``await start()``; stop with ``await close()``."""

    def __init__(self, options: ServeOptions):
        self.options = options
        self.registry = RoomRegistry(
            options.resolved_rooms_dir(),
            RoomLimits(
                max_rooms=options.max_rooms,
                max_rooms_per_player=options.max_rooms_per_player,
                room_ttl=options.room_ttl,
                empty_room_ttl=options.empty_room_ttl,
                max_rooms_per_address=options.max_rooms_per_address,
            ),
            bot_delay=options.bot_delay,
        )
        self.hub = Hub(self.registry)
        self.connections = 0  # logged in (players)
        self.waiting: dict[str, int] = {}  # connections not logged in yet, by address
        self.players: dict[str, int] = {}  # logged in, by address
        self.throttle = LoginThrottle()
        self.log_budget = LogBudget()  # no kind of line may fill the log
        self.sessions: set[Session] = set()
        self.gates: set[Gate] = set()  # every open connection
        self.live_apps: weakref.WeakSet[ThreadboxSSHApp] = weakref.WeakSet()
        self.passwords: dict[str, str] = {}
        self.authorized: dict[bytes, str] = {}
        self.host_key: asyncssh.SSHKey | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._janitor: asyncio.Task | None = None
        self._log_handler: logging.Handler | None = None
        self._stdout, self._stderr = sys.stdout, sys.stderr
        self._closed = asyncio.Event()
        self.port = options.port
        self.guard = LoopGuard(options.stall_limit, options.hang_limit, on_overrun=self._overran)
        self.gc = GcPolicy()
        self.hub.note_garbage = self.gc.note_garbage

    def is_admin(self, username: str, fingerprint: str | None = None) -> bool:
        if self.options.auth == "none":
            return False  # anyone may type any name: no admins without authentication
        if fingerprint is not None:  # base64: case matters
            return fingerprint in self.options.admins
        return username in {canonical_name(a) for a in self.options.admins}  # names are canonical

    def names_in_use(self) -> set[str]:
        """Names a newcomer's may not look like: signed in, holding a seat, or in the password file."""
        names = {s.identity.name for s in self.sessions}
        names.update(g.name for g in self.gates if g.state == "player")
        for room in self.registry.rooms.values():
            for seat in room.meta.seats:
                if seat.holder is not None:
                    names.add(seat.holder.name)
                    if seat.holder.identity.startswith("user:"):
                        names.add(seat.holder.identity[5:])
        names.update(n for n in self.passwords if n != "*")
        return names

    # ---- start / stop ------------------------------------------------------------
    async def start(self) -> None:
        options = self.options
        problems = check_internals()
        if problems:
            raise ServeError(
                "threadbox checks user names before asyncssh changes them, and this asyncssh is not the one it "
                "knows: " + "; ".join(problems) + ". Install asyncssh>=2.24,<2.25."
            )
        problems = check_data()
        if problems:
            raise ServeError(
                "threadbox needs Unicode's confusables data to tell names that look alike apart: "
                + "; ".join(problems)
                + ". Install confusable-homoglyphs>=3.3.1,<3.4."
            )
        self._log_handler = setup_logging(options.resolved_log_file(), self.log_budget)
        tuning.apply()
        if options.admins and options.auth == "none":
            log.warning("--admin is ignored with --auth none: anyone could use that name")
        try:
            if options.auth == "password":
                if options.password_file is None:
                    raise ServeError("--auth password needs --password-file (lines NAME:PASSWORD or *:PASSWORD).")
                self.passwords = read_passwords(options.password_file)
            elif options.auth == "keys":
                path = options.authorized_keys or Path.home() / ".ssh" / "authorized_keys"
                self.authorized = read_authorized_keys(path)
            self.host_key = ensure_host_key(options.resolved_host_key())
            self.registry.load_all()
            self.registry.start()
            try:
                self._acceptor = await asyncssh.create_server(
                    lambda: Gate(self),
                    options.host,
                    options.port,
                    server_host_keys=[self.host_key],
                    # Sessions come from Gate.session_requested (counted per connection).
                    line_editor=False,
                    login_timeout=options.login_timeout or 0,
                    keepalive_interval=options.keepalive_interval or 0,
                    keepalive_count_max=options.keepalive_count_max,
                    agent_forwarding=False,
                    x11_forwarding=False,
                    allow_scp=False,
                    allow_pty=True,
                )
            except OSError as exc:
                raise ServeError(f"Cannot listen on {options.host}:{options.port}: {exc.strerror or exc}.") from None
        except BaseException:
            await self.registry.close()
            tuning.release()
            remove_logging(self._log_handler)
            self._log_handler = None
            raise
        sockets = self._acceptor.sockets if hasattr(self._acceptor, "sockets") else []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self.hub.connect_hint = self.connect_hint()
        self.gc.start()
        self.guard.start(asyncio.get_running_loop())
        self._janitor = asyncio.get_running_loop().create_task(
            self._sweep(), name="ssh-janitor", context=contextvars.Context()
        )
        log.info(
            "listening on %s:%d (auth %s, host key %s)",
            options.host,
            self.port,
            options.auth,
            self.host_key.get_fingerprint(),
        )

    def connect_hint(self, name: str = "NAME") -> str:
        host = self.options.host
        if host in ("", "0.0.0.0", "::"):
            host = "HOST"
        port = "" if self.port == 22 else f"-p {self.port} "
        return f"ssh {port}{name}@{host}"

    def instructions(self) -> str:
        """What the host sees when the server starts."""
        fp = self.host_key.get_fingerprint() if self.host_key else "?"
        lines = [
            f"threadbox is serving on {self.options.host}:{self.port} (auth: {self.options.auth}).",
            f"Players connect with:  {self.connect_hint()}",
            f"Host key fingerprint:  {fp}",
            f"Log: {self.options.resolved_log_file()}   Rooms: {self.options.resolved_rooms_dir()}",
            "Press Ctrl+C to stop (rooms are saved and resume at the next start).",
        ]
        return "\n".join(lines)

    async def close(self, message: str = "The threadbox server is shutting down; your game is saved.\r\n") -> None:
        if self._closed.is_set():
            return
        self._closed.set()
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.end(message)
        if self.sessions:
            await asyncio.wait([asyncio.ensure_future(s.ended.wait()) for s in list(self.sessions)], timeout=3)
        for gate in list(self.gates):  # whatever is left (logging in, flooding): closed now
            gate.close("The threadbox server is shutting down.")
        if self._janitor is not None:
            self._janitor.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._janitor
        await self.registry.close()
        if self._acceptor is not None:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
        self._restore_stdio()
        self.guard.stop()
        self.gc.stop()
        tuning.release()
        self.log_budget.flush(force=True)
        log.info("stopped")
        if self._log_handler is not None:
            remove_logging(self._log_handler)
            self._log_handler = None

    async def wait_closed(self) -> None:
        await self._closed.wait()

    # ---- sessions --------------------------------------------------------------------
    async def handle_process(self, process: asyncssh.SSHServerProcess) -> None:
        identity = process.get_extra_info("threadbox_identity")
        if identity is None:  # should not happen: every auth path sets it
            process.exit(1)
            return
        if process.subsystem:
            process.exit(1)
            return
        if process.term_type is None:
            log.info("session from %s without a pty: told to use ssh -t", identity.key)
            try:
                process.stdout.write(NO_PTY_MESSAGE.format(port=self.port).encode())
                process.exit(2)
            except Exception:
                pass
            return
        # One live session per identity: a new one takes over (a dropped connection's
        # session may linger until its keepalive fails; the player is here now).
        for old in [s for s in self.sessions if s.identity.key == identity.key]:
            log.info("session %s taken over by a new session of the same player", old.label)
            old.end(ELSEWHERE_MESSAGE)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(old.ended.wait(), 5)
        session = Session(self, process, identity)
        self.sessions.add(session)
        self.registry.online.add(identity.key)
        log.info("session %s opened (%s, %sx%s)", session.label, session.term_type, *session.term_size)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
            if not any(s.identity.key == identity.key for s in self.sessions):
                self.registry.online.discard(identity.key)
            self.gc.note_garbage()
            self._after_session()
            log.info(
                "session %s closed after %.0fs (%s)",
                session.label,
                time.monotonic() - session.started,
                session.exit_reason or "?",
            )

    def _overran(self, app: ThreadboxSSHApp, why: str) -> None:
        """The loop guard found a session doing too much: end it now (a safe point)."""
        for session in self.sessions:
            if session.app is app and not session.ending:
                log.warning("session %s overran (%s): closing it", session.label, why)
                session.end(OVERRUN_MESSAGE.format(why=why), disconnect=True)

    def _after_session(self) -> None:
        clear_parser_cache()
        self._restore_stdio()

    def _restore_stdio(self) -> None:
        """Each App swaps ``sys.stdout`` while it runs and puts back what it found,
        so sessions ending out of order leave it anywhere: set it straight."""
        if self.sessions:
            sys.stdout, sys.stderr = STDOUT_CAPTURE, STDERR_CAPTURE
        else:
            sys.stdout, sys.stderr = self._stdout, self._stderr

    async def _sweep(self) -> None:
        """Every second: idle sessions out, the garbage collector in step; expired rooms away."""
        n = 0
        while True:
            await asyncio.sleep(1)
            n += 1
            try:
                self.gc.tick()
                self.log_budget.flush()
                idle = self.options.idle_timeout
                if idle:
                    now = time.monotonic()
                    for session in list(self.sessions):
                        if now - session.last_input > idle and not session.ending:
                            session.ending = True
                            log.info("session %s idle for %.0f s: closing", session.label, idle)
                            session.end(
                                f"Closed after {_duration_words(idle)} without a key press. "
                                "Your seat is kept: connect again to resume.\r\n"
                            )
                if n % 10 == 0:
                    self.registry.expire()
            except Exception:
                log.exception("the janitor failed")

    def live_app_count(self) -> int:
        """Apps not yet freed, after a full collection (for tests)."""
        self.gc.reclaim()
        return len(self.live_apps)


async def serve(options: ServeOptions, announce=None) -> None:
    """Run the server until cancelled (Ctrl+C); ``announce`` gets the how-to-connect text."""
    server = ThreadboxServer(options)
    await server.start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = [signal.SIGTERM]
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signals.append(signal.SIGINT)  # Ctrl+C: the same clean stop
    for sig in list(signals):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            signals.remove(sig)
    try:
        if announce is not None:
            announce(server.instructions())
        closed = asyncio.ensure_future(server.wait_closed())
        stopped = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait([closed, stopped], return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
            stopped.cancel()
    finally:
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
        await asyncio.shield(server.close())


__all__ = ["MAX_SIZE", "Identity", "ServeError", "ServeOptions", "Session", "ThreadboxServer", "serve"]
