"""Quilt tables stopped at fixed positions, the same every time: for snapshot tests and screenshots.

Ada (human) plays seat 0 by the easy bot's choices; Bram (and Cleo) are easy
bots. The bots finish their own decisions, so nothing moves when an app opens
the table with ``bot_delay=0``.
"""

from __future__ import annotations

from demo_play import play_as_easy

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.quilt import EasyBot, QuiltState

HUMAN = 0


def demo_seats(players: int = 2) -> list[SeatSpec]:
    names = ["Ada", "Bram", "Cleo", "Dora"][:players]
    return [SeatSpec(name=names[0])] + [SeatSpec(name=n, kind="bot", level="easy") for n in names[1:]]


def play_until(table: Table, done, seed: int) -> Table:
    """Human seats play as the easy bot would until ``done(seat 0's view)`` (see ``demo_play``)."""
    return play_as_easy(table, done, seed, EasyBot())


def _pencils(view: QuiltState) -> bool:
    """Ada to place or take in phase 2 of round 3, with pencils already on the holders."""
    return (
        view.round == 3
        and view.phase == "pencils"
        and view.turn == HUMAN
        and view.drawn is None
        and sum(map(len, view.holders)) >= 2
    )


def _colouring(view: QuiltState) -> bool:
    """Ada colouring in round 4 with a pencil used and another still on her holder."""
    return view.round >= 4 and view.phase == "colouring" and view.turn == HUMAN and bool(view.spent[HUMAN])


def pencils_table(seed: int = 4, players: int = 2) -> Table:
    table = Table(TableConfig(game="quilt", seats=demo_seats(players), seed=seed))
    return play_until(table, _pencils, seed)


def colouring_table(seed: int = 4, players: int = 2) -> Table:
    table = Table(TableConfig(game="quilt", seats=demo_seats(players), seed=seed))
    return play_until(table, lambda v: _colouring(v) and bool(v.hand(HUMAN)), seed)
