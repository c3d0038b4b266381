"""Rooms without SSH: seats by identity, names, presence, spectators' shared view, saving."""

from __future__ import annotations

import pytest

from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.net.rooms import RoomError, RoomEvent

from .fakegame import GAME_ID

ANN, BOB, ANN_AGAIN = Identity.for_user("ann"), Identity.for_user("bob"), Identity.for_user("ANN")


class Member:
    def __init__(self, identity: Identity):
        self.identity = identity
        self.events: list[RoomEvent] = []

    def room_event(self, room, event: RoomEvent) -> None:
        self.events.append(event)


@pytest.fixture
def registry(tmp_path) -> RoomRegistry:
    return RoomRegistry(tmp_path / "rooms", bot_delay=0)


def test_seats_are_claimed_by_identity_and_resumed(registry):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open"), SeatChoice("open")])
    assert room.code == room.code.upper() and len(room.code) == 4
    assert room.claim(ANN_AGAIN) == 0  # the same name (any case) is the same player
    assert room.claim(BOB) == 1
    assert room.claim(BOB) == 1 and room.status == "waiting"
    other_bob = Identity.for_key("bob", "SHA256:other")  # another "bob" (a different key)
    assert room.claim(other_bob) == 2
    assert room.status == "playing"  # every seat taken: the game began
    assert [s.name for s in room.table.seats] == ["ann", "bob", "bob 2"]
    with pytest.raises(RoomError, match="game has started"):
        room.claim(Identity.for_user("cy"))


def test_a_player_may_give_back_a_seat_before_the_start_but_not_the_creator(registry):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open"), SeatChoice("open")])
    room.claim(BOB)
    room.release(BOB)
    assert room.free_seats() == 2
    with pytest.raises(RoomError, match="creator"):
        room.release(ANN)


def test_room_setup_is_checked(registry):
    with pytest.raises(RoomError, match="2-4 players"):
        registry.create(ANN, GAME_ID, [SeatChoice("me")])
    with pytest.raises(RoomError, match="Exactly one seat"):
        registry.create(ANN, GAME_ID, [SeatChoice("open"), SeatChoice("open")])
    with pytest.raises(RoomError, match="no bot level"):
        registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("bot", "genius")])
    with pytest.raises(RoomError, match="no variant"):
        registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")], variants=["nope"])
    with pytest.raises(RoomError, match="Unknown game"):  # every game of the suite is built now
        registry.create(ANN, "chess", [SeatChoice("me"), SeatChoice("open")])
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")], variants=["short"])
    assert room.meta.variants == ["short"]


def test_presence_is_announced_to_the_others(registry):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(BOB)
    ann, bob, eve = Member(ANN), Member(BOB), Member(Identity.for_user("eve"))
    room.attach(ann, 0)
    room.attach(bob, 1)
    room.attach(eve, None)
    assert room.spectators() == 1 and room.is_present(0) and room.is_present(1)
    assert "bob joined." in [e.text for e in ann.events]
    room.detach(bob, "disconnected")
    assert room.seat_label(1) == "bob (away)"
    assert "bob disconnected." in [e.text for e in ann.events + eve.events]
    room.attach(bob, 1)
    assert "bob is back." in [e.text for e in ann.events]
    assert not [e for e in bob.events if e.text.startswith("bob")]  # not told about themselves


def test_spectators_share_one_public_view_per_change(registry):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(BOB)
    first = room.port(None, lambda f: f())
    second = room.port(None, lambda f: f())
    assert first.view() is second.view()
    assert first.view().hands == [[], []]  # no one's secrets
    player = room.port(0, lambda f: f())
    player.act(player.legal()[0])
    assert first.view() is not None and first.view().played == ["(chosen)", None]
    assert player.view().played[0] not in (None, "(chosen)")


def test_relay_ports_queue_listeners_and_close_cleans_up(registry):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(BOB)
    queued = []
    port = room.port(1, queued.append)
    calls = []
    port.subscribe(lambda: calls.append(1))
    table = room.table
    before = len(table._listeners)
    table.act(0, table.legal(0)[0])
    table.act(1, table.legal(1)[0])
    assert calls == [] and len(queued) == 1  # one queued run for the burst, in the session's own app
    queued.pop()()
    assert calls == [1]
    port.close()
    assert len(table._listeners) == before - 1


def test_rooms_are_saved_and_loaded(registry, tmp_path):
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")], seed=5)
    room.claim(BOB)
    room.table.act(0, room.table.legal(0)[0])
    waiting = registry.create(BOB, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    import asyncio

    asyncio.run(registry.close())  # writes everything
    again = RoomRegistry(tmp_path / "rooms")
    assert sorted(again.load_all()) == sorted([room.code, waiting.code])
    copy = again.get(room.code)
    assert copy.table.full_state_json() == room.table.full_state_json()
    assert copy.seat_of(BOB) == 1 and copy.meta.creator.identity == ANN.key
    assert again.get(waiting.code).status == "waiting"
    (tmp_path / "rooms" / f"{room.code}.json").write_text("{broken")
    third = RoomRegistry(tmp_path / "rooms")
    assert third.load_all() == [waiting.code]  # a damaged room is skipped, the rest load


def test_a_seat_coming_and_going_in_a_loop_is_announced_a_few_times_a_minute(registry):
    """Issue 25: 150 s of joining and leaving sent the room 1,007 notices (40 notices here before)."""
    from threadbox.net.rooms import PRESENCE_NOTICES

    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(BOB)
    ann = Member(ANN)
    room.attach(ann, 0)
    for _ in range(20):
        bob = Member(BOB)
        room.attach(bob, 1)
        assert room.is_present(1)  # the seats list still tells the truth
        room.detach(bob, "disconnected")
        assert not room.is_present(1)
    said = [e.text for e in ann.events if e.kind == "presence"]
    assert said[0] == "bob joined." and len(said) == 1 + PRESENCE_NOTICES
