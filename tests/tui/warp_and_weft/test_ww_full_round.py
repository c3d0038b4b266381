"""A whole round of Warp & Weft played two ways (issue 23): by the keys that name things and the
weaving cursor alone, never the options list; and by the options list alone, typing to narrow it."""

from __future__ import annotations

import pytest

from threadbox.rules.warp_and_weft import ChooseCrossing, PickString, PlaceButton, WeaveString
from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen
from threadbox.tui.games.warp_and_weft import WarpWeftScreen
from threadbox.tui.games.warp_and_weft.models import card_key
from threadbox.tui.widgets import ActionList
from threadbox.tui.widgets.option_filter import words

from ..helpers import make_table, wait_for
from .ww_helpers import GAME, ready

ROUND = 4 + 4 + 1  # keep 4 strings, weave 4, place 1 button; and one decision per crossing


def round_table():
    return make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)


def named_keys(screen: WarpWeftScreen, step: int) -> tuple[str, ...]:
    """Keys for the decision in front of Ada, by the names of things and the cursor: a colour's
    letter, the cursor by arrows then Enter, or a slot's number; o / n; a card's number."""
    legal, view = screen.legal, screen.view
    first = legal[0]
    if isinstance(first, PickString):
        return (legal[step % len(legal)].colour.lower(),)
    if isinstance(first, ChooseCrossing):
        return ("o" if step % 2 else "n",)
    if isinstance(first, WeaveString):
        colours = list(dict.fromkeys(a.colour for a in legal if isinstance(a, WeaveString)))
        letter = colours[step % len(colours)].lower()
        if step % 2:  # by the cursor: arrows on the loom, then Enter
            return (letter, ("down", "right", "left", "up")[step % 4], "enter")
        free = [a for a in legal if isinstance(a, WeaveString) and a.colour == colours[step % len(colours)]]
        target = free[step % len(free)]
        axis = () if target.axis == screen.cursor.axis else ("a",)
        return (letter, *axis, str(target.slot + 1))  # by the slot's number
    assert isinstance(first, PlaceButton)
    return (card_key(view, legal[step % len(legal)].card),)


async def filtered(pilot, screen: WarpWeftScreen, step: int) -> None:
    """Narrow the options list to one option by typing its words, then Enter takes it."""
    options = screen.query_one(ActionList)
    action = options.actions[(step * 7) % len(options.actions)]
    text = " ".join(words(screen.port.describe(action)))
    await pilot.press("slash", *("space" if c == " " else c for c in text))
    assert options.shown == [action] and options.highlighted_action == action
    await pilot.press("enter")


async def by_keys(pilot, screen: WarpWeftScreen, step: int) -> None:
    await pilot.press(*named_keys(screen, step))


async def play_round(pilot, table, decide) -> int:
    """Ada's decisions by ``decide`` until round 1 is over; returns how many."""
    app = pilot.app

    def made() -> int:
        return sum(seat == 0 for seat, _ in table.actions)

    for decisions in range(200):
        await wait_for(pilot, lambda: ready(app))
        screen = app.screen
        if screen.view.round > 1:
            return decisions
        done = made()
        await decide(pilot, screen, decisions)
        await wait_for(pilot, lambda done=done: made() > done)
    raise AssertionError("the round did not end")


@pytest.mark.usefixtures("script_reads_the_list")
async def test_a_round_by_named_keys_and_the_cursor_alone(monkeypatch):
    def never(self, event):
        raise AssertionError(f"the options list chose {event.action}")

    monkeypatch.setattr(GameScreen, "on_action_list_chosen", never)
    table = round_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: ready(app))
        decisions = await play_round(pilot, table, by_keys)
    ada = [a for seat, a in table.actions if seat == 0]
    assert decisions == len(ada) == ROUND + sum(isinstance(a, ChooseCrossing) for a in ada)
    assert table.view(0).round == 2 and len(table.view(0).buttons[0]) == 1


@pytest.mark.usefixtures("script_reads_the_list")
async def test_a_round_by_the_filtered_list_alone():
    table = round_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: ready(app))
        decisions = await play_round(pilot, table, filtered)
    ada = [a for seat, a in table.actions if seat == 0]
    assert decisions == len(ada) == ROUND + sum(isinstance(a, ChooseCrossing) for a in ada)
    assert table.view(0).round == 2
