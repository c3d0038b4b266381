"""The sheet in front of a seat, and the cheap copies made of it at every decision."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, Field

from .facts import Point

_Model = TypeVar("_Model", bound=BaseModel)
_new, _set = object.__new__, object.__setattr__


class SeatSheet(BaseModel):
    """The sheet a seat is drawing on."""

    cups_by: int  # the seat that drew the cups on it (sheets are dealt after the cups)
    cups: list[Point] = Field(default_factory=list)  # in the order they were drawn
    thread: list[Point] = Field(default_factory=list)  # every point in order, from the start point
    at_paw: bool = False  # the thread was ended at the cat's paw: out for the rest of the game
    stopped: bool = False  # the player stopped drawing for good


# The fields copy_sheet copies; the rest are immutable values it shares (a test keeps this list true).
SHEET_LISTS = ("cups", "thread")


def copy_sheet(sheet: SeatSheet) -> SeatSheet:
    """A copy of ``sheet`` sharing nothing mutable with it, without validation."""
    old = sheet.__dict__
    data = old.copy()
    data["cups"] = old["cups"].copy()
    data["thread"] = old["thread"].copy()
    return remake(sheet, data)


def remake(model: _Model, data: dict[str, object]) -> _Model:
    """A model of ``model``'s class holding ``data`` (trusted, every field), fields set as ``model``'s.

    For models without private attributes or extra fields, as these are."""
    new = _new(type(model))
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
