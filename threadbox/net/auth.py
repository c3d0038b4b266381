"""What the server needs before anyone plays: its host key, its log, passwords and keys, login throttling.

Nothing here knows about sessions or rooms.
"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import time
from collections import OrderedDict
from pathlib import Path

import asyncssh

from .names import NameRefused, check_name

log = logging.getLogger("threadbox.net")


class ServeError(Exception):
    """The server cannot start; the message is for the host."""


# ---- host key -------------------------------------------------------------------------
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


# ---- the log ----------------------------------------------------------------------------
class PrivateLogHandler(logging.handlers.RotatingFileHandler):
    """A rotating log whose files only the server's account can read (mode 600, like the saves)."""

    def _open(self):
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with contextlib.suppress(OSError):
            os.chmod(self.baseFilename, 0o600)  # a file from an older version
        return os.fdopen(fd, self.mode.replace("w", "a"), encoding=self.encoding, errors=self.errors)


def setup_logging(path: Path) -> logging.Handler:
    """Send the server's log (and asyncssh's warnings) to ``path``, nowhere else."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = PrivateLogHandler(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
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


class LogLimiter:
    """At most ``limit`` lines of one kind per ``period`` seconds; then one line saying how many were left out."""

    def __init__(self, limit: int = 10, period: float = 60.0):
        self.limit, self.period = limit, period
        self.started = time.monotonic()
        self.count = 0
        self.skipped = 0

    def allow(self) -> bool:
        now = time.monotonic()
        if now - self.started >= self.period:
            if self.skipped:
                log.warning("%d more failed logins in the last %.0f s were not logged", self.skipped, self.period)
            self.started, self.count, self.skipped = now, 0, 0
        self.count += 1
        if self.count <= self.limit:
            return True
        self.skipped += 1
        return False


# ---- credentials ---------------------------------------------------------------------------
def read_passwords(path: Path) -> dict[str, str]:
    """``NAME:PASSWORD`` lines (``*`` for any name); # starts a comment. Names must be canonical."""
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
        name = name.strip()
        if not sep or not name or not password:
            raise ServeError(f"{path} line {n}: write NAME:PASSWORD (or *:PASSWORD for everyone).")
        if name != "*":
            try:
                name = check_name(name)
            except NameRefused as exc:
                raise ServeError(f"{path} line {n}: {exc}") from None
        table[name] = password
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


# ---- failed logins -------------------------------------------------------------------------
class LoginThrottle:
    """A growing delay before every login answer to an address that keeps failing.

    Each failure doubles the delay (from ``first`` up to ``longest``
    seconds); an address that has not failed for ``forget`` seconds starts
    afresh. At most ``size`` addresses are remembered (the oldest go first).
    """

    def __init__(self, first: float = 0.5, longest: float = 16.0, forget: float = 600.0, size: int = 10_000):
        self.first, self.longest, self.forget, self.size = first, longest, forget, size
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def delay(self, address: str) -> float:
        entry = self._failures.get(address)
        if entry is None:
            return 0.0
        count, last = entry
        if time.monotonic() - last > self.forget:
            del self._failures[address]
            return 0.0
        return min(self.longest, self.first * 2 ** (count - 1))

    def failed(self, address: str) -> None:
        count, last = self._failures.pop(address, (0, 0.0))
        if last and time.monotonic() - last > self.forget:
            count = 0
        self._failures[address] = (count + 1, time.monotonic())
        while len(self._failures) > self.size:
            self._failures.popitem(last=False)
