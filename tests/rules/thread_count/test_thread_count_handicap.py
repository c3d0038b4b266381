"""The easier variant's second form: a seat that gets no minus points for cups (a handicap)."""

from threadbox.rules.thread_count import ThreadCountState, no_cup_minus

from .thread_count_helpers import change_sheet


def finished(variants: list[str]) -> ThreadCountState:
    """Two seats whose threads each knocked over the same two cups (and reached nothing else)."""
    state = ThreadCountState.new(2, seed=1, variants=variants)
    cups = [(0, 0), (1, 1)]  # A1 and B2: shaded places on side A
    for seat in range(state.players):
        change_sheet(
            state,
            seat,
            cups=cups + [p for p in state.layout.shaded if p not in cups][:4],
            thread=[state.layout.start, (1, 0), (0, 0), (0, 1), (1, 1)],
        )
    state.phase, state.end_reason = "over", "test"
    return state


def test_only_the_handicapped_seat_is_spared_the_minus_points():
    state = finished([no_cup_minus(1)])
    assert not state.cups_cost_nothing(0) and state.cups_cost_nothing(1)
    plain, spared = state.outcome().scores
    assert dict(plain.categories)["Cups"] == -4
    assert "Cups" not in dict(spared.categories)
    assert dict(spared.categories)["Cups (no minus)"] == 0  # the score sheet says so
    assert spared.total == plain.total + 4


def test_a_handicap_for_a_seat_that_is_not_there_changes_nothing_and_says_so():
    state = ThreadCountState.new(2, seed=1, variants=[no_cup_minus(2)])
    assert [e.text for e in state.opening_log()] == [
        "no-cup-minus-3 is for seat 3, and there are 2 players: it changes nothing."
    ]
    assert not any(state.cups_cost_nothing(seat) for seat in range(2))


def test_handicaps_are_variants_and_survive_a_round_trip():
    state = ThreadCountState.new(3, seed=2, variants=[no_cup_minus(0), no_cup_minus(2)])
    assert ThreadCountState.seat_variants == {"no-cup-minus": "no cup minus"}
    again = ThreadCountState.model_validate_json(state.model_dump_json())
    assert [again.cups_cost_nothing(s) for s in range(3)] == [True, False, True]
