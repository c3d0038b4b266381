"""The middle of the table: needle holders with their pencils, patches, the bag and the bonus chain."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.quilt.data import HOLDER_CAPACITY

from ..models import CentreFace
from .colours import Palette, QuiltPainter
from .sheet import fitted

HOLDERS_TOP = 2  # the first holder's line


def centre_lines(face: CentreFace, palette: Palette = Palette()) -> list[Text]:
    lines = []
    head = Text(f"Round {face.round} · first ", palette.label)
    head.append(face.first_player, "bold")
    head.append(" · bag ", palette.label)
    for pencil, count in face.bag:
        head.append(f"{pencil}{count} ", palette.of(pencil) if count else palette.muted)
    lines.append(head)

    patches = Text("Patches ", palette.label)
    for name, colour in face.patches:
        patches.append(name)
        patches.append(f"■{colour}" if colour else "–", palette.of(colour) if colour else palette.muted)
        patches.append(" ")
    if face.phase == "patches":
        patches.append("· free ", palette.label)
        for colour in face.free_patches:
            patches.append(colour, palette.of(colour))
    lines.append(patches)

    for holder in face.holders:
        line = Text(f" {holder.number} [", "bold" if holder.mine else "")
        for colour in holder.pencils:
            line.append(f" {colour}", palette.of(colour))
        for colour in holder.spent:
            line.append(" ")
            line.append(colour, palette.muted + Style(strike=True))
        free = HOLDER_CAPACITY - len(holder.pencils) - len(holder.spent)
        line.append(" ·" * max(0, free), palette.muted)
        line.append(" ]")
        if holder.neutral:
            line.append(" neutral", palette.label)
        elif holder.owner:
            line.append(f" {holder.owner}" + (" (yours)" if holder.mine else ""), "bold" if holder.mine else "")
        lines.append(line)

    if face.drawn:
        drawn = Text("Drawn: ", palette.next)
        drawn.append(face.drawn, palette.of(face.drawn))
        drawn.append(" → put it on a needle holder")
        lines.append(drawn)
    if face.chain:
        chain = Text("Bonus: ", palette.next)
        chain.append(face.chain[0], "bold")
        for colour in face.chain_pencils:
            chain.append(f" {colour}", palette.of(colour))
        for later in face.chain[1:]:
            chain.append(f" ← then {later}", palette.label)
        lines.append(chain)
    return lines


class CentrePanel(QuiltPainter):
    """The centre of the table. Clicking a holder posts ``HolderClicked``."""

    DEFAULT_CSS = """
    CentrePanel { height: auto; width: 1fr; margin-top: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class HolderClicked(Message):
        def __init__(self, holder: int):
            super().__init__()
            self.holder = holder

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.face = CentreFace()

    def show(self, face: CentreFace) -> None:
        if face != self.face:
            self.face = face
            self.refresh(layout=True)

    def _lines(self, width: int, palette: Palette = Palette()) -> list[tuple[Text, int | None]]:
        """Each line broken to ``width`` (nothing cut off), with the holder it shows, if one."""
        out: list[tuple[Text, int | None]] = []
        for number, line in enumerate(centre_lines(self.face, palette)):
            holder = number - HOLDERS_TOP if 0 <= number - HOLDERS_TOP < len(self.face.holders) else None
            out += [(part, holder) for part in fitted(line, width)]
        return out

    def render(self) -> Text:
        text = Text("\n").join(line for line, _ in self._lines(self.content_size.width, self.palette()))
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def on_click(self, event: events.Click) -> None:
        lines = self._lines(self.content_size.width)
        holder = lines[event.y][1] if 0 <= event.y < len(lines) else None
        if holder is not None:
            self.post_message(self.HolderClicked(holder))
