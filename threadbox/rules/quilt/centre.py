"""What the words and the refusals read of a Quilt game, as a Protocol: the centre of the table
(patches, needle holders, the bag) and the sheets in front of the players.

``QuiltState`` imports ``words`` and ``refusals``; typing them against this
Protocol instead of the state keeps the package free of import circles."""

from __future__ import annotations

from typing import Protocol

from ..core import Action
from .board import Board
from .tasks import Task


class Centre(Protocol):
    """The parts of ``QuiltState`` that describing and refusing an action read (read-only here)."""

    @property
    def players(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def patches(self) -> list[str | None]: ...

    @property
    def holders(self) -> list[str]: ...

    @property
    def holder_of(self) -> list[int | None]: ...

    @property
    def drawn(self) -> str | None: ...

    @property
    def placed(self) -> int: ...

    @property
    def tasks(self) -> list[Task]: ...

    @property
    def boards(self) -> list[Board]: ...

    def name_of(self, seat: int) -> str: ...

    def hand(self, seat: int) -> str: ...

    def open_holders(self) -> list[int]: ...

    def bag_size(self) -> int: ...

    def exchangeable(self, seat: int) -> str: ...

    def describe_safely(self, action: Action, seat: int) -> str: ...
