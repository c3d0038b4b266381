"""What the lobby's screens share: the server's side (``Hub``), the session App's (``SessionApp``), their look."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .names import Identity
from .registry import RoomRegistry
from .rooms import Room


class Hub:
    """What a session's App needs from the server: rooms, how to connect, a hint for the collector."""

    def __init__(self, registry: RoomRegistry, connect_hint: str = "ssh -p 2222 NAME@HOST"):
        self.registry = registry
        self.connect_hint = connect_hint
        # Called when a screen closes; the server sets its GC policy's hook here.
        self.note_garbage: Callable[[], None] = lambda: None


class SessionApp(Protocol):
    """What the lobby's screens need of the session's App (``app.ThreadboxSSHApp`` is one)."""

    hub: Hub
    identity: Identity
    ssh_session: Any
    room: Room | None
    seat: int | None

    def join_room(self, room: Room, watch: bool = False) -> None: ...
    def enter_room(self, room: Room, seat: int | None = None, watch: bool = False) -> None: ...
    def leave_room(self) -> None: ...
    def open_game(self) -> None: ...
    def push_screen(self, screen: Any, callback: Callable[[Any], Any] | None = None) -> Any: ...


class RoomAware:
    """A screen that redraws when the rooms change."""

    def rooms_changed(self) -> None:  # pragma: no cover - overridden
        pass


LOBBY_CSS = """
.tb-title { text-style: bold; background: $primary; color: $text; padding: 0 1; width: 100%; }
.tb-hint { color: $foreground-muted; padding: 0 1; height: auto; }
.tb-keys { background: $panel; color: $foreground; padding: 0 1; height: auto; }
LobbyScreen .tb-keys { dock: bottom; }
.tb-label { text-style: bold; margin-top: 1; padding: 0 1; }
"""
