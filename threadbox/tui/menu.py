"""The new-game set-up form: seats, variants and seed, opened from the main menu (``main_menu``)."""

from __future__ import annotations

from pydantic import ValidationError
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from threadbox.controller import Table, TableConfig, thinking_levels
from threadbox.rules.core import RulesError, get_game

from .games import help_for
from .help import HelpScreen, key_table
from .setup_memory import LastSetup, last_setup, remember_setup
from .widgets import KeyBar, SeatRow


def count_text(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"


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
        self.seat_variants: dict[str, str] = self.game.state_cls.seat_variants
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
