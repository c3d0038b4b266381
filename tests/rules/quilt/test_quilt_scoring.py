"""The rulebook's scoring example, the Everything Counted variant on the same sheet, and each scoring line."""

from __future__ import annotations

from threadbox.rules.quilt.scoring import (
    applique_points,
    best_row,
    button_points,
    counted_against,
    row_points,
    score_sheet,
    spool_points,
)

from .helpers import board, colouring

# The rulebook's example: rows end on 1, 15, 14, 24 and 10 VP with 2, 2, 2, 3 and 1 fully coloured cells;
# the +3 applique over a complete column, the +7 over an unfinished one, six spools in six colours.
EXAMPLE = board("RR", "OOooo", "YYyyy", "GGGggg", "Bbbbb", appliques="R.O", spools="ROYGBP", open_spools=6)


def test_rulebook_scoring_example():
    assert applique_points(EXAMPLE) == -4
    assert [row_points(EXAMPLE, r) for r in range(5)] == [3, 17, 16, 27, 11]
    assert spool_points(EXAMPLE) == 18
    assert EXAMPLE.buttons() == 3
    assert button_points(EXAMPLE) == 9
    sheet = score_sheet(EXAMPLE)
    assert sheet == [
        ("Appliqués", -4),
        ("Row 1", 3),
        ("Row 2", 17),
        ("Row 3", 16),
        ("Row 4", 27),
        ("Row 5", 11),
        ("Spools", 18),
        ("Buttons", 9),
    ]
    assert sum(vp for _, vp in sheet) == 97


def test_everything_counted_on_the_example_sheet():
    # The two weakest rows (3 and 11) are recorded with a minus sign; buttons still use the weakest row, +3.
    assert counted_against(EXAMPLE) == (0, 4)
    sheet = dict(score_sheet(EXAMPLE, everything_counted=True))
    assert sheet["Row 1"] == -3 and sheet["Row 5"] == -11
    assert sheet["Buttons"] == 9
    assert sum(sheet.values()) == 97 - 2 * 3 - 2 * 11 == 69


def test_the_game_scores_with_the_variant_it_was_set_up_with():
    for variants, total in (((), 97), (("everything-counted",), 69)):
        state = colouring(sheet=EXAMPLE, variants=variants)
        assert state.total_score(0) == total


def test_empty_sheet_scores_nothing():
    empty = board()
    assert score_sheet(empty) == [(name, 0) for name, _ in score_sheet(empty)]


def test_spools_without_six_colours_score_the_last_one_only():
    assert spool_points(board(spools="RRO")) == 3
    assert spool_points(board(spools="ROYGBPR", open_spools=7)) == 11 + 10


def test_appliques_score_plus_over_complete_columns_and_minus_otherwise():
    full_second_column = board("rr", "oo", "yy", "gg", "bb", appliques="RRR")
    assert applique_points(full_second_column) == 3 - 5 - 7


def test_buttons_multiply_the_weakest_row():
    sheet = board("rr", "oooo", "", "", "bbbbb")
    assert sheet.buttons() == 2  # row 1 cell 2 and row 5 cell 5 (row 2's is on cell 6)
    assert button_points(sheet) == 0  # rows 3 and 4 are empty: the weakest row is 0


def test_tie_break_is_the_best_single_row():
    assert best_row(EXAMPLE) == 27
