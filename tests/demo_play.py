"""Driving a table to a fixed position for snapshots and screenshots, shared by the games' demos."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from threadbox.controller import Table

HUMAN = 0  # the seat whose view the demos stop on


def play_as_easy(table: Table, done: Callable[[Any], bool], seed: int, bot: Any) -> Table:
    """Bots move on their own; every human seat plays as ``bot`` (the game's easy bot) would,
    each with its own seeded mind, until ``done(seat 0's view)``; then the bots finish their turns."""
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
