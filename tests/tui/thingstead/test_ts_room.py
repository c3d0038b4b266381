"""Thingstead in an SSH room (without SSH): each seat's port sees its own secrets only,
spectators none, and the room saves and loads mid-game."""

from __future__ import annotations

import asyncio

from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.rules.thingstead import PlayToClan

from .ts_helpers import GAME

ANN, BOB = Identity.for_user("ann"), Identity.for_user("bob")


def test_a_thingstead_room_keeps_each_seats_secrets(tmp_path):
    registry = RoomRegistry(tmp_path / "rooms", bot_delay=0)
    room = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("open")], seed=9)
    room.claim(BOB)
    assert room.status == "playing"
    ann, bob = room.port(0, lambda f: f()), room.port(1, lambda f: f())
    watcher = room.port(None, lambda f: f())
    card = next(a for a in ann.legal() if isinstance(a, PlayToClan))
    ann.act(card)
    assert card.card in ann.view().clan_cards[{"P": 0, "S": 1, "O": 2, "G": 3}[card.clan]][0]
    assert all(c == -1 for c in bob.view().hands[0]) and all(c >= 0 for c in bob.view().hands[1])
    assert all(c == -1 for per in bob.view().clan_cards for c in per[0])
    assert all(c == -1 for h in watcher.view().hands for c in h)
    assert all(c == -1 for per in watcher.view().clan_cards for side in per for c in side)
    assert not any("move " in line and "face down" in line for line in bob.log())  # the card is not named
    asyncio.run(registry.close())  # writes everything
    again = RoomRegistry(tmp_path / "rooms")
    assert again.load_all() == [room.code]
    copy = again.get(room.code)
    assert copy.table.full_state_json() == room.table.full_state_json()
    assert copy.seat_of(BOB) == 1
