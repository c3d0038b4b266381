"""The Threaded screen at the end: every seat's commissions are on the board; while it runs, none but yours."""

from __future__ import annotations

from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.data import COMMISSION, TAPESTRY
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.threaded import ThreadedScreen

from ..helpers import settle
from ..warp_and_weft.ww_helpers import screen_text
from .th_demo import last_decision_table, over_table
from .th_helpers import ready


async def final_board(pilot) -> ThreadedScreen:
    """From the game-over screen the game opens on, back to the board (escape: "see the board")."""
    await settle(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
    await pilot.press("escape")
    await settle(pilot, lambda: isinstance(pilot.app.screen, ThreadedScreen))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ThreadedScreen)
    return screen


async def test_a_finished_game_at_80x24_shows_seat_0_bram_s_commissions_and_their_points():
    table = over_table(players=2, seed=3)
    full = ThreadedState.from_json(table.full_state_json())
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await final_board(pilot)
        text = screen_text(app)
        assert f"Bram {table.outcome().scores[1].total} points" in text
        assert full.commissions[1]
        made = [TAPESTRY[t] for t in full.made[1]]
        for card in full.commissions[1]:
            c = COMMISSION[card]
            matching = sum(c.fulfilled_by(t) for t in made)
            assert f"{card} {c.points} per " in text and f"{matching} made = {c.points * matching}" in text
        assert "commissions shown" in text


async def test_five_seats_at_200x60_show_every_seat_s_commissions_and_total():
    table = over_table(players=5, seed=3)
    full = ThreadedState.from_json(table.full_state_json())
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await final_board(pilot)
        text = screen_text(app)
        for score in table.outcome().scores:
            assert f"{full.names[score.seat]} {score.total} points" in text.replace(" (you)", "")
            for card in full.commissions[score.seat]:
                assert f"{card} " in text


async def test_during_play_seat_0_s_screen_shows_none_of_bram_s_commission_codes():
    finished = over_table(players=2, seed=3)
    table = last_decision_table(finished)
    full = ThreadedState.from_json(table.full_state_json())
    secret = set(full.commissions[1]) - set(full.commissions[0]) - set(full.commission_discard)
    assert secret  # Bram holds commissions no one else can see
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, ThreadedScreen) and not table.is_over()
        text = screen_text(app)
        assert "Commissions" in text and "Final score" not in text  # Ada's own, and no final block
        for card in secret:
            assert card not in text


async def test_t_pages_through_five_seats_final_scores_at_80x24_before_the_shops():
    table = over_table(players=5, seed=3)
    full = ThreadedState.from_json(table.full_state_json())
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await final_board(pilot)
        seen = screen_text(app)
        assert "Eli " not in seen  # five seats do not fit at once
        for _ in range(10):
            await pilot.press("t")
            await pilot.pause()
            text = screen_text(app)
            if "A Awl" in text:
                break
            seen += text
        every = {card for seat in range(full.players) for card in full.commissions[seat]}
        assert every and all(f"{card} " in seen for card in every)
