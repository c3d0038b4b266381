"""Setup, phase 1 (patches), phase 2 (pencils on needle holders), the end of a round and of the game."""

from __future__ import annotations

import pytest

from threadbox.rules.core import RulesError
from threadbox.rules.quilt import (
    ChoosePatch,
    ColourCell,
    ColourSpool,
    Decline,
    DrawPencil,
    Finish,
    PlacePencil,
    QuiltState,
    TakeHolder,
)
from threadbox.rules.quilt.actions import DRAW

from .helpers import board, colouring, options, refused


@pytest.mark.parametrize(
    ("players", "variants", "pencils", "holders"),
    [
        (2, (), 12, 3),
        (3, (), 18, 4),
        (4, (), 24, 5),
        (4, ("quiltmania",), 18, 5),
    ],
)
def test_setup_by_player_count(players, variants, pencils, holders):
    state = QuiltState.new(players, seed=1, variants=variants)
    assert state.bag_size() == state.total_pencils == pencils
    assert set(state.bag.values()) == {pencils // 6}
    assert len(state.holders) == holders and state.phase == "patches"
    assert state.turn == state.first_player
    assert len({b.design for b in state.boards}) == players


def test_quiltmania_changes_nothing_below_four_players_and_says_so():
    state = QuiltState.new(2, seed=1, variants=["quiltmania"])
    assert state.total_pencils == 12
    assert any("for four players" in e.text for e in state.opening_log())


def test_the_first_player_is_chosen_by_the_seed():
    assert {QuiltState.new(3, seed=s).first_player for s in range(30)} == {0, 1, 2}


def patches_done(state: QuiltState, colours: str = "RGBY") -> None:
    for c in colours[: state.players]:
        state.apply(state.turn, ChoosePatch(colour=c))


def test_patches_are_chosen_in_turn_from_the_first_player_each_a_different_colour():
    state = QuiltState.new(3, seed=4)
    first = state.first_player
    state.apply(first, ChoosePatch(colour="R"))
    assert state.turn == (first + 1) % 3
    refused(state, state.turn, ChoosePatch(colour="R"), "already took the red .R. patch")
    refused(state, first, ChoosePatch(colour="G"), "turn")
    state.apply(state.turn, ChoosePatch(colour="G"))
    assert len(options(state)) == 4
    state.apply(state.turn, ChoosePatch(colour="B"))
    assert state.phase == "pencils" and state.turn == first
    assert state.patches[first] == "R"


def test_placing_two_pencils_then_the_next_player():
    state = QuiltState.new(2, seed=3)
    patches_done(state)
    seat = state.turn
    assert options(state) == [DRAW]  # nothing to take yet
    refused(state, seat, TakeHolder(holder=0), "holds no pencils yet")
    refused(state, seat, PlacePencil(holder=0), "draw a pencil from the bag first")
    state.apply(seat, DrawPencil())
    drawn = state.drawn
    assert drawn is not None and state.bag_size() == 11
    refused(state, seat, DrawPencil(), "first place the .* pencil you drew")
    state.apply(seat, PlacePencil(holder=0))
    assert state.holders[0] == drawn and state.turn == seat
    state.apply(seat, DrawPencil())
    state.apply(seat, PlacePencil(holder=0))
    assert len(state.holders[0]) == 2 and state.turn == 1 - seat
    assert state.pencils_accounted() == 12


def test_placing_one_pencil_then_taking_a_holder_makes_the_first_player():
    state = QuiltState.new(3, seed=8)
    patches_done(state)
    seat = state.turn
    state.apply(seat, DrawPencil())
    state.apply(seat, PlacePencil(holder=2))
    state.apply(seat, TakeHolder(holder=2))
    assert state.holder_of[seat] == 2 and state.first_player == seat
    nxt = state.turn
    assert nxt == (seat + 1) % 3
    state.apply(nxt, DrawPencil())
    taker = state.name_of(seat)
    refused(state, nxt, PlacePencil(holder=2), f"needle holder 3 is already {taker}'s")  # not "first place it"
    state.apply(nxt, PlacePencil(holder=0))
    refused(state, nxt, TakeHolder(holder=2), f"needle holder 3 is already {taker}'s")
    state.apply(nxt, TakeHolder(holder=0))
    assert state.first_player == seat  # only the first taker gets the token


def test_a_later_seat_taking_first_gets_the_token_and_colours_first():
    state = QuiltState.new(2, seed=2)
    patches_done(state)
    first = state.first_player
    other = 1 - first
    state.apply(first, DrawPencil())
    state.apply(first, PlacePencil(holder=1))
    state.apply(first, DrawPencil())
    state.apply(first, PlacePencil(holder=1))
    state.apply(other, TakeHolder(holder=1))
    assert state.first_player == other
    state.apply(first, DrawPencil())
    state.apply(first, PlacePencil(holder=0))
    state.apply(first, TakeHolder(holder=0))
    assert state.phase == "colouring" and state.turn == other
    assert state.neutral == 2 and len(state.holders[2]) == 3  # the neutral holder filled to 3
    assert state.pencils_accounted() == 12 and state.bag_size() == 12 - 3 - 3


def test_a_holder_holds_at_most_three_pencils_and_full_holders_stop_drawing():
    state = QuiltState.new(2, seed=6)
    patches_done(state)
    state.holders = ["RRO", "OYY", "GG"]
    state.bag = {"R": 0, "O": 0, "Y": 0, "G": 0, "B": 2, "P": 2}
    seat = state.turn
    state.apply(seat, DrawPencil())
    assert options(state) == [PlacePencil(holder=2)]
    refused(state, seat, PlacePencil(holder=0), r"needle holder 1 is full \(3 pencils\)")
    state.apply(seat, PlacePencil(holder=2))
    assert DRAW not in options(state)  # every holder is full: only taking is left
    refused(state, seat, DrawPencil(), "every needle holder in the centre is full")
    assert {a.holder for a in options(state)} == {0, 1, 2}


def test_end_of_round_returns_everything_and_starts_again_with_the_first_player():
    state = colouring(hand="RG", players=2)
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Finish())
    state.apply(1, Finish())
    assert state.round == 2 and state.phase == "patches" and state.turn == state.first_player == 0
    assert state.patches == [None, None] and state.neutral is None
    assert state.bag_size() == 12 and state.boards[0].rows[0] == "r"


def test_three_full_rows_end_the_game_at_the_end_of_the_round():
    state = colouring(hand="B", sheet=board("RRRRRR", "OOOOOO", "YYYYYY", "", "bbbb"), players=2)
    state.apply(0, ColourCell(colour="B", row=4))  # a button: no decision follows
    assert state.phase == "colouring" and state.turn == 1  # the round is finished first
    state.apply(1, Finish())
    assert state.phase == "over" and state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0]
    assert "3 full rows" in outcome.reason
    assert [name for name, _ in outcome.scores[0].categories][:2] == ["Appliqués", "Row 1"]


def test_two_full_rows_and_every_spool_end_the_game():
    state = colouring(hand="P", sheet=board("RRRRRR", "OOOOOO", spools="RGBYOP", open_spools=7), players=2)
    state.apply(0, ColourCell(colour="P", row=2))  # a stitch: let it go
    state.apply(0, Decline())
    state.apply(1, Finish())
    assert state.phase == "patches"  # two rows alone are not enough
    state2 = colouring(hand="P", sheet=board("RRRRRR", "OOOOOO", spools="RGBYOR", open_spools=7), players=2)
    state2.apply(0, ColourSpool(colour="P"))
    state2.apply(1, Finish())
    assert state2.phase == "over" and "every spool" in state2.outcome().reason


def test_a_tie_is_broken_by_the_best_single_row():
    state = colouring(hand="R", players=2)
    state.phase, state.end_reason = "over", "test."
    state.boards[0] = board("rrrr", "", "", "", "bbb")  # rows 6 + 4 = 10, best row 6
    state.boards[1] = board("", "ooo", "", "", "bbb")  # rows 6 + 4 = 10, best row 6
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == [0, 1] and outcome.tiebreak_used is None
    state.boards[1] = board("", "", "", "", "bbbbb")  # 10 in one row
    outcome = state.outcome()
    assert outcome is not None and [s.total for s in outcome.scores] == [10, 10]
    assert outcome.winners == [1] and outcome.tiebreak_used == "the best single quilt row"


def test_views_hide_nothing_but_the_bags_order():
    state = colouring(hand="RG")
    view = state.view(1)
    assert view.holders == state.holders and view.boards == state.boards
    assert view.rng.state == 0
    refused_view = view.to_json()
    with pytest.raises(RulesError, match="view cannot be played"):
        view.apply(0, Finish())
    assert view.to_json() == refused_view
