"""The decisions of Warp & Weft, as small values holding ids only.

Colours are letters (see ``data.COLOURS``), slots are indexes from 0, cards are
card ids ("A3", "I7"). Strings of one colour are interchangeable, so a string
is named by its colour.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from ..core import Action
from .data import Shape
from .loom import Axis


class PickString(Action):
    """Draft: secretly keep one string of this colour from your hand."""

    kind: Literal["pick"] = "pick"
    colour: str


class WeaveString(Action):
    """Weaving: start weaving one of your picked strings into a free slot."""

    kind: Literal["weave"] = "weave"
    colour: str
    axis: Axis
    slot: int


class ChooseCrossing(Action):
    """Weaving: the string being woven passes over (or under) the next string it crosses."""

    kind: Literal["cross"] = "cross"
    over: bool


class PlaceButton(Action):
    """Pattern selection: secretly place a button on a pattern card in play."""

    kind: Literal["button"] = "button"
    shape: Shape
    card: str


WarpWeftAction = PickString | WeaveString | ChooseCrossing | PlaceButton
ACTION_ADAPTER: TypeAdapter[WarpWeftAction] = TypeAdapter(Annotated[WarpWeftAction, Field(discriminator="kind")])
ACTION_TYPES = (PickString, WeaveString, ChooseCrossing, PlaceButton)


# Actions are values, so legal_actions hands out one shared instance per value
# instead of validating a new model each time (a playout asks thousands of times).
@cache
def pick(colour: str) -> PickString:
    return PickString(colour=colour)


@cache
def weave(colour: str, axis: Axis, slot: int) -> WeaveString:
    return WeaveString(colour=colour, axis=axis, slot=slot)


@cache
def cross(over: bool) -> ChooseCrossing:
    return ChooseCrossing(over=over)


@cache
def button(shape: Shape, card: str) -> PlaceButton:
    return PlaceButton(shape=shape, card=card)
