"""Which clan powers took effect in an action: for measuring the powers (RULINGS.md asks that
every power matters in play), not for playing.

``took_effect(before, seat, action, after)`` compares the state before an
action (a clone) with the state after it and names the powers that changed
what happened: a power that was only held, or offered something unused,
did not take effect. At the end of the game the scoring powers of both
seats are judged too.
"""

from __future__ import annotations

from ..core import Action
from .actions import DrawFromDeck, DrawFromRow, Influence, Move, Place, PlayToClan, Push
from .data import CARDS, CLAN_FOLLOWERS, CLAN_INDEX, ELDERS, HAND_SIZE, POWERS, RING, ring_distance
from .holdings import BY_ELDER, BY_KIND, Asked
from .scoring import clan_influence, elder_winner
from .state import ThingsteadState


def _held(state: ThingsteadState, seat: int, asked: Asked) -> set[int]:
    kept, disc, top = state.kept[seat], state.disc, state.clan_top
    return {p for p, c in asked if (top[c] == p and disc[c] == seat) or p in kept}


def took_effect(before: ThingsteadState, seat: int, action: Action, after: ThingsteadState) -> set[int]:
    """Ids of the powers that changed what ``seat``'s ``action`` did (and, when it ended the game, the score)."""
    used: set[int] = set()
    if isinstance(action, Push) and action.shift:
        used |= _held(before, seat, BY_ELDER[("push", before.ring[before.pawns[seat]])])
    elif isinstance(action, (Influence, Move)):
        used |= _moved_or_matched(before, seat, action)
    elif isinstance(action, Place):
        used |= _placed(before, seat, action)
    elif isinstance(action, PlayToClan):
        c = CLAN_INDEX[action.clan]
        mine = len(before.clan_cards[c][seat])
        printed = CLAN_FOLLOWERS[mine] if mine < len(CLAN_FOLLOWERS) else 0
        if before.clan_gain(seat, c) > min(printed, before.general[seat]):
            used |= _held(before, seat, BY_KIND["recruit"])
    elif isinstance(action, (DrawFromRow, DrawFromDeck)) and len(after.hands[seat]) > HAND_SIZE:
        used |= _held(before, seat, BY_KIND["hand"])
    used |= _locked(before, seat, action, after)
    if after.is_over() and not before.is_over():
        used |= _scored(after)
    return used


def _moved_or_matched(before: ThingsteadState, seat: int, action: Influence | Move) -> set[int]:
    used: set[int] = set()
    card = before.in_play
    here = before.pawns[seat]
    where = here
    if isinstance(action, Move):
        where = action.to
        far = ring_distance(here, where)
        printed = CARDS[card].movement
        if far > before.movement(seat, card):  # only a Soar reaches it
            elder = before.ring[where]
            used |= {p for p in _held(before, seat, BY_KIND["soar"]) if ELDERS[elder].shows(POWERS[p].symbol)}
        elif far > printed:
            used |= _held(before, seat, BY_KIND["stride"])
        if before.influenced:
            return used
    if before.matches(seat, card, where) and not ELDERS[before.ring[where]].shows(CARDS[card].clan):
        used |= _held(before, seat, BY_ELDER[("wild", before.ring[where])])
    return used


def _placed(before: ThingsteadState, seat: int, action: Place) -> set[int]:
    i = before.place_step
    quota = before.quota[i]
    used: set[int] = set()
    if i == 1:  # the Elder the pawn is on: Rally's +1
        rallies = _held(before, seat, BY_ELDER[("rally", before.ring[action.at])])
        if rallies and action.count > max(0, quota - len(rallies)):
            used |= rallies
    if ring_distance(action.at, before.pawns[1 - seat]) == 0 and action.count > max(0, quota - 1):
        used |= _held(before, seat, BY_KIND["ward"])  # -1 instead of -2: it used the one more
    return used


def _locked(before: ThingsteadState, seat: int, action: Action, after: ThingsteadState) -> set[int]:
    """Oath (an Elder locked below its number) and Reserve (followers back to the supply)."""
    used: set[int] = set()
    them = 1 - seat
    for p in range(RING):
        if not after.locked[p] or before.locked[p] or after.owner[p] != seat:
            continue
        mine = before.count[p] if before.owner[p] == seat else 0
        if isinstance(action, Place) and action.at == p:  # placed in the very action that ended the turn
            theirs = before.count[p] if before.owner[p] == them else 0
            mine += max(0, action.count - theirs)
        elder = ELDERS[before.ring[p]]
        if mine < elder.number:
            used |= _held(before, seat, BY_ELDER[("lock", elder.id)])
        if mine > 1:
            used |= _held(before, seat, BY_KIND["reserve"])
    return used


def _scored(after: ThingsteadState) -> set[int]:
    """Runes that scored a point and Tallies that counted a card of another symbol, for both seats."""
    used: set[int] = set()
    for s in range(after.players):
        for p in _held(after, s, BY_KIND["runes"]):
            symbol = POWERS[p].symbol
            if any(elder_winner(after, q) == s and after.elder_at(q).shows(symbol) for q in range(RING)):
                used.add(p)
        for p in _held(after, s, BY_KIND["tally"]):
            clan = POWERS[p].symbol
            cards = after.clan_cards[CLAN_INDEX[clan]][s]
            if clan_influence(after, clan, s) > sum(CARDS[c].movement for c in cards if CARDS[c].clan == clan):
                used.add(p)
    return used
