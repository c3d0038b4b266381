"""After the cups, the sheets are dealt so that nobody plays on their own (2+ players)."""

import pytest

from threadbox.rules.thread_count import PlaceCup, ThreadCountState
from threadbox.rules.thread_count.data import CUPS_PER_SHEET


def dealt(players: int, seed: int) -> tuple[ThreadCountState, str]:
    state = ThreadCountState.new(players, seed)
    log = []
    for seat in range(players):
        for place in state.layout.shaded[:CUPS_PER_SHEET]:
            log += state.apply(seat, PlaceCup(at=place)).log
    return state, next(e.text for e in log if e.text.startswith("The sheets are shuffled"))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_nobody_gets_their_own_sheet(players):
    for seed in range(40):
        state, line = dealt(players, seed)
        assert state.phase == "draw"
        assert all(sheet.cups_by != seat for seat, sheet in enumerate(state.sheets)), (seed, line)
        assert sorted(sheet.cups_by for sheet in state.sheets) == list(range(players))
        assert "own sheet" not in line


def test_two_players_swap_and_the_log_says_so():
    state, line = dealt(2, seed=11)
    assert [sheet.cups_by for sheet in state.sheets] == [1, 0]
    assert line == "The sheets are shuffled and dealt: Player 1 gets Player 2's sheet; Player 2 gets Player 1's sheet."


def test_three_players_get_both_deals_without_a_fixed_point():
    orders = {tuple(s.cups_by for s in dealt(3, seed)[0].sheets) for seed in range(60)}
    assert orders == {(1, 2, 0), (2, 0, 1)}


def test_solo_cups_stay_random():
    state = ThreadCountState.new(1, seed=4)
    assert state.phase == "draw" and len(state.sheet(0).cups) == CUPS_PER_SHEET
