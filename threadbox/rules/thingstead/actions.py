"""The decisions of Thingstead, as small values holding ids only.

Cards are Influence card ids (``data.CARDS``), clans their letters, places on
the ring positions 0..6 counted clockwise.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from ..core import Action


class PlayToThingstead(Action):
    """Play a card from hand to the Thingstead: then move and influence, in either order."""

    kind: Literal["thingstead"] = "thingstead"
    card: int


class PlayToClan(Action):
    """Play a card from hand face down in front of a clan."""

    kind: Literal["clan"] = "clan"
    card: int
    clan: str


class Move(Action):
    """Move your pawn to this ring position (your own position: stay)."""

    kind: Literal["move"] = "move"
    to: int


class Influence(Action):
    """Influence now, before moving."""

    kind: Literal["influence"] = "influence"


class Push(Action):
    """The Orange shove: move the opponent's pawn by ``shift`` (+1 clockwise, -1 counter-clockwise, 0 not at all)."""

    kind: Literal["push"] = "push"
    shift: int


class Place(Action):
    """Use ``count`` influence on the Elder at ring position ``at``: remove the opponent's followers first, then place."""

    kind: Literal["place"] = "place"
    at: int
    count: int


class DrawFromRow(Action):
    kind: Literal["draw_row"] = "draw_row"
    card: int


class DrawFromDeck(Action):
    kind: Literal["draw_deck"] = "draw_deck"


ThingsteadAction = PlayToThingstead | PlayToClan | Move | Influence | Push | Place | DrawFromRow | DrawFromDeck
ACTION_ADAPTER: TypeAdapter[ThingsteadAction] = TypeAdapter(Annotated[ThingsteadAction, Field(discriminator="kind")])
