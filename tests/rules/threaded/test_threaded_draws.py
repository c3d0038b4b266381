"""Threaded's fast run of draws (``table.Draws``) draws exactly what the game's ``Rng`` would."""

from __future__ import annotations

import pytest

from threadbox.rules.core import Rng
from threadbox.rules.threaded import draws as draws_module
from threadbox.rules.threaded.workshop import Draws

SIZES = (0, 1, 2, 7, 40, 63, 64, 65, 90)  # past 64 cards: one draw at a time


def _same_shuffles() -> None:
    for seed in range(300):
        for size in SIZES:
            rng, fast = Rng.from_seed(seed * 7919 + size), Rng.from_seed(seed * 7919 + size)
            cards, same = [f"T{i}" for i in range(size)], [f"T{i}" for i in range(size)]
            rng.shuffle(cards)
            draws = Draws(fast)
            draws.shuffle(same)
            assert same == cards
            assert draws.state == rng.state


def test_draws_shuffle_as_the_rng_does() -> None:
    _same_shuffles()


def test_the_shuffle_one_draw_at_a_time_is_the_rngs_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # The way taken when a draw might be one Rng.below rejects (almost never: 1 in 2**52 shuffles).
    monkeypatch.setattr(draws_module, "_NEAR_TOP", 0)
    _same_shuffles()


def test_draws_below_as_the_rng_does() -> None:
    rng, fast = Rng.from_seed(11), Draws(Rng.from_seed(11))
    for n in (1, 2, 6, 150, 3, 6, 6, 97):
        assert fast.below(n) == rng.below(n)
    assert fast.state == rng.state
