"""What a room saves besides its table, and writing saves so that they last.

``<data>/rooms/<CODE>.json`` is a controller save of the table,
``<CODE>.room.json`` the room (``RoomMeta``): who holds which seat, who
created it. Both are written before anyone is shown a change, and an older
reading of a room never replaces a newer one (``SaveWriter``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from threadbox.controller.config import ThinkTime, think_text
from threadbox.controller.saves import write_atomic


class SeatHolder(BaseModel):
    identity: str
    name: str


class SeatPlan(BaseModel):
    kind: Literal["human", "bot"] = "human"
    level: str = "easy"
    think: ThinkTime | None = None  # a searching bot's seconds per decision
    holder: SeatHolder | None = None  # for human seats; kept when handed to a bot
    name: str | None = None  # a bot's seat name

    def label(self) -> str:
        if self.kind == "bot":
            think = f", {think_text(self.think)}" if self.think is not None else ""
            return f"{self.name or 'Bot'} (bot, {self.level}{think})"
        return self.holder.name if self.holder else "(open)"


class RoomMeta(BaseModel):
    format: Literal["threadbox-room"] = "threadbox-room"
    version: int = 1
    code: str
    game: str
    variants: list[str] = Field(default_factory=list)
    seed: int
    creator: SeatHolder
    seats: list[SeatPlan]
    status: Literal["waiting", "playing", "over"] = "waiting"
    record: str | None = None  # the finished game's record id (threadbox saves lists it)
    created_at: float
    last_seen: float


class SaveWriter:
    """Writes room files in the order they were read, whichever thread writes them.

    A move's save is read and written on the loop, before anyone is shown the
    move; the background autosave reads on the loop and writes in a thread. An
    autosave read before a move could otherwise land after the move's save and
    take the move off the disk once it had been seen. So each batch carries the
    number of its reading, and a file is never replaced by an older reading
    than the one it holds. Only the check and the rename hold the lock: a
    move's save never waits for an autosave's writing and syncing.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._readings = itertools.count(1)
        self._written: dict[Path, int] = {}  # the reading each file holds now

    def reading(self) -> int:
        """The number of the texts just read; on the loop, with no change between the reading and this."""
        return next(self._readings)

    def write_all(self, jobs: list[tuple[Path, str | None]], reading: int) -> None:
        """Write (``write_atomic`` syncs each file) or delete, then sync the folder so the names last too."""

        def place(tmp: str, path: Path) -> None:
            with self._lock:
                if self._written.get(path, 0) < reading:  # else a newer reading is in place: tmp is dropped
                    os.replace(tmp, path)
                    self._written[path] = reading

        folders = set()
        for path, text in jobs:
            if text is None:
                with self._lock, contextlib.suppress(FileNotFoundError):
                    if self._written.get(path, 0) < reading:
                        self._written[path] = reading
                        os.unlink(path)
            else:
                write_atomic(path, text, place)
            folders.add(path.parent)
        for folder in folders:
            with contextlib.suppress(OSError):
                fd = os.open(folder, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
