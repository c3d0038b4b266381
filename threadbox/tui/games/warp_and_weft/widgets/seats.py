"""Another seat at the table: its loom drawn small, its public strings, its state.

The small loom has one cell per crossing, showing the string on top there.
"""

from __future__ import annotations

from rich.text import Text

from threadbox.rules.warp_and_weft.data import SLOTS_PER_AXIS
from threadbox.rules.warp_and_weft.loom import Loom

from ..models import SeatModel
from .loom import HOLE, HORIZONTAL, UNDECIDED, VERTICAL, crossing_kind
from .strings import Palette, StringPainter

MINI_WIDTH = 2 * SLOTS_PER_AXIS + 3
MINI_HEIGHT = SLOTS_PER_AXIS + 1


def mini_loom_lines(loom: Loom, palette: Palette = Palette()) -> list[Text]:
    """A loom in ``MINI_WIDTH`` x ``MINI_HEIGHT`` cells: one cell per crossing
    showing the string on top, the vertical slots' letters above, the
    horizontal slots' letters on the left."""
    top = Text("  ")
    for column in range(SLOTS_PER_AXIS):
        v = loom.string_at("vertical", column)
        top.append(v or HOLE, palette.of(v) if v else palette.guide)
        top.append(" ")
    lines = [top]
    for row in range(SLOTS_PER_AXIS):
        h = loom.string_at("horizontal", row)
        h_style = palette.of(h)
        line = Text(h or HOLE, h_style if h else palette.guide)
        between = HORIZONTAL if h else " "
        line.append(between, h_style)
        for column in range(SLOTS_PER_AXIS):
            v = loom.string_at("vertical", column)
            kind = crossing_kind(loom, row, column)
            if kind in ("|", "v"):
                line.append(VERTICAL, palette.of(v))
            elif kind in ("-", "h"):
                line.append(HORIZONTAL, h_style)
            elif kind == "?":
                line.append(UNDECIDED, palette.muted)
            else:
                line.append(HOLE, palette.guide)
            line.append(between, h_style)
        lines.append(line)
    return lines


def _strings(label: str, letters: tuple[str, ...], palette: Palette) -> Text:
    line = Text(label, style=palette.muted)
    for letter in letters:
        line.append(letter, palette.of(letter))
    return line


def seat_lines(model: SeatModel, palette: Palette = Palette()) -> list[Text]:
    title = Text(f"{model.name} ({model.tag})", style="bold")
    title.append(f" {model.total} VP", style=palette.label)
    lines = [title, Text(model.doing, style=palette.muted), *mini_loom_lines(model.loom, palette)]
    strings = Text()
    if model.hand:
        strings.append_text(_strings("hand ", model.hand, palette))
    if model.picks:
        strings.append(" " if model.hand else "")
        strings.append_text(_strings("picked ", model.picks, palette))
    lines.append(strings)
    return lines


SEAT_HEIGHT = MINI_HEIGHT + 3  # name, what it is doing, the loom, its strings


class SeatLoom(StringPainter):
    """One seat's loom, small, with its name, score and strings."""

    DEFAULT_CSS = f"""
    SeatLoom {{
        width: {MINI_WIDTH + 2};
        height: {SEAT_HEIGHT};
    }}
    """

    def __init__(self, seat: int, model: SeatModel, *, id: str | None = None):
        super().__init__(id=id)
        self.seat = seat
        self.model = model

    def show(self, model: SeatModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh()

    def render(self) -> Text:
        lines = seat_lines(self.model, self.palette())
        for line in lines:
            line.truncate(self.content_size.width or MINI_WIDTH + 2, overflow="ellipsis")
        return Text("\n").join(lines)
