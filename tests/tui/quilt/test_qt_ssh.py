"""Quilt over SSH: two players in a room, each on their own seat's screen, a spectator watching."""

from __future__ import annotations

import pytest
from net.helpers import app_of, create_room, join_by_code, until
from net.sshterm import SSHTerm

from threadbox.net.options import ServeOptions
from threadbox.net.server import ThreadboxServer


@pytest.fixture
async def server():
    server = ThreadboxServer(ServeOptions(port=0, bot_delay=0.05, idle_timeout=0))
    await server.start()
    yield server
    await server.close()


async def test_a_quilt_room_over_ssh(server):
    terms: list[SSHTerm] = []
    try:
        ann = await SSHTerm.open(server.port, "ann")
        terms.append(ann)
        code = await create_room(server, ann, "ann", game="quilt")
        bob = await SSHTerm.open(server.port, "bob")
        terms.append(bob)
        await join_by_code(bob, "bob", code)
        await ann.wait_for("Quilt", "Seat: ann")
        await bob.wait_for("Quilt", "Seat: bob")
        room = server.registry.get(code)
        first = room.table.view(0).turn
        player = (ann, bob)[first]
        await player.press("g")  # the green patch
        await until(lambda: room.table.view(0).patches[first] == "G")
        other = (ann, bob)[1 - first]
        await other.wait_for("■G")
        eve = await SSHTerm.open(server.port, "eve")
        terms.append(eve)
        await join_by_code(eve, "eve", code, watch=True)
        await eve.wait_for("Quilt", "Watching", "■G")
        assert app_of(server, "eve") is not None
    finally:
        for term in terms:
            await term.close()
