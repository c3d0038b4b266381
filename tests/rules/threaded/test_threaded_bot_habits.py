"""Habits of a player (issue 27), on seeded games as ``simulate`` plays them: offered several
tapestries to MAKE, a bot makes one that scores the most for the commissions it holds (a tapestry
that scores for none, when one that scores was there to make, throws the commission away)."""

from __future__ import annotations

import pytest

from threadbox.rules.core import bot_mind
from threadbox.rules.threaded import GAME, ThreadedState
from threadbox.rules.threaded.actions import MakeTapestry
from threadbox.rules.threaded.bots import tapestry_value
from threadbox.simulate import seat_levels


def poor_makes(levels: list[str], seed: int, iterations: int | None = None) -> list[tuple[int, str, float, float]]:
    """(seat, card made, its worth, the best worth on offer) wherever a seat made less than the best."""
    bots = [GAME.make_bot(level, iterations=iterations) for level in levels]
    minds = [bot_mind(seed, seat) for seat in range(len(levels))]
    state = ThreadedState.new(len(levels), seed)
    poor = []
    while to_move := state.to_move():
        seat = to_move[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), seat, legal, minds[seat])
        if isinstance(action, MakeTapestry):
            worth = {a.card: tapestry_value(state, seat, a.card) for a in legal if isinstance(a, MakeTapestry)}
            if worth[action.card] < max(worth.values()):
                poor.append((seat, action.card, worth[action.card], max(worth.values())))
        state.apply(seat, action)
    return poor


def test_easy_makes_the_tapestry_its_commissions_want():
    for seed in range(1, 5):
        assert not poor_makes(["easy", "easy"], seed), seed


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_makes_the_tapestry_its_commissions_want(seed):
    levels = seat_levels(["hard", "easy"], seed - 1)
    hard = levels.index("hard")
    assert not [p for p in poor_makes(levels, seed, iterations=10) if p[0] == hard]
