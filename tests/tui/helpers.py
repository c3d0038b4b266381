"""Small helpers shared by the screen tests."""

from __future__ import annotations

import time

from textual.app import App
from textual.pilot import Pilot

from threadbox.controller import SeatSpec, Table, TableConfig

from .fakegame import TALLY


def seats(*specs: str) -> list[SeatSpec]:
    """``"Ada"`` is a human, ``"Bob=bot"`` a random bot, ``"Bob=bot:LEVEL"`` any bot."""
    out = []
    for spec in specs:
        name, _, kind = spec.partition("=")
        kind = kind or "human"
        out.append(SeatSpec.parse(f"{name}={kind}:random" if kind == "bot" else f"{name}={kind}"))
    return out


def make_table(*specs: str, game: str = TALLY, seed: int = 1, variants=()) -> Table:
    return Table(TableConfig(game=game, seats=seats(*specs), seed=seed, variants=list(variants)))


def number_keys(number: int, count: int) -> tuple[str, ...]:
    """The keys that choose option ``number`` of ``count``: its digits, and Enter when a
    longer number could still follow (``1`` of 16 waits for another digit)."""
    digits = tuple(str(number))
    return (*digits, "enter") if number * 10 <= count else digits


def keys_for(app: App, action) -> tuple[str, ...]:
    """The keys that choose ``action`` on the screen's options list now: its own key
    (a holder's number, a shop's letter) if it has one, else its number."""
    from threadbox.tui.widgets import ActionList

    options = app.screen.query_one(ActionList)
    key = options.keys[options.actions.index(action)]
    if key:
        return tuple(key.split())  # "2 p": the card's place, then where it goes
    numbers = options.numbers
    number = next(n for n, a in numbers.items() if a == action)
    return number_keys(number, max(numbers))


def shows_its_options(screen) -> bool:
    """The screen's options list holds the seat's options now: a move has been drawn, not only made
    (a script that reads the port before the list is updated would type keys for the old list)."""
    from threadbox.tui.widgets import ActionList

    lists = screen.query(ActionList)
    if not lists:
        return False  # not composed yet
    listed, legal = lists.first().actions, screen.port.legal()
    return len(listed) == len(legal) and all(action in listed for action in legal)


def messages(app: App) -> list[tuple[str, str]]:
    """``(severity, message)`` of every notification shown so far."""
    return [(n.severity, n.message) for n in app._notifications]


async def settle(pilot: Pilot, until=lambda: False, rounds: int = 200) -> None:
    """Let the app work (bots, screen switches) until ``until()`` holds or it goes quiet."""
    for _ in range(rounds):
        await pilot.pause()
        if until():
            return


async def wait_for(pilot: Pilot, until, patience: float = 30.0) -> None:
    """Pause until ``until()`` holds, by the clock rather than by a count of
    pauses: a bot thinking in its thread on a busy machine is waited for."""
    deadline = time.monotonic() + patience
    await pilot.pause()  # keys just sent are handled before ``until`` is asked
    while True:
        if until():
            # The table can be ready a moment before the screen has redrawn
            # its options (a bot's move arrives by timer): let that land too.
            await pilot.pause()
            if until():
                return
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {patience} s")
        await pilot.pause()


def screen_text(app: App) -> list[str]:
    """What the terminal shows now, as plain lines (for tests of what is on screen)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text().splitlines()[:height]


async def board_pages(pilot: Pilot, scroll_id: str) -> list[str]:
    """Every line drawn inside the board (its edges too), page by page down the scroll ``scroll_id``."""
    from textual.containers import VerticalScroll

    app = pilot.app
    board = app.screen.query_one("#board").region
    scroll = app.screen.query_one(f"#{scroll_id}", VerticalScroll)
    scroll.scroll_home(animate=False)
    lines: list[str] = []
    while True:
        await pilot.pause()
        lines += [line[board.x : board.right] for line in screen_text(app)[board.y : board.bottom]]
        if scroll.scroll_y >= scroll.max_scroll_y:
            return lines
        scroll.scroll_page_down(animate=False)


async def check_within_three_keys(pilot: Pilot, options=None) -> int:
    """Every legal option (or those of ``options``) is chosen by the keys ``keys_for`` gives,
    at most three of them, from the screen at rest (issue 23). Nothing is played: the screen's
    ``choose`` only records what it would send. Returns how many options were checked."""
    screen = pilot.app.screen
    sent: list = []

    def record(action) -> bool:
        sent.append(action)
        return False

    screen.choose = record  # the instance's own: named keys, the cursor and the list all call it
    try:
        checked = 0
        for action in list(screen.legal if options is None else options):
            screen.at_rest()
            await pilot.pause()
            keys = screen.keys_for(action)
            assert 1 <= len(keys) <= 3, f"{screen.port.describe(action)} takes {len(keys)} keys: {keys}"
            sent.clear()
            await pilot.press(*keys)
            await pilot.pause()
            assert sent == [action], f"{keys} sent {sent}, not {screen.port.describe(action)}"
            checked += 1
        screen.at_rest()
        return checked
    finally:
        del screen.choose
