"""A Thingstead table stopped mid-game, the same every time: for snapshot tests and screenshots.

Ada (human, seat 0) plays against the easy bot; her own turns are played by
the easy bot's choices too, with a seeded mind, so the position is fixed.
No relative imports: screenshots/make.py imports this module by path.
"""

from __future__ import annotations

import random

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.thingstead import EasyBot

GAME = "thingstead"
HUMAN = 0


def demo_table(seed: int = 4, turns: int = 6, step: str = "thing") -> Table:
    """Ada (human, seat 0) against an easy bot, played on by the easy bot's choices for
    ``turns`` of Ada's turns, then until Ada has played a card to the Thingstead and must move."""
    table = Table(
        TableConfig(game=GAME, seats=[SeatSpec(name="Ada"), SeatSpec(name="Bot", kind="bot", level="easy")], seed=seed)
    )
    bot, mind = EasyBot(), random.Random(seed)
    played = 0
    while True:
        if table.step_bot():
            continue
        view = table.view(HUMAN)
        if view.step == "play" and played >= turns:
            break
        legal = table.legal(HUMAN)
        action = bot.choose(view, HUMAN, legal, mind)
        if view.step == "play":
            played += 1
        table.act(HUMAN, action)
    if step == "thing":
        card = next(a for a in table.legal(HUMAN) if a.kind == "thingstead")
        table.act(HUMAN, card)
    return table


def play_on(seed: int, step: str, nth: int = 0) -> tuple[Table, EasyBot, random.Random]:
    """A game of Ada (seat 0) against the easy bot, Ada's decisions made by the easy bot's
    choices with a seeded mind, stopped at the ``nth`` time (from 0) Ada must decide in ``step``
    (play, thing, push, place, draw); with the bot and the mind, to play on as it would.
    Seed 22 reaches the Orange shove (push) twice: its 10th play (nth 9) leads to a turn with
    every kind of decision (play, influence first, push, place, move, draw)."""
    table = Table(
        TableConfig(game=GAME, seats=[SeatSpec(name="Ada"), SeatSpec(name="Bot", kind="bot", level="easy")], seed=seed)
    )
    bot, mind = EasyBot(), random.Random(seed)
    seen = 0
    while not table.is_over():
        if table.step_bot():
            continue
        view = table.view(HUMAN)
        if view.step == step:
            if seen == nth:
                return table, bot, mind
            seen += 1
        table.act(HUMAN, bot.choose(view, HUMAN, table.legal(HUMAN), mind))
    raise ValueError(f"seed {seed} has no {step} decision number {nth} for Ada")


def table_at(seed: int, step: str, nth: int = 0) -> Table:
    """The table of ``play_on``: Ada to decide in ``step`` for the ``nth`` time."""
    return play_on(seed, step, nth)[0]
