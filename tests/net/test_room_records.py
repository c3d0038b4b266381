"""A room's finished game becomes a record: the host lists and replays it, its players replay it from the lobby."""

from __future__ import annotations

from threadbox.controller import Eyes, Replay
from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice

from .fakegame import GAME_ID
from .helpers import app_of, until

ANN, BOB = Identity.for_user("ann"), Identity.for_user("bob")


def finish(room) -> None:
    """Ann (seat 0) plays her first option until the game is over; bots answer."""
    table = room.table
    while not table.is_over():
        if not table.step_bot():
            table.act(0, table.legal(0)[0])


async def test_a_finished_room_becomes_a_record_of_its_players(tmp_path):
    registry = RoomRegistry(tmp_path / "rooms", bot_delay=0)
    room = registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("bot", "random")])
    table = room.table
    table.act(0, table.legal(0)[0])
    assert registry.book.entries() == [], "only a finished game is kept"
    finish(room)
    [record] = registry.book.finished()
    assert record.room == room.code and record.holders == [ANN.key, None]
    assert room.meta.record == record.id
    assert (tmp_path / "records" / f"{record.id}.json").exists(), "in the host's data folder, next to rooms/"
    assert registry.book.played_by(ANN.key) == [record] and registry.book.played_by(BOB.key) == []
    replay = Replay(record)
    assert replay.states[-1].to_json() == table.full_state_json()
    assert Eyes("all", 0) in replay.allowed_eyes() and Eyes("spectator") in replay.allowed_eyes()


async def test_players_replay_their_finished_rooms_from_the_lobby(server, terms):
    room = server.registry.create(ANN, GAME_ID, [SeatChoice("me"), SeatChoice("bot", "random")])
    finish(room)
    await until(lambda: room.meta.record is not None)
    ann = await terms.open(server, "ann")
    await ann.wait_for("signed in as ann")
    await ann.press("h")
    await ann.wait_for("History: finished games", "Blind Bid", room.meta.record)
    await ann.press("enter")
    await ann.wait_for("Blind Bid · replay", "Seeing every secret")
    app = app_of(server, "ann")
    last = app.screen.replay.last
    await ann.wait_for(f"Step {last}/{last}")
    await ann.press("left")  # (the test terminal has no Home key)
    await ann.wait_for(f"Step {last - 1}/{last}")
    await ann.press("escape")
    await ann.wait_for("History: finished games")
    bob = await terms.open(server, "bob")
    await bob.wait_for("signed in as bob")
    await bob.press("h")
    await bob.wait_for("No finished games yet.")
