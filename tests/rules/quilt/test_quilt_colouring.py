"""Phase 3's colouring rules, one test each, and their refusals (which change nothing)."""

from __future__ import annotations

from threadbox.rules.quilt import ColourApplique, ColourCell, ColourSpool, Decline, Finish, Stitch

from .helpers import board, colouring, options, refused


def test_cells_are_coloured_left_to_right_from_the_first_uncoloured():
    state = colouring(hand="RG", sheet=board("r"))
    state.apply(0, ColourCell(colour="R", row=0))
    assert state.boards[0].rows[0] == "rr"
    state.apply(0, ColourCell(colour="G", row=1))
    assert state.boards[0].rows[1] == "g"


def test_a_row_keeps_the_colour_of_its_first_pencil():
    state = colouring(hand="G", sheet=board("r"))
    refused(state, 0, ColourCell(colour="G", row=0), "row 1 is red .R.; each row keeps one colour")
    assert ColourCell(colour="G", row=0) not in options(state)


def test_no_two_rows_share_a_colour():
    state = colouring(hand="R", sheet=board("r"))
    refused(state, 0, ColourCell(colour="R", row=1), "row 1 is already red .R.")
    assert [a.row for a in options(state) if isinstance(a, ColourCell)] == [0]


def test_the_bonus_colour_colours_the_whole_cell_and_scores_one_more():
    state = colouring(hand="RG", patch="R")
    state.apply(0, ColourCell(colour="R", row=1))
    state.apply(0, ColourCell(colour="G", row=2))
    assert state.boards[0].rows[1] == "R"  # picture and background
    assert state.boards[0].rows[2] == "g"  # picture only
    assert dict(state.score_sheet(0))["Row 2"] == 1 + 1
    assert dict(state.score_sheet(0))["Row 3"] == 2


def test_a_full_row_takes_no_more_cells():
    state = colouring(hand="R", sheet=board("rrrrrr"))
    refused(state, 0, ColourCell(colour="R", row=0), "row 1 is fully coloured")


def test_each_pencil_is_used_once_and_a_seat_without_pencils_is_done():
    state = colouring(hand="R")
    state.apply(0, ColourCell(colour="R", row=0))
    assert state.hand(0) == "" and state.spent[0] == "R"
    assert state.done[0] and state.turn == 1
    refused(state, 0, ColourCell(colour="R", row=0), "finished colouring")


def test_a_pencil_not_on_the_holder_cannot_be_used():
    state = colouring(hand="R")
    refused(state, 0, ColourCell(colour="B", row=0), "no unused blue .B. pencil on your needle holder")


def test_appliques_only_over_untouched_columns():
    state = colouring(hand="RRB", sheet=board("", "oo"))  # column 2 is touched
    refused(state, 0, ColourApplique(colour="R", applique=0), "column 2 already has a coloured cell")
    state.apply(0, ColourApplique(colour="R", applique=1))
    assert state.boards[0].appliques == ".R."
    refused(state, 0, ColourApplique(colour="B", applique=1), "already coloured")
    assert {a.applique for a in options(state) if isinstance(a, ColourApplique)} == {2}


def test_spools_left_to_right_and_only_open_ones():
    state = colouring(hand="RRR")
    state.apply(0, ColourSpool(colour="R"))
    state.apply(0, ColourSpool(colour="R"))
    assert state.boards[0].spools == "RR"
    refused(state, 0, ColourSpool(colour="R"), "spool 3 is not available yet")
    assert not any(isinstance(a, ColourSpool) for a in options(state))


def test_every_spool_coloured_takes_no_more():
    state = colouring(hand="R", sheet=board(spools="ROYGBPR", open_spools=7))
    refused(state, 0, ColourSpool(colour="R"), "every spool's threads are coloured")


def test_finish_leaves_unused_pencils_which_go_back_at_the_end_of_the_round():
    state = colouring(hand="RGB", players=2)
    state.apply(0, ColourCell(colour="R", row=0))
    state.apply(0, Finish())
    assert state.done[0] and state.turn == 1
    state.apply(1, Finish())
    assert state.phase == "patches" and state.round == 2
    assert state.bag_size() == state.total_pencils
    assert state.holders == ["", "", ""] and state.spent == ["", ""]


def test_bonus_decisions_come_first():
    state = colouring(hand="RG", sheet=board("rr"))
    state.apply(0, ColourCell(colour="R", row=0))  # cell 3: a stitch
    assert state.tasks[-1].kind == "stitch"
    refused(state, 0, ColourCell(colour="G", row=1), "first settle the bonus")
    refused(state, 0, Finish(), "first settle the bonus")
    state.apply(0, Decline())
    assert not state.tasks
    refused(state, 0, Stitch(embroidery=0), "no bonus allows that now")


def test_refusals_name_the_phase():
    state = colouring(hand="R")
    state.phase = "patches"
    refused(state, 0, ColourCell(colour="R", row=0), "not possible in phase 1")
