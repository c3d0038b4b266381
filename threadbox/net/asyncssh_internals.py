"""Every use of asyncssh's private internals, in one place, checked against the pinned range.

asyncssh normalises the user name a client sends (SASLprep: NFKC, soft
hyphens and joiners dropped, odd spaces made plain) before the server sees
it, so ``Ａlice`` would arrive as ``alice``. threadbox must see the name as
typed, to refuse what normalisation would change. ``watch_user_names`` puts a
small wrapper in front of ``SSHServerConnection._process_userauth_request``
for one connection (its own copy of the packet handler table): the wrapper
reads the name field of the request, unchanged, and hands it to the gate
before asyncssh normalises it.

``check_internals()`` says what does not look as expected (asyncssh outside
the tested range, or the method changed); the server refuses to start then.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import asyncssh
from asyncssh.connection import SSHServerConnection
from asyncssh.constants import MSG_USERAUTH_REQUEST
from asyncssh.packet import SSHPacket
from asyncssh.saslprep import SASLPrepError, saslprep

TESTED = ((2, 24), (2, 25))  # pyproject.toml: asyncssh>=2.24,<2.25

__all__ = ["SASLPrepError", "check_internals", "saslprep", "watch_user_names"]


def _version() -> tuple[int, ...]:
    return tuple(int(p) for p in asyncssh.__version__.split(".")[:2] if p.isdigit())


def check_internals() -> list[str]:
    """What differs from the asyncssh this module was written for (empty: all as expected)."""
    problems = []
    low, high = TESTED
    if not low <= _version() < high:
        problems.append(f"asyncssh {asyncssh.__version__} is outside the tested range >=2.24,<2.25")
    handler = getattr(SSHServerConnection, "_packet_handlers", {}).get(MSG_USERAUTH_REQUEST)
    original = getattr(SSHServerConnection, "_process_userauth_request", None)
    if original is None or handler is not original:
        problems.append("SSHServerConnection._packet_handlers no longer routes user auth requests as expected")
    elif callable(original):
        source = inspect.getsource(original)
        if "username_bytes = packet.get_string()" not in source or "saslprep(" not in source:
            problems.append("SSHServerConnection._process_userauth_request no longer reads the name as expected")
    if not hasattr(SSHPacket, "get_remaining_payload"):
        problems.append("SSHPacket.get_remaining_payload is gone")
    return problems


def watch_user_names(conn: Any, check: Callable[[bytes], None]) -> None:
    """Call ``check(name_as_sent)`` on every user auth request of ``conn``, before asyncssh's own handling.

    ``check`` may raise ``asyncssh.DisconnectError`` to refuse the name.
    """
    original = SSHServerConnection._process_userauth_request

    def userauth_request(self, pkttype: int, pktid: int, packet: SSHPacket):
        check(SSHPacket(packet.get_remaining_payload()).get_string())  # a copy: the packet is not consumed
        return original(self, pkttype, pktid, packet)

    handlers = dict(type(conn)._packet_handlers)
    handlers[MSG_USERAUTH_REQUEST] = userauth_request
    conn._packet_handlers = handlers  # this connection's own table: asyncssh itself is not patched
