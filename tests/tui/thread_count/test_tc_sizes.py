"""Thread Count with six seats at the smallest size the app accepts, at 80x24 and at 200x60:
every row of the seat's sheet and the die are there (scrolled to on a small board, with the
scroll bars showing it), nothing on the board is cut to "…", and a big window shows every
other seat's sheet."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app

from ..helpers import settle
from ..thingstead.ts_helpers import screen_text
from .tc_demo import demo_table

SIZES = [(60, 16), (80, 24), (200, 60)]
PLAYERS = 6  # the most the game takes
OTHERS = ("Bo", "Cy", "Dee", "Eli", "Fay")


def region_text(app, widget) -> list[str]:
    region = widget.region
    return [line[region.x : region.right] for line in screen_text(app).splitlines()[region.y : region.bottom]]


async def open_table(pilot) -> None:
    await settle(pilot, lambda: bool(pilot.app.screen.query("#tc-sheet")) and pilot.app.screen.port.my_turn())
    for _ in range(5):
        await pilot.pause()


async def scrolled_board(pilot) -> str:
    """The board's text at every scroll of the sheet (down) and of the table (across)."""
    app = pilot.app
    main, left = app.screen.query_one("#tc-main"), app.screen.query_one("#tc-left")
    board = app.screen.query_one("#board")
    seen = []
    for x in [*range(0, main.max_scroll_x, 10), main.max_scroll_x]:
        for y in [*range(0, left.max_scroll_y, 4), left.max_scroll_y]:
            main.scroll_to(x=x, animate=False, immediate=True)
            left.scroll_to(y=y, animate=False, immediate=True)
            await pilot.pause()
            seen += region_text(app, board)
    return "\n".join(seen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_row_and_the_die_are_there_and_nothing_is_cut(size):
    app = make_app(table=demo_table(players=PLAYERS), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await open_table(pilot)
        text = await scrolled_board(pilot)
        words = [line.lstrip("│").split() for line in text.splitlines()]
        rows = {w[0] for w in words if w and w[0].isdigit()}  # a sheet row starts with its number
        assert {str(n) for n in range(1, 10)} <= rows, rows
        assert "Roll 1" in text and "Round 11" in text
        assert "…" not in text


async def test_a_small_board_shows_its_scroll_bars():
    app = make_app(table=demo_table(players=PLAYERS), bot_delay=0, autosave=False)
    async with app.run_test(size=(60, 16)) as pilot:
        await open_table(pilot)
        main, left = app.screen.query_one("#tc-main"), app.screen.query_one("#tc-left")
        assert left.show_vertical_scrollbar and left.max_scroll_y > 0
        assert main.show_horizontal_scrollbar and main.max_scroll_x > 0


async def test_a_big_window_shows_every_other_sheet():
    app = make_app(table=demo_table(players=PLAYERS), bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await open_table(pilot)
        text = "\n".join(region_text(app, app.screen.query_one("#board")))
        for name in OTHERS:
            assert f"{name} · " in text and "pts" in text
        assert "…" not in text
