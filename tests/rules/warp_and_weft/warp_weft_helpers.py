"""Builders shared by the Warp & Weft tests (a uniquely named module, not a conftest)."""

from __future__ import annotations

import pytest

from threadbox.rules.core import Action, RulesError
from threadbox.rules.warp_and_weft import Loom, WarpWeftState


def make_loom(vertical: str, horizontal: str, crossings: list[str] | None = None) -> Loom:
    """A loom from text: colour letters per slot ('.' free) and crossing rows
    ('|' vertical on top, '-' horizontal on top). Without ``crossings`` the
    horizontal string lies on top wherever both strings exist."""
    if crossings is None:
        crossings = ["".join("-" if h != "." and v != "." else "." for v in vertical) for h in horizontal]
    return Loom(vertical=vertical, horizontal=horizontal, crossings=crossings)


def first_legal(state: WarpWeftState, seat: int) -> Action:
    return state.legal_actions(seat)[0]


def play_first_legal_until(state: WarpWeftState, done) -> None:
    """Every seat to move plays its first legal action until ``done(state)``."""
    while not done(state):
        seat = state.to_move()[0]
        state.apply(seat, first_legal(state, seat))


def finish_phase(state: WarpWeftState) -> None:
    phase, round_ = state.phase, state.round
    play_first_legal_until(state, lambda s: s.phase != phase or s.round != round_)


def pick_all(state: WarpWeftState, colours: list[str]):
    """Each seat picks the given colour; returns the last transition (the reveal)."""
    transition = None
    for seat, colour in enumerate(colours):
        transition = state.apply(seat, state.parse_action({"kind": "pick", "colour": colour}))
    return transition


def assert_rejected(state: WarpWeftState, seat: int, action: Action, error: type[RulesError], *words: str) -> str:
    """The action raises ``error`` whose message has ``words``, and nothing changes."""
    before = state.to_json()
    with pytest.raises(error) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message
