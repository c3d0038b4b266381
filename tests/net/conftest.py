"""Fixtures for the SSH tests: a private data folder, the test game, servers on free ports."""

from __future__ import annotations

import pytest

from threadbox.net.options import ServeOptions
from threadbox.net.server import ThreadboxServer

from .fakegame import install
from .sshterm import SSHTerm


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Saves, host key and log go to a temporary folder, never the real one."""
    folder = tmp_path / "home"
    monkeypatch.setenv("THREADBOX_HOME", str(folder))
    return folder


@pytest.fixture(autouse=True)
def blind_bid(monkeypatch):
    """The test game Blind Bid (secrets, simultaneous turns) in the catalogue as ``net-test``."""
    install(monkeypatch)


@pytest.fixture
async def start_server(home):
    """``await start_server(**options)``: a server on 127.0.0.1 and a free port; closed after the test."""
    servers: list[ThreadboxServer] = []

    async def start(**options) -> ThreadboxServer:
        options.setdefault("port", 0)
        options.setdefault("bot_delay", 0.05)
        options.setdefault("idle_timeout", 0)
        options.setdefault("hang_limit", 0)  # in-process: exiting would end the test run
        server = ThreadboxServer(ServeOptions(**options))
        await server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        await server.close()


@pytest.fixture
async def server(start_server) -> ThreadboxServer:
    return await start_server()


@pytest.fixture
async def terms():
    """``await terms.open(server, name, ...)``: players' terminals, all closed after the test."""

    class Terms:
        def __init__(self):
            self.opened: list[SSHTerm] = []

        async def open(self, server: ThreadboxServer, name: str, **kw) -> SSHTerm:
            term = await SSHTerm.open(server.port, name, **kw)
            self.opened.append(term)
            return term

    group = Terms()
    yield group
    for term in group.opened:
        await term.close()
