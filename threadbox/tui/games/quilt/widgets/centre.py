"""The middle of the table: needle holders with their pencils, patches, the bag and the bonus chain."""

from __future__ import annotations

from dataclasses import replace

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message

from threadbox.rules.quilt.data import HOLDER_CAPACITY

from ..cursor import BAG, Spot
from ..models import CentreFace
from .colours import Palette, QuiltPainter
from .sheet import bracket, fitted_parts

HOLDERS_TOP = 2  # the first holder's line


def table_lines(face: CentreFace, palette: Palette = Palette()) -> list[Text]:
    return [line for line, _ in table_parts(face, palette)]


def table_parts(face: CentreFace, palette: Palette = Palette()) -> list[tuple[Text, list[tuple[Spot, int, int]]]]:
    """Each line of the table with the spots on it (where a click or the cursor finds them)."""
    lines: list[tuple[Text, list[tuple[Spot, int, int]]]] = []
    head = Text(f"Round {face.round} · first ", palette.label)
    head.append(face.first_player, "bold")
    head.append(" · ", palette.label)
    bag = [(BAG, head.cell_len, head.cell_len + 3)]
    head.append("bag ", palette.label)
    for pencil, count in face.bag:
        head.append(f"{pencil}{count} ", palette.of(pencil) if count else palette.muted)
    lines.append((head, bag))

    patches = Text("Patches ", palette.label)
    free: list[tuple[Spot, int, int]] = []
    for name, colour in face.patches:
        patches.append(name)
        patches.append(f"■{colour}" if colour else "–", palette.of(colour) if colour else palette.muted)
        patches.append(" ")
    if face.phase == "patches":
        patches.append("· free", palette.label)
        for colour in face.free_patches:
            patches.append(" ")
            free.append((Spot("patch", colour), patches.cell_len, patches.cell_len + 1))
            patches.append(colour, palette.of(colour))
    lines.append((patches, free))

    for index, holder in enumerate(face.holders):
        line = Text(f" {holder.number} [", "bold" if holder.mine else "")
        spots = [(Spot("holder", index), 1, 1 + len(str(holder.number)))]
        for colour in holder.pencils:
            line.append(" ")
            if index == face.neutral:
                spots.append((Spot("neutral", colour), line.cell_len, line.cell_len + 1))
            line.append(colour, palette.of(colour))
        for colour in holder.spent:
            line.append(" ")
            line.append(colour, palette.muted + Style(strike=True))
        free_room = HOLDER_CAPACITY - len(holder.pencils) - len(holder.spent)
        line.append(" ·" * max(0, free_room), palette.muted)
        line.append(" ]")
        if holder.neutral:
            line.append(" neutral", palette.label)
        elif holder.owner:
            line.append(f" {holder.owner}" + (" (yours)" if holder.mine else ""), "bold" if holder.mine else "")
        lines.append((line, spots))

    if face.drawn:
        drawn = Text("Drawn: ", palette.next)
        drawn.append(face.drawn, palette.of(face.drawn))
        drawn.append(" → put it on a needle holder")
        lines.append((drawn, []))
    if face.chain:
        chain = Text("Bonus: ", palette.next)
        chain.append(face.chain[0], "bold")
        for colour in face.chain_pencils:
            chain.append(f" {colour}", palette.of(colour))
        for later in face.chain[1:]:
            chain.append(f" ← then {later}", palette.label)
        lines.append((chain, []))
    return lines


def first_of(spots: list[tuple[Spot, int, int]], spot: Spot) -> tuple[int, int] | None:
    """The first place ``spot`` is drawn on a line (a colour may be twice on the neutral holder)."""
    return next(((start, end) for s, start, end in spots if s == spot), None)


class CentrePanel(QuiltPainter):
    """The table. Clicking a holder, a free patch, the bag or a neutral pencil posts ``SpotClicked``."""

    DEFAULT_CSS = """
    CentrePanel { height: auto; width: 1fr; margin-top: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class SpotClicked(Message):
        """A thing on the table was clicked: a needle holder, a pencil on the neutral holder, a patch, the bag."""

        def __init__(self, spot: Spot):
            super().__init__()
            self.spot = spot

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.face = CentreFace()
        self._plain: tuple[tuple[CentreFace, int], list[tuple[Text, list[tuple[Spot, int, int]]]]] | None = None

    def show(self, face: CentreFace) -> None:
        if face != self.face:
            layout = replace(face, cursor=None) != replace(self.face, cursor=None)  # the cursor only restyles
            self.face = face
            self.refresh(layout=layout)

    def _lines(
        self, width: int, palette: Palette = Palette(), face: CentreFace | None = None
    ) -> list[tuple[Text, list[tuple[Spot, int, int]]]]:
        """Each line broken to ``width`` (nothing cut off), with the spots on that part, the cursor marked."""
        out: list[tuple[Text, list[tuple[Spot, int, int]]]] = []
        face = face or self.face
        cursor = face.cursor
        for line, spots in table_parts(face, palette):
            for part, offset in fitted_parts(line, width):
                here = [(s, a - offset, b - offset) for s, a, b in spots if offset <= a < offset + part.cell_len]
                span = first_of(here, cursor) if cursor is not None else None
                out.append((bracket(part, span, palette, arrow=cursor is not None and cursor.kind == "holder"), here))
        return out

    def _plain_lines(self, width: int) -> list[tuple[Text, list[tuple[Spot, int, int]]]]:
        """``_lines`` without colours or the cursor, kept while the table and the width stay
        (for the height, clicks and the cursor's line: the cursor moves none of them)."""
        key = (replace(self.face, cursor=None), width)
        if self._plain is None or self._plain[0] != key:
            self._plain = (key, self._lines(width, face=key[0]))
        return self._plain[1]

    def spot_line(self, spot: Spot) -> int | None:
        """The line ``spot`` is drawn on (for scrolling it into view)."""
        for y, (_, spots) in enumerate(self._plain_lines(self.content_size.width)):
            if any(s == spot for s, _, _ in spots):
                return y
        return None

    def render(self) -> Text:
        text = Text("\n").join(line for line, _ in self._lines(self.content_size.width, self.palette()))
        text.no_wrap, text.overflow = True, "ellipsis"
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._plain_lines(width))

    def on_click(self, event: events.Click) -> None:
        lines = self._plain_lines(self.content_size.width)
        spots = lines[event.y][1] if 0 <= event.y < len(lines) else []
        if not spots:
            return
        holders = [s for s, _, _ in spots if s.kind == "holder"]
        hit = next((s for s, start, end in spots if start - 1 <= event.x <= end), None)
        if hit is None or (hit.kind == "neutral" and self.face.phase != "colouring"):
            hit = holders[0] if holders else None
        if hit is not None:
            self.post_message(self.SpotClicked(hit))
