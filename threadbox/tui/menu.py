"""The main menu: pick a game, set up its seats, or continue or replay a recorded game."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from threadbox.controller import Table, TableConfig, thinking_levels
from threadbox.rules.core import CATALOGUE, CatalogueEntry, RulesError, get_game, is_built

from .games import help_for
from .help import HelpScreen, key_table
from .records import RecordsScreen
from .setup_memory import LastSetup, last_setup, remember_setup
from .widgets import KeyBar, SeatRow

if TYPE_CHECKING:
    from .app import ThreadboxApp


def players_text(low: int, high: int) -> str:
    if low == high:
        return f"{low} players"
    return f"{low}-{high} players"


def count_text(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"


def playable(game_id: str) -> bool:
    """Whether the game's rules are built and can be started."""
    return is_built(game_id)


class GameList(OptionList):
    """The five games with title, players and blurb; unbuilt ones greyed "coming soon"."""

    DEFAULT_CSS = """
    GameList { height: auto; max-height: 1fr; }
    """

    def __init__(self, *, id: str | None = None):
        super().__init__(*(self._option(e) for e in CATALOGUE), id=id)

    @staticmethod
    def _option(entry: CatalogueEntry) -> Option:
        built = playable(entry.id)
        line = Text(entry.title, style="bold")
        line.append(f"  ·  {players_text(entry.min_players, entry.max_players)}")
        if not built:
            line.append("  ·  coming soon", style="italic")
        line.append(f"\n  {entry.blurb}")
        return Option(line, id=entry.id, disabled=not built)


class SetupScreen(Screen[Table | None]):
    """The seats, variants and seed of a new game. Dismisses with the Table, or None.

    | Key | Does |
    | :- | :- |
    | tab / shift+tab | next / previous field |
    | enter | in a name: next field; on a list: open it; on a box or button: press it |
    | ctrl+s | start the game |
    | f1 | how to play this game |
    | escape | back to the games |
    """

    BINDINGS = [
        Binding("enter", "next_field", "Choose"),  # the fields take Enter first; shown so it is known
        Binding("ctrl+s", "start", "Start"),
        Binding("f1", "help", "How to play"),
        Binding("escape", "back", "Back"),
    ]

    AUTO_FOCUS = "#name-0"

    def __init__(self, game_id: str):
        super().__init__()
        self.game = get_game(game_id)
        self.info = self.game.info
        # Variants chosen per seat ("no-cup-minus" -> "no-cup-minus-2" for seat 2), offered on each seat's row.
        self.seat_variants: dict[str, str] = getattr(self.game.state_cls, "seat_variants", {})
        self.last = last_setup(game_id)  # the form opens as it was last started

    def compose(self) -> ComposeResult:
        info = self.info
        low, high = info.min_players, info.max_players
        default_players = min(max(low, 2), high)
        last = self.last
        if last is not None and low <= len(last.seats) <= high:
            default_players = len(last.seats)
        chosen = frozenset(last.variants if last else ())
        thinking = tuple(thinking_levels(info.id))  # the levels offered with a think time each
        with Vertical(id="setup-box"):
            yield Static(f"{info.title}: new game", id="setup-title", markup=False)
            yield Static(info.blurb, id="setup-blurb", markup=False)
            with VerticalScroll(id="setup-form"):
                with Horizontal(id="players-row"):
                    yield Label("Players")
                    yield Select(
                        [(count_text(n), n) for n in range(low, high + 1)],
                        value=default_players,
                        allow_blank=False,
                        compact=True,
                        id="players",
                    )
                for i in range(high):
                    spec = last.seats[i] if last and i < len(last.seats) else None
                    row = SeatRow(
                        i,
                        self.game.bot_levels,
                        bot=i > 0,
                        spec=spec,
                        seat_variants=self.seat_variants,
                        chosen=chosen,
                        thinking=thinking,
                    )
                    row.display = i < default_players
                    yield row
                table_variants = {n: d for n, d in info.variants.items() if not self._per_seat(n)}
                if table_variants:
                    yield Static("Variants", classes="setup-heading")
                    for name, description in table_variants.items():
                        yield Checkbox(name, name in chosen, compact=True, id=f"variant-{name}", name=name)
                        yield Static(description, classes="variant-note", markup=False)
                with Horizontal(id="seed-row"):
                    yield Label("Seed")
                    yield Input(placeholder="random", type="integer", compact=True, id="seed")
            with Horizontal(id="setup-buttons"):
                yield Button("Start", id="start", variant="success")
                yield Button("Back", id="back")
        yield KeyBar()

    def _per_seat(self, variant: str) -> bool:
        return any(variant.rsplit("-", 1)[0] == prefix for prefix in self.seat_variants)

    def action_next_field(self) -> None:
        self.focus_next()

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        for row in self.query(SeatRow):
            row.display = row.index < _count(event.value)

    @on(Input.Submitted)
    def _next_field(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        try:
            config = self.config()
            table = Table(config)
        except (RulesError, ValueError) as exc:
            self.notify(_first_error(exc), title="Cannot start", severity="error")
            return
        remember_setup(self.info.id, LastSetup(seats=config.seats, variants=config.variants))
        self.dismiss(table)

    def config(self) -> TableConfig:
        """The game as set in the form; ``ValueError`` saying what to fix."""
        players = _count(self.query_one("#players", Select).value)
        seats, variants = [], []
        for row in list(self.query(SeatRow))[:players]:
            try:
                seats.append(row.spec())
            except ValidationError:
                raise ValueError(f"Seat {row.index + 1} needs a name.") from None
            variants += row.chosen_variants()
        variants += [
            box.name for box in self.query("#setup-form > Checkbox").results(Checkbox) if box.value and box.name
        ]
        seed = self.query_one("#seed", Input).value.strip()
        extra = {"seed": int(seed)} if seed else {}
        return TableConfig(game=self.info.id, seats=seats, variants=variants, **extra)

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.info.title, help_for(self.info.id), key_table(self)))


def _count(value: object) -> int:
    """The players select's value: it has no blank, so it is always one of the counts."""
    assert isinstance(value, int)
    return value


def _first_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return exc.errors()[0]["msg"]
    return str(exc)


class MenuScreen(Screen[None]):
    """The first screen of ``ThreadboxApp`` (it asks the app to start or continue games).

    | Key | Does |
    | :- | :- |
    | up / down, enter | pick a game and set it up |
    | c | the unfinished games, to continue one (when there are some) |
    | h | the history of finished games, to replay one |
    | q | quit |
    """

    BINDINGS = [
        Binding("enter", "set_up", "Set up the game"),  # the game list takes Enter first; shown so it is known
        Binding("c", "continue_game", "Continue"),
        Binding("h", "history", "History"),
        Binding("q", "app.quit", "Quit"),
    ]

    AUTO_FOCUS = "GameList"

    def __init__(self) -> None:
        super().__init__()
        self._counts = (0, 0)  # unfinished and finished records

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("threadbox", id="menu-title")
            yield Static("Tabletop games in the terminal. Pick one:", id="menu-subtitle")
            yield GameList(id="games")
            with Horizontal(id="menu-buttons"):
                yield Button("Continue", id="continue", variant="primary")
                yield Button("History", id="history")
                yield Button("Quit", id="quit")
        yield KeyBar()

    @property
    def local_app(self) -> ThreadboxApp:
        return cast("ThreadboxApp", self.app)

    def on_mount(self) -> None:
        self._show_records()

    def on_screen_resume(self) -> None:
        self._show_records()  # a game may just have been saved or finished

    def _show_records(self) -> None:
        entries = [e.record for e in self.local_app.book.entries() if e.record is not None]
        unfinished = sum(1 for r in entries if not r.finished)
        self._counts = (unfinished, len(entries) - unfinished)
        for button_id, count in zip(("#continue", "#history"), self._counts, strict=True):
            button = self.query_one(button_id, Button)
            button.display = count > 0
            button.label = f"{button_id[1:].capitalize()} ({count})"
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return self._counts[0] > 0
        if action == "history":
            return self._counts[1] > 0
        return True

    @on(OptionList.OptionSelected, "#games")
    def _game_picked(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None  # every game's option carries its id
        self.app.push_screen(SetupScreen(event.option.id), callback=self._set_up)

    def _set_up(self, table: Table | None) -> None:
        if table is not None:
            self.local_app.start_table(table)

    def action_set_up(self) -> None:
        self.query_one(GameList).action_select()

    def action_continue_game(self) -> None:
        self.app.push_screen(RecordsScreen("unfinished"))

    def action_history(self) -> None:
        self.app.push_screen(RecordsScreen("finished"))

    @on(Button.Pressed, "#continue")
    def _continue_pressed(self) -> None:
        self.action_continue_game()

    @on(Button.Pressed, "#history")
    def _history_pressed(self) -> None:
        self.action_history()

    @on(Button.Pressed, "#quit")
    def _quit_pressed(self) -> None:
        self.app.exit()
