"""The Thingstead board at the smallest size the app accepts, at 80x24 and at 200x60: every
Elder, pawn, marker and preview of the ring is drawn, and nothing on the board is cut to "…"."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from threadbox.tui.app import make_app
from threadbox.tui.games.thingstead.models import letter
from threadbox.tui.games.thingstead.widgets import RingView
from threadbox.tui.games.thingstead.widgets.ring import TARGET_NAMES, _target_index

from ..helpers import settle
from .ts_helpers import demo_table, ready, screen_text

SIZES = [(60, 16), (80, 24), (200, 60)]
# Eight turns in, Blue's pawn stands on a bottom Elder (No. 8) and the highlighted move previews
# followers on three Elders: the parts a cut ring lost.
TURNS = 8


def board_text(app) -> str:
    """What the board shows, scrolled from top to bottom: only the board's own columns."""
    scroll = app.screen.query_one("#ts-scroll", VerticalScroll)
    region = scroll.region
    seen = []
    for y in range(0, max(1, scroll.max_scroll_y + region.height), max(1, region.height)):
        scroll.scroll_to(y=y, animate=False, immediate=True)
        app.screen._compositor.reflow(app.screen, app.screen.size)
        lines = screen_text(app).splitlines()
        seen += [line[region.x : region.right] for line in lines[region.y : region.bottom]]
    return "\n".join(seen)


def ring_words(ring: RingView) -> list[str]:
    model = ring.model
    assert model is not None
    words = [f"No.{elder.number}" for elder in model.elders]
    words += [f"▲{'RB'[seat]}" for elder in model.elders for seat in elder.pawns]
    words += [f"△{'RB'[seat]}" for elder in model.elders for seat in elder.ghosts]
    for elder in model.elders:
        if elder.gift is not None:  # as the ring writes it: where on the card, then the followers
            where = TARGET_NAMES[_target_index(model, elder.position)]
            words.append(where + elder.gift.words(letter(1 - model.actor), ""))
    return words


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_whole_ring_is_drawn_and_nothing_is_cut(size):
    app = make_app(table=demo_table(turns=TURNS), bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        ring = app.screen.query_one(RingView)
        words = ring_words(ring)
        assert sum(w.startswith("No.") for w in words) == 7
        assert "▲B" in words and "△R" in words and sum("+" in w or "-" in w for w in words) == 3
        text = board_text(app)
        missing = [w for w in words if w not in text]
        assert not missing, f"not drawn at {size}: {missing}\n{text}"
        pawns = sum(len(elder.pawns) for elder in ring.model.elders)
        assert text.count("▲") == pawns + 1, text  # each pawn, and the card's "from the ▲B pawn"
        assert text.count("△") == 1
        assert "…" not in text
        title = screen_text(app).splitlines()[1][: app.screen.query_one("#board").region.right]
        assert "…" not in title
        assert "locked R 1 B 0" in title


async def test_a_narrow_board_shows_the_ring_one_elder_a_line_and_says_more_is_below():
    app = make_app(table=demo_table(turns=TURNS), bot_delay=0, autosave=False)
    async with app.run_test(size=(60, 16)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        ring = app.screen.query_one(RingView)
        scroll = app.screen.query_one("#ts-scroll", VerticalScroll)
        assert ring.region.width <= scroll.scrollable_content_region.width
        assert scroll.show_vertical_scrollbar and scroll.max_scroll_y > 0  # the bar shows there is more


async def test_a_big_window_draws_the_large_ring():
    app = make_app(table=demo_table(turns=TURNS), bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        ring = app.screen.query_one(RingView)
        assert ring.region.size == (65, 21)  # the large ring, every line of it


async def test_a_click_on_an_elder_line_of_the_compact_ring_moves_there():
    table = demo_table(turns=TURNS)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(60, 16)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        before = len(table.actions)
        # Line 0 is the top of the ring: Elder No. 3, one space from Red's pawn.
        await pilot.click(RingView, offset=(2, 0))
        await settle(pilot, lambda: len(table.actions) > before)
        seat, action = table.actions[before]
        assert seat == 0 and action.kind == "move" and table.view(0).elder_at(action.to).number == 3


async def test_a_resize_redraws_the_ring_and_the_title_for_the_new_size():
    app = make_app(table=demo_table(turns=TURNS), bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.resize_terminal(60, 16)
        await settle(pilot, lambda: app.screen.query_one(RingView).region.width <= 28)
        await pilot.pause()
        title = screen_text(app).splitlines()[1]
        assert "╭─ deck 7 · locked R 1 B 0 ─" in title
        assert "No.3" in board_text(app) and "No.9" in board_text(app)
