"""The loom board, drawn big: the seat's own, where it weaves.

The big drawing reads like the board: vertical slots are columns numbered
1-8 across the top, horizontal slots are rows numbered down the left, and
every string carries its colour letter at both ends. At a crossing the string
on top runs straight through; the one underneath stops short on both sides
(``━ ┃ ━`` is the vertical on top; ``╹`` ``━`` ``╻`` the horizontal).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message

from threadbox.rules.warp_and_weft.data import SLOTS_PER_AXIS
from threadbox.rules.warp_and_weft.loom import Axis, Loom

from ..models import LoomModel
from .strings import Palette, StringPainter

VERTICAL, HORIZONTAL = "┃", "━"
UNDECIDED = "╋"  # two strings meet, over or under not chosen yet
HOLE = "·"
NEXT = "?"
# A vertical string beside a crossing where it passes under: it stops short.
# Keyed by (under the string just above, under the string just below).
GAP = {(False, False): "┃", (True, False): "╻", (False, True): "╹", (True, True): "╏"}
LEFT = 3  # first cell of a horizontal string, after its number and letter ("8 P")


@dataclass(frozen=True)
class Geometry:
    """Where slots sit on the big board: columns ``column_step`` cells apart,
    rows ``row_step`` lines apart; the slot numbers and top letters take two
    lines, the left number and letter three cells."""

    column_step: int
    row_step: int

    @property
    def lead_x(self) -> int:
        return self.column_step // 2

    @property
    def lead_y(self) -> int:
        return self.row_step - 2

    def column_x(self, column: int) -> int:
        return LEFT + self.lead_x + self.column_step * column

    def row_y(self, row: int) -> int:
        return 2 + self.lead_y + self.row_step * row

    @property
    def right(self) -> int:
        """Last cell of a horizontal string; its letter is next."""
        return self.column_x(SLOTS_PER_AXIS - 1) + self.lead_x

    @property
    def width(self) -> int:
        return self.right + 2

    @property
    def height(self) -> int:
        return self.row_y(SLOTS_PER_AXIS - 1) + self.lead_y + 2


SNUG = Geometry(column_step=4, row_step=2)  # 37 x 18: fits 80x24 with the hand beside it
ROOMY = Geometry(column_step=6, row_step=3)  # 53 x 27: for tall, wide terminals


def crossing_kind(loom: Loom, row: int, column: int) -> str:
    """'|' vertical on top, '-' horizontal on top, '?' both woven but not decided,
    'v' / 'h' only that string, '' neither."""
    has_v = loom.string_at("vertical", column) is not None
    has_h = loom.string_at("horizontal", row) is not None
    if has_v and has_h:
        return {"|": "|", "-": "-"}.get(loom.crossings[row][column], "?")
    return "v" if has_v else "h" if has_h else ""


def _is_next(model: LoomModel, row: int, column: int) -> bool:
    if model.focus is None or model.next_across is None:
        return False
    axis, slot = model.focus
    return (row, column) == ((model.next_across, slot) if axis == "vertical" else (slot, model.next_across))


def _in_focus(model: LoomModel, shape: Geometry, x: int, y: int) -> bool:
    if model.focus is None:
        return False
    axis, slot = model.focus
    if axis == "vertical":
        return x == shape.column_x(slot) and 1 <= y <= shape.height - 1
    return y == shape.row_y(slot) and LEFT - 1 <= x <= shape.right + 1


def _gap(loom: Loom, shape: Geometry, column: int, y: int) -> str:
    """A vertical string's cell on a line between rows (or before the first, after the last)."""
    under_above = under_below = False
    for row in range(SLOTS_PER_AXIS):
        if shape.row_y(row) == y - 1:
            under_above = crossing_kind(loom, row, column) == "-"
        if shape.row_y(row) == y + 1:
            under_below = crossing_kind(loom, row, column) == "-"
    return GAP[(under_above, under_below)]


def loom_lines(model: LoomModel, palette: Palette = Palette(), shape: Geometry = SNUG) -> list[Text]:
    """The big board, one ``Text`` per line, ``shape.width`` cells each."""
    loom = model.loom
    grid = [[(" ", Style())] * shape.width for _ in range(shape.height)]

    def put(x: int, y: int, char: str, style: Style) -> None:
        grid[y][x] = (char, style)

    def label(axis: Axis, slot: int) -> Style:
        return palette.label + Style(reverse=True) if model.focus == (axis, slot) else palette.label

    for i in range(SLOTS_PER_AXIS):
        x, y = shape.column_x(i), shape.row_y(i)
        put(x, 0, str(i + 1), label("vertical", i))
        put(0, y, str(i + 1), label("horizontal", i))
        sides: tuple[tuple[int, int, Axis], ...] = (
            (x, 1, "vertical"),
            (x, shape.height - 1, "vertical"),
            (LEFT - 1, y, "horizontal"),
            (shape.right + 1, y, "horizontal"),
        )
        for letter_x, letter_y, axis in sides:
            letter = loom.string_at(axis, i)
            put(letter_x, letter_y, letter or HOLE, palette.of(letter) if letter else palette.guide)

    for column in range(SLOTS_PER_AXIS):
        v = loom.string_at("vertical", column)
        if v is not None:
            for y in range(2, shape.height - 1):
                put(shape.column_x(column), y, _gap(loom, shape, column, y), palette.of(v))

    for row in range(SLOTS_PER_AXIS):
        h = loom.string_at("horizontal", row)
        y = shape.row_y(row)
        if h is not None:
            for x in range(LEFT, shape.right + 1):
                put(x, y, HORIZONTAL, palette.of(h))
        for column in range(SLOTS_PER_AXIS):
            x = shape.column_x(column)
            v = loom.string_at("vertical", column)
            kind = crossing_kind(loom, row, column)
            if kind == "|":
                put(x, y, VERTICAL, palette.of(v))
                put(x - 1, y, " ", Style())  # the horizontal goes under: a gap on each side
                put(x + 1, y, " ", Style())
            elif kind in ("-", "h"):
                put(x, y, HORIZONTAL, palette.of(h))
            elif kind == "v":
                put(x, y, VERTICAL, palette.of(v))
            elif kind == "?":
                put(x, y, UNDECIDED, palette.muted)
            else:
                put(x, y, HOLE, palette.guide)
            if _is_next(model, row, column):
                put(x, y, NEXT, palette.next)

    if model.focus is not None:
        for y, cells in enumerate(grid):
            for x, (char, style) in enumerate(cells):
                if _in_focus(model, shape, x, y):
                    cells[x] = (char, style + palette.focus)
    return [_joined(cells) for cells in grid]


def _joined(cells: list[tuple[str, Style]]) -> Text:
    """One line of cells, neighbours of one style in one span (fewer spans: faster to draw)."""
    line = Text()
    run, run_style = "", None
    for char, style in cells:
        if style != run_style and run:
            line.append(run, run_style)
            run = ""
        run += char
        run_style = style
    if run:
        line.append(run, run_style)
    return line


def slot_at(x: int, y: int, prefer: Axis = "vertical", shape: Geometry = SNUG) -> tuple[Axis, int] | None:
    """The slot whose string (or hole) is nearest to cell (x, y) of the big board.

    The number and letter lines above and below belong to the vertical slots,
    the cells left and right of the strings to the horizontal ones; on a
    crossing ``prefer`` decides.
    """
    if not (0 <= x < shape.width and 0 <= y < shape.height):
        return None
    first_x, first_y = shape.column_x(0), shape.row_y(0)
    column = min(max(round((x - first_x) / shape.column_step), 0), SLOTS_PER_AXIS - 1)
    row = min(max(round((y - first_y) / shape.row_step), 0), SLOTS_PER_AXIS - 1)
    if y < first_y - shape.lead_y or y > shape.row_y(SLOTS_PER_AXIS - 1) + shape.lead_y:
        return "vertical", column
    if x < LEFT or x > shape.right:
        return "horizontal", row
    off_column = abs(x - shape.column_x(column))
    off_row = abs(y - shape.row_y(row))
    if off_column == 0 and off_row == 0:
        return prefer, column if prefer == "vertical" else row
    return ("vertical", column) if off_row and off_column <= 1 else ("horizontal", row)


class LoomBoard(StringPainter, can_focus=True):
    """A seat's loom, drawn big; the weaving cursor moves on it.

    | Key | Does |
    | :- | :- |
    | left / right | the weaving cursor to the previous / next free vertical slot |
    | up / down | the weaving cursor to the previous / next free horizontal slot |
    | enter | weave the chosen string at the cursor |
    | click | put the cursor on that slot (click it again to weave there) |

    It only posts messages (``Nudge``, ``Weave``, ``SlotClicked``); the screen
    owns the cursor and decides what a key means now.
    """

    DEFAULT_CSS = f"""
    LoomBoard {{
        width: {SNUG.width};
        height: {SNUG.height};
        &:focus {{ background: $boost; }}
    }}
    """

    BINDINGS = [
        Binding("left", "nudge('vertical', -1)", "Slot left", show=False),
        Binding("right", "nudge('vertical', 1)", "Slot right", show=False),
        Binding("up", "nudge('horizontal', -1)", "Slot up", show=False),
        Binding("down", "nudge('horizontal', 1)", "Slot down", show=False),
        Binding("enter", "weave", "Weave here"),
    ]

    class Nudge(Message):
        """Move the weaving cursor ``step`` free slots along ``axis``."""

        def __init__(self, board: LoomBoard, axis: Axis, step: int):
            super().__init__()
            self.board, self.axis, self.step = board, axis, step

        @property
        def control(self) -> LoomBoard:
            return self.board

    class Weave(Message):
        """Weave the chosen string at the cursor."""

        def __init__(self, board: LoomBoard):
            super().__init__()
            self.board = board

        @property
        def control(self) -> LoomBoard:
            return self.board

    class SlotClicked(Message):
        """The player clicked on the string or hole of ``(axis, slot)``."""

        def __init__(self, board: LoomBoard, axis: Axis, slot: int):
            super().__init__()
            self.board, self.axis, self.slot = board, axis, slot

        @property
        def control(self) -> LoomBoard:
            return self.board

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.model = LoomModel(Loom())
        self.shape = SNUG
        self.can_weave = False  # set by the screen: Enter weaves now (else it is off the key bar)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "weave":
            return self.can_weave
        return True

    def show(self, model: LoomModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh()

    def set_shape(self, shape: Geometry) -> None:
        """Draw with ``shape``'s spacing (the widget takes its size)."""
        if shape != self.shape:
            self.shape = shape
            self.styles.width, self.styles.height = shape.width, shape.height
            self.refresh(layout=True)

    def render(self) -> Text:
        return Text("\n").join(loom_lines(self.model, self.palette(), self.shape))

    def action_nudge(self, axis: Axis, step: int) -> None:
        self.post_message(self.Nudge(self, axis, step))

    def action_weave(self) -> None:
        self.post_message(self.Weave(self))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        prefer = self.model.focus[0] if self.model.focus else "vertical"
        slot = slot_at(offset.x, offset.y, prefer, self.shape)
        if slot is not None:
            self.post_message(self.SlotClicked(self, *slot))
