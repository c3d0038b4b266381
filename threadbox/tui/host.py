"""What the menu's screens ask of the local app they run in (``app.ThreadboxApp``).

The screens know the app by this shape only, so they need not import it (the
app imports them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from threadbox.controller import Record, RecordBook, Table


class LocalHost(Protocol):
    """The local app as its menu, set-up and records screens use it."""

    @property
    def book(self) -> RecordBook:
        """Where the games played here are recorded."""
        ...

    def start_table(self, table: Table, record: Record | None = None) -> None:
        """Play ``table`` here, over the menu."""
        ...

    def resume(self, record: Record) -> bool:
        """Go on with a recorded game; False (and a notice) when it cannot be."""
        ...
