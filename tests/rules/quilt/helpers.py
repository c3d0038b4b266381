"""Builders shared by the Quilt rules tests."""

from __future__ import annotations

import pytest

from threadbox.rules.core import Action, RulesError
from threadbox.rules.quilt import Board, QuiltState


def board(*rows: str, appliques: str = "...", spools: str = "", open_spools: int = 2, design: str = "animals") -> Board:
    """A sheet from text: one string per row (upper case: fully coloured cell)."""
    padded = tuple(rows) + ("",) * (5 - len(rows))
    return Board(design=design, rows=padded, appliques=appliques, spools=spools, open_spools=open_spools)


def colouring(
    hand: str = "RGB",
    patch: str = "P",
    sheet: Board | None = None,
    players: int = 3,
    seat: int = 0,
    neutral: str = "OOY",
    variants: tuple[str, ...] = (),
) -> QuiltState:
    """A game in phase 3 with ``seat`` to colour: its holder holds ``hand``, the neutral one ``neutral``;
    the bag holds the rest of the pencils. Other seats' holders are empty."""
    state = QuiltState.new(players, seed=5, variants=variants)
    state.phase = "colouring"
    state.first_player = state.turn = seat
    state.patches = [None] * players
    state.patches[seat] = patch
    state.holders = [""] * (players + 1)
    state.holder_of = [None] * players
    state.holders[seat] = hand
    state.holder_of[seat] = seat
    for other in range(players):
        state.holder_of[other] = other
    state.neutral = players
    state.holders[players] = neutral
    for c in "".join(state.holders):
        state.bag[c] -= 1
    if sheet is not None:
        state.boards[seat] = sheet.model_copy(update={"design": state.boards[seat].design})
    assert min(state.bag.values()) >= 0, "more pencils of a colour than the game has"
    assert state.pencils_accounted() == state.total_pencils
    return state


def refused(state: QuiltState, seat: int, action: Action, match: str) -> None:
    """The action raises with a reason matching ``match`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(RulesError, match=match):
        state.apply(seat, action)
    assert state.to_json() == before


def options(state: QuiltState, seat: int | None = None) -> list[Action]:
    return state.legal_actions(state.turn if seat is None else seat)
