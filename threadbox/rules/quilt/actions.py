"""The decisions of Quilt, as small values holding ids only.

Colours are letters (``data.COLOURS``); rows, holders, appliques and
embroideries are indexes from 0. Pencils of one colour are interchangeable,
so a pencil is named by its colour. ``legal_actions`` hands out shared
instances from small caches, since the same few values come up all game.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, field_validator

from ..core import Action
from .data import COLOUR_ORDER


class ChoosePatch(Action):
    """Phase 1: take the patch of this colour; it is your bonus colour this round."""

    kind: Literal["patch"] = "patch"
    colour: str


class DrawPencil(Action):
    """Phase 2: draw a pencil from the bag (then place it on a holder)."""

    kind: Literal["draw"] = "draw"


class PlacePencil(Action):
    """Phase 2: put the pencil just drawn on this needle holder."""

    kind: Literal["place"] = "place"
    holder: int


class TakeHolder(Action):
    """Phase 2: take this needle holder with its pencils; your phase 2 is over."""

    kind: Literal["take"] = "take"
    holder: int


class ColourCell(Action):
    """Phase 3: colour the next cell of this row with a pencil of this colour."""

    kind: Literal["cell"] = "cell"
    colour: str
    row: int


class ColourApplique(Action):
    """Phase 3: colour this applique (0: +3, 1: +5, 2: +7)."""

    kind: Literal["applique"] = "applique"
    colour: str
    applique: int


class ColourSpool(Action):
    """Phase 3: colour the threads on the first uncoloured spool."""

    kind: Literal["spool"] = "spool"
    colour: str


class Stitch(Action):
    """Stitch bonus: the same pencil colours one part of this embroidery (0: 5 parts, 1: 3, 2: 2)."""

    kind: Literal["stitch"] = "stitch"
    embroidery: int


class Exchange(Action):
    """Exchange bonus: swap these unused pencils of your holder (1 or 2 letters) for as many from the bag.

    The pencils are a set (RULINGS.md): their letters are kept in colour order, so "GR" is "RG"."""

    kind: Literal["exchange"] = "exchange"
    colours: str

    @field_validator("colours")
    @classmethod
    def _in_colour_order(cls, colours: str) -> str:
        return "".join(sorted(colours, key=lambda c: COLOUR_ORDER.get(c, len(COLOUR_ORDER))))


class TakeNeutral(Action):
    """Neutral-holder bonus or embroidery: take a pencil of this colour from the neutral holder."""

    kind: Literal["neutral"] = "neutral"
    colour: str


class DrawBonus(Action):
    """Embroidery: take a pencil from the bag without looking."""

    kind: Literal["draw-bonus"] = "draw-bonus"


class Decline(Action):
    """Let the current bonus go (or, while taking embroidery pencils, take no more)."""

    kind: Literal["decline"] = "decline"


class Finish(Action):
    """Phase 3: stop colouring this round; unused pencils go back."""

    kind: Literal["finish"] = "finish"


QuiltAction = (
    ChoosePatch
    | DrawPencil
    | PlacePencil
    | TakeHolder
    | ColourCell
    | ColourApplique
    | ColourSpool
    | Stitch
    | Exchange
    | TakeNeutral
    | DrawBonus
    | Decline
    | Finish
)
ACTION_ADAPTER: TypeAdapter[QuiltAction] = TypeAdapter(Annotated[QuiltAction, Field(discriminator="kind")])
ACTION_TYPES = (
    ChoosePatch,
    DrawPencil,
    PlacePencil,
    TakeHolder,
    ColourCell,
    ColourApplique,
    ColourSpool,
    Stitch,
    Exchange,
    TakeNeutral,
    DrawBonus,
    Decline,
    Finish,
)
COLOURING = (ColourCell, ColourApplique, ColourSpool)

# Shared instances (actions are frozen values, so sharing is safe).
DRAW = DrawPencil()
DRAW_BONUS = DrawBonus()
DECLINE = Decline()
FINISH = Finish()


@cache
def patch(colour: str) -> ChoosePatch:
    return ChoosePatch(colour=colour)


@cache
def place(holder: int) -> PlacePencil:
    return PlacePencil(holder=holder)


@cache
def take(holder: int) -> TakeHolder:
    return TakeHolder(holder=holder)


@cache
def cell(colour: str, row: int) -> ColourCell:
    return ColourCell(colour=colour, row=row)


@cache
def applique(colour: str, index: int) -> ColourApplique:
    return ColourApplique(colour=colour, applique=index)


@cache
def spool(colour: str) -> ColourSpool:
    return ColourSpool(colour=colour)


@cache
def stitch(index: int) -> Stitch:
    return Stitch(embroidery=index)


@cache
def exchange(colours: str) -> Exchange:
    return Exchange(colours=colours)


@cache
def neutral(colour: str) -> TakeNeutral:
    return TakeNeutral(colour=colour)
