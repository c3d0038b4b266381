"""What the panels beside the sheet are told: read off a seat's view of a known game."""

from __future__ import annotations

from threadbox.rules.thread_count import ThreadCountState
from threadbox.tui.games.thread_count.models import collection_model, counter_model, die_model, seat_lines

from .tc_demo import HUMAN, demo_table


def test_the_collection_bar_is_the_scorepad_so_far():
    view = demo_table().view(HUMAN)
    bar = collection_model(view, HUMAN)
    rows = {row.key: row for row in bar.rows}
    assert list(rows) == ["mouse", "sock", "plane", "sets", "cups", "cat"]
    counts = view.collected(HUMAN)
    for kind in ("mouse", "sock", "plane"):
        assert (rows[kind].crossed, rows[kind].boxes) == (counts[kind], view.layout.boxes(kind))
    assert rows["sets"].values == (2, 3, 4, 5, 6, 7, 8)  # set k is worth k + 1; side A has 7 of each
    assert rows["sets"].crossed == view.sets(HUMAN)
    assert rows["cups"].crossed == len(view.knocked_cups(HUMAN)) and rows["cups"].points < 0
    assert sum(row.points for row in bar.rows) == bar.total == view.seat_score(HUMAN).total


def test_the_easier_game_has_no_cups_row():
    view = ThreadCountState.new(2, seed=3, variants=["easier"]).view(0)
    assert [row.key for row in collection_model(view, 0).rows] == ["mouse", "sock", "plane", "sets", "cat"]


def test_die_counter_and_seats_say_where_the_game_stands():
    view = demo_table().view(HUMAN)
    die, counter = die_model(view), counter_model(view)
    assert (die.round, die.roll) == (view.round, view.roll)
    assert die.note == f"≥{view.counter_numbers[view.counter_crossed]} crosses"
    assert counter.active and counter.crossed == view.counter_crossed >= 2
    lines = seat_lines(view, you=HUMAN, shown=1)
    assert [(s.name, s.you, s.shown) for s in lines] == [
        ("Ana", True, False),
        ("Bo", False, True),
        ("Cy", False, False),
    ]
    assert lines[0].status == "to draw" and lines[0].deciding
    assert all(s.score == view.seat_score(s.seat).total for s in lines)
    setup = ThreadCountState.new(2, seed=3).view(0)
    assert die_model(setup).note == "cups first" and seat_lines(setup, 0, 0)[1].status == "cups 0/6"


async def test_the_log_opens_on_its_newest_line():
    from threadbox.tui.app import make_app
    from threadbox.tui.widgets import LogPanel

    app = make_app(table=demo_table(), bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(LogPanel)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y


async def test_a_late_fit_after_the_screen_has_gone_does_nothing():
    """A resize queues a fit for after the next refresh; by then the screen may be gone."""
    from threadbox.tui.app import make_app

    app = make_app(table=demo_table(), bot_delay=3600, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await app.pop_screen()
        await pilot.pause()
        assert not screen.is_attached
        screen._fit()  # no error: nothing to fit any more


def test_a_seat_with_the_cup_handicap_shows_its_cups_at_no_minus():
    from threadbox.rules.thread_count import no_cup_minus

    view = ThreadCountState.new(2, seed=3, variants=[no_cup_minus(1)]).view(1)
    thread = (view.layout.start, (1, 0), (0, 0))
    view.sheets[1] = view.sheets[1].model_copy(update={"cups": ((0, 0),), "thread": thread})  # sheets are values
    cups = {row.key: row for row in collection_model(view, 1).rows}["cups"]
    assert cups.free and cups.crossed == 1 and cups.points == 0
    assert not {row.key: row for row in collection_model(view, 0).rows}["cups"].free
