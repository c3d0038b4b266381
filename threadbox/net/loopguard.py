"""Keeping one event loop healthy for everyone: work per session, a stuck loop, the garbage collector.

Every session runs on the server's one asyncio loop, so one session's work
delays every other. Nothing here ever raises inside running code (an
exception injected at a random point can leave a lock held and hang the
server for good). Instead:

- ``LoopGuard`` times every callback the loop runs and charges it to the
  session whose App it ran for. A session whose single step held the loop
  longer than ``stall_limit`` (by the clock: a step asleep or blocked holds
  everyone up too), or whose steps used more than ``share`` of the loop's
  work over the last ``window`` seconds (CPU time: on a host kept busy by
  other processes every step also waits for a core, and those waits, adding
  up, are nobody's work), is reported to ``on_overrun`` once that step has
  returned: a safe point, where the server ends that session.
- If the loop itself does not come back for ``hang_limit`` seconds (code that
  never returns), a watching thread logs where it is stuck and ends the
  process with status ``HANG_EXIT_STATUS``, so a supervisor restarts it;
  every room resumes from its save, which is on disk before anyone sees a move.
- ``GcPolicy`` keeps the cyclic garbage collector from pausing every session.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import threading
import time
from asyncio import events
from collections.abc import Callable
from typing import Any

from threadbox.tui.tuning import app_of_context

log = logging.getLogger("threadbox.net")

HANG_EXIT_STATUS = 70  # EX_SOFTWARE: "restart me"


def rss() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class WorkMeter:
    """Loop time one session used: the last ``window`` seconds, and its longest step."""

    __slots__ = ("window", "started", "used", "previous", "overran")

    def __init__(self, window: float):
        self.window = window
        self.started = time.monotonic()
        self.used = 0.0  # in the current window
        self.previous = 0.0  # in the window before (for a sliding estimate)
        self.overran = False

    def add(self, seconds: float, now: float) -> float:
        """Charge ``seconds``; returns the estimated use over the last window."""
        if now - self.started >= self.window:
            windows = (now - self.started) // self.window
            self.previous = self.used if windows == 1 else 0.0
            self.used = 0.0
            self.started += windows * self.window
        self.used += seconds
        through = (now - self.started) / self.window
        return self.used + self.previous * (1 - through)


_guards: list[LoopGuard] = []  # the guards running now (one per server; tests may start several)
_original_run: Callable | None = None


def _timed_run(handle: events.Handle) -> None:
    """``asyncio.Handle._run``, timed: every callback and task step of the loop goes through here."""
    context = handle._context  # type: ignore[attr-defined]  # asyncio's own field: the callback's context
    for guard in _guards:
        guard.current = context
    started, started_cpu = time.perf_counter(), time.thread_time()
    try:
        _original_run(handle)  # type: ignore[misc]
    finally:
        elapsed, work = time.perf_counter() - started, time.thread_time() - started_cpu
        for guard in _guards:
            guard.current = None
            guard._charge(context, elapsed, work)


def _install(guard: LoopGuard) -> None:
    global _original_run
    if _original_run is None:
        _original_run = events.Handle._run
        events.Handle._run = _timed_run  # type: ignore[method-assign,assignment]  # timing every loop step
    _guards.append(guard)


def _uninstall(guard: LoopGuard) -> None:
    global _original_run
    if guard in _guards:
        _guards.remove(guard)
    if not _guards and _original_run is not None:
        events.Handle._run = _original_run  # type: ignore[method-assign]
        _original_run = None


class LoopGuard:
    """Charge loop time to sessions; end overrunning ones at a safe point; exit if the loop hangs."""

    def __init__(
        self,
        stall_limit: float = 5.0,
        hang_limit: float = 20.0,
        share: float = 0.6,
        window: float = 5.0,
        on_overrun: Callable[[Any, str], None] | None = None,
        exit_process: Callable[[int], None] = os._exit,
    ):
        self.stall_limit = stall_limit  # one step of one session (0: no limit)
        self.hang_limit = hang_limit  # the loop as a whole (0: no limit)
        self.share, self.window = share, window
        self.on_overrun = on_overrun
        self.exit_process = exit_process
        self.current: Any = None  # the context of the callback running now (read by the watcher)
        self.beat = time.monotonic()
        self.overruns = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # ---- charging work ---------------------------------------------------------------
    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        _install(self)
        self._heartbeat()
        if self.hang_limit > 0:
            self._stop.clear()
            self._thread = threading.Thread(target=self._watch, name="threadbox-hang-watch", daemon=True)
            self._thread.start()

    def _charge(self, context, seconds: float, work: float) -> None:
        """``seconds`` the step held the loop (the stall limit), ``work`` its CPU time (the share)."""
        app = app_of_context(context)
        meter: WorkMeter | None = getattr(app, "work_meter", None)
        if meter is None or meter.overran:
            return
        used = meter.add(work, time.monotonic())
        if self.stall_limit and seconds >= self.stall_limit:
            why = f"one step took {seconds:.1f} s"
        elif used >= self.share * self.window:
            why = f"it used {used:.1f} s of the last {self.window:g} s of the server's time"
        else:
            return
        meter.overran = True
        self.overruns += 1
        if self.on_overrun is not None and self._loop is not None:
            self._loop.call_soon(self.on_overrun, app, why)

    # ---- a loop that does not come back -------------------------------------------------
    def _heartbeat(self) -> None:
        self.beat = time.monotonic()
        if self._loop is not None and not self._stop.is_set():
            self._timer = self._loop.call_later(0.25, self._heartbeat)

    def _watch(self) -> None:
        while not self._stop.wait(0.5):
            late = time.monotonic() - self.beat
            if late >= self.hang_limit:
                self._hung(late)
                return

    def _hung(self, late: float) -> None:
        where = "?"
        frame = sys._current_frames().get(threading.main_thread().ident or 0)
        if frame is not None:
            where = f"{frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}"
        context = self.current
        app = app_of_context(context)
        session = getattr(getattr(app, "ssh_session", None), "label", None)
        log.critical(
            "the event loop has not come back for %.0f s (at %s%s): exiting with status %d for a restart; "
            "rooms resume from their saves",
            late,
            where,
            f", session {session}" if session else "",
            HANG_EXIT_STATUS,
        )
        for handler in logging.getLogger("threadbox.net").handlers:
            try:
                handler.flush()
            except Exception:
                pass
        self.exit_process(HANG_EXIT_STATUS)

    def stop(self) -> None:
        self._stop.set()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._thread is not None:
            self._thread.join(2)
            self._thread = None
        _uninstall(self)
        self._loop = None


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

    def __init__(self, every: float = 120.0, at_least: float = 1800.0, growth: int = 128 * 1024 * 1024, gap=10.0):
        self.every, self.at_least, self.growth, self.gap = every, at_least, growth, gap
        self.last_reclaim = time.monotonic()
        self.baseline = 0  # resident memory right after the last reclaim
        self.garbage = 0  # finished sessions and replaced screens since the last reclaim
        self.enabled = False

    def start(self) -> None:
        self.enabled = True
        gc.freeze()
        self.baseline = rss()

    def note_garbage(self) -> None:
        self.garbage += 1

    def tick(self) -> None:
        if not self.enabled:
            return
        since = time.monotonic() - self.last_reclaim
        grown = rss() - self.baseline
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
        gc.unfreeze()
        found = gc.collect()
        self.last_reclaim = time.monotonic()
        self.garbage = 0
        if self.enabled:
            gc.freeze()
        self.baseline = rss()
        log.info(
            "gc: a full collection took %.0f ms and freed %d objects; %.0f MiB resident",
            (time.perf_counter() - started) * 1000,
            found,
            self.baseline / 2**20,
        )

    def stop(self) -> None:
        self.enabled = False
        gc.unfreeze()
