"""The session App on its own (no SSH): nothing written or opened on the server, its own commands."""

from __future__ import annotations

import os

from threadbox.net.app import Hub, ThreadboxSSHApp
from threadbox.net.registry import RoomRegistry
from threadbox.net.screenshot import _Session


async def test_a_session_writes_and_opens_nothing_on_the_server(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    opened = []
    monkeypatch.setattr("webbrowser.open", lambda *a, **k: opened.append(a))
    session = _Session("ann", (100, 30))
    app = ThreadboxSSHApp(Hub(RoomRegistry(tmp_path / "rooms")), session)  # type: ignore[arg-type]
    session.app = app
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles and "Disconnect" in titles
        assert app.deliver_screenshot() is None
        assert app.save_screenshot() == ""
        app.open_url("https://example.org")
        app.action_suspend_process()  # would stop the whole server: does nothing
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any("not available over SSH" in n for n in notes)
        assert any("https://example.org" in n for n in notes)
    assert opened == []
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []  # no file anywhere (Downloads, svg, ...)
    assert os.listdir(tmp_path) in ([], ["rooms"])
