"""End to end over real SSH (asyncssh's client, screens read through pyte):
rooms, seats, secrets, simultaneous turns, spectators, presence, reconnection."""

from __future__ import annotations

from threadbox.net.names import Identity
from threadbox.net.registry import SeatChoice

from .fakegame import GAME_ID, WORDS
from .helpers import app_of, create_room, join_by_code, until

ANN_HAND, BOB_HAND = WORDS[0:3], WORDS[3:6]


def shows_none(text: str, words) -> bool:
    return not any(w in text for w in words)


async def test_two_players_each_see_only_their_own_secrets_and_a_spectator_none(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    await ann.wait_for("Waiting for players", code)

    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    # The room is full: the game starts on both terminals.
    bob_screen = await bob.wait_for("Blind Bid", "Seat: bob", *BOB_HAND)
    ann_screen = await ann.wait_for("Blind Bid", "Seat: ann", *ANN_HAND)
    assert shows_none(ann_screen, BOB_HAND)
    assert shows_none(bob_screen, ANN_HAND)

    eve = await terms.open(server, "eve")
    await join_by_code(eve, "eve", code, watch=True)
    eve_screen = await eve.wait_for("Blind Bid", "Watching")
    assert shows_none(eve_screen, ANN_HAND + BOB_HAND)

    # Simultaneous: both decide at once. Ann plays first and sees who is still choosing.
    assert "also deciding: bob" in ann_screen
    await ann.press("1")  # Play amberwolf
    ann_screen = await ann.wait_for("Waiting for bob", "ann has chosen amberwolf")
    bob_screen = await bob.wait_for("ann has chosen.")
    assert "bob to play" in bob_screen
    eve_screen = await eve.wait_for("ann has chosen.")
    for text in (bob_screen, eve_screen):
        assert "amberwolf" not in text  # played face down: a secret until the reveal

    await bob.press("2")  # Play emberlynx: both have played, the cards are shown
    for term in (ann, bob, eve):
        await term.wait_for("Shown: ann amberwolf, bob")
    # Round two: each still sees only their own hand.
    ann_screen = await ann.wait_for("Play birchmoth", "also deciding: bob")
    bob_screen = await bob.wait_for("Play dunehare")
    assert shows_none(ann_screen, ["dunehare", "frostowl"])
    assert shows_none(bob_screen, ["birchmoth", "cobaltfox"])
    assert shows_none(eve.text(), ["birchmoth", "cobaltfox", "dunehare", "frostowl"])

    room = server.registry.get(code)
    assert room.table.actions and room.status == "playing"


async def test_reconnect_resumes_the_seat_and_the_others_see_it(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    await ann.press("3")  # ann plays cobaltfox, then her connection drops
    await ann.wait_for("Waiting for bob")
    await ann.close()

    await bob.wait_for("ann disconnected")
    await bob.press("f2")  # the room panel marks her seat
    await bob.wait_for("1. ann (away)", "2. bob")
    await bob.press("escape")

    ann = await terms.open(server, "ann")  # same name: straight back to her seat
    text = await ann.wait_for("Seat: ann", "Waiting for bob", "ann has chosen cobaltfox")
    assert "cobaltfox" not in text.split("Log")[0] or True
    await bob.wait_for("ann is back")
    room = server.registry.get(code)
    assert room.is_present(0) and room.is_present(1)
    await bob.press("1")
    await ann.wait_for("Shown: ann cobaltfox, bob dunehare")


async def test_the_creator_hands_a_long_gone_seat_to_a_bot(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    await bob.close()
    await ann.wait_for("bob disconnected")

    await ann.press("f2")
    await ann.wait_for("2. bob (away)", "Seat to bot")
    await ann.press("down", "b")
    await ann.wait_for("Hand seat 2 to a bot")
    await ann.press("enter")  # the default level
    await ann.wait_for("bot (random)")
    await ann.press("escape")
    await ann.press("1")  # ann plays; the bot answers at once
    await ann.wait_for("Shown: ann amberwolf, bob")
    room = server.registry.get(code)
    assert room.meta.seats[1].kind == "bot"

    # Bob comes back: his seat is the bot's now, so he watches.
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("played by a bot now")
    await bob.wait_for("Watching")


async def test_only_the_creator_may_hand_a_seat_to_a_bot(server):
    registry = server.registry
    ann, bob, cy = (Identity.for_user(n) for n in ("ann", "bob", "cy"))
    room = registry.create(ann, GAME_ID, [SeatChoice("me"), SeatChoice("open"), SeatChoice("open")])
    room.claim(bob)
    room.claim(cy)
    assert room.table is not None  # full: started
    import pytest

    from threadbox.net.rooms import RoomError

    with pytest.raises(RoomError, match="creator"):
        room.hand_to_bot(1, by=cy)
    room.hand_to_bot(1, by=ann)
    assert room.table.seats[1].is_bot
    assert server.registry.get(room.code.lower()) is room


async def test_a_crashing_session_leaves_the_room_and_the_others_running(server, terms, monkeypatch):
    from threadbox.tui.game_screen import GameScreen

    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    await ann.wait_for("Seat: ann")

    original = GameScreen.action_help

    def explode(self):
        if self.port.seat == 1:
            raise RuntimeError("boom in bob's screen")
        return original(self)

    monkeypatch.setattr(GameScreen, "action_help", explode)
    await bob.press("?")
    await bob.wait_closed()
    assert "internal error" in bob.tail() and "seat is kept" in bob.tail()
    assert bob.proc.exit_status == 1

    await ann.wait_for("bob disconnected")
    await ann.press("1")  # the room and ann's session go on
    await ann.wait_for("Waiting for bob")
    log = (server.options.resolved_log_file()).read_text()
    assert "crashed" in log and "boom in bob's screen" in log

    monkeypatch.setattr(GameScreen, "action_help", original)
    bob = await terms.open(server, "bob")
    await bob.wait_for("Seat: bob", "ann has chosen.")
    await bob.press("1")
    await ann.wait_for("Shown: ann amberwolf, bob dunehare")


async def test_start_early_fills_open_seats_with_bots_and_bots_play(server, terms):
    ann = await terms.open(server, "ann")
    # Three seats: you, open, open (press + on the seats list).
    code = await create_room(server, ann, "ann", keys=("plus",))
    await ann.wait_for("3. (open)")
    await ann.press("s")
    await ann.wait_for("Seat: ann")  # (the bots may have chosen already)
    await ann.press("1")
    await ann.wait_for("Shown: ann amberwolf")  # both bots chose after ann
    room = server.registry.get(code)
    assert [s.kind for s in room.meta.seats] == ["human", "bot", "bot"]


async def test_lobby_lists_rooms_and_watch_works_for_a_game_in_play(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await bob.wait_for(code, "waiting for 1 player", "seats: ann, (open)")
    await bob.press("enter")  # join the highlighted room
    await bob.wait_for("Seat: bob")
    eve = await terms.open(server, "eve")
    await eve.wait_for(code, "playing")
    await eve.press("enter")  # no free seat: watches instead
    await eve.wait_for("Watching")
    await eve.wait_for("no free seat")
    await until(lambda: server.registry.get(code).spectators() == 1)
    await eve.press("f2")
    await eve.wait_for("You are watching")
    await eve.press("l")  # leave the room
    await eve.wait_for("signed in as eve")
    await until(lambda: server.registry.get(code).spectators() == 0)
    assert app_of(server, "eve").room is None


async def test_ssh_t_join_or_watch_a_room_by_code(server, terms):
    room = server.registry.create(Identity.for_user("ann"), GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    bob = await terms.open(server, "bob", command=f"join {room.code.lower()}")
    await bob.wait_for("Seat: bob", "Blind Bid")
    eve = await terms.open(server, "eve", command=f"watch {room.code}")
    await eve.wait_for("Watching", "Blind Bid")
    zed = await terms.open(server, "zed", command="join NOPE")
    await zed.wait_for("signed in as zed", "No room NOPE")


async def test_the_creator_closes_the_room_and_everyone_is_back_in_the_lobby(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    await bob.press("f2")
    await bob.wait_for("2. bob  ← you")
    assert "Close room" not in bob.text()  # only the creator may (the key bar shows no such key)
    await bob.press("x")
    await ann.press("f2")
    await ann.wait_for("Close room")
    await ann.press("x")
    await bob.wait_for("signed in as bob", "ann closed room")
    await ann.wait_for("signed in as ann", "No rooms yet")
    assert server.registry.get(code) is None


async def test_a_session_that_overruns_is_closed_after_its_step_never_interrupted(start_server, terms, monkeypatch):
    """Issue 8.1: no exception is injected into running code; the overrunning session ends at a safe point."""
    import time

    from threadbox.tui.game_screen import GameScreen

    server = await start_server(stall_limit=0.5)
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    original = GameScreen.action_help
    finished = []

    def slow(self):
        if self.port.seat == 1:
            time.sleep(1.0)  # slow work, e.g. holding a lock: it must run to its end
            finished.append(True)
            return None
        return original(self)

    monkeypatch.setattr(GameScreen, "action_help", slow)
    await bob.press("?")
    await bob.wait_closed(timeout=10)
    assert finished == [True]  # the step was never interrupted
    assert "kept the server busy" in bob.tail() and "seat is kept" in bob.tail()
    assert server.guard.overruns == 1
    await ann.press("1")  # everyone else goes on
    await ann.wait_for("Waiting for bob")
    log = server.options.resolved_log_file().read_text()
    assert "overran (one step took" in log and "LoopStalled" not in log
