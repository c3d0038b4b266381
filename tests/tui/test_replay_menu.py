"""The menu's Continue list and History: every recorded game, resumed or replayed by keys."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from threadbox.controller import RecordBook, SeatSpec, Table, TableConfig
from threadbox.controller.records import stage_of
from threadbox.rules.core import is_built
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.records import RecordsScreen, when_text
from threadbox.tui.replay import ReplayControls
from threadbox.tui.widgets.confirm import ConfirmScreen

from .helpers import make_table, messages, settle

pytestmark = pytest.mark.skipif(
    not (is_built("thread-count") and is_built("warp-and-weft")), reason="needs Thread Count and Warp & Weft"
)


def play(book: RecordBook, game: str, seed: int, moves: int | None) -> Table:
    seats = [SeatSpec(name="Ana"), SeatSpec(name="Bo", kind="bot", level="easy")]
    table = Table(TableConfig(game=game, seats=seats, seed=seed))
    table.on_change = book.recorder()
    while not table.is_over() and (moves is None or len(table.actions) < moves):
        if not table.step_bot():
            table.act(0, table.legal(0)[0])
    return table


@pytest.fixture
def four_games(home):
    """Finished: one Thread Count, one Warp & Weft. Unfinished: one of each, Warp & Weft the newest."""
    book = RecordBook(home)
    games = {
        "tc done": play(book, "thread-count", 1, None),
        "ww done": play(book, "warp-and-weft", 2, None),
        "tc open": play(book, "thread-count", 3, 9),
        "ww open": play(book, "warp-and-weft", 4, 5),
    }
    for i, entry in enumerate(sorted(book.entries(), key=lambda e: e.record.seed)):
        book.write(entry.record.model_copy(update={"updated": f"2026-11-0{i + 1}T10:00:00+00:00"}))
    return book, games


def options(app) -> list[str]:
    listing = app.screen.query_one("#records")
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def test_all_four_games_are_in_the_menu(four_games):
    book, games = four_games
    app = make_app(bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the records are counted once the menu is on screen
        assert str(app.screen.query_one("#continue").label) == "Continue (2)"
        assert str(app.screen.query_one("#history").label) == "History (2)"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        listed = options(app)
        assert [line.split("  ·  ")[0] for line in listed] == ["Warp & Weft", "Thread Count"]  # newest first
        assert "Ana (human), Bo (bot, easy)" in listed[0] and "round 1" in listed[0]
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.play is not None, (messages(app), app.screen_stack)
        assert app.play.table.full_state_json() == games["ww open"].full_state_json()
        assert [type(s) for s in app.screen_stack] == [MenuScreen, type(app.screen)]
        await pilot.press("escape", "y")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("h")
        await pilot.pause()
        history = options(app)
        assert [line.split("  ·  ")[0] for line in history] == ["Warp & Weft", "Thread Count"]
        assert " won; " in history[0]
        await pilot.press("down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayControls))
        replay = app.screen
        assert replay.port.game_id == "thread-count" and replay.port.is_over()
        await pilot.press("home", "right", "right")
        assert replay.port.step == 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen) and app.screen.kind == "finished"


async def test_a_key_typed_before_the_records_are_counted_is_not_lost(four_games):
    """The menu counts the records just after its first frame; a key that comes sooner counts them first."""
    app = make_app(bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen
        menu._counted, menu._counts = False, (0, 0)  # as in the moment before the count
        assert menu.check_action("continue_game", ()) is False
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen) and len(options(app)) == 2
        assert str(menu.query_one("#continue").label) == "Continue (2)"


async def test_a_resumed_game_is_played_on_in_its_own_record(four_games):
    book, games = four_games
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "down", "enter")  # the older unfinished game: Thread Count
        await settle(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.port.my_turn())
        before = {e.record.id: e.path.read_text() for e in book.entries()}
        assert app.play.table.full_state_json() == games["tc open"].full_state_json()
        await pilot.press("enter")  # Ana draws the picked route
        await settle(pilot, lambda: len(app.play.table.actions) > 9)
        after = {e.record.id: e.path.read_text() for e in book.entries()}
        changed = [rid for rid in before if before[rid] != after[rid]]
        assert len(after) == 4 and len(changed) == 1
        assert book.find(changed[0])[0].seed == 3


async def test_delete_asks_first(four_games):
    book, _ = four_games
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(book.unfinished()) == 2 and len(options(app)) == 2
        await pilot.press("d", "y")
        await pilot.pause()
        assert [r.game for r in book.unfinished()] == ["thread-count"] and len(options(app)) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert str(app.screen.query_one("#continue").label) == "Continue (1)"


async def test_an_unfinished_game_replays_from_the_continue_list(four_games):
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "r")
        await settle(pilot, lambda: isinstance(app.screen, ReplayControls | HandOffScreen))
        screen = app.screen
        assert isinstance(screen, ReplayControls) and screen.port.eyes.seat == 0  # Ana, the one human
        assert not screen.port.is_over() and screen.port.step == screen.replay.last


@pytest.mark.usefixtures("fake")
async def test_a_damaged_record_is_refused_and_kept(home):
    book = RecordBook(home)
    table = make_table("Ada", "Bram")
    table.on_change = book.recorder()
    table.act(0, {"kind": "add", "n": 3})
    [entry] = book.entries()
    text = entry.path.read_text().replace('"seed": 1,', '"seed": 2,')
    entry.path.write_text(text)
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()  # the records are counted once the menu is on screen
        assert not app.screen.query_one("#continue").display
        assert app.screen.check_action("continue_game", ()) is False
        app.push_screen(RecordsScreen("unfinished"))
        await pilot.pause()
        assert "1 file(s) in the records folder cannot be read" in str(
            app.screen.query_one("#records-unreadable").render()
        )
        assert entry.path.read_text() == text


@pytest.mark.usefixtures("fake")
async def test_resuming_a_record_that_fails_its_replay_says_so(home):
    import json

    from threadbox.controller.records import checksum

    book = RecordBook(home)
    table = make_table("Ada", "Bram")
    table.on_change = book.recorder()
    table.act(0, {"kind": "add", "n": 3})
    [entry] = book.entries()
    data = json.loads(entry.path.read_text())
    data["actions"][0][1]["n"] = 7  # not a legal add, with a recomputed checksum
    data["checksum"] = checksum(data)
    entry.path.write_text(json.dumps(data))
    app = make_app(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "enter")
        await pilot.pause()
        assert app.play is None and isinstance(app.screen, RecordsScreen)
        [(severity, text)] = messages(app)
        assert severity == "error" and "its moves do not make a valid game" in text


def test_when_text():
    from datetime import UTC, datetime

    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    assert when_text("2026-11-30T11:59:30+00:00", now) == "just now"
    assert when_text("2026-11-30T11:55:00+00:00", now) == "5 minutes ago"
    assert when_text("2026-11-30T09:00:00+00:00", now) == "3 hours ago"
    assert when_text("2026-11-29T09:00:00+00:00", now).startswith("yesterday")
    assert when_text("2026-10-01T09:00:00+00:00", now).startswith("2026-10-01")


async def test_a_thingstead_game_in_progress_shows_where_it_stands(home):
    book = RecordBook(home)
    table = play(book, "thingstead", 7, 12)
    stage = stage_of(table.view(None))
    assert stage.startswith("turn ") and stage.endswith("cards in the deck")
    old = Path(__file__).parents[1] / "controller" / "records" / "thingstead-v1.json"
    book.folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(old, book.path_of("thngst"))  # saved before the stage was Thingstead's own: stage ""
    app = make_app(bot_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, RecordsScreen)
        listed = {line.split("\n")[0].split("  ·  ")[1] for line in options(app)}
        assert listed == {stage, "in progress"}  # the old record is not called "not started"
