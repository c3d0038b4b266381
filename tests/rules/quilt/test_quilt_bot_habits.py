"""Habits of a player (issue 27): a bot does not leave a coloured applique's column unfinished at
the end of the game when its pencils could finish it (the applique then scores minus its points)."""

from __future__ import annotations

import random

import pytest

from threadbox.rules.quilt import GAME
from threadbox.rules.quilt.data import APPLIQUES

from .helpers import board, colouring


def colour_the_turn(state, level: str, iterations: int = 40) -> None:
    """The seat to move colours until its turn of phase 3 is over."""
    bot = GAME.make_bot(level, iterations=iterations)
    rng = random.Random(3)
    seat = state.turn
    while state.phase == "colouring" and not state.done[seat]:
        legal = state.legal_actions(seat)
        state.apply(seat, bot.choose(state.view(seat), seat, legal, rng))


@pytest.mark.parametrize("level", ["easy", "hard"])
@pytest.mark.parametrize("hand", ["BY", "B", "BYR"])
def test_the_last_round_finishes_a_coloured_appliques_column(level, hand):
    """Two full rows and a third one pencil short: this round ends the game. The +3 applique is
    coloured and its column lacks one cell, in the blue row: the blue pencil finishes it."""
    sheet = board("RRRRRR", "GGGGGG", "YYYYY", "B", "OO", appliques="P..")
    state = colouring(hand=hand, sheet=sheet, players=2, neutral="OOP")
    assert not state.boards[0].column_complete(APPLIQUES[0].column)
    colour_the_turn(state, level)
    assert state.boards[0].column_complete(APPLIQUES[0].column), state.boards[0]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_column_is_not_left_one_cell_short_for_a_spool(level):
    """One blue pencil, and a spool open: the cell that finishes the +5 applique's column is worth
    more than a spool thread (10 points of swing against a spool's few)."""
    sheet = board("RRRRRR", "GGGGGG", "YYYYY", "BBB", "OOOO", appliques=".P.")
    state = colouring(hand="B", sheet=sheet, players=2, neutral="OOP")
    colour_the_turn(state, level)
    assert state.boards[0].column_complete(APPLIQUES[1].column), state.boards[0]
