"""Thread Count's own copies and views agree with the core's generic ones and share only values."""

from __future__ import annotations

import pytest

from threadbox.rules.core import GameState
from threadbox.rules.core.copying import clone_model, is_immutable
from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, ThreadCountState


def test_every_field_a_copy_shares_is_a_value():
    state = ThreadCountState.new(3, seed=4)
    copy = state.clone()
    for name, field in ThreadCountState.model_fields.items():
        if not is_immutable(field.annotation):  # a list the rules change in place, or the RNG
            assert getattr(copy, name) is not getattr(state, name), f"{name} is shared by a copy"
    assert copy == state


@pytest.mark.parametrize("variants", [[], ["easier"], ["side-b", "no-crossing"]])
def test_copies_and_views_equal_the_cores_generic_ones(variants):
    seen = 0

    def check(state, seat, action, transition):
        nonlocal seen
        assert state.clone() == clone_model(state)
        for s in [None, *range(state.players)]:
            view = state.view(s)
            assert view == GameState.view(state, s)
            assert view.seed == 0 and view.rng.state == 0 and view.view_of == (-1 if s is None else s)
            assert view.to_json() == GameState.view(state, s).to_json()
        seen += 1

    for seed in range(4):
        play_out(GAME, 2 + seed % 3, seed, variants, on_step=check)
    assert seen > 50


def test_a_copy_changes_apart_from_its_original():
    state = ThreadCountState.new(2, seed=2, variants=["easier"])
    copy = state.clone()
    seat = copy.to_move()[0]
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert copy.thread(seat) != state.thread(seat) and copy.status != state.status
    view = state.view(0)
    view.status[0] = "stopped"
    assert state.status[0] != "stopped"
