"""The in-game help reads well at 80x24: its tables fit without wrapping, its scrollbar beside the text."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app
from threadbox.tui.games import help_for
from threadbox.tui.help import HelpScreen

from .helpers import make_table, settle

# At 80 columns the help box is 72 wide; less its border, padding, scrollbar and the
# table's own rules and padding, a row has about 60 columns for its two cells.
ROW_ROOM = 60


@pytest.mark.parametrize("game", ["thread-count", "warp-and-weft"])
def test_every_help_table_row_fits_80_columns(game):
    rows = [line for line in help_for(game).splitlines() if line.startswith("| ") and not line.startswith("| :-")]
    for row in rows:
        cells = [cell.strip().replace("`", "") for cell in row.strip("|").split("|")]
        assert sum(len(cell) for cell in cells) <= ROW_ROOM, row


async def test_the_help_scrollbar_keeps_a_column_of_its_own():
    table = make_table("Ana", "Bo=bot:easy", game="thread-count", seed=3)
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: app.screen.port.my_turn())
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        assert scroll.styles.scrollbar_gutter == "stable" and scroll.styles.scrollbar_size_vertical == 1
        assert scroll.scrollable_content_region.right <= scroll.region.right - 1  # text stops before the bar
