"""One player's quilt sheet: what is coloured on it, as a small immutable value.

A row is a string with one letter per coloured cell, left to right: the
pencil's colour, upper case when the cell is fully coloured (picture and
background), lower case when only the picture is. Appliques and spools are
strings too ('.' for an uncoloured applique). Every change returns a new
``Board``, so copies of a game share boards freely.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..core import Public
from .data import APPLIQUES, BUTTON_CELLS, COLUMNS, EMBROIDERIES, OPEN_SPOOLS_AT_START, ROWS, SPOOLS, colour_label

EMPTY = "."


class Board(BaseModel):
    model_config = ConfigDict(frozen=True)

    design: Public[str]
    rows: Public[tuple[str, ...]] = ("",) * ROWS
    appliques: Public[str] = EMPTY * len(APPLIQUES)
    spools: Public[str] = ""  # thread colours of the coloured spools, left to right
    open_spools: Public[int] = OPEN_SPOOLS_AT_START
    embroideries: Public[tuple[str, ...]] = ("",) * len(EMBROIDERIES)  # colours of the parts coloured
    fresh: Public[tuple[tuple[int, int], ...]] = ()  # picture-only cells coloured this round

    # ---- reading -----------------------------------------------------------
    def row_colour(self, row: int) -> str | None:
        """The colour fixed by the first pencil used in the row (RULINGS.md)."""
        cells = self.rows[row]
        return cells[0].upper() if cells else None

    def row_full(self, row: int) -> bool:
        return len(self.rows[row]) == COLUMNS

    def full_rows(self) -> int:
        return sum(len(cells) == COLUMNS for cells in self.rows)

    def is_coloured(self, row: int, column: int) -> bool:
        return column < len(self.rows[row])

    def is_full_cell(self, row: int, column: int) -> bool:
        return column < len(self.rows[row]) and self.rows[row][column].isupper()

    def column_touched(self, column: int) -> bool:
        return any(len(cells) > column for cells in self.rows)

    def column_complete(self, column: int) -> bool:
        return all(len(cells) > column for cells in self.rows)

    def spools_done(self) -> bool:
        return len(self.spools) == SPOOLS

    def embroidery_done(self, index: int) -> bool:
        return len(self.embroideries[index]) == EMBROIDERIES[index].parts

    def buttons(self) -> int:
        return sum(1 for r, c in BUTTON_CELLS if c < len(self.rows[r]))

    # ---- the colouring rules ----------------------------------------------------
    def why_not_cell(self, colour: str, row: int) -> str | None:
        """Why a ``colour`` pencil may not colour the next cell of ``row``, or None."""
        if not 0 <= row < ROWS:
            return f"the quilt has rows 1 to {ROWS} only"
        if self.row_full(row):
            return f"row {row + 1} is fully coloured"
        fixed = self.row_colour(row)
        if fixed is not None and fixed != colour:
            return f"row {row + 1} is {colour_label(fixed)}; each row keeps one colour"
        if fixed is None:
            for other in range(ROWS):
                if other != row and self.row_colour(other) == colour:
                    return f"row {other + 1} is already {colour_label(colour)}; no two rows share a colour"
        return None

    def why_not_applique(self, index: int) -> str | None:
        if not 0 <= index < len(APPLIQUES):
            return "there are three appliques only"
        applique = APPLIQUES[index]
        if self.appliques[index] != EMPTY:
            return f"the +{applique.points} applique is already coloured"
        if self.column_touched(applique.column):
            return f"the +{applique.points} applique's column {applique.column + 1} already has a coloured cell"
        return None

    def free_appliques(self) -> list[int]:
        """The appliques ``why_not_applique`` allows now, in order (asked at every colouring decision)."""
        longest = max(map(len, self.rows))  # a column is touched once some row reaches past it
        return [i for i, a in enumerate(APPLIQUES) if self.appliques[i] == EMPTY and a.column >= longest]

    def why_not_spool(self) -> str | None:
        if self.spools_done():
            return "every spool's threads are coloured"
        if len(self.spools) >= self.open_spools:
            return f"spool {len(self.spools) + 1} is not available yet; a spool bonus opens it"
        return None

    # ---- changes (each returns a new board) ---------------------------------------
    def with_cell(self, row: int, colour: str, full: bool) -> Board:
        column = len(self.rows[row])
        rows = list(self.rows)
        rows[row] += colour.upper() if full else colour.lower()
        fresh = self.fresh if full else (*self.fresh, (row, column))
        return self.model_copy(update={"rows": tuple(rows), "fresh": fresh})

    def with_applique(self, index: int, colour: str) -> Board:
        appliques = self.appliques[:index] + colour + self.appliques[index + 1 :]
        return self.model_copy(update={"appliques": appliques})

    def with_spool(self, colour: str) -> Board:
        return self.model_copy(update={"spools": self.spools + colour})

    def with_spool_opened(self) -> Board:
        return self.model_copy(update={"open_spools": min(SPOOLS, self.open_spools + 1)})

    def with_stitch(self, index: int, colour: str) -> Board:
        parts = list(self.embroideries)
        parts[index] += colour
        return self.model_copy(update={"embroideries": tuple(parts)})

    def with_backgrounds(self) -> Board:
        """The 2-part embroidery: this round's picture-only cells become fully coloured."""
        rows = [list(cells) for cells in self.rows]
        for r, c in self.fresh:
            rows[r][c] = rows[r][c].upper()
        return self.model_copy(update={"rows": tuple("".join(cells) for cells in rows), "fresh": ()})

    def new_round(self) -> Board:
        return self.model_copy(update={"fresh": ()}) if self.fresh else self
