"""The loop guard: charges work to the session it ran for, never raises into it, and undoes its patch."""

from __future__ import annotations

import asyncio
import contextvars
import time
from asyncio import events

from textual._context import active_app

from threadbox.net.loopguard import LoopGuard, WorkMeter


class _App:
    def __init__(self):
        self.work_meter = WorkMeter(5.0)


def spin(seconds: float) -> None:
    """Work (the guard charges CPU time): a loop that keeps the core for ``seconds`` of it."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def test_waiting_counts_for_the_stall_limit_but_not_as_work():
    """A step asleep holds the loop (a stall) but does no work: the share counts only CPU time, so
    waits for a core on a busy host do not add up to closing a session."""
    overran = []
    guard = LoopGuard(stall_limit=0.2, hang_limit=0, on_overrun=lambda app, why: overran.append(why))
    waiting, sleepy = _App(), _App()
    loop = asyncio.get_running_loop()
    guard.start(loop)
    try:
        for app, seconds in ((waiting, 0.1), (sleepy, 0.3)):
            context = contextvars.copy_context()
            context.run(active_app.set, app)
            loop.call_soon(time.sleep, seconds, context=context)
        await asyncio.sleep(0.05)
        assert not waiting.work_meter.overran and waiting.work_meter.used < 0.05
        assert sleepy.work_meter.overran and overran == ["one step took 0.3 s"]
        assert sleepy.work_meter.used < 0.05
    finally:
        guard.stop()


async def test_work_is_charged_to_its_session_and_an_overrun_is_reported_after_the_step():
    original = events.Handle._run
    overran = []
    guard = LoopGuard(stall_limit=0.2, hang_limit=0, on_overrun=lambda app, why: overran.append((app, why)))
    busy, idle = _App(), _App()
    loop = asyncio.get_running_loop()
    guard.start(loop)
    try:
        finished = []

        def slow() -> None:
            spin(0.3)  # runs to its end: nothing is raised inside it
            finished.append(True)

        for app, work in ((busy, slow), (idle, lambda: None)):
            context = contextvars.copy_context()
            context.run(active_app.set, app)
            loop.call_soon(work, context=context)
        await asyncio.sleep(0.05)
        assert finished == [True] and overran and overran[0][0] is busy and "one step took" in overran[0][1]
        assert busy.work_meter.used >= 0.3 and idle.work_meter.used < 0.05
    finally:
        guard.stop()
    assert events.Handle._run is original


async def test_two_guards_stopped_in_any_order_leave_asyncio_as_it_was():
    original = events.Handle._run
    first, second = LoopGuard(hang_limit=0), LoopGuard(hang_limit=0)
    first.start(asyncio.get_running_loop())
    second.start(asyncio.get_running_loop())
    first.stop()
    assert events.Handle._run is not original  # the second still measures
    second.stop()
    assert events.Handle._run is original


def test_a_hung_loop_is_reported_and_the_process_asked_to_exit():
    exits = []
    guard = LoopGuard(hang_limit=0.6, exit_process=exits.append)

    async def hang() -> None:
        guard.start(asyncio.get_running_loop())
        time.sleep(1.6)  # the loop does not come back
        guard.stop()

    asyncio.run(hang())
    assert exits == [70]
