"""Every seat's running score and part in this round; a click looks at that seat's sheet."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ..models import SeatLine
from .palette import Palette

SHOWN = "▸"  # marks the seat whose sheet is the big one


class SeatList(Palette):
    """One line per seat: ``▸Name  12 drew``; the seats still to decide are highlighted.

    Clicking a line posts ``SeatList.Picked``.
    """

    DEFAULT_CSS = "SeatList { height: auto; }"

    # A new layout only when seats come or go: laying out again repaints the whole board.
    seats: reactive[tuple[SeatLine, ...]] = reactive(())

    def watch_seats(self, old: tuple[SeatLine, ...], new: tuple[SeatLine, ...]) -> None:
        if len(old) != len(new):
            self.refresh(layout=True)

    class Picked(Message):
        def __init__(self, seat_list: SeatList, seat: int):
            super().__init__()
            self.seat_list = seat_list
            self.seat = seat

        @property
        def control(self) -> SeatList:
            return self.seat_list

    def render(self) -> Text:
        text = Text()
        status_w = max((len(s.status) for s in self.seats), default=0)
        # Names take what is left, up to a point, so scores stay near them.
        name_w = min(max(3, self.size.width - 6 - status_w), 16)
        for line in self.seats:
            if text:
                text.append("\n")
            click = Style(meta={"@click": f"pick({line.seat})"})
            text.append(SHOWN if line.shown else " ", self.ink("tc--on") + click)
            name = line.name + (" (you)" if line.you and len(line.name) + 6 <= name_w else "")
            text.append(f"{name[:name_w]:<{name_w}}", self.ink("tc--title" if line.you else "") + click)
            text.append(f"{line.score:>4} ", self.ink("tc--title") + click)
            text.append(line.status, self.ink("tc--next" if line.deciding else "tc--label") + click)
        return text

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.seats)

    def action_pick(self, seat: int) -> None:
        self.post_message(self.Picked(self, seat))
