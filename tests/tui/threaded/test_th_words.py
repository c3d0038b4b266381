"""Threaded's codes read in words (equipment on offer and held), the seat's own score now,
and what is left to do when Done is refused: on the view model, and on the screen at 80x24."""

from __future__ import annotations

from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.data import EQUIPMENT_CARD, equipment_effect
from threadbox.rules.threaded.frames import HIDDEN
from threadbox.rules.threaded.words import left_to_do
from threadbox.tui.app import make_app
from threadbox.tui.games.threaded.models import build
from threadbox.tui.games.threaded.widgets.ink import Inks
from threadbox.tui.games.threaded.widgets.shops import draw_shops

from ..helpers import screen_text, settle
from .th_demo import last_decision_table, over_table, plan_table, visit_table
from .th_helpers import ready

BOARD_AT_80 = 43  # the board's text columns at 80x24 (its panel less border, padding, scrollbar)
BOARD_WIDE = 62  # the shops' column on a wide screen (200x60)


def test_shop_b_lists_each_face_up_card_with_what_it_does():
    view = plan_table().view(0)
    model = build(view, 0)
    b = model.shops[1]
    assert [c.card for c in b.cards] == [c for c in view.equipment_offer if c] and b.cards
    for c in b.cards:
        assert (c.shop, c.short, c.full) == (
            EQUIPMENT_CARD[c.card].shop,
            equipment_effect(c.card),
            EQUIPMENT_CARD[c.card].text,
        )
    narrow = draw_shops(model, Inks(), BOARD_AT_80).plain.splitlines()
    assert max(len(line) for line in narrow) <= BOARD_AT_80  # nothing cut at 80x24
    for c in b.cards:
        assert f"{c.card} ({c.shop}) {c.short}" in "\n".join(narrow)
    wide = " ".join(" ".join(draw_shops(model, Inks(), BOARD_WIDE).plain.split()).split())
    for c in b.cards:
        assert c.full in wide  # the whole effect, over two lines if need be


def test_the_running_score_is_the_rules_score_sheet_of_the_seats_own_part():
    table = last_decision_table(over_table(players=3, seed=3))
    view = table.view(0)
    score = build(view, 0).score
    assert score is not None
    sheet = view.score_sheet(0)
    assert score.total == sum(points for _, points in sheet)
    assert [p for _, p in score.commissions] == [p for _, p in sheet[:-1]]
    assert [c for c, _ in score.commissions] == list(view.commissions[0])
    assert score.threads == sheet[-1][1] and score.total > score.threads  # seat 0 has points from commissions
    # The other seats' commissions are not in seat 0's view, so nothing of theirs is in the model.
    assert all(c == HIDDEN for seat in (1, 2) for c in view.commissions[seat])
    assert build(table.view(None), None).score is None  # a spectator has no own part


def test_a_refused_done_says_what_is_left_to_do():
    view = visit_table().view(0)
    assert view.stack[-1].threads == ("P", "P", "P")
    assert left_to_do(view, 0) == "Place the remaining 3 threads (pink, pink, pink) first."
    assert left_to_do(visit_table().view(1), 1) == "Wait: Ada is to place threads."
    assert left_to_do(plan_table().view(0), 0) == "First send an assistant to a shop."
    over = over_table(players=3, seed=3).view(0)
    assert isinstance(over, ThreadedState) and left_to_do(over, 0).startswith("The game is over")


async def _board_pages(app, pilot, presses: int = 4) -> list[str]:
    """The board's columns of every page ``t`` scrolls to."""
    await settle(pilot, lambda: ready(app))
    await pilot.pause()
    pages = []
    for _ in range(presses):
        pages += [line[:48] for line in screen_text(app)]
        await pilot.press("t")
        await pilot.pause()
    return pages


async def test_at_80x24_the_words_are_on_screen_and_nothing_is_cut_off():
    table = plan_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = "\n".join(await _board_pages(app, pilot))
        for card in table.view(0).equipment_offer:
            if card:
                assert f"{card} ({EQUIPMENT_CARD[card].shop}) {equipment_effect(card)}" in text
        assert "…" not in text
        assert "Score now 2 = commissions 0 + threads 2" in text
    table = visit_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        text = "\n".join(await _board_pages(app, pilot))
        assert "…" not in text
        for seat in range(1, 5):
            for card in table.view(0).equipment[seat]:
                assert f"eq {card} ({EQUIPMENT_CARD[card].shop}) {equipment_effect(card)}" in text
        assert "Commissions 5 per S+G =0 · 5 per Y+P =0" in text


async def test_at_200x60_shop_bs_cards_read_in_full():
    table = plan_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: ready(app))
        await pilot.pause()
        board = " ".join(" ".join(line[:66].strip(" │") for line in screen_text(app)).split())
        for card in table.view(0).equipment_offer:
            if card:
                assert EQUIPMENT_CARD[card].text in board
