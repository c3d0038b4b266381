"""Below the smallest size a notice covers the game (as over SSH); 80x24 shows what a decision needs."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.too_small import TooSmallScreen

from .helpers import make_table, screen_text, settle


@pytest.mark.parametrize("game", ["thread-count", "warp-and-weft"])
async def test_a_small_window_gets_the_notice_until_it_grows(game):
    table = make_table("Ada", "Bram=bot:easy", game=game, seed=3)
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(50, 14)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert isinstance(app.screen, TooSmallScreen)
        assert any("Window too small: please make it at least 60x16." in line for line in screen_text(app))
        before = table.full_state_json()
        await pilot.press("enter", "1", "p")
        assert table.full_state_json() == before  # the game behind takes no keys
        await pilot.resize_terminal(80, 24)
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(59, 24)
        await settle(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert isinstance(app.screen, TooSmallScreen)
        assert sum(isinstance(s, TooSmallScreen) for s in app.screen_stack) == 1


def inside(app, selector: str) -> bool:
    region = app.screen.query_one(selector).region
    return region.width > 0 and region.height > 0 and region.right <= 80 and region.bottom <= 24


async def test_thread_count_at_80x24_shows_everything_a_decision_needs():
    table = make_table("Ada", "Bram=bot:easy", game="thread-count", seed=3, variants=["easier"])
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.port.my_turn())
        await pilot.pause()
        sheet = app.screen.query_one("#tc-sheet")
        assert sheet.region.width >= sheet.virtual_size.width and sheet.region.height >= sheet.virtual_size.height
        for selector in ("#status", "#tc-sheet", "#tc-die", "#tc-route", "#actions", "KeyBar"):
            assert inside(app, selector), selector
        assert not [s for s in app.screen_stack if isinstance(s, TooSmallScreen)]
