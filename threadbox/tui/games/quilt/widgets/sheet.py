"""A player's quilt sheet: appliques, five rows of cells with the score column, spools,
embroideries and buttons, drawn as on paper from a ``SheetFace``.

Cells: ``·`` not coloured (``▸`` the next one in its row), ``◐`` picture coloured,
``●`` fully coloured (also filled with the colour). The row's letter says its colour.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from ..models import BONUS_WORDS, SheetFace
from .colours import Palette, QuiltPainter

LABEL = 4  # "1 R " before the first cell
CELL = 6  # mark, picture, points (2), bonus, gap
ROW_TOP = 2  # the first row's line (after the title and the appliques)
SHEET_WIDTH = LABEL + CELL * 6 + 6
MARKS = {"blank": "·", "picture": "◐", "full": "●"}


def sheet_lines(face: SheetFace, palette: Palette = Palette()) -> list[Text]:
    """The sheet, line by line (pure: tests read it as text)."""
    lines = []
    title = Text(face.name, style="bold")
    title.append(f" · {face.design}", palette.label)
    if face.patch:
        title.append(" · patch ")
        title.append(f"■ {face.patch}", palette.of(face.patch))
    lines.append(title)

    pennants = Text(" " * LABEL)
    by_column = {a.column: a for a in face.appliques}
    for c in range(6):
        a = by_column.get(c)
        if a is None:
            pennants.append(" " * CELL)
            continue
        if a.colour:
            piece = Text(f"▼+{a.points} {a.colour}", palette.of(a.colour))
        elif a.blocked:
            piece = Text(f"✗+{a.points}  ", palette.muted)
        else:
            piece = Text(f"▽+{a.points}  ", palette.label)
        if a.target:
            piece.stylize(palette.target)
        pennants.append_text(piece)
        pennants.append(" " * (CELL - piece.cell_len))
    pennants.append(" VP", palette.label)
    lines.append(pennants)

    for row in face.rows:
        line = Text(f"{row.number}", palette.label)
        line.append(f" {row.colour or '·'} ", palette.of(row.colour) if row.colour else palette.muted)
        for cell in row.cells:
            if cell.state == "full":
                style = palette.fill(row.colour)
            elif cell.state == "picture":
                style = palette.of(row.colour)
            else:
                style = palette.muted
            mark = "▸" if cell.next and cell.state == "blank" else MARKS[cell.state]
            piece = Text(mark, palette.next if mark == "▸" else style)
            piece.append(cell.glyph, style if cell.state != "blank" else palette.label)
            piece.append(f"{cell.points:>2}", style)
            bonus_style = palette.of(cell.bonus_colour) if cell.bonus_colour else style
            piece.append(cell.bonus or " ", bonus_style if cell.state != "full" else style)
            if cell.target:
                piece.stylize(palette.target)
            line.append_text(piece)
            line.append(" ")
        points = -row.points if row.against else row.points
        line.append("│", palette.muted)
        line.append(f"{points:>4}", palette.minus if row.against else "bold")
        lines.append(line)

    spools = Text("Spools ", palette.label)
    for spool in face.spools:
        if spool.state == "done":
            piece = Text(f"{spool.colour}{spool.points}", palette.of(spool.colour))
        elif spool.state == "open":
            piece = Text(f"○{spool.points}")
        else:
            piece = Text(f"×{spool.points}", palette.muted)
        if spool.target:
            piece.stylize(palette.target)
        spools.append_text(piece)
        spools.append(" ")
    lines.append(spools)

    stitches = Text("Stitch ", palette.label)
    for e in face.embroideries:
        piece = Text(f"{e.parts}:")
        for colour in e.colours:
            piece.append(colour, palette.of(colour))
        piece.append("·" * (e.parts - len(e.colours)), palette.muted)
        if len(e.colours) == e.parts:
            piece.append("✓")
        if e.target:
            piece.stylize(palette.target)
        stitches.append_text(piece)
        stitches.append("  ")
    lines.append(stitches)

    scores = dict(face.lines)
    tail = Text(f"Appl. {scores.get('Appliqués', 0)} · Spools {scores.get('Spools', 0)} · ", palette.label)
    tail.append(f"Btn {face.buttons}×{face.weakest}={scores.get('Buttons', 0)} · ", palette.label)
    tail.append(f"Total {face.total}", "bold")
    lines.append(tail)
    return lines


def legend() -> str:
    """What the marks and bonus glyphs mean, in one short paragraph."""
    return "Cells: · blank, ▸ next, ◐ picture, ● full. Bonuses: " + ", ".join(BONUS_WORDS.values()) + "."


class QuiltSheet(QuiltPainter):
    """One sheet. Clicks on a row, an applique, the spools or an embroidery post ``Picked``."""

    DEFAULT_CSS = """
    QuiltSheet { height: auto; width: auto; min-width: 46; padding: 0 1 0 0; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class Picked(Message):
        """A part of the sheet was clicked: ``part`` is row, applique, spool or stitch."""

        def __init__(self, sheet: QuiltSheet, part: str, index: int):
            super().__init__()
            self.sheet = sheet
            self.part = part
            self.index = index

        @property
        def control(self) -> QuiltSheet:
            return self.sheet

    def __init__(self, seat: int, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.seat = seat
        self.face = SheetFace()

    def show(self, face: SheetFace) -> None:
        if face != self.face:
            self.face = face
            self.refresh(layout=True)

    def render(self) -> Text:
        text = Text("\n").join(sheet_lines(self.face, self.palette()))
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(sheet_lines(self.face)) if self.face.rows else 1

    def get_content_width(self, container, viewport) -> int:
        return SHEET_WIDTH

    def on_click(self, event: events.Click) -> None:
        y, x = event.y, event.x
        rows = len(self.face.rows)
        if ROW_TOP <= y < ROW_TOP + rows:
            self.post_message(self.Picked(self, "row", y - ROW_TOP))
        elif y == ROW_TOP - 1:
            column = (x - LABEL) // CELL
            for i, a in enumerate(self.face.appliques):
                if a.column == column:
                    self.post_message(self.Picked(self, "applique", i))
        elif y == ROW_TOP + rows:
            self.post_message(self.Picked(self, "spool", 0))
        elif y == ROW_TOP + rows + 1:
            index = max(0, min(2, (x - 7) // 8))
            self.post_message(self.Picked(self, "stitch", index))
