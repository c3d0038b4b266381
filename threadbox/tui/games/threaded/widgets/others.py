"""The other studios, as far as the rules show them, with the running public score."""

from __future__ import annotations

from rich.text import Text

from ..models import Table
from .ink import EMPTY, Inks, ModelWidget, threads_text


def draw_others(table: Table, inks: Inks) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    first = True
    for studio in table.studios:
        if studio.seat == table.me:
            continue
        if not first:
            text.append("\n")
        first = False
        style = inks.seat(studio.seat)
        text.append(f"{table.tags[studio.seat]}", style + inks.label)
        text.append("①" if studio.first else " ", inks.label)
        text.append("L[", inks.label)
        text.append_text(threads_text(inks, studio.needle))
        text.append(EMPTY * (6 - len(studio.needle)), inks.muted)
        text.append("]R [", inks.label)
        text.append_text(threads_text(inks, studio.basket))
        text.append(EMPTY * max(0, 4 - len(studio.basket)), inks.muted)
        text.append("]", inks.label)
        text.append(f" made {len(studio.made)} +{studio.public_points}")
        text.append(f" · hand {len(studio.hand)} · {len(studio.commissions)} comm", inks.muted)
        if studio.equipment:
            text.append(" eq " + ",".join(studio.equipment), inks.muted)
        if studio.held:
            text.append(" E:")
            text.append_text(threads_text(inks, studio.held))
        if studio.incoming:
            text.append(" new:")
            text.append_text(threads_text(inks, studio.incoming))
        if studio.to_move:
            text.append(" ◀", inks.now)
    return text


class OtherStudios(ModelWidget):
    """One line per other seat: needle, basket, made tapestries (+ thread points), card counts."""

    def draw(self, model: Table, inks: Inks) -> Text:
        return draw_others(model, inks)
