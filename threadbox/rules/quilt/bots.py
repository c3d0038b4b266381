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
from ..core.search import SearchBot
from .actions import (
    ChoosePatch,
    ColourApplique,
    ColourCell,
    ColourSpool,
    DrawBonus,
    DrawPencil,
    Exchange,
    PlacePencil,
    Stitch,
    TakeHolder,
    TakeNeutral,
)
from .board import Board
from .data import APPLIQUES, BOARD, COLUMNS, EMBROIDERIES, HOLDER_CAPACITY, LETTERS, ROWS, SPOOL_POINTS
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
    """Level ``easy``: the best-valued option (``values``), ties broken at random."""

    level = "easy"

    def choose(self, view: QuiltState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        values = self.values(view, seat, legal)
        return legal[max(range(len(legal)), key=lambda i: values[i] + rng.random() * 1e-3)]

    def values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        """How much the bot likes each of ``legal``, higher is better (also the hard bot's prior)."""
        first = legal[0]
        if isinstance(first, ChoosePatch):
            return self._patch_values(view, seat, legal)
        if isinstance(first, PlacePencil):
            return self._place_values(view, seat, legal)
        if isinstance(first, DrawPencil | TakeHolder):
            return self._pencil_values(view, seat, legal)
        if any(isinstance(a, Stitch) for a in legal):
            return self._stitch_values(view, seat, legal)
        if any(isinstance(a, Exchange) for a in legal):
            return self._exchange_values(view, seat, legal)
        if any(isinstance(a, TakeNeutral | DrawBonus) for a in legal):
            return self._fetch_values(view, seat, legal)
        return [colouring_value(view, seat, a) for a in legal]  # Finish and Decline are worth 0

    # phase 1
    def _patch_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        board = view.boards[seat]
        colours = [board.row_colour(r) for r in range(ROWS)]

        def worth(colour: str) -> float:
            value = view.bag.get(colour, 0) * 0.1
            for r in range(ROWS):
                if colours[r] == colour and not board.row_full(r):
                    value += 2.0
            if colour not in colours and None in colours:
                value += 1.0
            return value

        return [worth(a.colour) if isinstance(a, ChoosePatch) else -1.0 for a in legal]

    # phase 2
    def _holder_value(self, view: QuiltState, seat: int, pencils: str) -> float:
        return pencils_value(view.boards[seat], pencils, view.patches[seat])

    def _pencil_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        # Drawing is worth what a holder must reach before it is taken; a full holder is taken.
        enough = GOOD_HOLDER if view.placed == 0 else GOOD_HOLDER * 0.6
        values = []
        for a in legal:
            if isinstance(a, TakeHolder):
                pencils = view.holders[a.holder]
                full = len(pencils) >= HOLDER_CAPACITY
                values.append(self._holder_value(view, seat, pencils) + (enough if full else 0.0))
            else:
                values.append(enough)
        return values

    def _place_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        drawn = view.drawn or ""
        # Build the holder we will take; a useless pencil goes where it helps us least to lose.
        gains = []
        for a in legal:
            assert isinstance(a, PlacePencil)
            pencils = view.holders[a.holder]
            gains.append(self._holder_value(view, seat, pencils + drawn) - self._holder_value(view, seat, pencils))
        if max(gains) > 0.5:
            return [g + 0.01 * len(view.holders[a.holder]) for g, a in zip(gains, legal, strict=True)]  # type: ignore[attr-defined]
        return [-float(len(view.holders[a.holder])) for a in legal]  # type: ignore[attr-defined]

    # phase 3 bonuses
    def _stitch_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        board = view.boards[seat]

        def worth(a: Action) -> float:
            if not isinstance(a, Stitch):
                return 0.0
            index = a.embroidery
            left = EMBROIDERIES[index].parts - len(board.embroideries[index])
            effect = EMBROIDERY_WORTH[index] if index < 2 else float(len(board.fresh)) + 0.5
            return 0.1 + effect / left

        return [worth(a) for a in legal]

    def _exchange_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        board = view.boards[seat]
        patch = view.patches[seat]
        useless = sorted(c for c in view.hand(seat) if best_single_use(board, c, patch)[0] <= 1.0)[:2]
        return [1.0 if isinstance(a, Exchange) and sorted(a.colours) == useless else 0.0 for a in legal]

    def _fetch_values(self, view: QuiltState, seat: int, legal: list[Action]) -> list[float]:
        board = view.boards[seat]
        patch = view.patches[seat]
        bag = view.bag_size()

        def worth(a: Action) -> float:
            if isinstance(a, TakeNeutral):
                return best_single_use(board, a.colour, patch)[0]
            if isinstance(a, DrawBonus):
                return sum(view.bag[c] * best_single_use(board, c, patch)[0] for c in LETTERS) / max(bag, 1)
            return 0.0

        return [worth(a) for a in legal]


# ---- the hard bot ------------------------------------------------------------------
HARD_ROLLOUT = 24  # about one seat's colouring turn with its bonuses, or a phase 2 round, per rollout
UNUSED_PENCIL = 2.5  # an unused pencil on one's holder in phase 3 is worth about this much still


def estimated_scores(state: QuiltState) -> list[float]:
    """Each seat's score column now, plus a little for pencils it holds and has not used yet."""
    out = []
    for seat in range(state.players):
        total = float(state.total_score(seat))
        if state.phase == "colouring" and not state.done[seat]:
            total += UNUSED_PENCIL * len(state.hand(seat))
        out.append(total)
    return out


def easy_values(state: QuiltState, seat: int, legal: list[Action]) -> list[float]:
    """The easy bot's values: the search's prior."""
    return EasyBot().values(state, seat, legal)


def hard_bot() -> SearchBot[QuiltState]:
    """Level ``hard``: ISMCTS (core ``SearchBot``) from the easy bot's opinion; rollouts by
    the easy bot, cut after ``HARD_ROLLOUT`` decisions and judged by ``estimated_scores``."""
    return SearchBot(EasyBot(), rollout_limit=HARD_ROLLOUT, evaluate=estimated_scores, prior=easy_values)
