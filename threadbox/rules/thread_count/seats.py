"""The sheet in front of a seat: what is drawn on it, as saved and sent."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .facts import Point


class SeatSheet(BaseModel):
    """The sheet a seat is drawing on."""

    cups_by: int  # the seat that drew the cups on it (sheets are dealt after the cups)
    cups: list[Point] = Field(default_factory=list)  # in the order they were drawn
    thread: list[Point] = Field(default_factory=list)  # every point in order, from the start point
    at_paw: bool = False  # the thread was ended at the cat's paw: out for the rest of the game
    stopped: bool = False  # the player stopped drawing for good
