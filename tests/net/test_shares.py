"""Issue 25: no address fills the server's connection limits, no client fills its log.

Real SSH clients; a second address is 127.0.0.2 (the loopback network). Each test failed before.
"""

from __future__ import annotations

import asyncio
import gc

import asyncssh
import pytest

from threadbox.net.options import ServeOptions

from .helpers import until
from .sshterm import SSHTerm, connect


def _flush(server) -> None:
    """What the server writes once the minute is over (the count of what was left out)."""
    budget = getattr(server, "log_budget", None)  # (the code before had none: it wrote every line)
    if budget is not None:
        budget.flush(force=True)


def test_an_address_gets_a_tenth_of_each_connection_limit_by_default():
    options = ServeOptions()
    assert options.connections_per_address() == 10 and options.unauthenticated_per_address() == 3
    assert ServeOptions(max_connections=500, max_unauthenticated=100).connections_per_address() == 50
    assert ServeOptions(max_connections=4).connections_per_address() == 4  # never more than the whole
    assert ServeOptions(max_connections_per_address=7).connections_per_address() == 7


async def test_one_address_cannot_fill_the_players_limit(start_server, terms):
    server = await start_server(max_connections=20, max_connections_per_address=2)
    a, b = await terms.open(server, "a"), await terms.open(server, "b")
    await a.wait_for("signed in as a")
    await b.wait_for("signed in as b")
    with pytest.raises(asyncssh.DisconnectError) as refused:
        await connect(server.port, "c")
    assert "Too many players are signed in from your network address (2)" in refused.value.reason
    other = await terms.open(server, "d", local_addr=("127.0.0.2", 0))  # another address still gets in
    await other.wait_for("signed in as d")
    await a.close()
    await until(lambda: server.connections == 2)
    c = await terms.open(server, "c")  # a place again
    await c.wait_for("signed in as c")


async def test_idle_sockets_from_one_address_leave_the_others_room_to_log_in(start_server, terms):
    server = await start_server()  # 30 logging in at once, 3 from one address
    idle = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
    try:
        await until(lambda: server.waiting.get("127.0.0.1") == 3)
        with pytest.raises(asyncssh.DisconnectError) as refused:
            await connect(server.port, "ann")
        assert "Too many connections from your network address are logging in" in refused.value.reason
        bob = await terms.open(server, "bob", local_addr=("127.0.0.2", 0))
        await bob.wait_for("signed in as bob")
    finally:
        for _, writer in idle:
            writer.close()


async def test_refused_requests_are_logged_at_a_limited_rate_with_a_count_of_the_rest(server):
    conn = await connect(server.port, "ann")
    try:
        held = [await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None) for _ in range(2)]
        refused = 0
        for _ in range(300):  # a third session, again and again (each new one takes over the last: a few get in)
            try:
                held.append(await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None))
            except asyncssh.ChannelOpenError:
                refused += 1
        assert refused >= 200
        _flush(server)  # what the server writes once the minute is over
        log = server.options.resolved_log_file().read_text()
        assert log.count("INFO threadbox.net: refused a session from") == 60  # one a refusal before
        assert f"{refused - 60} more lines like 'refused a session from" in log
        for proc in held:
            proc.close()
    finally:
        conn.close()


async def test_refused_names_are_logged_at_a_limited_rate(start_server):
    server = await start_server()
    for i in range(25):
        with pytest.raises(asyncssh.DisconnectError):
            await connect(server.port, f"X{i}")
    await until(lambda: not server.waiting)
    _flush(server)
    log = server.options.resolved_log_file().read_text()
    assert log.count("INFO threadbox.net: refused the name") == 25  # under the limit: every one
    for i in range(60):
        with pytest.raises(asyncssh.DisconnectError):
            await connect(server.port, f"Y{i}")
    _flush(server)
    log = server.options.resolved_log_file().read_text()
    assert log.count("INFO threadbox.net: refused the name") == 60
    assert "25 more lines like 'refused the name" in log


def _styles_caches(server) -> int:
    """Widgets' drawing caches alive after a full collection."""
    from textual._styles_cache import StylesCache

    server.gc.reclaim()
    gc.unfreeze()  # frozen objects are not listed
    try:
        return sum(1 for o in gc.get_objects() if type(o) is StylesCache)
    finally:
        gc.freeze()


async def test_coming_into_rooms_in_a_loop_is_limited_per_player_and_keeps_nothing(server, terms):
    """Issue 25: joining and leaving in a loop; each visit a new connection with ``join CODE``."""
    from .helpers import create_room

    ann = await terms.open(server, "ann")
    code = await create_room(server, ann, "ann")
    baseline = server.live_app_count()
    caches = _styles_caches(server)
    for _ in range(10):
        bob = await SSHTerm.open(server.port, "bob", command=f"join {code}")
        await bob.wait_for("Seat: bob")
        await bob.close()
    await until(lambda: len(server.sessions) == 1)
    await until(lambda: server.live_app_count() == baseline, timeout=5)  # every visit's App freed
    # ...and its widgets' drawing caches: Textual's colour cache kept 1,024 of them (161 more here before)
    assert _styles_caches(server) < caches + 60
    bob = await terms.open(server, "bob", command=f"join {code}")
    await bob.wait_for("came into rooms 10 times", "please wait")  # the eleventh within the minute
    assert "Seat: bob" not in bob.text()
    said = ann.raw.decode("utf-8", "replace")
    assert said.count("bob is back") <= 4  # 9 before, and as many "disconnected"
