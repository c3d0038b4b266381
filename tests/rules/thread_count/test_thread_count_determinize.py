"""Determinization: Thread Count hides nothing but the future rolls and the deal of the sheets."""

from __future__ import annotations

import itertools
import random

from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, ThreadCountState

from ..determinize_checks import check_determinize, play_on

VARIANT_SETS = [(), ("easier",), ("side-b", "no-crossing")]


def test_samples_agree_with_every_seats_view_throughout_random_games():
    rng = random.Random(0)
    for players, variants in itertools.product((1, 2, 4, 6), VARIANT_SETS):
        steps = [0]

        def on_step(state, seat, action, transition, steps=steps):
            steps[0] += 1
            if steps[0] % 3:
                return
            for s in [*range(state.players), None]:
                sample = check_determinize(state, s, rng)
                # Nothing is hidden: apart from chance, the sample is the game itself.
                assert sample.model_copy(update={"seed": state.seed, "rng": state.rng}) == state
            if steps[0] % 30 == 0:
                play_on(check_determinize(state, 0, rng), rng)

        play_out(GAME, players, 11 * players, variants, on_step=on_step)


def test_samples_do_not_know_the_real_dice():
    state = ThreadCountState.new(2, 9)
    rolls = set()
    for n in range(30):
        sample = state.view(0).determinize(random.Random(n))
        assert sample.rng != state.rng
        for seat in (0, 1):  # place the cups, then the deal and the first roll happen
            for action in sample.legal_actions(seat)[:6]:
                sample.apply(seat, action)
        rolls.add(sample.roll)
    assert len(rolls) > 1
