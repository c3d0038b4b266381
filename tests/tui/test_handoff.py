"""The privacy hand-off wherever it comes up: a game, a game continued, a replay.

Only Enter or a click on its button passes it, and then the named player's
seat is on screen. Leaving leaves, back to where the player came from, and
nothing of the hidden seat is drawn on the way; no other key, click or resize
passes it. The saved games are made by the real controller, in a temp folder.
"""

from __future__ import annotations

import pytest

from threadbox.controller import Record, RecordBook, SeatSpec, Table, TableConfig
from threadbox.rules.core import is_built
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.main_menu import MenuScreen
from threadbox.tui.records import RecordsScreen
from threadbox.tui.replay import ReplayControls
from threadbox.tui.too_small import TooSmallScreen
from threadbox.tui.widgets.confirm import ConfirmScreen

from .helpers import screen_text, settle

pytestmark = pytest.mark.skipif(not is_built("warp-and-weft"), reason="needs Warp & Weft")

SIZE = (100, 32)


def stack(app) -> list[type]:
    return [type(s) for s in app.screen_stack]


def hot_seat(book: RecordBook, humans: int) -> tuple[Table, Record]:
    """An unfinished Warp & Weft of Ada, Bram and Cleo (a bot unless ``humans`` is 3): Ada has
    picked her string in secret, and it is Bram's turn to pick his."""
    cleo = SeatSpec(name="Cleo") if humans == 3 else SeatSpec(name="Cleo", kind="bot", level="easy")
    table = Table(TableConfig(game="warp-and-weft", seats=[SeatSpec(name="Ada"), SeatSpec(name="Bram"), cleo], seed=4))
    table.on_change = book.recorder()
    table.act(0, table.legal(0)[0])
    while table.step_bot():
        pass
    assert 1 in table.pending() and 0 not in table.pending()
    [record] = book.unfinished()
    return table, record


def secrets_of(table: Table, seat: int) -> set[str]:
    """The log lines only ``seat`` may read ("You chose the pink (P) string.")."""
    others = {line for s in range(len(table.seats)) if s != seat for line in table.log_for(s)}
    return set(table.log_for(seat)) - others


def shown(app) -> str:
    return "\n".join(screen_text(app))


def nothing_of(app, table: Table, *seats: int) -> None:
    """Nothing on screen comes from the eyes of ``seats``: no secret line, no status naming them."""
    text = shown(app)
    for seat in seats:
        name = table.seats[seat].name
        assert f"Seat: {name}" not in text and f"Seeing {name}" not in text, text
        assert not any(line in text for line in secrets_of(table, seat)), text


@pytest.fixture
def book(home):
    return RecordBook(home)


# ---- where the hand-offs come up, reached by keys from the main menu -------------------------
async def to_continued(pilot) -> None:
    """Main menu, Continue, Enter on the game: Bram's hand-off."""
    app = pilot.app
    await pilot.press("c")
    await settle(pilot, lambda: isinstance(app.screen, RecordsScreen))
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))


async def to_replay(pilot) -> None:
    """Main menu, Continue, r: Ada's hand-off before her eyes in the replay."""
    app = pilot.app
    await pilot.press("c")
    await settle(pilot, lambda: isinstance(app.screen, RecordsScreen))
    await pilot.press("r")
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))


async def to_replay_eyes(pilot) -> None:
    """In the replay through Ada's eyes, w: Bram's hand-off."""
    app = pilot.app
    await to_replay(pilot)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, ReplayControls))
    await pilot.press("w")
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))


async def to_next_turn(pilot) -> None:
    """Continued, Bram's hand-off passed, Bram picks: the next hand-off (Cleo's with three humans)."""
    app = pilot.app
    await to_continued(pilot)
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    await pilot.press(app.screen.legal[0].colour.lower())  # keeps a string by its colour letter
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))


async def to_new_game(pilot) -> None:
    """A new game of three humans (``threadbox play``): Ada's hand-off passed, Ada picks: Bram's."""
    app = pilot.app
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
    assert app.screen.player == "Ada"
    await pilot.press("enter")
    await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    await pilot.press(app.screen.legal[0].colour.lower())  # keeps a string by its colour letter
    await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))


async def to_command_line_replay(pilot) -> None:
    """``threadbox replay ID``: Ada's hand-off over the menu."""
    await settle(pilot, lambda: isinstance(pilot.app.screen, HandOffScreen))


def app_for(place: str, record: Record):
    if place == "new game":
        seats = [SeatSpec(name=n) for n in ("Ada", "Bram", "Cleo")]
        return make_app(table=Table(TableConfig(game="warp-and-weft", seats=seats, seed=5)), bot_delay=3600)
    if place == "command line replay":
        return make_app(replay=record, bot_delay=3600)
    return make_app(bot_delay=3600)


# place: (how to get there, who is named, what must stay hidden, the stack left after leaving)
PLACES = {
    "new game": (to_new_game, "Bram", (0, 1), [MenuScreen]),
    "continue": (to_continued, "Bram", (0, 1), [MenuScreen]),
    "game": (to_next_turn, "Cleo", (0, 1, 2), [MenuScreen]),  # Bram has picked: two secrets now
    "replay": (to_replay, "Ada", (0, 1, 2), [MenuScreen, RecordsScreen]),
    "replay eyes": (to_replay_eyes, "Bram", (0, 1, 2), [MenuScreen, RecordsScreen]),
    "command line replay": (to_command_line_replay, "Ada", (0, 1, 2), [MenuScreen]),
}


# ---- item 2: Continue goes on with a hot-seat game -------------------------------------------
@pytest.mark.parametrize("humans", [2, 3])
@pytest.mark.parametrize("by", ["enter", "click"])
async def test_continue_passes_the_hand_off_to_the_seat_whose_turn_it_is(book, humans, by):
    table, _ = hot_seat(book, humans)
    assert secrets_of(table, 0)  # Ada's pick
    app = make_app(bot_delay=3600)
    async with app.run_test(size=SIZE) as pilot:
        await to_continued(pilot)
        assert stack(app) == [MenuScreen, HandOffScreen] and app.screen.player == "Bram"
        nothing_of(app, table, 0, 1)
        if by == "enter":
            await pilot.press("enter")
        else:
            await pilot.click("#handoff-ready")
        await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen), stack(app)
        assert stack(app) == [MenuScreen, type(screen)]
        assert screen.port.seat == 1 and screen.port.my_turn()
        assert app.play is not None and app.play.table.full_state_json() == table.full_state_json()
        text = shown(app)
        assert "Seat: Bram" in text and "Bram to play" in text
        assert not any(line in text for line in secrets_of(table, 0))


# ---- item 3: leaving leaves, everywhere, and shows nothing -----------------------------------
@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("key", ["escape", "q"])
async def test_leaving_a_hand_off_leaves_and_shows_nothing(book, place, key):
    table, record = hot_seat(book, 3)
    go, name, hidden, after = PLACES[place]
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)
        handoff = app.screen
        assert isinstance(handoff, HandOffScreen) and handoff.player == name
        under = stack(app)
        played = app.play.table if app.play is not None else table
        await pilot.press(key)
        assert isinstance(app.screen, ConfirmScreen) and stack(app) == [*under, ConfirmScreen]
        await pilot.press("y")
        await settle(pilot, lambda: stack(app) == after, rounds=50)
        await pilot.pause()
        assert stack(app) == after  # no game screen or replay, not even under another screen
        assert app.play is None
        nothing_of(app, played, *hidden)


# ---- no other way past it -----------------------------------------------------------------
async def still_covered(pilot, handoff: HandOffScreen, table: Table, hidden: tuple[int, ...]) -> None:
    app = pilot.app
    await settle(pilot, rounds=10)
    assert app.screen is handoff, stack(app)
    nothing_of(app, app.play.table if app.play is not None else table, *hidden)


@pytest.mark.parametrize("place", PLACES)
async def test_a_second_escape_or_q_stays_on_the_hand_off(book, place):
    table, record = hot_seat(book, 3)
    go, _, hidden, _ = PLACES[place]
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)
        handoff = app.screen
        await pilot.press("escape", "escape")  # asked to leave, and said no
        await still_covered(pilot, handoff, table, hidden)
        await pilot.press("q", "q")  # q asks; on the question it does nothing
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await still_covered(pilot, handoff, table, hidden)
        await pilot.press("escape", "enter")  # Enter on the question is its safe answer: stay
        await still_covered(pilot, handoff, table, hidden)


@pytest.mark.parametrize("place", PLACES)
async def test_clicks_on_the_background_pass_nothing(book, place):
    table, record = hot_seat(book, 3)
    go, _, hidden, _ = PLACES[place]
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)
        handoff = app.screen
        for offset in ((0, 0), (SIZE[0] - 1, 1), (2, SIZE[1] // 2)):
            await pilot.click(offset=offset)
        await pilot.click("#handoff-box", offset=(1, 1))
        await still_covered(pilot, handoff, table, hidden)
        await pilot.press("escape")
        for offset in ((0, 0), (SIZE[0] - 1, 1)):
            await pilot.click(offset=offset)  # around the question
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await still_covered(pilot, handoff, table, hidden)


@pytest.mark.parametrize("place", PLACES)
async def test_a_resize_passes_nothing(book, place):
    table, record = hot_seat(book, 3)
    go, _, hidden, _ = PLACES[place]
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)
        handoff = app.screen
        await pilot.resize_terminal(40, 10)
        await settle(pilot, lambda: isinstance(app.screen, TooSmallScreen), rounds=20)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("enter", "y")  # the notice takes the keys meanwhile
        await pilot.resize_terminal(*SIZE)
        await still_covered(pilot, handoff, table, hidden)
        await pilot.press("escape")  # with the question up too
        await pilot.resize_terminal(40, 10)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot, rounds=10)
        assert isinstance(app.screen, ConfirmScreen) and app.screen_stack[-2] is handoff
        await pilot.press("n")
        await still_covered(pilot, handoff, table, hidden)


@pytest.mark.parametrize("place", PLACES)
async def test_an_enter_typed_before_the_hand_off_came_up_passes_nothing(book, place):
    """A second Enter on the last move (or a held key) is read after the hand-off is up but was typed
    for the screen before: it is not the next player's."""
    from textual import events

    table, record = hot_seat(book, 3)
    go, name, hidden, _ = PLACES[place]
    typed_ahead = events.Key("enter", "\r")
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)
        handoff = app.screen
        app.post_message(typed_ahead)
        await still_covered(pilot, handoff, table, hidden)
        await pilot.press("enter")  # typed now: the named player is ready
        await settle(pilot, lambda: app.screen is not handoff)
        assert isinstance(app.screen, GameScreen) and name in shown(app)


@pytest.mark.parametrize("place", PLACES)
async def test_a_held_enter_passes_nothing_until_let_go(book, place, monkeypatch):
    """Enter held down on the last player's move repeats every 30-50 ms, and the repeats arrive after
    the hand-off is up: none of them passes it; a press after letting go does."""
    from textual import events

    from threadbox.tui import handoff as handoff_module

    table, record = hot_seat(book, 3)
    go, name, hidden, _ = PLACES[place]
    app = app_for(place, record)
    async with app.run_test(size=SIZE) as pilot:
        await go(pilot)  # by a script's keys, quicker than a person lets go of one
        monkeypatch.setattr(handoff_module, "HELD_GAP", 0.25)  # from here, the guard as players have it
        handoff = app.screen
        start = handoff._up_since
        press = events.Key("enter", "\r")
        press.time = start - 0.02  # the Enter that played the last move, read just before the hand-off
        app.post_message(press)
        for i in range(6):  # the repeats of the held key, all read after the hand-off came up
            repeat = events.Key("enter", "\r")
            repeat.time = start + 0.01 + 0.04 * i
            app.post_message(repeat)
        await still_covered(pilot, handoff, table, hidden)
        assert any("Let go of Enter" in n.message for n in app._notifications)
        again = events.Key("enter", "\r")
        again.time = start + 0.01 + 0.04 * 5 + 0.4  # let go, and pressed again
        app.post_message(again)
        await settle(pilot, lambda: app.screen is not handoff)
        assert isinstance(app.screen, GameScreen) and name in shown(app)
