"""A room's save on disk is never older than what its players were shown, whatever the autosave is doing.

The autosave reads a room on the loop and writes it in a thread. Here its
writes are held at a gate, so that every kind of change (a move, a reveal, an
undo, a seat handed to a bot, a bot's move, the game's end) is made and saved
while an older reading of the room is still on its way to the disk.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable

import pytest

from threadbox.controller import load
from threadbox.net import saving
from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.net.rooms import Room
from threadbox.net.saving import RoomMeta

from .fakegame import GAME_ID

ANN, BOB = Identity.for_user("ann"), Identity.for_user("bob")


class Gate:
    """Writes off the loop's thread wait here until the test lets them through, one at a time."""

    def __init__(self, monkeypatch):
        self.waiting: queue.Queue[tuple[str, threading.Event, threading.Event]] = queue.Queue()
        self.opened = threading.Event()
        original = saving.write_atomic

        def gated(path, text, *args, **kw):
            if threading.current_thread() is threading.main_thread():
                return original(path, text, *args, **kw)
            through, done = threading.Event(), threading.Event()
            self.waiting.put((path.name, through, done))
            while not (through.is_set() or self.opened.wait(0.01)):
                pass
            try:
                return original(path, text, *args, **kw)
            finally:
                done.set()

        monkeypatch.setattr(saving, "write_atomic", gated)

    async def held(self) -> tuple[str, threading.Event, threading.Event]:
        """The next write held at the gate: (file name, let it through, it has landed)."""
        for _ in range(500):
            try:
                return self.waiting.get_nowait()
            except queue.Empty:
                await asyncio.sleep(0.01)
        raise AssertionError("no background write came")

    async def let_through(self) -> str:
        name, through, done = await self.held()
        through.set()
        while not done.is_set():
            await asyncio.sleep(0.01)
        return name


def on_disk_is(room: Room, folder) -> bool:
    """The room's files hold exactly what the room holds now (its table, its seats and status)."""
    table = load(folder / f"{room.code}.json")
    meta = RoomMeta.model_validate_json((folder / f"{room.code}.room.json").read_bytes())
    same_table = table.actions == room.table.actions and table.log == room.table.log
    return same_table and (meta.seats, meta.status, meta.record) == (
        room.meta.seats,
        room.meta.status,
        room.meta.record,
    )


def ann_plays(room: Room) -> None:
    room.table.act(0, room.table.legal(0)[0])


def bob_plays(room: Room) -> None:
    room.table.act(1, room.table.legal(1)[0])


def to_the_last_move(room: Room) -> None:
    while len(room.table.actions) < 2 * room.table.view(None).rounds - 1:
        (ann_plays if 0 in room.table.pending() else bob_plays)(room)


# (what happens before the autosave reads the room, the change made while its writing is held)
CHANGES: dict[str, tuple[Callable[[Room], None], Callable[[Room], None]]] = {
    "a move": (lambda room: None, ann_plays),
    "a reveal": (ann_plays, bob_plays),
    "an undo": (ann_plays, lambda room: room.table.undo(0)),
    "a seat handed to a bot": (ann_plays, lambda room: room.hand_to_bot(1, by=ANN)),
    "a bot's move": (lambda room: (ann_plays(room), room.hand_to_bot(1, by=ANN)), lambda room: room.table.step_bot()),
    "the game's end": (to_the_last_move, bob_plays),
}


@pytest.fixture
async def gated(tmp_path, monkeypatch):
    """A started registry whose autosave writes are held at a ``Gate``."""
    gate = Gate(monkeypatch)
    registry = RoomRegistry(tmp_path / "rooms", bot_delay=60)  # bots move only when the test says
    registry.start()
    yield registry, gate
    gate.opened.set()  # whatever the test found: no thread is left waiting (the loop waits for them)
    await registry.close()


@pytest.mark.parametrize("change", list(CHANGES))
async def test_an_older_autosave_never_lands_over_a_change_already_saved(tmp_path, gated, change):
    registry, gate = gated
    folder = registry.folder
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(BOB)  # the game begins: saved at once
    before, during = CHANGES[change]
    before(room)
    registry.save_soon(room)  # an autosave reads the room as it is now...
    name, through, done = await gate.held()
    assert name == f"{room.code}.json"
    version = room.version
    during(room)  # ...and the change is made and saved (before anyone is shown it) while that writing is held
    assert room.version > version and on_disk_is(room, folder)
    through.set()  # the older reading lands now: its table, then its seats
    while not done.is_set():
        await asyncio.sleep(0.01)
    assert on_disk_is(room, folder), "the older table was written over the change"
    assert await gate.let_through() == f"{room.code}.room.json"
    assert on_disk_is(room, folder), "the older seats were written over the change"
    if change == "the game's end":
        assert room.status == "over" and room.meta.record is not None
    gate.opened.set()
    await registry.close()
    assert on_disk_is(room, folder)  # and after the last writing, on the way out
