"""Builders for Thingstead positions (imported as tests.rules.thingstead.helpers)."""

from __future__ import annotations

import pytest

from threadbox.rules.core import Action, RulesError
from threadbox.rules.thingstead import ThingsteadState
from threadbox.rules.thingstead.data import CARDS, CLAN_INDEX, CLANS, POWERS, RING, power_of

RED, BLUE = 0, 1
# With the identity ring, position p holds Elder id p: No. p + 3.
IDENTITY_RING = list(range(RING))


def card_id(clan: str, movement: int, left: int, centre: int, right: int) -> int:
    """The Influence card with these printed numbers."""
    return next(
        c.id for c in CARDS if (c.clan, c.movement, c.left, c.centre, c.right) == (clan, movement, left, centre, right)
    )


def cards_of(clan: str) -> list[int]:
    return [c.id for c in CARDS if c.clan == clan]


def fresh(ring: list[int] | None = None, seed: int = 1) -> ThingsteadState:
    """A new game with the given ring order (Elder id per position), pawns on No. 8, no clan power taken."""
    state = ThingsteadState.new(2, seed, names=["Red", "Blue"])
    if ring is not None:
        state.ring = list(ring)
        start = state.ring.index(5)  # Elder id 5 is No. 8
        state.pawns = [start, start]
    return state


def deal(
    state: ThingsteadState,
    hands: list[list[int]],
    row: list[int] | None = None,
    deck_top: list[int] | None = None,
    deck: bool = True,
) -> None:
    """Set the hands and row; every other card goes to the deck (``deck_top``'s last card on top),
    or nowhere when ``deck`` is False (then they sit in the discard pile, already played)."""
    row = list(row or [])
    top = list(deck_top or [])
    used = {c for h in hands for c in h} | set(row) | set(top)
    assert len(used) == sum(map(len, hands)) + len(row) + len(top), "a card dealt twice"
    rest = [c.id for c in CARDS if c.id not in used and c.id not in state.discard]
    for per_clan in state.clan_cards:
        for cards in per_clan:
            rest = [c for c in rest if c not in cards]
    state.hands = [sorted(h) for h in hands]
    state.row = row
    if deck:
        state.deck = rest + top
    else:
        state.deck = list(top)
        state.discard = state.discard + rest
    assert state.cards_accounted() == len(CARDS)


def set_top(state: ThingsteadState, clan: str, kind: str) -> int:
    """Turn the clan card with this power face up on its clan (swapping it with the stack)."""
    power = power_of(clan, kind)
    c = CLAN_INDEX[clan]
    if state.clan_top[c] != power.id:
        stack = state.clan_stack[c]
        stack[stack.index(power.id)] = state.clan_top[c]
        state.clan_top[c] = power.id
    return power.id


def give_power(state: ThingsteadState, seat: int, clan: str, kind: str, kept: bool = False) -> int:
    """``seat`` holds this power: the disc on its side (or, with ``kept``, the card taken for good)."""
    pid = set_top(state, clan, kind)
    c = CLAN_INDEX[clan]
    if kept:
        state.kept[seat].append(pid)
        state.clan_top[c] = state.clan_stack[c].pop()
    else:
        state.disc[c] = seat
    return pid


def set_supply(state: ThingsteadState, seat: int, n: int) -> None:
    """``seat`` has ``n`` followers in supply (the rest of its free followers in the general supply)."""
    free = state.supply[seat] + state.general[seat]
    state.supply[seat], state.general[seat] = n, free - n


def put(state: ThingsteadState, position: int, seat: int, n: int, locked: bool = False) -> None:
    """``n`` of ``seat``'s followers (from the general supply) on the Elder at ``position``."""
    assert state.count[position] == 0 or state.owner[position] == seat
    state.general[seat] -= n
    state.owner[position] = seat
    state.count[position] += n
    state.locked[position] = locked


def assert_rejected(state: ThingsteadState, seat: int, action: Action, *words: str) -> str:
    """The action raises a RulesError whose message has ``words``, and nothing changes."""
    before = state.to_json()
    with pytest.raises(RulesError) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def play(state: ThingsteadState, seat: int, *actions: Action) -> None:
    for action in actions:
        state.apply(seat, action)


def conserved(state: ThingsteadState) -> bool:
    from threadbox.rules.thingstead.data import FOLLOWERS_PER_PLAYER

    return (
        all(state.followers_accounted(s) == FOLLOWERS_PER_PLAYER for s in range(2))
        and state.cards_accounted() == len(CARDS)
        and state.clan_cards_accounted() == len(POWERS)
        and min(state.supply + state.general + state.count) >= 0
    )


__all__ = ["BLUE", "CLANS", "IDENTITY_RING", "RED"]
