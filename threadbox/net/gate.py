"""Each SSH connection's gate: limits before login, the login itself, and sessions per connection.

- Connections that have not logged in have their own limit, in all and per
  address, so idle sockets cannot keep players out; players (logged in) are
  counted against ``--max-connections``, in all and per address, so one
  address cannot fill the server.
- The user name is checked as the client sent it, before asyncssh normalises
  it (``asyncssh_internals.watch_user_names``) and before anything is looked
  up with it: ``names.check_name``, anything SASLprep would change, and names
  that look like a name in use (``names.check_lookalike``); a refused name
  gets a message saying what to type.
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

from .asyncssh_internals import SASLPrepError, saslprep, watch_user_names
from .auth import LoginThrottle
from .names import Identity, NameRefused, check_lookalike, check_name, suggestion
from .options import ServeOptions

log = logging.getLogger("threadbox.net")

MAX_SESSIONS = 2  # sessions open at once on one connection
MAX_PASSWORD_TRIES = 3  # wrong passwords on one connection before it is closed
RECEIVE_BUFFER = 4096  # what a client can have queued to us (the kernel doubles it): bounds the work after a pause
MAX_KEY_TRIES = 6  # unknown keys offered on one connection (clients offer several: OpenSSH's MaxAuthTries)
FULL_MESSAGE = "The threadbox server is full ({limit} players). Please try again later."
BUSY_MESSAGE = "Too many connections are logging in right now. Please try again in a minute."
ADDRESS_FULL_MESSAGE = "Too many players are signed in from your network address ({limit}). Please try again later."
ADDRESS_BUSY_MESSAGE = "Too many connections from your network address are logging in. Please try again in a minute."


class GateHost(Protocol):
    """What a gate needs of the server (``server.ThreadboxServer`` is one)."""

    options: ServeOptions
    connections: int  # logged in
    waiting: dict[str, int]  # not logged in yet, by address
    players: dict[str, int]  # logged in, by address
    gates: set[Gate]
    throttle: LoginThrottle
    passwords: dict[str, str]
    authorized: dict[bytes, str]

    def is_admin(self, username: str, fingerprint: str | None = None) -> bool: ...
    def names_in_use(self) -> set[str]: ...
    async def handle_process(self, process: Any) -> None: ...


class Gate(asyncssh.SSHServer):
    def __init__(self, server: GateHost):
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.state = "new"  # new -> (refused | waiting) -> player -> gone
        self.sessions = 0
        self.failures = 0
        self.name = "?"  # the checked user name (_name_sent)
        self._sent: bytes | None = None  # the name as last sent, once accepted
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
        if sum(server.waiting.values()) >= options.max_unauthenticated:
            self._refuse_busy_later(BUSY_MESSAGE, "too many connections logging in")
            return
        if waiting >= options.unauthenticated_per_address():
            self._refuse_busy_later(ADDRESS_BUSY_MESSAGE, "too many connections logging in from there")
            return
        self.state = "waiting"
        server.waiting[self.address] = waiting + 1
        watch_user_names(conn, self._name_sent)

    def _refuse_busy_later(self, message: str, why: str) -> None:
        self.state = "refused"
        log.warning("refused a connection from %s: %s", self.address, why)
        asyncio.get_running_loop().call_soon(self._refuse_busy, message)

    def _refuse_busy(self, message: str) -> None:
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, message)

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
            left = server.players.get(self.address, 1) - 1
            if left > 0:
                server.players[self.address] = left
            else:
                server.players.pop(self.address, None)
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
        server = self.server
        self._leave("player")
        server.connections += 1
        server.players[self.address] = server.players.get(self.address, 0) + 1
        limit = server.options.connections_per_address()
        if server.players[self.address] > limit:  # several logged in at once from there: the last ones go
            log.warning("closed a connection from %s: %d players from there already", self.address, limit)
            if self.conn is not None:
                self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, ADDRESS_FULL_MESSAGE.format(limit=limit))
            return
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
    def _name_sent(self, sent: bytes) -> None:
        """Every user auth request's name, as the client sent it (before asyncssh's SASLprep)."""
        if sent == self._sent:
            return  # checked and accepted already
        try:
            self.name = self._check_sent(sent)
        except NameRefused as exc:
            log.info("refused the name %r from %s", sent[:60].decode("utf-8", "replace"), self.address)
            raise asyncssh.DisconnectError(asyncssh.DISC_ILLEGAL_USER_NAME, str(exc)) from None
        self._sent = sent

    def _check_sent(self, sent: bytes) -> str:
        try:
            text = sent.decode("utf-8")
        except UnicodeDecodeError:
            raise NameRefused("Names are written in UTF-8; this one is not.") from None
        name = check_name(text)
        try:
            prepared = saslprep(text)
        except SASLPrepError:
            raise NameRefused(
                "Names may not mix right-to-left letters with left-to-right ones, nor use reserved characters."
            ) from None
        if prepared != text:  # what asyncssh would make of it: never quietly someone else's name
            raise NameRefused(f"Please sign in as {suggestion(prepared)!r}: names are written in their plain forms.")
        if name not in self.server.passwords:  # a name with its own password line is the host's choice
            check_lookalike(name, self.server.names_in_use())
        return name

    def begin_auth(self, username: str) -> bool:
        options = self.server.options
        if self.server.connections >= options.max_connections:
            log.warning(
                "refused %r from %s: server full (%d players)", self.name, self.address, options.max_connections
            )
            raise asyncssh.DisconnectError(
                asyncssh.DISC_TOO_MANY_CONNECTIONS, FULL_MESSAGE.format(limit=options.max_connections)
            )
        limit = options.connections_per_address()
        if self.server.players.get(self.address, 0) >= limit:
            log.warning("refused %r from %s: %d players from there already", self.name, self.address, limit)
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, ADDRESS_FULL_MESSAGE.format(limit=limit))
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
