"""SSH rooms: a hard bot's think time is chosen seat by seat from the offered ones, checked by the
server, shown to the room and kept when the room is saved and resumed (issue 10)."""

from __future__ import annotations

import math

import pytest

from threadbox.controller import THINK_CHOICES
from threadbox.net.names import Identity
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.net.rooms import RoomError
from threadbox.net.roomview import bot_choices

from .helpers import app_of, create_room, join_by_code, until
from .test_rooms import Member

GAME = "warp-and-weft"  # a real game: the test game has no bot that searches
ANN, BOB = Identity.for_user("ann"), Identity.for_user("bob")


@pytest.fixture
def registry(tmp_path) -> RoomRegistry:
    return RoomRegistry(tmp_path / "rooms", bot_delay=3600)  # bots never get to think here


async def test_a_hard_bot_seat_keeps_its_think_time_from_the_room_to_the_search(registry):
    room = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "hard", 2.0), SeatChoice("open")])
    assert room.meta.seats[1].think == 2.0
    assert room.summary().seats[1] == "Bot (bot, hard, 2 s)"
    room.claim(BOB)  # the last open seat: the game starts
    assert room.table is not None
    assert room.table.seats[1].think == 2.0 and room.table.seats[1].label() == "Bot 2 (bot, hard, 2 s)"
    assert room.table._bots[1].think == 2.0
    assert room.summary().seats[1] == "Bot 2 (bot, hard, 2 s)"
    await registry.close()


async def test_a_hard_bot_without_a_time_takes_the_default_and_others_take_none(registry):
    room = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "hard"), SeatChoice("bot", "easy")])
    assert [s.think for s in room.meta.seats] == [None, 1.0, None]
    assert [s.think for s in room.table.seats] == [None, 1.0, None]
    await registry.close()


@pytest.mark.parametrize("forged", [3600, 36000.0, 3.0, 0, -1, 1e308, math.nan, math.inf, True, "2", [1]])
async def test_a_think_time_not_offered_is_refused_and_makes_no_room(registry, forged):
    with pytest.raises(RoomError, match=r"Seat 2: Think time must be one of 0.5 s, 1 s, 2 s, 5 s\."):
        registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "hard", forged)])
    assert registry.rooms == {}
    await registry.close()


async def test_a_think_time_for_a_bot_that_does_not_search_is_refused(registry):
    with pytest.raises(RoomError, match="level easy does not search"):
        registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "easy", 1.0)])
    assert registry.rooms == {}
    await registry.close()


async def test_a_seat_handed_to_a_hard_bot_takes_an_offered_think_time(registry):
    room = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("open")], seed=3)
    room.claim(BOB)  # bob's seat: he is not here, so it may go to a bot
    watcher = Member(ANN)
    room.members[watcher] = None
    for forged in (600.0, 0.1, math.nan):
        with pytest.raises(RoomError, match="Think time must be one of"):
            room.hand_to_bot(1, by=ANN, level="hard", think=forged)
        assert room.meta.seats[1].kind == "human" and not room.table.seats[1].is_bot  # nothing changed
    with pytest.raises(RoomError, match="does not search"):
        room.hand_to_bot(1, by=ANN, level="random", think=1.0)
    room.hand_to_bot(1, by=ANN, level="hard", think=5.0)
    assert room.meta.seats[1].think == 5.0 and room.table.seats[1].think == 5.0
    assert room.table._bots[1].think == 5.0
    assert watcher.events[-1].text == "bob's seat is now played by a bot (hard, 5 s)."
    assert room.summary().seats[1] == "bob (bot, hard, 5 s)"
    await registry.close()


async def test_think_times_survive_save_and_resume(registry, tmp_path):
    playing = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "hard", 5.0)], seed=7)
    waiting = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("bot", "hard", 0.5), SeatChoice("open")])
    handed = registry.create(ANN, GAME, [SeatChoice("me"), SeatChoice("open")], seed=8)
    handed.claim(BOB)
    handed.hand_to_bot(1, by=ANN, level="hard", think=2.0)
    await registry.close()  # writes everything

    again = RoomRegistry(tmp_path / "rooms", bot_delay=3600)
    assert sorted(again.load_all()) == sorted([playing.code, waiting.code, handed.code])
    room = again.get(playing.code)
    assert room.meta.seats[1].think == 5.0 and room.table.seats[1].think == 5.0 and room.table._bots[1].think == 5.0
    room = again.get(handed.code)
    assert room.meta.seats[1].think == 2.0 and room.table._bots[1].think == 2.0
    assert room.summary().seats[1] == "bob (bot, hard, 2 s)"
    room = again.get(waiting.code)
    assert room.status == "waiting" and room.summary().seats[1] == "Bot (bot, hard, 0.5 s)"
    room.claim(BOB)  # starts now, with the time chosen before the restart
    assert room.table.seats[1].think == 0.5 and room.table._bots[1].think == 0.5
    await again.close()


def test_the_hand_to_bot_choices_name_each_time():
    choices = bot_choices(GAME)
    assert choices[:2] == [("random", "random"), ("easy", "easy")]
    assert choices[2:] == [(f"hard, {t:g} s", f"hard:{t:g}") for t in THINK_CHOICES]


async def test_the_creator_picks_a_hard_bot_s_think_time_over_ssh(server, terms):
    ann = await terms.open(server, "ann")
    # A third seat (open, so the room waits), then seat 2: open -> random -> easy -> hard 1 s -> hard 2 s.
    keys = ("plus", "up", "enter", "enter", "enter")
    await ann.wait_for("signed in as ann")
    await ann.press("n")
    await ann.wait_for("New room")
    app = app_of(server, "ann")
    await until(lambda: getattr(app.screen, "game_id", None) is not None)
    for _ in range(10):
        if app.screen.game_id == GAME:
            break
        await ann.press("down")
        await ann.quiet(0.05)
    assert app.screen.game_id == GAME
    await ann.press("tab", *keys)
    await ann.wait_for("Seat 2: bot (hard, 1 s)")
    await ann.press("enter")
    await ann.wait_for("Seat 2: bot (hard, 2 s)")
    await ann.press("ctrl+s")
    await ann.wait_for("Bot (bot, hard, 2 s)")
    (room,) = server.registry.rooms.values()
    assert room.meta.game == GAME and room.meta.seats[1].think == 2.0


async def test_a_gone_player_s_seat_goes_to_a_hard_bot_at_a_chosen_time_over_ssh(start_server, terms):
    server = await start_server(bot_delay=3600)  # the bot is given its seat, not the time to think
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann", game=GAME)
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await until(lambda: server.registry.get(code).table is not None)
    await bob.close()
    await ann.wait_for("bob disconnected")
    await ann.press("f2")
    await ann.wait_for("2. bob (away)")
    await ann.press("down", "b")
    await ann.wait_for("Hand seat 2 to a bot", "hard, 0.5 s", "hard, 5 s")
    await ann.press("down", "down", "down", "down", "enter")  # from easy (the default) to hard, 5 s
    await ann.wait_for("bob (bot, hard, 5 s)")
    room = server.registry.get(code)
    assert room.meta.seats[1].think == 5.0 and room.table._bots[1].think == 5.0
