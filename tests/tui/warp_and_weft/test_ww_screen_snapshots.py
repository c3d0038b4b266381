"""Pictures of the Warp & Weft screen at fixed seeds (update with --snapshot-update,
then look at the SVGs in __snapshots__ before committing them)."""

from __future__ import annotations

from threadbox.tui.app import make_app

from ..helpers import settle
from .ww_demo import demo_table, draft_table, patterns_table, weave_start_table
from .ww_helpers import ready


async def game_on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


def test_ww_draft_snapshot(snap_compare):
    app = make_app(table=draft_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_ww_cards_snapshot(snap_compare):
    app = make_app(table=draft_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen, press=["t"])


def test_ww_weaving_snapshot(snap_compare):
    """Mid-weave: the string being woven highlighted, the next crossing marked."""
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_ww_weaving_large_snapshot(snap_compare):
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(160, 50), run_before=game_on_screen)


def test_ww_five_seats_small_snapshot(snap_compare):
    """The smallest window the app accepts: the whole hint, the loom with its scroll bars."""
    app = make_app(table=demo_table(seats=5), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(60, 16), run_before=game_on_screen)


def test_ww_five_seats_snapshot(snap_compare):
    app = make_app(table=demo_table(seats=5), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_ww_five_seats_biggest_snapshot(snap_compare):
    """A big window: the roomy loom, the cards and all four other looms."""
    app = make_app(table=demo_table(seats=5), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(200, 60), run_before=game_on_screen)


def test_ww_weaving_cursor_snapshot(snap_compare):
    """Weaving by the cursor: the list highlights the slot under it, no option numbers (the digits are slots)."""
    app = make_app(table=weave_start_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_ww_patterns_biggest_snapshot(snap_compare):
    """Pattern selection: each card open to a button shows its key, Adjacent 1-4, Interlaced 5-8."""
    app = make_app(table=patterns_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(200, 60), run_before=game_on_screen)
