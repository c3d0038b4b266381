"""Determinization: Quilt hides nothing but the bag's order, so a sample is the view with fresh chance."""

from __future__ import annotations

import random

from threadbox.rules.core.playout import play_out
from threadbox.rules.quilt import GAME

from ..determinize_checks import check_determinize, play_on


def test_samples_agree_with_every_seats_view_throughout_games():
    rng = random.Random(3)
    for seed in range(6):
        players = 2 + seed % 3
        steps = [0]

        def on_step(state, seat, action, transition, steps=steps):
            steps[0] += 1
            if steps[0] % 7:
                return
            for s in [*range(state.players), None]:
                sample = check_determinize(state, s, rng)
                assert sample.pencils_accounted() == sample.total_pencils
                assert sample.boards == state.boards and sample.holders == state.holders
                if steps[0] % 140 == 0 and s == 0:
                    play_on(sample, rng)

        play_out(GAME, players, seed, on_step=on_step)
        assert steps[0] > 100
