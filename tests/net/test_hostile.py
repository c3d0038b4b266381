"""Issue 8: a hostile player with a stock client and small scripts. Each test failed before the fix."""

from __future__ import annotations

import asyncio
import os
import stat
import time

import asyncssh
import pytest

from threadbox.net.auth import LoginThrottle
from threadbox.net.names import Identity, NameRefused, check_name
from threadbox.net.registry import RoomRegistry, SeatChoice
from threadbox.net.rooms import RoomError

from .fakegame import GAME_ID, WORDS
from .helpers import app_of, create_room, join_by_code, until
from .sshterm import SSHTerm, connect


# ---- 1. one session cannot freeze the others ------------------------------------------------
async def test_input_is_budgeted_resizes_coalesced_and_drops_logged_once(server, terms, monkeypatch):
    from threadbox.net.app import ThreadboxSSHApp

    resizes = []
    original = ThreadboxSSHApp.on_resize
    monkeypatch.setattr(
        ThreadboxSSHApp, "on_resize", lambda self, event: (resizes.append(event.size), original(self, event))
    )
    ann = await terms.open(server, "ann")
    await ann.wait_for("signed in as ann")
    resizes.clear()
    started = time.monotonic()
    for i in range(300):  # a window-size flood (ten times the budget)
        ann.proc.change_terminal_size(60 + i % 30, 30)
    ann.proc.change_terminal_size(100, 30)  # the size the test's screen has
    for _ in range(50):  # a key flood: far more keys than anyone types
        ann.send(b"jjjjjjjjjj\x1b\x1b")
        await asyncio.sleep(0.01)
    await until(lambda: resizes and resizes[-1] == (100, 30))
    took = time.monotonic() - started
    assert len(resizes) <= took / 0.05 + 5  # the last size at most every 50 ms, not 3000 times
    driver = app_of(server, "ann")._driver
    # The window-size flood pauses reading for a while: the keys are dropped once read.
    await until(lambda: driver.dropped.get("keys and clicks", 0) > 0)
    await ann.quiet(0.3)
    log = server.options.resolved_log_file().read_text()
    assert log.count("keys and clicks over its budget") == 1  # logged once, however much was dropped
    await asyncio.sleep(2.5)  # the budget refills at a human pace: keys work again
    await ann.press("escape", "escape")
    await ann.press("n")
    await ann.wait_for("New room")


async def test_text_fields_have_length_limits(server, terms):
    ann = await terms.open(server, "ann", command="join " + "[/]" * 500)
    await ann.wait_for("signed in as ann", "No room")  # a long command is cut, shown as text, never parsed
    app = app_of(server, "ann")
    await ann.press("ctrl+p")
    await until(lambda: type(app.screen).__name__ == "RemotePalette")
    ann.send(b"\x1b[200~" + b"x" * 5000 + b"\x1b[201~")  # a paste into the palette's search
    await ann.type("yz")
    await ann.quiet(0.3)
    from textual.command import CommandInput

    assert len(app.screen.query_one(CommandInput).value) <= 40
    await ann.press("escape")
    await ann.press("j")
    await ann.wait_for("Room code:")
    ann.send(b"\x1b[200~" + b"Q" * 5000 + b"\x1b[201~")
    await ann.quiet(0.3)
    from textual.widgets import Input

    assert len(app.screen.query_one("#code", Input).value) <= 8


# ---- 2. names are plain text everywhere ------------------------------------------------------
HOSTILE = ["[/]", "[bold red]x", "[link=x]me[/link]", "名前は長い"]  # markup of every kind, wide characters


async def test_hostile_names_are_plain_text_in_every_place_a_name_appears(server, terms):
    """Markup and wide characters shown as typed; escapes and right-to-left marks refused at the door."""
    for name in ("\x1b[31mred", "al\u202eice", "bob\u200f", "a\u0000b", "ann\u2028"):
        with pytest.raises(NameRefused, match="control or invisible") as refused:
            check_name(name)  # what the gate asks first (asyncssh's own client will not even send these)
        assert "\x1b" not in str(refused.value)

    creator, player, watcher, fourth = HOSTILE
    a = await terms.open(server, creator)
    code = await create_room(server, a, creator, keys=("plus",))  # three seats
    b = await terms.open(server, player)
    await b.wait_for(code, f"seats: {creator}, (open)")  # the lobby's room list
    await join_by_code(b, player, code)
    c = await terms.open(server, watcher)
    await c.wait_for(f"signed in as {watcher}")
    await a.wait_for(f"{player} joined.")  # a notice
    await a.wait_for(f"2. {player}")  # the room's seats
    d = await terms.open(server, fourth)
    await join_by_code(d, fourth, code)  # the last seat: the game begins
    for term, name in ((a, creator), (b, player), (d, fourth)):
        await term.wait_for("Blind Bid", f"Seat: {name}")  # the game screen's seat names
    await join_by_code(c, watcher, code, watch=True)
    await c.wait_for("Watching", creator, player, fourth)
    await a.press("1")
    await b.wait_for(f"{creator} has chosen.")  # the game's log
    await d.press("f2")
    await d.wait_for(f"1. {creator}", f"2. {player}", f"3. {fourth}  ← you")  # the room panel
    await d.press("escape")
    await b.close()
    await a.wait_for(f"{player} disconnected.")
    await c.wait_for(f"{player} disconnected.")
    for term in (a, c, d):
        assert not term.closed.is_set(), term.tail()
    log = server.options.resolved_log_file().read_text()
    assert "crashed" not in log and "MarkupError" not in log
    assert repr(player) in log  # log lines quote names: they cannot forge a line or colour the host's terminal


# ---- 3. logins -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, says",
    [
        ("alice ", "'alice'"),
        (" Alice", "'alice'"),
        ("ALICE", "'alice'"),
        ("Ａlice", "'alice'"),  # full-width A
        ("al  ice", "'al ice'"),
        ("x" * 21, "at most 20"),
        (" ", "give a name"),
        ("", "give a name"),
    ],
)
def test_only_canonical_names_are_accepted(name, says):
    with pytest.raises(NameRefused, match=says):
        check_name(name)
    assert check_name("alice") == "alice" and check_name("名前") == "名前"


async def test_a_name_is_checked_before_the_password_is_looked_up(start_server, tmp_path):
    passwords = tmp_path / "passwords"
    passwords.write_text("*:shared\n")
    server = await start_server(auth="password", password_file=passwords)
    for impostor in ("alice ", " Alice", "ALICE", "Ａlice", "alice" + "x" * 16):
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(server.port, impostor, password="shared")
        assert "alice" in refused.value.reason or "at most 20" in refused.value.reason
    term = await SSHTerm.open(server.port, "alice", password="shared")
    await term.wait_for("signed in as alice")
    await term.close()


class _Guesser(asyncssh.SSHClient):
    def __init__(self, guesses):
        self.guesses = iter(guesses)

    def password_auth_requested(self):
        return next(self.guesses, None)


async def _guess(port: int, guesses) -> float:
    started = time.monotonic()
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
        await asyncssh.connect(
            "127.0.0.1",
            port,
            username="ann",
            known_hosts=None,
            config=None,
            agent_path=None,
            client_keys=None,
            client_factory=lambda: _Guesser(guesses),
        )
    return time.monotonic() - started


async def test_wrong_passwords_end_the_connection_slow_the_address_and_are_logged_sparingly(start_server, tmp_path):
    passwords = tmp_path / "passwords"
    passwords.write_text("ann:s3cret\n")
    server = await start_server(auth="password", password_file=passwords)
    server.throttle = LoginThrottle(first=0.05, longest=0.4)
    tried = []
    guesses = (tried.append(n) or f"guess{n}" for n in range(500))
    await _guess(server.port, guesses)
    assert len(tried) == 3  # three tries, then the connection is closed (500 took 0.2 s before)
    times = [await _guess(server.port, [f"g{i}"] * 3) for i in range(4)]
    assert times[-1] >= 3 * 0.4 * 0.9 and times[-1] > times[0]  # every answer to this address waits longer
    log = server.options.resolved_log_file().read_text()
    assert 0 < log.count("wrong password") <= 10  # 15 failures, at most 10 lines a minute


async def test_a_second_session_of_the_same_player_takes_over_the_first(server, terms):
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await ann.wait_for("Seat: ann")
    again = await terms.open(server, "ann")
    await ann.wait_closed()
    assert "signed in again" in ann.tail()
    await again.wait_for("Seat: ann")  # back in her seat, the only live session
    assert [s.identity.key for s in server.sessions].count("user:ann") == 1
    await again.press("1")
    await again.wait_for("ann has chosen amberwolf")


# ---- 4. limits ---------------------------------------------------------------------------------------
async def test_a_connection_holds_at_most_two_sessions(server):
    conn = await connect(server.port, "ann")
    try:
        first = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        second = await conn.create_process("watch NOPE", term_type="xterm", term_size=(80, 24), encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        first.close()
        await first.wait_closed()
        await until(lambda: len(server.sessions) <= 1)
        third = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)  # room again
        third.close()
        second.close()
    finally:
        conn.close()


async def test_a_logged_in_connection_without_a_session_is_closed(start_server):
    server = await start_server(login_timeout=1)
    conn = await connect(server.port, "ann")  # like ssh -N
    await asyncio.wait_for(conn.wait_closed(), 5)
    await until(lambda: server.connections == 0)


async def test_connections_not_logged_in_have_their_own_limits(start_server, terms):
    server = await start_server(max_connections=2, max_unauthenticated=3, max_unauthenticated_per_address=2)
    idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(2)]
    try:
        await until(lambda: sum(server.waiting.values()) == 2)
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(server.port, "ann")
        assert "logging in" in refused.value.reason
    finally:
        for _, writer in idle:
            writer.close()
    await until(lambda: not server.waiting)
    # Idle sockets never took a player's place: both players get in.
    ann, bob = await terms.open(server, "ann"), await terms.open(server, "bob")
    await ann.wait_for("signed in as ann")
    await bob.wait_for("signed in as bob")


def test_room_creation_is_limited_per_address_as_well_as_per_name(tmp_path):
    from threadbox.net.registry import RoomLimits

    registry = RoomRegistry(tmp_path / "rooms", RoomLimits(max_rooms_per_address=2), bot_delay=0)
    seats = [SeatChoice("me"), SeatChoice("open")]
    registry.create(Identity.for_user("a1"), GAME_ID, seats, address="10.0.0.9")
    registry.create(Identity.for_user("a2"), GAME_ID, seats, address="10.0.0.9")
    with pytest.raises(RoomError, match="network address"):
        registry.create(Identity.for_user("a3"), GAME_ID, seats, address="10.0.0.9")
    registry.create(Identity.for_user("a3"), GAME_ID, seats, address="10.0.0.10")


async def test_an_empty_room_expires_in_minutes_a_game_in_play_in_hours(tmp_path):
    registry = RoomRegistry(tmp_path / "rooms", bot_delay=0)
    seats = [SeatChoice("me"), SeatChoice("open")]
    waiting = registry.create(Identity.for_user("ann"), GAME_ID, seats)
    creator_here = registry.create(Identity.for_user("cy"), GAME_ID, seats)
    registry.online.add("user:cy")
    playing = registry.create(Identity.for_user("bob"), GAME_ID, [SeatChoice("me"), SeatChoice("bot", "random")])
    t = waiting.meta.last_seen
    assert registry.expire(now=t + 60) == []
    assert registry.expire(now=t + 11 * 60) == [waiting.code]  # 12 hours before
    assert registry.get(creator_here.code) is not None and registry.get(playing.code) is not None
    assert registry.expire(now=playing.meta.last_seen + 12 * 3600 + 1) == [playing.code]


# ---- 5. a move is saved before anyone sees it -------------------------------------------------------------
def test_a_change_is_on_disk_before_any_seat_hears_of_it(tmp_path):
    from threadbox.controller import load

    registry = RoomRegistry(tmp_path / "rooms", bot_delay=0)
    room = registry.create(Identity.for_user("ann"), GAME_ID, [SeatChoice("me"), SeatChoice("open")])
    room.claim(Identity.for_user("bob"))
    on_disk = []
    saved = tmp_path / "rooms" / f"{room.code}.json"
    room.port(0, lambda f: f()).subscribe(lambda: on_disk.append(len(load(saved).actions)))
    room.table.act(0, room.table.legal(0)[0])
    room.table.act(1, room.table.legal(1)[0])  # the reveal
    assert on_disk == [1, 2]  # what a seat is told about is already saved
    assert WORDS[3] in saved.read_text() or WORDS[4] in saved.read_text() or WORDS[5] in saved.read_text()


# ---- also ---------------------------------------------------------------------------------------------------
async def test_the_log_and_the_saves_are_private_to_the_server_account(server):
    registry = server.registry
    registry.create(Identity.for_user("ann"), GAME_ID, [SeatChoice("me"), SeatChoice("bot", "random")])
    await asyncio.sleep(0.3)
    files = [server.options.resolved_log_file(), *registry.folder.iterdir()]
    for path in files:
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
