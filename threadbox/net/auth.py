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
from typing import Any

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


def setup_logging(path: Path, budget: logging.Filter | None = None) -> logging.Handler:
    """Send the server's log (and asyncssh's warnings) to ``path``, nowhere else, through ``budget``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = PrivateLogHandler(path, maxBytes=2_000_000, backupCount=3, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if budget is not None:
        handler.addFilter(budget)
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


class LogBudget(logging.Filter):
    """Every kind of line (one format string, one logger) at most ``limit`` times per ``period`` seconds.

    A client can cause most lines (refused names, sessions, requests, failed
    logins; asyncssh's warnings), so none may fill the log: past the limit a
    kind's lines are left out, and once its period is over one line says how
    many (``flush``, called every second by the server, writes it even if that
    kind is not seen again). INFO lines get ``info_limit``; errors are never
    left out of the shared ``total`` per period that bounds all the others.
    """

    def __init__(self, limit: int = 10, info_limit: int = 60, total: int = 300, period: float = 60.0):
        super().__init__()
        self.limit, self.info_limit, self.total, self.period = limit, info_limit, total, period
        self.started = time.monotonic()
        self.written = 0  # all kinds, this period
        self._kinds: dict[tuple[str, str], list[Any]] = {}  # kind -> [started, written, left out, limit]

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "threadbox_summary", False):
            return True
        now = time.monotonic()
        if now - self.started >= self.period:
            self.started, self.written = now, 0
        key = (record.name, str(record.msg))
        entry = self._kinds.get(key)
        if entry is None or now - entry[0] >= self.period:
            if entry is not None:
                self._summarise(key, entry)
            if entry is None and len(self._kinds) >= 1000:  # kinds are format strings: few; a bound all the same
                self.flush(force=True)
                self._kinds.clear()
            entry = self._kinds[key] = [now, 0, 0, self.limit]
        limit = entry[3] = self.info_limit if record.levelno <= logging.INFO else self.limit
        over_total = self.written >= self.total and record.levelno < logging.ERROR
        if entry[1] >= limit or over_total:
            entry[2] += 1
            return False
        entry[1] += 1
        self.written += 1
        return True

    def _summarise(self, key: tuple[str, str], entry: list[Any]) -> None:
        if entry[2]:
            log.warning(
                "%d more lines like %r were left out of the log in %.0f s (at most %d of a kind)",
                entry[2],
                key[1][:80],
                self.period,
                entry[3],
                extra={"threadbox_summary": True},
            )
            entry[2] = 0

    def flush(self, force: bool = False) -> None:
        """Write the count of every kind whose period is over (all of them with ``force``)."""
        now = time.monotonic()
        for key, entry in list(self._kinds.items()):
            if force or now - entry[0] >= self.period:
                self._summarise(key, entry)
                if not force:
                    del self._kinds[key]


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
