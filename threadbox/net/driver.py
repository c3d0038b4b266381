"""A Textual driver that runs one App over one SSH channel, many per process.

Textual's own drivers read the process's stdin, install process-wide signal
handlers, or write to the process's stdout; none can serve many sessions in
one process. This one reads the SSH channel in an asyncio task, feeds the
bytes through Textual's ``XTermParser`` and sends each frame to the channel
in one write.

Pinned to Textual 8.2.x: the parser (``tuning.Parser``) is private API.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh
from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from threadbox.tui.tuning import Parser

if TYPE_CHECKING:
    from textual.app import App

log = logging.getLogger("threadbox.net.driver")

# Window sizes the server draws at. Larger windows are drawn at the limit
# (the app says so); the limit bounds CPU and memory per frame.
MIN_SIZE = (1, 1)
MAX_SIZE = (300, 120)
# Smaller windows are told to grow: the screens need this much to be played.
MIN_WIDTH, MIN_HEIGHT = 60, 16
# A client that stops reading: drop it once this much output is queued.
MAX_PENDING_OUTPUT = 4 * 1024 * 1024
# Input is budgeted per session at a human scale; what exceeds it is dropped (and logged once).
# Bytes: typing is a few bytes a second, a dragged mouse about a KiB, a paste a few KiB at once.
# (Every byte of keys is parsed into an event, at some 30 us each: the budget is in bytes first.)
INPUT_BYTES_PER_SECOND, INPUT_BYTES_BURST = 4 * 1024, 16 * 1024
# Keys, clicks, scrolls and pastes: key repeat is about 30 a second.
INPUT_EVENTS_PER_SECOND, INPUT_EVENTS_BURST = 30, 60
BYTES_PER_EVENT = 16
READ_SIZE = 1024  # bytes parsed at once: one read's work must be short
# Input waiting in the App's queues: beyond this the App is behind, and new input is dropped.
MAX_QUEUED_INPUT = 32
# Window-size reports the client may send a second (a dragged window sends a few dozen).
RESIZES_PER_SECOND, RESIZES_BURST = 30, 60
# Window sizes and mouse moves are coalesced: the last one, at most every this many seconds
# (a redraw at a new size is a whole frame of work).
COALESCE = 0.1
# Over budget, the connection is not read for this long, doubling while it goes on: what is
# not read costs nothing, and the client's TCP window fills.
PAUSE_FIRST, PAUSE_LONGEST = 0.25, 4.0
# How long to wait for the rest of an escape sequence (a lone ESC key).
_TICK = max(constants.ESCAPE_DELAY, 0.02) + 0.01


def clamp_size(width: int, height: int) -> tuple[int, int]:
    return (min(max(int(width or 0), MIN_SIZE[0]), MAX_SIZE[0]), min(max(int(height or 0), MIN_SIZE[1]), MAX_SIZE[1]))


class Budget:
    """A token bucket: ``rate`` a second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def available(self) -> float:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens

    def take(self, amount: float = 1.0) -> bool:
        if self.available() >= amount:
            self.tokens -= amount
            return True
        return False


class SessionIO(Protocol):
    """What the driver needs from the SSH session (``session.Session`` is one)."""

    process: asyncssh.SSHServerProcess
    term_size: tuple[int, int]  # as the client reported it, unclamped

    def touched(self) -> None: ...  # input arrived (for the idle timeout)
    def resized(self, width: int, height: int) -> None: ...


class SSHDriver(Driver):
    """Display and input for one App over one SSH channel.

    The App must carry the session as ``app.ssh_session`` (a ``SessionIO``).
    """

    def __init__(
        self, app: App[Any], *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None
    ) -> None:
        super().__init__(app, debug=False, mouse=mouse, size=size)
        self._session: SessionIO = app.ssh_session  # type: ignore[attr-defined]
        self._process = self._session.process
        self._buffer: list[str] = []
        self._input_task: asyncio.Task | None = None
        self._tick_handle: asyncio.TimerHandle | None = None
        self._parser: Parser | None = None
        self._decoder = getincrementaldecoder("utf-8")(errors="replace")
        self._closed = False  # the channel can take no more output
        self._input_enabled = False
        self.bytes_sent = 0
        self._bytes = Budget(INPUT_BYTES_PER_SECOND, INPUT_BYTES_BURST)
        self._events = Budget(INPUT_EVENTS_PER_SECOND, INPUT_EVENTS_BURST)
        self._pending_size: tuple[int, int] | None = None  # the last window size, not yet posted
        self._pending_move: events.MouseMove | None = None  # the last mouse move, not yet posted
        self._coalesce_handle: asyncio.TimerHandle | None = None
        self._resizes = Budget(RESIZES_PER_SECOND, RESIZES_BURST)
        self._pauses: dict[str, float] = {}  # the last pause of the connection, by kind of flood
        self._paused_until = 0.0
        self.dropped: dict[str, int] = {}  # what was dropped over budget, by kind (logged once each)
        self.last_flush = 0.0  # perf_counter() of the last frame sent (benchmarks)

    # ---- output ---------------------------------------------------------
    def write(self, data: str) -> None:
        if not self._closed:
            self._buffer.append(data)

    def flush(self) -> None:
        if not self._buffer:
            return
        data = "".join(self._buffer).encode("utf-8", "replace")
        self._buffer.clear()
        self._send(data)

    def _send(self, data: bytes) -> None:
        if self._closed:
            return
        try:
            channel = self._process.channel
            if channel.get_write_buffer_size() > MAX_PENDING_OUTPUT:
                log.warning("session %s: client stopped reading; closing", self._describe())
                self._lost()
                return
            self._process.stdout.write(data)
            self.bytes_sent += len(data)
            self.last_flush = time.perf_counter()
        except (OSError, asyncssh.Error, RuntimeError, AttributeError) as exc:
            log.info("session %s: output failed (%s); closing", self._describe(), exc)
            self._lost()

    def _describe(self) -> str:
        return str(getattr(self._session, "label", "?"))

    def _lost(self) -> None:
        """The channel is gone: stop writing and end the app."""
        self._closed = True
        if getattr(self._app, "exit_reason", None) == "the app ended":
            self._app.exit_reason = "the connection ended"  # type: ignore[attr-defined]
        self._buffer.clear()
        try:
            self._app.exit()
        except Exception:  # the app may be closing already
            pass

    # ---- application mode -------------------------------------------------
    def start_application_mode(self) -> None:
        width, height = clamp_size(*self._session.term_size)
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        write("\x1b[?25l")  # hide the cursor
        if self._mouse:
            write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")  # mouse, SGR coordinates
        write("\x1b[?1004h")  # focus in/out
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        write("\x1b[?2026$p")  # ask whether synchronized output is supported
        self.flush()
        self._parser = Parser(False)
        self._input_enabled = True
        self._post_resize(width, height)
        self._input_task = asyncio.get_running_loop().create_task(self._read_input(), name="ssh-input")

    def disable_input(self) -> None:
        self._input_enabled = False
        for handle in (self._tick_handle, self._coalesce_handle):
            if handle is not None:
                handle.cancel()
        self._tick_handle = self._coalesce_handle = None
        task = self._input_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    def stop_application_mode(self) -> None:
        self.disable_input()
        if self._closed:
            return
        write = self.write
        if self._mouse:
            write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        write("\x1b[?2004l\x1b[?1004l\x1b[?7h")
        write("\x1b[?1049l")  # leave the alternate screen
        write("\x1b[?25h")  # show the cursor
        self.flush()

    def close(self) -> None:
        self.disable_input()
        self._parser = None

    # Over SSH nothing may be opened or written on the server.
    def open_url(self, url: str, new_tab: bool = True) -> None:
        log.info("session %s: refused to open a URL on the server", self._describe())

    def deliver_binary(
        self, binary, *, delivery_key, save_path, open_method="download", encoding=None, mime_type=None, name=None
    ) -> None:
        log.info("session %s: refused to write a file on the server", self._describe())
        with contextlib.suppress(Exception):
            binary.close()
        self._delivery_failed(delivery_key, exception=PermissionError("not over SSH"), name=name)

    def _delivery_failed(self, delivery_key: str, exception: BaseException, name: str | None) -> None:
        self._app.post_message(events.DeliveryFailed(key=delivery_key, exception=exception, name=name))

    # ---- input ----------------------------------------------------------
    def send_message(self, message: Message) -> None:
        # We run on the event loop already: post directly, no thread hop.
        self._app.post_message(message)

    def _post_resize(self, width: int, height: int) -> None:
        size = Size(width, height)
        self.process_message(events.Resize(size, size))

    def _drop(self, kind: str, amount: int = 1, longest: float = 0.0) -> None:
        """Drop input over the budget (logged once per kind); with ``longest``, also pause the connection."""
        first = kind not in self.dropped
        self.dropped[kind] = self.dropped.get(kind, 0) + amount
        if first:
            log.warning("session %s: %s over its budget; dropping the excess (logged once)", self._describe(), kind)
        if longest:
            self._pause_connection(kind, longest)

    def _pause_connection(self, kind: str, longest: float) -> None:
        """Stop reading this client's connection for a while, twice as long each time the flood goes on.

        Window-size reports pause up to ``PAUSE_LONGEST`` (every one is a packet to decrypt);
        bytes up to a second, so that keys typed after a long paste are not held up for long.
        """
        now = time.monotonic()
        if now < self._paused_until:
            return
        last = self._pauses.get(kind, 0.0)
        pause = min(longest, last * 2) if last and now - self._paused_until < 1.0 else PAUSE_FIRST
        self._pauses[kind] = pause
        conn = self._process.get_extra_info("connection")
        transport = getattr(conn, "_transport", None)  # asyncssh has no public pause for a whole connection
        try:
            transport.pause_reading()  # type: ignore[union-attr]
        except Exception:
            return
        self._paused_until = now + pause
        asyncio.get_running_loop().call_later(pause, self._resume_connection, transport)

    @staticmethod
    def _resume_connection(transport) -> None:
        with contextlib.suppress(Exception):
            if not transport.is_closing():
                transport.resume_reading()

    def _backlog(self) -> int:
        """Messages waiting in the App and its screen: how far behind the session is."""
        app = self._app
        try:
            return app.message_queue_size + app.screen.message_queue_size
        except Exception:  # no screen yet
            return app.message_queue_size

    def _deliver(self, event: Message) -> None:
        """One parsed input event, within the session's budget."""
        if isinstance(event, events.MouseMove):
            self._pending_move = event  # coalesced: only the last counts
            self._schedule_coalesced()
            return
        if not self._events.take():  # every event parsed costs budget, delivered or not
            self._drop("keys and clicks")
            return
        if self._backlog() > MAX_QUEUED_INPUT:
            self._drop("input while the session is behind")
            return
        self.process_message(event)

    def _schedule_coalesced(self) -> None:
        if self._coalesce_handle is None:
            self._coalesce_handle = asyncio.get_running_loop().call_later(COALESCE, self._post_coalesced)

    def _post_coalesced(self) -> None:
        self._coalesce_handle = None
        if not self._input_enabled:
            return
        if self._backlog() > MAX_QUEUED_INPUT // 4:
            self._schedule_coalesced()  # the App is behind: the newest size and move wait for it
            return
        size, self._pending_size = self._pending_size, None
        move, self._pending_move = self._pending_move, None
        if size is not None:
            self._post_resize(*clamp_size(*size))
        if move is not None:
            self.process_message(move)

    def _feed(self, text: str) -> None:
        parser = self._parser
        if parser is None or not self._input_enabled:
            return
        try:
            for event in parser.feed(text):
                self._deliver(event)
        except Exception as exc:  # junk the parser cannot take (e.g. huge numbers): start afresh
            log.info("session %s: input not understood (%s); parser reset", self._describe(), exc.__class__.__name__)
            self._parser = Parser(False)
            return
        self._schedule_tick()

    def _schedule_tick(self) -> None:
        parser = self._parser
        if parser is None or self._tick_handle is not None:
            return
        if not parser.waiting():
            return
        self._tick_handle = asyncio.get_running_loop().call_later(_TICK, self._tick)

    def _tick(self) -> None:
        """Deliver a lone ESC (or a cut-off sequence) once its wait ran out."""
        self._tick_handle = None
        parser = self._parser
        if parser is None or not self._input_enabled:
            return
        try:
            for event in parser.tick():
                self._deliver(event)
        except Exception:
            self._parser = Parser(False)
            return
        self._schedule_tick()

    async def _read_input(self) -> None:
        stdin = self._process.stdin
        try:
            while self._input_enabled:
                try:
                    data = await stdin.read(READ_SIZE)
                except asyncssh.TerminalSizeChanged as change:
                    # Coalesced: a window dragged (or a flood) posts only its last size.
                    self._session.touched()
                    self._session.resized(change.width, change.height)
                    self._pending_size = (change.width, change.height)
                    self._schedule_coalesced()
                    if not self._resizes.take():
                        self._drop("window-size reports", longest=PAUSE_LONGEST)
                    continue
                except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                    continue
                if not data:
                    break  # end of input: the client went away
                if not self._bytes.take(len(data)):
                    self._drop("bytes of input", len(data), longest=1.0)
                    self._parser = Parser(False)  # a cut paste or sequence must not swallow what follows
                    continue
                self._session.touched()
                text = self._decoder.decode(data)
                # Parsing costs as much as the keys it finds: parse no more than the key budget
                # could let through (BYTES_PER_EVENT each, enough for a mouse report); drop the rest.
                allowance = int(self._events.available()) * BYTES_PER_EVENT
                if len(text) > allowance:
                    self._drop("keys and clicks", len(text) - allowance, longest=1.0)
                    if text := text[:allowance]:
                        self._feed(text)
                    self._parser = Parser(False)  # a cut paste or sequence must not swallow what follows
                elif text:
                    self._feed(text)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # connection lost, channel closed
            log.info("session %s: input ended (%s)", self._describe(), exc.__class__.__name__)
        if self._input_enabled:
            self._lost()
