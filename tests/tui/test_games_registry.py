"""Which screen shows a game, and the hooks a game's own screen uses."""

from __future__ import annotations

import sys
import types

import pytest
from textual.app import App
from textual.widgets import Static

from threadbox.controller import SeatPort
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GENERIC_HELP, GameScreen
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games import help_for, screen_for
from threadbox.tui.widgets import ViewDump

from .fakegame import TALLY
from .helpers import make_table

pytestmark = pytest.mark.usefixtures("fake")


class TallyScreen(GameScreen):
    HELP = "Add up to three, three times; the highest tally wins."

    def compose_board(self):
        yield Static(id="tallies")

    def update_board(self, view, legal):
        self.query_one("#tallies", Static).update(" + ".join(map(str, view.tallies)))


@pytest.fixture
def tally_screen(fake, monkeypatch):
    module = types.ModuleType(f"threadbox.tui.games.{TALLY}")
    module.SCREEN = TallyScreen
    monkeypatch.setitem(sys.modules, module.__name__, module)


def test_a_game_without_its_own_screen_gets_the_generic_one():
    port = SeatPort(make_table("Ada"), 0)
    assert type(screen_for(port)) is GameScreen
    assert help_for(TALLY) == GENERIC_HELP


@pytest.mark.usefixtures("tally_screen")
async def test_a_games_own_screen_draws_its_board_through_the_hooks():
    table = make_table("Ada")
    assert help_for(TALLY) == TallyScreen.HELP
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TallyScreen) and not app.screen.query(ViewDump)
        await pilot.press("2")
        await pilot.pause()
        assert str(app.screen.query_one("#tallies", Static).render()) == "2"


async def test_game_screens_work_in_another_app():
    """The SSH server's app is another App class: screens bring their own styles and report leaving."""
    table = make_table("Ada")
    left: list[GameScreen.Leave] = []

    class OtherApp(App):
        def on_mount(self) -> None:
            self.push_screen(screen_for(SeatPort(table, 0)))

        def on_game_screen_leave(self, event: GameScreen.Leave) -> None:
            left.append(event)

    app = OtherApp()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.query_one("#side").region.width == 30  # GameScreen's own CSS applies
        for _ in range(9):
            await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert len(left) == 1
