"""The SSH lobby as a picture (SVG), for the README: ``lobby_svg()``.

Runs the real ``ThreadboxSSHApp`` headless (no SSH), with a few rooms of the
built games in a throw-away registry, so the picture shows what a player sees
after ``ssh -p 2222 NAME@HOST``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from threadbox.rules.core import CATALOGUE, is_built

from .app import ThreadboxSSHApp
from .hub import Hub
from .names import Identity
from .registry import RoomRegistry, SeatChoice


class _Session:
    """Stands in for an SSH session: who it is and its terminal."""

    def __init__(self, name: str, size: tuple[int, int]):
        self.identity = Identity.for_user(name)
        self.term_type = "xterm-256color"
        self.env = {"COLORTERM": "truecolor"}
        self.term_size = size
        self.label = f"{name}@screenshot"
        self.app: ThreadboxSSHApp | None = None

    def room_event(self, room, event) -> None:
        if self.app is not None:
            self.app.call_later(self.app.on_room_event, room, event)


def _fill(registry: RoomRegistry) -> None:
    games = [e for e in CATALOGUE if is_built(e.id)]
    people = [Identity.for_user(n) for n in ("Ana", "Bo", "Cy", "Dee", "Eli")]
    codes = iter(["KQZT", "MWRA", "HBNE", "TXPC"])
    for i, entry in enumerate(games[:3]):
        creator = people[i]
        seats = [SeatChoice("me"), SeatChoice("open")]
        if entry.max_players > 2:
            seats.append(SeatChoice("bot", "easy"))
        room = registry.create(creator, entry.id, seats, seed=7 + i, code=next(codes))
        if i == 0:
            room.claim(people[3])  # full: this one is playing
    if games:
        registry.create(people[4], games[-1].id, [SeatChoice("me"), SeatChoice("open")], seed=3, code=next(codes))


async def lobby_svg(size: tuple[int, int] = (100, 30), name: str = "Fran") -> str:
    """The lobby as ``name`` sees it on a ``size`` terminal, as an SVG string."""
    with tempfile.TemporaryDirectory() as folder:
        registry = RoomRegistry(Path(folder))
        _fill(registry)
        session = _Session(name, size)
        app = ThreadboxSSHApp(Hub(registry, "ssh -p 2222 NAME@game.example.org"), session)  # type: ignore[arg-type]  # a stand-in session: no SSH channel
        session.app = app
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause(0.3)
            return app.export_screenshot(title="threadbox over SSH: the lobby")
