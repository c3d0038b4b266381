"""Warp & Weft uses the room it has: at 80x24 your hand and the cards holding your buttons sit
beside the loom; from 120x40 everything is on screen at once, and wider, the others' looms side by side."""

from __future__ import annotations

from threadbox.tui.app import make_app
from threadbox.tui.games.warp_and_weft.widgets.hand import HandView
from threadbox.tui.games.warp_and_weft.widgets.seats import SeatLoom

from .ww_demo import HUMAN, demo_table
from .ww_helpers import steady_text


def on_screen(app, widget) -> bool:
    region, (width, height) = widget.region, app.size
    return (
        widget.display and region.width > 0 and region.height > 0 and region.right <= width and region.bottom <= height
    )


async def test_at_80x24_the_hand_and_the_cards_of_your_buttons_are_beside_the_loom():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = await steady_text(pilot)
        screen = app.screen
        assert on_screen(app, screen.query_one("#ww-loom")) and on_screen(app, screen.query_one(HandView))
        [button] = table.view(HUMAN).buttons[HUMAN]  # placed in round 1
        assert "On cards" in text and f"●{button.card} ×" in text


async def test_at_120x40_everything_is_on_screen():
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await steady_text(pilot)
        screen = app.screen
        for selector in ("#ww-loom", "#ww-hand", "#ww-shared", "#ww-side-scores", "#actions", "#log"):
            assert on_screen(app, screen.query_one(selector)), selector
        cards = list(screen.query("PatternCardView"))
        assert len(cards) == 8 and all(on_screen(app, card) for card in cards)
        looms = list(screen.query(SeatLoom))
        assert len(looms) == 2 and all(on_screen(app, loom) for loom in looms)
        assert "t: " not in str(screen.query_one("#board").border_title)  # no pane hidden


async def test_a_wide_terminal_puts_the_other_looms_side_by_side_and_widens_the_side():
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await steady_text(pilot)
        screen = app.screen
        a, b = screen.query(SeatLoom)
        assert a.region.y == b.region.y and a.region.right <= b.region.x
        assert screen.query_one("#side").region.width > 40
