"""Threaded played on its screen: a whole game by keys, and the screen's own keys."""

from __future__ import annotations

from threadbox.rules.threaded import ThreadedState
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.threaded import ThreadedScreen
from threadbox.tui.games.threaded.widgets.shops import ShopBoard
from threadbox.tui.games.threaded.widgets.studio import StudioBoard
from threadbox.tui.widgets import ScoreTable

from ..helpers import make_table, messages, settle
from ..warp_and_weft.ww_helpers import screen_text
from .th_demo import plan_table, visit_table
from .th_helpers import GAME, play_until, ready


async def test_a_whole_two_seat_game_by_keys_against_a_bot(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.is_over()
        ada = [a for seat, a in table.actions if seat == 0]
        assert decisions == len(ada) > 20
        kinds = {a.kind for a in ada}
        assert {"assistant", "place", "done"} <= kinds  # planned, placed threads, finished steps
        outcome = table.outcome()
        sheet = app.screen.query_one(ScoreTable)
        last = sheet.get_row_at(sheet.row_count - 1)
        assert [str(c) for c in last[1:]] == [str(s.total) for s in outcome.scores]


async def threaded_screen(pilot) -> ThreadedScreen:
    await settle(pilot, lambda: ready(pilot.app))
    screen = pilot.app.screen
    assert isinstance(screen, ThreadedScreen)
    return screen


async def test_the_plan_screen_shows_queues_and_sends_an_assistant_by_the_shops_letter():
    table = plan_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await threaded_screen(pilot)
        text = screen_text(app)
        assert "Plan" in text and "A Awl" in text and "F Finish" in text
        done = len(table.actions)
        await pilot.press("1")  # the shops go by letter: there are no numbers to press
        await pilot.pause()
        assert len(table.actions) == done
        assert "choose by the keys shown" in messages(app)[-1][1]
        first = screen.port.legal()[0]
        await pilot.press(first.shop.lower())
        await pilot.pause()
        assert table.actions[done] == (0, first)


async def test_d_finishes_a_placement_or_says_why_not():
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await threaded_screen(pilot)
        text = screen_text(app)
        assert "New threads to place" in text
        assert "Needle ▶[L▸" in text and "k Basket" in text and "x Scraps" in text  # the places, with their keys
        await pilot.press("d")  # new threads wait: d says which are left to place
        await pilot.pause()
        new = table.view(0).stack[-1].threads
        assert new == ("P", "P", "P")  # the seeded table: three pinks taken at Darn Good Thread
        assert ("warning", "Place the remaining 3 threads (pink, pink, pink) first.") in messages(app)
        for left in range(len(new), 0, -1):
            if left == 1:
                await pilot.press("d")
                await pilot.pause()
                assert messages(app)[-1] == ("warning", "Place the remaining pink thread first.")
            await pilot.press("x")  # the new thread (the cursor's) to scraps
            await pilot.pause()
        view = table.view(0)
        placing = view.stack and view.stack[-1].kind == "place" and view.stack[-1].seat == 0
        if placing and len(view.baskets[0]) <= 4:
            await pilot.press("d")
            await pilot.pause()
        after = table.view(0)
        assert not (after.stack and after.stack[-1].kind == "place" and after.stack[-1].seat == 0)
        assert screen.query_one(StudioBoard).model is not None


async def test_t_scrolls_through_the_board_parts():
    table = plan_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await threaded_screen(pilot)
        await pilot.press("t", "t", "t")
        await pilot.pause()
        assert screen.part == 3
        assert screen.query_one(ShopBoard).model is not None


async def test_five_seats_at_80x24_show_every_other_studio_line():
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await threaded_screen(pilot)
        text = screen_text(app)
        for name in ("Bra", "Cle", "Dev", "Eli"):
            assert f"{name}" in text


async def test_the_screen_shows_no_other_seats_commissions():
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await threaded_screen(pilot)
        text = screen_text(app)
        full = ThreadedState.from_json(table.full_state_json())
        public = set(full.commission_discard)
        for seat in range(1, full.players):
            for card in full.commissions[seat]:
                if card not in public and card not in full.commissions[0]:
                    assert card not in text


async def test_hot_seat_hands_off_and_never_shows_the_other_seats_commissions(quick_idle, script_reads_the_list):
    from threadbox.tui.handoff import HandOffScreen

    from ..warp_and_weft.ww_helpers import type_keys
    from .th_helpers import decision_keys

    table = make_table("Ada", "Bram", game=GAME, seed=5)
    app = make_app(table=table, bot_delay=0, autosave=False)
    handoffs = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for step in range(80):
            await settle(pilot, lambda: ready(app))
            if isinstance(app.screen, HandOffScreen):
                handoffs += 1
            elif isinstance(app.screen, ThreadedScreen):
                seat = app.screen.port.seat
                full = ThreadedState.from_json(table.full_state_json())
                text = screen_text(app)
                other = 1 - seat
                for card in full.commissions[other]:
                    if card not in full.commissions[seat] and card not in full.commission_discard:
                        assert card not in text
            type_keys(app, *decision_keys(app, step))
    assert handoffs >= 2
