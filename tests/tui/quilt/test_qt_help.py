"""The Quilt help opens with the game's own keys table, which fits 80 columns."""

from __future__ import annotations

from threadbox.tui.app import make_app
from threadbox.tui.games import help_for
from threadbox.tui.help import HelpScreen

from ..helpers import screen_text, settle
from .qt_demo import colouring_table
from .qt_helpers import ready

ROW_ROOM = 60  # as tests/tui/test_help_fits.py: a table row's two cells at 80 columns


def test_the_help_begins_with_the_keys_table_and_its_rows_fit():
    text = help_for("quilt")
    assert text.startswith("## Keys")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| :-")]
    assert len(rows) > 10
    for row in rows:
        cells = [cell.strip().replace("`", "") for cell in row.strip("|").split("|")]
        assert sum(len(cell) for cell in cells) <= ROW_ROOM, row


async def test_question_mark_opens_on_the_keys():
    app = make_app(table=colouring_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(screen_text(app))
        assert "Keys for Quilt" in shown and "r o y g b p" in shown and "take that patch" in shown
