"""The Quilt screen at the smallest, the usual and a large terminal: nothing on the board is cut off
with "…" (a sheet too wide is drawn in two halves, a long hint wraps inside the board)."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app

from ..helpers import board_pages, settle
from .qt_demo import colouring_table, pencils_table, three_pencils_table
from .qt_helpers import ready

SIZES = [(60, 16), (80, 24), (200, 60)]


async def game_on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", [lambda: colouring_table(players=3), pencils_table], ids=["colouring", "pencils"])
async def test_qt_board_is_not_cut_off(size, table):
    app = make_app(table=table(), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await game_on_screen(pilot)
        lines = await board_pages(pilot, "qt-scroll")
        cut = [line for line in lines if "…" in line]
        assert not cut, cut
        assert any("│" in line and line.count("·") for line in lines)  # the sheet's rows are there


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_qt_colouring_size_snapshot(snap_compare, size):
    app = make_app(table=colouring_table(players=3), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=size, run_before=game_on_screen)


async def pointing_on_the_board(pilot) -> None:
    """Round 1, three pencils: the first pencil picked, the cursor moved on the board to the +5 applique."""
    await game_on_screen(pilot)
    screen = pilot.app.screen
    colour = min(a.colour for a in screen.legal if hasattr(a, "colour"))
    await pilot.press(colour.lower())
    screen.query_one("#qt-scroll").focus()
    await pilot.press("up", "right")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_qt_cursor_size_snapshot(snap_compare, size):
    app = make_app(table=three_pencils_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=size, run_before=pointing_on_the_board)
