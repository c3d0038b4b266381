"""The pattern cards and the Shared Objective, each with a drawing of its pattern.

Drawings use the loom's own picture language: strings in colour with their
letter, the string on top running straight through a crossing.

- Adjacent: two parallel strings side by side (``┃ ┃`` over ``A B``).
- Interlaced: an A string crossing two neighbouring B strings, over or
  under each as the card says.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.warp_and_weft.data import (
    PATTERN_CARDS,
    SHARED_BY_ID,
    SHARED_OBJECTIVE_VP,
    AdjacentPattern,
    InterlacedPattern,
    Pattern,
)

from ..models import CardModel
from .loom import GAP, HORIZONTAL, VERTICAL
from .strings import Palette, StringPainter

INTERLACED_WIDTH = 10
ADJACENT_WIDTH = 3
B_COLUMNS = (3, 7)  # where the two B strings cross the A string


def _over_flags(pattern: InterlacedPattern) -> tuple[bool, bool]:
    # "alternate" scores in either order; the drawing shows over, then under.
    return {"over": (True, True), "under": (False, False), "alternate": (True, False)}[pattern.relation]


def adjacent_drawing(pattern: AdjacentPattern, palette: Palette = Palette()) -> list[Text]:
    """Two parallel strings, A and B, in neighbouring slots: 4 lines, 3 cells wide."""
    a, b = palette.of(pattern.a), palette.of(pattern.b)
    lines = []
    for _ in range(3):
        line = Text(VERTICAL, a)
        line.append(" ")
        line.append(VERTICAL, b)
        lines.append(line)
    letters = Text(pattern.a, a)
    letters.append(" ")
    letters.append(pattern.b, b)
    return [*lines, letters]


def interlaced_drawing(pattern: InterlacedPattern, palette: Palette = Palette()) -> list[Text]:
    """A horizontal A string crossing two vertical B strings: 4 lines, 10 cells wide.

    The B letters head the B strings; where A is over, A runs straight through
    and B stops short above and below; where A is under, A stops short left
    and right of B."""
    a, b = palette.of(pattern.a), palette.of(pattern.b)
    blank = (" ", Style())
    top, above, below = ([blank] * INTERLACED_WIDTH for _ in range(3))
    row = [(pattern.a, a)] + [(HORIZONTAL, a)] * (INTERLACED_WIDTH - 1)
    for x, a_over in zip(B_COLUMNS, _over_flags(pattern)):
        top[x] = (pattern.b, b)
        above[x] = (GAP[(False, a_over)], b)
        below[x] = (GAP[(a_over, False)], b)
        if a_over:
            row[x] = (HORIZONTAL, a)
        else:
            row[x - 1], row[x], row[x + 1] = blank, (VERTICAL, b), blank
    return [Text.assemble(*cells) for cells in (top, above, row, below)]


def pattern_drawing(pattern: Pattern, palette: Palette = Palette()) -> list[Text]:
    if isinstance(pattern, AdjacentPattern):
        return adjacent_drawing(pattern, palette)
    return interlaced_drawing(pattern, palette)


def pattern_caption(pattern: Pattern) -> str:
    """A few words beside a drawing: 'P next to B', 'P over both B', 'P over+under B'."""
    if isinstance(pattern, AdjacentPattern):
        return f"{pattern.a} next to {pattern.b}"
    how = {"over": "over both", "under": "under both", "alternate": "over+under"}[pattern.relation]
    return f"{pattern.a} {how} {pattern.b}"


def _beside(drawing: list[Text], words: list[Text], width: int, gap: int = 2, least: int = 8) -> list[Text]:
    """Words to the right of a drawing, if ``least`` cells are left for them."""
    drawing_width = max(line.cell_len for line in drawing)
    room = width - drawing_width - gap
    lines = []
    for i, line in enumerate(drawing):
        out = line.copy()
        if room >= least and i < len(words):
            out.pad_right(drawing_width - line.cell_len + gap)
            word = words[i].copy()
            word.truncate(room, overflow="ellipsis")
            out.append_text(word)
        lines.append(out)
    return lines


class PatternCardView(StringPainter):
    """One Adjacent or Interlaced card: id, drawing, buttons. A click posts ``Clicked``."""

    DEFAULT_CSS = """
    PatternCardView {
        height: 6;
        border: round $border-blurred;
        border-title-color: $foreground;
        border-subtitle-color: $foreground;
        border-title-align: left;
        border-subtitle-align: left;
        &:hover { background: $boost; }
    }
    """

    class Clicked(Message):
        def __init__(self, card: PatternCardView, card_id: str):
            super().__init__()
            self.card, self.card_id = card, card_id

        @property
        def control(self) -> PatternCardView:
            return self.card

    def __init__(self, card_id: str, *, id: str | None = None):
        super().__init__(id=id)
        self.model = CardModel(card_id)
        self._set_titles()

    def show(self, model: CardModel) -> None:
        if model != self.model:
            self.model = model
            self._set_titles()
            self.refresh()

    def _set_titles(self) -> None:
        model = self.model
        # The key that places a button here stands out, reversed, before the id.
        key = f"[reverse]{model.key}[/] " if model.key is not None else ""
        self.border_title = f"{key}{model.card_id}"
        self.border_subtitle = card_subtitle(model, self.outer_size.width - 6)  # room inside the corners
        self.tooltip = card_tooltip(model)

    def on_resize(self) -> None:
        self._set_titles()

    def render(self) -> Text:
        pattern = PATTERN_CARDS[self.model.card_id].pattern
        words = [Text(w, style=self.palette().muted) for w in _caption_lines(pattern)]
        return Text("\n").join(_beside(pattern_drawing(pattern, self.palette()), words, self.content_size.width))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self, self.model.card_id))


def _caption_lines(pattern: Pattern) -> list[str]:
    """Words beside a card's drawing, line by line, when the card is wide enough."""
    if isinstance(pattern, AdjacentPattern):
        return ["", f"{pattern.a} next", f"to {pattern.b}"]
    if pattern.relation == "alternate":
        return ["", f"{pattern.a} over one", f"under one {pattern.b}"]
    return ["", f"{pattern.a} {pattern.relation}", f"both {pattern.b}"]


def card_subtitle(model: CardModel, room: int) -> str:
    """'×3 ●A●B': how often the pattern is on your loom now, then the buttons on
    the card; squeezed to '×3●AB' (one glyph per run of the same shape) when
    the card is narrow."""
    full = f"×{model.count} " + "".join(model.buttons)
    if len(full) <= room or not model.buttons:
        return full.rstrip()
    squeezed, glyph = f"×{model.count}", ""
    for button in model.buttons:
        squeezed += button[1:] if button[0] == glyph else button
        glyph = button[0]
    return squeezed


def card_tooltip(model: CardModel) -> str:
    card = PATTERN_CARDS[model.card_id]
    text = f"{card.id}, {card.kind}: {card.label()}. Takes {card.shape} buttons. On your loom now: {model.count}."
    return text + (f" Press {model.key} or click to place your button here." if model.key is not None else "")


class SharedObjectiveView(StringPainter):
    """The Shared Objective: both its patterns, each ticked when on the seat's loom."""

    DEFAULT_CSS = """
    SharedObjectiveView {
        height: 6;
        border: round $border-blurred;
        border-title-color: $foreground;
        border-subtitle-color: $foreground-muted;
        border-title-align: left;
        border-subtitle-align: right;
        padding: 0 0 0 1;
    }
    """

    def __init__(self, shared_id: str, *, id: str | None = None):
        super().__init__(id=id)
        self.shared_id = shared_id
        self.present: tuple[bool, bool] = (False, False)
        self.border_title = f"Shared Objective {shared_id}"
        self.border_subtitle = f"{SHARED_OBJECTIVE_VP} VP for both"
        objective = SHARED_BY_ID[shared_id]
        self.tooltip = f"{shared_id}: {objective.label()}. {SHARED_OBJECTIVE_VP} VP when both are on your loom."

    def show(self, present: tuple[bool, bool]) -> None:
        if present != self.present:
            self.present = present
            self.refresh()

    def render(self) -> Text:
        palette = self.palette()
        adjacent, interlaced = SHARED_BY_ID[self.shared_id].patterns
        drawings = [pattern_drawing(adjacent, palette), pattern_drawing(interlaced, palette)]
        lines = [left.copy() for left in drawings[0]]
        for line, right in zip(lines, drawings[1]):
            line.pad_right(ADJACENT_WIDTH + 2 - line.cell_len)
            line.append_text(right)
        words = [
            Text(f"{'✓' if there else '✗'} {pattern_caption(pattern)}", style=palette.muted)
            for pattern, there in zip((adjacent, interlaced), self.present)
        ]
        words += [Text(""), Text("✓: on your loom", style=palette.muted)]
        return Text("\n").join(_beside(lines, words, self.content_size.width))
