"""The server's edges: many sessions, garbage input, odd windows, no pty, auth, limits, restarts."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sys

import asyncssh
import pytest

from threadbox.net.names import Identity, clean_name
from threadbox.net.registry import SeatChoice

from .fakegame import GAME_ID
from .helpers import app_of, create_room, join_by_code, until
from .sshterm import SSHTerm, connect


async def test_200_connect_disconnect_cycles_leave_no_app_behind(start_server):
    # Twenty at once from here; this test counts every session's log line.
    server = await start_server(max_unauthenticated_per_address=25, max_connections_per_address=100)
    server.log_budget.info_limit = server.log_budget.total = 1000
    stdout = sys.stdout

    async def cycle(i: int) -> None:
        conn = await connect(server.port, f"p{i}")  # one live session per name: each its own
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        seen = b""
        while b"signed in as" not in seen:  # the first frame of the lobby
            chunk = await asyncio.wait_for(proc.stdout.read(65536), 10)
            assert chunk, "session ended early"
            seen += chunk
        conn.close()
        await conn.wait_closed()

    baseline = server.live_app_count()
    for start in range(0, 200, 20):
        await asyncio.gather(*(cycle(i) for i in range(start, start + 20)))
    await until(lambda: not server.sessions)
    assert server.live_app_count() == baseline == 0
    assert sys.stdout is stdout  # no finished App left in sys.stdout
    log = server.options.resolved_log_file().read_text()
    assert log.count("opened") == 200 and "crashed" not in log


async def test_garbage_bytes_do_not_crash_anything(server, terms):
    ann = await terms.open(server, "ann")
    await ann.wait_for("signed in as ann")
    # Malformed input that must not do anything: broken UTF-8, cut-off, oversized and
    # unknown escape sequences, mouse reports far off screen, NULs, a huge paste.
    for chunk in [
        b"\xff\xfe\xc3",
        b"\x1b[",
        b"\x1b[99999999999;9999999999H",
        b"\x1b[<0;-5;-5M",
        b"\x1b]52;c;AAAA\x07",
        b"\x1b[200~" + b"x" * 50_000 + b"\x1b[201~",
        b"\x00" * 100,
        b"\x1b[?2026;1$y",
        b"\x1b[<64;3000;3000M",
        b"\x1b[M" + bytes([255, 255, 255]),
        b"\x1b[99999999999999999999u",
        b"\x1b[1;99999999999999999999u",
        b"\x1bP" + b"q" * 5000,
        b"\x1b[" + b"9" * 5000 + b"~",
    ]:
        ann.send(chunk)
        await asyncio.sleep(0.01)
    await asyncio.sleep(2.5)  # the junk used up the session's key budget; it refills at a human pace
    await ann.press("n")  # still answering keys
    await ann.wait_for("New room")
    await ann.press("escape")
    await ann.wait_for("signed in as ann", "Rooms")

    # Random bytes may press any key: open dialogs, make rooms, start games, even quit
    # (ctrl+q and ctrl+p are left out to keep the session going a little longer).
    # Whatever they do, nothing crashes and the server goes on.
    rnd = random.Random(7)
    for _ in range(40):
        ann.send(bytes(b for b in (rnd.randrange(256) for _ in range(rnd.randrange(1, 300))) if b not in (0x10, 0x11)))
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.5)
    if ann.closed.is_set():
        await asyncio.sleep(0.2)
        assert ann.proc.exit_status in (0, None), ann.tail()  # a clean goodbye, not a crash
    bob = await terms.open(server, "bob")
    await bob.wait_for("signed in as bob")
    assert "crashed" not in server.options.resolved_log_file().read_text()


async def test_huge_tiny_and_changing_window_sizes(server, terms):
    big = await terms.open(server, "big", width=5000, height=3000)
    await big.wait_for("5000x3000", "signed in as big")  # "... draws at most 300x120" in a note
    tiny = await terms.open(server, "tiny", width=10, height=3)
    await tiny.wait_for("Window", "small")  # wrapped in the tiny window
    zero = await terms.open(server, "zero", width=0, height=0)
    await asyncio.sleep(0.5)
    assert not zero.closed.is_set()

    tiny.resize(100, 30)
    await tiny.wait_for("signed in as tiny")
    tiny.resize(30, 10)
    await tiny.wait_for("Window too small")
    tiny.resize(100, 30)
    await tiny.wait_for("signed in as tiny", "Rooms")
    big.resize(1, 1)
    big.resize(100000, 100000)
    big.resize(100, 30)
    await big.wait_for("signed in as big")
    assert "crashed" not in server.options.resolved_log_file().read_text()


async def test_a_client_without_a_pty_is_told_to_use_ssh_t(server):
    conn = await connect(server.port, "ann")
    try:
        result = await conn.run(check=False)  # a shell without a pty, like "ssh host cmd" without -t
        assert "needs a terminal" in result.stdout and "ssh -t" in result.stdout
        assert result.exit_status == 2
        result = await conn.run("play", check=False)
        assert "ssh -t" in result.stdout
    finally:
        conn.close()
    assert not server.sessions


async def test_password_auth_refuses_a_wrong_password(start_server, tmp_path):
    passwords = tmp_path / "passwords"
    passwords.write_text("# players\nann:s3cret\n*:everyone\n")
    server = await start_server(auth="password", password_file=passwords)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "ann", password="wrong")
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "ann", password="everyone")  # ann has her own
    term = await SSHTerm.open(server.port, "ann", password="s3cret")
    await term.wait_for("signed in as ann")
    other = await SSHTerm.open(server.port, "bob", password="everyone")
    await other.wait_for("signed in as bob")
    await term.close()
    await other.close()


async def test_key_auth_refuses_an_unknown_key_and_uses_the_fingerprint(start_server, tmp_path, terms):
    known = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(known.export_public_key())
    server = await start_server(auth="keys", authorized_keys=keys)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "ann", client_keys=[stranger])
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(server.port, "ann")  # no key at all
    ann = await terms.open(server, "ann", client_keys=[known])
    await ann.wait_for("signed in as ann")
    assert app_of(server, "ann").identity.key == "key:" + known.get_fingerprint()


async def test_over_the_connection_limit_is_refused_with_a_message(start_server, terms):
    server = await start_server(max_connections=2)
    first = await terms.open(server, "a")
    second = await terms.open(server, "b")
    await first.wait_for("signed in as a")
    await second.wait_for("signed in as b")
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await connect(server.port, "c")
    assert "full" in str(refused.value.reason)
    await first.close()
    await until(lambda: server.connections < 2)
    third = await terms.open(server, "c")
    await third.wait_for("signed in as c")


async def test_rooms_per_player_and_per_server_are_limited(start_server):
    server = await start_server(max_rooms=3, max_rooms_per_player=2)
    reg = server.registry
    ann, bob = Identity.for_user("ann"), Identity.for_user("bob")
    from threadbox.net.rooms import RoomError

    seats = [SeatChoice("me"), SeatChoice("open")]
    reg.create(ann, GAME_ID, seats)
    reg.create(ann, GAME_ID, seats)
    with pytest.raises(RoomError, match="at most 2"):
        reg.create(ann, GAME_ID, seats)
    reg.create(bob, GAME_ID, seats)
    with pytest.raises(RoomError, match="at most 3 rooms"):
        reg.create(bob, GAME_ID, seats)


async def test_rooms_are_saved_and_resume_after_a_restart(start_server, terms, home):
    server = await start_server()
    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    bob = await terms.open(server, "bob")
    await join_by_code(bob, "bob", code)
    await bob.wait_for("Seat: bob")
    await ann.press("2")  # birchmoth
    await ann.wait_for("Waiting for bob")
    await server.close()
    await ann.wait_closed()
    assert "shutting down" in ann.tail()
    assert (home / "rooms" / f"{code}.json").exists() and (home / "rooms" / f"{code}.room.json").exists()

    again = await start_server()  # same data folder: the room comes back, the host key is the same
    assert again.host_key.get_fingerprint() == server.host_key.get_fingerprint()
    room = again.registry.get(code)
    assert room is not None and room.status == "playing"
    assert [a.model_dump() for _, a in room.table.actions] == [{"kind": "play", "card": "birchmoth"}]
    bob = await terms.open(again, "bob")
    await bob.wait_for("Seat: bob", "ann has chosen.")
    ann = await terms.open(again, "ann")
    await ann.wait_for("Seat: ann", "ann has chosen birchmoth")


async def test_rooms_nobody_visits_expire(server):
    reg = server.registry
    room = reg.create(Identity.for_user("ann"), GAME_ID, [SeatChoice("me"), SeatChoice("bot", "random")])
    assert room.status == "playing"
    assert reg.expire(now=room.meta.last_seen + 10) == []
    assert reg.expire(now=room.meta.last_seen + server.options.room_ttl + 1) == [room.code]
    assert reg.get(room.code) is None
    await asyncio.sleep(0.5)  # the saver removes the files
    assert not (reg.folder / f"{room.code}.json").exists()


async def test_idle_sessions_are_closed_with_a_message(start_server, terms):
    server = await start_server(idle_timeout=1)
    ann = await terms.open(server, "ann")
    await ann.wait_for("signed in as ann")
    await ann.wait_closed(timeout=15)
    assert "without a key press" in ann.tail()


async def test_names_are_shown_as_typed_never_as_markup_or_escapes(server, terms):
    term = await terms.open(server, "[b]ann[/b]")
    await term.wait_for("signed in as [b]ann[/b]")
    assert clean_name("\x1b[31mevil\x07\x1b]0;x\x07 name") == "[31mevil]0;x name"
    assert clean_name("\u202eevil") == "evil"  # no bidi overrides either
    assert clean_name("   ") == "player" and len(clean_name("x" * 99)) == 20


@pytest.mark.skipif(
    not os.path.exists("/usr/bin/ssh")
    and not any(os.path.exists(os.path.join(p, "ssh")) for p in os.environ.get("PATH", "").split(os.pathsep)),
    reason="OpenSSH's ssh is not installed",
)
async def test_openssh_client_in_a_pty(server):
    import fcntl
    import pty
    import shutil
    import signal
    import struct
    import subprocess
    import termios

    import pyte

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(
        [
            shutil.which("ssh") or "/usr/bin/ssh",
            "-tt",
            "-p",
            str(server.port),
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "-o",
            "PubkeyAuthentication=no",
            "-o",
            "LogLevel=ERROR",
            "olga@127.0.0.1",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )
    os.close(slave)
    screen = pyte.Screen(100, 30)
    stream = pyte.ByteStream(screen)
    loop = asyncio.get_running_loop()
    arrived = asyncio.Event()

    def readable() -> None:
        try:
            data = os.read(master, 65536)
        except OSError:
            data = b""
        if not data:
            loop.remove_reader(master)
        stream.feed(data)
        arrived.set()

    loop.add_reader(master, readable)

    async def wait_for(text: str) -> None:
        deadline = loop.time() + 15
        while text not in "\n".join(screen.display):
            assert loop.time() < deadline, "\n".join(screen.display)
            arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(arrived.wait(), 0.5)

    try:
        await wait_for("signed in as olga")
        app = app_of(server, "olga")
        assert app.console.color_system in ("256", "truecolor")  # from the client's TERM
        os.write(master, b"n")
        await wait_for("New room")
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # the window grows
        proc.send_signal(signal.SIGWINCH)  # ssh is not in the pty's foreground group: tell it
        await until(lambda: app.size == (120, 40))
        os.write(master, b"\x1b")  # a lone Escape key: back to the lobby
        await until(lambda: type(app.screen).__name__ == "LobbyScreen")
        os.write(master, b"\x11")  # ctrl+q: disconnect
        await loop.run_in_executor(None, proc.wait, 15)
        assert proc.returncode == 0
    finally:
        loop.remove_reader(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


async def test_colours_follow_the_client_terminal(server, terms):
    plain = await terms.open(server, "plain", term_type="vt100")
    true = await terms.open(server, "true", term_type="xterm", env={"COLORTERM": "truecolor"})
    await plain.wait_for("signed in as plain")
    await true.wait_for("signed in as true")
    assert app_of(server, "plain").console.color_system == "standard"
    assert app_of(server, "true").console.color_system == "truecolor"
    assert "\x1b[38;2;" in true.raw.decode("utf-8", "replace")  # 24-bit colours sent
    assert "\x1b[38;2;" not in plain.raw.decode("utf-8", "replace")


async def test_a_connection_that_never_logs_in_is_closed(start_server):
    """A client that opens the TCP connection and then says nothing is dropped after the login timeout."""
    server = await start_server(login_timeout=1)
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    try:
        banner = await asyncio.wait_for(reader.readline(), 5)
        assert banner.startswith(b"SSH-2.0-")
        # No reply: the server must hang up by itself.
        rest = await asyncio.wait_for(reader.read(), 10)
        assert reader.at_eof(), rest
    finally:
        writer.close()
    await until(lambda: server.connections == 0)
