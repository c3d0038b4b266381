"""Thingstead in words: options as a player reads them, and why an action is refused."""

from __future__ import annotations

from ..core import Action
from .actions import DrawFromDeck, DrawFromRow, Influence, Move, Place, PlayToClan, PlayToThingstead, Push
from .data import CARDS, CLAN_INDEX, CLANS, RING, clan_label, ring_distance
from .ring import Ring

STEP_WORDS = {
    "play": "play a card from your hand",
    "thing": "move the pawn or influence with the played card",
    "push": "decide on the Orange shove",
    "place": "place followers with the played card",
    "draw": "draw a card",
    "over": "see the final score",
}


def describe(ring: Ring, action: Action, seat: int) -> str:
    """The action in a player's words, e.g. for an option list."""
    if isinstance(action, PlayToThingstead):
        if not 0 <= action.card < len(CARDS):
            return f"Play card {action.card} to the Thingstead"
        return f"{CARDS[action.card].short()} to the Thingstead"
    if isinstance(action, PlayToClan):
        c = CLAN_INDEX.get(action.clan)
        if c is None:
            return f"Play a card to clan {action.clan!r}"
        gain = ring.clan_gain(seat, c) if 0 <= seat < ring.players else 0
        if not 0 <= action.card < len(CARDS):
            return f"Play card {action.card} to the {clan_label(action.clan)} clan"
        return f"{CARDS[action.card].short()} face down to {clan_label(action.clan)}, +{gain}"
    if isinstance(action, Move):
        if not 0 <= action.to < RING:
            return f"Move to position {action.to}"
        here = ring.pawns[seat] if 0 <= seat < len(ring.pawns) else action.to
        if action.to == here:
            return f"Stay on {ring.elder_at(here).label()}"
        cw = (action.to - here) % RING
        way = f"{cw} clockwise" if cw <= RING - cw else f"{RING - cw} counter-clockwise"
        return f"Move to {ring.elder_at(action.to).label()} ({way})"
    if isinstance(action, Influence):
        return "Influence first, then move"
    if isinstance(action, Push):
        if action.shift == 0:
            return "Leave the opponent's pawn where it is"
        way = "clockwise" if action.shift > 0 else "counter-clockwise"
        if 0 <= seat < len(ring.pawns):
            to = (ring.pawns[ring.other(seat)] + action.shift) % RING
            return f"Shove the opponent's pawn {way} to {ring.elder_at(to).label()}"
        return f"Shove the opponent's pawn {way}"
    if isinstance(action, Place):
        if not 0 <= action.at < RING:
            return f"Use {action.count} influence at position {action.at}"
        elder = ring.elder_at(action.at).label()
        them = 1 - seat
        removed = min(action.count, ring.count[action.at]) if ring.owner[action.at] == them else 0
        placed = action.count - removed
        if action.count == 0:
            return f"{elder}: nothing"
        parts = ([f"remove {removed} of theirs"] if removed else []) + ([f"place {placed}"] if placed else [])
        return f"{elder}: {', '.join(parts)}"
    if isinstance(action, DrawFromRow):
        if 0 <= action.card < len(CARDS):
            return f"Draw {CARDS[action.card].label()} from the row"
        return f"Draw card {action.card} from the row"
    if isinstance(action, DrawFromDeck):
        return f"Draw the top card of the deck ({len(ring.deck)} left)"
    return repr(action.model_dump())


def refusal(ring: Ring, seat: int, action: Action) -> str | None:
    """Why ``seat`` (which must decide now) may not play ``action``, which the rules refused."""
    step_of = {
        PlayToThingstead: "play",
        PlayToClan: "play",
        Move: "thing",
        Influence: "thing",
        Push: "push",
        Place: "place",
        DrawFromRow: "draw",
        DrawFromDeck: "draw",
    }
    wanted = step_of.get(type(action))
    if wanted is None:
        return f"that is not a Thingstead action ({ring.describe_safely(action, seat)})"
    if wanted != ring.step:
        return f"now is the time to {STEP_WORDS[ring.step]}"
    if isinstance(action, (PlayToThingstead, PlayToClan)):
        if action.card not in ring.hands[seat]:
            return f"card {action.card} is not in your hand"
        if isinstance(action, PlayToClan) and action.clan not in CLANS:
            return f"there is no clan {action.clan!r}; the clans are {', '.join(CLANS)}"
    if isinstance(action, Influence):
        if ring.moved or ring.influenced:
            return "the move and the influence are each done whole, once: this card's influence is used"
        here = ring.elder_at(ring.pawns[seat])
        if ring.locked[ring.pawns[seat]]:
            return f"{here.label()} is locked and takes no more influence"
        return f"the card's {clan_label(CARDS[ring.in_play].clan)} symbol is not on {here.label()}"
    if isinstance(action, Move):
        if ring.moved:
            return "the pawn has already moved with this card"
        if not 0 <= action.to < RING:
            return f"the ring has positions 0 to {RING - 1} only"
        far = ring_distance(action.to, ring.pawns[seat])
        return f"{ring.elder_at(action.to).label()} is {far} spaces away; this card moves at most {ring.movement(seat, ring.in_play)}"
    if isinstance(action, Push):
        return "the shove moves the opponent's pawn one space: shift -1, 0 or 1"
    if isinstance(action, Place):
        at = ring.targets[ring.place_step]
        if action.at != at:
            return f"the Elder to influence now is {ring.elder_at(at).label()}"
        most = ring.max_use(seat, ring.place_step)
        return f"{ring.elder_at(at).label()} can take 0 to {most} influence now"
    if isinstance(action, DrawFromRow):
        return f"card {action.card} is not in the face-up row"
    if isinstance(action, DrawFromDeck):
        return "the draw deck is empty: draw from the face-up row"
    return None
