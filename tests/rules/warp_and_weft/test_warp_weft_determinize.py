"""Determinization: a full game sampled from one seat's view agrees with that view."""

from __future__ import annotations

import random

import pytest

from threadbox.rules.core import RulesError
from threadbox.rules.core.playout import play_out
from threadbox.rules.warp_and_weft import GAME, PickString, WarpWeftState
from threadbox.rules.warp_and_weft.data import TOTAL_STRINGS

from ..determinize_checks import check_determinize, play_on
from .warp_weft_helpers import play_first_legal_until


def check_conserved(sample: WarpWeftState, state: WarpWeftState) -> None:
    """Every string is somewhere and every seat holds as many buttons as in the real game."""
    assert sample.strings_accounted() == TOTAL_STRINGS
    assert min(sample.bag.values()) >= 0
    for s in range(state.players):
        assert len(sample.placed_buttons(s)) == len(state.placed_buttons(s))
        if sample.pending_pick[s] is not None:
            assert sample.pending_pick[s] in sample.hands[s]


@pytest.mark.parametrize("chunk", range(4))
def test_samples_agree_with_every_seats_view_throughout_random_games(chunk):
    rng = random.Random(chunk)
    for seed in range(chunk * 10, chunk * 10 + 10):
        players = 2 + seed % 4
        checked = [0]

        def on_step(state, seat, action, transition, checked=checked):
            checked[0] += 1
            for s in [*range(state.players), None]:
                sample = check_determinize(state, s, rng)
                check_conserved(sample, state)
                if checked[0] % 25 == 0 and s == 0:
                    play_on(sample, rng)  # the sample is a whole game that plays to its end

        play_out(GAME, players, seed, on_step=on_step)
        assert checked[0] > 0


def pending_picks_state(seed: int = 5) -> WarpWeftState:
    """Seats 1 and 2 have picked, seat 0 not yet; seat 1 holds at least two colours."""
    state = WarpWeftState.new(3, seed)
    assert len(set(state.hands[1])) >= 2
    state.apply(1, PickString(colour=state.hands[1][0]))
    state.apply(2, PickString(colour=state.hands[2][-1]))
    return state


def test_others_pending_picks_are_drawn_from_their_hands():
    state = pending_picks_state()
    seen = set()
    for n in range(60):
        sample = state.view(0).determinize(random.Random(n))
        assert sample.pending_pick[0] is None
        assert sample.pending_pick[1] in state.hands[1] and sample.pending_pick[2] in state.hands[2]
        seen.add(sample.pending_pick[1])
    assert len(seen) > 1, "the sample always guessed the same pick"


def test_a_seats_own_pending_choice_is_kept():
    state = pending_picks_state()
    for n in range(20):
        assert state.view(1).determinize(random.Random(n)).pending_pick[1] == state.pending_pick[1]


def test_the_sample_depends_on_the_view_only_not_on_the_real_secrets():
    one = WarpWeftState.new(3, 5)
    two = one.clone()
    one.apply(1, PickString(colour=one.hands[1][0]))
    two.apply(1, PickString(colour=next(c for c in two.hands[1] if c != two.hands[1][0])))
    assert one.view(0) == two.view(0)
    for n in range(10):
        assert one.view(0).determinize(random.Random(n)) == two.view(0).determinize(random.Random(n))


def test_pending_buttons_are_sampled_among_the_cards_a_seat_could_choose():
    state = WarpWeftState.new(2, 8)
    play_first_legal_until(state, lambda s: s.phase == "patterns")
    options = {(a.shape, a.card) for a in state.legal_actions(1)}
    state.apply(1, state.legal_actions(1)[-1])
    seen = set()
    for n in range(60):
        button = state.view(0).determinize(random.Random(n)).pending_button[1]
        assert button is not None
        seen.add((button.shape, button.card))
    assert len(seen) > 1 and seen <= options


def test_future_draws_come_from_a_fresh_rng():
    state = WarpWeftState.new(2, 3)
    samples = {state.view(0).determinize(random.Random(n)).rng.state for n in range(5)}
    assert state.rng.state not in samples and len(samples) == 5


def test_the_full_state_cannot_be_determinized():
    with pytest.raises(RulesError):
        WarpWeftState.new(2, 1).determinize(random.Random(0))
