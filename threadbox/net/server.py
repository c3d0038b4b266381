"""The SSH server: one asyncio process, one Textual App per SSH session.

asyncssh accepts connections and authenticates them (none, password, or
authorized keys); every session with a pty runs a ``ThreadboxSSHApp``
through ``SSHDriver``. The rooms (``RoomRegistry``) hold the games.

Nothing here prints: the server logs to a file. Limits: concurrent
connections (refused with a readable "server full"), rooms in all and per
player, login timeout, keepalive, idle timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import hmac
import logging
import logging.handlers
import os
import signal
import sys
import threading
import time
import weakref
from pathlib import Path

import asyncssh

from . import tuning
from .app import Hub, ThreadboxSSHApp
from .driver import MAX_SIZE, clamp_size, clear_parser_cache
from .options import ServeOptions
from .rooms import Identity, Room, RoomEvent, RoomLimits, RoomRegistry

log = logging.getLogger("threadbox.net")

NO_PTY_MESSAGE = (
    "threadbox needs a terminal, and this connection has none.\r\n"
    "Connect without a command, or add -t:  ssh -t -p {port} NAME@HOST\r\n"
)
FULL_MESSAGE = "The threadbox server is full ({limit} players). Please try again later."


class ServeError(Exception):
    """The server cannot start; the message is for the host."""


# ---- host key, logging, credentials ---------------------------------------------------
def ensure_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key: read it, or create it once (mode 600)."""
    if path.exists():
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"Cannot read the host key {path}: {exc}") from None
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="threadbox host key")
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    os.replace(tmp, path)
    with contextlib.suppress(OSError):
        path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    return key


def setup_logging(path: Path) -> logging.Handler:
    """Send the server's log (and asyncssh's warnings) to ``path``, nowhere else."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    ours = logging.getLogger("threadbox.net")
    ours.setLevel(logging.INFO)
    ours.addHandler(handler)
    ours.propagate = False
    theirs = logging.getLogger("asyncssh")
    theirs.setLevel(logging.WARNING)
    theirs.addHandler(handler)
    theirs.propagate = False
    return handler


def remove_logging(handler: logging.Handler) -> None:
    for name in ("threadbox.net", "asyncssh"):
        logging.getLogger(name).removeHandler(handler)
    handler.close()


def read_passwords(path: Path) -> dict[str, str]:
    """``NAME:PASSWORD`` lines (``*`` for any name); # starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ServeError(f"Cannot read the password file {path}: {exc.strerror or exc}") from None
    table: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, password = line.partition(":")
        if not sep or not name.strip() or not password:
            raise ServeError(f"{path} line {n}: write NAME:PASSWORD (or *:PASSWORD for everyone).")
        table[name.strip().casefold()] = password
    if not table:
        raise ServeError(f"{path} holds no passwords.")
    return table


def read_authorized_keys(path: Path) -> dict[bytes, str]:
    """Public key blob -> fingerprint, from an OpenSSH authorized_keys file."""
    try:
        keys = asyncssh.read_public_key_list(path)
    except (OSError, asyncssh.KeyImportError) as exc:
        raise ServeError(f"Cannot read the authorized keys {path}: {exc}") from None
    if not keys:
        raise ServeError(f"{path} holds no keys.")
    return {key.public_data: key.get_fingerprint() for key in keys}


def _duration_words(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.0f} hours"


# ---- garbage collection with many Apps in one process -------------------------
class GcPolicy:
    """Keep the cyclic garbage collector from pausing every session at once.

    A hundred Apps hold about a million objects. Python starts a full
    collection whenever a quarter more objects have reached the oldest
    generation, which rendering alone does several times a minute, and each
    walks everything: about a second on a small machine, for every session.
    Here whatever has lived a second is frozen (``gc.freeze()``: cheap), so
    automatic collections walk only young objects. A full collection
    (``reclaim``) frees the cycles that closed screens and finished sessions
    left behind: when the process has grown by half (at least ``growth``
    bytes) since the last one, or ``every`` seconds after such garbage was
    made, or every ``at_least`` seconds.
    """

    def __init__(
        self,
        every: float = 120.0,
        at_least: float = 1800.0,
        growth: int = 128 * 1024 * 1024,
        gap: float = 10.0,
        allow=contextlib.nullcontext,
    ):
        self.every, self.at_least, self.growth, self.gap = every, at_least, growth, gap
        self.allow = allow  # the loop watchdog must not interrupt a full collection
        self.last_reclaim = time.monotonic()
        self.baseline = 0  # resident memory right after the last reclaim
        self.garbage = 0  # finished sessions and replaced screens since the last reclaim
        self.enabled = False

    def start(self) -> None:
        self.enabled = True
        gc.freeze()
        self.baseline = _rss()

    def note_garbage(self) -> None:
        self.garbage += 1

    def tick(self) -> None:
        if not self.enabled:
            return
        since = time.monotonic() - self.last_reclaim
        grown = _rss() - self.baseline
        if (
            (since >= self.gap and self.baseline and grown >= max(self.growth, self.baseline // 2))
            or (self.garbage and since >= self.every)
            or since >= self.at_least
        ):
            self.reclaim()
        else:
            gc.collect(1)  # young garbage goes now (cheap: the rest is frozen)...
            gc.freeze()  # ...and what survived is frozen

    def reclaim(self) -> None:
        """A full collection now (also what tests use to count live Apps)."""
        started = time.perf_counter()
        with self.allow():
            gc.unfreeze()
            found = gc.collect()
        self.last_reclaim = time.monotonic()
        self.garbage = 0
        if self.enabled:
            gc.freeze()
        self.baseline = _rss()
        log.info(
            "gc: a full collection took %.0f ms and freed %d objects; %.0f MiB resident",
            (time.perf_counter() - started) * 1000,
            found,
            self.baseline / 2**20,
        )

    def stop(self) -> None:
        self.enabled = False
        gc.unfreeze()


# ---- a stuck event loop -----------------------------------------------------------
def _rss() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class LoopStalled(Exception):
    """Raised inside code that has held the server's one event loop for too long."""


class LoopWatchdog:
    """Break an endless loop in game code before it takes every session down.

    Everything runs on one event loop: a screen or a rule that never returns
    would freeze every player (and one that allocates as it loops would
    exhaust memory). A thread watches a heartbeat of the loop; when the loop
    has not come round for ``limit`` seconds, it signals the main thread,
    whose handler raises ``LoopStalled`` in the code that is running. That
    code's session then ends like any crash (logged, the player told), and
    the others go on. Works only when the loop runs in the main thread.
    """

    def __init__(self, limit: float = 2.0):
        self.limit = limit
        self.beat = time.monotonic()
        self.fired = 0
        self.suspended = 0  # >0 while long work is expected (a full GC, a bot thinking)
        self.memory_limit = 256 * 1024 * 1024  # bytes a stuck loop may take before it is stopped
        self.period = min(0.25, limit / 4) if limit > 0 else 0.25  # heartbeat and watch interval
        self._runaway = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._previous = None
        self._main = threading.main_thread().ident

    def start(self, loop: asyncio.AbstractEventLoop) -> bool:
        if self.limit <= 0 or threading.current_thread() is not threading.main_thread():
            return False
        self._previous = signal.signal(signal.SIGUSR2, self._interrupt)
        self._tick(loop)
        self._thread = threading.Thread(target=self._watch, name="threadbox-loop-watchdog", daemon=True)
        self._thread.start()
        return True

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        self.beat = time.monotonic()
        self._handle = loop.call_later(self.period, self._tick, loop)

    def _watch(self) -> None:
        fired_for = None  # the heartbeat of the stall we fired for (once per stall)
        rss_then, rss_beat = _rss(), self.beat
        while not self._stop.wait(self.period):  # rarely: waking costs the busy loop the GIL
            beat = self.beat
            late = time.monotonic() - beat
            rss = _rss()
            if beat != rss_beat or late < 2 * self.period:
                rss_then, rss_beat = rss, beat  # memory at the start of this stretch
            # Stuck for the limit, or stuck and eating memory fast (a runaway loop
            # can take gigabytes a second): interrupt.
            runaway = late >= 2 * self.period and rss - rss_then > self.memory_limit
            if (late >= self.limit or runaway) and fired_for != beat and not self.suspended:
                fired_for = beat
                self.fired += 1
                self._runaway = runaway
                signal.pthread_kill(self._main, signal.SIGUSR2)

    @contextlib.contextmanager
    def allow(self):
        """Work that may rightly take long: not interrupted, and the clock starts afresh after."""
        self.suspended += 1
        try:
            yield
        finally:
            self.suspended -= 1
            self.beat = time.monotonic()

    def _interrupt(self, signum, frame) -> None:
        late = time.monotonic() - self.beat
        if not self.suspended and (late >= self.limit or (self._runaway and late >= 2 * self.period)):
            where = f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}" if frame else "?"
            why = "using memory fast" if self._runaway else "stuck"
            log.error("the event loop was %s for %.1f s (at %s): interrupting", why, late, where)
            raise LoopStalled(f"{why} for {late:.1f} s at {where}")

    def stop(self) -> None:
        self._stop.set()
        if self._handle is not None:
            self._handle.cancel()
        if self._thread is not None:
            self._thread.join(2)
            self._thread = None
        if self._previous is not None:
            signal.signal(signal.SIGUSR2, self._previous)
            self._previous = None


# ---- one session ------------------------------------------------------------------------
class Session:
    """One SSH session: its process, who it is, its App."""

    def __init__(self, server: ThreadboxServer, process: asyncssh.SSHServerProcess, identity: Identity):
        self.server = server
        self.process = process
        self.identity = identity
        self.term_type: str | None = process.term_type
        self.command: str | None = process.command  # "join CODE" / "watch CODE" (ssh -t HOST join CODE)
        self.env: dict[str, str] = {str(k): str(v) for k, v in (process.env or {}).items()}
        width, height = process.term_size[:2]
        self.term_size: tuple[int, int] = (width, height)
        peer = process.get_extra_info("peername") or ("?", 0)
        self.label = f"{identity.name}@{peer[0]}:{peer[1]}"
        self.last_input = time.monotonic()
        self.started = time.monotonic()
        self.app: ThreadboxSSHApp | None = None
        self.ended = asyncio.Event()
        self.ending = False
        self.exit_reason = ""

    # for the driver
    def touched(self) -> None:
        self.last_input = time.monotonic()

    def resized(self, width: int, height: int) -> None:
        self.term_size = (width, height)

    # for rooms (Member)
    def room_event(self, room: Room, event: RoomEvent) -> None:
        app = self.app
        if app is not None and app.is_running:
            app.call_later(app.on_room_event, room, event)

    def end(self, message: str) -> None:
        """Close this session from the server's side, telling the player why."""
        app = self.app
        if app is not None:
            app.farewell = message
            app.exit_reason = "closed by the server: " + message.strip()
            app.exit()

    async def run(self) -> None:
        app = ThreadboxSSHApp(self.server.hub, self)
        self.app = app
        self.server.live_apps.add(app)
        status = 0
        try:
            await app.run_async(size=clamp_size(*self.term_size), mouse=True)
        except Exception:
            log.exception("session %s failed", self.label)
            app.farewell = app.farewell or "Sorry: threadbox hit an internal error and closed this session.\r\n"
        finally:
            try:
                app.detach_room("disconnected")
            except Exception:
                log.exception("session %s: leaving its room failed", self.label)
            self.server.hub.registry.watchers.discard(app._rooms_changed)
            app.close_ports()
            farewell = app.farewell
            status = 1 if app.crash_ref else 0
            self.exit_reason = app.exit_reason
            self.app = None
            del app
            self.ended.set()
        self._goodbye(farewell, status)

    def _goodbye(self, farewell: str | None, status: int) -> None:
        try:
            if farewell and not self.process.is_closing():
                self.process.stdout.write(farewell.replace("\r\n", "\n").replace("\n", "\r\n").encode())
            self.process.exit(status)
        except Exception:  # the client is gone already
            pass


# ---- the per-connection gate (auth, limits) ------------------------------------------------
class _Gate(asyncssh.SSHServer):
    def __init__(self, server: ThreadboxServer):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.counted = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.counted = True
        self.server.connections += 1

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.server.connections -= 1

    def begin_auth(self, username: str) -> bool:
        options = self.server.options
        if self.server.connections > options.max_connections:
            peer = self.conn.get_extra_info("peername") if self.conn else None
            log.warning("refused %s from %s: server full (%d connections)", username, peer, options.max_connections)
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS, FULL_MESSAGE.format(limit=options.max_connections)
            )
        if options.auth == "none":
            self._identify(Identity.for_user(username, admin=self.server.is_admin(username)))
            return False
        return True

    def _identify(self, identity: Identity) -> None:
        assert self.conn is not None
        self.conn.set_extra_info(threadbox_identity=identity)

    # passwords
    def password_auth_supported(self) -> bool:
        return self.server.options.auth == "password"

    def validate_password(self, username: str, password: str) -> bool:
        table = self.server.passwords
        expected = table.get(username.casefold(), table.get("*"))
        ok = expected is not None and hmac.compare_digest(expected.encode(), password.encode())
        if ok:
            self._identify(Identity.for_user(username, admin=self.server.is_admin(username)))
        else:
            log.warning("wrong password for %r", username)
        return ok

    # keys
    def public_key_auth_supported(self) -> bool:
        return self.server.options.auth == "keys"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = self.server.authorized.get(key.public_data)
        if fingerprint is None:
            log.warning("unknown key %s for %r", key.get_fingerprint(), username)
            return False
        admin = self.server.is_admin(username, fingerprint)
        self._identify(Identity.for_key(username, fingerprint, admin=admin))
        return True


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
            ),
            bot_delay=options.bot_delay,
        )
        self.hub = Hub(self.registry)
        self.connections = 0
        self.sessions: set[Session] = set()
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
        self.watchdog = LoopWatchdog(options.stall_limit)
        self.gc = GcPolicy(allow=self.watchdog.allow)
        self.registry.allow_long = self.watchdog.allow
        self.hub.note_garbage = self.gc.note_garbage

    def is_admin(self, username: str, fingerprint: str | None = None) -> bool:
        if self.options.auth == "none":
            return False  # anyone may type any name: no admins without authentication
        if fingerprint is not None:  # base64: case matters
            return fingerprint in self.options.admins
        return username.casefold() in {a.casefold() for a in self.options.admins}

    # ---- start / stop ------------------------------------------------------------
    async def start(self) -> None:
        options = self.options
        self._log_handler = setup_logging(options.resolved_log_file())
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
                    lambda: _Gate(self),
                    options.host,
                    options.port,
                    server_host_keys=[self.host_key],
                    process_factory=self._handle_process,
                    encoding=None,  # bytes both ways: we decode input ourselves (garbage-safe)
                    line_editor=False,
                    login_timeout=options.login_timeout or 0,
                    keepalive_interval=options.keepalive_interval or 0,
                    keepalive_count_max=options.keepalive_count_max,
                    agent_forwarding=False,
                    x11_forwarding=False,
                    allow_scp=False,
                    sftp_factory=None,
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
        self.watchdog.start(asyncio.get_running_loop())
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
            await asyncio.wait([asyncio.ensure_future(s.ended.wait()) for s in list(self.sessions)], timeout=5)
        if self._janitor is not None:
            self._janitor.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._janitor
        await self.registry.close()
        if self._acceptor is not None:
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5)
        self._restore_stdio()
        self.watchdog.stop()
        self.gc.stop()
        tuning.release()
        log.info("stopped")
        if self._log_handler is not None:
            remove_logging(self._log_handler)
            self._log_handler = None

    async def wait_closed(self) -> None:
        await self._closed.wait()

    # ---- sessions --------------------------------------------------------------------
    async def _handle_process(self, process: asyncssh.SSHServerProcess) -> None:
        identity = process.get_extra_info("threadbox_identity")
        if identity is None:  # should not happen: every auth path sets it
            identity = Identity.for_user(process.get_extra_info("username") or "player")
        if process.term_type is None:
            log.info("session from %s without a pty: told to use ssh -t", identity.key)
            try:
                process.stdout.write(NO_PTY_MESSAGE.format(port=self.port).encode())
                process.exit(2)
            except Exception:
                pass
            return
        if process.subsystem:
            process.exit(1)
            return
        session = Session(self, process, identity)
        self.sessions.add(session)
        log.info("session %s opened (%s, %sx%s)", session.label, session.term_type, *session.term_size)
        try:
            await session.run()
        finally:
            self.sessions.discard(session)
            self.gc.note_garbage()
            self._after_session()
            log.info(
                "session %s closed after %.0fs (%s)",
                session.label,
                time.monotonic() - session.started,
                session.exit_reason or "?",
            )

    def _after_session(self) -> None:
        clear_parser_cache()
        self._restore_stdio()

    def _restore_stdio(self) -> None:
        """Each App swaps ``sys.stdout`` while it runs and puts back what it found,
        so sessions ending out of order leave it anywhere: set it straight."""
        from .app import STDERR_CAPTURE, STDOUT_CAPTURE

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


__all__ = ["MAX_SIZE", "ServeError", "ServeOptions", "Session", "ThreadboxServer", "serve"]
