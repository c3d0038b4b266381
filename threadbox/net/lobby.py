"""The SSH lobby: the rooms on this server, to join or watch; a room by its code; a window too small.

Screens here talk to the session's App through ``hub.SessionApp`` and to
the server's ``RoomRegistry``. Text from players (names) is never parsed as markup.
"""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from threadbox.tui.records import RecordsScreen

from .driver import MIN_HEIGHT, MIN_WIDTH
from .hub import LOBBY_CSS, RoomAware, SessionApp
from .newroom import CreateRoomScreen
from .rooms import Room, normalise_code


# ---- the lobby ------------------------------------------------------------------
class LobbyScreen(RoomAware, Screen[None]):
    """Rooms on this server.

    | Key | Does |
    | :- | :- |
    | up / down | pick a room |
    | enter | join the room (take a free seat, or resume yours; watch when full) |
    | w | watch the room as a spectator |
    | n | create a room |
    | j | join a room by its code |
    | h | your finished games, to replay |
    | ctrl+q | disconnect |
    """

    DEFAULT_CSS = (
        LOBBY_CSS
        + """
    LobbyScreen { layout: vertical; }
    LobbyScreen #rooms { height: 1fr; border: round $border-blurred; border-title-align: left; }
    LobbyScreen #rooms:focus { border: round $border; }
    """
    )

    BINDINGS = [
        Binding("n", "new_room", "New room"),
        Binding("enter", "join", "Join / resume", priority=True),  # before the list's own enter
        Binding("w", "watch", "Watch"),
        Binding("h", "history", "History"),
        Binding("j", "join_code", "Join by code"),
        Binding("r", "refresh", "Refresh", show=False),
    ]
    AUTO_FOCUS = "#rooms"

    @property
    def ssh_app(self) -> SessionApp:
        return cast(SessionApp, self.app)

    def compose(self) -> ComposeResult:
        app = self.ssh_app
        yield Static(Text(f"threadbox  ·  signed in as {app.identity.name}"), classes="tb-title")
        yield Static(
            Text(
                "Create a room for any game, join a free seat, or watch a game in play. "
                "Your friends connect the same way and join with the room's code."
            ),
            classes="tb-hint",
        )
        rooms = OptionList(id="rooms")
        rooms.border_title = "Rooms"
        yield rooms
        yield Static(self.keys_line(), classes="tb-keys")

    def keys_line(self) -> Text:
        """The lobby's keys, from its bindings and the App's: one plain line.

        Not a ``KeyBar``: measured, a KeyBar costs each session waiting in the
        lobby about 0.08 MiB more (its styled parts), and the lobby's keys never change.
        """
        app = self.app
        shown = [b for b in Binding.make_bindings(self.BINDINGS) if b.show]
        shown += [b for b in Binding.make_bindings(app.BINDINGS) if b.action == "quit"]  # disconnect
        parts: list[tuple[str, str, str]] = []
        for binding in shown:
            if binding.action not in {p[2] for p in parts}:
                parts.append((app.get_key_display(binding), binding.description.lower(), binding.action))
        palette = app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, "command_palette", "commands"))
        words = [f"{key} {what}" for key, what, _ in parts[:-1]] + [f"{palette} commands", " ".join(parts[-1][:2])]
        return Text(" · ".join(words))

    def on_mount(self) -> None:
        self.rooms_changed()

    def on_screen_resume(self) -> None:
        self.rooms_changed()

    def rooms_changed(self) -> None:
        found = self.query("#rooms")
        if not found:
            return  # not composed yet: on_mount draws it
        rooms = cast(OptionList, found.first())
        keep = rooms.highlighted_option.id if rooms.highlighted_option is not None else None
        listing = self.ssh_app.hub.registry.listing(self.ssh_app.identity)
        if not listing:
            rooms.set_options(
                [Option(Text("No rooms yet: press n to create one.", style="italic"), id="none", disabled=True)]
            )
            return
        options = []
        for s in listing:
            line = Text(s.code, style="bold")
            line.append(f"  {s.title}", style="bold")
            line.append(f"  ·  {s.status}")
            if s.mine:
                line.append("  ·  your seat", style="reverse")
            line.append("\n      seats: " + ", ".join(s.seats))
            if s.spectators:
                line.append(f"  ·  watching: {s.spectators}")
            options.append(Option(line, id=s.code))
        rooms.set_options(options)
        ids = [s.code for s in listing]
        rooms.highlighted = ids.index(keep) if keep in ids else 0

    def _room(self) -> Room | None:
        rooms = self.query_one("#rooms", OptionList)
        option = rooms.highlighted_option
        if option is None or option.id in (None, "none"):
            return None
        room = self.ssh_app.hub.registry.get(option.id)
        if room is None:
            self.notify("That room is gone.", severity="warning")
            self.rooms_changed()
        return room

    @on(OptionList.OptionSelected, "#rooms")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_join()

    def action_join(self) -> None:
        room = self._room()
        if room is not None:
            self.ssh_app.join_room(room)

    def action_watch(self) -> None:
        room = self._room()
        if room is not None:
            self.ssh_app.join_room(room, watch=True)

    def action_refresh(self) -> None:
        self.rooms_changed()

    def action_history(self) -> None:
        """Your finished rooms, to replay (every secret may be seen: those games are over)."""
        app = self.ssh_app
        self.app.push_screen(RecordsScreen("finished", lambda: app.hub.registry.book.played_by(app.identity.key)))

    def action_new_room(self) -> None:
        self.app.push_screen(CreateRoomScreen())

    def action_join_code(self) -> None:
        def joined(result: tuple[str, bool] | None) -> None:
            if not result:
                return
            code, watch = result
            room = self.ssh_app.hub.registry.get(code)
            if room is None:
                self.notify(f"There is no room {normalise_code(code) or '?'} on this server.", severity="warning")
                return
            self.ssh_app.join_room(room, watch=watch)

        self.app.push_screen(JoinCodeScreen(), joined)


class JoinCodeScreen(ModalScreen[tuple[str, bool] | None]):
    """Asks for a room code. Enter joins; the Watch button (tab, enter) watches; escape cancels."""

    DEFAULT_CSS = (
        LOBBY_CSS
        + """
    JoinCodeScreen { align: center middle; }
    JoinCodeScreen > #join-box { width: 50; max-width: 95%; height: auto; border: thick $accent;
                                 background: $surface; padding: 1 2; }
    JoinCodeScreen #join-buttons { height: auto; margin-top: 1; }
    JoinCodeScreen Button { margin-right: 2; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical(id="join-box"):
            yield Static("Room code:")
            yield Input(placeholder="e.g. KQZT", max_length=8, id="code")
            with Horizontal(id="join-buttons"):
                yield Button("Join", id="join", variant="primary")
                yield Button("Watch", id="watch")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss((event.value, False))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((self.query_one("#code", Input).value, event.button.id == "watch"))

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmallScreen(ModalScreen[None]):
    """Shown while the window is too small to play in."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Window too small: please make it at least {MIN_WIDTH}x{MIN_HEIGHT}."))
