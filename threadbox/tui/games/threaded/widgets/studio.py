"""A studio: the needle (6 slots, left and right ends), the basket (4), equipment, cards, assistants.

Your own studio shows your commissions and tapestries in hand; another seat's
shows only how many it holds (``Studio.hand`` holds "?" for those).
"""

from __future__ import annotations

from rich.text import Text

from threadbox.rules.threaded.data import BASKET_SIZE, COMMISSION, NEEDLE_SIZE, TAPESTRY, equipment_short

from ..models import PATTERN_SHORT, Studio, Table
from .ink import Inks, ModelWidget, slots_text, threads_text


def needle_text(studio: Studio, inks: Inks) -> Text:
    text = Text()
    text.append("L▸", inks.label)
    text.append_text(slots_text(inks, studio.needle, NEEDLE_SIZE))
    text.append("◂R", inks.label)
    return text


def basket_text(studio: Studio, inks: Inks) -> Text:
    text = Text()
    text.append_text(slots_text(inks, studio.basket, max(BASKET_SIZE, len(studio.basket))))
    if len(studio.basket) > BASKET_SIZE:
        text.append(f" {len(studio.basket)}/{BASKET_SIZE}!", inks.now)
    return text


def header(studio: Studio, table: Table, inks: Inks) -> Text:
    text = Text()
    text.append(studio.name, inks.seat(studio.seat) + inks.label)
    if studio.first:
        text.append(" ①", inks.label)
    text.append(f" {'●' * studio.home}{'○' * (studio.assistants - studio.home)}", inks.muted)
    text.append(f" made {len(studio.made)} · threads +{studio.public_points}", inks.muted)
    if studio.to_move:
        text.append(" ◀ deciding", inks.now)
    return text


def tapestries_text(cards: tuple[str, ...], makeable: tuple[str, ...], inks: Inks, per_line: int = 3) -> Text:
    """Tapestries as id, pattern and colours, ``per_line`` to a line; a ✓ on those the needle can make now."""
    text = Text()
    if not cards:
        text.append("none", inks.muted)
    for i, card in enumerate(cards):
        t = TAPESTRY[card]
        if i:
            text.append("\n     " if i % per_line == 0 else " · ")
        text.append(f"{card} {PATTERN_SHORT[t.pattern]} ")
        text.append_text(threads_text(inks, t.colours))
        if card in makeable:
            text.append(" ✓", inks.now)
    return text


def commission_text(card: str, inks: Inks) -> Text:
    """What a commission asks, short: "5 per flame", "5 per B+Y" (the colours in colour)."""
    c = COMMISSION[card]
    text = Text(f"{c.points} per ")
    if c.kind == "pattern":
        text.append(c.needs[0])
    else:
        text.append_text(threads_text(inks, c.needs, "+"))
    return text


def draw_studio(table: Table, inks: Inks) -> Text:
    if table.me is None:  # a spectator (or a replay seen by no seat) has no studio of its own
        return Text("Watching: every studio is shown with the others.", style=inks.muted)
    studio = table.studio(table.me)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append_text(header(studio, table, inks))
    text.append("\nNeedle ", inks.label)
    text.append_text(needle_text(studio, inks))
    text.append("  Basket ", inks.label)
    text.append_text(basket_text(studio, inks))
    if studio.incoming:
        text.append("\nNew threads to place: ", inks.now)
        text.append_text(threads_text(inks, studio.incoming, " "))
    if studio.held:
        text.append("\nTaken at Ends & Odds: ", inks.label)
        text.append_text(threads_text(inks, studio.held, " "))
    text.append("\nHand ", inks.label)
    text.append_text(tapestries_text(studio.hand, studio.makeable, inks))
    text.append("\nCommissions ", inks.label)
    for i, card in enumerate(studio.commissions):
        if i:
            text.append(" · ")
        text.append_text(commission_text(card, inks))
    text.append("\nEquipment ", inks.label)
    text.append(
        ", ".join(equipment_short(c) for c in studio.equipment) or "none", "" if studio.equipment else inks.muted
    )
    text.append("\nMade ", inks.label)
    text.append_text(tapestries_text(studio.made, (), inks))
    return text


class StudioBoard(ModelWidget):
    """Your studio, in full."""

    def draw(self, model: Table, inks: Inks) -> Text:
        return draw_studio(model, inks)
