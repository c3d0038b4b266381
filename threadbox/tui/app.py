"""The local threadbox app: the main menu, then games played at this terminal."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen

from threadbox.controller import SaveError, Table, autosave_path, load

from .game_screen import GameScreen
from .local import LocalPlay
from .menu import MenuScreen
from .too_small import TooSmallScreen, too_small

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
        self.call_after_refresh(self.check_size)

    # ---- window size: a notice on top of everything while it is too small --------
    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        """Put up the too-small notice, or take it down, for the window as it is (or ``size``)."""
        small, shown = too_small(size or self.size), isinstance(self.screen, TooSmallScreen)
        if small and not shown:
            self.push_screen(TooSmallScreen())
        elif shown and not small:
            self.pop_screen()

    def push_screen(self, screen: Screen | str, *args, **kw):  # type: ignore[override]
        """As Textual's, but the too-small notice stays on top of any new screen."""
        if not isinstance(screen, TooSmallScreen) and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()  # put back on top of the new screen just below
        result = super().push_screen(screen, *args, **kw)
        if not isinstance(screen, TooSmallScreen):
            self.call_later(self.check_size)
        return result

    def start_table(self, table: Table) -> None:
        """Play ``table`` here, over the menu."""
        self.stop_table()
        self.play = LocalPlay(self, table, bot_delay=self.bot_delay, autosave=self.autosave, save_path=self.save_path)
        self.play.start()

    def stop_table(self) -> None:
        if self.play is not None:
            self.play.stop()  # takes every screen above the menu off, the notice too
            self.play = None
            self.call_later(self.check_size)

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
