"""The main menu: the games, and the way to the recorded ones. The first screen of ``ThreadboxApp``.

Light on purpose: it is the first frame a player waits for. A game's rules,
the set-up form and the records load when the player picks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from threadbox.rules.catalogue import CATALOGUE, CatalogueEntry, has_rules

from .widgets import KeyBar

if TYPE_CHECKING:
    from threadbox.controller import Table

    from .host import LocalHost


def players_text(low: int, high: int) -> str:
    if low == high:
        return f"{low} players"
    return f"{low}-{high} players"


def playable(game_id: str) -> bool:
    """Whether the game's rules are there to be started (found without loading them)."""
    return has_rules(game_id)


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
        self._counted = False  # whether the records have been counted yet

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("threadbox", id="menu-title")
            yield Static("Tabletop games in the terminal. Pick one:", id="menu-subtitle")
            yield GameList(id="games")
            with Horizontal(id="menu-buttons"):
                for button in (Button("Continue", id="continue", variant="primary"), Button("History", id="history")):
                    button.display = False  # until the records are counted, once the menu is up
                    yield button
                yield Button("Quit", id="quit")
        yield KeyBar()

    @property
    def local_app(self) -> LocalHost:
        return cast("LocalHost", self.app)

    def on_screen_resume(self) -> None:
        if self._counted:
            self._show_records()  # a game may just have been saved or finished
        else:
            # The first time, once the menu is on screen: reading the records loads the controller and
            # the rules core (pydantic), and checks every record, so it grows with the history.
            self.call_after_refresh(self._show_records)

    def on_key(self, _: events.Key) -> None:
        """A key typed before the records were counted (``c``, ``h``) needs them: count them now."""
        if not self._counted:
            self._show_records()  # the key's binding is looked up after this, as the key bubbles on

    def _show_records(self) -> None:
        self._counted = True
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
        from threadbox.rules.core import RulesError

        from .menu import SetupScreen  # the form, and the game's rules, load when a game is picked

        assert event.option.id is not None  # every game's option carries its id
        try:
            form = SetupScreen(event.option.id)
        except RulesError as exc:  # its package is there but does not load as a game
            self.notify(str(exc), title="Cannot set up this game", severity="error")
            return
        self.app.push_screen(form, callback=self._set_up)

    def _set_up(self, table: Table | None) -> None:
        if table is not None:
            self.local_app.start_table(table)

    def action_set_up(self) -> None:
        self.query_one(GameList).action_select()

    def action_continue_game(self) -> None:
        from .records import RecordsScreen

        self.app.push_screen(RecordsScreen("unfinished"))

    def action_history(self) -> None:
        from .records import RecordsScreen

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
