"""Every option of every Threaded decision is chosen in at most three keys from the screen at rest
(issue 23, item 4): the keys the screen gives are pressed and what they would send is recorded,
nothing is played. Seeded decision points of each kind of decision, at 80x24 and larger."""

from __future__ import annotations

import pytest

from threadbox.rules.threaded import ThreadedState
from threadbox.tui.app import make_app

from ..helpers import check_within_three_keys, settle
from .th_demo import HUMAN, decision_table
from .th_helpers import ready


def new_and_basket_alike(view: ThreadedState) -> bool:
    """A new thread and a basket thread of the same colour to place: the basket's is its letter twice."""
    return bool(set(view.stack[-1].threads) & set(view.baskets[HUMAN]))


# (decision, players, seed, keen, also): where the seeded game first reaches it (see decision_table).
POINTS = [
    ("plan", 2, 1, False, None),
    ("plan", 5, 3, False, None),
    ("keep", 2, 1, False, None),  # CUSTOM CREATIONS: draw 2, keep 1
    ("d_pick", 2, 1, False, None),
    ("e_pick", 2, 1, False, None),
    ("place", 2, 1, False, None),
    ("place", 2, 1, False, new_and_basket_alike),
    ("place", 3, 2, False, None),
    ("f_choice", 2, 1, False, None),
    ("take", 2, 1, False, None),
    ("give", 2, 1, False, None),
    ("make", 2, 1, False, None),
    ("share", 2, 1, False, None),
    ("b_faceup", 2, 2, False, None),
    ("window", 2, 2, False, None),  # equipment before a shop opens
    ("start", 2, 2, False, None),
    ("wrap", 2, 2, False, None),
    ("a_offer", 2, 1, True, None),
    ("equip_pick", 2, 28, True, None),
    ("restock_q", 2, 28, True, None),
    ("extra", 2, 19, True, None),
    ("swap", 2, 7, True, None),  # a swap card: the needle thread to swap
    ("comm_pick", 2, 9, True, None),
    ("refresh_q", 2, 6, False, None),
    ("free_make", 2, 4, False, None),
    ("discard_equipment", 2, 4, False, None),
    ("discard_tapestry", 2, 6, False, None),
    ("discard_commission", 2, 19, False, None),
]


def point_id(point) -> str:
    kind, players, seed, _, also = point
    return f"{kind}-{players}p-seed{seed}" + ("-alike" if also else "")


@pytest.mark.parametrize("point", POINTS, ids=point_id)
async def test_every_option_within_three_keys(point):
    kind, players, seed, keen, also = point
    table = decision_table(kind, players, seed, keen, also)
    assert table.view(HUMAN).stack[-1].kind == kind
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        checked = await check_within_three_keys(pilot)
        assert checked == len(table.legal(HUMAN)) > 0
        assert table.view(HUMAN).stack[-1].kind == kind  # nothing was played
        if also is new_and_basket_alike:  # the basket's thread of a colour also new: its letter twice
            assert any(len(app.screen.keys_for(a)) == 3 for a in table.legal(HUMAN))


@pytest.mark.parametrize("point", [POINTS[1], POINTS[6], POINTS[8], POINTS[21]], ids=point_id)
async def test_every_option_within_three_keys_on_a_large_terminal(point):
    kind, players, seed, keen, also = point
    table = decision_table(kind, players, seed, keen, also)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        assert await check_within_three_keys(pilot) == len(table.legal(HUMAN))
