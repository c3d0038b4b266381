"""The determinization property, shared by every game's tests and the contract test."""

from __future__ import annotations

import random

from threadbox.rules.core import GameState, Rng


def check_determinize(state: GameState, seat: int | None, rng: random.Random) -> GameState:
    """Sample a full state from ``seat``'s view and check it agrees with that view.

    Returns the sample, so callers can check their own game's conservation.
    """
    view = state.view(seat)
    before = view.to_json()
    sample = view.determinize(rng)
    assert view.to_json() == before, "determinize changed the view it was given"
    assert sample.view_of is None
    assert sample.rng == Rng.from_seed(sample.seed), "the sample's chance is not its own fresh RNG"
    assert sample.view(seat).to_json() == before, "the sample disagrees with what the seat has seen"
    assert sample.to_move() == state.to_move()
    for s in sample.to_move():
        assert sample.legal_actions(s), "a seat to move has no options in the sample"
    return sample


def play_on(sample: GameState, rng: random.Random, max_actions: int = 100_000) -> GameState:
    """Play the sample to its end with random legal actions: it must be a real game."""
    for _ in range(max_actions):
        if sample.is_over():
            return sample
        seat = rng.choice(sample.to_move())
        sample.apply(seat, rng.choice(sample.legal_actions(seat)))
    raise AssertionError("the sampled game did not end")
