"""The other studios, as far as the rules show them, with the running public score.

A row that does not fit the board goes on under itself, so nothing is cut off.
"""

from __future__ import annotations

from rich.text import Text

from threadbox.rules.threaded.data import equipment_short

from ..models import Scene
from .ink import EMPTY, FittedWidget, Inks, threads_text
from .studio import packed

INDENT = "    "  # under the seat's tag


def draw_others(table: Scene, inks: Inks, width: int = 0) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    first = True
    for studio in table.studios:
        if studio.seat == table.me:
            continue
        if not first:
            text.append("\n")
        first = False
        row = Text()
        row.append(f"{table.tags[studio.seat]}", inks.seat(studio.seat) + inks.label)
        row.append("①" if studio.first else " ", inks.label)
        row.append("L[", inks.label)
        row.append_text(threads_text(inks, studio.needle))
        row.append(EMPTY * (6 - len(studio.needle)), inks.muted)
        row.append("]R [", inks.label)
        row.append_text(threads_text(inks, studio.basket))
        row.append(EMPTY * max(0, 4 - len(studio.basket)), inks.muted)
        row.append("]", inks.label)
        row.append(f" made {len(studio.made)} +{studio.public_points}")
        rest = [Text(f"hand {len(studio.hand)}", inks.muted), Text(f"{len(studio.commissions)} comm", inks.muted)]
        rest += [Text("eq " + equipment_short(c), inks.muted) for c in studio.equipment]
        if studio.held:
            rest.append(Text("E:") + threads_text(inks, studio.held))
        if studio.incoming:
            rest.append(Text("new:") + threads_text(inks, studio.incoming))
        if studio.to_move:
            rest.append(Text("◀", inks.now))
        tail = packed("", rest, 0, inks)
        if not width or len(row.plain) + 3 + len(tail.plain) <= width:
            text.append_text(row + Text(" · ") + tail)
        else:  # the rest under the row, as many to a line as fit
            text.append_text(row)
            text.append("\n")
            text.append_text(packed(INDENT, rest, width, inks))
    return text


class OtherStudios(FittedWidget):
    """One line per other seat (two when narrow): needle, basket, made tapestries (+ thread points), cards."""

    def draw_at(self, model: Scene, inks: Inks, width: int) -> Text:
        return draw_others(model, inks, width)
