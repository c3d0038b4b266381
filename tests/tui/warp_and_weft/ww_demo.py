"""A Warp & Weft table stopped mid-weave, the same every time: for snapshot
tests and screenshots.

Ada (human) plays seat 0 by the easy bot's choices, Bram and Cleo are easy
bots (``play_until`` works for any table: human seats play as the easy bot). The table stops in round 2 when Ada has woven some strings and is in the
middle of weaving another: one crossing decided, at least one still open.
The bots have finished their own decisions, so nothing moves when an app
opens this table with ``bot_delay=0``.
"""

from __future__ import annotations

from demo_play import play_as_easy

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.warp_and_weft import EasyBot, WarpWeftState

HUMAN = 0


BOTS = ("Bram", "Cleo", "Dara", "Eli")


def demo_seats(count: int = 3) -> list[SeatSpec]:
    return [SeatSpec(name="Ada"), *(SeatSpec(name=name, kind="bot", level="easy") for name in BOTS[: count - 1])]


def _mid_weave(view: WarpWeftState, round_: int) -> bool:
    doing = view.weaving[HUMAN]
    return view.round == round_ and doing is not None and len(doing.over) == 1 and len(doing.crosses) >= 3


def play_until(table: Table, done, seed: int) -> Table:
    """Human seats play as the easy bot would until ``done(seat 0's view)`` (see ``demo_play``)."""
    return play_as_easy(table, done, seed, EasyBot())


def demo_table(seed: int = 5, round_: int = 2, seats: int = 3) -> Table:
    """Seat 0 (Ada, human) is weaving a string in round ``round_``, one crossing chosen."""
    table = Table(TableConfig(game="warp-and-weft", seats=demo_seats(seats), seed=seed))
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


def weave_start_table(seats: int = 3) -> Table:
    """Seat 0 is to weave its four strings of round 2 (none woven yet), after a few woven in round 1."""
    table = Table(TableConfig(game="warp-and-weft", seats=demo_seats(seats), seed=5))
    return play_until(
        table,
        lambda view: view.round == 2 and view.phase == "weave" and len(view.picks[HUMAN]) == 4,
        seed=5,
    )


def patterns_table(round_: int = 2) -> Table:
    table = Table(TableConfig(game="warp-and-weft", seats=demo_seats(), seed=5))
    return play_until(
        table,
        lambda view: view.round == round_ and view.phase == "patterns" and not view.has_chosen[HUMAN],
        seed=5,
    )
