"""The decisions of Threaded, as small values holding ids only.

Threads are colour letters (``data.COLOURS``); threads of one colour are
interchangeable. Needle ends are "left" and "right". Cards are ids ("T07",
"K12", "F4"). Shops are letters "A".."F".
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from ..core import Action

End = Literal["left", "right"]
Where = Literal["left", "right", "basket", "scraps"]


class PlaceAssistant(Action):
    """Plan: put an assistant on the next empty spot of a shop's queue."""

    kind: Literal["assistant"] = "assistant"
    shop: str


class Place(Action):
    """Placement step: put a new thread (``source="new"``) or a basket thread somewhere."""

    kind: Literal["place"] = "place"
    source: Literal["new", "basket"]
    colour: str
    to: Where


class Give(Action):
    """Give (or pay) one thread: from an end of the needle, or a basket thread of a colour."""

    kind: Literal["give"] = "give"
    source: str  # "left", "right", or a colour letter (from the basket)


class PickThread(Action):
    """Take one thread of this colour (DARN GOOD THREAD, ENDS & ODDS, SHARE)."""

    kind: Literal["pick"] = "pick"
    colour: str


class ChooseShop(Action):
    """Send an assistant (or the extra-assistant card) to a shop's queue; ``spot`` says
    which of your waiting assistants when moving one to the front."""

    kind: Literal["shop"] = "shop"
    shop: str
    spot: int = -1


class TakeCard(Action):
    """Take, keep or discard a card by id (what it does depends on the decision)."""

    kind: Literal["card"] = "card"
    card: str


class Finish(Action):
    """FINISHES: one of the four choices."""

    kind: Literal["finish"] = "finish"
    choice: Literal["take", "make", "refresh", "share"]


class TakeTapestry(Action):
    """TAKE the tapestry at this position of the line (0 = leftmost)."""

    kind: Literal["tapestry"] = "tapestry"
    position: int


class MakeTapestry(Action):
    """MAKE a tapestry from hand with the 3 threads at one end of the needle ("free": equipment)."""

    kind: Literal["make"] = "make"
    card: str
    end: Literal["left", "right", "free"]


class Swap(Action):
    """Swap-card: the thread at this needle position (0 = leftmost) goes back to the bag."""

    kind: Literal["swap"] = "swap"
    position: int


class UseEquipment(Action):
    kind: Literal["use"] = "use"
    card: str


class Choose(Action):
    """A yes/no: give 2 and move at AWL YOU WANT, restock the equipment line, refresh the line."""

    kind: Literal["choose"] = "choose"
    yes: bool


class Done(Action):
    """Finish this decision: end the placement step, pass in a window, end a SHARE, end the turn."""

    kind: Literal["done"] = "done"


ThreadedAction = (
    PlaceAssistant
    | Place
    | Give
    | PickThread
    | ChooseShop
    | TakeCard
    | Finish
    | TakeTapestry
    | MakeTapestry
    | Swap
    | UseEquipment
    | Choose
    | Done
)
ACTION_ADAPTER: TypeAdapter[ThreadedAction] = TypeAdapter(Annotated[ThreadedAction, Field(discriminator="kind")])
ACTION_TYPES = (
    PlaceAssistant,
    Place,
    Give,
    PickThread,
    ChooseShop,
    TakeCard,
    Finish,
    TakeTapestry,
    MakeTapestry,
    Swap,
    UseEquipment,
    Choose,
    Done,
)
