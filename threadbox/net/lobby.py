"""The SSH lobby: rooms to join or watch, a new room's setup, a room's seats.

Screens here talk to the session's ``ThreadboxSSHApp`` (``self.app``) and
the server's ``RoomRegistry``; the game itself is the TUI's game screen.
Text from players (names) is never parsed as markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from threadbox.rules.core import RulesError, get_game
from threadbox.rules.core import registry as _registry

from .rooms import Room, RoomError, SeatChoice, default_bot_level, normalise_code

if TYPE_CHECKING:
    from .app import ThreadboxSSHApp


class RoomAware:
    """A screen that redraws when the rooms change."""

    def rooms_changed(self) -> None:  # pragma: no cover - overridden
        pass


def players_text(low: int, high: int) -> str:
    return f"{low} player" + ("" if high == 1 else "s") if low == high else f"{low}-{high} players"


def built(game_id: str) -> bool:
    try:
        return _registry.is_built(game_id)
    except Exception:  # a half-written rules package must not take the lobby down
        return False


LOBBY_CSS = """
.tb-title { text-style: bold; background: $primary; color: $text; padding: 0 1; width: 100%; }
.tb-hint { color: $foreground-muted; padding: 0 1; height: auto; }
.tb-keys { background: $panel; color: $foreground; padding: 0 1; height: auto; }
LobbyScreen .tb-keys { dock: bottom; }
.tb-label { text-style: bold; margin-top: 1; padding: 0 1; }
"""


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
        Binding("j", "join_code", "Join by code"),
        Binding("w", "watch", "Watch"),
        Binding("h", "history", "History"),
        Binding("r", "refresh", "Refresh", show=False),
    ]
    AUTO_FOCUS = "#rooms"

    @property
    def ssh_app(self) -> ThreadboxSSHApp:
        return cast("ThreadboxSSHApp", self.app)

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
        yield Static(
            Text(
                "n new room · enter join / resume · w watch · j join by code · h your finished games"
                " · ctrl+p commands · ctrl+q disconnect"
            ),
            classes="tb-keys",
        )

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
        from threadbox.tui.records import RecordsScreen

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


# ---- a new room ---------------------------------------------------------------------
@dataclass
class _Seat:
    kind: Literal["me", "open", "bot"]
    level: str = "easy"


class CreateRoomScreen(Screen[None]):
    """A new room: the game, its seats (you, open for a player, or a bot), variants.

    | Key | Does |
    | :- | :- |
    | tab / shift+tab | games, seats, variants, buttons |
    | enter / space | on a seat: switch open / bot levels; on a variant: toggle it |
    | + / - | add / remove a seat |
    | ctrl+s | create the room |
    | escape | back to the lobby |
    """

    DEFAULT_CSS = (
        LOBBY_CSS
        + """
    CreateRoomScreen #games { height: auto; max-height: 12; border: round $border-blurred; }
    CreateRoomScreen #seats { height: auto; max-height: 8; border: round $border-blurred; }
    CreateRoomScreen #variants { height: auto; max-height: 6; border: round $border-blurred; }
    CreateRoomScreen #games:focus, CreateRoomScreen #seats:focus, CreateRoomScreen #variants:focus {
        border: round $border; }
    CreateRoomScreen #create-buttons { height: auto; padding: 0 1; }
    CreateRoomScreen Button { margin-right: 2; }
    """
    )
    BINDINGS = [
        Binding("ctrl+s", "create", "Create"),
        Binding("escape", "back", "Back"),
        Binding("plus,equals_sign", "add_seat", "Add seat"),
        Binding("minus", "remove_seat", "Remove seat"),
    ]
    AUTO_FOCUS = "#games"

    def __init__(self) -> None:
        super().__init__()
        self.game_id: str | None = None
        self.seats: list[_Seat] = []

    @property
    def ssh_app(self) -> ThreadboxSSHApp:
        return cast("ThreadboxSSHApp", self.app)

    def compose(self) -> ComposeResult:
        yield Static("New room", classes="tb-title")
        games = OptionList(id="games")
        games.border_title = "Game"
        yield games
        seats = OptionList(id="seats")
        seats.border_title = "Seats (enter: open / bot · + / -: add / remove)"
        yield seats
        variants = SelectionList[str](id="variants")
        variants.border_title = "Variants"
        yield variants
        with Horizontal(id="create-buttons"):
            yield Button("Create room (ctrl+s)", id="create", variant="primary")
            yield Button("Back (esc)", id="back")

    def on_mount(self) -> None:
        options = []
        for entry in _registry.CATALOGUE:
            ok = built(entry.id)
            line = Text(entry.title, style="bold")
            line.append(f"  ·  {players_text(entry.min_players, entry.max_players)}")
            if not ok:
                line.append("  ·  coming soon", style="italic")
            line.append(f"\n  {entry.blurb}")
            options.append(Option(line, id=entry.id, disabled=not ok))
        games = self.query_one("#games", OptionList)
        games.set_options(options)
        first = next((i for i, o in enumerate(options) if not o.disabled), None)
        if first is not None:
            games.highlighted = first
            self._pick_game(_registry.CATALOGUE[first].id)  # the options follow the catalogue

    @on(OptionList.OptionHighlighted, "#games")
    def _game_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_id and event.option_id != self.game_id and not event.option.disabled:
            self._pick_game(event.option_id)

    @on(OptionList.OptionSelected, "#games")
    def _game_selected(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#seats").focus()

    def _pick_game(self, game_id: str) -> None:
        try:
            game = get_game(game_id)
        except RulesError:
            return
        self.game_id = game_id
        info = game.info
        count = max(info.min_players, min(2, info.max_players))
        self.seats = [_Seat("me")] + [_Seat("open") for _ in range(count - 1)]
        self._show_seats()
        variants = self.query_one("#variants", SelectionList)
        variants.clear_options()
        variants.add_options([Selection(Content(f"{name}: {text}"), name) for name, text in info.variants.items()])
        variants.display = bool(info.variants)

    def _levels(self) -> list[str]:
        return get_game(self.game_id).bot_levels if self.game_id else ["random"]

    def _show_seats(self, keep: int | None = None) -> None:
        seats = self.query_one("#seats", OptionList)
        me = self.ssh_app.identity.name
        prompts = []
        for i, seat in enumerate(self.seats):
            what = {"me": f"you ({me})", "open": "open for a player"}.get(seat.kind, f"bot ({seat.level})")
            prompts.append(Option(Text(f"Seat {i + 1}: {what}"), id=str(i)))
        seats.set_options(prompts)
        if keep is not None and self.seats:
            seats.highlighted = min(keep, len(self.seats) - 1)

    @on(OptionList.OptionSelected, "#seats")
    def _seat_selected(self, event: OptionList.OptionSelected) -> None:
        i = event.option_index
        if not 0 <= i < len(self.seats):
            return  # a seat removed since (a queued key)
        seat = self.seats[i]
        if seat.kind == "me":
            return
        cycle = ["open", *(f"bot:{level}" for level in self._levels())]
        now = "open" if seat.kind == "open" else f"bot:{seat.level}"
        nxt = cycle[(cycle.index(now) + 1) % len(cycle)] if now in cycle else "open"
        self.seats[i] = _Seat("open") if nxt == "open" else _Seat("bot", nxt.split(":", 1)[1])
        self._show_seats(keep=i)

    def action_add_seat(self) -> None:
        if self.game_id is None:
            return
        info = get_game(self.game_id).info
        if len(self.seats) >= info.max_players:
            self.notify(f"{info.title} takes at most {info.max_players} players.", severity="warning")
            return
        self.seats.append(_Seat("open"))
        self._show_seats(keep=len(self.seats) - 1)

    def action_remove_seat(self) -> None:
        if self.game_id is None:
            return
        info = get_game(self.game_id).info
        if len(self.seats) <= info.min_players:
            self.notify(f"{info.title} needs at least {info.min_players} player(s).", severity="warning")
            return
        seats = self.query_one("#seats", OptionList)
        h = seats.highlighted
        i = (
            h
            if h is not None and h < len(self.seats) and self.seats[h].kind != "me"
            else max(i for i, s in enumerate(self.seats) if s.kind != "me")
        )
        del self.seats[i]
        self._show_seats(keep=i)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "create":
            self.action_create()
        else:
            self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_create(self) -> None:
        if self.game_id is None:
            self.notify("Pick a game first.", severity="warning")
            return
        app = self.ssh_app
        choices = [SeatChoice(kind=s.kind, level=s.level) for s in self.seats]
        variants = list(self.query_one("#variants", SelectionList).selected)
        try:
            address = getattr(app.ssh_session, "address", None)
            room = app.hub.registry.create(app.identity, self.game_id, choices, variants, address=address)
        except RoomError as exc:
            self.notify(str(exc), title="Cannot create the room", severity="error", timeout=8)
            return
        app.enter_room(room, seat=room.seat_of(app.identity))
        self.notify(f"Room {room.code} is open: tell your friends to join it with that code.", timeout=8)


# ---- a room -------------------------------------------------------------------------
if TYPE_CHECKING:
    _RoomViewBase = Screen[None]  # what the mixin is mixed into: its screen's methods (notify, query)
else:
    _RoomViewBase = object


class _RoomView(RoomAware, _RoomViewBase):
    """Shared by the room screen and the room panel: seats, presence, actions."""

    def __init__(self, room: Room):
        super().__init__()
        self.room = room

    def on_mount(self) -> None:
        self.rooms_changed()

    @property
    def ssh_app(self) -> ThreadboxSSHApp:
        return cast("ThreadboxSSHApp", self.app)

    def compose_room(self) -> ComposeResult:
        yield Static(id="room-title", classes="tb-title")
        yield Static(id="room-keys", classes="tb-keys")  # at the top: notifications cover the bottom
        yield Static(id="room-status", classes="tb-hint")
        seats = OptionList(id="room-seats")
        seats.border_title = "Seats"
        yield seats

    def rooms_changed(self) -> None:
        if not self.query("#room-seats"):
            return  # not composed yet: on_mount draws it
        room, app = self.room, self.ssh_app
        me = app.seat
        query = self.query_one
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
        keys = []
        if isinstance(self, ModalScreen):
            keys.append("esc/g back to the game")
        elif room.table is not None:
            keys.append("enter/g game")
        if room.status == "waiting" and room.can_manage(app.identity):
            keys.append("s start now (bots in open seats)")
        if room.status == "playing" and room.can_manage(app.identity):
            keys.append("b hand an away seat to a bot")
        if room.can_manage(app.identity):
            keys.append("x close room")
        keys.append("l leave room")
        query("#room-keys", Static).update(Text(" · ".join(keys)))

    def action_start(self) -> None:
        try:
            self.room.start(by=self.ssh_app.identity)
        except (RoomError, RulesError) as exc:
            self.notify(str(exc), severity="warning")

    def action_bot(self) -> None:
        seats = self.query_one("#room-seats", OptionList)
        seat = seats.highlighted
        room, app = self.room, self.ssh_app
        if seat is None:
            return
        if not room.can_manage(app.identity):
            self.notify(
                "Only the room's creator (or the server's admin) can hand a seat to a bot.",
                severity="warning",
            )
            return
        levels = get_game(room.meta.game).bot_levels

        def chosen(level: str | None) -> None:
            if level is None:
                return
            try:
                room.hand_to_bot(seat, by=app.identity, level=level)
            except (RoomError, RulesError) as exc:
                self.notify(str(exc), severity="warning")

        app.push_screen(
            PickScreen(f"Hand seat {seat + 1} to a bot: which level?", levels, default_bot_level(levels)), chosen
        )

    def action_close_room(self) -> None:
        room, app = self.room, self.ssh_app
        try:
            app.hub.registry.close_room(room, by=app.identity, why=f"{app.identity.name} closed room {room.code}.")
        except RoomError as exc:
            self.notify(str(exc), severity="warning")

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
        Binding("s", "start", "Start now"),
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


class PickScreen(ModalScreen[str | None]):
    """Pick one of a few words (a bot level)."""

    DEFAULT_CSS = """
    PickScreen { align: center middle; }
    PickScreen > Vertical { width: 50; max-width: 95%; height: auto; border: thick $accent;
                            background: $surface; padding: 0 1; }
    PickScreen OptionList { height: auto; max-height: 10; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, choices: list[str], default: str | None = None):
        super().__init__()
        self.question, self.choices, self.default = question, choices, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))
            yield OptionList(*(Option(Text(c), id=c) for c in self.choices), id="pick")

    def on_mount(self) -> None:
        pick = self.query_one("#pick", OptionList)
        if self.default in self.choices:
            pick.highlighted = self.choices.index(self.default)
        pick.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmallScreen(ModalScreen[None]):
    """Shown while the window is too small to play in."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: 100%; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        from .app import MIN_HEIGHT, MIN_WIDTH

        yield Static(Text(f"Window too small: please make it at least {MIN_WIDTH}x{MIN_HEIGHT}."))
