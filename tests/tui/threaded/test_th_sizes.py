"""The Threaded screen at the smallest, the usual and a large terminal, at 5 seats: nothing on the
board is cut off with "…" (a line too long goes on under itself; the narrowest screen gives the
board more of its width)."""

from __future__ import annotations

import pytest

from threadbox.tui.app import make_app

from ..helpers import board_pages, settle
from .th_demo import plan_table, visit_table
from .th_helpers import ready

SIZES = [(60, 16), (80, 24), (200, 60)]


async def game_on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", [plan_table, visit_table], ids=["plan", "visit"])
async def test_th_board_is_not_cut_off(size, table):
    app = make_app(table=table(), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await game_on_screen(pilot)
        lines = await board_pages(pilot, "th-scroll")
        cut = [line for line in lines if "…" in line]
        assert not cut, cut
        text = "\n".join(lines)
        assert "Finish" in text and "Needle" in text  # the shops and the studio are there


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", [plan_table, visit_table], ids=["plan", "visit"])
def test_th_size_snapshot(snap_compare, size, table):
    app = make_app(table=table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=size, run_before=game_on_screen)
