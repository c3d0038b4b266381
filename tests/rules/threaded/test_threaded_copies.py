"""Threaded's views, built by the core from the table's declarations, hide what the rulebook
hides: written out here field by field, apart from the core, as a reference."""

from __future__ import annotations

import json
import random

from threadbox.rules.threaded import ThreadedState
from threadbox.rules.threaded.frames import HIDDEN


def _expected_view(st: ThreadedState, seat: int | None) -> dict:
    """The full state's JSON with what ``seat`` may not see taken out, by hand."""
    doc = json.loads(st.to_json())
    doc["seed"], doc["rng"], doc["view_of"] = 0, {"state": 0}, -1 if seat is None else seat
    for deck in ("tapestry_deck", "equipment_deck", "commission_deck"):
        doc[deck] = [HIDDEN] * len(doc[deck])  # face down: only the count shows
    for s in range(st.players):
        if s == seat:
            continue
        for field in ("hands", "drawn") if st.phase == "over" else ("hands", "drawn", "commissions"):
            doc[field][s] = [HIDDEN] * len(doc[field][s])
    for entry in doc["opening"]:
        entry["private"] = {k: v for k, v in entry["private"].items() if k == str(seat)}
    return doc


def _check(st: ThreadedState) -> None:
    for seat in (None, *range(st.players)):
        view = st.view(seat)
        assert json.loads(view.to_json()) == _expected_view(st, seat)
    assert st.clone().to_json() == st.to_json()
    assert st.clone() == st


def test_views_hide_what_the_rulebook_hides_through_games() -> None:
    for players in (2, 3, 5):
        st = ThreadedState.new(players, 3)
        pick = random.Random(players)
        for _ in range(150):
            if st.is_over():
                break
            seat = st.to_move()[0]
            st.apply(seat, pick.choice(st.legal_actions(seat)))
            _check(st)


def test_an_unusual_table_is_viewed_entry_by_entry() -> None:
    st = ThreadedState.new(3, 5)
    st.queues = dict(reversed(list(st.queues.items())))  # not in shop order
    _check(st)
    st.hands = (*st.hands, ())  # one hand too many
    _check(st)


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
