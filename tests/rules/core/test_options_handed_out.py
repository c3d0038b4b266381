"""``check`` accepts exactly what ``legal_actions`` lists: the list it handed out counts until the
state changes, and nothing a game's refusal words say can make an unlisted action legal."""

from __future__ import annotations

import pytest

from threadbox.rules.core import IllegalAction
from threadbox.rules.thingstead import ThingsteadState
from threadbox.rules.thingstead.actions import PlayToThingstead
from threadbox.rules.warp_and_weft import WarpWeftState
from threadbox.rules.warp_and_weft.actions import ChooseCrossing


def weaving(seed: int = 1) -> tuple[WarpWeftState, int]:
    """A Warp & Weft table where a seat is choosing a crossing."""
    state = WarpWeftState.new(2, seed)
    while True:
        seat = state.to_move()[0]
        options = state.legal_actions(seat)
        if isinstance(options[0], ChooseCrossing):
            return state, seat
        state.apply(seat, options[0])


def refused_unchanged(state, seat, action) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert state.to_json() == before
    return str(caught.value)


def test_an_action_not_listed_is_refused_even_where_the_refusal_words_found_nothing_wrong() -> None:
    # Warp & Weft's refusals used to wave any crossing through while a string was being woven;
    # this one (built without validation, as code can) is not among the options.
    state, seat = weaving()
    bogus = ChooseCrossing.model_construct(over="sideways")
    assert bogus not in state.legal_actions(seat)
    assert "cannot do that" in refused_unchanged(state, seat, bogus)


def test_a_list_handed_out_does_not_count_once_the_state_has_moved_on() -> None:
    state = ThingsteadState.new(2, 5)
    seat = state.to_move()[0]
    first, *others = state.legal_actions(seat)
    state.apply(seat, first)  # the card is played: the other plays of the old list are no options now
    stale = [a for a in others if a not in state.legal_actions(seat)]
    assert stale
    for action in stale:
        refused_unchanged(state, seat, action)


def test_changing_the_list_handed_out_changes_no_option() -> None:
    state = ThingsteadState.new(2, 5)
    seat = state.to_move()[0]
    options = state.legal_actions(seat)
    foreign = PlayToThingstead(card=state.hands[1 - seat][0])  # the other seat's card
    options.append(foreign)
    refused_unchanged(state, seat, foreign)


def test_apply_unchecked_and_forget_options_drop_the_list_handed_out() -> None:
    state = ThingsteadState.new(2, 5)
    seat = state.to_move()[0]
    first, second, *_ = state.legal_actions(seat)
    state.apply_unchecked(seat, first)  # as search plays on its own copies
    refused_unchanged(state, seat, second)

    state = ThingsteadState.new(2, 5)
    seat = state.to_move()[0]
    play = next(a for a in state.legal_actions(seat) if isinstance(a, PlayToThingstead))
    state.hands[seat].remove(play.card)  # a position built by hand
    state.forget_options()
    refused_unchanged(state, seat, play)
