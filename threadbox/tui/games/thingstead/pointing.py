"""The board cursor: what the highlighted option points at, and where the arrows take it (pure).

The cursor is the highlighted option seen on the board, so the list and the
board never disagree: an Elder (moving there, shoving the other pawn there,
placing followers there), the Thingstead or a clan (where the held card
goes), a face-up row card or the deck (drawing). It only rests on a spot some
legal option acts on; the arrows go round the options in board order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from threadbox.rules.core import Action
from threadbox.rules.thingstead import ThingsteadState
from threadbox.rules.thingstead import actions as act
from threadbox.rules.thingstead.data import CLANS, RING

from .keys import Places

SpotKind = Literal["elder", "thingstead", "clan", "row", "deck"]
# Board order: the ring (its Elders clockwise, the Thingstead in its centre), the clans, the row, the deck.
_ORDER: dict[str, int] = {"elder": 0, "thingstead": 1, "clan": 2, "row": 3, "deck": 4}


@dataclass(frozen=True)
class Spot:
    kind: SpotKind
    at: int = 0  # ring position, clan index, or place in the row (from 0)

    def order(self) -> tuple[int, int]:
        return (_ORDER[self.kind], self.at)


def held_card(action: Action | None) -> int | None:
    """The card a play option holds (the card whose destinations the cursor goes round)."""
    return action.card if isinstance(action, act.PlayToThingstead | act.PlayToClan) else None


def spot_of(view: ThingsteadState, me: int, action: Action | None, places: Places) -> Spot | None:
    """Where on the board ``action`` acts."""
    if isinstance(action, act.PlayToThingstead):
        return Spot("thingstead")
    if isinstance(action, act.PlayToClan):
        return Spot("clan", CLANS.index(action.clan)) if action.clan in CLANS else None
    if isinstance(action, act.Move):
        return Spot("elder", action.to)
    if isinstance(action, act.Influence):
        return Spot("elder", view.pawns[me])
    if isinstance(action, act.Push):
        return Spot("elder", (view.pawns[1 - me] + action.shift) % RING)
    if isinstance(action, act.Place):
        return Spot("elder", action.at)
    if isinstance(action, act.DrawFromRow):
        return Spot("row", places.row.index(action.card)) if action.card in places.row else None
    if isinstance(action, act.DrawFromDeck):
        return Spot("deck")
    return None


def _held(legal: list[Action], highlighted: Action | None) -> int | None:
    """The card whose destinations are on offer: the highlighted option's, else the first listed."""
    card = held_card(highlighted)
    if card is None:
        card = next((a.card for a in legal if isinstance(a, act.PlayToThingstead | act.PlayToClan)), None)
    return card


def stops(
    view: ThingsteadState, me: int, legal: list[Action], highlighted: Action | None, places: Places
) -> list[tuple[Spot, Action]]:
    """Where the arrows take the cursor, in board order: each option with its spot (the options
    on one spot, as influence first and staying on your Elder, or the counts of followers for
    the marked Elder, one after another in the list's order). While a card is to be played,
    the held card's destinations."""
    card = _held(legal, highlighted)
    found = []
    for action in legal:
        if isinstance(action, act.PlayToThingstead | act.PlayToClan) and action.card != card:
            continue
        spot = spot_of(view, me, action, places)
        if spot is not None:
            found.append((spot, action))
    return sorted(found, key=lambda pair: pair[0].order())  # stable: the list's order on one spot


def offered(
    view: ThingsteadState, me: int, legal: list[Action], highlighted: Action | None, places: Places
) -> dict[Spot, Action]:
    """Each spot the cursor may rest on now, with the option it takes there: the highlighted
    one where it points, else the first listed there."""
    here = spot_of(view, me, highlighted, places)
    found: dict[Spot, Action] = {}
    for spot, action in stops(view, me, legal, highlighted, places):
        if spot not in found or (spot == here and action == highlighted):
            found[spot] = action
    return found


def stepped(
    view: ThingsteadState,
    me: int,
    legal: list[Action],
    highlighted: Action | None,
    places: Places,
    step: int,
) -> Action | None:
    """The next option round the board (+1 clockwise, -1 back); None: nothing to point at."""
    found = [action for _, action in stops(view, me, legal, highlighted, places)]
    if not found:
        return None
    if highlighted not in found:
        return found[0 if step > 0 else -1]
    return found[(found.index(highlighted) + step) % len(found)]


def action_at(
    view: ThingsteadState,
    me: int,
    legal: list[Action],
    highlighted: Action | None,
    places: Places,
    spot: Spot,
) -> Action | None:
    """The option the cursor takes at ``spot`` (None: nothing on offer there)."""
    return offered(view, me, legal, highlighted, places).get(spot)
