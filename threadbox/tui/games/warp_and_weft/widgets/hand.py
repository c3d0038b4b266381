"""The seat's strings: the hand in the draft, the picked strings, the buttons left."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.warp_and_weft.data import COLOUR_NAMES

from ..models import SHAPE_GLYPH, HandModel
from .strings import Palette, StringPainter

STRING = "━━━"


def _string_line(mark: str, letter: str, palette: Palette, width: int) -> Text:
    line = Text(f"{mark:<2}")
    line.append(STRING, palette.of(letter))
    line.append(f" {letter}", palette.of(letter))
    name = COLOUR_NAMES[letter]
    if line.cell_len + 1 + len(name) <= width:
        line.append(f" {name}", palette.muted)
    return line


def hand_lines(model: HandModel, palette: Palette = Palette(), width: int = 20) -> list[tuple[Text, str | None]]:
    """(line, colour the line stands for) for the panel, top to bottom."""
    keys = dict(model.keys)
    lines: list[tuple[Text, str | None]] = []

    def heading(text: str) -> None:
        lines.append((Text(text, style="bold"), None))

    if model.hand:
        heading(f"From {model.passed_from}" if model.passed_from else "Hand")
        numbered: set[str] = set()
        for letter in model.hand:
            key = keys.get(letter) if letter not in numbered else None
            numbered.add(letter)
            lines.append((_string_line(str(key) if key else "", letter, palette, width), letter))
    if model.chosen:
        heading("Secret pick")
        lines.append((_string_line("", model.chosen, palette, width), model.chosen))
    if model.weaving:
        heading("Weaving")
        lines.append((_string_line("▶", model.weaving, palette, width), model.weaving))
    if model.picks:
        heading("To weave" if model.weaving or model.selected else "Picked")
        marked = model.weaving is not None  # one ▶: on the loom, or under the cursor
        for letter in model.picks:
            mark = "▶" if letter == model.selected and not marked else ""
            marked = marked or bool(mark)
            lines.append((_string_line(mark, letter, palette, width), letter))
    if model.buttons_left or model.pending_button:
        lines.append((Text(""), None))
        heading("Buttons")
        lines.append((Text(" ".join(SHAPE_GLYPH[shape] for shape in model.buttons_left) or "none"), None))
    if model.pending_button:
        heading("Secret pick")
        lines.append((Text(model.pending_button), None))
    if model.on_cards:
        heading("On cards")
        for card, pattern in model.on_cards:
            lines.append((Text(card), None))
            lines.append((Text(f"  {pattern}", style=palette.muted), None))
    return lines


class HandView(StringPainter):
    """The hand (draft) or the picked strings (weaving), buttons left below.

    A click on a string posts ``StringClicked`` with its colour.
    """

    DEFAULT_CSS = """
    HandView {
        width: 1fr;
        min-width: 11;
        max-width: 24;
        height: 1fr;
        padding: 0 0 0 1;
    }
    """

    class StringClicked(Message):
        def __init__(self, hand: HandView, colour: str):
            super().__init__()
            self.hand, self.colour = hand, colour

        @property
        def control(self) -> HandView:
            return self.hand

    def __init__(self, *, id: str | None = None):
        super().__init__(id=id)
        self.model = HandModel()
        self._colours: list[str | None] = []

    def show(self, model: HandModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh()

    def _lines(self) -> list[tuple[Text, str | None]]:
        return hand_lines(self.model, self.palette(), self.content_size.width or 20)

    def render(self) -> Text:
        lines = self._lines()
        self._colours = [colour for _, colour in lines]
        for line, _ in lines:
            line.truncate(self.content_size.width, overflow="ellipsis")  # one line each: clicks map to colours
        return Text("\n").join(line for line, _ in lines) if lines else Text("")

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and 0 <= offset.y < len(self._colours):
            colour = self._colours[offset.y]
            if colour is not None:
                self.post_message(self.StringClicked(self, colour))
