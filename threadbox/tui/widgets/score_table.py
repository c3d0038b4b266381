"""Final scores: one column per seat, one row per scoring category."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from threadbox.rules.core import Outcome


def score_rows(outcome: Outcome) -> tuple[list[int], list[tuple[str, list[int | None]]]]:
    """The seats in seat order and ``(category, points per seat)`` rows, then Total.

    Categories keep scorepad order; one a seat lacks shows as blank (None).
    """
    scores = sorted(outcome.scores, key=lambda s: s.seat)
    names: list[str] = []
    for score in scores:
        for name, _ in score.categories:
            if name not in names:
                names.append(name)
    rows = []
    for name in names:
        rows.append((name, [dict(s.categories).get(name) for s in scores]))
    rows.append(("Total", [s.total for s in scores]))
    if outcome.tiebreak_used:
        rows.append((f"Tie-break: {outcome.tiebreak_used}", [s.tiebreak for s in scores]))
    return [s.seat for s in scores], rows


class ScoreTable(DataTable):
    """A read-only score sheet built from an ``Outcome``; winners are starred.

    No cursor: the arrow keys scroll when the sheet is larger than the screen.
    """

    DEFAULT_CSS = """
    ScoreTable {
        height: auto;
        max-height: 100%;
        width: auto;
        max-width: 100%;
    }
    """

    def __init__(self, outcome: Outcome, labels: list[str], *, id: str | None = None):
        super().__init__(id=id, cursor_type="none", zebra_stripes=True)
        self.outcome = outcome
        self.labels = labels

    def on_mount(self) -> None:
        seats, rows = score_rows(self.outcome)
        self.add_column("")
        for seat in seats:
            label = self.labels[seat] if seat < len(self.labels) else f"Seat {seat + 1}"
            won = seat in self.outcome.winners
            self.add_column(Text(f"★ {label}" if won else label, style="bold" if won else "", justify="right"))
        for name, points in rows:
            style = "bold" if name == "Total" else ""
            cells = [Text("" if p is None else str(p), style=style, justify="right") for p in points]
            self.add_row(Text(name, style=style), *cells)
