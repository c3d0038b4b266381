"""Thread Count played two ways (issue 23): the cups and several rolls by the sheet's keys and
cursor alone (arrows, space, p, Enter), never the options list; and the same by the options
list alone, typing to narrow it."""

from __future__ import annotations

import pytest

from threadbox.rules.thread_count import Draw, EndAtPaw, Pass, PlaceCup, Stop
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.games.thread_count import ThreadCountScreen
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import words

from ..helpers import make_table, shows_its_options, wait_for
from .tc_helpers import GAME

ROLLS = 6  # rolls played after the cups


def ready(app) -> bool:
    screen = app.screen
    return isinstance(screen, ThreadCountScreen) and screen.port.my_turn() and shows_its_options(screen)


async def by_the_sheet(pilot, screen: ThreadCountScreen, step: int) -> None:
    """The cup cursor or the route picker, then Enter; now and then a pass (p)."""
    if any(isinstance(a, PlaceCup) for a in screen.legal):
        await pilot.press(*(("right", "down", "space", "left")[step % 4],) * (step % 3), "enter")
        return
    if step % 5 == 4:
        await pilot.press("p")
        return
    for key in ("down", "right", "left", "up"):
        if any(
            r.first_step == {"down": (0, 1), "right": (1, 0), "left": (-1, 0), "up": (0, -1)}[key]
            for r in screen._picker.routes
        ):
            await pilot.press(*(key,) * (1 + step % 3), "enter")
            return
    await pilot.press("space", "enter")


async def by_the_list(pilot, screen: ThreadCountScreen, step: int) -> None:
    """Narrow the options list to one option by typing its words, then Enter takes it."""
    options = screen.query_one(ActionList)
    # Not stop or the paw (Ana would play no more); a pass now and then.
    choices = [a for a in options.actions if not isinstance(a, Stop | EndAtPaw | Pass) or step % 5 == 4]
    action = choices[(step * 7) % len(choices)]
    text = " ".join(words(screen.port.describe(action)))
    await pilot.press("slash", *("space" if c == " " else c for c in text))
    assert options.shown == [action] and options.highlighted_action == action
    await pilot.press("enter")


async def play(pilot, table, decide) -> int:
    """Ana's cups and ROLLS rolls by ``decide``; returns how many decisions."""
    app = pilot.app

    def made() -> int:
        return sum(seat == 0 for seat, _ in table.actions)

    for decisions in range(100):
        await wait_for(pilot, lambda: ready(app) or table.is_over())
        view = table.view(0)
        if table.is_over() or (view.phase == "draw" and view.round > ROLLS):
            return decisions
        done = made()
        await decide(pilot, app.screen, decisions)
        await wait_for(pilot, lambda done=done: made() > done or table.is_over())
    raise AssertionError("the rolls did not come")


def never(self, event):
    raise AssertionError(f"the options list chose {event.action}")


@pytest.mark.usefixtures("script_reads_the_list")
async def test_the_cups_and_rolls_by_the_sheets_keys_alone(monkeypatch):
    monkeypatch.setattr(GameScreen, "on_action_list_chosen", never)
    table = make_table("Ana", "Bo=bot:easy", game=GAME, seed=8)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play(pilot, table, by_the_sheet)
    ana = [a for seat, a in table.actions if seat == 0]
    assert decisions == len(ana) and table.view(0).round > ROLLS  # a roll with no route passes Ana by
    assert sum(isinstance(a, PlaceCup) for a in ana) == 6 and any(isinstance(a, Pass) for a in ana)
    assert sum(isinstance(a, Draw) for a in ana) >= 2


@pytest.mark.usefixtures("script_reads_the_list")
async def test_the_cups_and_rolls_by_the_filtered_list_alone():
    table = make_table("Ana", "Bo=bot:easy", game=GAME, seed=8)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play(pilot, table, by_the_list)
    ana = [a for seat, a in table.actions if seat == 0]
    assert decisions == len(ana) and table.view(0).round > ROLLS
    assert sum(isinstance(a, PlaceCup) for a in ana) == 6 and sum(isinstance(a, Draw) for a in ana) >= 2
