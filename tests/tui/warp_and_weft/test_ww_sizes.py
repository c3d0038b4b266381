"""Warp & Weft with five seats at the smallest size the app accepts, at 80x24 and at 200x60:
the hint and the title are whole, nothing on the board is cut to "…", the loom is all
there (scrolled to on a small board) and a big window shows every seat's loom."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from threadbox.tui.app import make_app

from ..helpers import settle
from .ww_demo import demo_table
from .ww_helpers import ready, screen_text

SIZES = [(60, 16), (80, 24), (200, 60)]
SEATS = 5  # the most the game takes
OTHERS = ("Bram (B)", "Cleo (C)", "Dara (D)", "Eli (E)")


def region_text(app, widget) -> list[str]:
    region = widget.region
    return [line[region.x : region.right] for line in screen_text(app).splitlines()[region.y : region.bottom]]


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_hint_title_and_board_are_whole(size):
    app = make_app(table=demo_table(seats=SEATS), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        screen = app.screen
        hint = screen.query_one("#ww-hint", Static)
        words = one_line(str(hint.content))
        assert "vertical slot" in words  # the crossing being decided
        assert one_line(" ".join(region_text(app, hint))) == words
        board = screen.query_one("#board")
        lines = region_text(app, board)
        assert "…" not in "\n".join(lines)
        assert "Round 2/4" in lines[0]


async def test_a_small_board_scrolls_to_every_slot_of_the_loom():
    app = make_app(table=demo_table(seats=SEATS), bot_delay=0, autosave=False)
    async with app.run_test(size=(60, 16)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        mine = app.screen.query_one("#ww-mine")
        assert mine.show_horizontal_scrollbar and mine.show_vertical_scrollbar  # the bars say more is there
        seen, numbers = "", set()
        for x in range(0, mine.max_scroll_x + 1, 10):
            for y in range(0, mine.max_scroll_y + 1, 4):
                mine.scroll_to(x=x, y=y, animate=False, immediate=True)
                await pilot.pause()
                lines = region_text(app, mine)
                seen += "\n".join(lines) + "\n"
                if y == 0:  # the vertical slots' numbers head the loom
                    numbers |= {int(n) for n in lines[0].split() if n.isdigit()}
        assert numbers == set(range(1, 9))
        for row in range(1, 9):
            assert any(line.startswith(f"{row} ") for line in seen.splitlines()), f"row {row} never shown"


async def test_a_big_window_shows_every_seat():
    app = make_app(table=demo_table(seats=SEATS), bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        text = "\n".join(region_text(app, app.screen.query_one("#board")))
        for name in OTHERS:
            assert name in text
        assert "      1     2     3     4     5     6     7     8" in text  # the roomy loom's slot numbers
