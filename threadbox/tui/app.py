"""The local threadbox app: the main menu, then games played at this terminal."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from threadbox.controller import SaveError, Table, autosave_path, load

from .game_screen import GameScreen
from .local import LocalPlay
from .menu import MenuScreen

THEME = "gruvbox"  # warm, wool-coloured; any other from the command palette (ctrl+p)


class ThreadboxApp(App[None]):
    """Opens the main menu, or goes straight into ``table`` when given one.

    | Key | Does |
    | :- | :- |
    | ctrl+p | command palette (themes among others) |
    | ctrl+q | quit |
    """

    CSS_PATH = "app.tcss"
    TITLE = "threadbox"

    def __init__(
        self,
        table: Table | None = None,
        *,
        bot_delay: float = 0.4,
        autosave: bool = True,
        save_path: Path | None = None,
    ):
        super().__init__()
        self.theme = THEME
        self.bot_delay = bot_delay
        self.autosave = autosave
        self.save_path = save_path
        self.play: LocalPlay | None = None
        self._first_table = table

    @property
    def save_file(self) -> Path:
        """Where games played here are saved, and "Continue last game" reads."""
        return self.save_path or autosave_path()

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        if self._first_table is not None:
            self.start_table(self._first_table)
            self._first_table = None

    def start_table(self, table: Table) -> None:
        """Play ``table`` here, over the menu."""
        self.stop_table()
        self.play = LocalPlay(self, table, bot_delay=self.bot_delay, autosave=self.autosave, save_path=self.save_path)
        self.play.start()

    def stop_table(self) -> None:
        if self.play is not None:
            self.play.stop()
            self.play = None

    def continue_last_game(self) -> None:
        try:
            table = load(self.save_file)
        except SaveError as exc:
            # The file stays where it is: nothing is deleted on a failed load.
            self.notify(str(exc), title="Cannot continue the last game", severity="error", timeout=10)
            return
        self.start_table(table)

    def on_game_screen_leave(self, _: GameScreen.Leave) -> None:
        self.stop_table()


def make_app(**kw) -> ThreadboxApp:
    """The one way to build the app: the CLI, tests and screenshots all use it."""
    return ThreadboxApp(**kw)
