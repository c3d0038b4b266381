"""A player's quilt sheet: appliques, five rows of cells with the score column, spools,
embroideries and buttons, drawn as on paper from a ``SheetFace``.

Cells: ``·`` not coloured (``▸`` the next one in its row), ``◐`` picture coloured,
``●`` fully coloured (also filled with the colour). The row's letter says its colour.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.quilt.data import APPLIQUES

from ..cursor import Spot
from ..models import BONUS_WORDS, SheetFace, unmarked
from .colours import Palette, QuiltPainter

LABEL = 4  # "1 R " before the first cell
CELL = 6  # mark, picture, points (2), bonus, gap
ROW_TOP = 2  # the first row's line (after the title and the appliques)
SHEET_WIDTH = LABEL + CELL * 6 + 6
HALF = 3  # a narrow sheet is drawn in two halves: cells 1-3, then cells 4-6 with the score column
NARROW_WIDTH = LABEL + CELL * HALF + 6  # what a sheet in halves needs
MARKS = {"blank": "·", "picture": "◐", "full": "●"}


def sheet_lines(face: SheetFace, palette: Palette = Palette(), width: int = 0) -> list[Text]:
    """The sheet, line by line (pure: tests read it as text); in halves if ``width`` is too narrow."""
    return [line for line, _ in sheet_parts(face, palette, width)]


def sheet_parts(face: SheetFace, palette: Palette = Palette(), width: int = 0) -> list[tuple[Text, tuple]]:
    """Each line of the sheet with what a click on it means: ("row", i), ("applique", first column), ..."""
    if width and width < SHEET_WIDTH:
        halves = [range(0, HALF), range(HALF, 6)]
    else:
        halves = [range(0, 6)]
    lines: list[tuple[Text, tuple]] = []
    title = Text(face.name, style="bold")
    title.append(f" · {face.design}", palette.label)
    if face.patch:
        title.append(" · patch ")
        title.append(f"■ {face.patch}", palette.of(face.patch))
    lines += [(part, ("title",)) for part in fitted(title, width)]
    for columns in halves:
        lines += half_lines(face, palette, columns)
    spools, span = spools_line(face, palette)
    lines += [(part, ("spool",)) for part in fitted_marked(spools, span, width, palette)]
    stitches, span = stitches_line(face, palette)
    lines += [(part, ("stitch",)) for part in fitted_marked(stitches, span, width, palette)]
    lines += [(part, ("score",)) for part in fitted(score_line(face, palette), width)]
    return lines


def fitted(line: Text, width: int) -> list[Text]:
    """``line`` as it is, or broken at its " · " and spaces into lines of ``width`` (nothing cut off)."""
    return [part for part, _ in fitted_parts(line, width)]


def fitted_parts(line: Text, width: int) -> list[tuple[Text, int]]:
    """``fitted``, with where each part starts in ``line``."""
    if not width or line.cell_len <= width:
        return [(line, 0)]
    out: list[tuple[Text, int]] = []
    start = 0
    plain = line.plain
    while len(plain) - start > width:
        cut = plain.rfind(" ", start, start + width + 1)
        if cut <= start:
            cut = start + width
        part = line[start:cut]
        part.rstrip()
        out.append((part, start))
        start = cut + 1 if plain[cut : cut + 1] == " " else cut
        if plain.startswith("· ", start):
            start += 2
    out.append((line[start:], start))
    return out


Span = tuple[int, int]  # where the cursor's thing is on a line: [start, end)


def bracket(line: Text, span: Span | None, palette: Palette, arrow: bool = False) -> Text:
    """``line`` with the cursor's thing in ``span`` marked: its style, and ``[`` ``]`` in the
    spaces around it (``arrow``: a ``▶`` before it), so it shows without colour too."""
    if span is None:
        return line
    start, end = span
    if start >= line.cell_len or end <= 0:
        return line
    start, end = max(0, start), min(end, line.cell_len)
    line = line.copy()
    line.stylize(palette.target, start, end)
    plain = line.plain
    marks = [(start - 1, "▶" if arrow else "[")] + ([] if arrow else [(end, "]")])
    for at, mark in marks:
        if 0 <= at < len(plain) and plain[at] == " ":
            line = line[:at] + Text(mark, palette.next + Style(bold=True)) + line[at + 1 :]
        elif at == len(plain) and mark == "]":
            line.append(mark, palette.next + Style(bold=True))
    return line


def fitted_marked(line: Text, span: Span | None, width: int, palette: Palette) -> list[Text]:
    """``line`` fitted to ``width``, the cursor's span marked in the part that holds it."""
    out = []
    for part, offset in fitted_parts(line, width):
        inside = span is not None and offset <= span[0] < offset + part.cell_len
        out.append(bracket(part, (span[0] - offset, span[1] - offset), palette) if inside and span else part)
    return out


def half_lines(face: SheetFace, palette: Palette, columns: range) -> list[tuple[Text, tuple]]:
    """The appliques over ``columns`` and the rows' cells in them (the score column after the last)."""
    lines: list[tuple[Text, tuple]] = []
    last = columns.stop == 6
    pennants = Text(" " * LABEL)
    marked: Span | None = None
    by_column = {a.column: a for a in face.appliques}
    for c in columns:
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
            marked = (pennants.cell_len, pennants.cell_len + len(piece.plain.rstrip()))
        pennants.append_text(piece)
        pennants.append(" " * (CELL - piece.cell_len))
    if last:
        pennants.append(" VP", palette.label)
    lines.append((bracket(pennants, marked, palette), ("applique", columns.start)))

    for index, row in enumerate(face.rows):
        line = Text(f"{row.number}", palette.label)
        line.append(f" {row.colour or '·'} ", palette.of(row.colour) if row.colour else palette.muted)
        marked = None
        for cell in row.cells[columns.start : columns.stop]:
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
                marked = (line.cell_len, line.cell_len + piece.cell_len)
            line.append_text(piece)
            line.append(" ")
        if last:
            points = -row.points if row.against else row.points
            line.append("│", palette.muted)
            line.append(f"{points:>4}", palette.minus if row.against else "bold")
        lines.append((bracket(line, marked, palette), ("row", index)))
    return lines


def spools_line(face: SheetFace, palette: Palette) -> tuple[Text, Span | None]:
    spools = Text("Spools ", palette.label)
    marked = None
    for spool in face.spools:
        if spool.state == "done":
            piece = Text(f"{spool.colour}{spool.points}", palette.of(spool.colour))
        elif spool.state == "open":
            piece = Text(f"○{spool.points}")
        else:
            piece = Text(f"×{spool.points}", palette.muted)
        if spool.target:
            marked = (spools.cell_len, spools.cell_len + piece.cell_len)
        spools.append_text(piece)
        spools.append(" ")
    return spools, marked


def stitches_line(face: SheetFace, palette: Palette) -> tuple[Text, Span | None]:
    stitches = Text("Stitch ", palette.label)
    marked = None
    for e in face.embroideries:
        piece = Text(f"{e.parts}:")
        for colour in e.colours:
            piece.append(colour, palette.of(colour))
        piece.append("·" * (e.parts - len(e.colours)), palette.muted)
        if len(e.colours) == e.parts:
            piece.append("✓")
        if e.target:
            marked = (stitches.cell_len, stitches.cell_len + piece.cell_len)
        stitches.append_text(piece)
        stitches.append("  ")
    return stitches, marked


def score_line(face: SheetFace, palette: Palette) -> Text:
    scores = dict(face.lines)
    tail = Text(f"Appl. {scores.get('Appliqués', 0)} · Spools {scores.get('Spools', 0)} · ", palette.label)
    tail.append(f"Btn {face.buttons}×{face.weakest}={scores.get('Buttons', 0)} · ", palette.label)
    tail.append(f"Total {face.total}", "bold")
    return tail


def legend() -> str:
    """What the marks and bonus glyphs mean, in one short paragraph."""
    return (
        "Cells: · blank, ▸ next, ◐ picture, ● full; [ ] the cursor. Bonuses: " + ", ".join(BONUS_WORDS.values()) + "."
    )


class QuiltSheet(QuiltPainter):
    """One sheet. Clicks on a row, an applique, the spools or an embroidery post ``Picked``."""

    DEFAULT_CSS = """
    QuiltSheet { height: auto; width: auto; padding: 0 1 0 0; text-wrap: nowrap; text-overflow: ellipsis; }
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
            # The cursor moving only restyles: no new layout (a layout of the screen is most of a frame).
            layout = unmarked(face) != unmarked(self.face)
            self.face = face
            self.refresh(layout=layout)

    def render(self) -> Text:
        parts = sheet_parts(self.face, self.palette(), self.content_size.width)
        text = Text("\n").join(line for line, _ in parts)
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(sheet_parts(self.face, width=width)) if self.face.rows else 1

    def get_content_width(self, container, viewport) -> int:
        # The whole sheet where it fits, else the sheet in halves (never cut off).
        if 0 < container.width < SHEET_WIDTH:  # (0: a column as wide as its sheets)
            return min(container.width - 1, NARROW_WIDTH)
        return SHEET_WIDTH

    def line_of(self, spot: Spot) -> int | None:
        """The line ``spot`` (a row, an applique, the spool, an embroidery) is drawn on."""
        width = self.content_size.width
        span = 6 if not width or width >= SHEET_WIDTH else HALF  # columns per applique line
        for y, (_, part) in enumerate(sheet_parts(self.face, width=width)):
            if part[0] != spot.kind:
                continue
            if spot.kind == "row" and part[1] != spot.key:
                continue
            if spot.kind == "applique" and not part[1] <= APPLIQUES[int(spot.key)].column < part[1] + span:
                continue
            return y
        return None

    def on_click(self, event: events.Click) -> None:
        parts = sheet_parts(self.face, width=self.content_size.width)
        if not 0 <= event.y < len(parts):
            return
        part = parts[event.y][1]
        if part[0] == "row":
            self.post_message(self.Picked(self, "row", part[1]))
        elif part[0] == "applique":
            column = part[1] + (event.x - LABEL) // CELL
            for i, a in enumerate(self.face.appliques):
                if a.column == column:
                    self.post_message(self.Picked(self, "applique", i))
        elif part[0] == "spool":
            self.post_message(self.Picked(self, "spool", 0))
        elif part[0] == "stitch":
            index = max(0, min(2, (event.x - 7) // 8))
            self.post_message(self.Picked(self, "stitch", index))
