"""The six shops in visiting order: each queue (spots, who stands where) and what it offers.

The face-up equipment at B is listed under its row, each card with what it
does: in full where the board is wide enough, in a few words where it is not.
"""

from __future__ import annotations

from textwrap import wrap

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..models import SHORT_SHOP, CardWords, Scene
from .ink import EMPTY, FittedWidget, Inks, threads_text

FULL_TEXT_WIDTH = 56  # design choice: from here a card's whole effect is shown, over two lines if need be


def card_lines(card: CardWords, width: int, lead: Text, inks: Inks) -> list[Text]:
    """``lead`` then the card: its id, its shop, and its effect in full if there is room, else in brief."""
    head = lead.copy()
    head.append(f"{card.card} ({card.shop}) ", inks.label)
    room = width - cell_len(head.plain)
    if cell_len(card.full) <= room:
        return [head + Text(card.full)]
    if width >= FULL_TEXT_WIDTH:
        parts = wrap(card.full, max(10, room)) or [""]
        pad = " " * cell_len(head.plain)
        return [head + Text(parts[0])] + [Text(pad + part) for part in parts[1:]]
    return [head + Text(card.short)]


def draw_shops(table: Scene, inks: Inks, width: int = 0) -> Text:
    lines: list[Text] = []
    spots = max(max(row.spots, len(row.queue)) for row in table.shops)
    for row in table.shops:
        marker = "▶" if row.current else " "
        text = Text()
        text.append(f"{marker}{row.letter} {SHORT_SHOP[row.letter]:<8}", inks.now if row.current else inks.label)
        for spot in range(spots):
            if spot < len(row.queue):
                seat = row.queue[spot]
                style = inks.seat(seat) + (inks.mine if seat == table.me else inks.seat(seat))
                text.append(table.tags[seat], style)
                text.append("*" if row.extra[spot] else " ")
            elif spot < row.spots:
                text.append(f"{EMPTY:<4}", inks.muted)
            else:
                text.append("    ")
        text.append("│ ", inks.muted)
        if row.letter in ("D", "E"):
            text.append_text(threads_text(inks, row.threads) if row.threads else Text("none", inks.muted))
            if row.letter == "E":
                text.append(f" box {table.box_inside}", inks.muted)
            lines.append(text)
        else:
            room = width - cell_len(text.plain) if width else 1000
            offer = row.offer if cell_len(row.offer) <= room or not row.short else row.short
            ink: Style | str = inks.muted if row.letter in ("A", "F") else ""
            if cell_len(offer) <= room:
                lines.append(text + Text(offer, ink))
            else:  # too narrow for the offer beside the queue: it goes under it
                lines += [text, Text("   " + offer, ink)]
        for card in row.cards:
            lines += card_lines(card, width or 1000, Text("   "), inks)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append_text(Text("\n").join(lines))
    return out


class ShopBoard(FittedWidget):
    """Shops A-F: queues (``*`` marks the extra-assistant card) and offers, B's cards with their effects."""

    def draw_at(self, model: Scene, inks: Inks, width: int) -> Text:
        return draw_shops(model, inks, width)
