"""What a room saves besides its table, and writing saves so that they last.

``<data>/rooms/<CODE>.json`` is a controller save of the table,
``<CODE>.room.json`` the room (``RoomMeta``): who holds which seat, who
created it. Both are written before anyone is shown a change.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from threadbox.controller.config import MAX_THINK, think_text
from threadbox.controller.saves import write_atomic


class SeatHolder(BaseModel):
    identity: str
    name: str


class SeatPlan(BaseModel):
    kind: Literal["human", "bot"] = "human"
    level: str = "easy"
    think: float | None = Field(None, gt=0, le=MAX_THINK)  # a searching bot's seconds per decision
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


def write_all(jobs: list[tuple[Path, str | None]]) -> None:
    """Write (``write_atomic`` syncs each file) or delete, then sync the folder so the names last too."""
    folders = set()
    for path, text in jobs:
        if text is None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        else:
            write_atomic(path, text)
        folders.add(path.parent)
    for folder in folders:
        with contextlib.suppress(OSError):
            fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
