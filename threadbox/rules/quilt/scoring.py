"""The score column of the sheet: one function for the running score and the final count."""

from __future__ import annotations

from .board import EMPTY, Board
from .data import APPLIQUES, EVERYTHING_COUNTED_ROWS, FULL_CELL_VP, ROW_POINTS, ROWS, SIX_COLOUR_SPOOL_VP, SPOOL_POINTS

APPLIQUE_ROW = "Appliqués"
ROW_NAMES = tuple(f"Row {r + 1}" for r in range(ROWS))
SPOOL_ROW = "Spools"
BUTTON_ROW = "Buttons"
CATEGORIES: tuple[str, ...] = (APPLIQUE_ROW, *ROW_NAMES, SPOOL_ROW, BUTTON_ROW)


def applique_points(board: Board) -> int:
    """Each coloured applique: + its value over a complete column, - its value otherwise."""
    total = 0
    for index, applique in enumerate(APPLIQUES):
        if board.appliques[index] != EMPTY:
            total += applique.points if board.column_complete(applique.column) else -applique.points
    return total


def row_points(board: Board, row: int) -> int:
    """The value on the last coloured cell plus 1 per fully coloured cell."""
    cells = board.rows[row]
    if not cells:
        return 0
    return ROW_POINTS[row][len(cells) - 1] + FULL_CELL_VP * sum(c.isupper() for c in cells)


def spool_points(board: Board) -> int:
    """The rightmost coloured spool's value, plus 10 for threads in all six colours."""
    if not board.spools:
        return 0
    return SPOOL_POINTS[len(board.spools) - 1] + (SIX_COLOUR_SPOOL_VP if len(set(board.spools)) >= 6 else 0)


def button_points(board: Board) -> int:
    """Buttons collected times the weakest row's points."""
    return board.buttons() * min(row_points(board, r) for r in range(ROWS))


def counted_against(board: Board) -> tuple[int, ...]:
    """Everything Counted: the rows recorded with a minus sign. The player chooses;
    the two weakest rows always cost least, so they are chosen (the upper one on a tie)."""
    rows = sorted(range(ROWS), key=lambda r: (row_points(board, r), r))
    return tuple(sorted(rows[:EVERYTHING_COUNTED_ROWS]))


def score_sheet(board: Board, everything_counted: bool = False) -> list[tuple[str, int]]:
    """(line, VP) in the order of the sheet's score column."""
    against = counted_against(board) if everything_counted else ()
    sheet = [(APPLIQUE_ROW, applique_points(board))]
    for r in range(ROWS):
        points = row_points(board, r)
        sheet.append((ROW_NAMES[r], -points if r in against else points))
    sheet.append((SPOOL_ROW, spool_points(board)))
    sheet.append((BUTTON_ROW, button_points(board)))
    return sheet


def best_row(board: Board) -> int:
    """The tie-break: the single quilt row that scored the most."""
    return max(row_points(board, r) for r in range(ROWS))
