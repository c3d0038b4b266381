"""Thingstead's named keys: each option is named by the thing it acts on (pure: no Textual).

A hand card by its place in the hand, then where it goes (``t`` the Thingstead,
``p s o g`` a clan); an Elder by its number on the ring (moving your pawn,
shoving the other one); followers by how many; a face-up row card by its place
in the row, the deck by ``d``. A key means the same thing every turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from threadbox.rules.core import Action
from threadbox.rules.thingstead import ThingsteadState
from threadbox.rules.thingstead import actions as act
from threadbox.rules.thingstead.data import CLANS, ELDERS, RING

THINGSTEAD_KEY = "t"  # after a card's place in the hand: to the Thingstead
INFLUENCE_KEY = "i"  # the Thing step: influence first, then move
DECK_KEY = "d"  # drawing: the top card of the deck
CLAN_KEYS = "".join(CLANS).lower()  # "psog", as the key bar shows the clan keys
ELDER_NUMBERS = frozenset(str(elder.number) for elder in ELDERS)
DIGITS = frozenset("0123456789")
LOWEST, HIGHEST = min(e.number for e in ELDERS), max(e.number for e in ELDERS)


def kept_places(before: tuple[int, ...], now: list[int]) -> tuple[int, ...]:
    """Cards by place: each card keeps its place while it stays; a card gone leaves its place
    empty (-1) until a new card fills it (the first empty place, else a new one at the end);
    empty places at the end go. A hand's drawn card takes the played card's place; the row's new
    card, the taken one's (as the rules lay it), and once the deck is used up the others stay put."""
    cards = set(now)
    places = [c if c in cards else -1 for c in before]
    for card in now:
        if card not in places:
            if -1 in places:
                places[places.index(-1)] = card
            else:
                places.append(card)
    while places and places[-1] == -1:
        places.pop()
    return tuple(places)


@dataclass(frozen=True)
class Places:
    """The seat's hand and the face-up row by place (``kept_places``): the places are the keys."""

    hand: tuple[int, ...] = ()
    row: tuple[int, ...] = ()

    def following(self, view: ThingsteadState, me: int | None) -> Places:
        """These places after the table changed to ``view``."""
        hand = kept_places(self.hand, list(view.hands[me])) if me is not None else ()
        return Places(hand, kept_places(self.row, list(view.row)))


def option_key(view: ThingsteadState, me: int, action: Action, places: Places) -> str | None:
    """The keys that name ``action`` ("2 o": the second card, to Orange), or None."""
    if isinstance(action, act.PlayToThingstead | act.PlayToClan):
        hand = places.hand
        if action.card not in hand:
            return None
        where = THINGSTEAD_KEY if isinstance(action, act.PlayToThingstead) else action.clan.lower()
        return f"{hand.index(action.card) + 1} {where}"
    if isinstance(action, act.Move):
        return str(view.elder_at(action.to).number)
    if isinstance(action, act.Influence):
        return INFLUENCE_KEY
    if isinstance(action, act.Push):
        return str(view.elder_at((view.pawns[1 - me] + action.shift) % RING).number)
    if isinstance(action, act.Place):
        return str(action.count) if 0 <= action.count <= 9 else None
    if isinstance(action, act.DrawFromRow):
        return str(places.row.index(action.card) + 1) if action.card in places.row else None
    if isinstance(action, act.DrawFromDeck):
        return DECK_KEY
    return None


def named_by(view: ThingsteadState, me: int, legal: list[Action], key: str, places: Places) -> Action | None:
    """The option on offer that ``key`` names (not a card's place: that takes a second key)."""
    for action in legal:
        if (
            not isinstance(action, act.PlayToThingstead | act.PlayToClan)
            and option_key(view, me, action, places) == key
        ):
            return action
    return None


def in_words(places: tuple[int, ...]) -> str:
    """The keys of the places that hold a card: "1 to 3", or "1, 3 or 4" with a gap."""
    keys = [str(n) for n, card in enumerate(places, start=1) if card >= 0]
    if len(keys) == len(places) and len(keys) > 2:
        return f"1 to {len(keys)}"
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + f" or {keys[-1]}"


def hand_refusal(places: Places, digit: str) -> str:
    """Why ``digit`` picks no card from the hand."""
    hand = places.hand
    held = sum(card >= 0 for card in hand)
    if 1 <= int(digit) <= len(hand):
        return f"Place {digit} of your hand is empty: that card was played."
    if not held:
        return "Your hand is empty."
    return f"Your hand holds {held} card{'s' if held > 1 else ''}: press {in_words(hand)}."


def digit_refusal(view: ThingsteadState, me: int, legal: list[Action], digit: str, places: Places) -> str:
    """Why ``digit`` names nothing on offer now, in this step's words."""
    step = view.step
    if step in ("thing", "push") and digit not in ELDER_NUMBERS:
        return f"There is no Elder No. {digit}: the Elders are numbered {LOWEST} to {HIGHEST}."
    if step == "thing":
        if view.moved:
            return "Your pawn has moved with this card already."
        return f"Elder No. {digit} is out of your pawn's reach now: the list shows where it can go."
    if step == "push":
        names = [option_key(view, me, a, places) for a in legal if isinstance(a, act.Push) and a.shift]
        here = view.elder_at(view.pawns[1 - me]).number
        return f"The shove moves the other pawn one space: to No. {' or No. '.join(map(str, names))}, or {here} to leave it."
    if step == "place":
        most = max((a.count for a in legal if isinstance(a, act.Place)), default=0)
        at = view.elder_at(view.targets[view.place_step]).label() if view.targets else "this Elder"
        return f"{at} can take 0 to {most} influence now: press 0 to {most}."
    if step == "draw":
        row = places.row
        deck = f", or {DECK_KEY} for the deck" if act.DrawFromDeck() in legal else ""
        if 1 <= int(digit) <= len(row):
            return f"Place {digit} of the face-up row is empty: the deck is used up."
        cards = sum(card >= 0 for card in row)
        if not cards:
            return "The face-up row is empty" + (f": press {DECK_KEY} for the deck." if deck else ".")
        return f"The face-up row holds {cards} card{'s' if cards > 1 else ''}: press {in_words(row)}{deck}."
    return "Nothing on the table goes by that number now."
