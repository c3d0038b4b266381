"""One SSH session: its channel, who it is, and the App it runs."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from typing import Protocol

import asyncssh

from .app import ThreadboxSSHApp
from .driver import clamp_size
from .hub import Hub
from .names import Identity
from .rooms import Room, RoomEvent

log = logging.getLogger("threadbox.net")

ABORT_GRACE = 2.0  # seconds an ended session's App has to close by itself before its task is cancelled


class SessionHost(Protocol):
    """What a session needs of the server (``server.ThreadboxServer`` is one)."""

    hub: Hub
    live_apps: weakref.WeakSet[ThreadboxSSHApp]


class Session:
    """One SSH session: its process, who it is, its App."""

    def __init__(self, server: SessionHost, process: asyncssh.SSHServerProcess, identity: Identity):
        self.server = server
        self.process = process
        self.identity = identity
        self.term_type: str | None = process.term_type
        self.command: str | None = process.command  # "join CODE" / "watch CODE" (ssh -t HOST join CODE)
        self.env: dict[str, str] = {str(k): str(v) for k, v in (process.env or {}).items()}
        width, height = process.term_size[:2]
        self.term_size: tuple[int, int] = (width, height)
        peer = process.get_extra_info("peername") or ("?", 0)
        self.address: str = str(peer[0])
        self.label = f"{identity.name!r}@{peer[0]}:{peer[1]}"
        self.last_input = time.monotonic()
        self.started = time.monotonic()
        self.app: ThreadboxSSHApp | None = None
        self.ended = asyncio.Event()
        self.ending = False
        self.exit_reason = ""
        self._task: asyncio.Task | None = None

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

    def end(self, message: str, disconnect: bool = False) -> None:
        """Close this session from the server's side, telling the player why.

        Safe to call at any point the loop is free: the App is asked to exit,
        and if it has not within ``ABORT_GRACE`` seconds, its task is cancelled.
        ``disconnect`` also closes the whole connection at once (a session that
        overran: whatever else it sends costs the server nothing more).
        """
        self.ending = True
        app = self.app
        if app is None:
            return
        app.farewell = message
        app.exit_reason = "closed by the server: " + message.strip()
        app.exit()
        if disconnect:
            self._goodbye(message, 1)
            app.farewell = None
            conn = self.process.get_extra_info("connection")
            with contextlib.suppress(Exception):
                conn.disconnect(asyncssh.DISC_BY_APPLICATION, message.splitlines()[0])
        asyncio.get_running_loop().call_later(ABORT_GRACE, self._cancel_if_running)

    def _cancel_if_running(self) -> None:
        if self._task is not None and not self.ended.is_set():
            log.warning("session %s did not close in %.0f s: cancelled", self.label, ABORT_GRACE)
            self._task.cancel()

    async def run(self) -> None:
        self._task = asyncio.current_task()
        app = ThreadboxSSHApp(self.server.hub, self)
        self.app = app
        self.server.live_apps.add(app)
        status = 0
        farewell: str | None = None
        try:
            await app.run_async(size=clamp_size(*self.term_size), mouse=True)
        except asyncio.CancelledError:
            app.exit_reason = app.exit_reason if self.ending else "cancelled"
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
        with contextlib.suppress(Exception):  # the client may be gone already
            if farewell and not self.process.is_closing():
                self.process.stdout.write(farewell.replace("\r\n", "\n").replace("\n", "\r\n").encode())
            self.process.exit(status)
