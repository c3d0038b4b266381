"""A studio: the needle (6 slots, left and right ends), the basket (4), equipment, cards, assistants.

Your own studio shows your commissions and tapestries in hand; another seat's
shows only how many it holds (``Studio.hand`` holds "?" for those).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from threadbox.rules.threaded.data import BASKET_SIZE, COMMISSION, NEEDLE_SIZE, TAPESTRY

from ..models import PATTERN_SHORT, Scene, Studio, card_words
from .ink import FittedWidget, Inks, slots_text, threads_text
from .shops import card_lines


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


def header(studio: Studio, scene: Scene, inks: Inks) -> Text:
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


def packed(label: str, items: list[Text], width: int, inks: Inks, gap: str = " · ") -> Text:
    """``label`` then the items, as many to a line as ``width`` holds, the others under them."""
    text = Text(label, inks.label)
    pad = " " * len(label)
    used = len(label)
    for i, item in enumerate(items):
        size = cell_len(item.plain)
        if i and width and used + len(gap) + size > width:
            text.append("\n" + pad)
            used = len(pad)
        elif i:
            text.append(gap)
            used += len(gap)
        text.append_text(item)
        used += size
    return text


def score_items(scene: Scene, studio: Studio, inks: Inks) -> list[Text]:
    """Each own commission with what it is worth now ("5 per S+G =5")."""
    worth = dict(scene.score.commissions) if scene.score is not None else {}
    items = []
    for card in studio.commissions:
        item = commission_text(card, inks)
        if card in worth:
            item.append(f" ={worth[card]}", inks.now if worth[card] else inks.muted)
        items.append(item)
    return items


def draw_studio(scene: Scene, inks: Inks, width: int = 0) -> Text:
    if scene.me is None:  # a spectator (or a replay seen by no seat) has no studio of its own
        return Text("Watching: every studio is shown with the others.", style=inks.muted)
    studio = scene.studio(scene.me)
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append_text(header(studio, scene, inks))
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
    text.append("\n")
    text.append_text(packed("Commissions ", score_items(scene, studio, inks), width, inks))
    if scene.score is not None:
        score = scene.score
        worth = sum(points for _, points in score.commissions)
        text.append("\nScore now ", inks.label)
        text.append(str(score.total), inks.now)
        text.append(f" = commissions {worth} + threads {score.threads}", inks.muted)
    if not studio.equipment:
        text.append("\nEquipment ", inks.label)
        text.append("none", inks.muted)
    for i, card in enumerate(studio.equipment):
        lead = Text("Equipment " if i == 0 else " " * 10, inks.label)
        for line in card_lines(card_words(card), width or 1000, lead, inks):
            text.append("\n")
            text.append_text(line)
    text.append("\nMade ", inks.label)
    text.append_text(tapestries_text(studio.made, (), inks))
    return text


class StudioBoard(FittedWidget):
    """Your studio, in full, with what your commissions are worth now."""

    def draw_at(self, model: Scene, inks: Inks, width: int) -> Text:
        return draw_studio(model, inks, width)
