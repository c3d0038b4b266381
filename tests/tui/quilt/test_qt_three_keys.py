"""From the Quilt screen at rest, every legal option is chosen in at most three keys (issue 23),
at every kind of decision: patches, pencils (also with a pencil drawn), colouring with 28
options, each bonus, the end of a round. ``check_within_three_keys`` only records what
would be sent."""

from __future__ import annotations

import pytest

from threadbox.rules.quilt import DrawPencil, Exchange, TakeNeutral
from threadbox.tui.app import make_app
from threadbox.tui.games.quilt.keys import option_key

from ..helpers import check_within_three_keys, settle
from .qt_demo import HUMAN, colouring_table, patches_table, pencils_table, task_table, three_pencils_table
from .qt_helpers import ready


def drawn_table():
    table = pencils_table()
    table.act(HUMAN, DrawPencil())
    return table


POINTS = {
    "patches": patches_table,
    "pencils": pencils_table,
    "pencil drawn": drawn_table,
    "colouring 28": three_pencils_table,
    "use bonus": lambda: task_table("use"),
    "stitch": lambda: task_table("stitch"),
    "exchange": lambda: task_table("exchange"),
    "neutral": lambda: task_table("neutral"),
    "fetch": lambda: task_table("fetch"),
    "end of round": colouring_table,
}
NUMBERED = (TakeNeutral,)  # the neutral holder's pencils go by number (and the cursor)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("point", list(POINTS))
async def test_every_option_within_three_keys(point, size):
    table = POINTS[point]()
    legal = table.legal(HUMAN)
    if point == "colouring 28":
        assert len(legal) == 28
    if point == "exchange":
        assert any(isinstance(a, Exchange) for a in legal)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: ready(app))
        assert await check_within_three_keys(pilot) == len(legal)
        # Keys name things: only the neutral holder's pencils go by their place in the list.
        assert all(option_key(a) is not None for a in legal if not isinstance(a, NUMBERED))
