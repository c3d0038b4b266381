"""Steps the SSH tests share: find a session's App, make a room through the lobby."""

from __future__ import annotations

import asyncio
import re

from threadbox.net.server import ThreadboxServer

from .fakegame import GAME_ID
from .sshterm import SSHTerm


def app_of(server: ThreadboxServer, name: str):
    """The running App of the (newest) session signed in as ``name``."""
    apps = [s.app for s in server.sessions if s.identity.name == name and s.app is not None]
    assert apps, f"no session of {name}"
    return apps[-1]


async def until(check, timeout: float = 10.0) -> None:
    """Wait until ``check()`` is true."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        if loop.time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.02)


async def create_room(
    server: ThreadboxServer, term: SSHTerm, name: str, game: str = GAME_ID, keys: tuple[str, ...] = ()
) -> str:
    """Create a room through the lobby (``keys`` are pressed on the seats list). Returns its code."""
    await term.wait_for(f"signed in as {name}")
    await term.press("n")
    await term.wait_for("New room")
    app = app_of(server, name)
    await until(lambda: getattr(app.screen, "game_id", None) is not None)
    for _ in range(10):
        if app.screen.game_id == game:
            break
        await term.press("down")
        await term.quiet(0.05)
    assert app.screen.game_id == game
    if keys:
        await term.press("tab")
        await term.press(*keys)
    await term.press("ctrl+s")
    text = await term.wait_for("Room ")
    match = re.search(r"Room ([A-Z]{4})", text)
    assert match, text
    return match.group(1)


async def join_by_code(term: SSHTerm, name: str, code: str, watch: bool = False) -> None:
    await term.wait_for(f"signed in as {name}")
    await term.press("j")
    await term.wait_for("Room code:")
    await term.quiet(0.1)
    await term.type(code.lower())
    await term.press(*(("tab", "tab", "enter") if watch else ("enter",)))
