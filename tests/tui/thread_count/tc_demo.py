"""A Thread Count table stopped mid-game, the same every time: for snapshot
tests and screenshots.

Ana (human) plays seat 0 half by the easy bot's choices and half by any draw
at random, so her thread wanders unlike the bots'; Bo and Cy are easy bots.
The table stops at Ana's first decision once two counter numbers are
crossed, her thread has crossed itself twice and knocked over a cup, and she
has a set. The bots have already decided this round, so nothing moves when
an app opens the table.
"""

from __future__ import annotations

import random

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.thread_count import Draw, EasyBot, ThreadCountState

HUMAN = 0


def demo_seats(players: int = 3) -> list[SeatSpec]:
    names = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
    return [SeatSpec(name=names[0])] + [SeatSpec(name=n, kind="bot", level="easy") for n in names[1:players]]


def mid_game(view: ThreadCountState) -> bool:
    thread = view.thread(HUMAN)
    return (
        view.phase == "draw"
        and view.status[HUMAN] == "pending"
        and view.counter_crossed >= 2
        and len(thread) >= len(set(thread)) + 2
        and bool(view.knocked_cups(HUMAN))
        and view.sets(HUMAN) >= 1
    )


def play_until(table: Table, done, seed: int) -> Table:
    """Bots move on their own; the human seat plays until ``done(view)``."""
    mind, bot = random.Random(seed), EasyBot()
    while True:
        while table.step_bot():
            pass
        view = table.view(HUMAN)
        if done(view):
            return table
        if table.is_over():
            raise AssertionError("the game ended before the wanted position")
        legal = table.legal(HUMAN)
        draws = [a for a in legal if isinstance(a, Draw)]
        wander = draws and mind.random() < 0.5
        table.act(HUMAN, mind.choice(draws) if wander else bot.choose(view, HUMAN, legal, mind))


def demo_table(seed: int = 27, players: int = 3) -> Table:
    """Seat 0 (Ana, human) deciding mid-game: counter running, a crossing, a knocked cup."""
    table = Table(TableConfig(game="thread-count", seats=demo_seats(players), seed=seed))
    return play_until(table, mid_game, seed)
