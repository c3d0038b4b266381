"""Threaded's one-pass copies and views (``copies.py``) are what the core's way makes:
``GameState.view`` (a full copy, then ``_redact``) and a copy equal to the state."""

from __future__ import annotations

import random

from threadbox.rules.core.state import GameState
from threadbox.rules.threaded import ThreadedState


def _same_views(st: ThreadedState) -> None:
    for seat in (None, *range(st.players)):
        view = st.view(seat)
        assert view.to_json() == GameState.view(st, seat).to_json()
        assert view.view_of == (-1 if seat is None else seat)
    assert st.clone().to_json() == st.to_json()
    assert st.clone() == st


def test_one_pass_views_are_the_core_views_through_games() -> None:
    for players in (2, 3, 5):
        st = ThreadedState.new(players, 3)
        pick = random.Random(players)
        for _ in range(150):
            if st.is_over():
                break
            seat = st.to_move()[0]
            st.apply(seat, pick.choice(st.legal_actions(seat)))
            _same_views(st)


def test_an_unusual_table_is_copied_the_general_way() -> None:
    st = ThreadedState.new(3, 5)
    st.queues = dict(reversed(list(st.queues.items())))  # not in shop order: no unrolled copy fits
    _same_views(st)
    st.hands = (*st.hands, ())  # one hand too many
    _same_views(st)


def test_stored_options_are_the_options_now_and_stay_with_their_state() -> None:
    from threadbox.rules.threaded.options import CACHE_KEY, options

    st = ThreadedState.new(4, 8)
    pick = random.Random(8)
    while not st.is_over():
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        assert legal == options(st, st.stack[-1])
        assert CACHE_KEY in st.__dict__
        assert CACHE_KEY not in st.view(seat).__dict__ and CACHE_KEY not in st.clone().__dict__
        assert ThreadedState.from_json(st.to_json()) == st
        st.apply(seat, pick.choice(legal))
