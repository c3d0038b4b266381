"""Pictures of the Quilt screen at fixed seeds (update with --snapshot-update,
then look at the SVGs in __snapshots__ before committing them)."""

from __future__ import annotations

from threadbox.tui.app import make_app

from ..helpers import settle
from .qt_demo import colouring_table, pencils_table
from .qt_helpers import ready


async def game_on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


def test_qt_pencils_snapshot(snap_compare):
    """Phase 2: needle holders with pencils, Ada to draw or take."""
    app = make_app(table=pencils_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_qt_colouring_snapshot(snap_compare):
    """Phase 3: Ada's sheet part coloured, her holder with pencils left."""
    app = make_app(table=colouring_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=game_on_screen)


def test_qt_colouring_large_snapshot(snap_compare):
    app = make_app(table=colouring_table(players=3), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(160, 45), run_before=game_on_screen)
