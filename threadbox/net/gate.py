"""Each SSH connection's gate: limits before login, the login itself, and sessions per connection.

- Connections that have not logged in have their own limit, in all and per
  address, so idle sockets cannot keep players out; players (logged in) are
  counted against ``--max-connections``.
- The user name is checked (``names.check_name``) before anything is looked
  up with it; a refused name gets a message saying what to type.
- Wrong passwords: a few per connection, then the connection is closed; each
  address that keeps failing waits longer before every answer; failures are
  logged at a limited rate.
- A logged-in connection gets at most ``MAX_SESSIONS`` sessions at a time,
  and is closed if it holds none for the login timeout (``ssh -N``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import socket
from typing import Any, Protocol

import asyncssh

from .auth import LoginThrottle, LogLimiter
from .names import Identity, NameRefused, check_name
from .options import ServeOptions

log = logging.getLogger("threadbox.net")

MAX_SESSIONS = 2  # sessions open at once on one connection
MAX_PASSWORD_TRIES = 3  # wrong passwords on one connection before it is closed
RECEIVE_BUFFER = 4096  # what a client can have queued to us (the kernel doubles it): bounds the work after a pause
MAX_KEY_TRIES = 6  # unknown keys offered on one connection (clients offer several: OpenSSH's MaxAuthTries)
FULL_MESSAGE = "The threadbox server is full ({limit} players). Please try again later."
BUSY_MESSAGE = "Too many connections are logging in right now. Please try again in a minute."


class GateHost(Protocol):
    """What a gate needs of the server (``server.ThreadboxServer`` is one)."""

    options: ServeOptions
    connections: int  # logged in
    waiting: dict[str, int]  # not logged in yet, by address
    gates: set[Gate]
    throttle: LoginThrottle
    login_log: LogLimiter
    busy_log: LogLimiter
    passwords: dict[str, str]
    authorized: dict[bytes, str]

    def is_admin(self, username: str, fingerprint: str | None = None) -> bool: ...
    async def handle_process(self, process: Any) -> None: ...


class Gate(asyncssh.SSHServer):
    def __init__(self, server: GateHost):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.state = "new"  # new -> (refused | waiting) -> player -> gone
        self.sessions = 0
        self.failures = 0
        self.name = "?"  # the checked user name (begin_auth)
        self._idle: asyncio.TimerHandle | None = None

    # ---- counting ----------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        server, options = self.server, self.server.options
        server.gates.add(self)
        sock = conn.get_extra_info("socket")
        with contextlib.suppress(Exception):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        waiting = server.waiting.get(self.address, 0)
        if (
            sum(server.waiting.values()) >= options.max_unauthenticated
            or waiting >= options.max_unauthenticated_per_address
        ):
            self.state = "refused"
            if server.busy_log.allow():
                log.warning("refused a connection from %s: too many connections logging in", self.address)
            asyncio.get_running_loop().call_soon(self._refuse_busy)
            return
        self.state = "waiting"
        server.waiting[self.address] = waiting + 1

    def _refuse_busy(self) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, BUSY_MESSAGE)

    def _leave(self, state: str) -> None:
        server = self.server
        if self.state == "waiting":
            left = server.waiting.get(self.address, 1) - 1
            if left > 0:
                server.waiting[self.address] = left
            else:
                server.waiting.pop(self.address, None)
        elif self.state == "player":
            server.connections -= 1
        self.state = state

    def close(self, message: str) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, message)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.gates.discard(self)
        self._leave("gone")
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None

    def auth_completed(self) -> None:
        self._leave("player")
        self.server.connections += 1
        self._watch_idle()

    # ---- a connection without a session ------------------------------------------------
    def _watch_idle(self) -> None:
        timeout = self.server.options.login_timeout
        if timeout and self._idle is None and self.sessions == 0:
            self._idle = asyncio.get_running_loop().call_later(timeout, self._close_idle)

    def _close_idle(self) -> None:
        self._idle = None
        if self.sessions == 0 and self.conn is not None and self.state == "player":
            log.info("closed a connection from %s: logged in but opened no session", self.address)
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "No session was opened in time.")

    def session_requested(self):
        if self.sessions >= MAX_SESSIONS:
            log.info("refused a session from %s: %d open on its connection already", self.address, self.sessions)
            return False
        assert self.conn is not None
        self.sessions += 1
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        channel = self.conn.create_server_channel(encoding=None)  # bytes both ways: we decode input ourselves
        return channel, _CountedProcess(self)

    def session_closed(self) -> None:
        self.sessions -= 1
        self._watch_idle()

    # ---- login -----------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        options = self.server.options
        if self.server.connections >= options.max_connections:
            log.warning("refused %r from %s: server full (%d players)", username, self.address, options.max_connections)
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS, FULL_MESSAGE.format(limit=options.max_connections)
            )
        try:
            self.name = check_name(username)
        except NameRefused as exc:
            log.info("refused the name %r from %s", username[:40], self.address)
            raise asyncssh.DisconnectError(asyncssh.DISC_ILLEGAL_USER_NAME, str(exc)) from None
        if options.auth == "none":
            self._identify(Identity.for_user(self.name))
            return False
        return True

    def _identify(self, identity: Identity) -> None:
        assert self.conn is not None
        self.conn.set_extra_info(threadbox_identity=identity)

    def _failed(self, what: str, limit: int) -> None:
        self.failures += 1
        self.server.throttle.failed(self.address)
        if self.server.login_log.allow():
            log.warning("%s for %r from %s", what, self.name, self.address)
        if self.failures >= limit and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, "Too many failed logins.")

    # passwords
    def password_auth_supported(self) -> bool:
        return self.server.options.auth == "password"

    async def validate_password(self, username: str, password: str) -> bool:
        delay = self.server.throttle.delay(self.address)
        if delay:
            await asyncio.sleep(delay)
        table = self.server.passwords
        expected = table.get(self.name, table.get("*"))  # the checked name, never the raw one
        ok = expected is not None and hmac.compare_digest(expected.encode(), password.encode())
        if ok:
            self._identify(Identity.for_user(self.name, admin=self.server.is_admin(self.name)))
        else:
            self._failed("wrong password", MAX_PASSWORD_TRIES)
        return ok

    # keys
    def public_key_auth_supported(self) -> bool:
        return self.server.options.auth == "keys"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        fingerprint = self.server.authorized.get(key.public_data)
        if fingerprint is None:
            self._failed(f"unknown key {key.get_fingerprint()}", MAX_KEY_TRIES)
            return False
        admin = self.server.is_admin(self.name, fingerprint)
        self._identify(Identity.for_key(self.name, fingerprint, admin=admin))
        return True


class _CountedProcess(asyncssh.SSHServerProcess):
    """A session channel that tells its connection's gate when it closes."""

    def __init__(self, gate: Gate):
        super().__init__(gate.server.handle_process, None, 3, False)  # no SFTP, no SCP
        self._gate: Gate | None = gate

    def connection_lost(self, exc: Exception | None) -> None:
        gate, self._gate = self._gate, None
        if gate is not None:
            gate.session_closed()
        super().connection_lost(exc)
