"""The six shops in visiting order: each queue (spots, who stands where) and what it offers."""

from __future__ import annotations

from rich.text import Text

from ..models import SHORT_SHOP, Table
from .ink import EMPTY, Inks, ModelWidget, threads_text


def draw_shops(table: Table, inks: Inks) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    width = max(max(row.spots, len(row.queue)) for row in table.shops)
    for i, row in enumerate(table.shops):
        if i:
            text.append("\n")
        marker = "▶" if row.current else " "
        head = f"{marker}{row.letter} {SHORT_SHOP[row.letter]:<8}"
        text.append(head, inks.now if row.current else inks.label)
        for spot in range(width):
            if spot < len(row.queue):
                seat = row.queue[spot]
                tag = table.tags[seat]
                style = inks.seat(seat) + (inks.mine if seat == table.me else inks.seat(seat))
                text.append(tag, style)
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
        else:
            text.append(row.offer, inks.muted if row.letter in ("A", "F") else "")
    return text


class ShopBoard(ModelWidget):
    """Shops A-F: queues (``*`` marks the extra-assistant card) and offers."""

    def draw(self, model: Table, inks: Inks) -> Text:
        return draw_shops(model, inks)
