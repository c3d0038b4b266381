"""Quilt tables stopped at fixed positions, the same every time: for snapshot tests and screenshots.

Ada (human) plays seat 0 by the easy bot's choices; Bram (and Cleo) are easy
bots. The bots finish their own decisions, so nothing moves when an app opens
the table with ``bot_delay=0``.
"""

from __future__ import annotations

import random

from demo_play import play_as_easy

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.quilt import DrawPencil, EasyBot, PlacePencil, QuiltState, TakeHolder

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


def patches_table(seed: int = 4) -> Table:
    """Ada to take a patch at the start of round 2."""
    table = Table(TableConfig(game="quilt", seats=demo_seats(), seed=seed))
    return play_until(table, lambda v: v.round == 2 and v.phase == "patches" and v.turn == HUMAN, seed)


# Seeds at which seat 0 meets each bonus decision (found by playing as the easy bot).
TASK_SEEDS = {"stitch": 1, "fetch": 1, "use": 1, "neutral": 2, "exchange": 3}


def task_table(kind: str) -> Table:
    """Ada settling a bonus of this kind (a task of ``kind`` on top) in phase 3."""
    seed = TASK_SEEDS[kind]
    table = Table(TableConfig(game="quilt", seats=demo_seats(), seed=seed))

    def settling(view: QuiltState) -> bool:
        return view.phase == "colouring" and view.turn == HUMAN and bool(view.tasks) and view.tasks[-1].kind == kind

    return play_until(table, settling, seed)


def three_pencils_table(seed: int = 1) -> Table:
    """Ada to colour in round 1 with three pencils of three colours: 28 options (3 x 9 and finish).

    Ada drafts for it: she takes a holder with three colours, else draws and puts the
    pencil where its colour is new; the bot plays as ever."""
    table = Table(TableConfig(game="quilt", seats=demo_seats(), seed=seed))
    bot, mind = EasyBot(), random.Random(seed)
    while True:
        view = table.view(HUMAN)
        assert view.round == 1 and not table.is_over(), "no such position at this seed"
        if view.phase == "colouring" and view.turn == HUMAN:
            assert len(set(view.hand(HUMAN))) == 3, "no such position at this seed"
            return table
        if table.step_bot():
            continue
        legal = table.legal(HUMAN)
        three = [a for a in legal if isinstance(a, TakeHolder) and len(set(view.holders[a.holder])) == 3]
        new = [a for a in legal if isinstance(a, PlacePencil) and view.drawn not in view.holders[a.holder]]
        if three:
            table.act(HUMAN, three[0])
        elif view.phase == "pencils" and view.drawn is not None:
            table.act(HUMAN, (new or legal)[0])
        elif DrawPencil() in legal:
            table.act(HUMAN, DrawPencil())
        else:
            table.act(HUMAN, bot.choose(view, HUMAN, legal, mind))


def _another_pencil_named(table: Table) -> bool:
    """Ada colouring with two pencils or more, and an option of one pencil names another's
    colour (a cell whose bonus is an extra pencil of that colour)."""
    view = table.view(HUMAN)
    if view.phase != "colouring" or view.turn != HUMAN or view.tasks:
        return False
    legal = table.legal(HUMAN)
    colours = {c for a in legal if (c := getattr(a, "colour", None))}
    return len(colours) >= 2 and any(
        f"({other})" in table.describe(HUMAN, a)
        for a in legal
        if getattr(a, "colour", None)
        for other in colours - {a.colour}
    )


def bonus_names_a_colour_table(seed: int = 5) -> Table:
    """Ada colouring where the word filter for a letter would keep another pencil's option."""
    table = Table(TableConfig(game="quilt", seats=demo_seats(), seed=seed))
    return play_until(table, lambda _: _another_pencil_named(table), seed)
