"""The local threadbox app: the main menu, then games played at this terminal.

Starting it loads the menu only: a game's screen, its rules, the records and
replays load when they are first wanted, so the menu is up quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen

from .main_menu import MenuScreen
from .too_small import TooSmallScreen, too_small

if TYPE_CHECKING:
    from threadbox.controller import Record, RecordBook, Table

    from .game_screen import GameScreen
    from .host import LocalHost
    from .local import LocalPlay

THEME = "gruvbox"  # warm, wool-coloured; any other from the command palette (ctrl+p)


class ThreadboxApp(App[None]):
    """Opens the main menu, or goes straight into ``table`` (``record``: its record) or a replay of ``replay``.

    | Key | Does |
    | :- | :- |
    | ctrl+p | command palette (themes among others) |
    | ctrl+q | quit |
    """

    CSS_PATH = "app.tcss"
    TITLE = "threadbox"
    # The theme from the start, as Textual's own default is: setting it in __init__ would parse all
    # the CSS a second time before the first frame.
    theme: Reactive[str] = Reactive(THEME)

    def __init__(
        self,
        table: Table | None = None,
        *,
        bot_delay: float = 0.4,
        autosave: bool = True,
        book: RecordBook | None = None,
        record: Record | None = None,
        replay: Record | None = None,
    ):
        super().__init__()
        self.bot_delay = bot_delay
        self.autosave = autosave
        self._book = book
        self.play: LocalPlay | None = None
        self._first = (table, record, replay)
        self._keys: tuple[tuple[str, float] | None, tuple[str, float] | None] = (None, None)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:  # read from the terminal
            self._keys = (self._keys[1], (event.key, event.time))
        await super().on_event(event)

    def key_before(self) -> tuple[str, float] | None:
        """The key read before the one being handled, and when (the hand-off tells a held Enter by it)."""
        return self._keys[0]

    @property
    def book(self) -> RecordBook:
        """Where games played here are recorded (the data folder's, unless given)."""
        if self._book is None:
            from threadbox.controller import RecordBook

            self._book = RecordBook()
        return self._book

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:
        """Notices carry names players typed (hot-seat set-up): plain text always, as over SSH."""
        super().notify(message, markup=False, **kwargs)

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        table, record, replay = self._first
        self._first = (None, None, None)
        if table is not None:
            self.start_table(table, record)
        elif replay is not None:
            self.open_replay(replay)
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

    def push_screen(self, screen: Screen | str, *args, **kw):
        """As Textual's, but the too-small notice stays on top of any new screen."""
        if not isinstance(screen, TooSmallScreen) and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()  # put back on top of the new screen just below
        result = super().push_screen(screen, *args, **kw)
        if not isinstance(screen, TooSmallScreen):
            self.call_later(self.check_size)
        return result

    def start_table(self, table: Table, record: Record | None = None) -> None:
        """Play ``table`` here, over the menu; ``record`` is its record when it is resumed."""
        from .local import LocalPlay

        self.stop_table()
        self.play = LocalPlay(
            self, table, bot_delay=self.bot_delay, autosave=self.autosave, book=self.book, record=record
        )
        self.play.start()

    def stop_table(self) -> None:
        if self.play is not None:
            self.play.stop()  # takes every screen above the menu off, the notice too
            self.play = None
            self.call_later(self.check_size)

    def resume(self, record: Record) -> bool:
        """Go on with a recorded game; a damaged record is said so and left as it is."""
        from threadbox.controller import RecordError
        from threadbox.controller.records import restore

        try:
            table = restore(record)
        except RecordError as exc:
            self.notify(str(exc), title="Cannot continue this game", severity="error", timeout=10)
            return False
        self.start_table(table, record)
        return True

    def open_replay(self, record: Record) -> bool:
        """Show a replay of a recorded game over the current screen."""
        from .replay import open_replay

        return open_replay(self, record)

    def on_game_screen_leave(self, _: GameScreen.Leave) -> None:
        self.stop_table()


def make_app(**kw) -> ThreadboxApp:
    """The one way to build the app: the CLI, tests and screenshots all use it."""
    return ThreadboxApp(**kw)


if TYPE_CHECKING:

    def _is_a_host(app: ThreadboxApp) -> LocalHost:
        return app  # the type checker holds the app to the shape its menu screens expect
