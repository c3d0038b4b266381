"""The final score on the board: every seat's commissions, what each asks and brought, and threads left.

Shown only once the game is over, when the rules reveal every commission; one
block per seat, side by side when the board is wide enough.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size

from ..models import FinalScore, Scene
from .ink import Inks, ModelWidget
from .studio import commission_text, tapestries_text

GAP = 3  # columns between two seats' blocks


def seat_block(table: Scene, final: FinalScore, inks: Inks) -> list[Text]:
    """The lines of one seat: total, each commission with its points, threads left, tapestries made."""
    studio = table.studio(final.seat)
    head = Text()
    head.append(studio.name, inks.seat(final.seat) + inks.label)
    if final.seat == table.me:
        head.append(" (you)", inks.muted)
    head.append(f" {final.total} points")
    if final.winner:
        head.append(" ★ wins", inks.now)
    lines = [head]
    for c in final.commissions:
        line = Text("  ")
        line.append(f"{c.card} ", inks.label)
        line.append_text(commission_text(c.card, inks))
        line.append(f" · {c.matching} made = ", inks.muted)
        line.append(str(c.points))
        lines.append(line)
    if not final.commissions:
        lines.append(Text("  no commissions", inks.muted))
    lines.append(Text.assemble("  threads left = ", str(studio.public_points), style=inks.muted))
    made = Text("  Made ", inks.label)
    made.append_text(tapestries_text(studio.made, (), inks))
    lines.extend(made.split("\n", allow_blank=True))
    return lines


def final_lines(table: Scene, inks: Inks, width: int) -> list[Text]:
    """The title, then the seats' blocks, as many to a row as ``width`` holds."""
    title = Text("Final score, every commission revealed", inks.label)
    blocks = [seat_block(table, f, inks) for f in table.final]
    if not blocks:
        return []
    block_width = max(cell_len(line.plain) for block in blocks for line in block)
    per_row = max(1, min(len(blocks), (width + GAP) // (block_width + GAP)))
    lines = [title]
    for start in range(0, len(blocks), per_row):
        row = blocks[start : start + per_row]
        for i in range(max(len(b) for b in row)):
            line = Text()
            for j, block in enumerate(row):
                part = block[i] if i < len(block) else Text()
                if j < len(row) - 1:
                    part = part.copy()
                    part.pad_right(block_width + GAP - cell_len(part.plain))
                line.append_text(part)
            lines.append(line)
    return lines


class FinalScores(ModelWidget):
    """Every seat's commissions and score at the end (hidden while the game runs)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not isinstance(self.model, Scene):
            return 0
        return len(final_lines(self.model, Inks(), width))

    def draw(self, model: Scene, inks: Inks) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(final_lines(model, inks, self.content_size.width)):
            if i:
                text.append("\n")
            text.append_text(line)
        return text
