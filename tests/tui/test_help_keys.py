"""Each game's help opens with that game's keys, without Textual's own noise (issue 23)."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.help import HelpScreen, own_keys

from .helpers import make_table, screen_text, settle

GAMES = ["warp-and-weft", "thread-count", "quilt", "threaded", "thingstead"]


@pytest.mark.parametrize("game", GAMES)
async def test_the_help_opens_with_the_games_own_keys(game):
    table = make_table("Ana", "Bo=bot:easy", game=game, seed=3)
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.port.my_turn())
        screen = app.screen
        title, table_rows = screen.port.info.title, own_keys(type(screen)).splitlines()
        assert table_rows[0].startswith("| Key")  # every game screen has its keys table
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        lines = help_screen.text.splitlines()
        assert lines[0] == f"## Keys for {title}"
        assert lines[2 : 2 + len(table_rows)] == table_rows  # the game's table, first
        assert "Copy selected text" not in help_screen.text
        shown = "\n".join(screen_text(app))
        assert f"Keys for {title}" in shown and "Copy selected" not in shown
        # The first row of the game's table is on screen without scrolling.
        first_key = table_rows[2].strip("|").split("|")[0].strip().replace("`", "")
        assert first_key.split()[0] in shown
