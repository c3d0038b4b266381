"""The seat's strings: the hand in the draft, the picked strings, the buttons left."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.warp_and_weft.data import COLOUR_NAMES

from .strings import SHAPE_GLYPH, Palette, StringPainter

STRING = "━━━"


@dataclass(frozen=True)
class HandFace:
    """What the seat's string panel shows.

    ``keys``: option number per colour that can be picked now (draft);
    ``chosen``: the seat's own secret pick, until the reveal; ``selected``:
    the colour under the weaving cursor; ``weaving``: the string on the loom
    now; ``buttons_left``: the shapes of the buttons not placed yet;
    ``pending_button``: where the seat's own button went, until the reveal.
    """

    hand: tuple[str, ...] = ()
    keys: tuple[tuple[str, int], ...] = ()
    passed_from: str | None = None
    chosen: str | None = None
    picks: tuple[str, ...] = ()
    selected: str | None = None
    weaving: str | None = None
    buttons_left: tuple[str, ...] = ()
    pending_button: str | None = None


def _string_line(mark: str, letter: str, palette: Palette, width: int) -> Text:
    line = Text(f"{mark:<2}")
    line.append(STRING, palette.of(letter))
    line.append(f" {letter}", palette.of(letter))
    name = COLOUR_NAMES[letter]
    if line.cell_len + 1 + len(name) <= width:
        line.append(f" {name}", palette.muted)
    return line


def hand_lines(face: HandFace, palette: Palette = Palette(), width: int = 20) -> list[tuple[Text, str | None]]:
    """(line, colour the line stands for) for the panel, top to bottom."""
    keys = dict(face.keys)
    lines: list[tuple[Text, str | None]] = []

    def heading(text: str) -> None:
        lines.append((Text(text, style="bold"), None))

    if face.hand:
        heading(f"From {face.passed_from}" if face.passed_from else "Hand")
        numbered: set[str] = set()
        for letter in face.hand:
            key = keys.get(letter) if letter not in numbered else None
            numbered.add(letter)
            lines.append((_string_line(str(key) if key else "", letter, palette, width), letter))
    if face.chosen:
        heading("Secret pick")
        lines.append((_string_line("", face.chosen, palette, width), face.chosen))
    if face.weaving:
        heading("Weaving")
        lines.append((_string_line("▶", face.weaving, palette, width), face.weaving))
    if face.picks:
        heading("To weave" if face.weaving or face.selected else "Picked")
        marked = face.weaving is not None  # one ▶: on the loom, or under the cursor
        for letter in face.picks:
            mark = "▶" if letter == face.selected and not marked else ""
            marked = marked or bool(mark)
            lines.append((_string_line(mark, letter, palette, width), letter))
    if face.buttons_left or face.pending_button:
        lines.append((Text(""), None))
        heading("Buttons")
        lines.append((Text(" ".join(SHAPE_GLYPH[shape] for shape in face.buttons_left) or "none"), None))
    if face.pending_button:
        heading("Secret pick")
        lines.append((Text(face.pending_button), None))
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
        self.face = HandFace()
        self._colours: list[str | None] = []

    def show(self, face: HandFace) -> None:
        if face != self.face:
            self.face = face
            self.refresh()

    def _lines(self) -> list[tuple[Text, str | None]]:
        return hand_lines(self.face, self.palette(), self.content_size.width or 20)

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
