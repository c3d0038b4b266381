"""Thingstead's named keys: each option is named by the thing it acts on (pure: no Textual).

A hand card by its place in the hand, then where it goes (``t`` the Thingstead,
``p s o g`` a clan); an Elder by its number on the ring (moving your pawn,
shoving the other one); followers by how many; a face-up row card by its place
in the row, the deck by ``d``. A key means the same thing every turn.
"""

from __future__ import annotations

from threadbox.rules.core import Action
from threadbox.rules.thingstead import (
    DrawFromDeck,
    DrawFromRow,
    Influence,
    Move,
    Place,
    PlayToClan,
    PlayToThingstead,
    Push,
    ThingsteadState,
)
from threadbox.rules.thingstead.data import CLANS, ELDERS, RING

THINGSTEAD_KEY = "t"  # after a card's place in the hand: to the Thingstead
INFLUENCE_KEY = "i"  # the Thing step: influence first, then move
DECK_KEY = "d"  # drawing: the top card of the deck
CLAN_KEYS = "".join(CLANS).lower()  # "psog", as the key bar shows the clan keys
ELDER_NUMBERS = frozenset(str(elder.number) for elder in ELDERS)
DIGITS = frozenset("0123456789")
LOWEST, HIGHEST = min(e.number for e in ELDERS), max(e.number for e in ELDERS)


def row_slots(before: tuple[int, ...], row: list[int]) -> tuple[int, ...]:
    """The face-up row by its places, a taken card's place left empty (-1) once the deck is
    used up, so that the cards still there keep their places (and keys); else the row itself
    (a card taken while the deck lasts is replaced in its place)."""
    if before and len(before) >= len(row) and [c for c in before if c >= 0 and c in row] == list(row):
        return tuple(c if c in row else -1 for c in before)
    return tuple(row)


def option_key(view: ThingsteadState, me: int, action: Action, slots: tuple[int, ...]) -> str | None:
    """The keys that name ``action`` ("2 o": the second card, to Orange), or None."""
    if isinstance(action, PlayToThingstead | PlayToClan):
        hand = view.hands[me]
        if action.card not in hand:
            return None
        where = THINGSTEAD_KEY if isinstance(action, PlayToThingstead) else action.clan.lower()
        return f"{hand.index(action.card) + 1} {where}"
    if isinstance(action, Move):
        return str(view.elder_at(action.to).number)
    if isinstance(action, Influence):
        return INFLUENCE_KEY
    if isinstance(action, Push):
        return str(view.elder_at((view.pawns[1 - me] + action.shift) % RING).number)
    if isinstance(action, Place):
        return str(action.count) if 0 <= action.count <= 9 else None
    if isinstance(action, DrawFromRow):
        return str(slots.index(action.card) + 1) if action.card in slots else None
    if isinstance(action, DrawFromDeck):
        return DECK_KEY
    return None


def named_by(view: ThingsteadState, me: int, legal: list[Action], key: str, slots: tuple[int, ...]) -> Action | None:
    """The option on offer that ``key`` names (not a card's place: that takes a second key)."""
    for action in legal:
        if not isinstance(action, PlayToThingstead | PlayToClan) and option_key(view, me, action, slots) == key:
            return action
    return None


def digit_refusal(view: ThingsteadState, me: int, legal: list[Action], digit: str, slots: tuple[int, ...]) -> str:
    """Why ``digit`` names nothing on offer now, in this step's words."""
    step = view.step
    if step in ("thing", "push") and digit not in ELDER_NUMBERS:
        return f"There is no Elder No. {digit}: the Elders are numbered {LOWEST} to {HIGHEST}."
    if step == "thing":
        if view.moved:
            return "Your pawn has moved with this card already."
        return f"Elder No. {digit} is out of your pawn's reach now: the list shows where it can go."
    if step == "push":
        names = [option_key(view, me, a, slots) for a in legal if isinstance(a, Push) and a.shift]
        here = view.elder_at(view.pawns[1 - me]).number
        return f"The shove moves the other pawn one space: to No. {' or No. '.join(map(str, names))}, or {here} to leave it."
    if step == "place":
        most = max((a.count for a in legal if isinstance(a, Place)), default=0)
        at = view.elder_at(view.targets[view.place_step]).label() if view.targets else "this Elder"
        return f"{at} can take 0 to {most} influence now: press 0 to {most}."
    if step == "draw":
        places = len(slots)
        if 1 <= int(digit) <= places:
            return f"Place {digit} of the face-up row is empty: the deck is used up."
        deck = f", or {DECK_KEY} for the deck" if DrawFromDeck() in legal else ""
        if not places:
            return "The face-up row is empty" + (f": press {DECK_KEY} for the deck." if deck else ".")
        return f"The face-up row holds {places} cards: press 1 to {places}{deck}."
    return "Nothing on the table goes by that number now."
