"""The running scorepad: every loom's VP by category, as it stands now."""

from __future__ import annotations

from rich import box
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from threadbox.rules.warp_and_weft.scoring import CATEGORIES, PENALTY_ROW, ROUND_ROWS, SHARED_ROW, SQUARE_ROWS

from ..models import ROUND, SQUARE, ScoresModel

# Row names in scorepad order, roomy and tight; the rules' names are in the tooltip.
ROW_LABELS: dict[str, str] = {
    SHARED_ROW: "Shared",
    ROUND_ROWS[0]: f"{ROUND} round 1",
    ROUND_ROWS[1]: f"{ROUND} round 2",
    SQUARE_ROWS[0]: f"{SQUARE} square 1",
    SQUARE_ROWS[1]: f"{SQUARE} square 2",
    PENALTY_ROW: "Penalty",
}
TIGHT_LABELS: dict[str, str] = {
    **ROW_LABELS,
    ROUND_ROWS[0]: f"{ROUND} 1",
    ROUND_ROWS[1]: f"{ROUND} 2",
    SQUARE_ROWS[0]: f"{SQUARE} 1",
    SQUARE_ROWS[1]: f"{SQUARE} 2",
}
# (row names, letters of each player's name, padding between columns), roomiest first.
FITS = ((ROW_LABELS, 6, 1), (ROW_LABELS, 4, 1), (TIGHT_LABELS, 4, 0), (TIGHT_LABELS, 3, 0), (TIGHT_LABELS, 1, 0))


def score_table(
    sheets: ScoresModel, labels: dict[str, str] = ROW_LABELS, name_width: int = 6, padding: int = 1
) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=(0, padding), pad_edge=False, show_edge=False)
    table.add_column("VP now", no_wrap=True)
    for seat, name in enumerate(sheets.names):
        style = "bold" if seat == sheets.me else ""
        table.add_column(Text(name[:name_width], style=style), justify="right", no_wrap=True, min_width=3)
    by_seat = [dict(sheet) for sheet in sheets.sheets]
    for row in CATEGORIES:
        table.add_row(labels[row], *(str(points.get(row, 0)) for points in by_seat))
    table.add_row(Text("Total", style="bold"), *(Text(str(sum(points.values())), style="bold") for points in by_seat))
    return table


class ScorePad(Widget):
    """Scores so far, by scorepad row (Shared Objective, two round buttons,
    two square buttons, penalty) and the total; the seat's own buttons count
    as soon as they are placed, others' once revealed. Names and row names
    shorten to fit the width."""

    DEFAULT_CSS = """
    ScorePad { width: 1fr; height: 9; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.sheets = ScoresModel()
        self.tooltip = "Rows as on the scorepad: " + ", ".join(CATEGORIES) + ", then the total."

    def show(self, sheets: ScoresModel) -> None:
        if sheets != self.sheets:
            self.sheets = sheets
            self.refresh()

    def render(self) -> Table:
        console, width = self.app.console, self.content_size.width
        for fit in FITS:
            table = score_table(self.sheets, *fit)
            if Measurement.get(console, console.options, table).maximum <= width:
                return table
        return table
