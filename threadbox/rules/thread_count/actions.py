"""What a player of Thread Count can decide: small values holding points only."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from ..core import Action
from .sheet import Point


class PlaceCup(Action):
    """Setup: draw one porcelain cup on a shaded place of the sheet in front of you."""

    kind: Literal["place-cup"] = "place-cup"
    at: Point


class Draw(Action):
    """Extend the thread by exactly the roll: straight to ``end``, or via one right-angle ``bend``."""

    kind: Literal["draw"] = "draw"
    end: Point
    bend: Point | None = None


class EndAtPaw(Action):
    """Draw to the cat's paw (straight, or via ``bend``) and end the thread there.

    The route may be shorter than the roll; the rest of the pips are forfeited.
    """

    kind: Literal["end-at-paw"] = "end-at-paw"
    bend: Point | None = None


class Pass(Action):
    """Do not draw this round; the next roll is yours again."""

    kind: Literal["pass"] = "pass"


class Stop(Action):
    """Stop drawing for good: pass every roll until the game ends."""

    kind: Literal["stop"] = "stop"


ThreadCountAction = Annotated[PlaceCup | Draw | EndAtPaw | Pass | Stop, Field(discriminator="kind")]
ACTION_ADAPTER: TypeAdapter[ThreadCountAction] = TypeAdapter(ThreadCountAction)


# Actions are values, so legal_actions hands out one shared instance per value
# instead of validating a new model each time (a playout asks thousands of times).
@cache
def place_cup(at: Point) -> PlaceCup:
    return PlaceCup(at=at)


@cache
def draw(end: Point, bend: Point | None) -> Draw:
    return Draw(end=end, bend=bend)


@cache
def end_at_paw(bend: Point | None) -> EndAtPaw:
    return EndAtPaw(bend=bend)


PASS = Pass()
STOP = Stop()
