"""The Thread Count sheet: points, objects, blocks, cups and the thread, in box-drawing characters.

Point (x, y) is drawn ``scale.cw`` columns and ``scale.rh`` lines from its
neighbours; the cells between two points carry the thread's line (light
``─│``) or the picked route's preview (heavy ``━┃``). Each point shows what
lies on it, or, on a plain point, the junction of the lines meeting there,
so crossings show as ``┼``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from threadbox.rules.thread_count.sheet import COLUMN_LETTERS, Point

from ..models import SheetModel
from . import glyphs as g
from .palette import Palette

Cell = tuple[str, str]  # text, component classes


@dataclass(frozen=True)
class Scale:
    cw: int  # columns from one point to the next
    rh: int  # lines from one point to the next
    labels: bool = True  # column letters and row numbers; without them a title line

    def size(self, columns: int, rows: int) -> Size:
        return Size(self.left + (columns - 1) * self.cw + 1, 2 + (rows - 1) * self.rh + 1)

    @property
    def left(self) -> int:
        return 2 if self.labels else 0


COMPACT, LARGE, HUGE = Scale(2, 2), Scale(4, 2), Scale(6, 3)
MINI = Scale(2, 1, labels=False)


class Sheet(Palette):
    """One seat's sheet, drawn from a ``SheetModel``; posts ``Sheet.Clicked``.

    It takes no keys itself: the screen's keys pick routes and move the
    cup cursor, and the screen pushes the result back in as a new model.
    """

    DEFAULT_CSS = """
    Sheet {
        width: auto;
        height: auto;
        background: $warning 7%;
        &.-side-b { background: $primary 12%; }
    }
    """

    scale: reactive[Scale] = reactive(COMPACT, layout=True)
    # Repainted by its watcher, line by line: a new route touches a few lines only.
    model: reactive[SheetModel | None] = reactive(None, repaint=False)

    class Clicked(Message):
        """The player clicked ``sheet``: on ``point``, or off the grid (None)."""

        def __init__(self, sheet: Sheet, point: Point | None):
            super().__init__()
            self.sheet = sheet
            self.point = point

        @property
        def control(self) -> Sheet:
            return self.sheet

    def __init__(
        self, *, scale: Scale = COMPACT, focusable: bool = True, id: str | None = None, classes: str | None = None
    ):
        super().__init__(id=id, classes=classes)
        self.can_focus = focusable
        self.set_reactive(Sheet.scale, scale)
        self._lines: list[list[Cell]] | None = None

    def show(self, model: SheetModel) -> None:
        if model != self.model:
            self.model = model

    def watch_model(self, old: SheetModel | None, model: SheetModel | None) -> None:
        before, self._lines = self._lines, None
        self.set_class(model is not None and model.layout.side == "B", "-side-b")
        if old is None or model is None or before is None or old.layout is not model.layout:
            self.refresh(layout=True)
            return
        self._lines = draw(model, self.scale)
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, (a, b) in enumerate(zip(before, self._lines)) if a != b]
        if changed:
            self.refresh(*changed)

    def watch_scale(self) -> None:
        self._lines = None
        self.refresh()

    def palette_changed(self) -> None:
        self.refresh()

    # ---- size and drawing ------------------------------------------------------
    def _sheet_size(self) -> Size:
        if self.model is None:
            return Size(0, 0)
        return self.scale.size(self.model.layout.columns, self.model.layout.rows)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._sheet_size().width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._sheet_size().height

    def render_line(self, y: int) -> Strip:
        width, style = self.size.width, self.own_style()
        if self.model is None:
            return Strip.blank(width, style)
        if self._lines is None:
            self._lines = draw(self.model, self.scale)
        if not 0 <= y < len(self._lines):
            return Strip.blank(width, style)
        ink = self.ink
        segments = [Segment(text, ink(classes)) for text, classes in self._lines[y]]
        return Strip(segments).adjust_cell_length(width, style)

    # ---- mouse -----------------------------------------------------------------
    def point_at(self, x: int, y: int) -> Point | None:
        """The point nearest to content cell (x, y), or None off the grid."""
        if self.model is None:
            return None
        scale, layout = self.scale, self.model.layout
        cx, cy = x - scale.left, y - 2
        if cx < 0 or cy < 0:
            return None
        point = (int(cx / scale.cw + 0.5), int(cy / scale.rh + 0.5))
        return point if layout.on_sheet(point) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        event.stop()
        self.post_message(self.Clicked(self, None if offset is None else self.point_at(offset.x, offset.y)))


def draw(model: SheetModel, scale: Scale) -> list[list[Cell]]:
    """Every line of the sheet as runs of (text, component classes)."""
    layout = model.layout
    cw, rh, left = scale.cw, scale.rh, scale.left
    grid: list[list[Cell]] = [[(" ", "")] * ((layout.columns - 1) * cw + 1) for _ in range((layout.rows - 1) * rh + 1)]
    thread = _segments(model.thread)
    preview = _segments((model.end, *model.preview)) if model.preview else {}
    _connectors(grid, model, scale, thread, preview)
    arms = _arms(model, thread, preview)
    for y in range(layout.rows):
        for x in range(layout.columns):
            arm_up, arm_right, arm_down, arm_left = arms.get((x, y), (0, 0, 0, 0))
            grid[y * rh][x * cw] = _point(model, (x, y), (arm_up, arm_right, arm_down, arm_left))

    lines: list[list[Cell]] = []
    if scale.labels:
        letters = [(" " * left, "")]
        for x in range(layout.columns):
            letters.append((COLUMN_LETTERS[x].ljust(cw if x < layout.columns - 1 else 1), "tc--label"))
        lines.append(letters)
    else:
        lines.append([(f"{model.name} · {model.score} pts"[: len(grid[0])], "tc--title")])
    lines.append([(" " * (left + layout.start[0] * cw), ""), (g.BALL, "tc--ball")])
    for row, cells in enumerate(grid):
        label = f"{row // rh + 1} " if scale.labels and row % rh == 0 else " " * left
        lines.append([(label, "tc--label"), *_merge(cells)])
    return lines


def _connectors(grid: list[list[Cell]], model: SheetModel, scale: Scale, thread, preview) -> None:
    """Fill the cells between neighbouring points: thread, preview, or a wall of blocks."""
    layout, cw, rh = model.layout, scale.cw, scale.rh
    blocks = layout.blocks
    for y in range(layout.rows):
        for x in range(layout.columns):
            p = (x, y)
            for q, horizontal in (((x + 1, y), True), ((x, y + 1), False)):
                if (p, q) in preview:
                    cell = ("━" if horizontal else "┃", "tc--preview")
                elif (p, q) in thread:
                    cell = ("─" if horizontal else "│", "tc--thread")
                elif p in blocks and q in blocks:
                    cell = (g.BLOCK, "tc--block")
                else:
                    continue
                if horizontal:
                    grid[y * rh][x * cw + 1 : (x + 1) * cw] = [cell] * (cw - 1)
                else:
                    for j in range(1, rh):
                        grid[y * rh + j][x * cw] = cell
            if {(x + 1, y), (x, y + 1), (x + 1, y + 1), p} <= blocks:  # a square of blocks is solid
                for j in range(1, rh):
                    grid[y * rh + j][x * cw + 1 : (x + 1) * cw] = [(g.BLOCK, "tc--block")] * (cw - 1)


def _arms(model: SheetModel, thread, preview) -> dict[Point, list[int]]:
    """The lines meeting at each point: light for the thread, heavy for the preview."""
    arms: dict[Point, list[int]] = {model.layout.start: [g.LIGHT, 0, 0, 0]}  # the start hangs from the ball
    for segments, weight in ((thread, g.LIGHT), (preview, g.HEAVY)):
        for a, b in segments:
            arms.setdefault(a, [0, 0, 0, 0])[_arm(a, b)] = weight
            arms.setdefault(b, [0, 0, 0, 0])[_arm(b, a)] = weight
    return arms


def _segments(points) -> dict[tuple[Point, Point], None]:
    """Unit segments as (lesser, greater) point pairs, in order."""
    return {(min(a, b), max(a, b)): None for a, b in zip(points, points[1:])}


def _arm(a: Point, b: Point) -> int:
    """Which arm of ``a`` points at its neighbour ``b``."""
    return {(0, -1): g.UP, (1, 0): g.RIGHT, (0, 1): g.DOWN, (-1, 0): g.LEFT}[(b[0] - a[0], b[1] - a[1])]


def _point(model: SheetModel, p: Point, arms: g.Arms) -> Cell:
    layout = model.layout
    on_preview = p in model.preview
    if p in layout.blocks:
        return g.BLOCK, "tc--block"
    if p == layout.paw:
        cell = (g.PAW, "tc--paw")
    elif p in layout.objects:
        kind = layout.objects[p]
        glyph = g.OBJECT_GLYPHS[kind]
        taken = p in model.reached
        cell = (glyph.lower() if taken else glyph, f"tc--{kind} tc--taken" if taken else f"tc--{kind}")
    elif p in model.knocked:
        cell = (g.KNOCKED, "tc--knocked")
    elif p in model.cups:
        cell = (g.CUP, "tc--cup")
    elif any(arms):
        cell = (g.junction(arms), "tc--preview" if g.HEAVY in arms else "tc--thread")
    elif p in model.targets:
        cell = (g.TARGET, "tc--target")
    elif model.shaded and p in layout.shaded:
        cell = (g.SHADED, "tc--shaded")
    else:
        cell = (g.DOT, "tc--dot")
    text, classes = cell
    if model.preview and p == model.preview[-1]:
        classes = f"tc--cursor {classes}"
    elif p == model.cursor:
        text, classes = g.CUP_HERE, "tc--cursor"
    elif p == model.end and model.mark_end:
        classes += " tc--end"
    elif p in model.targets and text != g.TARGET:
        classes = f"tc--target {classes}"
    if on_preview and (p in layout.objects or p in model.cups) and p not in model.reached:
        classes += " tc--end"  # what the route would reach, or knock over, stands out
    return text, classes


def _merge(cells: list[Cell]) -> list[Cell]:
    """Runs of equally styled cells joined, so a line is a few segments."""
    runs: list[Cell] = []
    for text, classes in cells:
        if runs and runs[-1][1] == classes:
            runs[-1] = (runs[-1][0] + text, classes)
        else:
            runs.append((text, classes))
    return runs
