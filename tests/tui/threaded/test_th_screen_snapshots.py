"""Pictures of the Threaded screen at 5 players (update with --snapshot-update, then look at the SVGs)."""

from __future__ import annotations

from threadbox.tui.app import make_app

from ..helpers import settle
from .th_demo import plan_table, visit_table
from .th_helpers import ready


async def game_on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


def test_th_plan_five_seats_snapshot(snap_compare):
    app = make_app(table=plan_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_th_visit_five_seats_snapshot(snap_compare):
    app = make_app(table=visit_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_th_visit_five_seats_wide_snapshot(snap_compare):
    app = make_app(table=visit_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(160, 45), run_before=game_on_screen)
