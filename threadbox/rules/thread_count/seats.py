"""The sheet in front of a seat: what is drawn on it, as a small immutable value.

Every change returns a new ``SeatSheet``, so copies and views of a game share
sheets instead of copying them. Saved as before: tuples are written as JSON
lists, and lists load as tuples.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..core import Public
from ..core.copying import fast_new
from .facts import Point


class SeatSheet(BaseModel):
    """The sheet a seat is drawing on."""

    model_config = ConfigDict(frozen=True)

    cups_by: Public[int]  # the seat that drew the cups on it (sheets are dealt after the cups)
    cups: Public[tuple[Point, ...]] = ()  # in the order they were drawn
    thread: Public[tuple[Point, ...]] = ()  # every point in order, from the start point
    at_paw: Public[bool] = False  # the thread was ended at the cat's paw: out for the rest of the game
    stopped: Public[bool] = False  # the player stopped drawing for good

    @classmethod
    def blank(cls, cups_by: int, start: Point) -> SeatSheet:
        """A sheet with nothing on it but the thread's start point."""
        return _sheet(cups_by, (), (start,), False, False)

    # ---- changes (each returns a new sheet) -------------------------------------
    def with_cups(self, cups: tuple[Point, ...]) -> SeatSheet:
        return _sheet(self.cups_by, cups, self.thread, self.at_paw, self.stopped)

    def with_thread(self, thread: tuple[Point, ...], at_paw: bool = False) -> SeatSheet:
        """The thread drawn on to ``thread``; ``at_paw``: it ended at the cat's paw."""
        return _sheet(self.cups_by, self.cups, thread, at_paw or self.at_paw, self.stopped)

    def with_stop(self) -> SeatSheet:
        """The player stopped drawing for good."""
        return _sheet(self.cups_by, self.cups, self.thread, self.at_paw, True)


# Every field is set on a sheet the rules make; a sheet never changes, so its
# set of set fields never changes either and can be shared.
_ALL_FIELDS = set(SeatSheet.model_fields)


def _sheet(cups_by: int, cups: tuple[Point, ...], thread: tuple[Point, ...], at_paw: bool, stopped: bool) -> SeatSheet:
    """A sheet from trusted values, without validation (the rules make one at most actions)."""
    fields = {"cups_by": cups_by, "cups": cups, "thread": thread, "at_paw": at_paw, "stopped": stopped}
    return fast_new(SeatSheet, fields, _ALL_FIELDS)
