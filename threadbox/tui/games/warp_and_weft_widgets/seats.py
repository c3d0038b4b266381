"""Another seat at the table: its loom drawn small, its public strings, its state."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from threadbox.rules.warp_and_weft.loom import Loom

from .loom import MINI_HEIGHT, MINI_WIDTH, mini_loom_lines
from .strings import Palette, StringPainter


@dataclass(frozen=True)
class SeatFace:
    """``doing``: a few words on where the seat stands ("has chosen",
    "choosing", "weaving R"); ``hand`` / ``picks``: its strings, public."""

    name: str
    tag: str
    loom: Loom
    total: int = 0
    doing: str = ""
    hand: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()


def _strings(label: str, letters: tuple[str, ...], palette: Palette) -> Text:
    line = Text(label, style=palette.muted)
    for letter in letters:
        line.append(letter, palette.of(letter))
    return line


def seat_lines(face: SeatFace, palette: Palette = Palette()) -> list[Text]:
    title = Text(f"{face.name} ({face.tag})", style="bold")
    title.append(f" {face.total} VP", style=palette.label)
    lines = [title, Text(face.doing, style=palette.muted), *mini_loom_lines(face.loom, palette)]
    strings = Text()
    if face.hand:
        strings.append_text(_strings("hand ", face.hand, palette))
    if face.picks:
        strings.append(" " if face.hand else "")
        strings.append_text(_strings("picked ", face.picks, palette))
    lines.append(strings)
    return lines


class SeatLoom(StringPainter):
    """One seat's loom, small, with its name, score and strings."""

    DEFAULT_CSS = f"""
    SeatLoom {{
        width: {MINI_WIDTH + 2};
        height: {MINI_HEIGHT + 3};
        margin: 0 1 1 0;
    }}
    """

    def __init__(self, face: SeatFace, *, id: str | None = None):
        super().__init__(id=id)
        self.face = face

    def show(self, face: SeatFace) -> None:
        if face != self.face:
            self.face = face
            self.refresh()

    def render(self) -> Text:
        lines = seat_lines(self.face, self.palette())
        for line in lines:
            line.truncate(self.content_size.width or MINI_WIDTH + 2, overflow="ellipsis")
        return Text("\n").join(lines)
