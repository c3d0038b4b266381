"""Thread Count within three keys (issue 23): every cup place and route of a roll, pass and stop,
at seeded decision points of every phase, alone and at six seats; pass and stop by their own keys."""

from __future__ import annotations

import pytest

from threadbox.controller import Table, TableConfig
from threadbox.rules.thread_count import EndAtPaw, Pass, PlaceCup, Stop
from threadbox.tui.app import make_app
from threadbox.tui.games.thread_count import ThreadCountScreen
from threadbox.tui.widgets import ActionList

from ..helpers import check_within_three_keys, settle
from .tc_demo import HUMAN, demo_seats, demo_table, play_until


def table_of(players: int, seed: int = 27) -> Table:
    return Table(TableConfig(game="thread-count", seats=demo_seats(players), seed=seed))


def alone_first_roll() -> Table:
    return play_until(table_of(1), lambda view: view.phase == "draw", 27)


def alone_paw_in_reach() -> Table:
    def paw(view) -> bool:
        return view.phase == "draw" and any(isinstance(a, EndAtPaw) for a in view.legal_actions(HUMAN))

    return play_until(table_of(1, seed=2), paw, 2)


def six_seats_mid_game() -> Table:
    return play_until(table_of(6), lambda view: view.phase == "draw" and view.round >= 6, 27)


POINTS = {
    "cups, 3 seats": lambda: table_of(3),
    "cups, 6 seats": lambda: table_of(6),
    "first roll, alone": alone_first_roll,
    "paw in reach, alone": alone_paw_in_reach,
    "mid-game, 3 seats": demo_table,
    "mid-game, 6 seats": six_seats_mid_game,
}


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
@pytest.mark.parametrize("point", list(POINTS))
async def test_every_option_is_within_three_keys(point, size):
    table = POINTS[point]()
    app = make_app(table=table, bot_delay=3600, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen) and app.screen.port.my_turn())
        screen = app.screen
        before = table.full_state_json()
        legal = list(screen.legal)
        assert await check_within_three_keys(pilot) == len(legal) > 1
        assert table.full_state_json() == before  # nothing was played
        if point.startswith("cups"):
            assert all(isinstance(a, PlaceCup) for a in legal)


async def test_pass_and_stop_are_listed_by_their_own_keys():
    table = alone_first_roll()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ThreadCountScreen) and app.screen.port.my_turn())
        options = app.screen.query_one(ActionList)
        keyed = {action: key for action, key in zip(options.actions, options.keys, strict=True) if key}
        assert keyed == {Pass(): "p", Stop(): "s"}
        assert sorted(options.numbers) == list(range(1, len(options.actions) - 1))  # the routes by number
