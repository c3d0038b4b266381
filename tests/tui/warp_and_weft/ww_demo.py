"""A Warp & Weft table stopped mid-weave, the same every time: for snapshot
tests and screenshots.

Ada (human) plays seat 0 by the easy bot's choices, Bram and Cleo are easy
bots (``play_until`` works for any table: human seats play as the easy bot). The table stops in round 2 when Ada has woven some strings and is in the
middle of weaving another: one crossing decided, at least one still open.
The bots have finished their own decisions, so nothing moves when an app
opens this table with ``bot_delay=0``.
"""

from __future__ import annotations

import random

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.warp_and_weft import EasyBot, WarpWeftState

HUMAN = 0


def demo_seats() -> list[SeatSpec]:
    return [
        SeatSpec(name="Ada"),
        SeatSpec(name="Bram", kind="bot", level="easy"),
        SeatSpec(name="Cleo", kind="bot", level="easy"),
    ]


def _mid_weave(view: WarpWeftState, round_: int) -> bool:
    doing = view.weaving[HUMAN]
    return view.round == round_ and doing is not None and len(doing.over) == 1 and len(doing.crosses) >= 3


def play_until(table: Table, done, seed: int) -> Table:
    """Bots move on their own; every human seat plays as the easy bot would,
    each with its own seeded mind, until ``done(seat 0's view)``."""
    bot = EasyBot()
    minds: dict[int, random.Random] = {}
    while not done(table.view(HUMAN)):
        if table.is_over():
            raise AssertionError("the game ended before the wanted position")
        if table.step_bot():
            continue
        seat = table.pending()[0]
        mind = minds.setdefault(seat, random.Random(seed * 1000 + seat))
        table.act(seat, bot.choose(table.view(seat), seat, table.legal(seat), mind))
    while table.step_bot():
        pass
    return table


def demo_table(seed: int = 5, round_: int = 2) -> Table:
    """Seat 0 (Ada, human) is weaving a string in round ``round_``, one crossing chosen."""
    table = Table(TableConfig(game="warp-and-weft", seats=demo_seats(), seed=seed))
    return play_until(table, lambda view: _mid_weave(view, round_), seed)


def draft_table(seed: int = 5, round_: int = 2) -> Table:
    """Seat 0 is to keep its second string of round ``round_`` (one pick already made)."""
    table = Table(TableConfig(game="warp-and-weft", seats=demo_seats(), seed=seed))
    return play_until(
        table,
        lambda view: (
            view.round == round_
            and view.phase == "draft"
            and len(view.picks[HUMAN]) == 1
            and not view.has_chosen[HUMAN]
        ),
        seed,
    )
