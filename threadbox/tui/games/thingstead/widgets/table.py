"""Both players' boards (supplies, locked Elders, running score, powers in words),
the seat's own hand, the face-up row and the deck."""

from __future__ import annotations

from rich.text import Text

from threadbox.rules.thingstead.data import LOCKS_TO_END

from ..models import TableModel
from .colours import SEAT_CLASSES, ThingsteadWidget


class TablePanel(ThingsteadWidget):
    DEFAULT_CSS = """
    TablePanel { width: 1fr; height: auto; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: TableModel | None = None

    def show(self, model: TableModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh(layout=True)

    def render(self) -> Text:
        model = self.model
        out = Text()
        if model is None:
            return out
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        for panel in model.seats:
            you = " (you)" if panel.seat == model.me else ""
            out.append(f"{panel.letter}: {panel.name}{you}\n", self.ink(SEAT_CLASSES[panel.seat]))
            out.append(
                f" supply {panel.supply} · general {panel.general} · on Elders {panel.on_elders}\n"
                f" locked {panel.locked}/{LOCKS_TO_END} · Elder points {panel.elder_points} · hand {panel.hand}\n"
            )
            for words in panel.powers:
                out.append(f" ✦ {words}\n")
            if not panel.powers:
                out.append(" no clan powers\n", muted)
        out.append("Your hand\n" if model.me is not None else "Hands are secret\n", title)
        for place, card in enumerate(model.hand, start=1):
            out.append(f" {place} {card}\n")  # the place is the card's key
        out.append("Face-up row", title)
        out.append(f" · deck {model.deck} · played {model.discard}\n", muted)
        for card in model.row:
            out.append(f" {card}\n")
        if not model.row:
            out.append(" empty\n", muted)
        out.rstrip()
        return out
