"""The sheet in front of a seat: what is drawn on it, as saved and sent."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..core.copying import fast_new
from .facts import Point


class SeatSheet(BaseModel):
    """The sheet a seat is drawing on: a value, never changed once made.

    The rules give a seat a new sheet when something is drawn on it (``with_``),
    so copies of a state and the views share sheets instead of copying them.
    Saved as before: tuples are written as JSON lists, and lists load as tuples.
    """

    model_config = ConfigDict(frozen=True)

    cups_by: int  # the seat that drew the cups on it (sheets are dealt after the cups)
    cups: tuple[Point, ...] = ()  # in the order they were drawn
    thread: tuple[Point, ...] = ()  # every point in order, from the start point
    at_paw: bool = False  # the thread was ended at the cat's paw: out for the rest of the game
    stopped: bool = False  # the player stopped drawing for good

    def with_(
        self,
        *,
        cups: tuple[Point, ...] | None = None,
        thread: tuple[Point, ...] | None = None,
        at_paw: bool | None = None,
        stopped: bool | None = None,
    ) -> SeatSheet:
        """This sheet with the given fields replaced (trusted values: not validated)."""
        old = self.__dict__
        return fast_new(
            SeatSheet,
            {
                "cups_by": old["cups_by"],
                "cups": old["cups"] if cups is None else cups,
                "thread": old["thread"] if thread is None else thread,
                "at_paw": old["at_paw"] if at_paw is None else at_paw,
                "stopped": old["stopped"] if stopped is None else stopped,
            },
        )
