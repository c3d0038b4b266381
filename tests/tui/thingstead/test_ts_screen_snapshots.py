"""Pictures of the Thingstead screen at fixed seeds (update with --snapshot-update,
then look at the SVGs in __snapshots__ before committing them)."""

from __future__ import annotations

from threadbox.tui.app import make_app

from ..helpers import settle
from .ts_demo import table_at
from .ts_helpers import demo_table, ready


async def on_screen(pilot) -> None:
    await settle(pilot, lambda: ready(pilot.app))


def test_ts_ring_snapshot(snap_compare):
    """The ring mid-game: a card played, the second move option previewed on the ring."""
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_screen, press=["down"])


def test_ts_clan_row_snapshot(snap_compare):
    """The clan row and the table under the ring, scrolled to by t."""
    app = make_app(table=demo_table(step="play"), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_screen, press=["t"])


def test_ts_large_snapshot(snap_compare):
    app = make_app(table=demo_table(), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(150, 45), run_before=on_screen)


def test_ts_small_snapshot(snap_compare):
    """The smallest window the app accepts: the ring one Elder a line, the bar saying more is below."""
    app = make_app(table=demo_table(turns=8), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(60, 16), run_before=on_screen)


def test_ts_biggest_snapshot(snap_compare):
    """A big window: the large ring, with Blue's pawn on a bottom Elder and three previews."""
    app = make_app(table=demo_table(turns=8), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(200, 60), run_before=on_screen)


def test_ts_draw_snapshot(snap_compare):
    """Drawing: the row's cards beside their keys (1-3, d the deck), the cursor ▶ on the second."""
    app = make_app(table=table_at(22, "draw", 3), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_screen, press=["right"])


def test_ts_held_card_snapshot(snap_compare):
    """A card held by its place (2), the cursor ▶ on a clan it may go to, the clan row in view."""
    app = make_app(table=table_at(22, "play", 3), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_screen, press=["2", "right"])


def test_ts_shove_snapshot(snap_compare):
    """The Orange shove at 60x16: the compact ring, ◀ on the Elder the other pawn would go to."""
    app = make_app(table=table_at(22, "push", 0), bot_delay=0, autosave=False)
    assert snap_compare(app, terminal_size=(60, 16), run_before=on_screen, press=["right"])
