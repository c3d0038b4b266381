"""A room's seats and who is here: the room screen before the game, the room panel over it (f2)."""

from __future__ import annotations

from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from threadbox.controller import THINK_CHOICES, think_text, thinking_levels
from threadbox.rules.core import RulesError, get_game
from threadbox.tui.widgets import KeyBar

from .hub import LOBBY_CSS, RoomAware, SessionApp
from .rooms import Room, RoomError, default_bot_level


class _RoomView(RoomAware):
    """Shared by the room screen and the room panel: seats, presence, actions."""

    def __init__(self, room: Room):
        super().__init__()
        self.room = room

    def on_mount(self) -> None:
        self.rooms_changed()

    @property
    def ssh_app(self) -> SessionApp:
        return cast(SessionApp, self.app)  # type: ignore[attr-defined]

    def compose_room(self) -> ComposeResult:
        yield Static(id="room-title", classes="tb-title")
        yield Static(id="room-status", classes="tb-hint")
        seats = OptionList(id="room-seats")
        seats.border_title = "Seats"
        yield seats
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys only for what this player may do here now (the key bar shows just those)."""
        room = self.room
        manage = room.can_manage(self.ssh_app.identity)
        allowed = {
            "game": room.table is not None,
            "start": manage and room.status == "waiting",
            "bot": manage and room.status == "playing",
            "close_room": manage,
        }
        return allowed.get(action, True)

    def rooms_changed(self) -> None:
        if not self.query("#room-seats"):  # type: ignore[attr-defined]
            return  # not composed yet: on_mount draws it
        room, app = self.room, self.ssh_app
        me = app.seat
        query = self.query_one  # type: ignore[attr-defined]
        query("#room-title", Static).update(Text(f"Room {room.code}  ·  {room.title}  ·  {room.summary().status}"))
        if room.status == "waiting":
            status = (
                f"Waiting for players. Friends connect with: {app.hub.connect_hint}\n"
                f"then press j in the lobby and type {room.code}."
            )
        elif app.seat is None:
            status = "You are watching: you see only what every player may see."
        else:
            status = f"You play seat {me + 1}." if me is not None else ""
        if room.spectators():
            status += f"  Watching: {room.spectators()}."
        query("#room-status", Static).update(Text(status))
        seats = query("#room-seats", OptionList)
        keep = seats.highlighted
        options = []
        for i in range(len(room.meta.seats)):
            label = f"{i + 1}. {room.seat_label(i)}"
            if i == me:
                label += "  ← you"
            options.append(Option(Text(label), id=str(i)))
        seats.set_options(options)
        if options:
            seats.highlighted = keep if keep is not None and keep < len(options) else 0
        self.refresh_bindings()  # type: ignore[attr-defined]

    def action_start(self) -> None:
        try:
            self.room.start(by=self.ssh_app.identity)
        except (RoomError, RulesError) as exc:
            self.notify(str(exc), severity="warning")  # type: ignore[attr-defined]

    def action_bot(self) -> None:
        seats = self.query_one("#room-seats", OptionList)  # type: ignore[attr-defined]
        seat = seats.highlighted
        room, app = self.room, self.ssh_app
        if seat is None:
            return
        if not room.can_manage(app.identity):
            self.notify(  # type: ignore[attr-defined]  # a mixin of Screen subclasses
                "Only the room's creator (or the server's admin) can hand a seat to a bot.",
                severity="warning",
            )
            return
        choices = bot_choices(room.meta.game)

        def chosen(pick: str | None) -> None:
            if pick is None:
                return
            level, _, seconds = pick.partition(":")
            try:  # the room checks the level and the time again: only offered ones are taken
                room.hand_to_bot(seat, by=app.identity, level=level, think=float(seconds) if seconds else None)
            except (RoomError, RulesError) as exc:
                self.notify(str(exc), severity="warning")  # type: ignore[attr-defined]

        default = default_bot_level(get_game(room.meta.game).bot_levels)
        app.push_screen(PickScreen(f"Hand seat {seat + 1} to a bot: which level?", choices, default), chosen)

    def action_close_room(self) -> None:
        room, app = self.room, self.ssh_app
        try:
            app.hub.registry.close_room(room, by=app.identity, why=f"{app.identity.name} closed room {room.code}.")
        except RoomError as exc:
            self.notify(str(exc), severity="warning")  # type: ignore[attr-defined]

    def action_leave_room(self) -> None:
        app = self.ssh_app
        room = self.room
        if room.status == "waiting" and room.seat_of(app.identity) is not None and not room.can_manage(app.identity):
            room.release(app.identity)
        app.leave_room()


class RoomScreen(_RoomView, Screen[None]):
    """A room: its seats and who is here; the game opens over it.

    | Key | Does |
    | :- | :- |
    | enter / g | to the game (once it has begun) |
    | s | start now, bots in the open seats (the room's creator) |
    | b | hand the highlighted seat to a bot, if its player is away (creator) |
    | x | close the room (creator) |
    | l / escape | leave the room: back to the lobby (you keep your seat) |
    """

    DEFAULT_CSS = (
        LOBBY_CSS
        + """
    RoomScreen #room-seats { height: 1fr; border: round $border-blurred; border-title-align: left; }
    RoomScreen #room-seats:focus { border: round $border; }
    """
    )
    BINDINGS = [
        Binding("g", "game", "Game"),
        Binding("s", "start", "Start now (bots in open seats)"),
        Binding("b", "bot", "Seat to bot"),
        Binding("x", "close_room", "Close room"),
        Binding("l,escape", "leave_room", "Leave room"),
    ]
    AUTO_FOCUS = "#room-seats"

    def compose(self) -> ComposeResult:
        yield from self.compose_room()

    def on_screen_resume(self) -> None:
        self.rooms_changed()

    @on(OptionList.OptionSelected, "#room-seats")
    def _seat_selected(self, _: OptionList.OptionSelected) -> None:
        self.action_game()

    def action_game(self) -> None:
        if self.room.table is None:
            self.notify("The game begins once every seat is taken.")
            return
        self.ssh_app.open_game()


class RoomPanel(_RoomView, ModalScreen[None]):
    """The room's seats over the game (f2). Escape goes back to the game."""

    DEFAULT_CSS = (
        LOBBY_CSS
        + """
    RoomPanel { align: center middle; }
    RoomPanel > #panel { width: 90%; max-width: 90; height: 80%; border: thick $accent; background: $surface; }
    RoomPanel #room-seats { height: 1fr; }
    """
    )
    BINDINGS = [
        Binding("escape,f2,g", "back", "Back to the game"),
        Binding("b", "bot", "Seat to bot"),
        Binding("x", "close_room", "Close room"),
        Binding("l", "leave_room", "Leave room"),
    ]
    AUTO_FOCUS = "#room-seats"

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield from self.compose_room()

    @on(OptionList.OptionSelected, "#room-seats")
    def _seat_selected(self, _: OptionList.OptionSelected) -> None:
        self.dismiss(None)

    def action_back(self) -> None:
        self.dismiss(None)


def bot_choices(game_id: str) -> list[tuple[str, str]]:
    """(label, id) of each bot a seat can go to: ``easy``, or ``hard, 2 s`` (id ``hard:2``) per think time."""
    searching = thinking_levels(game_id)
    choices = []
    for level in get_game(game_id).bot_levels:
        if level in searching:
            choices += [(f"{level}, {think_text(t)}", f"{level}:{t:g}") for t in THINK_CHOICES]
        else:
            choices.append((level, level))
    return choices


class PickScreen(ModalScreen[str | None]):
    """Pick one of a few choices, each (label, id) (a bot level); dismisses with the id."""

    DEFAULT_CSS = """
    PickScreen { align: center middle; }
    PickScreen > Vertical { width: 50; max-width: 95%; height: auto; border: thick $accent;
                            background: $surface; padding: 0 1; }
    PickScreen OptionList { height: auto; max-height: 10; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, choices: list[tuple[str, str]], default: str | None = None):
        super().__init__()
        self.question, self.choices, self.default = question, choices, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))
            yield OptionList(*(Option(Text(label), id=id) for label, id in self.choices), id="pick")

    def on_mount(self) -> None:
        pick = self.query_one("#pick", OptionList)
        ids = [id for _, id in self.choices]
        if self.default in ids:
            pick.highlighted = ids.index(self.default)
        pick.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)
