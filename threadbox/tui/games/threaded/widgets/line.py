"""The tapestry line (5 face-up cards with the threads lying on them), scraps, bag and decks."""

from __future__ import annotations

from rich.text import Text

from ..models import PATTERN_SHORT, Table
from .ink import Inks, ModelWidget, threads_text


def draw_line(table: Table, inks: Inks) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("Line ", inks.label)
    for i, card in enumerate(table.line):
        if i in (2, 4):  # two to a row: a narrow board still shows every card
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
    text.append("\nScraps ", inks.label)
    text.append_text(threads_text(inks, table.scraps) if table.scraps else Text("empty", inks.muted))
    text.append(
        f"  bag {table.bag} · decks: comm {decks['commissions']}, equip {decks['equipment']}"
        f" (discards {len(table.discards['equipment'])})",
        inks.muted,
    )
    return text


class TapestryLine(ModelWidget):
    """The 5 tapestries of the line (position, id, pattern, colours, threads on it) and the pools."""

    def draw(self, model: Table, inks: Inks) -> Text:
        return draw_line(model, inks)
