"""Malformed or out-of-place actions get a reason a player can read and change nothing."""

from __future__ import annotations

import pytest

from threadbox.rules.core import Action
from threadbox.rules.quilt import (
    ChoosePatch,
    ColourApplique,
    ColourCell,
    Decline,
    DrawBonus,
    DrawPencil,
    Exchange,
    PlacePencil,
    QuiltState,
    Stitch,
    TakeHolder,
    TakeNeutral,
)

from .helpers import colouring, refused


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (ColourCell(colour="R", row=9), "rows 1 to 5 only"),
        (ColourApplique(colour="R", applique=7), "three appliques only"),
        (ColourCell(colour="Z", row=0), "no unused 'Z' pencil"),
        (Stitch(embroidery=0), "no bonus allows that now"),
        (Exchange(colours=""), "no bonus allows that now"),
        (TakeNeutral(colour="O"), "no bonus allows that now"),
        (DrawBonus(), "no bonus allows that now"),
        (Decline(), "no bonus to decline"),
        (DrawPencil(), "not possible in phase 3"),
        (TakeHolder(holder=1), "not possible in phase 3"),
        (ChoosePatch(colour="R"), "not possible in phase 3"),
    ],
)
def test_refusals_in_phase_3(action: Action, reason: str):
    refused(colouring(hand="RG"), 0, action, reason)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlacePencil(holder=-1), "needle holders are 1 to 3"),
        (TakeHolder(holder=5), "needle holders are 1 to 3"),
        (ChoosePatch(colour="Z"), "not possible in phase 2"),
    ],
)
def test_refusals_in_phase_2(action: Action, reason: str):
    state = QuiltState.new(2, seed=1)
    for colour in "RG":
        state.apply(state.turn, ChoosePatch(colour=colour))
    refused(state, state.turn, action, reason)


def test_a_patch_that_is_no_colour():
    state = QuiltState.new(2, seed=1)
    refused(state, state.turn, ChoosePatch(colour="Z"), "there is no 'Z' patch")


def test_a_seat_out_of_turn_and_no_seat():
    state = QuiltState.new(2, seed=1)
    other = 1 - state.turn
    refused(state, other, ChoosePatch(colour="R"), "turn in phase 1")
    refused(state, 7, ChoosePatch(colour="R"), "no seat 7")
