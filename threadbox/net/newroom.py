"""A new room: the game, its seats (you, open for a player, or a bot), its variants."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from threadbox.controller import DEFAULT_THINK, THINK_CHOICES, think_text, thinking_levels
from threadbox.rules.core import RulesError, get_game
from threadbox.rules.core import registry as _registry

from .hub import LOBBY_CSS, SessionApp
from .registry import SeatChoice
from .rooms import RoomError


def players_text(low: int, high: int) -> str:
    return f"{low} player" + ("" if high == 1 else "s") if low == high else f"{low}-{high} players"


def built(game_id: str) -> bool:
    try:
        return _registry.is_built(game_id)
    except Exception:  # a half-written rules package must not take the lobby down
        return False


@dataclass
class _Seat:
    kind: str  # me, open, bot
    level: str = "easy"
    think: float | None = None  # a searching bot's seconds per decision

    def text(self) -> str:
        return f"bot ({self.level})" if self.think is None else f"bot ({self.level}, {think_text(self.think)})"


def bot_cycle(levels: list[str], thinking: list[str]) -> list[_Seat]:
    """The bots a seat steps through: each level; one that searches at each think time, the default first."""
    start = THINK_CHOICES.index(DEFAULT_THINK)
    times = THINK_CHOICES[start:] + THINK_CHOICES[:start]
    return [_Seat("bot", level, think) for level in levels for think in (times if level in thinking else (None,))]


class CreateRoomScreen(Screen[None]):
    """A new room: the game, its seats (you, open for a player, or a bot), variants.

    | Key | Does |
    | :- | :- |
    | tab / shift+tab | games, seats, variants, buttons |
    | enter / space | on a seat: open, then a bot of each level (hard at 1, 2, 5, 0.5 s a move); on a variant: toggle it |
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
    def ssh_app(self) -> SessionApp:
        return cast(SessionApp, self.app)

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
            self._pick_game(options[first].id or "")

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

    def _bots(self) -> list[_Seat]:
        if self.game_id is None:
            return [_Seat("bot", "random")]
        return bot_cycle(get_game(self.game_id).bot_levels, thinking_levels(self.game_id))

    def _show_seats(self, keep: int | None = None) -> None:
        seats = self.query_one("#seats", OptionList)
        me = self.ssh_app.identity.name
        prompts = []
        for i, seat in enumerate(self.seats):
            what = {"me": f"you ({me})", "open": "open for a player"}.get(seat.kind) or seat.text()
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
        cycle = [_Seat("open"), *self._bots()]
        self.seats[i] = cycle[(cycle.index(seat) + 1) % len(cycle)] if seat in cycle else _Seat("open")
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
        choices = [SeatChoice(kind=s.kind, level=s.level, think=s.think) for s in self.seats]  # type: ignore[arg-type]
        variants = list(self.query_one("#variants", SelectionList).selected)
        try:
            address = getattr(app.ssh_session, "address", None)
            room = app.hub.registry.create(app.identity, self.game_id, choices, variants, address=address)
        except RoomError as exc:
            self.notify(str(exc), title="Cannot create the room", severity="error", timeout=8)
            return
        app.enter_room(room, seat=room.seat_of(app.identity))
        self.notify(f"Room {room.code} is open: tell your friends to join it with that code.", timeout=8)
