"""Secret picks and buttons: absent from other seats' views and the public log until revealed."""

from __future__ import annotations

import json

from threadbox.rules.warp_and_weft import PickString, PlaceButton, WarpWeftState
from threadbox.rules.warp_and_weft.data import COLOUR_NAMES

from .warp_weft_helpers import play_first_legal_until


def view_json(state: WarpWeftState, seat: int | None) -> dict:
    return json.loads(state.view(seat).to_json())


def without_chosen_flags(view: dict) -> dict:
    """A view minus who-has-chosen, the one thing a secret choice may reveal."""
    return {k: v for k, v in view.items() if k != "has_chosen"}


def test_a_pending_pick_is_absent_from_other_views_and_the_public_log():
    state = WarpWeftState.new(3, 21, names=["Ana", "Bo", "Cy"])
    # Ana picks a colour she holds once, so the choice could only leak through the pick itself.
    colour = next(c for c in state.hands[0] if state.hands[0].count(c) == 1)
    before = {seat: view_json(state, seat) for seat in (1, 2, None)}
    transition = state.apply(0, PickString(colour=colour))
    for seat in (1, 2, None):
        after = view_json(state, seat)
        assert after["has_chosen"] == [True, False, False]  # they may see that she has chosen
        assert after["pending_pick"] == [None, None, None]
        assert without_chosen_flags(after) == without_chosen_flags(before[seat])  # and nothing else
        assert state.view(seat).legal_actions(0) == []
    public = " ".join(e.for_seat(1) for e in transition.log) + " ".join(e.for_seat(None) for e in transition.log)
    assert COLOUR_NAMES[colour] not in public and "has chosen a string" in public
    # Ana sees her own pick.
    assert state.view(0).pending_pick[0] == colour
    assert COLOUR_NAMES[colour] in transition.log[0].for_seat(0)


def test_picks_are_public_after_the_reveal():
    state = WarpWeftState.new(2, 4)
    colours = [state.hands[0][0], state.hands[1][-1]]
    state.apply(0, PickString(colour=colours[0]))
    transition = state.apply(1, PickString(colour=colours[1]))
    assert transition.barrier
    for seat in (0, 1, None):
        assert state.view(seat).picks == [[colours[0]], [colours[1]]]
    assert all(COLOUR_NAMES[c] in " ".join(e.text for e in transition.log) for c in colours)


def test_a_pending_button_is_absent_from_other_views_until_all_have_chosen():
    state = WarpWeftState.new(3, 8, names=["Ana", "Bo", "Cy"])
    play_first_legal_until(state, lambda s: s.phase == "patterns")
    card = state.interlaced[2]
    before = {seat: view_json(state, seat) for seat in (1, 2, None)}
    transition = state.apply(0, PlaceButton(shape="square", card=card))
    for seat in (1, 2, None):
        after = view_json(state, seat)
        assert after["pending_button"] == [None, None, None]
        assert without_chosen_flags(after) == without_chosen_flags(before[seat])
    assert card not in " ".join(e.text for e in transition.log)
    assert state.view(0).pending_button[0] is not None and state.view(0).pending_button[0].card == card
    state.apply(1, state.legal_actions(1)[0])
    reveal = state.apply(2, state.legal_actions(2)[0])
    assert reveal.barrier and card in " ".join(e.text for e in reveal.log)
    for seat in (1, 2, None):
        assert state.view(seat).buttons[0][0].card == card


def test_the_string_being_woven_is_public():
    state = WarpWeftState.new(2, 3)
    play_first_legal_until(state, lambda s: s.phase == "weave" and s.weaving[0] is not None)
    assert state.view(1).weaving[0] == state.weaving[0]
    assert state.view(None).preview_loom(0) == state.preview_loom(0)


def test_views_drop_the_rng_but_keep_the_bag_counts():
    state = WarpWeftState.new(4, 99)
    view = state.view(2)
    assert view.rng.state == 0 and view.seed == 0 and view.view_of == 2
    assert view.bag == state.bag and view.hands == state.hands
    assert state.view(None).view_of == -1
