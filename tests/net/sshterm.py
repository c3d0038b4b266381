"""A player's terminal for the tests: asyncssh's client, read through pyte."""

from __future__ import annotations

import asyncio
import contextlib
import time

import asyncssh
import pyte

KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "escape": b"\x1b",
    "backspace": b"\x7f",
    "space": b" ",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "f2": b"\x1bOQ",
    "ctrl+q": b"\x11",
    "ctrl+s": b"\x13",
    "ctrl+p": b"\x10",
    "ctrl+w": b"\x17",
    "plus": b"+",
    "minus": b"-",
}


class SendsAsTyped(asyncssh.SSHClient):
    """Sends the user name exactly as given, as OpenSSH does: asyncssh's client would SASLprep it first.

    (A test-side hook on asyncssh's private ``_username``, read when the user auth request is made.)
    """

    def __init__(self, name: str | bytes):
        self.name = name

    def connection_made(self, conn) -> None:
        conn._username = self.name


async def connect(port: int, username: str | bytes, **kw) -> asyncssh.SSHClientConnection:
    """An SSH connection to the test server that uses nothing from ~/.ssh; the name goes as typed."""
    kw.setdefault("client_keys", None)
    if "client_factory" not in kw:
        typed = username
        kw["client_factory"] = lambda: SendsAsTyped(typed)
        username = "placeholder"  # what asyncssh's own check sees; never sent
    return await asyncssh.connect(
        "127.0.0.1", port, username=username, known_hosts=None, config=None, agent_path=None, **kw
    )


class SSHTerm:
    """One player at a 100x30 terminal (by default) over a real SSH session."""

    def __init__(self, width: int = 100, height: int = 30):
        # The server draws at most 300x120; a bigger emulated screen would only be slow.
        self.screen = pyte.Screen(max(1, min(width, 300)), max(1, min(height, 120)))
        self.stream = pyte.ByteStream(self.screen)
        self.conn: asyncssh.SSHClientConnection | None = None
        self.proc: asyncssh.SSHClientProcess | None = None
        self.raw = bytearray()  # everything received, for messages after the app ends
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()
        self._reader: asyncio.Task | None = None
        self.last_data = 0.0

    @classmethod
    async def open(
        cls,
        port: int,
        username: str,
        *,
        width: int = 100,
        height: int = 30,
        term_type: str | None = "xterm-256color",
        conn=None,
        env: dict | None = None,
        command: str | None = None,
        **kw,
    ) -> SSHTerm:
        term = cls(width, height)
        term.conn = conn or await connect(port, username, **kw)
        term.proc = await term.conn.create_process(
            command, term_type=term_type, term_size=(width, height), encoding=None, env=env or {}
        )
        term._reader = asyncio.get_running_loop().create_task(term._read())
        return term

    async def _read(self) -> None:
        assert self.proc is not None
        try:
            while True:
                data = await self.proc.stdout.read(65536)
                if not data:
                    break
                self.last_data = time.perf_counter()
                if len(self.raw) < 4_000_000:
                    self.raw.extend(data)
                self.stream.feed(data)
                self._changed.set()
        except (asyncssh.Error, OSError):
            pass
        finally:
            self.closed.set()
            self._changed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def tail(self) -> str:
        """What the session printed after leaving the full-screen app."""
        return self.raw.decode("utf-8", "replace").rsplit("\x1b[?1049l", 1)[-1]

    async def wait_for(self, *needles: str, timeout: float = 10.0, gone: bool = False) -> str:
        """Wait until the screen shows every needle (or none of them, with ``gone``)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text()
            if gone and not any(n in text for n in needles):
                return text
            if not gone and all(n in text for n in needles):
                return text
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed.is_set() and not gone):
                raise AssertionError(f"timed out waiting for {needles!r} (gone={gone}); screen:\n{text}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.5))

    async def quiet(self, seconds: float = 0.2, timeout: float = 5.0) -> None:
        """Wait until nothing has arrived for ``seconds``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await asyncio.sleep(seconds / 2)
            if time.perf_counter() - self.last_data >= seconds:
                return

    def send(self, data: bytes) -> None:
        assert self.proc is not None
        if not self.closed.is_set():
            try:
                self.proc.stdin.write(data)
            except (BrokenPipeError, OSError, asyncssh.Error):
                pass  # the session has just ended: what it said is in tail()

    async def press(self, *keys: str, pause: float = 0.05) -> None:
        for key in keys:
            self.send(KEYS.get(key, key.encode()))
            await asyncio.sleep(pause if key != "escape" else max(pause, 0.2))

    async def type(self, text: str) -> None:
        self.send(text.encode())
        await asyncio.sleep(0.05)

    def resize(self, width: int, height: int) -> None:
        assert self.proc is not None
        self.proc.change_terminal_size(width, height)
        self.screen.resize(max(1, min(height, 120)), max(1, min(width, 300)))

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            with contextlib.suppress(TimeoutError, Exception):
                await asyncio.wait_for(self.conn.wait_closed(), 5)
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (TimeoutError, Exception):
                self._reader.cancel()

    async def wait_closed(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.closed.wait(), timeout)
