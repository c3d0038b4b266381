"""Pictures of the Thread Count screen mid-game (tc_demo's table): small and large terminals.

Regenerate with ``pytest tests/tui/thread_count --snapshot-update`` and look
at the SVGs before keeping them.
"""

from __future__ import annotations

from threadbox.tui.app import make_app

from .tc_demo import demo_table


def demo_app():
    return make_app(table=demo_table(), bot_delay=0, autosave=False)


def test_tc_screen_mid_game_at_80x24(snap_compare):
    assert snap_compare(demo_app(), terminal_size=(80, 24))


def test_tc_screen_mid_game_at_120x40(snap_compare):
    # Room for the larger sheet and the other two players' sheets beside the panels.
    assert snap_compare(demo_app(), terminal_size=(120, 40))


def six_seats_app():
    return make_app(table=demo_table(players=6), bot_delay=0, autosave=False)


def test_tc_six_seats_at_60x16(snap_compare):
    # The smallest window the app accepts: the sheet scrolls down, the die and scores across.
    assert snap_compare(six_seats_app(), terminal_size=(60, 16))


def test_tc_six_seats_at_80x24(snap_compare):
    assert snap_compare(six_seats_app(), terminal_size=(80, 24))


def test_tc_six_seats_at_200x60(snap_compare):
    # The huge sheet and all five other sheets.
    assert snap_compare(six_seats_app(), terminal_size=(200, 60))
