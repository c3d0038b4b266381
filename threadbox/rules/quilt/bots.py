"""The ``easy`` bot: greedy, one decision at a time, from its own view only.

It values a sheet by its score column now, plus rough worths for what is not
scored yet (an applique's chance of its column being finished, a spool thread
in a new colour, embroidery progress) and for a cell's bonus. In phase 3 it
takes the best-valued use of a pencil while one is worth anything; in phase 2
it values a needle holder by colouring greedily with its pencils on a copy of
its own sheet, and takes the best holder once it is good enough.
"""

from __future__ import annotations

import random

from ..core import Action
from .actions import (
    ChoosePatch,
    ColourApplique,
    ColourCell,
    ColourSpool,
    Decline,
    DrawBonus,
    DrawPencil,
    Exchange,
    Finish,
    PlacePencil,
    Stitch,
    TakeHolder,
    TakeNeutral,
)
from .board import Board
from .data import APPLIQUES, BOARD, COLUMNS, EMBROIDERIES, LETTERS, ROWS, SPOOL_POINTS
from .scoring import row_points, spool_points
from .state import QuiltState

# Worths of what a cell's bonus brings (design choice: roughly the VP a pencil earns).
BONUS_WORTH = {"pencil": 3.0, "neutral": 3.0, "exchange": 1.0, "spool": 1.5, "button": 2.5, "stitch": 1.0}
EMBROIDERY_WORTH = (7.0, 3.5, 0.0)  # 2 pencils, 1 pencil; the 2-part one is worth its fresh cells
NEW_SPOOL_COLOUR = 1.5  # a step towards six colours (10 VP)
GOOD_HOLDER = 6.0  # take a holder worth this much rather than drawing more


def column_chance(board: Board, column: int) -> float:
    """A rough chance that every row reaches ``column`` by the end of the game."""
    reach = sum(min(len(cells), column + 1) for cells in board.rows) / (ROWS * (column + 1))
    return min(0.9, 0.25 + 0.6 * reach) if column < COLUMNS - 1 else min(0.9, 0.1 + 0.6 * reach)


def cell_value(board: Board, row: int, colour: str, patch: str | None) -> float:
    cells = board.rows[row]
    column = len(cells)
    before = row_points(board, row)
    after = BOARD[row][column].points + sum(c.isupper() for c in cells) + (colour == patch)
    value = float(after - before)
    bonus = BOARD[row][column].bonus
    if bonus is not None:
        value += BONUS_WORTH[bonus.kind]
        if bonus.kind == "spool" and board.open_spools >= len(SPOOL_POINTS):
            value -= BONUS_WORTH["spool"]
    # Appliques over this column would now be lost to us; ones we coloured want the column done.
    for index, applique in enumerate(APPLIQUES):
        if (
            applique.column == column
            and board.appliques[index] != "."
            and all(len(c) > column for r, c in enumerate(board.rows) if r != row)
        ):
            value += 2 * applique.points
    if not cells and column == 0:
        value += 0.5  # opening a row keeps options for later colours
    return value


def spool_value(board: Board, colour: str) -> float:
    after = board.with_spool(colour)
    value = float(spool_points(after) - spool_points(board))
    if colour not in board.spools:
        value += NEW_SPOOL_COLOUR
    return value


def applique_value(board: Board, index: int) -> float:
    applique = APPLIQUES[index]
    p = column_chance(board, applique.column)
    return applique.points * (2 * p - 1)


def colouring_value(view: QuiltState, seat: int, action: Action) -> float:
    board = view.boards[seat]
    if isinstance(action, ColourCell):
        return cell_value(board, action.row, action.colour, view.patches[seat])
    if isinstance(action, ColourSpool):
        return spool_value(board, action.colour)
    if isinstance(action, ColourApplique):
        return applique_value(board, action.applique)
    return 0.0


def best_single_use(board: Board, colour: str, patch: str | None) -> tuple[float, tuple[str, int] | None]:
    """The best use of one pencil on this sheet: (value, ("cell", row) / ("spool", 0) / None)."""
    best: tuple[float, tuple[str, int] | None] = (0.0, None)
    for row in range(ROWS):
        if board.why_not_cell(colour, row) is None:
            v = cell_value(board, row, colour, patch)
            if v > best[0]:
                best = (v, ("cell", row))
    if board.why_not_spool() is None:
        v = spool_value(board, colour)
        if v > best[0]:
            best = (v, ("spool", 0))
    return best


def pencils_value(board: Board, pencils: str, patch: str | None) -> float:
    """Colour greedily with these pencils on a copy of the sheet; the sum of the values."""
    total = 0.0
    left = list(pencils)
    while left:
        scored = [(best_single_use(board, c, patch), c) for c in left]
        (value, use), colour = max(scored, key=lambda item: item[0][0])
        if use is None:
            break
        total += value
        left.remove(colour)
        kind, row = use
        board = board.with_cell(row, colour, colour == patch) if kind == "cell" else board.with_spool(colour)
    return total


class EasyBot:
    level = "easy"

    def choose(self, view: QuiltState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        first = legal[0]
        if isinstance(first, ChoosePatch):
            return self._patch(view, seat, legal, rng)
        if isinstance(first, PlacePencil):
            return self._place(view, seat, legal)
        if isinstance(first, DrawPencil | TakeHolder):
            return self._pencils(view, seat, legal)
        if isinstance(first, Stitch) or any(isinstance(a, Stitch) for a in legal):
            return self._stitch(view, seat, legal)
        if isinstance(first, Exchange) or any(isinstance(a, Exchange) for a in legal):
            return self._exchange(view, seat, legal)
        if any(isinstance(a, TakeNeutral | DrawBonus) for a in legal):
            return self._fetch(view, seat, legal)
        return self._colour(view, seat, legal, rng)

    # phase 1
    def _patch(self, view: QuiltState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        board = view.boards[seat]
        colours = [board.row_colour(r) for r in range(ROWS)]

        def worth(colour: str) -> float:
            value = view.bag.get(colour, 0) * 0.1 + rng.random() * 0.01
            for r in range(ROWS):
                if colours[r] == colour and not board.row_full(r):
                    value += 2.0
            if colour not in colours and None in colours:
                value += 1.0
            return value

        return max(legal, key=lambda a: worth(a.colour) if isinstance(a, ChoosePatch) else -1)

    # phase 2
    def _holder_value(self, view: QuiltState, seat: int, pencils: str) -> float:
        return pencils_value(view.boards[seat], pencils, view.patches[seat])

    def _pencils(self, view: QuiltState, seat: int, legal: list[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakeHolder)]
        can_draw = any(isinstance(a, DrawPencil) for a in legal)
        if takes:
            best = max(takes, key=lambda a: self._holder_value(view, seat, view.holders[a.holder]))
            value = self._holder_value(view, seat, view.holders[best.holder])
            enough = GOOD_HOLDER if view.placed == 0 else GOOD_HOLDER * 0.6
            if not can_draw or value >= enough or len(view.holders[best.holder]) >= 3:
                return best
        return next(a for a in legal if isinstance(a, DrawPencil))

    def _place(self, view: QuiltState, seat: int, legal: list[Action]) -> Action:
        drawn = view.drawn or ""
        # Build the holder we will take; a useless pencil goes where it helps us least to lose.
        gains = {}
        for a in legal:
            assert isinstance(a, PlacePencil)
            pencils = view.holders[a.holder]
            gains[a] = self._holder_value(view, seat, pencils + drawn) - self._holder_value(view, seat, pencils)
        best = max(legal, key=lambda a: (gains[a], len(view.holders[a.holder])))  # type: ignore[union-attr]
        if gains[best] > 0.5:
            return best
        return min(legal, key=lambda a: len(view.holders[a.holder]))  # type: ignore[union-attr]

    # phase 3
    def _colour(self, view: QuiltState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        stop = next((a for a in legal if isinstance(a, Finish | Decline)), legal[-1])
        best, best_value = stop, 0.0
        for a in legal:
            if isinstance(a, ColourCell | ColourApplique | ColourSpool):
                value = colouring_value(view, seat, a) + rng.random() * 0.01
                if value > best_value:
                    best, best_value = a, value
        return best

    def _stitch(self, view: QuiltState, seat: int, legal: list[Action]) -> Action:
        board = view.boards[seat]

        def worth(a: Action) -> float:
            if not isinstance(a, Stitch):
                return 0.0
            index = a.embroidery
            left = EMBROIDERIES[index].parts - len(board.embroideries[index])
            effect = EMBROIDERY_WORTH[index] if index < 2 else float(len(board.fresh)) + 0.5
            return 0.1 + effect / left

        return max(legal, key=worth)

    def _exchange(self, view: QuiltState, seat: int, legal: list[Action]) -> Action:
        board = view.boards[seat]
        patch = view.patches[seat]
        useless = [c for c in view.hand(seat) if best_single_use(board, c, patch)[0] <= 1.0]
        for a in legal:
            if isinstance(a, Exchange) and sorted(a.colours) == sorted(useless[:2]):
                return a
        return next(a for a in legal if isinstance(a, Decline))

    def _fetch(self, view: QuiltState, seat: int, legal: list[Action]) -> Action:
        board = view.boards[seat]
        patch = view.patches[seat]
        bag = view.bag_size()

        def worth(a: Action) -> float:
            if isinstance(a, TakeNeutral):
                return best_single_use(board, a.colour, patch)[0]
            if isinstance(a, DrawBonus):
                return sum(view.bag[c] * best_single_use(board, c, patch)[0] for c in LETTERS) / max(bag, 1)
            return 0.0

        return max(legal, key=worth)
