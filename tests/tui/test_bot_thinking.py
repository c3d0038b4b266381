"""Local play: a bot that searches thinks in a worker thread; the screen stays live, leaving cancels it."""

from __future__ import annotations

import threading

from threadbox.tui.app import make_app
from threadbox.tui.game_screen import GameScreen

from .helpers import make_table, settle


class HeldBot:
    """A searching bot that thinks until the test lets it go (or it is told to stop)."""

    level = "held"
    think, iterations = 1.0, None  # a SearchingBot's budget (this one waits for the test instead)

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.stopped = threading.Event()

    def choose(self, view, seat, legal, rng, stop=None):
        self.started.set()
        while not self.release.wait(0.01):
            if stop is not None and stop.is_set():
                self.stopped.set()
                break
        return legal[0]


def held_table():
    table = make_table("Ada", "Bram=bot", game="warp-and-weft", seed=4)
    bot = HeldBot()
    table._bots[1] = bot
    return table, bot


async def test_the_screen_answers_while_a_bot_thinks_and_the_answer_is_played_after():
    table, bot = held_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: bot.started.is_set() and isinstance(app.screen, GameScreen))
        assert bot.started.is_set() and app.play._thinking is not None
        # The event loop is free: the human plays their own pick while the bot thinks.
        screen = app.screen
        await pilot.press(table.legal(0)[0].colour.lower())  # keeps a string by its colour letter
        await settle(pilot, lambda: any(seat == 0 for seat, _ in table.actions))
        assert [seat for seat, _ in table.actions] == [0]
        assert screen.is_attached
        bot.release.set()
        await settle(pilot, lambda: any(seat == 1 for seat, _ in table.actions))
        assert [seat for seat, _ in table.actions][:2] == [0, 1]  # then, let go, it goes on at once


async def test_leaving_the_game_cancels_the_thinking_and_plays_nothing():
    table, bot = held_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: bot.started.is_set())
        turn = app.play._thinking
        app.stop_table()
        await settle(pilot, bot.stopped.is_set)
        assert turn.stop.is_set() and bot.stopped.is_set()
        await pilot.pause()
        assert all(seat != 1 for seat, _ in table.actions)
