"""Thread Count's copies and views (the core's, from the declarations) share only values (sheets)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from threadbox.rules.core import Rng
from threadbox.rules.core.copying import is_immutable
from threadbox.rules.core.playout import play_out
from threadbox.rules.thread_count import GAME, SeatSheet, ThreadCountState


def test_every_field_a_copy_shares_is_a_value():
    state = ThreadCountState.new(3, seed=4)
    copy = state.clone()
    for name, field in ThreadCountState.model_fields.items():
        if not is_immutable(field.annotation):  # a list the rules change in place, or the RNG
            assert getattr(copy, name) is not getattr(state, name), f"{name} is shared by a copy"
    assert copy == state


@pytest.mark.parametrize("variants", [[], ["easier"], ["side-b", "no-crossing"]])
def test_a_view_is_the_whole_state_without_the_rng(variants):
    # Thread Count hides nothing: every field is declared public but the seed and the RNG.
    seen = 0

    def check(state, seat, action, transition):
        nonlocal seen
        assert state.clone() == state
        for s in [None, *range(state.players)]:
            view = state.view(s)
            whole = state.model_copy(update={"seed": 0, "rng": Rng(), "view_of": -1 if s is None else s})
            assert view == whole and view.to_json() == whole.to_json()
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


def test_a_sheet_is_a_value_saved_as_before():
    # Saves written when cups and threads were lists load as tuples and are written back the same.
    saved = '{"cups_by":1,"cups":[[0,0],[1,1]],"thread":[[6,0],[5,0],[4,0]],"at_paw":false,"stopped":false}'
    sheet = SeatSheet.model_validate_json(saved)
    assert sheet.cups == ((0, 0), (1, 1)) and sheet.thread == ((6, 0), (5, 0), (4, 0))
    assert sheet.model_dump_json() == saved
    with pytest.raises(ValidationError):
        sheet.at_paw = True  # a sheet is never changed: the rules give the seat a new one
    longer = sheet.with_thread((*sheet.thread, (4, 1)), at_paw=True)
    assert longer.thread[-1] == (4, 1) and longer.at_paw and sheet.thread[-1] == (4, 0) and not sheet.at_paw
    assert longer.with_stop().stopped and longer.with_cups(()).cups == () and longer.cups_by == 1
