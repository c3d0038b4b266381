"""A game state's fields are set as plain attributes (a misspelt one refused under tests); private
attributes still go through pydantic."""

from __future__ import annotations

import pytest
from pydantic import PrivateAttr

from threadbox.rules.core import GameState
from threadbox.rules.core.rng import Rng
from threadbox.rules.core.state import check_field_names
from threadbox.rules.quilt import QuiltState


class Scratchy(QuiltState):
    """A state with a private attribute (say, a cache a game keeps beside its fields)."""

    _scratch: dict[str, int] = PrivateAttr(default_factory=dict)


def test_fields_are_set_as_plain_attributes_and_still_round_trip():
    state = QuiltState.new(2, seed=3)
    check_field_names(False)  # as in play
    try:
        assert type(state).__setattr__ is object.__setattr__
        state.round = 5
    finally:
        check_field_names()  # as every test runs (tests/conftest.py)
    assert state.round == 5 and state.__dict__["round"] == 5
    assert QuiltState.from_json(state.to_json()) == state


def test_a_state_with_private_attributes_keeps_pydantic_setting_them():
    state = Scratchy.new(2, seed=3)
    assert type(state).__setattr__ is not GameState.__setattr__
    state._scratch = {"k": 1}
    assert state._scratch == {"k": 1} and "_scratch" not in state.__dict__  # kept in __pydantic_private__
    state.round = 2
    assert state.round == 2


def test_a_misspelt_field_is_refused_under_the_check():
    state = QuiltState.new(2, seed=3)
    with pytest.raises(AttributeError, match="no field 'rond'"):
        state.rond = 5
    assert "rond" not in state.__dict__
    state.round = 4  # a field is set as before
    assert state.round == 4


def test_the_rng_draws_the_same_numbers():
    rng = Rng.from_seed(7)
    assert [rng.below(10) for _ in range(5)] == _draws(7, 5)
    assert rng.state == (7 + 5 * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)


def _draws(seed: int, n: int) -> list[int]:
    """SplitMix64 by hand: the documented generator, so saves replay on any version."""
    mask = (1 << 64) - 1
    state, out = seed & mask, []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append((z ^ (z >> 31)) % 10)
    return out
