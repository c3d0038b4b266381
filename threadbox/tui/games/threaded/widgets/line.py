"""The tapestry line (5 face-up cards with the threads lying on them), scraps, bag and decks."""

from __future__ import annotations

from rich.text import Text

from ..models import PATTERN_SHORT, Scene
from .ink import FittedWidget, Inks, threads_text

ONE_A_ROW = 40  # design choice: under this width two cards with threads on them do not fit a row


def draw_line(table: Scene, inks: Inks, width: int = 0) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("Line ", inks.label)
    per_row = 1 if width and width < ONE_A_ROW else 2
    for i, card in enumerate(table.line):
        if i and i % per_row == 0:  # two to a row (one on the narrowest board): every card shown whole
            text.append("\n     ")
        text.append(f"{card.position + 1}:", inks.label)
        text.append(f"{card.card} {PATTERN_SHORT[card.pattern]} ")
        text.append_text(threads_text(inks, card.colours))
        if card.threads:
            text.append(" +")
            text.append_text(threads_text(inks, card.threads))
        text.append("  ")
    decks = table.decks
    text.append(f"deck {decks['tapestries']}", inks.muted)
    scraps = Text("Scraps ", inks.label)
    scraps.append_text(threads_text(inks, table.scraps) if table.scraps else Text("empty", inks.muted))
    scraps.append(f"  bag {table.bag}", inks.muted)
    pools = (
        f"decks: comm {decks['commissions']}, equip {decks['equipment']} (discards {len(table.discards['equipment'])})"
    )
    fits = not width or len(scraps.plain) + 3 + len(pools) <= width
    text.append("\n")
    text.append_text(scraps)
    text.append(" · " if fits else "\n  ", inks.muted)
    text.append(pools, inks.muted)
    return text


class TapestryLine(FittedWidget):
    """The 5 tapestries of the line (position, id, pattern, colours, threads on it) and the pools."""

    def draw_at(self, model: Scene, inks: Inks, width: int) -> Text:
        return draw_line(model, inks, width)
