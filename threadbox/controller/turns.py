"""Hot-seat turn flow at one terminal: whose view to show, and when to hand off."""

from __future__ import annotations

from .table import Table


class LocalTurns:
    """Chooses which human seat the single local screen shows.

    When the next seat to show differs from the last one and the game hides
    information, the screen must first show a privacy hand-off ("pass to NAME").
    """

    def __init__(self, table: Table):
        self.table = table
        self.humans = [i for i, s in enumerate(table.seats) if not s.is_bot]
        self.shown: int | None = None  # the seat whose view is on screen now

    def next_seat(self) -> int | None:
        """The human seat to show now; None when only bots are left at the table."""
        waiting = [s for s in self.table.pending() if s in self.humans]
        if self.shown in waiting:
            return self.shown
        if waiting:
            return waiting[0]
        if self.shown is not None:
            return self.shown
        return self.humans[0] if self.humans else None

    def needs_handoff(self, seat: int | None) -> bool:
        if seat is None or seat == self.shown or self.table.is_over():
            return False
        return self.table.info.hidden_information and len(self.humans) > 1

    def show(self, seat: int | None) -> None:
        self.shown = seat
