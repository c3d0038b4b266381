"""Threaded's fast run of draws (``table.Draws``) draws exactly what the game's ``Rng`` would."""

from __future__ import annotations

from threadbox.rules.core import Rng
from threadbox.rules.threaded.table import Draws


def test_draws_shuffle_as_the_rng_does() -> None:
    for seed in range(300):
        for size in (0, 1, 2, 7, 40, 64, 65, 90):  # past 64: limits worked out, not looked up
            rng, fast = Rng.from_seed(seed * 7919 + size), Rng.from_seed(seed * 7919 + size)
            cards, same = [f"T{i}" for i in range(size)], [f"T{i}" for i in range(size)]
            rng.shuffle(cards)
            draws = Draws(fast)
            draws.shuffle(same)
            assert same == cards
            assert draws.state == rng.state


def test_draws_below_as_the_rng_does() -> None:
    rng, fast = Rng.from_seed(11), Draws(Rng.from_seed(11))
    for n in (1, 2, 6, 150, 3, 6, 6, 97):
        assert fast.below(n) == rng.below(n)
    assert fast.state == rng.state
