"""SSH rooms: a bot that searches thinks in a worker thread, so the server's loop serves everyone."""

from __future__ import annotations

import asyncio
import threading

import pytest

from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice

from .helpers import until

ANN = Identity.for_user("ann")


class HeldBot:
    """A searching bot that thinks until the test lets it go (or it is told to stop)."""

    level = "hard"
    think, iterations = 1.0, None  # a SearchingBot's budget (this one waits for the test instead)

    def __init__(self) -> None:
        self.started, self.release, self.stopped = threading.Event(), threading.Event(), threading.Event()

    def choose(self, view, seat, legal, rng, stop=None):
        self.started.set()
        while not self.release.wait(0.01):
            if stop is not None and stop.is_set():
                self.stopped.set()
                break
        return legal[0]


@pytest.fixture
def registry(tmp_path) -> RoomRegistry:
    return RoomRegistry(tmp_path / "rooms", bot_delay=0)


def started_room(registry):
    room = registry.create(ANN, "warp-and-weft", [SeatChoice("me"), SeatChoice("bot", "hard")], seed=5)
    assert room.table is not None  # every seat taken: it starts at once
    bot = HeldBot()
    room.table._bots[1] = bot  # before the loop runs the bot's first step
    return room, bot


async def test_the_loop_runs_while_a_bot_thinks(registry):
    room, bot = started_room(registry)
    await until(bot.started.is_set)
    for _ in range(5):  # the loop keeps turning while the bot thinks
        await asyncio.sleep(0.01)
    assert room._thinking is not None and room.table.actions == []
    bot.release.set()
    await until(lambda: any(seat == 1 for seat, _ in room.table.actions))
    assert room._thinking is None or room._thinking.seat == 1


async def test_stopping_the_room_cancels_the_thinking(registry):
    room, bot = started_room(registry)
    await until(bot.started.is_set)
    room.stop()
    await until(bot.stopped.is_set)
    assert room.table.actions == []
